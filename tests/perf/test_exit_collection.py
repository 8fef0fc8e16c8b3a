"""`realms` (main() without argv) freezes the heap before the interpreter's last garbage
collection, which would only walk every live object before exit; callers that pass argv
(tests, scripts) and processes that loaded Qt keep the collector as it was."""

from __future__ import annotations

import subprocess
import sys

import pytest

PROBE = """
import gc, sys
{pre}
from editor.cli.main import main
sys.argv = ["realms", "--version"]
main({argv})
print(gc.get_freeze_count() > 0)
"""


def _frozen(pre: str = "", argv: str = "") -> bool:
    done = subprocess.run([sys.executable, "-c", PROBE.format(pre=pre, argv=argv)],
                          capture_output=True, text=True, check=True, timeout=120)
    return done.stdout.splitlines()[-1] == "True"


def test_the_command_freezes_before_exit() -> None:
    assert _frozen()


def test_callers_with_argv_keep_the_collector() -> None:
    assert not _frozen(argv='["--version"]')


def test_not_once_qt_is_loaded() -> None:
    pytest.importorskip("PySide6")
    assert not _frozen(pre="import PySide6.QtCore")
