"""Navigation: wheel zoom about the cursor, zoom presets and readout (issue 14, item 1)."""

from __future__ import annotations

import pytest
from gui_support import view_point
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from test_editor_session import key
from test_editor_tools import place, window_for

from editor.gui.canvas.view import RealmView
from editor.gui.shapes import hex_centre

pytestmark = pytest.mark.gui


def wheel(view: RealmView, pos: QPoint, notches: int = 1) -> None:
    """A real wheel event on the viewport, as a mouse sends it."""
    event = QWheelEvent(QPointF(pos), QPointF(view.viewport().mapToGlobal(pos)), QPoint(0, 0),
                        QPoint(0, 120 * notches), Qt.MouseButton.NoButton,
                        Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(view.viewport(), event)


def scene_under(view: RealmView, pos: QPoint) -> QPointF:
    return view.viewportTransform().inverted()[0].map(QPointF(pos))


@pytest.mark.parametrize("notches", [1, -1, 3])
def test_wheel_zoom_keeps_the_point_under_the_cursor(qtbot: QtBot, notches: int) -> None:
    window = window_for(qtbot)
    view = window.view
    place(qtbot, window, "D", 0, 0)
    place(qtbot, window, "E", 3, -1)
    # Off centre, over tile E: the point the designer looks at.
    cursor = view_point(view, *hex_centre(3, -1)) + QPoint(17, -9)
    qtbot.mouseMove(view.viewport(), cursor)
    before_scale = view.transform().m11()
    before = scene_under(view, cursor)
    wheel(view, cursor, notches)
    assert view.transform().m11() != pytest.approx(before_scale)
    after = view.mapFromScene(before)
    assert abs(after.x() - cursor.x()) <= 1 and abs(after.y() - cursor.y()) <= 1, (
        f"{before} moved from {cursor} to {after} on screen")
    # And it stays there over several notches each way.
    for step in (1, 1, -1, -1, -1):
        wheel(view, cursor, step)
        after = view.mapFromScene(before)
        assert abs(after.x() - cursor.x()) <= 1 and abs(after.y() - cursor.y()) <= 1


def test_zoom_presets_and_readout(qtbot: QtBot) -> None:
    window = window_for(qtbot)
    view = window.view
    place(qtbot, window, "D", 0, 0)
    view.setFocus()
    key(qtbot, window, Qt.Key.Key_1, Qt.KeyboardModifier.ControlModifier)
    assert view.transform().m11() == pytest.approx(1.0)
    assert window.zoom_label.text() == "Zoom 100 %"
    centre = view.viewport().rect().center()
    middle = scene_under(view, centre)
    key(qtbot, window, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
    assert view.transform().m11() == pytest.approx(1.25)
    assert window.zoom_label.text() == "Zoom 125 %"
    key(qtbot, window, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    key(qtbot, window, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    assert view.transform().m11() == pytest.approx(0.8)
    assert window.zoom_label.text() == "Zoom 80 %"
    moved = scene_under(view, centre) - middle
    assert abs(moved.x()) < 2 and abs(moved.y()) < 2, "keys zoom about the view's centre"
    key(qtbot, window, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
    realm = window.scene.realm_rect()
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    assert shown.contains(realm), "Ctrl+0 fits the realm"
    assert window.zoom_label.text() == f"Zoom {view.transform().m11() * 100:.0f} %"
