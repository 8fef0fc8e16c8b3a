"""Tiled's conventions (issue 28): Shift+click adds to the selection, Ctrl+click
toggles (the Layers panel has its own test file, test_layers_panel.py)."""

from __future__ import annotations

import pytest
from gui_support import click_scene
from PySide6.QtCore import Qt
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
