"""The GitHub Action's script, run as the composite action runs it, in a simulated
``GITHUB_ACTIONS=true`` job: exit status, annotations, outputs and the step summary.

The script runs with this interpreter and the checkout on PYTHONPATH (tests/install/test_wheel.py
proves the installed wheel; here it is the action's own logic), so no build is needed."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

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
    assert "findings: 1 error, 0 warnings, 0 notices." in summary, summary


def test_format_check_annotates_files_to_reformat(outside: Path,
                                                  messy: Path) -> None:
    code, stdout, outputs, summary = run_action(outside, paths=f"'{messy.name}'",
                                                format="true")
    assert code == 1, stdout
    assert outputs == {"lint-exit-code": "0", "format-exit-code": "1"}
    # The comma would end the file property: it is escaped as GitHub requires.
    assert "::error file=odd%2Cname.realm.json,title=realms format::" in stdout
    assert "1 file would be reformatted." in summary


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


# --- every failure path writes outputs, a summary and an annotation ------------------------

def test_a_missing_path_is_annotated_and_the_rest_checked(outside: Path) -> None:
    code, stdout, outputs, summary = run_action(outside,
                                                paths="broken.realm.json nope.realm.json")
    assert code == 2, stdout
    assert outputs == {"lint-exit-code": "2", "format-exit-code": "skipped"}
    assert re.search(r"^::error title=realms lint::nope\.realm\.json: no such file or folder$",
                     stdout, re.MULTILINE), stdout
    # broken.realm.json was linted all the same
    assert re.search(r"^::error file=broken\.realm\.json,", stdout, re.MULTILINE), stdout
    assert "Not everything was checked** (exit 2): nope.realm.json: no such file or folder" \
        in summary, summary


def test_a_bad_fail_on_still_writes_outputs_and_summary(outside: Path) -> None:
    code, stdout, outputs, summary = run_action(outside, fail_on="bogus")
    assert code == 2
    assert outputs == {"lint-exit-code": "2", "format-exit-code": "skipped"}
    assert re.search(r"^::error title=realms-studio action::fail-on must be one of error, "
                     r"warning, info, not 'bogus'$", stdout, re.MULTILINE), stdout
    assert "Nothing was checked" in summary


def test_format_that_cannot_read_a_file_is_annotated(outside: Path) -> None:
    code, stdout, outputs, summary = run_action(outside, paths="clean.realm.json gone.realm.json",
                                                format="true")
    assert code == 2, stdout
    assert outputs["format-exit-code"] == "2"
    assert re.search(r"^::error title=realms format::.*gone\.realm\.json", stdout,
                     re.MULTILINE), stdout
    assert "could not check every file" in summary


def test_a_failed_install_writes_outputs_and_an_annotation(outside: Path) -> None:
    """The install step (no ``check``): pip cannot find the version asked for."""
    output, summary = outside.parent / "github_output", outside.parent / "step_summary"
    env = clean_env(GITHUB_ACTIONS="true", GITHUB_OUTPUT=str(output),
                    GITHUB_STEP_SUMMARY=str(summary), REALMS_VENV=str(outside.parent / "venv"),
                    REALMS_VERSION="0.0.0.dev0",
                    REALMS_PIP_ARGS=f"--no-index --find-links {outside.parent}")
    result = subprocess.run([sys.executable, str(SCRIPT)], cwd=outside, env=env,
                            capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "::error title=realms-studio action::could not install realms-studio" in result.stdout
    assert output.read_text("utf-8") == "lint-exit-code=2\nformat-exit-code=skipped\n"
    assert "Nothing was checked" in summary.read_text("utf-8")


# --- the venv's layout on each runner system -----------------------------------------------

def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("action_run", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(("runner_os", "venv", "python", "realms"), [
    ("Linux", "/home/runner/work/_temp/realms-studio-venv",
     "/home/runner/work/_temp/realms-studio-venv/bin/python",
     "/home/runner/work/_temp/realms-studio-venv/bin/realms"),
    ("macOS", "/Users/runner/work/_temp/realms-studio-venv",
     "/Users/runner/work/_temp/realms-studio-venv/bin/python",
     "/Users/runner/work/_temp/realms-studio-venv/bin/realms"),
    ("Windows", r"D:\a\_temp\realms-studio-venv",
     r"D:\a\_temp\realms-studio-venv\Scripts\python.exe",
     r"D:\a\_temp\realms-studio-venv\Scripts\realms.exe"),
])
def test_venv_paths_on_each_runner_system(monkeypatch: pytest.MonkeyPatch, runner_os: str,
                                          venv: str, python: str, realms: str) -> None:
    script = _script()
    temp = venv.rsplit("\\" if runner_os == "Windows" else "/", 1)[0]
    monkeypatch.setenv("RUNNER_OS", runner_os)
    monkeypatch.setenv("RUNNER_TEMP", temp)
    monkeypatch.delenv("REALMS_VENV", raising=False)
    windows = script.is_windows()
    assert windows is (runner_os == "Windows")
    where = script.venv_path(windows)
    assert str(where) == venv
    assert str(script.venv_python(where, windows)) == python
    folder = script.venv_scripts(where, windows)
    assert str(script.console_script(folder, "realms", windows)) == realms


def test_without_runner_os_the_interpreter_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    script = _script()
    monkeypatch.delenv("RUNNER_OS", raising=False)
    assert script.is_windows() is (os.name == "nt")


def test_the_script_names_no_fixed_venv_layout() -> None:
    code = SCRIPT.read_text(encoding="utf-8")
    assert '"bin" / "python"' not in code and "venv / \"bin\"" not in code


# --- the summary counts findings only; globs; one annotation per unreadable file ----------

def test_the_summary_counts_only_findings_with_plurals(outside: Path) -> None:
    """A missing path is lint's own step-level error (``::error title=realms lint::``): it
    used to be counted with the findings ("4 errors" for 3)."""
    broken = json.loads((outside / "broken.realm.json").read_text(encoding="utf-8"))
    broken["boards"][0]["tiles"][1]["rotation"] = 7
    broken["boards"][0]["tiles"][2]["rotation"] = 8
    (outside / "three.realm.json").write_text(json.dumps(broken), encoding="utf-8")
    code, stdout, _, summary = run_action(outside, paths="three.realm.json nope.realm.json")
    assert code == 2, stdout
    findings = re.findall(r"^::error file=", stdout, re.MULTILINE)
    assert len(findings) == 3 and "::error title=realms lint::" in stdout, stdout
    assert "findings: 3 errors, 0 warnings, 0 notices." in summary, summary
    assert not re.search(r"\.\.\s*$", summary, re.MULTILINE), summary  # no "exit 1.."


def test_paths_may_hold_globs(outside: Path) -> None:
    (outside / "deep" / "er").mkdir(parents=True)
    (outside / "deep" / "er" / "b.realm.json").write_text(
        (outside / "broken.realm.json").read_text(encoding="utf-8"), encoding="utf-8")
    code, stdout, _, summary = run_action(outside, paths="'*.realm.json' deep/**/*.json")
    assert code == 1, stdout
    annotated = set(re.findall(r"^::error file=([^,]+),", stdout, re.MULTILINE))
    assert annotated == {"broken.realm.json", "deep/er/b.realm.json"}, stdout
    assert "findings: 2 errors" in summary and "Not everything" not in summary, summary


def test_a_glob_that_matches_nothing_is_an_error_not_a_finding(outside: Path) -> None:
    code, stdout, outputs, summary = run_action(outside,
                                                paths="clean.realm.json 'nothing/*.json'")
    assert code == 2, stdout
    assert outputs["lint-exit-code"] == "0"  # what matched was linted, and is clean
    assert re.search(r"^::error title=realms-studio action::paths: nothing/\*\.json matches "
                     r"no file$", stdout, re.MULTILINE), stdout
    assert "findings: 0 errors, 0 warnings, 0 notices." in summary, summary
    assert "paths: nothing/*.json matches no file." in summary, summary


def test_a_json_syntax_error_is_annotated_per_file(outside: Path) -> None:
    (outside / "cut.realm.json").write_text('{"title": ', encoding="utf-8")
    (outside / "other.realm.json").write_text('{"title": 1', encoding="utf-8")
    code, stdout, outputs, _ = run_action(
        outside, paths="cut.realm.json other.realm.json", format="true")
    assert code == 2 and outputs["format-exit-code"] == "2", stdout
    for name in ("cut.realm.json", "other.realm.json"):
        assert re.search(rf"^::error file={re.escape(name)},line=1,col=\d+,title=realms "
                         r"format::invalid JSON", stdout, re.MULTILINE), stdout
    assert "::error title=realms format::" not in stdout, stdout  # no merged annotation


def test_paths_without_a_scenario_say_nothing_was_linted(outside: Path) -> None:
    """A folder holding no scenario file passed green with "0 errors", its warning on
    stderr only."""
    (outside / "empty").mkdir()
    code, stdout, outputs, summary = run_action(outside, paths="empty")
    assert code == 0 and outputs["lint-exit-code"] == "0", stdout
    assert re.search(r"^::warning title=realms lint::no \*\.realm\.json or \*\.engine\.json "
                     r"file under paths: empty; nothing was linted$", stdout, re.MULTILINE), stdout
    assert "**Nothing was linted**" in summary, summary


def test_a_broken_settings_file_is_annotated_at_its_line(outside: Path) -> None:
    (outside / "realms.toml").write_text("[lint]\nignore = [\n", encoding="utf-8")
    code, stdout, _outputs, _summary = run_action(outside, paths="clean.realm.json")
    assert code == 2, stdout
    assert re.search(r"^::error file=[^,]*realms\.toml,line=3,col=1,title=realms lint::"
                     r"invalid TOML", stdout, re.MULTILINE), stdout
