"""The GitHub Action's script, run as the composite action runs it, in a simulated
``GITHUB_ACTIONS=true`` job: exit status, annotations, outputs and the step summary.

The script runs with this interpreter and the checkout on PYTHONPATH (tests/install/test_wheel.py
proves the installed wheel; here it is the action's own logic), so no build is needed."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from install_support import REPO, clean_env

SCRIPT = REPO / "scripts" / "action_run.py"


def run_action(cwd: Path, **inputs: str) -> tuple[int, str, dict[str, str],
                                                                      str]:
    """Exit status, stdout, $GITHUB_OUTPUT entries and $GITHUB_STEP_SUMMARY of one run."""
    output, summary = cwd.parent / "github_output", cwd.parent / "step_summary"
    for path in (output, summary):
        path.write_text("", encoding="utf-8")
    env = clean_env(GITHUB_ACTIONS="true", GITHUB_OUTPUT=str(output),
                    GITHUB_STEP_SUMMARY=str(summary), QT_QPA_PLATFORM="offscreen",
                    PYTHONPATH=str(REPO),
                    **{f"REALMS_{k.upper()}": v for k, v in inputs.items()})
    result = subprocess.run([sys.executable, str(SCRIPT), "check"], cwd=cwd, env=env,
                            capture_output=True, text=True, timeout=300, check=False)
    assert "Traceback" not in result.stderr, result.stderr
    values = dict(line.split("=", 1) for line in output.read_text("utf-8").splitlines())
    return result.returncode, result.stdout, values, summary.read_text("utf-8")


@pytest.fixture()
def messy(outside: Path) -> Path:
    """A valid scenario that is not in canonical form, with a comma in its name."""
    path = outside / "odd,name.realm.json"
    text = json.dumps(json.loads((outside / "clean.realm.json").read_text("utf-8")))
    path.write_text(text, encoding="utf-8")
    return path


def test_clean_files_pass(outside: Path) -> None:
    code, stdout, outputs, summary = run_action(outside, paths="clean.realm.json",
                                                format="true")
    assert code == 0, stdout
    assert outputs == {"lint-exit-code": "0", "format-exit-code": "0"}
    assert "::error" not in stdout
    assert "0 errors" in summary


def test_broken_file_fails_with_annotations(outside: Path) -> None:
    code, stdout, outputs, summary = run_action(outside,
                                                paths="clean.realm.json\nbroken.realm.json")
    assert code == 1, stdout
    assert outputs == {"lint-exit-code": "1", "format-exit-code": "skipped"}
    assert re.search(r"^::error file=broken\.realm\.json,line=\d+,col=\d+,title=S003::", stdout,
                     re.MULTILINE), stdout
    assert "1 errors" in summary


def test_format_check_annotates_files_to_reformat(outside: Path,
                                                  messy: Path) -> None:
    code, stdout, outputs, summary = run_action(outside, paths=f"'{messy.name}'",
                                                format="true")
    assert code == 1, stdout
    assert outputs == {"lint-exit-code": "0", "format-exit-code": "1"}
    # The comma would end the file property: it is escaped as GitHub requires.
    assert "::error file=odd%2Cname.realm.json,title=realms format::" in stdout
    assert "1 file(s) would be reformatted" in summary


def test_a_bad_fail_on_is_a_usage_error(outside: Path) -> None:
    code, stdout, _, _ = run_action(outside, fail_on="sometimes")
    assert code == 2
    assert "fail-on must be one of error, warning, info" in stdout


def test_action_yml_maps_every_input_to_the_script() -> None:
    action = yaml.safe_load((REPO / "action.yml").read_text(encoding="utf-8"))
    assert action["runs"]["using"] == "composite"
    assert set(action["inputs"]) == {"paths", "fail-on", "format", "version", "pip-args",
                                     "python-version"}
    step = action["runs"]["steps"][-1]
    assert "scripts/action_run.py" in step["run"]
    script = SCRIPT.read_text(encoding="utf-8")
    for name, value in step["env"].items():
        if name.startswith("REALMS_"):
            # Inputs reach the script through env only, never pasted into the shell line.
            assert value.startswith("${{ inputs.") and name in script
    assert "${{" not in step["run"]
