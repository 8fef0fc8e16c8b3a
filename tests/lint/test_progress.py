"""`realms lint` shows a progress line on a terminal, and only there.

The line goes to stderr when stderr is a terminal and at least PROGRESS_MIN_FILES files
are linted (editor/lint/runner.py). The terminal is a real pseudo-terminal (``os.openpty``)
given to a real ``realms lint`` process; nothing is patched.
"""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from lint_support import REPO, run_cli

from editor.lint.runner import PROGRESS_MIN_FILES

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")

SHIPPED = sorted((REPO / "scenarios" / "booklet").glob("*.realm.json"))[0]


def _copies(folder: Path, count: int) -> Path:
    folder.mkdir()
    for i in range(count):
        shutil.copyfile(SHIPPED, folder / f"copy-{i:02d}.realm.json")
    return folder


def _lint_on_a_terminal(*args: str) -> tuple[int, str]:
    """Run ``realms lint`` with stdout and stderr on a pseudo-terminal; all it wrote."""
    master, slave = os.openpty()
    try:
        proc = subprocess.Popen([sys.executable, "-m", "editor", "lint", *args], cwd=REPO,
                                stdin=subprocess.DEVNULL, stdout=slave, stderr=slave)
    finally:
        os.close(slave)  # the child holds its own copies: EOF comes when it exits
    chunks = []
    try:
        while True:
            try:
                chunk = os.read(master, 4096)
            except OSError as exc:  # Linux: EIO once the last slave descriptor is closed
                if exc.errno != errno.EIO:
                    raise
                break
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(master)
    return proc.wait(timeout=300), b"".join(chunks).decode("utf-8", "replace")


def test_progress_threshold_is_twenty_files() -> None:
    assert PROGRESS_MIN_FILES == 20


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_progress_line_on_a_terminal(jobs: str, tmp_path: Path) -> None:
    total = PROGRESS_MIN_FILES + 1
    folder = _copies(tmp_path / "realms", total)
    code, out = _lint_on_a_terminal("--jobs", jobs, str(folder))
    assert code == 0, out
    # Updated every ten files and at the end, each time from the start of the line...
    assert f"\rrealms lint: 10/{total} files" in out
    assert f"\rrealms lint: 20/{total} files" in out
    assert f"\rrealms lint: {total}/{total} files" in out
    # ...and wiped before the summary, so the terminal is left clean.
    assert out.index(f"{total}/{total} files\r\x1b[K") < out.index(
        f"All checks passed ({total} files).")


def test_no_progress_line_on_a_terminal_below_the_threshold(tmp_path: Path) -> None:
    count = PROGRESS_MIN_FILES - 1
    folder = _copies(tmp_path / "realms", count)
    code, out = _lint_on_a_terminal(str(folder))
    assert code == 0, out
    assert f"All checks passed ({count} files)." in out
    assert "realms lint:" not in out and "\x1b[K" not in out


def test_no_progress_line_without_a_terminal(tmp_path: Path) -> None:
    total = PROGRESS_MIN_FILES + 1
    folder = _copies(tmp_path / "realms", total)
    result = run_cli(str(folder))  # stdout and stderr are pipes
    assert result.returncode == 0, result.stderr
    assert f"All checks passed ({total} files)." in result.stdout
    assert "realms lint:" not in result.stderr and "files\r" not in result.stderr
    assert "\r" not in result.stdout + result.stderr
    assert "\x1b[K" not in result.stdout + result.stderr
