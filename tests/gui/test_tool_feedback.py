"""What the canvas shows while a tool is armed (issue 14, item 3), driven by real events.

The palette drag is tested with the drag-and-drop events a QDrag delivers (enter, move,
leave, drop) sent to the canvas programmatically: a real QDrag.exec() runs a nested event
loop that the offscreen platform never ends, and no X server is assumed here.
"""

from __future__ import annotations

from typing import Any

import pytest
from gui_support import (
    click_item,
    click_scene,
    find_water_pair,
    land_region,
    region_point,
    seam_point,
    view_point,
)
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDragLeaveEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from test_editor_session import key
from test_editor_tools import arm_marker, place, window_for

from editor.gui.canvas.view import EMPTY_HINT, TILE_MIME, RealmView
from editor.gui.main_window import MainWindow
from editor.gui.shapes import hex_centre
from editor.model.lattice import neighbour
from editor.model.scenario import Placement, RiverMarker

pytestmark = pytest.mark.gui


def arm_tile(qtbot: QtBot, window: MainWindow, tile: str) -> None:
    item = window.tile_palette.item_for(tile, "surface")
    assert item is not None
    click_item(qtbot, window.tile_palette, item)
    assert window.editor.tool.kind == "tile"


def hover(qtbot: QtBot, view: RealmView, x: float, y: float) -> None:
    qtbot.mouseMove(view.viewport(), view_point(view, x, y))


def test_ghost_tile_follows_the_mouse_turned_and_red_on_a_taken_hex(qtbot: QtBot) -> None:
    window = window_for(qtbot)
    view, scene = window.view, window.scene
    assert view.empty_hint() == EMPTY_HINT, "an empty realm says what to do"
    place(qtbot, window, "A", 0, 0)
    assert view.empty_hint() is None
    assert not scene.ghost.isVisible()
    arm_tile(qtbot, window, "D")
    view.setFocus()
    key(qtbot, window, Qt.Key.Key_R)
    key(qtbot, window, Qt.Key.Key_R)
    assert window.editor.tool.rotation == 2, "R turns the armed tile, not the placed one"
    assert window.doc.board.tiles[0].rotation == 0
    hover(qtbot, view, *hex_centre(1, 0))
    assert scene.ghost.isVisible()
    assert (scene.ghost.hex, scene.ghost.turn, scene.ghost.blocked) == ((1, 0), 2, False)
    assert scene.ghost.pos() == QPointF(*hex_centre(1, 0))
    hover(qtbot, view, *hex_centre(0, 0))
    assert scene.ghost.hex == (0, 0) and scene.ghost.blocked, "red over tile A"
    click_scene(qtbot, view, *hex_centre(0, 0))
    assert len(window.doc.board.tiles) == 1
    click_scene(qtbot, view, *hex_centre(1, 0))
    assert window.doc.board.tiles[1] == Placement("D", "surface", 1, 0, 2), \
        "the tile lands as the ghost showed it"
    tool = window.editor.tool
    assert tool.kind == "tile" and tool.name not in ("D", "A"), \
        "the tile tool stays armed, with the next free tile"
    hover(qtbot, view, *hex_centre(1, 0))
    assert scene.ghost.hex == (1, 0) and scene.ghost.blocked, "red over the tile just placed"


def test_first_end_of_a_link_is_shown_until_the_second_click(qtbot: QtBot) -> None:
    window = window_for(qtbot)
    view, scene = window.view, window.scene
    place(qtbot, window, "A", 0, 0)
    place(qtbot, window, "B", 1, 0)
    a_side, b_side = (window.doc.catalogue.side(t, "surface") for t in "AB")
    arm_marker(qtbot, window, "cloud_bridge")
    assert not scene.pending_item.isVisible()
    click_scene(qtbot, view, *region_point(a_side, 0, 0, 0, land_region(a_side)))
    assert scene.pending_item.isVisible()
    first = scene.pending_item.path.boundingRect()
    assert first.contains(QPointF(*region_point(a_side, 0, 0, 0, land_region(a_side))))
    target = region_point(b_side, 0, 1, 0, land_region(b_side))
    hover(qtbot, view, *target)
    line_end = scene.pending_item.cursor_at
    assert line_end is not None and abs(line_end.x() - target[0]) < 2
    click_scene(qtbot, view, *target)
    assert len(window.doc.scenario.links) == 1
    assert not scene.pending_item.isVisible()
    # Esc drops a half-made link, and its mark with it.
    click_scene(qtbot, view, *region_point(a_side, 0, 0, 0, land_region(a_side)))
    assert scene.pending_item.isVisible()
    key(qtbot, window, Qt.Key.Key_Escape)
    assert not scene.pending_item.isVisible()


def drag_events(view: RealmView, mime: QMimeData, point: QPoint
                ) -> tuple[QDragEnterEvent, QDragMoveEvent]:
    buttons, modifiers = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    enter = QDragEnterEvent(QPointF(point), Qt.DropAction.CopyAction, mime, buttons, modifiers)
    move = QDragMoveEvent(QPointF(point), Qt.DropAction.CopyAction, mime, buttons, modifiers)
    return enter, move


def test_palette_drag_highlights_the_drop_target(qtbot: QtBot, qtlog: Any) -> None:
    """Events as a QDrag delivers them, sent programmatically (see the module docstring).
    Over a taken hex the status bar says why the drop is refused (nothing did, and each
    refused drop printed a QGraphicsView warning on stderr)."""
    window = window_for(qtbot)
    view, scene = window.view, window.scene
    place(qtbot, window, "A", 0, 0)
    mime = QMimeData()
    mime.setData(TILE_MIME, b"E:surface")
    viewport = view.viewport()
    free = view_point(view, *hex_centre(1, 0))
    enter, move = drag_events(view, mime, free)
    QApplication.sendEvent(viewport, enter)
    QApplication.sendEvent(viewport, move)
    assert move.isAccepted()
    assert scene.ghost.isVisible() and scene.ghost.hex == (1, 0) and not scene.ghost.blocked
    _, over_a = drag_events(view, mime, view_point(view, *hex_centre(0, 0)))
    QApplication.sendEvent(viewport, over_a)
    assert not over_a.isAccepted(), "no drop on a taken hex"
    assert scene.ghost.hex == (0, 0) and scene.ghost.blocked
    assert window.statusBar().currentMessage() == (
        "Hex (0, 0) is taken by tile A; pick an empty hex")
    QApplication.sendEvent(viewport, QDragLeaveEvent())
    assert not scene.ghost.isVisible(), "leaving the canvas drops the highlight"
    assert not [r.message for r in qtlog.records if "drag leave" in r.message]
    QApplication.sendEvent(viewport, enter)
    QApplication.sendEvent(viewport, QDropEvent(QPointF(free), Qt.DropAction.CopyAction, mime,
                                                Qt.MouseButton.LeftButton,
                                                Qt.KeyboardModifier.NoModifier))
    assert window.doc.board.tiles[-1] == Placement("E", "surface", 1, 0, 0)
    assert not scene.ghost.isVisible()


def test_river_tool_highlights_water_seams_and_refuses_others(qtbot: QtBot) -> None:
    window = window_for(qtbot)
    doc, view, scene = window.doc, window.view, window.scene
    pair = find_water_pair(doc.catalogue)
    place(qtbot, window, pair.x, 0, 0)
    arm_marker(qtbot, window, "river_marker")
    assert scene.seams.isVisible() and scene.seams.count == 0, "no water meets water yet"
    view.centerOn(*hex_centre(0, 0))
    # X's water reaches this seam, but nothing lies beyond it: refused, with a reason.
    click_scene(qtbot, view, *seam_point(0, 0, 0, pair.direction))
    assert doc.board.river_markers == []
    assert "water meets water" in window.statusBar().currentMessage()
    key(qtbot, window, Qt.Key.Key_Escape)
    assert not scene.seams.isVisible()

    cell_y = neighbour(0, 0, pair.direction)
    arm_tile(qtbot, window, pair.y)
    for _ in range(pair.y_rotation):
        key(qtbot, window, Qt.Key.Key_R)
    view.centerOn(*hex_centre(*cell_y))
    click_scene(qtbot, view, *hex_centre(*cell_y))
    assert doc.board.tiles[-1] == Placement(pair.y, "surface", *cell_y, pair.y_rotation)
    arm_marker(qtbot, window, "river_marker")
    assert scene.seams.isVisible() and scene.seams.count >= 1
    seam_mid = QPointF(*hex_centre(0, 0)) + (QPointF(*hex_centre(*cell_y))
                                             - QPointF(*hex_centre(0, 0))) / 2
    assert scene.seams.path.boundingRect().adjusted(-1, -1, 1, 1).contains(seam_mid)
    view.centerOn(*hex_centre(0, 0))
    click_scene(qtbot, view, *seam_point(0, 0, 0, pair.direction))
    assert doc.board.river_markers == [RiverMarker(pair.x, pair.direction)]
