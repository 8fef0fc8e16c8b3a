"""A designer's session driven with real mouse and keyboard events (pytest-qt, offscreen).

Every step is checked on the model (the Scenario dataclasses) or on the derivation,
never on pixels.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_support import (
    click_item,
    click_scene,
    drag_scene,
    find_water_pair,
    land_region,
    region_point,
    seam_point,
)
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from editor.gui.document import ScenarioDocument
from editor.gui.main_window import MainWindow
from editor.gui.shapes import hex_centre
from editor.gui.templates import new_scenario
from editor.model.catalogue import default_catalogue
from editor.model.lattice import neighbour
from editor.model.scenario import Marker, Placement, RiverMarker
from editor.model.scenario_io import load_scenario

pytestmark = pytest.mark.gui


def discard(_parent: object, _name: str) -> QMessageBox.StandardButton:
    return QMessageBox.StandardButton.Discard


def open_window(qtbot: QtBot, doc: ScenarioDocument) -> MainWindow:
    window = MainWindow(doc)
    window.close_prompt = discard  # type: ignore[method-assign,assignment]
    qtbot.addWidget(window)
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=3000)
    window.view.setFocus()
    return window


def settle(qtbot: QtBot, window: MainWindow) -> None:
    """Let the (short) re-analysis timer fire."""
    qtbot.waitUntil(lambda: not window.doc._timer.isActive(), timeout=5000)


def key(qtbot: QtBot, window: MainWindow, k: Qt.Key,
        modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    qtbot.keyClick(window.view, k, modifier)


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    doc = ScenarioDocument(new_scenario("Session realm", 2, 4), default_catalogue())
    return open_window(qtbot, doc)


def place_from_palette(qtbot: QtBot, window: MainWindow, tile: str, q: int, r: int) -> None:
    item = window.tile_palette.item_for(tile, "surface")
    assert item is not None
    click_item(qtbot, window.tile_palette, item)
    assert window.editor.tool.kind == "tile" and window.editor.tool.name == tile
    window.view.centerOn(*hex_centre(q, r))
    click_scene(qtbot, window.view, *hex_centre(q, r))
    key(qtbot, window, Qt.Key.Key_Escape)  # the tile tool stays armed: back to select


def test_designer_session(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    doc = window.doc
    catalogue = doc.catalogue
    pair = find_water_pair(catalogue)
    cell_y = neighbour(0, 0, pair.direction)
    cell_z = neighbour(0, 0, pair.direction + 3)
    z = next(k for k in sorted(catalogue.tiles) if k not in (pair.x, pair.y))
    tiles = doc.scenario.boards[0].tiles

    # --- place three tiles from the palette ---------------------------------------------
    place_from_palette(qtbot, window, pair.x, 0, 0)
    assert tiles == [Placement(pair.x, "surface", 0, 0, 0)]
    place_from_palette(qtbot, window, pair.y, *cell_y)
    place_from_palette(qtbot, window, z, *cell_z)
    assert [(p.tile, p.q, p.r) for p in tiles] == [(pair.x, 0, 0), (pair.y, *cell_y),
                                                   (z, *cell_z)]
    used = window.tile_palette.item_for(pair.x, "surface")
    assert used is not None and not used.flags() & Qt.ItemFlag.ItemIsSelectable
    assert window.isWindowModified()

    # --- rotate, undo, redo, flip, delete with the keyboard -----------------------------------
    window.view.centerOn(*hex_centre(*cell_z))
    click_scene(qtbot, window.view, *hex_centre(*cell_z))
    assert doc.selection.tile_index == 2
    key(qtbot, window, Qt.Key.Key_R)
    assert tiles[2].rotation == 1
    key(qtbot, window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert tiles[2].rotation == 0
    key(qtbot, window, Qt.Key.Key_Z,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert tiles[2].rotation == 1
    key(qtbot, window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    key(qtbot, window, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert tiles[2].rotation == 1
    key(qtbot, window, Qt.Key.Key_R, Qt.KeyboardModifier.ShiftModifier)
    assert tiles[2].rotation == 0
    key(qtbot, window, Qt.Key.Key_F)
    assert tiles[2].side == "underground"
    key(qtbot, window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert tiles[2].side == "surface"
    key(qtbot, window, Qt.Key.Key_Delete)
    assert [p.tile for p in tiles] == [pair.x, pair.y]
    key(qtbot, window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert [p.tile for p in tiles] == [pair.x, pair.y, z]

    # --- a drag is one undo step --------------------------------------------------------------
    far = neighbour(*cell_z, pair.direction + 3)
    steps = doc.undo_stack.index()
    window.view.centerOn(*hex_centre(*cell_z))
    drag_scene(qtbot, window.view, hex_centre(*cell_z), hex_centre(*far))
    assert (tiles[2].q, tiles[2].r) == far
    assert doc.undo_stack.index() == steps + 1
    key(qtbot, window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert (tiles[2].q, tiles[2].r) == cell_z

    # --- turn Y so its water meets X's water across the seam ---------------------------------
    window.view.centerOn(*hex_centre(*cell_y))
    click_scene(qtbot, window.view, *hex_centre(*cell_y))
    for _ in range(pair.y_rotation):
        key(qtbot, window, Qt.Key.Key_R)
    assert tiles[1].rotation == pair.y_rotation
    settle(qtbot, window)
    realm = doc.analysis.realm
    assert realm is not None
    assert realm.resolve(pair.x_part) == realm.resolve(pair.y_part), "one water body"
    regions_before = len(realm.regions)

    # --- a river marker splits it in two -------------------------------------------------------
    window._docks["markers"].raise_()
    river = window.marker_palette.item_for("river_marker")
    assert river is not None
    click_item(qtbot, window.marker_palette, river)
    window.view.centerOn(*hex_centre(0, 0))
    click_scene(qtbot, window.view, *seam_point(0, 0, 0, pair.direction))
    assert doc.scenario.boards[0].river_markers == [RiverMarker(pair.x, pair.direction)]
    settle(qtbot, window)
    realm = doc.analysis.realm
    assert realm.resolve(pair.x_part) != realm.resolve(pair.y_part), "two water regions"
    assert len(realm.regions) == regions_before + 1

    # --- a mountain and a lost tribe change the issues -----------------------------------------
    before = {(i.code, i.message) for i in window.issues.issues()}
    z_side = catalogue.side(z, "surface")
    target = f"{z}.{land_region(z_side)}"
    spot = region_point(z_side, 0, *cell_z, land_region(z_side))
    window.view.centerOn(*spot)
    for kind in ("mountain", "lost_tribe"):
        item = window.marker_palette.item_for(kind)
        assert item is not None
        click_item(qtbot, window.marker_palette, item)
        click_scene(qtbot, window.view, *spot)
    assert doc.scenario.boards[0].markers == [Marker("mountain", target),
                                              Marker("lost_tribe", target)]
    settle(qtbot, window)
    assert doc.analysis.realm.regions[target].terrain == "mountain"
    after = {(i.code, i.message) for i in window.issues.issues()}
    assert after != before
    assert any(target in message for _code, message in after - before)

    # --- clicking an issue selects its region ---------------------------------------------------
    item = window.issues.item_for(lambda issue: target in issue.regions)
    assert item is not None
    issue = item.data(0, Qt.ItemDataRole.UserRole)
    window._docks["issues"].raise_()
    window.issues.tree.scrollToItem(item)
    rect = window.issues.tree.visualItemRect(item)
    qtbot.mouseClick(window.issues.tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert doc.selection.region == issue.regions[0]
    assert window.inspector.selection_panel.fields["Region"].text().startswith(issue.regions[0])

    # --- save, edit, save with Ctrl+S, reopen and compare -----------------------------------------
    path = tmp_path / "session.realm.json"
    assert window.save_to(path)
    assert not window.isWindowModified()
    window.view.setFocus()
    key(qtbot, window, Qt.Key.Key_R)
    assert window.isWindowModified()
    key(qtbot, window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert not window.isWindowModified()
    saved = path.read_text(encoding="utf-8")
    assert saved == doc.text()

    reopened = open_window(qtbot, ScenarioDocument.from_loaded(load_scenario(path)))
    assert reopened.doc.scenario == doc.scenario
    copy = tmp_path / "copy.realm.json"
    assert reopened.save_to(copy)
    assert copy.read_bytes() == path.read_bytes()
