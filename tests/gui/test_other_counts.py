"""Issue 28, point 4: a hex used at another player count is taken, and shown.

Board for 3 players: L at (1, 2). Board for 2 players: the hex shows L dimmed, the
ghost of M over it is red, and a click there places nothing (at 3 players the two
would overlap: lint's G001).
"""

from __future__ import annotations

import pytest
from gui_support import click_item, click_scene, drag_scene, shown_window, view_point
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QComboBox
from pytestqt.qtbot import QtBot

from editor.gui.document import ScenarioDocument
from editor.gui.main_window import MainWindow
from editor.gui.shapes import HEX_SIZE, hex_centre
from editor.gui.templates import new_scenario
from editor.model.catalogue import default_catalogue

pytestmark = pytest.mark.gui
HEX = (1, 2)


def window_for(qtbot: QtBot) -> MainWindow:
    return shown_window(qtbot, ScenarioDocument(new_scenario("Counts", 2, 4),
                                                default_catalogue()))


def choose_players(qtbot: QtBot, box: QComboBox, count: int) -> None:
    """Step the "Board for" box with the arrow keys, as a keyboard user does."""
    box.setFocus()
    while box.currentData() != count:
        key = Qt.Key.Key_Down if box.currentData() < count else Qt.Key.Key_Up
        qtbot.keyClick(box, key)


def arm(qtbot: QtBot, window: MainWindow, tile: str) -> None:
    item = window.tile_palette.item_for(tile, "surface")
    assert item is not None
    click_item(qtbot, window.tile_palette, item)
    assert window.editor.tool.kind == "tile" and window.editor.tool.name == tile


def hex_picture(qtbot: QtBot, window: MainWindow) -> QImage:
    """The canvas's pixels over the hex (centred first, so the crop is the same place)."""
    view = window.view
    view.centerOn(*hex_centre(*HEX))
    qtbot.wait(30)
    centre = view_point(view, *hex_centre(*HEX))
    size = round(HEX_SIZE * view.scale_factor)
    return view.viewport().grab(QRect(centre.x() - size // 2, centre.y() - size // 2,
                                      size, size)).toImage()


def test_a_hex_used_at_another_count_is_shown_dimmed_and_refused(qtbot: QtBot) -> None:
    window = window_for(qtbot)
    doc, view = window.doc, window.view
    view.set_zoom(1.0)
    empty = hex_picture(qtbot, window)

    choose_players(qtbot, window.players_box, 3)
    assert doc.players == 3
    arm(qtbot, window, "L")
    view.centerOn(*hex_centre(*HEX))
    click_scene(qtbot, view, *hex_centre(*HEX))
    placed = doc.board.tiles
    assert [(p.tile, p.q, p.r, p.presence.min_players) for p in placed] == [("L", *HEX, 3)]
    shown_at_3 = hex_picture(qtbot, window)
    assert shown_at_3 != empty

    choose_players(qtbot, window.players_box, 2)
    assert doc.players == 2 and doc.visible_tiles() == []
    dimmed = hex_picture(qtbot, window)
    assert dimmed != empty, "L (3+ players) is drawn on the board for 2 players"
    assert dimmed != shown_at_3, "...dimmed, not as a tile of this count"

    # M armed: red over L's hex, green beside it; a click on L's hex places nothing.
    arm(qtbot, window, "M")
    view.centerOn(*hex_centre(*HEX))
    qtbot.mouseMove(view.viewport(), view_point(view, *hex_centre(*HEX)))
    ghost = window.scene.ghost
    assert ghost.isVisible() and ghost.hex == HEX and ghost.blocked
    free = (HEX[0] + 2, HEX[1])
    qtbot.mouseMove(view.viewport(), view_point(view, *hex_centre(*free)))
    assert ghost.hex == free and not ghost.blocked
    qtbot.mouseMove(view.viewport(), view_point(view, *hex_centre(*HEX)))
    click_scene(qtbot, view, *hex_centre(*HEX))
    assert [p.tile for p in doc.board.tiles] == ["L"], "M was refused"
    assert "L" in window.statusBar().currentMessage()

    # M placed beside it, then dragged onto L's hex: refused the same way.
    click_scene(qtbot, view, *hex_centre(*free))
    assert [p.tile for p in doc.board.tiles] == ["L", "M"]
    if window.editor.tool.kind != "select":
        qtbot.keyClick(view, Qt.Key.Key_Escape)
    drag_scene(qtbot, view, hex_centre(*free), hex_centre(*HEX))
    assert (doc.board.tiles[1].q, doc.board.tiles[1].r) == free
    assert "L" in window.statusBar().currentMessage()


def test_the_dimmed_layer_can_be_switched_off(qtbot: QtBot) -> None:
    window = window_for(qtbot)
    doc = window.doc
    choose_players(qtbot, window.players_box, 3)
    arm(qtbot, window, "L")
    window.view.centerOn(*hex_centre(*HEX))
    click_scene(qtbot, window.view, *hex_centre(*HEX))
    choose_players(qtbot, window.players_box, 2)
    assert list(window.scene.other_items) == [0] and not window.scene.tile_items
    window.layer_actions["others"].trigger()
    assert not window.scene.other_items
    assert doc.board.tiles[0].tile == "L"
