"""Multi-selection (issue 14, item 7): rubber band and Ctrl+click; move, rotate about the
common centre, delete, cut, copy, paste and duplicate, each one undo step, between
documents too. Real mouse drags and key presses; the clipboard is Qt's own."""

from __future__ import annotations

import pytest
from gui_support import click_scene, drag_scene, land_region, region_point, view_point
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from test_editor_session import key
from test_editor_tools import arm_marker, place, window_for

from editor.gui.group import parse_clip, rotate_offset
from editor.gui.main_window import MainWindow
from editor.gui.shapes import hex_centre
from editor.model import lattice

pytestmark = pytest.mark.gui
CTRL = Qt.KeyboardModifier.ControlModifier


def cells(window: MainWindow) -> dict[str, tuple[int, int, int]]:
    return {p.tile: (p.q, p.r, p.rotation) for p in window.doc.board.tiles}


def activate(qtbot: QtBot, window: MainWindow) -> None:
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=3000)
    window.view.setFocus()


def hover(qtbot: QtBot, window: MainWindow, q: int, r: int) -> None:
    qtbot.mouseMove(window.view.viewport(), view_point(window.view, *hex_centre(q, r)))


def test_rotate_offset_turns_like_a_tile() -> None:
    for d in range(6):
        assert rotate_offset(*lattice.NEIGHBOUR_DIRECTIONS[d], 1) == \
            lattice.NEIGHBOUR_DIRECTIONS[(d + 1) % 6]
    assert rotate_offset(2, -1, 6) == (2, -1)


def test_band_ctrl_click_move_rotate_delete_as_single_steps(qtbot: QtBot) -> None:
    window = window_for(qtbot)
    doc, view, stack = window.doc, window.view, window.doc.undo_stack
    for tile, q in (("A", 0), ("B", 1), ("C", 3)):
        place(qtbot, window, tile, q, 0)
    a_side = doc.catalogue.side("A", "surface")
    arm_marker(qtbot, window, "coin_mine")
    click_scene(qtbot, view, *region_point(a_side, 0, 0, 0, land_region(a_side)))
    key(qtbot, window, Qt.Key.Key_Escape)
    view.centerOn(*hex_centre(1, 0))

    # Rubber band from an empty hex over A and B (and A's coin mine), not C.
    drag_scene(qtbot, view, hex_centre(-1, -1), hex_centre(1, 1))
    sel = doc.selection
    assert (sel.tile_set, sel.marker_set) == ({0, 1}, {0})
    assert window.scene.tile_items[0].selected and not window.scene.tile_items[2].selected
    # Ctrl+click adds C, a second Ctrl+click takes it out again.
    click_scene(qtbot, view, *hex_centre(3, 0), modifier=CTRL)
    assert doc.selection.tile_set == {0, 1, 2}
    click_scene(qtbot, view, *hex_centre(3, 0), modifier=CTRL)
    assert doc.selection.tile_set == {0, 1}

    # R turns A and B as one piece about their centre hex: one undo step.
    before, depth = cells(window), stack.count()
    key(qtbot, window, Qt.Key.Key_R)
    after = cells(window)
    assert stack.count() == depth + 1 and stack.undoText() == "Rotate 2 tiles"
    assert after["C"] == before["C"]
    assert after["A"][2] == 1 and after["B"][2] == 1
    (aq, ar, _), (bq, br, _) = after["A"], after["B"]
    assert lattice.hex_distance((aq, ar), (bq, br)) == 1, "still side by side"
    assert (bq - aq, br - ar) == lattice.NEIGHBOUR_DIRECTIONS[1], "the pair turned one step"
    key(qtbot, window, Qt.Key.Key_Z, CTRL)
    assert cells(window) == before

    # Dragging one of them drags both: one MoveTile macro.
    drag_scene(qtbot, view, hex_centre(0, 0), hex_centre(0, 2))
    assert cells(window)["A"][:2] == (0, 2) and cells(window)["B"][:2] == (1, 2)
    assert stack.undoText() == "Move 2 tiles"
    assert [m.region for m in doc.board.markers] == [f"A.{land_region(a_side)}"]
    key(qtbot, window, Qt.Key.Key_Z, CTRL)
    assert cells(window) == before
    # A drop onto C is refused and the tiles go back.
    drag_scene(qtbot, view, hex_centre(1, 0), hex_centre(3, 0))
    assert cells(window) == before
    assert window.scene.tile_items[0].pos().toTuple() == hex_centre(0, 0)

    key(qtbot, window, Qt.Key.Key_Delete)
    assert [p.tile for p in doc.board.tiles] == ["C"] and doc.board.markers == []
    key(qtbot, window, Qt.Key.Key_Z, CTRL)
    assert cells(window) == before and len(doc.board.markers) == 1, "one step back"


def test_cut_copy_paste_duplicate_between_documents(qtbot: QtBot) -> None:
    first = window_for(qtbot)
    doc = first.doc
    place(qtbot, first, "A", 0, 0)
    place(qtbot, first, "B", 1, 0)
    a_side = doc.catalogue.side("A", "surface")
    spot = region_point(a_side, 0, 0, 0, land_region(a_side))
    arm_marker(qtbot, first, "coin_mine")
    click_scene(qtbot, first.view, *spot)
    key(qtbot, first, Qt.Key.Key_Escape)
    key(qtbot, first, Qt.Key.Key_A, CTRL)
    assert doc.selection.tile_set == {0, 1} and doc.selection.marker_set == {0}
    key(qtbot, first, Qt.Key.Key_C, CTRL)
    clip = parse_clip(QApplication.clipboard().text())
    assert clip is not None and len(clip.tiles) == 2 and len(clip.markers) == 1

    # Another document takes them where the mouse is, in one undo step.
    # (One window shown at a time: offscreen, windows share a place and the mouse.)
    first.hide()
    second = window_for(qtbot)
    activate(qtbot, second)
    hover(qtbot, second, 2, -1)
    assert second.view.hover_hex == (2, -1)
    key(qtbot, second, Qt.Key.Key_V, CTRL)
    assert cells(second) == {"A": (2, -1, 0), "B": (3, -1, 0)}
    assert [m.kind for m in second.doc.board.markers] == ["coin_mine"]
    assert second.doc.undo_stack.undoText() == "Paste 3 items"
    key(qtbot, second, Qt.Key.Key_Z, CTRL)
    assert second.doc.board.tiles == [] and second.doc.board.markers == []

    # Pasting into the same document: the tiles are there already, each exists once.
    second.hide()
    first.show()
    qtbot.waitExposed(first)
    activate(qtbot, first)
    hover(qtbot, first, 0, 2)
    key(qtbot, first, Qt.Key.Key_V, CTRL)
    assert len(doc.board.tiles) == 2 and len(doc.board.markers) == 1, "nothing pasted"
    assert "already placed" in first.statusBar().currentMessage()

    # Cut is one step; paste puts them back where the mouse is.
    key(qtbot, first, Qt.Key.Key_A, CTRL)
    key(qtbot, first, Qt.Key.Key_X, CTRL)
    assert doc.board.tiles == [] and doc.board.markers == []
    assert doc.undo_stack.undoText() == "Cut"
    hover(qtbot, first, 0, 2)
    key(qtbot, first, Qt.Key.Key_V, CTRL)
    assert cells(first) == {"A": (0, 2, 0), "B": (1, 2, 0)}
    assert doc.selection.tile_set == {0, 1}, "the pasted items are selected"

    # Duplicate a marker: Ctrl+D copies and pastes at once.
    marker = first.scene.marker_items[0].scenePos()
    first.view.centerOn(marker)
    click_scene(qtbot, first.view, marker.x(), marker.y())
    assert doc.selection.marker_index == 0
    key(qtbot, first, Qt.Key.Key_D, CTRL)
    assert [m.kind for m in doc.board.markers] == ["coin_mine", "coin_mine"]
    assert doc.undo_stack.undoText() == "Duplicate 1 marker"


def test_clipboard_from_elsewhere_is_checked_not_trusted() -> None:
    assert parse_clip("not json") is None
    assert parse_clip('{"format": "other"}') is None
    clip = parse_clip('{"format": "realms-selection/1", "tiles": [{"tile": "A", "side": '
                      '"surface", "dq": "x", "dr": 0, "rotation": 0}, 7, {"tile": "B", '
                      '"side": "surface", "dq": 1, "dr": 0, "rotation": 13}], "markers": '
                      '[{"kind": "mountain", "region": "B.s1", "attrs": {"a": [1]}}]}')
    assert clip is not None
    assert clip.tiles == (("B", "surface", 1, 0, 1),)
    assert clip.markers == (("mountain", "B.s1", None, {}),)
