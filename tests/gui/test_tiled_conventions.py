"""Tiled's conventions (issue 28): Shift+click adds to the selection, Ctrl+click
toggles; a zoom field in the status bar; a setting for wheel = scroll, Ctrl+wheel =
zoom (the Layers panel has its own test file, test_layers_panel.py)."""

from __future__ import annotations

import pytest
from gui_support import choose_menu, click_item, click_scene
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from test_editor_session import key
from test_editor_tools import place, window_for

from editor.gui.main_window import MainWindow
from editor.gui.shapes import hex_centre

pytestmark = pytest.mark.gui
SHIFT, CTRL = Qt.KeyboardModifier.ShiftModifier, Qt.KeyboardModifier.ControlModifier


def chosen(window: MainWindow) -> set[str]:
    tiles = window.doc.board.tiles
    return {tiles[i].tile for i in window.doc.selection.tile_set}


def test_shift_click_adds_and_ctrl_click_toggles(qtbot: QtBot) -> None:
    window = window_for(qtbot)
    for tile, q in (("A", 0), ("B", 1), ("C", 2)):
        place(qtbot, window, tile, q, 0)
    key(qtbot, window, Qt.Key.Key_Escape)
    view = window.view
    view.centerOn(*hex_centre(1, 0))
    click_scene(qtbot, view, *hex_centre(0, 0))
    assert chosen(window) == {"A"}
    click_scene(qtbot, view, *hex_centre(1, 0), modifier=SHIFT)
    assert chosen(window) == {"A", "B"}
    click_scene(qtbot, view, *hex_centre(1, 0), modifier=SHIFT)
    assert chosen(window) == {"A", "B"}, "Shift+click adds, never takes out"
    click_scene(qtbot, view, *hex_centre(1, 0), modifier=CTRL)
    assert chosen(window) == {"A"}, "Ctrl+click takes a chosen tile out"
    click_scene(qtbot, view, *hex_centre(2, 0), modifier=CTRL)
    assert chosen(window) == {"A", "C"}, "...and puts another in"


def test_the_zoom_field_takes_a_typed_zoom(qtbot: QtBot) -> None:
    window = window_for(qtbot)
    place(qtbot, window, "A", 0, 0)
    field = window.zoom_label
    qtbot.mouseClick(field, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(field, "150")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert window.view.scale_factor == pytest.approx(1.5)
    assert field.text() == "Zoom 150 %"
    window.view.setFocus()
    key(qtbot, window, Qt.Key.Key_1, CTRL)  # 100 %: Tiled's Ctrl+0 (Ctrl+0 fits here)
    assert window.view.scale_factor == pytest.approx(1.0) and field.text() == "Zoom 100 %"


def wheel(window: MainWindow, modifiers: Qt.KeyboardModifier) -> None:
    view = window.view
    centre = view.viewport().rect().center()
    QApplication.sendEvent(view.viewport(), QWheelEvent(
        QPointF(centre), QPointF(view.viewport().mapToGlobal(centre)), QPoint(0, 0),
        QPoint(0, -120), Qt.MouseButton.NoButton, modifiers, Qt.ScrollPhase.NoScrollPhase,
        False))


def test_a_setting_makes_the_wheel_scroll_and_ctrl_wheel_zoom(qtbot: QtBot) -> None:
    window = window_for(qtbot)
    view = window.view
    place(qtbot, window, "A", 0, 0)
    view.set_zoom(1.0)
    choose_menu(qtbot, window, "View", "Wheel scrolls, Ctrl+wheel zooms")
    assert window.wheel_action.isChecked()
    assert window.settings.value("canvas/wheel_scrolls", type=bool) is True
    bar = view.verticalScrollBar()
    before = bar.value()
    wheel(window, Qt.KeyboardModifier.NoModifier)
    assert view.scale_factor == pytest.approx(1.0) and bar.value() > before, "scrolled"
    wheel(window, CTRL)
    assert view.scale_factor < 1.0, "Ctrl+wheel zooms out"
    choose_menu(qtbot, window, "View", "Wheel scrolls, Ctrl+wheel zooms")
    scale = view.scale_factor
    wheel(window, Qt.KeyboardModifier.NoModifier)
    assert view.scale_factor < scale, "switched off, the wheel zooms again"


def test_the_tile_tool_stays_armed_after_a_placement(qtbot: QtBot) -> None:
    window = window_for(qtbot)
    doc, view = window.doc, window.view
    item = window.tile_palette.item_for("A", "surface")
    assert item is not None
    click_item(qtbot, window.tile_palette, item)
    view.centerOn(*hex_centre(1, 0))
    click_scene(qtbot, view, *hex_centre(0, 0))
    armed = window.editor.tool
    assert armed.kind == "tile" and armed.name != "A", "the next free tile is armed"
    click_scene(qtbot, view, *hex_centre(1, 0))
    click_scene(qtbot, view, *hex_centre(2, 0))
    assert [(p.tile, p.q) for p in doc.board.tiles][:2] == [("A", 0), (armed.name, 1)]
    assert len(doc.board.tiles) == 3, "three clicks, three tiles"
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    assert window.editor.tool.kind == "select"


def test_tileds_rotate_and_flip_keys_work_as_alternates(qtbot: QtBot) -> None:
    """Z turns clockwise and Shift+Z back, as in Tiled; X and Y turn the tile over."""
    window = window_for(qtbot)
    place(qtbot, window, "A", 0, 0)
    key(qtbot, window, Qt.Key.Key_Escape)
    click_scene(qtbot, window.view, *hex_centre(0, 0))
    tile = window.doc.board.tiles[0]
    start_rotation, start_side = tile.rotation, tile.side
    key(qtbot, window, Qt.Key.Key_Z)
    assert window.doc.board.tiles[0].rotation == (start_rotation - 1) % 6
    key(qtbot, window, Qt.Key.Key_Z, SHIFT)
    assert window.doc.board.tiles[0].rotation == start_rotation
    key(qtbot, window, Qt.Key.Key_X)
    assert window.doc.board.tiles[0].side != start_side
    key(qtbot, window, Qt.Key.Key_Y)
    assert window.doc.board.tiles[0].side == start_side
    assert window.doc.undo_stack.count() >= 5, "each key is one undo step"
