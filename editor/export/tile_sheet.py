"""A tile sheet: every tile of a catalogue, both sides, to compare with the physical tiles.

Each tile is a card with its letter and its two sides as large hexes: terrain colours and
hatches, region ids, printed symbols and the edge numbers 0-5 around the hex (the numbers
``rotation`` and river markers use). Drawn with :mod:`editor.render` (Qt, imported only
when a sheet is rendered), written as PNG, SVG or PDF.

The sheet is drawn from the catalogue's JSON, not from a loaded :class:`Catalogue`, so a
catalogue with a gap or overlap still shows what it says (regions are drawn in order, so a
gap stays white and an overlap shows the later region; an unreadable shape is left out)
while ``realms catalogue check`` reports the defect.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from editor.model import lattice
from editor.model.catalogue_check import SIDES, polygon_points, sector_polygon
from editor.model.lattice import Point
from editor.model.terrains import PRINTED_TERRAINS

HEX_SIZE = 92.0  # centre to corner, page units (1 unit = 1 px in the PNG)
CARD_GAP = 26.0
CARDS_PER_ROW = 4
MARGIN = 40.0
TITLE_HEIGHT = 96.0
LEGEND_HEIGHT = 70.0
BADGE_RADIUS = 11.0
PNG_SCALE = 1.0
SVG_SCALE = 1.0
PDF_DPI = 300
PDF_TILE_MM = 60.0  # a hex's width flat to flat on the PDF, about the printed tiles'


@dataclass(frozen=True)
class SheetRegion:
    local_id: str
    terrain: str
    symbols: tuple[str, ...]
    polygon: tuple[Point, ...] | None  # lattice frame; None when the shape is unreadable


@dataclass(frozen=True)
class SheetTile:
    key: str
    name: str
    sides: dict[str, tuple[SheetRegion, ...]]


def sheet_tiles(data: dict[str, Any], letters: list[str] | None = None) -> list[SheetTile]:
    """The tiles to draw, in catalogue order (or in ``letters`` order), from schema-valid
    catalogue JSON."""
    tiles: dict[str, Any] = data["tiles"]
    keys = letters if letters else list(tiles)
    result = []
    for key in keys:
        spec = tiles[key]
        sides = {}
        for side in SIDES:
            if side in spec:
                sides[side] = tuple(_region(r) for r in spec[side])
        result.append(SheetTile(key, str(spec.get("name", "")), sides))
    return result


def _region(spec: dict[str, Any]) -> SheetRegion:
    try:
        polygon: tuple[Point, ...] | None = (sector_polygon(spec["sectors"]) if "sectors" in spec
                                             else polygon_points(spec["polygon"]))
    except (ValueError, KeyError, TypeError, IndexError):
        polygon = None
    return SheetRegion(str(spec["id"]), str(spec["terrain"]), tuple(spec.get("symbols", ())),
                       polygon)


# --- layout (no Qt) ---------------------------------------------------------------------------

HEX_W = math.sqrt(3) * HEX_SIZE
HEX_GAP = 52.0  # room for the edge numbers between the two sides
CARD_W = 2 * HEX_W + 3 * HEX_GAP
CARD_H = 2 * HEX_SIZE + 2 * 30.0 + 40.0


def page_size(count: int) -> tuple[float, float]:
    columns = min(CARDS_PER_ROW, max(1, count))
    rows = max(1, math.ceil(count / CARDS_PER_ROW))
    width = 2 * MARGIN + columns * CARD_W + (columns - 1) * CARD_GAP
    height = TITLE_HEIGHT + rows * CARD_H + (rows - 1) * CARD_GAP + LEGEND_HEIGHT + MARGIN
    return (max(width, 1240.0), height)  # the legend needs about this much


def card_origin(index: int) -> Point:
    row, column = divmod(index, CARDS_PER_ROW)
    return (MARGIN + column * (CARD_W + CARD_GAP), TITLE_HEIGHT + row * (CARD_H + CARD_GAP))


def hex_centre(index: int, side_index: int) -> Point:
    x, y = card_origin(index)
    return (x + HEX_GAP + HEX_W / 2 + side_index * (HEX_W + HEX_GAP), y + 40.0 + 30.0 + HEX_SIZE)


def to_page(point: Point, centre: Point) -> Point:
    ex, ey = lattice.to_euclidean(point, HEX_SIZE)
    return (centre[0] + ex, centre[1] + ey)


# --- drawing (Qt) -----------------------------------------------------------------------------

def render_sheet(tiles: list[SheetTile], kind: str, title: str, subtitle: str = "") -> bytes:
    """The sheet as ``png``, ``svg`` or ``pdf`` bytes."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, QRectF, QSize, QSizeF
    from PySide6.QtGui import QColor, QImage, QPageLayout, QPageSize, QPainter, QPdfWriter
    from PySide6.QtSvg import QSvgGenerator

    from editor.export.board_render import _ensure_app

    _ensure_app()
    width, height = page_size(len(tiles))
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)

    def draw(painter: QPainter, scale: float) -> None:
        painter.scale(scale, scale)
        _paint_sheet(painter, tiles, title, subtitle, width, height)
        painter.end()

    if kind == "png":
        image = QImage(round(width * PNG_SCALE), round(height * PNG_SCALE),
                       QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(QColor("#ffffff"))
        draw(QPainter(image), PNG_SCALE)
        image.save(buffer, "PNG")  # type: ignore[call-overload]
    elif kind == "svg":
        generator = QSvgGenerator()
        generator.setOutputDevice(buffer)
        size = QSize(round(width * SVG_SCALE), round(height * SVG_SCALE))
        generator.setSize(size)
        generator.setViewBox(QRectF(0, 0, size.width(), size.height()))
        generator.setTitle(title)
        generator.setDescription("Tile sheet drawn by Realms Studio.")
        draw(QPainter(generator), SVG_SCALE)
    elif kind == "pdf":
        mm_per_unit = PDF_TILE_MM / HEX_W
        writer = QPdfWriter(buffer)
        writer.setResolution(PDF_DPI)
        writer.setTitle(title)
        writer.setCreator("Realms Studio")
        writer.setPageSize(QPageSize(QSizeF(width * mm_per_unit, height * mm_per_unit),
                                     QPageSize.Unit.Millimeter, "Tile sheet",
                                     QPageSize.SizeMatchPolicy.ExactMatch))
        writer.setPageMargins(QMarginsF(0, 0, 0, 0), QPageLayout.Unit.Millimeter)
        draw(QPainter(writer), mm_per_unit * PDF_DPI / 25.4)
    else:
        raise ValueError(f"unknown image kind {kind!r}")
    data = bytes(QByteArray(buffer.data()).data())
    buffer.close()
    return data


def _paint_sheet(painter: Any, tiles: list[SheetTile], title: str, subtitle: str,
                 width: float, height: float) -> None:
    from PySide6.QtCore import QPointF, QRectF
    from PySide6.QtGui import QColor, QPainter

    from editor.render.paint import font
    from editor.render.style import default_style

    style = default_style()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    painter.fillRect(QRectF(0, 0, width, height), QColor("#ffffff"))
    painter.setPen(QColor(style.canvas["label"]))
    painter.setFont(font(30, bold=True))
    painter.drawText(QPointF(MARGIN, MARGIN + 24), title)
    painter.setFont(font(15))
    painter.setPen(QColor("#5b5148"))
    painter.drawText(QPointF(MARGIN, MARGIN + 50), subtitle)
    for index, tile in enumerate(tiles):
        _paint_card(painter, index, tile, style)
    _paint_legend(painter, style, height - LEGEND_HEIGHT - MARGIN / 2)


def _paint_card(painter: Any, index: int, tile: SheetTile, style: Any) -> None:
    from PySide6.QtCore import QPointF, QRectF, Qt
    from PySide6.QtGui import QColor, QPen

    from editor.render.paint import font

    x, y = card_origin(index)
    painter.setPen(QPen(QColor("#d8cfbd"), 1.5))
    painter.setBrush(QColor("#fbf8f2"))
    painter.drawRoundedRect(QRectF(x, y, CARD_W, CARD_H), 12, 12)
    painter.setPen(QColor(style.canvas["label"]))
    painter.setFont(font(28, bold=True))
    painter.drawText(QPointF(x + 14, y + 34), tile.key)
    if tile.name:
        from editor.escaping import document_line

        painter.setFont(font(14))
        painter.setPen(QColor("#5b5148"))
        metrics_x = x + 24 + painter.fontMetrics().horizontalAdvance(tile.key) * 2.2
        painter.drawText(QRectF(metrics_x, y + 14, CARD_W - (metrics_x - x) - 10, 24),
                         int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                         document_line(tile.name)[:60])
    for side_index, side in enumerate(SIDES):
        centre = hex_centre(index, side_index)
        painter.setFont(font(13))
        painter.setPen(QColor("#5b5148"))
        caption = side if side in tile.sides else f"{side}: none"
        painter.drawText(QRectF(centre[0] - HEX_W / 2, y + 34, HEX_W, 20),
                         int(Qt.AlignmentFlag.AlignCenter), caption)
        _paint_hex(painter, centre, tile.sides.get(side), side, style)


def _qpolygon(points: tuple[Point, ...], centre: Point) -> Any:
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QPolygonF

    return QPolygonF([QPointF(*to_page(p, centre)) for p in points])


def _paint_hex(painter: Any, centre: Point, regions: tuple[SheetRegion, ...] | None,
               side: str, style: Any) -> None:
    import shapely
    from PySide6.QtCore import QPointF, QRectF, Qt
    from PySide6.QtGui import QColor, QPen

    from editor.export.board_render import _hatch
    from editor.render.paint import PRINT, font, paint_badge

    outline = _qpolygon(lattice.CORNERS, centre)
    if regions is None:
        painter.setPen(QPen(QColor("#b9ad99"), 2.0, Qt.PenStyle.DashLine))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPolygon(outline)
        return
    shapes = []
    for region in regions:
        if region.polygon is None:
            continue
        spec = style.terrain(region.terrain, side)
        page_points = [to_page(p, centre) for p in region.polygon]
        geometry = shapely.Polygon(page_points)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(spec.fill))
        painter.drawPolygon(_qpolygon(region.polygon, centre))
        if geometry.is_valid:
            _hatch(painter, geometry, spec.hatch, spec.hatch_colour)
        shapes.append((region, geometry))
    border = QPen(QColor(style.canvas["region_border"]), 2.4)
    border.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    painter.setPen(border)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for region, _geometry in shapes:
        painter.drawPolygon(_qpolygon(region.polygon or (), centre))
    edge = QPen(QColor(style.canvas["tile_outline"]), 4.0)
    edge.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    painter.setPen(edge)
    painter.drawPolygon(outline)
    # edge numbers 0-5 just outside each edge's midpoint
    painter.setFont(font(13, bold=True))
    for number, midpoint in enumerate(lattice.MIDPOINTS):
        mx, my = lattice.to_euclidean(midpoint, HEX_SIZE)
        length = math.hypot(mx, my)
        reach = length + 13.0
        px, py = centre[0] + mx / length * reach, centre[1] + my / length * reach
        painter.setPen(QColor("#7a6e62"))
        painter.drawText(QRectF(px - 10, py - 9, 20, 18), int(Qt.AlignmentFlag.AlignCenter),
                         str(number))
    for region, geometry in shapes:
        label = region.local_id
        painter.setFont(font(15, bold=True))
        label_w = painter.fontMetrics().horizontalAdvance(label) + 10
        (lx, ly), badge_centres = _place_label(geometry, label_w, len(region.symbols))
        box = QRectF(lx - label_w / 2, ly - 10, label_w, 20)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(255, 255, 255, 225))
        painter.drawRoundedRect(box, 6, 6)
        painter.setPen(QColor(style.canvas["label"]))
        painter.drawText(box, int(Qt.AlignmentFlag.AlignCenter), label)
        for symbol, (x, y) in zip(region.symbols, badge_centres, strict=True):
            paint_badge(painter, QPointF(x, y), BADGE_RADIUS, style.symbol(symbol), look=PRINT)


# a layout: label centre, badge centres (offsets from the group's centre), width, height
Layout = tuple[Point, list[Point], float, float]


def _layouts(label_w: float, badges: int) -> list[Layout]:
    """Stacked (id above a row of badges), one row, and one column, in order of preference."""
    if badges == 0:
        return [((0.0, 0.0), [], label_w, 20.0)]
    step = BADGE_RADIUS * 2 + 3
    row_w = step * badges - 3
    tall = 20 + 3 + 2 * BADGE_RADIUS
    stacked_w = max(label_w, row_w)
    stacked = ((0.0, -tall / 2 + 10),
               [(-row_w / 2 + BADGE_RADIUS + i * step, tall / 2 - BADGE_RADIUS)
                for i in range(badges)], stacked_w, tall)
    wide = label_w + 4 + row_w
    row = ((-wide / 2 + label_w / 2, 0.0),
           [(wide / 2 - row_w + BADGE_RADIUS + i * step, 0.0) for i in range(badges)],
           wide, 2 * BADGE_RADIUS)
    high = 20 + 3 + step * badges - 3
    column_w = max(label_w, 2 * BADGE_RADIUS)
    column = ((0.0, -high / 2 + 10),
              [(0.0, -high / 2 + 23 + BADGE_RADIUS + i * step) for i in range(badges)],
              column_w, high)
    return [stacked, row, column]


def _place_label(geometry: Any, label_w: float, badges: int) -> tuple[Point, list[Point]]:
    """Where the region id and its symbol badges go: the layout and point nearest the
    region's pole of inaccessibility where the whole group stays inside the region, so
    badges do not spill over a border or the hex outline (in a region too small for any,
    the placement that keeps most of the group inside)."""
    import numpy as np
    import shapely

    ax, ay = _anchor(geometry)
    min_x, min_y, max_x, max_y = geometry.bounds
    xs, ys = np.meshgrid(np.arange(min_x, max_x, 3.0), np.arange(min_y, max_y, 3.0))
    px, py = xs.ravel(), ys.ravel()
    distance = (px - ax) ** 2 + (py - ay) ** 2
    inner = geometry.buffer(-2.0)
    best: tuple[float, tuple[Point, list[Point]]] | None = None
    for rank, (label_at, badges_at, width, height) in enumerate(_layouts(label_w, badges)):
        inside = np.zeros(px.shape)
        for fx in (-0.5, 0.0, 0.5):
            for fy in (-0.5, 0.0, 0.5):
                inside += shapely.contains_xy(inner, px + fx * width, py + fy * height)
        cost = (9 - inside) * 1e6 + distance + rank * 150.0
        index = int(np.argmin(cost))
        x, y = float(px[index]), float(py[index])
        place = ((x + label_at[0], y + label_at[1]),
                 [(x + bx, y + by) for bx, by in badges_at])
        if best is None or float(cost[index]) < best[0]:
            best = (float(cost[index]), place)
    if best is not None:
        return best[1]
    return ((ax, ay), [(ax + 2 * BADGE_RADIUS * (i + 1), ay) for i in range(badges)])


def _anchor(geometry: Any) -> Point:
    """A point well inside the region (the pole of inaccessibility), for its label."""
    from shapely.ops import polylabel

    if not geometry.is_valid or geometry.area <= 0:
        point = geometry.representative_point()
    else:
        point = polylabel(geometry, tolerance=1.0)
    return (float(point.x), float(point.y))


def _paint_legend(painter: Any, style: Any, top: float) -> None:
    from PySide6.QtCore import QPointF, QRectF, Qt
    from PySide6.QtGui import QColor, QPen

    from editor.render.paint import PRINT, font, paint_badge

    x = MARGIN
    painter.setFont(font(14))
    for terrain in PRINTED_TERRAINS:
        spec = style.terrain(terrain)
        under = style.terrain(terrain, "underground")
        painter.setPen(QPen(QColor(style.canvas["region_border"]), 1.2))
        painter.setBrush(QColor(spec.fill))
        painter.drawRect(QRectF(x, top, 22, 22))
        painter.setBrush(QColor(under.fill))
        painter.drawRect(QRectF(x + 22, top, 12, 22))
        painter.setPen(QColor(style.canvas["label"]))
        painter.drawText(QPointF(x + 40, top + 16), spec.label)
        x += 48 + painter.fontMetrics().horizontalAdvance(spec.label) + 18
    x += 10
    for symbol in ("cavern", "mine", "magic", "lost_tribe"):
        badge = style.symbol(symbol)
        paint_badge(painter, QPointF(x + BADGE_RADIUS, top + 11), BADGE_RADIUS, badge, look=PRINT)
        painter.setPen(QColor(style.canvas["label"]))
        painter.setFont(font(14))
        painter.drawText(QPointF(x + 2 * BADGE_RADIUS + 6, top + 16), badge.label)
        x += 2 * BADGE_RADIUS + 18 + painter.fontMetrics().horizontalAdvance(badge.label)
    painter.setPen(QColor("#7a6e62"))
    painter.setFont(font(13))
    painter.drawText(QRectF(MARGIN, top + 30, 2000, 22), int(Qt.AlignmentFlag.AlignLeft),
                     "Small digits around each hex are edge numbers 0-5 (counter-clockwise from "
                     "east), as used by rotation and river markers; narrow swatch: underground "
                     "colour.")
