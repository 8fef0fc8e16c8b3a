"""The tool bar (issue 14, item 8): it shows the armed tool however it was armed, its keys
arm each tool, erase removes what is clicked, and Undo/Redo name the action."""

from __future__ import annotations

import pytest
from gui_support import click_item, click_scene, land_region, region_point
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QToolButton
from pytestqt.qtbot import QtBot
from test_editor_session import key
from test_editor_tools import arm_marker, place, window_for

from editor.gui.main_window import MainWindow
from editor.gui.shapes import hex_centre
from editor.gui.toolbar import TOOLS

pytestmark = pytest.mark.gui


def checked(window: MainWindow) -> str:
    return window.tools_bar.current()


def press_tool(qtbot: QtBot, window: MainWindow, name: str) -> None:
    """A real click on the tool bar button."""
    button = window.tools_bar.widgetForAction(window.tools_bar.actions_by_key[name])
    assert isinstance(button, QToolButton) and button.isVisible()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_toolbar_follows_the_tool_and_arms_with_keys(qtbot: QtBot) -> None:
    window = window_for(qtbot)
    bar = window.tools_bar
    assert [a.text() for a in bar.actions_by_key.values()] == [t.text for t in TOOLS]
    assert all(not a.icon().isNull() for a in bar.actions_by_key.values())
    assert checked(window) == "select"

    # Nothing picked yet: T opens the Tiles dock and asks for a tile.
    key(qtbot, window, Qt.Key.Key_T)
    assert checked(window) == "select" and window.editor.tool.kind == "select"
    assert "Pick a tile" in window.statusBar().currentMessage()
    item = window.tile_palette.item_for("C", "surface")
    assert item is not None
    click_item(qtbot, window.tile_palette, item)
    assert checked(window) == "place"
    key(qtbot, window, Qt.Key.Key_Escape)
    assert checked(window) == "select"
    window.view.setFocus()
    key(qtbot, window, Qt.Key.Key_T)
    assert checked(window) == "place" and window.editor.tool.name == "C", "T re-arms C"
    assert window.tool_label.text() == "Tool: Place tile C (T)"

    key(qtbot, window, Qt.Key.Key_B)
    assert checked(window) == "river" and window.editor.tool.kind == "river"
    key(qtbot, window, Qt.Key.Key_M)
    assert checked(window) == "marker" and window.editor.tool.name == "mountain"
    arm_marker(qtbot, window, "coin_mine")
    assert checked(window) == "marker"
    arm_marker(qtbot, window, "cloud_bridge")
    assert checked(window) == "link"
    window.view.setFocus()
    key(qtbot, window, Qt.Key.Key_M)
    assert window.editor.tool.name == "coin_mine", "M re-arms the last marker"
    key(qtbot, window, Qt.Key.Key_L)
    assert window.editor.tool.name == "cloud_bridge", "L re-arms the last link kind"
    press_tool(qtbot, window, "erase")
    assert window.editor.tool.kind == "erase" and checked(window) == "erase"
    press_tool(qtbot, window, "select")
    assert window.editor.tool.kind == "select"
    key(qtbot, window, Qt.Key.Key_B)
    click_scene(qtbot, window.view, *hex_centre(0, 0), Qt.MouseButton.RightButton)
    assert checked(window) == "select"


def test_erase_tool_and_named_undo(qtbot: QtBot) -> None:
    window = window_for(qtbot)
    doc, view = window.doc, window.view
    assert window.undo_action.text() == "&Undo" and not window.undo_action.isEnabled()
    place(qtbot, window, "A", 0, 0)
    assert window.undo_action.text() == "&Undo Place tile A"
    side = doc.catalogue.side("A", "surface")
    spot = region_point(side, 0, 0, 0, land_region(side))
    arm_marker(qtbot, window, "coin_mine")
    click_scene(qtbot, view, *spot)
    assert [m.kind for m in doc.board.markers] == ["coin_mine"]
    assert window.undo_action.text().startswith("&Undo Add coin mine")

    view.setFocus()
    key(qtbot, window, Qt.Key.Key_E)
    marker = window.scene.marker_items[0].scenePos()
    click_scene(qtbot, view, marker.x(), marker.y())
    assert doc.board.markers == [] and len(doc.board.tiles) == 1, "the marker on top goes first"
    click_scene(qtbot, view, *spot)
    assert doc.board.tiles == []
    assert window.undo_action.text() == "&Undo Delete tile A"
    key(qtbot, window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert len(doc.board.tiles) == 1
    assert window.redo_action.text() == "&Redo Delete tile A"
    assert window.undo_action.text().startswith("&Undo Remove coin mine")
