"""Issue 28, point 7: the Inspector shows what is selected now, never a stale region,
a tile no longer on the shown board, or a blank for a multi-selection."""

from __future__ import annotations

import pytest
from gui_support import click_scene, land_region, region_point
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from test_editor_session import key, settle
from test_editor_tools import place, window_for

from editor.gui.main_window import MainWindow
from editor.gui.shapes import hex_centre

pytestmark = pytest.mark.gui
CTRL = Qt.KeyboardModifier.ControlModifier
DASH = "\u2014"


def shown(window: MainWindow) -> dict[str, str]:
    fields = window.inspector.selection_panel.fields
    return {name: fields[name].text() if name in fields else "(no such field)"
            for name in ("Selected", "Region", "Tile", "Markers")}


def test_after_a_flip_the_inspector_shows_no_vanished_region(qtbot: QtBot) -> None:
    window = window_for(qtbot)
    doc = window.doc
    place(qtbot, window, "C", 0, 0)
    side = doc.catalogue.side("C", "surface")
    local = land_region(side)
    key(qtbot, window, Qt.Key.Key_Escape)
    click_scene(qtbot, window.view, *region_point(side, 0, 0, 0, local))
    settle(qtbot, window)
    assert shown(window)["Region"].startswith(f"C.{local}")
    flipped = doc.catalogue.side("C", "underground")
    assert all(r.local_id != local for r in flipped.regions), "the test needs a vanishing id"

    key(qtbot, window, Qt.Key.Key_F)
    settle(qtbot, window)
    assert doc.board.tiles[0].side == "underground"
    fields = shown(window)
    assert f"C.{local}" not in fields["Region"] and "not derived" not in fields["Region"]
    assert fields["Tile"] == "C (underground)" and fields["Selected"] == "1 tile"


def test_a_tile_sent_to_other_counts_leaves_the_inspector(qtbot: QtBot) -> None:
    window = window_for(qtbot)
    doc = window.doc
    place(qtbot, window, "C", 0, 0)
    key(qtbot, window, Qt.Key.Key_Escape)
    click_scene(qtbot, window.view, 0, 0)
    assert shown(window)["Tile"] == "C (surface)"
    key(qtbot, window, Qt.Key.Key_R)
    placement = window.inspector.selection_panel.fields["Placement"]
    assert placement.text() == "hex (0, 0), turned 60\u00b0"
    assert placement.heightForWidth(placement.width()) <= placement.fontMetrics().height() * 1.5
    key(qtbot, window, Qt.Key.Key_Z, CTRL)
    box = window.inspector.selection_panel.min_players
    box.setFocus()
    qtbot.keyClick(box, Qt.Key.Key_Down)  # "3 players and up", shown: 2 players
    assert doc.board.tiles[0].presence.min_players == 3 and doc.visible_tiles() == []
    fields = shown(window)
    assert fields["Tile"] == DASH and fields["Selected"] == DASH


def test_a_multi_selection_is_counted(qtbot: QtBot) -> None:
    window = window_for(qtbot)
    for tile, q in (("A", 0), ("B", 1), ("C", 3)):
        place(qtbot, window, tile, q, 0)
    key(qtbot, window, Qt.Key.Key_Escape)
    key(qtbot, window, Qt.Key.Key_A, CTRL)
    fields = shown(window)
    assert fields["Selected"] == "3 tiles" and fields["Tile"] == "A, B, C"
    click_scene(qtbot, window.view, *hex_centre(0, 2))  # an empty hex: nothing selected
    click_scene(qtbot, window.view, 0, 0)
    click_scene(qtbot, window.view, *hex_centre(1, 0), modifier=CTRL)
    assert shown(window)["Selected"] == "2 tiles" and shown(window)["Tile"] == "A, B"
