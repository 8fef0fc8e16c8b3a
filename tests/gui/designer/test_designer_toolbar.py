"""Issue 28, point 8: the designer's toolbar buttons stay put while its Undo step changes
(the Undo button used to carry the step's name, grow and shrink, and push the others)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from test_editor_tools import window_for
from test_tile_designer import M0, M3, C, button, draw, open_designer

pytestmark = pytest.mark.gui


def test_the_designer_buttons_do_not_move_as_the_undo_step_changes(qtbot: QtBot) -> None:
    window = window_for(qtbot)
    designer = open_designer(qtbot, window)
    draw_button = button(designer, "draw")
    start = draw_button.geometry()
    draw(qtbot, designer, M0, C, M3)
    assert len(designer.regions) == 2 and designer.undo_stack.count() >= 2
    assert designer.undo_action.isEnabled()
    assert designer.undo_action.toolTip().startswith("Undo ")
    qtbot.wait(20)
    assert button(designer, "draw").geometry() == start, "Draw border stayed put"
    qtbot.keyClick(designer.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.wait(20)
    assert button(designer, "draw").geometry() == start
