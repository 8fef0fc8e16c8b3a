"""Editor benchmarks (issue 6; pytest-benchmark, offscreen Qt).

Run:  QT_QPA_PLATFORM=offscreen python -m pytest benchmarks/bench_editor.py --benchmark-enable

* one tile rotation on a 26-tile realm, end to end: the RotateTile command updates the
  model, the realm is re-derived, lint refreshes the Issues dock, the canvas repaints
  (budget: median <= 16 ms);
* opening a 2,000-tile realm: read + check the file, build the window and scene, first
  derivation and lint, first paint (budget: median of 3 <= 2 s).

Each is measured next to a baseline in the same run and the same benchmark group: the
naive all-pairs shapely adjacency (``baselines.py``) of the same realm for the shown player
count, i.e. the geometry step alone done naively. The run ends with a table of medians,
ratios and verdicts (``conftest.py``).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import itertools

import pytest
from baselines import naive
from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtWidgets import QApplication, QMessageBox
from pytest_benchmark.fixture import BenchmarkFixture
from pytestqt.qtbot import QtBot
from summary import Measured

from editor.gui.document import ScenarioDocument, Selection
from editor.gui.main_window import MainWindow
from editor.gui.templates import new_scenario
from editor.model import lattice
from editor.model.catalogue import default_catalogue
from editor.model.scenario import Placement, Scenario
from editor.model.scenario_io import LoadedScenario, load_scenario, save_scenario

ROTATION_BUDGET_S = 0.016
OPEN_BUDGET_S = 2.0
ROTATE = "rotate one tile, 26-tile realm (model, derive, issues, redraw)"
OPEN = "open a 2,000-tile realm (read, window, derive, lint, first paint)"


@pytest.fixture(autouse=True)
def isolated_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    QCoreApplication.setOrganizationName("Realms Studio Bench")
    QCoreApplication.setApplicationName("Realms Studio Bench")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    QSettings.setPath(QSettings.Format.NativeFormat, QSettings.Scope.UserScope,
                      str(tmp_path / "config"))
    yield


def spiral(count: int) -> list[tuple[int, int]]:
    """Hex cells around (0, 0), ring by ring: a compact, connected realm."""
    cells = [(0, 0)]
    radius = 1
    while len(cells) < count:
        q, r = lattice.NEIGHBOUR_DIRECTIONS[4][0] * radius, lattice.NEIGHBOUR_DIRECTIONS[4][1] \
            * radius
        for direction in range(6):
            for _ in range(radius):
                cells.append((q, r))
                q, r = lattice.neighbour(q, r, direction)
        radius += 1
    return cells[:count]


def realm_with(count: int) -> Scenario:
    letters = sorted(k for k in default_catalogue().tiles if len(k) == 1)
    scenario = new_scenario("Benchmark realm", 2, 5)
    scenario.boards[0].tiles = [
        Placement(letters[i % len(letters)], "surface", q, r, (i * 7) % 6)
        for i, (q, r) in enumerate(spiral(count))]
    return scenario


def discard(_parent: object, _name: str) -> QMessageBox.StandardButton:
    return QMessageBox.StandardButton.Discard


def median(benchmark: BenchmarkFixture) -> float | None:
    return benchmark.stats.stats.median if benchmark.stats is not None else None


@pytest.mark.benchmark(group="rotate a tile")
def test_rotate_one_tile_26(qtbot: QtBot, benchmark: BenchmarkFixture,
                            record: dict[str, Measured]) -> None:
    doc = ScenarioDocument(realm_with(26), default_catalogue())
    window = MainWindow(doc, offer_recovery=False)
    window.close_prompt = discard  # type: ignore[method-assign,assignment]
    qtbot.addWidget(window)
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    doc.select(Selection(doc.board_id, 13))
    viewport = window.view.viewport()
    rotations = [doc.board.tiles[13].rotation]

    def rotate() -> None:
        window.editor.rotate_selected(1)  # command -> model -> tilesChanged -> scene item
        doc.analyse_now()  # derivation + lint -> derivationChanged -> Issues/Balance docks
        viewport.repaint()  # synchronous redraw of the canvas
        rotations.append(doc.board.tiles[13].rotation)

    benchmark(rotate)
    assert all((b - a) % 6 == 1 for a, b in itertools.pairwise(rotations))
    assert doc.analysis.realm is not None
    assert window.issues.issues() == doc.analysis.issues, "the dock shows the fresh issues"
    record[ROTATE] = Measured(median(benchmark), ROTATION_BUDGET_S)
    if benchmark.stats is not None:
        assert benchmark.stats.stats.median <= ROTATION_BUDGET_S


@pytest.mark.benchmark(group="rotate a tile")
def test_rotate_baseline_naive_all_pairs_26(benchmark: BenchmarkFixture,
                                            record: dict[str, Measured]) -> None:
    loaded = LoadedScenario(realm_with(26), default_catalogue(), None, "")
    players = loaded.scenario.players_min  # what the editor shows first
    assert benchmark(naive, loaded, players) > 26
    record["naive all-pairs adjacency, 26 tiles"] = Measured(median(benchmark),
                                                              baseline_of=ROTATE)


@pytest.mark.benchmark(group="open a realm")
def test_open_2000_tiles(qtbot: QtBot, benchmark: BenchmarkFixture, tmp_path: Path,
                         record: dict[str, Measured]) -> None:
    path = tmp_path / "big.realm.json"
    save_scenario(realm_with(2000), path)

    def open_realm() -> MainWindow:
        doc = ScenarioDocument.from_loaded(load_scenario(path))
        window = MainWindow(doc, offer_recovery=False)
        window.close_prompt = discard  # type: ignore[method-assign,assignment]
        window.resize(1400, 900)
        window.show()
        window.view.viewport().repaint()
        QApplication.processEvents()
        return window

    windows: list[MainWindow] = []
    benchmark.pedantic(lambda: windows.append(open_realm()), rounds=3, iterations=1)
    for window in windows:
        assert len(window.scene.tile_items) == 2000
        assert window.doc.analysis.realm is not None
        window.close()
        window.deleteLater()
    record[OPEN] = Measured(median(benchmark), OPEN_BUDGET_S)
    if benchmark.stats is not None:
        assert benchmark.stats.stats.median <= OPEN_BUDGET_S


@pytest.mark.benchmark(group="open a realm")
def test_open_baseline_naive_all_pairs_2000(benchmark: BenchmarkFixture,
                                            record: dict[str, Measured]) -> None:
    loaded = LoadedScenario(realm_with(2000), default_catalogue(), None, "")
    players = loaded.scenario.players_min
    pairs = benchmark.pedantic(naive, (loaded, players), rounds=3, iterations=1)
    assert pairs > 2000
    record["naive all-pairs adjacency, 2,000 tiles"] = Measured(median(benchmark),
                                                                 baseline_of=OPEN)
