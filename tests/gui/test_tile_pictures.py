"""Tile pictures of the canvas (editor.gui.canvas.tile_cache): each design's drawing is
recorded once per detail band and replayed at every picture size of that band; the
replayed picture must be the very pixels painting the tile into it gives."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage, QPainter, QPixmap
from pytestqt.qtbot import QtBot

from editor.gui.canvas.tile_cache import EXTENT, DesignCache, size_band
from editor.gui.painting import paint_tile
from editor.model.catalogue import TileSide, default_catalogue
from editor.render.style import Style, default_style

pytestmark = pytest.mark.gui

# One scale per detail band of paint_tile (no hatches; hatches; symbols; names), each
# band at two picture sizes where it spans more than one.
DETAILS = (0.15, 0.27, 0.33, 0.42, 0.5, 1.0, 2.0)


def painted(side: TileSide, rotation: int, style: Style, detail: float, *, names: bool,
            symbols: bool) -> QImage:
    """The picture as the canvas drew it before recordings: painted straight into it."""
    found = size_band(detail, 1.0)
    assert found is not None
    size = found[0]
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHints(QPainter.RenderHint.Antialiasing
                           | QPainter.RenderHint.TextAntialiasing)
    painter.translate(size / 2, size / 2)
    painter.scale(size / EXTENT, size / EXTENT)
    paint_tile(painter, side, rotation, style, labels=names, detail=detail, symbols=symbols)
    painter.end()
    return pixmap.toImage()


def test_a_replayed_picture_is_the_painted_one(qtbot: QtBot) -> None:
    """Every bundled design, every rotation, every detail band, names and symbols on and
    off: the cache's picture (a replayed recording) equals the one painted directly."""
    catalogue, style = default_catalogue(), default_style()
    cache = DesignCache()
    compared = 0
    for key in sorted(catalogue.tiles):
        for side in catalogue.tiles[key].sides.values():
            for rotation in range(6):
                for detail in DETAILS:
                    for names, symbols in ((True, True), (False, True), (True, False)):
                        found = cache.pixmap(side, rotation, style, detail, names=names,
                                             symbols=symbols, borrow=False)
                        assert found is not None
                        expected = painted(side, rotation, style, detail, names=names,
                                           symbols=symbols)
                        assert found[0].toImage() == expected, (key, side.side, rotation,
                                                                detail, names, symbols)
                        compared += 1
    assert compared > 3000
    # seven scales, four detail bands: the last three scales replay one recording
    assert cache.recorded * len(DETAILS) == cache.drawn * 4, "one recording per band"


def test_one_recording_serves_every_size_of_a_detail_band(qtbot: QtBot) -> None:
    """A design is recorded once per detail band (68, 136 and 272 px with names share
    one); a band with other details needs its own, and clearing the cache drops them."""
    catalogue, style = default_catalogue(), default_style()
    side = catalogue.side(sorted(catalogue.tiles)[0], "surface")
    cache = DesignCache()

    def draw(detail: float, rotation: int = 0) -> None:
        cache.pixmap(side, rotation, style, detail, names=True, symbols=True, borrow=False)

    for detail in (0.5, 1.0, 2.0):
        draw(detail)
    assert (cache.drawn, cache.recorded) == (3, 1)
    draw(0.42)  # 68 px as well, without names
    assert (cache.drawn, cache.recorded) == (4, 2)
    draw(1.0, rotation=1)  # another rotation is another drawing
    assert (cache.drawn, cache.recorded) == (5, 3)
    cache.clear()
    draw(1.0)
    assert (cache.drawn, cache.recorded) == (6, 4)
