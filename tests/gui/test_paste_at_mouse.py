"""Issue 28, point 5: markers pasted without their tile land on the region under the
mouse (they used to go back onto the copied region and merge with the original into a
"+2" chip), and the status and undo texts say what was pasted."""

from __future__ import annotations

import pytest
from gui_support import click_scene, land_region, region_point, view_point
from PySide6.QtCore import QPointF, Qt
from pytestqt.qtbot import QtBot
from test_editor_session import key
from test_editor_tools import arm_marker, place, window_for

from editor.gui.main_window import MainWindow

pytestmark = pytest.mark.gui
CTRL = Qt.KeyboardModifier.ControlModifier


def hover_point(qtbot: QtBot, window: MainWindow, x: float, y: float) -> None:
    window.view.centerOn(QPointF(x, y))
    qtbot.mouseMove(window.view.viewport(), view_point(window.view, x, y))


def test_a_copied_marker_is_pasted_on_the_region_under_the_mouse(qtbot: QtBot) -> None:
    window = window_for(qtbot)
    doc, view = window.doc, window.view
    place(qtbot, window, "A", 0, 0)
    place(qtbot, window, "B", 2, 0)
    a_side, b_side = doc.catalogue.side("A", "surface"), doc.catalogue.side("B", "surface")
    a_land, b_land = land_region(a_side), land_region(b_side)
    arm_marker(qtbot, window, "lost_tribe")
    click_scene(qtbot, view, *region_point(a_side, 0, 0, 0, a_land))
    key(qtbot, window, Qt.Key.Key_Escape)
    assert [(m.kind, m.region) for m in doc.board.markers] == [("lost_tribe", f"A.{a_land}")]

    chip = window.scene.marker_items[0].scenePos()
    view.centerOn(chip)
    click_scene(qtbot, view, chip.x(), chip.y())
    assert doc.selection.marker_index == 0
    key(qtbot, window, Qt.Key.Key_C, CTRL)

    hover_point(qtbot, window, *region_point(b_side, 0, 2, 0, b_land))
    key(qtbot, window, Qt.Key.Key_V, CTRL)
    assert [(m.kind, m.region) for m in doc.board.markers] == [
        ("lost_tribe", f"A.{a_land}"), ("lost_tribe", f"B.{b_land}")]
    assert doc.undo_stack.undoText() == "Paste 1 marker"
    assert window.statusBar().currentMessage() == f"Paste: 1 marker on B.{b_land}"
    assert not any(type(item).__name__ == "MoreMarkersItem"
                   for item in window.scene.marker_items), "no merged +2 chip"

    # Ctrl+D over A's region: the duplicate lands where the mouse is, too.
    key(qtbot, window, Qt.Key.Key_Z, CTRL)
    click_scene(qtbot, view, chip.x(), chip.y())
    hover_point(qtbot, window, *region_point(b_side, 0, 2, 0, b_land))
    key(qtbot, window, Qt.Key.Key_D, CTRL)
    assert [m.region for m in doc.board.markers] == [f"A.{a_land}", f"B.{b_land}"]
