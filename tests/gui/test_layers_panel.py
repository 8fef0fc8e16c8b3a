"""The Layers panel (issue 28, Tiled's conventions): the boards and the shown board's
layers, each with a visibility box (the View → Layers entry) and, for tiles, markers and
links, a lock the tools respect. Real clicks on the panel's check boxes."""

from __future__ import annotations

import pytest
from gui_support import click_scene, land_region, region_point
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QTreeWidgetItem
from pytestqt.qtbot import QtBot
from test_editor_session import key
from test_editor_tools import arm_marker, place, window_for

from editor.gui.layers_panel import LOCKED, VISIBLE, LayersPanel
from editor.gui.shapes import hex_centre

pytestmark = pytest.mark.gui


def click_box(qtbot: QtBot, panel: LayersPanel, row: QTreeWidgetItem, column: int) -> None:
    """A mouse click on a layer's check box."""
    cell = panel.visualRect(panel.indexFromItem(row, column))
    before = row.checkState(column)
    for dx in range(4, cell.width(), 4):  # the indicator's place depends on the style
        qtbot.mouseClick(panel.viewport(), Qt.MouseButton.LeftButton,
                         pos=QPoint(cell.left() + dx, cell.center().y()))
        if row.checkState(column) != before:
            return
    raise AssertionError("no check box in that cell")


def test_the_layers_panel_shows_hides_and_locks(qtbot: QtBot) -> None:
    window = window_for(qtbot, world="both")
    doc = window.doc
    place(qtbot, window, "A", 0, 0)
    side = doc.catalogue.side("A", "surface")
    arm_marker(qtbot, window, "mountain")
    click_scene(qtbot, window.view, *region_point(side, 0, 0, 0, land_region(side)))
    key(qtbot, window, Qt.Key.Key_Escape)
    assert len(doc.board.markers) == 1
    window.show_dock("layers")
    panel = window.layers
    qtbot.waitUntil(panel.isVisible, timeout=2000)
    boards = [panel.topLevelItem(i).text(0) for i in range(panel.topLevelItemCount())]
    assert len(boards) == 2 and set(panel.rows) >= {"tiles", "markers", "links", "grid"}

    # Visible: the box is the View → Layers entry.
    click_box(qtbot, panel, panel.rows["markers"], VISIBLE)
    assert not window.layer_actions["markers"].isChecked()
    assert not any(item.isVisible() for item in window.scene.marker_items)
    window.layer_actions["markers"].trigger()
    assert panel.rows["markers"].checkState(VISIBLE) == Qt.CheckState.Checked
    assert all(item.isVisible() for item in window.scene.marker_items)

    # Locked tiles: R and Delete leave them alone; unlocked, R turns the tile.
    click_box(qtbot, panel, panel.rows["tiles"], LOCKED)
    window.view.centerOn(*hex_centre(0, 0))
    click_scene(qtbot, window.view, *hex_centre(0, 0))
    assert doc.selection.tile_index == 0
    key(qtbot, window, Qt.Key.Key_R)
    key(qtbot, window, Qt.Key.Key_Delete)
    assert [(p.tile, p.rotation) for p in doc.board.tiles] == [("A", 0)]
    assert "locked" in window.statusBar().currentMessage()
    click_box(qtbot, panel, panel.rows["tiles"], LOCKED)
    window.view.setFocus()
    key(qtbot, window, Qt.Key.Key_R)
    assert doc.board.tiles[0].rotation == 1

    # A click on the other board shows it; its layer rows come with it.
    second = panel.topLevelItem(1)
    qtbot.mouseClick(panel.viewport(), Qt.MouseButton.LeftButton,
                     pos=panel.visualItemRect(second).center())
    assert doc.board_id == doc.scenario.boards[1].id
    assert panel.rows["tiles"].parent() is panel.topLevelItem(1)
