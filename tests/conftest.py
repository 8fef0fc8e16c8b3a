"""Fixtures for every test folder.

``run_cli`` -- run ``realms ARGS`` in the test process (tests/cli_runner.py):

    def test_lint_finds_the_error(run_cli, tmp_path):
        result = run_cli("lint", "bad.realm.json", cwd=tmp_path)
        assert result.returncode == 1 and "S003" in result.stdout

It returns a ``subprocess.CompletedProcess`` (``returncode``, ``stdout``, ``stderr`` as
text; ``text=False`` for bytes) and takes ``cwd=``, ``env=`` (the whole environment) and
``input=`` like :func:`subprocess.run`. It costs milliseconds where ``python -m editor``
costs ~0.7 s of interpreter start and imports, which is most of the suite's time. Outside a
fixture, ``from cli_runner import run_cli`` (``tests/`` is on ``sys.path``).

Spawn ``[sys.executable, "-m", "editor", ...]`` only when the process is what you test:
exit codes through a shell pipe, closed pipes, signals, locale encoding, memory or
privilege limits, or that a command never imports Qt.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from cli_runner import run_cli as _run_cli


@pytest.fixture()
def run_cli() -> Callable[..., Any]:
    """``realms ARGS`` in-process; see the module docstring."""
    return _run_cli
