"""Editor benchmarks (pytest-benchmark, offscreen Qt).

Run:  QT_QPA_PLATFORM=offscreen python -m pytest benchmarks/bench_editor.py --benchmark-enable

* one tile rotation on a 26-tile realm, end to end: the RotateTile command updates the
  model, the realm is re-derived, lint refreshes the Issues dock, the canvas repaints
  (target: median <= 16 ms);
* opening a 2,000-tile realm: read + check the file, build the window and scene, first
  derivation and lint, first paint (target: <= 2 s).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import itertools

import pytest
from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtWidgets import QApplication, QMessageBox
from pytest_benchmark.fixture import BenchmarkFixture
from pytestqt.qtbot import QtBot

from editor.gui.document import ScenarioDocument, Selection
from editor.gui.main_window import MainWindow
from editor.gui.templates import new_scenario
from editor.model import lattice
from editor.model.catalogue import default_catalogue
from editor.model.scenario import Placement, Scenario
from editor.model.scenario_io import load_scenario, save_scenario

ROTATION_BUDGET_S = 0.016
OPEN_BUDGET_S = 2.0


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


def test_rotate_one_tile_26(qtbot: QtBot, benchmark: BenchmarkFixture) -> None:
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
    if benchmark.stats is not None:
        assert benchmark.stats.stats.median <= ROTATION_BUDGET_S


def test_open_2000_tiles(qtbot: QtBot, benchmark: BenchmarkFixture, tmp_path: Path) -> None:
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
    if benchmark.stats is not None:
        assert benchmark.stats.stats.median <= OPEN_BUDGET_S
