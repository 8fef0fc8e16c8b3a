"""The tile palette (issue 14, item 4): tiles placed at any shared player count are shown
as placed and refused; filter by letter, terrain or symbol; free only; icon size; free
tiles first. Driven with real clicks and key presses."""

from __future__ import annotations

import pytest
from gui_support import click_item
from PySide6.QtCore import QMimeData, QPointF, Qt
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QApplication, QListWidgetItem
from pytestqt.qtbot import QtBot
from test_editor_tools import place, window_for

from editor.gui.canvas.view import TILE_MIME
from editor.gui.palette import MAX_ICON, ROLE_SIDE, ROLE_TILE, ROLE_USED
from editor.gui.shapes import hex_centre
from editor.model.scenario import Placement, Presence

pytestmark = pytest.mark.gui


def key_of(item: QListWidgetItem) -> tuple[str, str]:
    return item.data(ROLE_TILE), item.data(ROLE_SIDE)


def test_tile_placed_at_another_count_is_shown_placed_and_refused(qtbot: QtBot) -> None:
    window = window_for(qtbot)
    doc, palette = window.doc, window.tile_palette
    doc.set_players(3)
    place(qtbot, window, "B", 1, 0)
    assert doc.board.tiles == [Placement("B", "surface", 1, 0, 0, Presence(min_players=3))]
    doc.set_players(2)
    assert window.scene.tile_items == {}, "B is not on the 2-player board"
    item = palette.item_for("B", "surface")
    assert item is not None
    assert not item.flags() & Qt.ItemFlag.ItemIsSelectable
    assert "placed" in item.text()
    assert "(1, 0)" in item.toolTip() and "3+ players" in item.toolTip()
    click_item(qtbot, palette, item)
    assert window.editor.tool.kind == "select", "a placed tile is not armed"
    message = window.statusBar().currentMessage()
    assert "Tile B is already placed" in message and "(1, 0)" in message

    # Dropped on the canvas anyway (a drag started before it was placed): refused too.
    mime = QMimeData()
    mime.setData(TILE_MIME, b"B:underground")
    window.view.centerOn(*hex_centre(0, 0))
    point = window.view.mapFromScene(QPointF(*hex_centre(0, 0)))
    QApplication.sendEvent(window.view.viewport(), QDropEvent(
        QPointF(point), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier))
    assert len(doc.board.tiles) == 1, "no second B (lint's G002)"

    # A B kept for 3 players only does not block a B from 4 players up (separate layouts).
    doc.board.tiles[0].presence = Presence(players=(3,))
    doc.set_players(4)
    item = palette.item_for("B", "surface")
    assert item is not None and item.flags() & Qt.ItemFlag.ItemIsSelectable
    place(qtbot, window, "B", 0, 0)
    assert [(p.q, p.r) for p in doc.board.tiles] == [(1, 0), (0, 0)]


def test_filter_free_only_size_and_free_tiles_first(qtbot: QtBot) -> None:
    window = window_for(qtbot)
    doc, palette, dock = window.doc, window.tile_palette, window.tile_dock
    place(qtbot, window, "A", 0, 0)
    shown = palette.shown_items()
    assert len(shown) == palette.count()
    assert [key_of(i) for i in shown[-2:]] == [("A", "surface"), ("A", "underground")], \
        "placed tiles sort after the free ones"
    assert not any(i.data(ROLE_USED) for i in shown[:-2])

    dock.search.setFocus()
    qtbot.keyClicks(dock.search, "forest")
    forest = palette.shown_items()
    assert 0 < len(forest) < palette.count()
    for item in forest:
        tile, side = key_of(item)
        assert any(r.terrain == "forest" for r in doc.catalogue.side(tile, side).regions)
    qtbot.keyClicks(dock.search, " mine")
    both = palette.shown_items()
    assert 0 < len(both) <= len(forest)
    for item in both:
        regions = doc.catalogue.side(*key_of(item)).regions
        assert any("mine" in r.symbols for r in regions)
    dock.search.clear()
    qtbot.keyClicks(dock.search, "c")
    assert {key_of(i)[0] for i in palette.shown_items()} >= {"C"}
    assert all(key_of(i)[0] == "C" or i.text() for i in palette.shown_items())
    dock.search.clear()
    qtbot.keyClicks(dock.search, "A")
    assert [key_of(i) for i in palette.shown_items()] == [("A", "surface"),
                                                           ("A", "underground")]
    qtbot.mouseClick(dock.free_only, Qt.MouseButton.LeftButton,
                     pos=dock.free_only.rect().center())
    assert dock.free_only.isChecked()
    assert palette.shown_items() == [], "A is placed"
    dock.search.clear()
    assert len(palette.shown_items()) == palette.count() - 2

    dock.size_slider.setFocus()
    qtbot.keyClick(dock.size_slider, Qt.Key.Key_End)
    assert palette.iconSize().width() == MAX_ICON


def _pixels_of(image: object, hex_colour: str) -> int:
    from PySide6.QtGui import QColor, QImage

    assert isinstance(image, QImage)
    target = QColor(hex_colour)
    return sum(1 for x in range(image.width()) for y in range(image.height())
               if abs(image.pixelColor(x, y).red() - target.red()) < 25
               and abs(image.pixelColor(x, y).green() - target.green()) < 25
               and abs(image.pixelColor(x, y).blue() - target.blue()) < 25)


def test_palette_symbols_are_readable_at_the_default_icon_size(qtbot: QtBot) -> None:
    """Issue 28 point 8: a symbol badge in a palette icon was about 8 px across at the
    default size, too small for its glyph; it is now drawn at least 14 px across."""
    from editor.gui.palette import ICON
    from editor.render.style import default_style

    window = window_for(qtbot)
    item = window.tile_palette.item_for("B", "surface")  # forest + magic source
    assert item is not None
    assert window.tile_palette.iconSize().width() == ICON
    image = item.icon().pixmap(ICON, ICON).toImage()
    magic = _pixels_of(image, default_style().symbol("magic").fill)
    assert magic >= 150, magic  # a disc 14 px across covers about 154 pixels
