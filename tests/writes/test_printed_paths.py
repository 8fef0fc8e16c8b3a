"""File names are untrusted too: format, export, new and import print them escaped.

Inside GitHub Actions a raw newline followed by ``::error`` in a printed file name became a
live annotation; elsewhere control characters reached the terminal as they were.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from writes_support import SMALL, run_cli, write_untidy

EVIL = "evil%25,x:y\n::error file=README.md,line=1::Injected annotation\n"


def _assert_no_command(output: str) -> None:
    for line in output.splitlines():
        assert not line.lstrip().startswith("::"), f"a workflow command was printed: {line!r}"


def _check(output: str, in_actions: bool) -> None:
    _assert_no_command(output)
    assert "Injected annotation" in output  # the name is shown, escaped, not dropped
    assert "x:y\\n::error" in output  # the newline shown as \n, on the same line
    assert ("evil%2525," if in_actions else "evil%25,") in output


@pytest.fixture(params=[True, False], ids=["github-actions", "terminal"])
def in_actions(request: pytest.FixtureRequest) -> bool:
    return bool(request.param)


def _env(in_actions: bool) -> dict[str, str]:
    return {"GITHUB_ACTIONS": "true"} if in_actions else {}


def test_format_check_and_write_escape_file_names(tmp_path: Path, in_actions: bool) -> None:
    write_untidy(tmp_path / f"{EVIL}.realm.json")
    check = run_cli("format", "--check", tmp_path, env=_env(in_actions))
    assert check.returncode == 1
    _check(check.stdout + check.stderr, in_actions)
    diff = run_cli("format", "--diff", tmp_path, env=_env(in_actions))
    assert diff.returncode == 1
    _check(diff.stdout + diff.stderr, in_actions)
    write = run_cli("format", tmp_path, env=_env(in_actions))
    assert write.returncode == 0
    _check(write.stdout + write.stderr, in_actions)


def test_export_escapes_file_names(tmp_path: Path, in_actions: bool) -> None:
    source = tmp_path / f"{EVIL}.realm.json"
    shutil.copy(SMALL, source)
    result = run_cli("export", source, "--players", "3", "--to", "smawg",
                     env=_env(in_actions))
    assert result.returncode == 0, result.stderr
    _check(result.stdout + result.stderr, in_actions)
    refused = run_cli("export", source, "--to", "smawg", "-o", "-", env=_env(in_actions))
    assert refused.returncode == 2
    _check(refused.stderr, in_actions)


def test_new_and_import_escape_file_names(tmp_path: Path, in_actions: bool) -> None:
    out = tmp_path / f"{EVIL}.realm.json"
    new = run_cli("new", "-o", out, env=_env(in_actions))
    assert new.returncode == 0, new.stderr
    _check(new.stdout + new.stderr, in_actions)
    again = run_cli("new", "-o", out, env=_env(in_actions))
    assert again.returncode == 2
    _check(again.stderr, in_actions)
    engine = tmp_path / "board.engine.json"
    assert run_cli("export", SMALL, "--players", "3", "--to", "engine",
                   "-o", engine).returncode == 0
    imported = run_cli("import", engine, "--from", "engine", "-o", tmp_path / f"{EVIL}.b.json",
                       env=_env(in_actions))
    assert imported.returncode == 0, imported.stderr
    _check(imported.stdout + imported.stderr, in_actions)


def test_load_errors_escape_the_file_name(tmp_path: Path, in_actions: bool) -> None:
    """An invalid file's one-line error starts with its (hostile) name."""
    bad = tmp_path / f"{EVIL}.realm.json"
    bad.write_text('{"format_version": 1, "title": "x"', encoding="utf-8")
    for args in (("format", "--check", tmp_path), ("derive", bad),
                 ("export", bad, "--to", "smawg")):
        result = run_cli(*args, env=_env(in_actions))
        assert result.returncode == 2, (args, result.stderr)
        _check(result.stdout + result.stderr, in_actions)
