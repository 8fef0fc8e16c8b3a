"""Qt drawing helpers shared by the canvas items and the tile palette."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QPolygonF,
)

import editor.qtcompat  # noqa: F401  (must run before any painting)
from editor.gui.shapes import (
    HEX_SIZE,
    NAME_HALF_WIDTH,
    NAME_HEIGHT,
    NAME_TOP_DY,
    SYMBOL_RADIUS,
    SYMBOL_ROW_DY,
    SYMBOL_SPACING,
    TILE_LABEL_CENTRE,
    RegionShape,
    hex_outline,
    side_shapes,
)
from editor.model.catalogue import TileSide
from editor.model.lattice import Point
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


def side_label(tile: str, side: str) -> str:
    """A tile's name as drawn: its letter, primed on the underground side ("C\u2032")."""
    return tile if side == "surface" else f"{tile}\u2032"


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
               detail: float = 1.0, symbols: bool = True) -> None:
    """Draw a tile side centred on (0, 0) in scene units: fills, hatches, borders, symbols.

    ``detail`` is the on-screen scale; small detail drops text that would be unreadable.
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
    if symbols:
        for shape in shapes:
            _paint_symbols(painter, shape, style)
    if labels and detail >= 0.45:
        painter.setFont(font(9))
        painter.setPen(colour(style.canvas["label"]))
        for shape in shapes:
            ax, ay = shape.anchor
            rect = QRectF(ax - NAME_HALF_WIDTH, ay + NAME_TOP_DY, 2 * NAME_HALF_WIDTH,
                          NAME_HEIGHT)
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, shape.local_id)
    if tile_label:
        paint_tile_label(painter, tile_label, style)


@cache
def _label_path(text: str) -> QPainterPath:
    label_font = font(14, bold=True)
    path = QPainterPath()
    path.addText(QPointF(0, 0), label_font, text)
    box = path.boundingRect()
    lx, ly = TILE_LABEL_CENTRE
    return path.translated(lx - box.center().x(), ly - box.center().y())


def paint_tile_label(painter: QPainter, text: str, style: Style) -> None:
    """The tile letter near the top corner, haloed so markers and hatches never hide it."""
    path = _label_path(text)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(colour("#ffffff"), 3.5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                        Qt.PenJoinStyle.RoundJoin))
    painter.drawPath(path)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour(style.canvas["label"]))
    painter.drawPath(path)


def _paint_symbols(painter: QPainter, shape: RegionShape, style: Style) -> None:
    if not shape.symbols:
        return
    count = len(shape.symbols)
    ax, ay = shape.anchor
    for k, name in enumerate(shape.symbols):
        x = ax + (k - (count - 1) / 2) * SYMBOL_SPACING
        paint_badge(painter, QPointF(x, ay + SYMBOL_ROW_DY), SYMBOL_RADIUS, style.symbol(name))


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
    paint_tile(painter, side, rotation, style, labels=False, tile_label=label, detail=1.0)
    painter.end()
    return pixmap
