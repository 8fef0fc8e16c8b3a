"""Whole-file problems (special files, size, folders, links, permissions, missing files)
get one clear line naming the file and what to do, and never hang."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from untrusted_support import no_traceback, run_cli, small_scenario, write_json

from editor.model.errors import LoadError
from editor.model.jsonio import read_json_text
from editor.model.limits import MAX_FILE_BYTES

COMMANDS = [["lint"], ["derive"], ["format", "--check"], ["export", "--to", "smawg"]]
posix_only = pytest.mark.skipif(sys.platform == "win32", reason="FIFOs and /dev are POSIX")


def _special(kind: str, tmp_path: Path) -> Path:
    path = tmp_path / f"x-{kind}.realm.json"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "fifo-link":
        os.mkfifo(tmp_path / "pipe")
        path.symlink_to(tmp_path / "pipe")
    else:  # a link named like a scenario to an endless device
        path.symlink_to(f"/dev/{kind}")
    return path


@posix_only
@pytest.mark.parametrize("kind", ["fifo", "fifo-link", "zero", "urandom"])
@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_special_files_are_refused_without_hanging(kind: str, command: list[str],
                                                   tmp_path: Path) -> None:
    path = _special(kind, tmp_path)
    result = run_cli(*command, path, timeout=30)  # a hang raises TimeoutExpired
    no_traceback(result)
    assert result.returncode == 2, result.stdout + result.stderr
    what = "a FIFO (named pipe)" if kind.startswith("fifo") else "a character device"
    lines = (result.stdout + result.stderr).splitlines()
    assert any(line.startswith(str(path)) and f" is {what}, not a regular file; " in line
               for line in lines), lines


@posix_only
def test_reading_a_fifo_in_process_is_refused(tmp_path: Path) -> None:
    path = _special("fifo", tmp_path)
    with pytest.raises(LoadError, match="is a FIFO"):
        read_json_text(path)


def test_size_message_shows_size_and_limit_apart(tmp_path: Path) -> None:
    path = tmp_path / "big.realm.json"
    with path.open("wb") as handle:
        handle.truncate(MAX_FILE_BYTES + 1)
    with pytest.raises(LoadError) as caught:
        read_json_text(path)
    assert caught.value.message == (
        "file is 10,485,761 bytes, over the 10,485,760-byte (10 MiB) limit")
    assert caught.value.path == str(path)
    path.write_bytes(b" " * MAX_FILE_BYTES)  # exactly at the limit: read (then found empty)
    assert len(read_json_text(path)) == MAX_FILE_BYTES


def _missing(tmp_path: Path) -> Path:
    return tmp_path / "missing.realm.json"


def _folder(tmp_path: Path) -> Path:
    path = tmp_path / "folder.realm.json"
    path.mkdir()
    return path


def _loop(tmp_path: Path) -> Path:
    path = tmp_path / "loop.realm.json"
    path.symlink_to(path)
    return path


def _unreadable(tmp_path: Path) -> Path:
    path = write_json(tmp_path / "locked.realm.json", small_scenario())
    path.chmod(0)
    return path


WHOLE_FILE = [
    (_missing, "file not found", "check the path"),
    (_folder, "is a folder, not a file", "name a file inside it"),
    (_loop, "is a symbolic link that loops back on itself", "point the link at a real file"),
    (_unreadable, "permission denied", "make the file readable"),
]


@pytest.mark.parametrize(("make", "says", "fix"), WHOLE_FILE, ids=lambda v: getattr(
    v, "__name__", "")[1:] or None)
def test_whole_file_messages_name_the_file_and_the_fix(
        make: Callable[[Path], Path], says: str, fix: str, tmp_path: Path) -> None:
    path = make(tmp_path)
    if make is _unreadable and os.geteuid() == 0:
        pytest.skip("root reads every file")
    for command in (["derive"], ["format", "--check"]):
        result = run_cli(*command, path)
        no_traceback(result)
        assert result.returncode == 2
        assert f"{path}: {says}; {fix}" in result.stdout + result.stderr
    with pytest.raises(LoadError) as caught:
        read_json_text(path)
    assert caught.value.message == says and caught.value.hint.startswith(fix)


def test_comments_and_trailing_commas_at_their_spot(tmp_path: Path) -> None:
    good = write_json(tmp_path / "good.realm.json", small_scenario())
    text = good.read_text(encoding="utf-8")
    commented = text.replace('  "title"', '  // a note\n  "title"', 1)
    trailing = text.replace('"max": 3', '"max": 3,', 1)
    for name, body, says in (("c", commented, "JSON allows no comments"),
                             ("t", trailing, "JSON allows no trailing comma")):
        path = tmp_path / f"{name}.realm.json"
        path.write_text(body, encoding="utf-8")
        offset = body.index("// a note") if name == "c" else body.index("3,") + 1
        line = body.count("\n", 0, offset) + 1
        column = offset - (body.rfind("\n", 0, offset) + 1) + 1
        for command in (["lint"], ["derive"]):
            result = run_cli(*command, path)
            assert f"{path}:{line}:{column}: " in result.stdout + result.stderr
            assert says in result.stdout + result.stderr


def test_permission_wording_when_running_as_root_too() -> None:
    """The permission case above is skipped as root (root reads anything); the wording is
    still pinned here through the one function that turns open/stat errors into messages."""
    import errno

    from editor.model.jsonio import _os_error

    denied = _os_error("x.realm.json", PermissionError(errno.EACCES, "Permission denied"))
    assert (denied.message, denied.hint) == (
        "permission denied", "make the file readable for this user (e.g. chmod a+r)")
    looped = _os_error("x.realm.json", OSError(errno.ELOOP, "Too many levels"))
    assert looped.message == "is a symbolic link that loops back on itself"
    other = _os_error("x.realm.json", OSError(errno.EIO, "Input/output error"))
    assert other.message == "cannot read file: Input/output error"
    assert all(e.path == "x.realm.json" and e.hint for e in (denied, looped, other))
