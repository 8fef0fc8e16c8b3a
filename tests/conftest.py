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

Parallel runs: the README's command uses ``--dist loadgroup``, which hands tests to the
xdist workers one by one (a long file no longer pins one worker while the other idles). A
file whose tests share an expensive module- or session-scoped fixture is kept on one worker
by :data:`WHOLE_FILE` below (each worker would otherwise build the fixture again); add
yours there if it has one.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from cli_runner import run_cli as _run_cli

TESTS = Path(__file__).resolve().parent
# Files (relative to tests/, or folders ending in "/") whose tests run on one worker.
WHOLE_FILE: tuple[str, ...] = (
    "install/",  # one wheel build and venv per session; the hook repo; the action's runs
    "export/test_wellformed_exports.py",
    "fuzz/test_fuzz_corpus.py",
    "test_shipped_highland.py",
)


def _whole_file(relative: str) -> bool:
    return any(relative == entry or (entry.endswith("/") and relative.startswith(entry))
               for entry in WHOLE_FILE)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Keep each WHOLE_FILE file on one xdist worker (``--dist loadgroup``)."""
    if not config.pluginmanager.hasplugin("xdist"):
        return
    for item in items:
        try:
            relative = item.path.relative_to(TESTS).as_posix()
        except ValueError:
            continue
        if _whole_file(relative):
            item.add_marker(pytest.mark.xdist_group(relative))


@pytest.fixture()
def run_cli() -> Callable[..., Any]:
    """``realms ARGS`` in-process; see the module docstring."""
    return _run_cli
