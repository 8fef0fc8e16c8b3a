"""The command line's front door: help, the Qt-free import promise, and ``realms new``.

Headless paths (lint, derive, exports, format) must never import PySide6: it
costs startup time and breaks on CI machines without Qt's system libraries.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import cli_runner
import pytest

from editor.cli.main import SUBCOMMAND_MODULES
from editor.model.scenario_io import load_scenario, scenario_text

REPO = Path(__file__).resolve().parent.parent

# Prints whether any PySide6 module was loaded by the code run before it.
QT_PROBE = (
    "import sys; "
    "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] == 'PySide6')))"
)


def run_cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``realms ARGS`` in this process (tests/cli_runner.py)."""
    return cli_runner.run_cli(*args, cwd=cwd or REPO, timeout=120)


def run_cli_process(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m editor ARGS`` in a fresh interpreter: the exit status a shell sees."""
    return subprocess.run([sys.executable, "-m", "editor", *args], capture_output=True,
                          text=True, cwd=cwd or REPO, timeout=120)


def run_python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=REPO, timeout=120)


def qt_modules_after(code: str) -> list[str]:
    result = run_python(f"import json\n{code}\n{QT_PROBE}")
    assert result.returncode == 0, result.stderr
    loaded: list[str] = json.loads(result.stdout.strip().splitlines()[-1])
    return loaded


def landed_subcommands() -> list[str]:
    """Subcommands whose module exists in this checkout (they land issue by issue)."""
    names = []
    for module in SUBCOMMAND_MODULES:
        if importlib.util.find_spec(module) is not None:
            names.append(module.rsplit(".", 1)[1].removeprefix("cmd_"))
    return names


def realms_script() -> str | None:
    beside = Path(sys.executable).with_name("realms")
    if beside.exists():
        return str(beside)
    return shutil.which("realms")


def listed_commands(help_text: str) -> set[str]:
    """Command names in argparse's list below the COMMAND heading."""
    names: set[str] = set()
    lines = help_text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip() == "COMMAND")
    for line in lines[start + 1:]:
        if not line.startswith("    "):
            break
        if line[4] != " ":  # deeper indents continue a wrapped description
            names.add(line.split()[0])
    return names


# --- help -------------------------------------------------------------------------------------

def test_help_lists_every_landed_subcommand() -> None:
    result = run_cli("--help")
    assert result.returncode == 0, result.stderr
    listed = listed_commands(result.stdout)
    expected = set(landed_subcommands())
    assert {"format", "new"} <= expected
    assert listed == expected


def test_realms_console_script_lists_the_same_subcommands() -> None:
    script = realms_script()
    if script is None:
        pytest.skip("the `realms` console script is not installed on PATH")
    result = subprocess.run([script, "--help"], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert listed_commands(result.stdout) == set(landed_subcommands())


def test_version_and_bare_command() -> None:
    version = run_cli_process("--version")
    assert version.returncode == 0
    assert version.stdout.startswith("realms-studio ")
    bare = run_cli_process()
    assert bare.returncode == 2
    assert "COMMAND" in bare.stdout


@pytest.mark.parametrize("command", landed_subcommands())
def test_every_subcommand_has_help(command: str) -> None:
    result = run_cli(command, "--help")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("usage: realms " + command)
    # argparse %-formats help strings but not descriptions ("95 %%" was printed as such),
    # and an installed wheel has no checkout folders to point at
    assert "%%" not in result.stdout, command
    assert "scenarios/templates" not in result.stdout, command


# --- no Qt on headless paths -------------------------------------------------------------------

def test_probe_sees_pyside6_when_it_is_imported() -> None:
    """Control: the probe below can fail (PySide6 is installed and detected)."""
    if importlib.util.find_spec("PySide6") is None:
        pytest.skip("PySide6 is not installed")
    assert "PySide6" in qt_modules_after("import PySide6")


def test_core_imports_load_no_pyside6() -> None:
    code = "import editor, editor.cli, editor.cli.main, editor.model.scenario_io"
    assert qt_modules_after(code) == []


def test_building_the_parser_loads_no_pyside6() -> None:
    """``realms --help`` imports every subcommand module: none may import Qt at module level."""
    code = "from editor.cli.main import build_parser\nbuild_parser()"
    assert qt_modules_after(code) == []


def test_format_check_run_loads_no_pyside6() -> None:
    code = (
        "import contextlib, io\n"
        "from editor.cli.main import main\n"
        "sink = io.StringIO()\n"
        "with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):\n"
        f"    main(['format', '--check', {str(REPO / 'scenarios')!r}])"
    )
    assert qt_modules_after(code) == []


# --- realms new --------------------------------------------------------------------------------

def test_new_writes_a_valid_canonical_blank_scenario(tmp_path: Path) -> None:
    out = tmp_path / "fresh.realm.json"
    result = run_cli("new", "-o", str(out))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    loaded = load_scenario(out)
    scenario = loaded.scenario
    assert (scenario.players_min, scenario.players_max) == (2, 6)
    assert [(b.id, b.kind, b.tiles) for b in scenario.boards] == [("surface", "surface", [])]
    assert scenario.sections["world"] == "surface"
    assert scenario_text(scenario) == out.read_text(encoding="utf-8")
    check = run_cli("format", "--check", str(out))
    assert check.returncode == 0, check.stdout + check.stderr


@pytest.mark.parametrize(
    ("world", "kinds"),
    [("surface", ["surface"]), ("underground", ["underground"]),
     ("both", ["surface", "underground"])],
)
def test_new_overrides_players_title_and_world(tmp_path: Path, world: str,
                                                kinds: list[str]) -> None:
    out = tmp_path / f"{world}.realm.json"
    result = run_cli("new", "-o", str(out), "--players", "3-5", "--world", world,
                     "--title", "Über the Hills")
    assert result.returncode == 0, result.stderr
    scenario = load_scenario(out).scenario
    assert scenario.title == "Über the Hills"
    assert scenario.player_counts == (3, 4, 5)
    assert [b.kind for b in scenario.boards] == kinds
    assert scenario.sections["world"] == world
    assert "Über" in out.read_text(encoding="utf-8")  # UTF-8 kept, not \u-escaped


def test_new_accepts_a_single_player_count(tmp_path: Path) -> None:
    out = tmp_path / "four.realm.json"
    assert run_cli("new", "-o", str(out), "--players", "4").returncode == 0
    assert load_scenario(out).scenario.player_counts == (4,)


def test_new_refuses_to_overwrite_without_force(tmp_path: Path) -> None:
    out = tmp_path / "mine.realm.json"
    out.write_text("my precious work\n", encoding="utf-8")
    refused = run_cli("new", "-o", str(out))
    assert refused.returncode == 2
    assert out.read_text(encoding="utf-8") == "my precious work\n"
    lines = refused.stderr.splitlines()
    assert len(lines) == 1 and str(out) in lines[0] and "--force" in lines[0]
    forced = run_cli("new", "-o", str(out), "--force", "--title", "Replaced")
    assert forced.returncode == 0, forced.stderr
    assert load_scenario(out).scenario.title == "Replaced"
    assert list(tmp_path.iterdir()) == [out]  # no temporary file left behind


@pytest.mark.parametrize("players", ["1-4", "2-7", "5-3", "two", "2-", "-3"])
def test_new_rejects_bad_player_ranges(tmp_path: Path, players: str) -> None:
    out = tmp_path / "bad.realm.json"
    result = run_cli("new", "-o", str(out), f"--players={players}")
    assert result.returncode == 2
    assert "--players" in result.stderr and "Traceback" not in result.stderr
    assert not out.exists()


def test_new_rejects_a_blank_title_and_a_folder_as_output(tmp_path: Path) -> None:
    blank = run_cli("new", "-o", str(tmp_path / "t.realm.json"), "--title", "   ")
    assert blank.returncode == 2 and "--title" in blank.stderr
    folder = run_cli("new", "-o", str(tmp_path))
    assert folder.returncode == 2
    assert folder.stderr.count("\n") == 1 and "is a folder" in folder.stderr
    assert list(tmp_path.iterdir()) == []


def test_new_into_a_missing_folder_is_one_clear_line(tmp_path: Path) -> None:
    out = tmp_path / "no" / "such" / "x.realm.json"
    result = run_cli("new", "-o", str(out))
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and str(out) in result.stderr
    assert "Traceback" not in result.stderr


def test_new_warns_about_a_name_that_folder_scans_would_miss(tmp_path: Path) -> None:
    out = tmp_path / "realm.json"
    result = run_cli("new", "-o", str(out))
    assert result.returncode == 0
    assert "does not end in .realm.json" in result.stderr
    assert load_scenario(out).scenario.title


def test_templates_are_named_as_cmd_new_expects() -> None:
    names = sorted(p.name for p in (REPO / "scenarios" / "templates").glob("*.realm.json"))
    assert names == ["blank-both.realm.json", "blank-surface.realm.json",
                     "blank-underground.realm.json"]
    for name in names:
        scenario = load_scenario(REPO / "scenarios" / "templates" / name).scenario
        assert scenario.player_counts == (2, 3, 4, 5, 6)
        assert all(not board.tiles for board in scenario.boards)


def test_subprocesses_run_this_checkout() -> None:
    """CLI runs use the interpreter under test and this checkout's code, not another install."""
    result = run_python("import sys, editor; print(sys.executable); print(editor.__file__)")
    executable, module_file = result.stdout.splitlines()
    assert os.path.samefile(executable, sys.executable)
    assert Path(module_file).resolve().is_relative_to(REPO)


def test_an_abbreviated_option_is_not_taken_for_the_full_one() -> None:
    """`--player 3` used to mean `--players 3` without a word (issue 29): now it is an unknown
    option with a suggestion, exit 2."""
    scenario = "scenarios/booklet/01-my-precious-world.realm.json"
    out = run_cli("lint", "--player", "3", scenario)
    assert out.returncode == 2
    assert "unrecognized arguments: --player" in out.stderr
    assert "did you mean --players?" in out.stderr


def test_a_choice_in_the_wrong_case_is_suggested() -> None:
    out = run_cli("export", "scenarios/booklet/01-my-precious-world.realm.json",
                  "--players", "2", "--to", "PNG", "-o", "x.png")
    assert out.returncode == 2
    assert "(did you mean 'png'?)" in out.stderr


def test_the_quickstart_screenshot_is_ignored_by_git() -> None:
    ignored = (REPO / ".gitignore").read_text(encoding="utf-8").splitlines()
    assert "realms-editor.png" in ignored


def test_format_of_a_missing_file_does_not_count_it_as_checked(tmp_path: Path) -> None:
    """Issue 29: `realms format nope.realm.json` said "1 file checked ... 1 invalid"."""
    out = run_cli("format", "nope.realm.json", cwd=tmp_path)
    assert out.returncode == 2
    assert "0 files checked, 0 reformatted, 1 not found" in out.stdout
    assert "file not found" in out.stderr
