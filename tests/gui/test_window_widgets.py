"""The window's other widgets driven by real events: the board-for-N switch, the undo
history, the Balance bars, the graph overlay, New from a template, grid and fit, custom
catalogues in the palette and the image exports."""

from __future__ import annotations

import json
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from gui_support import click_item
from PySide6.QtCore import QPointF, Qt, QTimer
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QUndoView
from pytestqt.qtbot import QtBot
from test_editor_session import discard, key, open_window, settle
from test_editor_tools import place, window_for

from editor.gui.balance_dock import balance_targets
from editor.gui.document import ScenarioDocument
from editor.gui.main_window import MainWindow
from editor.gui.shapes import hex_centre
from editor.gui.templates import NewScenarioDialog
from editor.model.scenario_io import load_scenario

pytestmark = pytest.mark.gui

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
BOOKLET_1 = SCENARIOS / "booklet" / "01-my-precious-world.realm.json"
TEST_CATALOGUE = Path(__file__).resolve().parent.parent / "data" / "test-tiles.json"


def booklet_window(qtbot: QtBot) -> MainWindow:
    return open_window(qtbot, ScenarioDocument.from_loaded(load_scenario(BOOKLET_1)))


def shown_tiles(window: MainWindow) -> set[str]:
    return {item.placement.tile for item in window.scene.tile_items.values()}


def expected_tiles(count: int) -> set[str]:
    board = load_scenario(BOOKLET_1).scenario.boards[0]
    return {p.tile for p in board.tiles if (p.presence.min_players or 2) <= count}


def test_board_for_n_players_switch_shows_that_count(qtbot: QtBot) -> None:
    window = booklet_window(qtbot)
    box = window.players_box
    assert [box.itemData(i) for i in range(box.count())] == [2, 3, 4, 5, 6]
    assert window.doc.players == 2 and shown_tiles(window) == expected_tiles(2)
    box.setFocus()
    for count in (3, 4, 5, 6):
        qtbot.keyClick(box, Qt.Key.Key_Down)
        assert window.doc.players == count
        assert shown_tiles(window) == expected_tiles(count)
        settle(qtbot, window)
        assert f"{count} players" in window.issues.summary.text()
    qtbot.keyClick(box, Qt.Key.Key_Home)
    assert window.doc.players == 2 and shown_tiles(window) == expected_tiles(2)


def test_undo_history_view_jumps_to_a_step(qtbot: QtBot) -> None:
    window = window_for(qtbot)
    for tile, q in (("A", 0), ("B", 1), ("C", 2)):
        place(qtbot, window, tile, q, 0)
    window._docks["history"].raise_()
    history = window.history
    assert isinstance(history, QUndoView)
    model = history.model()
    assert model.rowCount() == 4  # "<opened>" and three placements
    assert "C" in model.index(3, 0).data()
    rect = history.visualRect(model.index(1, 0))
    qtbot.mouseClick(history.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert [p.tile for p in window.doc.board.tiles] == ["A"]
    rect = history.visualRect(model.index(0, 0))
    qtbot.mouseClick(history.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.doc.board.tiles == [] and not window.doc.dirty
    rect = history.visualRect(model.index(3, 0))
    qtbot.mouseClick(history.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert [p.tile for p in window.doc.board.tiles] == ["A", "B", "C"]


def test_balance_bars_follow_the_derived_realm(qtbot: QtBot) -> None:
    window = booklet_window(qtbot)
    settle(qtbot, window)
    targets = balance_targets()
    for count in (2, 5):
        window.doc.set_players(count)
        settle(qtbot, window)
        realm = window.doc.analysis.realm
        land = [r for r in realm.regions.values() if r.is_land and not r.chasm]
        bars = {bar.label: bar for bar in window.balance.bars}
        per_player = bars["Regions / player"]
        counted = [r for r in realm.regions.values() if not r.chasm
                   and (r.is_land or targets.count_water)]
        assert per_player.value == pytest.approx(len(counted) / count)
        assert per_player.target == targets.per_player
        forests = sum(r.terrain == "forest" for r in land)
        assert bars["Forest"].value == forests
        assert bars["Forest"].target == pytest.approx(len(land) / 5)
        assert bars["Forest"].ok == (abs(forests - len(land) / 5) <= targets.tolerance)
    image = window.balance.grab().toImage()
    assert image.height() >= window.balance.ROW * len(window.balance.bars)


def test_graph_overlay_toggles_with_g_and_draws_the_derived_edges(qtbot: QtBot) -> None:
    window = booklet_window(qtbot)
    settle(qtbot, window)
    overlay = window.scene.overlay
    assert not overlay.isVisible()
    key(qtbot, window, Qt.Key.Key_G)
    assert window.graph_action.isChecked() and overlay.isVisible()
    realm = window.doc.analysis.realm
    on_board = {rid for rid, r in realm.regions.items() if r.board == window.doc.board_id}
    assert set(overlay.nodes) == on_board
    inner = [(a, b) for a, b in realm.graph.edges if a in on_board and b in on_board]
    assert len(overlay.edges) == len(inner)
    assert overlay.first == {rid for rid in on_board if realm.regions[rid].first_conquest}
    window.doc.set_players(6)
    settle(qtbot, window)
    assert len(overlay.nodes) == len(window.doc.analysis.realm.regions), "follows the count"
    key(qtbot, window, Qt.Key.Key_G)
    assert not window.graph_action.isChecked() and not overlay.isVisible()


def test_new_from_template_dialog_builds_the_chosen_realm(qtbot: QtBot) -> None:
    window = window_for(qtbot)
    place(qtbot, window, "A", 0, 0)
    window.close_prompt = discard  # type: ignore[method-assign,assignment]
    filled: list[str] = []

    def fill() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, NewScenarioDialog):
            QTimer.singleShot(10, fill)
            return
        dialog.title.selectAll()
        qtbot.keyClicks(dialog.title, "Deep delve")
        dialog.low.selectAll()
        qtbot.keyClicks(dialog.low, "3")
        dialog.high.selectAll()
        qtbot.keyClicks(dialog.high, "4")
        dialog.world.setFocus()
        qtbot.keyClick(dialog.world, Qt.Key.Key_End)  # "both"
        filled.append(dialog.world.currentText())
        buttons = dialog.findChild(QDialogButtonBox)
        assert buttons is not None
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, fill)
    qtbot.keyClick(window.view, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert filled == ["both"]
    scenario = window.doc.scenario
    assert scenario.title == "Deep delve"
    assert (scenario.players_min, scenario.players_max) == (3, 4)
    assert [b.kind for b in scenario.boards] == ["surface", "underground"]
    assert all(b.tiles == [] for b in scenario.boards)
    assert window.doc.path is None and not window.doc.dirty
    assert [window.board_box.itemData(i) for i in range(window.board_box.count())] == [
        "surface", "underground"]


def test_grid_toggle_and_fit_to_realm(qtbot: QtBot) -> None:
    window = booklet_window(qtbot)
    assert window.scene.show_grid
    window.grid_action.trigger()
    assert not window.scene.show_grid
    window.grid_action.trigger()
    assert window.scene.show_grid
    view = window.view
    for _ in range(6):
        view.zoom(1.25)
    realm = window.scene.realm_rect()
    visible = view.mapToScene(view.viewport().rect()).boundingRect()
    assert not visible.contains(realm), "zoomed in, part of the realm is off screen"
    key(qtbot, window, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
    visible = view.mapToScene(view.viewport().rect()).boundingRect()
    assert visible.contains(realm)
    assert visible.width() < realm.width() * 1.5 or visible.height() < realm.height() * 1.5


def test_custom_catalogue_tiles_appear_in_the_palette(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "custom.realm.json"
    path.write_text(json.dumps({
        "format_version": 1, "title": "Custom tiles", "players": {"min": 2, "max": 3},
        "catalogues": [TEST_CATALOGUE.name],
        "boards": [{"id": "surface", "kind": "surface", "tiles": []}]}), encoding="utf-8")
    shutil.copyfile(TEST_CATALOGUE, tmp_path / TEST_CATALOGUE.name)  # inside the collection
    window = window_for(qtbot)
    assert window.open_path(path)
    custom = json.loads(TEST_CATALOGUE.read_text(encoding="utf-8"))["tiles"]
    palette = window.tile_palette
    for tile_id in custom:
        assert palette.item_for(tile_id, "surface") is not None, tile_id
    assert palette.item_for("A", "surface") is not None, "the official tiles stay"
    first = sorted(custom)[0]
    item = palette.item_for(first, "surface")
    assert item is not None
    click_item(qtbot, palette, item)
    window.view.centerOn(*hex_centre(0, 0))
    x, y = hex_centre(0, 0)
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=window.view.mapFromScene(QPointF(x, y)))
    assert [p.tile for p in window.doc.board.tiles] == [first]


@pytest.mark.parametrize("name", ["png", "svg", "pdf"])
def test_export_menu_writes_printable_boards(qtbot: QtBot, tmp_path: Path, name: str) -> None:
    window = booklet_window(qtbot)
    window._fill_export()
    assert name in [action.data() for action in window.export_menu.actions()]
    target = tmp_path / f"board.{name}"
    assert window.export_to(name, target)
    data = target.read_bytes()
    if name == "png":
        image = QImage(str(target))
        assert not image.isNull() and image.width() > 500 and image.height() > 300
    elif name == "svg":
        root = ET.fromstring(data)
        assert root.tag.endswith("svg")
        assert len(list(root.iter())) > 50, "the board is drawn, not an empty page"
    else:
        assert data.startswith(b"%PDF") and b"%%EOF" in data[-64:]
