"""Qt drawing helpers shared by the canvas items and the tile palette."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QPainter,
    QPainterPath,
    QPainterPathStroker,
    QPen,
    QPixmap,
    QPolygonF,
)

import editor.qtcompat  # noqa: F401  (must run before any painting)
from editor.gui.shapes import (
    HEX_SIZE,
    NAME_FONT,
    SYMBOL_RADIUS,
    TILE_LABEL_CENTRE,
    TILE_LETTER_FONT,
    RegionShape,
    hex_outline,
    side_shapes,
    tile_labels,
)
from editor.gui.shapes import (
    side_label as side_label,  # re-exported: the canvas items and palette use it
)
from editor.model.catalogue import TileSide
from editor.model.lattice import Point
from editor.render.label_types import CHIP, NAME
from editor.render.paint import colour, font, paint_badge
from editor.render.style import Style, default_style

LABEL_DETAIL = 0.3  # below this on-screen scale symbols and the tile letter are left out

_HATCH = {
    "horizontal": Qt.BrushStyle.HorPattern,
    "vertical": Qt.BrushStyle.VerPattern,
    "cross": Qt.BrushStyle.CrossPattern,
    "fdiagonal": Qt.BrushStyle.BDiagPattern,  # Qt's names follow the other diagonal
    "bdiagonal": Qt.BrushStyle.FDiagPattern,
    "diagcross": Qt.BrushStyle.DiagCrossPattern,
    "dots": Qt.BrushStyle.Dense6Pattern,
}


def polygon(points: tuple[Point, ...]) -> QPolygonF:
    return QPolygonF([QPointF(x, y) for x, y in points])


@cache
def region_path(shape: RegionShape) -> QPainterPath:
    path = QPainterPath()
    path.addPolygon(polygon(shape.outline))
    path.closeSubpath()
    return path


def parts_path(parts: Iterable[tuple[Point, RegionShape]]) -> QPainterPath:
    """The outlines of a region's drawn parts, each moved to its tile's centre."""
    path = QPainterPath()
    for (cx, cy), shape in parts:
        path.addPath(region_path(shape).translated(cx, cy))
    return path


def clip_outside(area: QRectF, keep_clear: Iterable[QRectF]) -> QPainterPath:
    """A clip path of ``area`` with holes where ``keep_clear`` lies (the tile letters a
    highlight or an overlay never paints over); empty when nothing is kept clear."""
    holes = QPainterPath()
    for rect in keep_clear:
        holes.addRect(rect)
    if holes.isEmpty():
        return QPainterPath()
    clip = QPainterPath()
    clip.addRect(area)
    return clip.subtracted(holes)


@cache
def hex_path(size: float = HEX_SIZE) -> QPainterPath:
    path = QPainterPath()
    path.addPolygon(polygon(hex_outline(size)))
    path.closeSubpath()
    return path


def hatch_brush(style: Style, terrain: str) -> QBrush | None:
    spec = style.terrain(terrain)
    pattern = _HATCH.get(spec.hatch)
    if pattern is None:
        return None
    brush = QBrush(colour(spec.hatch_colour), pattern)
    return brush


def paint_tile(painter: QPainter, side: TileSide, rotation: int, style: Style,
               *, labels: bool = True, tile_label: str | None = None,
               detail: float = 1.0, symbols: bool = True, symbol_scale: float = 1.0) -> None:
    """Draw a tile side centred on (0, 0) in scene units: fills, hatches, borders, symbols.

    ``detail`` is the on-screen scale; small detail drops text that would be unreadable.
    Names and chips go where the shared label placement puts them (:func:`tile_labels`).
    """
    shapes = side_shapes(side, rotation)
    border = QPen(colour(style.canvas["region_border"]), 1.4)
    border.setCosmetic(False)
    for shape in shapes:
        path = region_path(shape)
        terrain = style.terrain(shape.terrain, side.side)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour(terrain.fill))
        painter.drawPath(path)
        hatch = hatch_brush(style, shape.terrain)
        if hatch is not None and detail > 0.25:
            painter.setBrush(hatch)
            painter.drawPath(path)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(border)
    for shape in shapes:
        painter.drawPath(region_path(shape))
    outline = QPen(colour(style.canvas["tile_outline"]), 2.2)
    outline.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    painter.setPen(outline)
    painter.drawPath(hex_path())
    if detail < LABEL_DETAIL:
        return
    show_names = labels and detail >= 0.45
    if symbols or show_names:
        # where names and chips go: the shared label placement, clear of the tile letter
        plan = tile_labels(side, rotation)
        if symbols:
            for chip in plan.of(CHIP):
                paint_badge(painter, QPointF(*chip.centre),
                            SYMBOL_RADIUS * chip.scale * symbol_scale, style.symbol(chip.key))
        if show_names:
            painter.setPen(colour(style.canvas["label"]))
            for name in plan.of(NAME):
                x0, y0, x1, y1 = name.box
                painter.setFont(font(NAME_FONT * name.scale))
                painter.drawText(QRectF(x0, y0, x1 - x0, y1 - y0),
                                 Qt.AlignmentFlag.AlignCenter, name.key)
    if tile_label:
        paint_tile_label(painter, tile_label, style)


@cache
def _label_path(text: str) -> QPainterPath:
    label_font = font(TILE_LETTER_FONT, bold=True)
    path = QPainterPath()
    path.addText(QPointF(0, 0), label_font, text)
    box = path.boundingRect()
    lx, ly = TILE_LABEL_CENTRE
    return path.translated(lx - box.center().x(), ly - box.center().y())


@cache
def _label_halo(text: str) -> QPainterPath:
    stroker = QPainterPathStroker()
    stroker.setWidth(3.5)
    stroker.setCapStyle(Qt.PenCapStyle.RoundCap)
    stroker.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return stroker.createStroke(_label_path(text))


def paint_tile_label(painter: QPainter, text: str, style: Style) -> None:
    """The tile letter near the top corner, haloed so markers and hatches never hide it.
    The halo is the letter's outline stroked once per text and then filled: stroking a
    glyph path with a wide pen on every paint was most of a zoom's exact frame."""
    path = _label_path(text)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour("#ffffff"))
    painter.drawPath(_label_halo(text))
    painter.setBrush(colour(style.canvas["label"]))
    painter.drawPath(path)


def paint_placeholder(painter: QPainter, text: str, style: Style) -> None:
    """A tile whose catalogue file is missing: a grey, hatched hex with a dashed outline,
    its letter and a question mark, so it is never taken for a real face."""
    canvas = style.canvas
    mark = colour(canvas.get("placeholder_mark", canvas["issue"]))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour(canvas.get("placeholder", canvas["ghost"])))
    painter.drawPath(hex_path())
    painter.setBrush(QBrush(mark, Qt.BrushStyle.BDiagPattern))
    painter.drawPath(hex_path())
    painter.setPen(QPen(mark, 2.5, Qt.PenStyle.DashLine))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(hex_path(HEX_SIZE - 3))
    painter.setPen(mark)
    painter.setFont(font(HEX_SIZE * 0.5, bold=True))
    painter.drawText(QRectF(-HEX_SIZE, -HEX_SIZE * 0.45, 2 * HEX_SIZE, HEX_SIZE * 0.7),
                     Qt.AlignmentFlag.AlignCenter, "?")
    painter.setFont(font(HEX_SIZE * 0.16))
    painter.drawText(QRectF(-HEX_SIZE, HEX_SIZE * 0.22, 2 * HEX_SIZE, HEX_SIZE * 0.3),
                     Qt.AlignmentFlag.AlignCenter, "catalogue missing")
    paint_tile_label(painter, text, style)


ICON_SYMBOL_SCALE = 1.8


def tile_pixmap(side: TileSide, rotation: int = 0, size: int = 84, *, greyed: bool = False,
                label: str | None = None, style: Style | None = None) -> QPixmap:
    """A palette icon: the tile drawn exactly as on the canvas, scaled to ``size`` pixels."""
    style = style or default_style()
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    scale = size / (2.05 * HEX_SIZE)
    painter.translate(size / 2, size / 2)
    painter.scale(scale, scale)
    if greyed:
        painter.setOpacity(0.28)
    # an icon shows no names, so its symbols can be drawn larger: read at the palette's
    # default size (76 px), where the canvas's size left them about 8 px across
    paint_tile(painter, side, rotation, style, labels=False, tile_label=label, detail=1.0,
               symbol_scale=ICON_SYMBOL_SCALE)
    painter.end()
    return pixmap
