"""Layers, overview, context menu, arrow-key panning and "centre on selection"
(issue 14, item 6), with real key presses, clicks and context-menu events."""

from __future__ import annotations

import pytest
from gui_support import click_scene, land_region, open_context_menu, region_point, view_point
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QContextMenuEvent, QImage
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from test_editor_session import key
from test_editor_tools import arm_marker, place, window_for

from editor.gui.canvas.tile_cache import DESIGNS
from editor.gui.canvas.view import PAN_STEP, RealmView
from editor.gui.main_window import MainWindow
from editor.gui.shapes import hex_centre

pytestmark = pytest.mark.gui


def shot(view: RealmView) -> QImage:
    """The canvas once settled: tile pictures borrowed from another size for a first
    frame are drawn exactly a moment later (editor.gui.canvas.tile_cache), and the findings
    (whose outlines are drawn too) follow an edit a moment later."""
    view.realm_scene.doc.wait_for_analysis()
    QApplication.processEvents()
    for _ in range(200):
        if not DESIGNS.pending and not view.realm_scene._refine_timer.isActive():
            break
        QTest.qWait(10)
    QApplication.processEvents()
    return view.viewport().grab().toImage()


def with_tile_and_marker(qtbot: QtBot) -> MainWindow:
    window = window_for(qtbot)
    place(qtbot, window, "A", 0, 0)
    side = window.doc.catalogue.side("A", "surface")
    arm_marker(qtbot, window, "coin_mine")
    click_scene(qtbot, window.view, *region_point(side, 0, 0, 0, land_region(side)))
    key(qtbot, window, Qt.Key.Key_Escape)
    window.view.set_zoom(1.0)
    window.view.centerOn(*hex_centre(0, 0))
    return window


def test_layer_toggles_hide_and_show_what_they_name(qtbot: QtBot) -> None:
    window = with_tile_and_marker(qtbot)
    view, scene = window.view, window.scene
    base = shot(view)
    for name in ("names", "symbols", "markers"):
        action = window.layer_actions[name]
        action.trigger()
        assert not action.isChecked()
        assert shot(view) != base, f"hiding {name} changes the picture"
        action.trigger()
        assert shot(view) == base, f"showing {name} again restores it"
    window.layer_actions["markers"].trigger()
    assert not any(item.isVisible() for item in scene.marker_items)
    window.layer_actions["markers"].trigger()
    assert all(item.isVisible() for item in scene.marker_items)

    # The graph of play comes with a legend in the view's corner.
    key(qtbot, window, Qt.Key.Key_G)
    with_graph = shot(view)
    corner = with_graph.copy(0, with_graph.height() - 110, 220, 110)
    key(qtbot, window, Qt.Key.Key_G)
    assert shot(view).copy(0, with_graph.height() - 110, 220, 110) != corner


def test_arrows_pan_c_centres_on_the_selection(qtbot: QtBot) -> None:
    window = with_tile_and_marker(qtbot)
    view = window.view
    click_scene(qtbot, view, *hex_centre(0, 0))
    assert window.doc.selection.tile_index == 0
    h = view.horizontalScrollBar().value()
    key(qtbot, window, Qt.Key.Key_Right)
    assert view.horizontalScrollBar().value() == h + PAN_STEP
    v = view.verticalScrollBar().value()
    for _ in range(5):
        key(qtbot, window, Qt.Key.Key_Down, Qt.KeyboardModifier.ShiftModifier)
    assert view.verticalScrollBar().value() == v + 20 * PAN_STEP
    middle = view.viewport().rect().center()
    assert (view.mapToScene(middle) - QPointF(*hex_centre(0, 0))).manhattanLength() > 500
    key(qtbot, window, Qt.Key.Key_C)
    assert (view.mapToScene(middle) - QPointF(*hex_centre(0, 0))).manhattanLength() < 4


def test_context_menu_on_a_tile_rotates_it(qtbot: QtBot) -> None:
    window = with_tile_and_marker(qtbot)
    view = window.view
    point = view_point(view, *hex_centre(0, 0)) + QPoint(0, 30)
    menu = open_context_menu(qtbot, view, point)
    texts = [a.text() for a in menu.actions() if a.text()]
    assert texts[:4] == ["Rotate left (R)", "Rotate right (Shift+R)", "Flip (F)", "Delete"]
    assert "&Copy" in texts and "P&roperties\u2026" in texts
    assert window.doc.selection.tile_index == 0, "right click selected the tile"
    menu.setActiveAction(menu.actions()[0])
    qtbot.keyClick(menu, Qt.Key.Key_Return)
    assert window.doc.board.tiles[0].rotation == 1

    # With a tool armed, a right click only goes back to select: no menu.
    view.context_menu = None
    arm_marker(qtbot, window, "mountain")
    qtbot.mousePress(view.viewport(), Qt.MouseButton.RightButton, pos=point)
    QApplication.sendEvent(view.viewport(), QContextMenuEvent(
        QContextMenuEvent.Reason.Mouse, point, view.viewport().mapToGlobal(point)))
    assert view.context_menu is None and window.editor.tool.kind == "select"


def test_overview_frames_the_view_and_moves_it(qtbot: QtBot) -> None:
    window = with_tile_and_marker(qtbot)
    place(qtbot, window, "B", 6, 0)
    window._docks["overview"].show()
    window._docks["overview"].raise_()
    overview = window.overview
    qtbot.waitUntil(lambda: overview.isVisible() and overview.width() > 100, timeout=3000)
    overview.fit()
    view = window.view
    view.set_zoom(1.0)
    view.centerOn(*hex_centre(0, 0))
    target = overview.mapFromScene(QPointF(*hex_centre(6, 0)))
    qtbot.mouseClick(overview.viewport(), Qt.MouseButton.LeftButton, pos=target)
    middle = view.mapToScene(view.viewport().rect().center())
    assert (middle - QPointF(*hex_centre(6, 0))).manhattanLength() < 40
    assert overview.shown_rect().contains(QPointF(*hex_centre(6, 0)))
