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

from collections.abc import Callable, Generator
from pathlib import Path
from typing import Any

import pytest
from cli_runner import run_cli as _run_cli

TESTS = Path(__file__).resolve().parent


def pytest_configure(config: pytest.Config) -> None:
    """Every ``realms lint`` of the suite (in process or spawned) caches its results in a
    scratch folder, never in the user's own cache (editor/lint/cache.py): the variable is
    set once, before any test, so xdist workers and subprocesses inherit it."""
    import os
    import tempfile

    if "REALMS_TEST_CACHE" not in os.environ:
        os.environ["REALMS_TEST_CACHE"] = tempfile.mkdtemp(prefix="realms-test-cache-")
        config.stash[_MADE_CACHE] = os.environ["REALMS_TEST_CACHE"]
    os.environ["REALMS_CACHE_DIR"] = os.environ["REALMS_TEST_CACHE"]


_MADE_CACHE = pytest.StashKey[str]()


def pytest_unconfigure(config: pytest.Config) -> None:
    """Remove the scratch cache, in the process that made it."""
    import shutil

    made = config.stash.get(_MADE_CACHE, None)
    if made is not None:
        shutil.rmtree(made, ignore_errors=True)
# Files (relative to tests/, or folders ending in "/") whose tests run on one worker.
WHOLE_FILE: tuple[str, ...] = (
    "install/",  # one wheel build and venv per session; the hook repo; the action's runs
    "export/test_wellformed_exports.py",
    "fuzz/test_fuzz_corpus.py",
    "site/test_site_browser.py",  # one site build and one Chromium for the session
    "site/test_site_a11y.py",  # the same, with axe-core
    "schema/test_vscode_json.py",  # one node run per fixture, engine exports built once
    "editors/test_vscode_extension.py",  # one .vsix build
    "site/test_site_pages.py",  # one site build
    "test_shipped_highland.py",
    "consistency/test_exports_lint.py",  # one collection: exports of every scenario + a site
    "consistency/test_site_figures.py",  # one site build
    "consistency/test_exports_parse.py",  # each export parsed once, by either test
    "lint/test_lsp_features.py",  # one language server process per file
    "lint/test_lsp_protocol.py",  # the same; its last test shuts the server down
    "engines/test_cestpasphoto_games.py",  # one driver run for every map, one numba compile
)


def _whole_file(relative: str) -> bool:
    return any(relative == entry or (entry.endswith("/") and relative.startswith(entry))
               for entry in WHOLE_FILE)


def _set_nodeid(item: pytest.Item, nodeid: str) -> None:
    if hasattr(item, "_id"):  # pytest >= 9.2 keeps a structured id behind ``nodeid``
        from _pytest.nodeid import coerce_node_id

        item._id = coerce_node_id(nodeid)
    else:
        item._nodeid = nodeid


@pytest.hookimpl(wrapper=True)
def pytest_collection_modifyitems(config: pytest.Config,
                                  items: list[pytest.Item]) -> Generator[None, None, None]:
    """Keep each WHOLE_FILE file on one xdist worker (``--dist loadgroup``).

    xdist's worker turns an ``xdist_group`` marker into a ``@group`` suffix of the test's id,
    which its scheduler reads, but pytest-xdist 3.8 writes ``item._nodeid``, which pytest 9.2
    no longer reads: the suffix is then added here, and a WHOLE_FILE test that still lacks
    it stops the run instead of silently building its fixture on every worker."""
    grouped: list[tuple[pytest.Item, str]] = []
    if config.pluginmanager.hasplugin("xdist"):
        for item in items:
            try:
                relative = item.path.relative_to(TESTS).as_posix()
            except ValueError:
                continue
            if _whole_file(relative):
                item.add_marker(pytest.mark.xdist_group(relative))
                grouped.append((item, relative))
    yield
    if getattr(config.option, "loadgroup", False):  # set in xdist workers only
        for item, group in grouped:
            if not item.nodeid.endswith(f"@{group}"):
                _set_nodeid(item, f"{item.nodeid}@{group}")
            if not item.nodeid.endswith(f"@{group}"):
                raise pytest.UsageError(f"{item.nodeid}: xdist group {group} not in its id")


# The test process's cyclic garbage collector: CPython's thresholds (700, 10, 10) start a full
# collection, which walks every object alive (the test modules, shapely, networkx, numpy,
# Qt's wrappers), about every 70,000 allocations; a test building realms allocates millions.
# Here the youngest generation is collected every 50,000 allocations and a full collection
# comes about 280 times less often: on the derive-, export- and lint-heavy folders (-n 0),
# 9-10 % less CPU. What a test runs in other processes (`python -m editor`, workers) keeps
# CPython's defaults, and so does any test that drives Qt widgets (the gui marker or qtbot:
# when PySide's wrappers are collected is part of what those tests check) or whose module
# imports gc (it checks what our code does with the collector, as a user's process runs it).
TEST_GC_THRESHOLDS = (50_000, 20, 20)


def _keeps_default_gc(item: pytest.Item) -> bool:
    module = getattr(item, "module", None)
    return (item.get_closest_marker("gui") is not None
            or "qtbot" in getattr(item, "fixturenames", ())
            or (module is not None and "gc" in vars(module)))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item,
                            nextitem: pytest.Item | None) -> Generator[None, None, object]:
    """Run ``item`` under :data:`TEST_GC_THRESHOLDS` unless it keeps CPython's defaults."""
    import gc

    default = gc.get_threshold()
    if not _keeps_default_gc(item):
        gc.set_threshold(*TEST_GC_THRESHOLDS)
    try:
        return (yield)
    finally:
        gc.set_threshold(*default)


@pytest.fixture()
def run_cli() -> Callable[..., Any]:
    """``realms ARGS`` in-process; see the module docstring."""
    return _run_cli


@pytest.fixture(scope="session")
def real_smawg() -> Any:
    """The real smawg engine (tests/real_engines.py): skips without ../shared/engines, fails
    when ``CI`` is set."""
    from real_engines import require_smawg

    return require_smawg()


@pytest.fixture()
def without_smawg(tmp_path: Path) -> dict[str, str]:
    """The environment of a real interpreter started with ``-S`` (no site-packages) whose
    packages are this environment's minus smawg: every entry of site-packages but smawg's
    linked into a folder on PYTHONPATH, with the repository. Checked: smawg is out of reach."""
    import os
    import re
    import subprocess
    import sys
    import sysconfig

    packages = Path(sysconfig.get_paths()["purelib"])
    hidden = tmp_path / "site-packages"
    hidden.mkdir()
    for entry in packages.iterdir():
        if not re.match(r"smawg($|[-.])", entry.name):
            (hidden / entry.name).symlink_to(entry)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join((str(TESTS.parent), str(hidden)))}
    done = subprocess.run([sys.executable, "-S", "-c", "import smawg"], env=env,
                          capture_output=True, text=True)
    assert "No module named 'smawg'" in done.stderr  # smawg is really out of reach
    return env


@pytest.fixture(scope="session")
def real_cestpasphoto() -> Any:
    """A runner that plays exported maps in the real cestpasphoto engine (tests/real_engines.py):
    skips without ../shared/engines, fails when ``CI`` is set."""
    from real_engines import require_cestpasphoto

    return require_cestpasphoto()
