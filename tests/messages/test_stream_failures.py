"""Every command whose standard output fails says so in one line and exits 2 (issue 27, 5).

Real streams only: ``/dev/full`` (every write fails with ENOSPC), a descriptor closed
before the start (the shell's ``>&-``), and a pipe whose reader has gone (EPIPE). Never a
traceback, never exit 0 or 1 for output that did not arrive.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
HIGHLAND = REPO / "scenarios" / "highland-crossing.realm.json"
TILES = REPO / "editor" / "data" / "tiles.json"
NOISE = ("Traceback", "Exception ignored", "Error:", "Errno")
H = str(HIGHLAND)

# Each command writes to standard output.
COMMANDS: dict[str, tuple[str, ...]] = {
    "derive": ("derive", H, "--players", "3"),
    "derive-all": ("derive", H),
    "derive-graphml": ("derive", H, "--format", "graphml"),
    "lint-clean": ("lint", H),
    "lint-json": ("lint", "--format", "json", "{bad}"),
    "lint-sarif": ("lint", "--format", "sarif", "{bad}"),
    "lint-github": ("lint", "--format", "github", "{bad}"),
    "format-diff": ("format", "--diff", "{ugly}"),
    "site": ("site", str(REPO / "scenarios" / "booklet"), "-o", "{tmp}/site"),
    "export-smawg": ("export", H, "--to", "smawg", "--players", "3", "-o", "-"),
    "export-png": ("export", H, "--to", "png", "--players", "3", "-o", "-"),
    "balance": ("balance", H),
    "playtest": ("playtest", H, "--players", "3", "--games", "2", "--seed", "1"),
    "catalogue-check-json": ("catalogue", "check", "--format", "json", str(TILES)),
    "new": ("new", "-o", "{tmp}/new.realm.json"),
    "generate": ("generate", "--players", "2", "--seed", "1", "-o", "{tmp}/g.realm.json"),
    "edit-help": ("edit", "--help"),
    "realise-help": ("realise", "--help"),
    "import-help": ("import", "--help"),
    "clean-help": ("clean", "--help"),
    "migrate-help": ("migrate", "--help"),
    "lsp-help": ("lsp", "--help"),
    "rule": ("rule", "--all"),
    "help": ("--help",),
    "lint-help": ("lint", "--help"),
    "version": ("--version",),
}


def _inputs(tmp_path: Path) -> dict[str, str]:
    """A file with findings, a file that needs reformatting, and a scratch folder."""
    data = json.loads(HIGHLAND.read_text(encoding="utf-8"))
    for tile in data["boards"][0]["tiles"]:
        tile["tile"] = tile["tile"].lower()  # schema errors (uppercase letters required)
    bad = tmp_path / "bad.realm.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    ugly = tmp_path / "ugly.realm.json"
    ugly.write_text(json.dumps(json.loads(HIGHLAND.read_text(encoding="utf-8"))),
                    encoding="utf-8")
    return {"bad": str(bad), "ugly": str(ugly), "tmp": str(tmp_path)}


def _argv(name: str, tmp_path: Path) -> list[str]:
    values = _inputs(tmp_path)
    return [sys.executable, "-m", "editor", *(a.format(**values) for a in COMMANDS[name])]


def _env() -> dict[str, str]:
    return {**os.environ, "REALMS_NO_CACHE": "1"}


def assert_one_line(stderr: str, words: str) -> None:
    lines = [line for line in stderr.splitlines() if line.startswith("realms: ")]
    assert lines == [lines[0]] and words in lines[0], stderr
    assert not any(word in stderr for word in NOISE), stderr


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_full_disk_is_one_message_and_exit_2(name: str, tmp_path: Path) -> None:
    if name == "playtest" and importlib.util.find_spec("smawg") is None and not os.environ.get(
            "CI"):
        pytest.skip("playtest needs the smawg engine (the real-engine tests' rule: CI has it)")
    with open("/dev/full", "wb") as full:
        result = subprocess.run(_argv(name, tmp_path), stdout=full, stderr=subprocess.PIPE,
                                text=True, cwd=tmp_path, timeout=300, env=_env())
    assert result.returncode == 2, result.stderr
    assert_one_line(result.stderr, "no space left on device")


def _closed(fd: int, argv: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run ``argv`` with descriptor ``fd`` (1 or 2) closed, as the shell's ``N>&-``."""
    keep = 2 if fd == 1 else 1
    return subprocess.run(
        ["bash", "-c", f'"$@" {fd}>&- {keep}>"$REALMS_KEEP"', "bash", *argv],
        cwd=cwd, timeout=300, env={**_env(), "REALMS_KEEP": str(cwd / "kept.txt")},
        capture_output=True, text=True)


@pytest.mark.parametrize("name", ["derive", "lint-json", "site", "export-png", "version"])
def test_a_closed_stdout_is_one_message_and_exit_2(name: str, tmp_path: Path) -> None:
    result = _closed(1, _argv(name, tmp_path), tmp_path)
    assert result.returncode == 2
    assert_one_line((tmp_path / "kept.txt").read_text(encoding="utf-8"), "closed")
    assert not (tmp_path / "site").exists()  # refused before doing anything


@pytest.mark.parametrize("name", ["derive", "lint-json", "lint-clean"])
def test_a_closed_stderr_exits_2(name: str, tmp_path: Path) -> None:
    result = _closed(2, _argv(name, tmp_path), tmp_path)
    assert result.returncode == 2
    assert (tmp_path / "kept.txt").read_text(encoding="utf-8") == ""  # nothing half-done


def test_stderr_on_a_full_disk_exits_2(tmp_path: Path) -> None:
    with open("/dev/full", "wb") as full:
        result = subprocess.run([sys.executable, "-m", "editor", "derive",
                                 str(tmp_path / "missing.realm.json")],
                                stdout=subprocess.PIPE, stderr=full, timeout=300, env=_env())
    assert result.returncode == 2
    assert result.stdout == b""


@pytest.mark.parametrize("name", ["derive", "lint-json", "export-png", "balance"])
def test_a_reader_gone_changes_nothing_but_the_output(name: str, tmp_path: Path) -> None:
    """A closed pipe is the reader's choice (editor/cli/pipes.py): the status is the one
    the command gives with its output read, and nothing is said about the pipe."""
    argv = _argv(name, tmp_path)
    read = subprocess.run(argv, capture_output=True, cwd=tmp_path, timeout=300, env=_env())
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        result = subprocess.run(argv, stdout=write_end, stderr=subprocess.PIPE, text=True,
                                cwd=tmp_path, timeout=300, env=_env())
    finally:
        os.close(write_end)
    assert result.returncode == read.returncode, result.stderr
    assert "pipe" not in result.stderr and "Traceback" not in result.stderr, result.stderr


def test_every_command_has_a_full_disk_case() -> None:
    """A command added later gets a case here too (its name is the first argument)."""
    from editor.cli.main import SUBCOMMAND_MODULES

    names = {module.rpartition(".")[2].removeprefix("cmd_") for module in SUBCOMMAND_MODULES}
    assert names - {args[0] for args in COMMANDS.values()} == set()
