"""Printable boards drawn with Qt: SVG (QSvgGenerator), PNG (QImage), PDF (QPdfWriter).

Headless: a QGuiApplication is created on the offscreen platform when none
exists. Hatches are drawn as real lines and dots (not Qt's pixel pattern
brushes) so they print crisply at any size and keep terrains apart in black
and white. Colours, hatches and badges come from ``editor/data/style.json``.
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterable

import numpy as np
import shapely
from PySide6.QtCore import (
    QBuffer,
    QByteArray,
    QIODevice,
    QMarginsF,
    QPointF,
    QRectF,
    QSize,
    QSizeF,
    Qt,
)
from PySide6.QtGui import (
    QBrush,
    QColor,
    QGuiApplication,
    QImage,
    QPageLayout,
    QPageSize,
    QPainter,
    QPainterPath,
    QPdfWriter,
    QPen,
    QPolygonF,
)
from PySide6.QtSvg import QSvgGenerator

import editor.qtcompat  # noqa: F401  (before any painting: PySide6 6.12 leaks None)
from editor.export.board_layout import (
    BADGE_RADIUS,
    LABEL_SIZES,
    BoardShape,
    PageLayout,
    Point,
    RegionShape,
    U,
    layout_page,
)
from editor.render.labels import CHIP, MARKER, NAME
from editor.render.paint import PRINT, font, paint_badge
from editor.render.style import BadgeStyle, Style, default_style, marker_glyph
from editor.topology.realm import Realm

PNG_SCALE = 0.8  # pixels per page unit: a hex is 80 px from centre to corner
PNG_MAX_SIDE = 6000
SVG_SCALE = 0.6
PDF_DPI = 600
HATCH_SPACING = 11.0
NAME_FONT = LABEL_SIZES.name_font
_APP: QGuiApplication | None = None


def _ensure_app() -> None:
    global _APP
    if QGuiApplication.instance() is None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        _APP = QGuiApplication([])


def _path(rings: Iterable[tuple[Point, ...]]) -> QPainterPath:
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.OddEvenFill)
    for ring in rings:
        path.addPolygon(QPolygonF([QPointF(x, y) for x, y in ring]))
        path.closeSubpath()
    return path


# -- hatching ---------------------------------------------------------------------------
HATCH_ANGLES = {"horizontal": (0.0,), "vertical": (90.0,), "cross": (0.0, 90.0),
                "fdiagonal": (-45.0,), "bdiagonal": (45.0,), "diagcross": (45.0, -45.0)}


def _hatch_lines(geometry: shapely.Geometry, angle: float) -> list[tuple[Point, Point]]:
    """Parallel lines at ``angle`` degrees cut to ``geometry`` (exact, no clip path)."""
    min_x, min_y, max_x, max_y = geometry.bounds
    cx, cy = (min_x + max_x) / 2, (min_y + max_y) / 2
    reach = math.hypot(max_x - min_x, max_y - min_y) / 2 + HATCH_SPACING
    dx, dy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    # lines sit on a page-wide grid, so neighbouring regions' hatches line up
    offset = round((cx * -dy + cy * dx) / HATCH_SPACING)
    steps = int(reach // HATCH_SPACING) + 1
    # all lines at once, with the same float operations one line at a time would do (one
    # shapely object per line cost more than cutting them)
    i = np.arange(offset - steps, offset + steps + 1, dtype=float)
    ox, oy = -dy * i * HATCH_SPACING, dx * i * HATCH_SPACING
    t0 = (cx - ox) * dx + (cy - oy) * dy
    ends = np.stack((np.column_stack((ox + dx * (t0 - reach), oy + dy * (t0 - reach))),
                     np.column_stack((ox + dx * (t0 + reach), oy + dy * (t0 + reach)))), axis=1)
    cut = shapely.intersection(shapely.multilinestrings(shapely.linestrings(ends)), geometry)
    parts = shapely.get_parts(cut)
    parts = parts[(shapely.get_type_id(parts) == 1) & ~shapely.is_empty(parts)]
    coords, index = shapely.get_coordinates(parts, return_index=True)
    same = np.flatnonzero(index[1:] == index[:-1])  # consecutive points of one line
    starts, stops = coords[same].tolist(), coords[same + 1].tolist()
    return [((a[0], a[1]), (b[0], b[1])) for a, b in zip(starts, stops, strict=True)]


def _hatch(painter: QPainter, geometry: shapely.Geometry, hatch: str, colour: str) -> None:
    if hatch == "none" or geometry.is_empty:
        return
    if hatch == "dots":
        min_x, min_y, max_x, max_y = geometry.bounds
        ys = np.arange(math.floor(min_y / HATCH_SPACING), math.ceil(max_y / HATCH_SPACING) + 1)
        xs = np.arange(math.floor(min_x / HATCH_SPACING), math.ceil(max_x / HATCH_SPACING) + 1)
        grid_x, grid_y = np.meshgrid(xs, ys)
        px = (grid_x + (grid_y % 2) * 0.5).ravel() * HATCH_SPACING
        py = grid_y.ravel() * HATCH_SPACING
        inside = shapely.contains_xy(geometry.buffer(-2.0), px, py)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(colour))
        for x, y in zip(px[inside], py[inside], strict=True):
            painter.drawEllipse(QPointF(float(x), float(y)), 1.9, 1.9)
        return
    pen = QPen(QColor(colour), 1.6)
    pen.setCapStyle(Qt.PenCapStyle.FlatCap)
    painter.setPen(pen)
    for angle in HATCH_ANGLES.get(hatch, ()):
        for a, b in _hatch_lines(geometry, angle):
            painter.drawLine(QPointF(*a), QPointF(*b))


# -- badges -----------------------------------------------------------------------------
def _badge(painter: QPainter, centre: QPointF, badge: BadgeStyle, text: str | None = None,
           radius: float = BADGE_RADIUS) -> None:
    paint_badge(painter, centre, radius, badge, text, look=PRINT)


# -- regions ----------------------------------------------------------------------------
def _paint_region(painter: QPainter, shape: RegionShape, style: Style, side: str) -> None:
    region = shape.region
    spec = style.terrain(region.drawn_terrain, side)
    path = _path(shape.rings)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(spec.fill))
    painter.drawPath(path)
    _hatch(painter, shape.geometry, spec.hatch, spec.hatch_colour)
    if region.chasm:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(QColor(20, 20, 20, 150)))
        painter.drawPath(path)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    pen = QPen(QColor(style.canvas["region_border"]), 2.4 if not shape.node else 3.0)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    painter.setPen(pen)
    painter.drawPath(path)


def _annotate(painter: QPainter, board: BoardShape, style: Style) -> None:
    """Region names, symbol chips and markers where the shared placement step put them."""
    markers = {shape.region.id: shape.region.markers for shape in board.regions}
    for label in board.labels.labels:
        x0, y0, x1, y1 = label.box
        centre = QPointF(*label.centre)
        if label.kind == NAME:
            box = QRectF(x0, y0, x1 - x0, y1 - y0)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(255, 255, 255, 215))
            painter.drawRoundedRect(box, 6 * label.scale, 6 * label.scale)
            painter.setPen(QColor(style.canvas["label"]))
            painter.setFont(font(NAME_FONT * label.scale, bold=True))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, label.key)
        elif label.kind == CHIP:
            _badge(painter, centre, style.symbol(label.key), radius=BADGE_RADIUS * label.scale)
        elif label.kind == MARKER:
            marker = markers[label.region][int(label.key)]
            _badge(painter, centre, style.marker(marker.kind),
                   marker_glyph(marker.kind, marker.attrs, style), BADGE_RADIUS * label.scale)
        else:  # the markers that found no room, as one "+N" badge
            _badge(painter, centre, style.marker("more"), label.key,
                   BADGE_RADIUS * label.scale)


def _paint_board(painter: QPainter, board: BoardShape, style: Style) -> None:
    side = "underground" if board.kind == "underground" else "surface"
    if board.caption:
        painter.setPen(QColor(style.canvas["label"]))
        painter.setFont(font(26, bold=True))
        painter.drawText(QPointF(board.origin[0], board.origin[1] - 16), board.caption)
    if board.empty:
        frame = QRectF(board.origin[0], board.origin[1], board.size[0], board.size[1])
        painter.setPen(QPen(QColor(style.canvas["ghost"]), 3.0, Qt.PenStyle.DashLine))
        painter.setBrush(QColor(style.canvas["background"]))
        painter.drawRoundedRect(frame, 16, 16)
        painter.setFont(font(24))
        painter.drawText(frame, Qt.AlignmentFlag.AlignCenter, "no tiles on this board yet")
    for ring in board.hole_hexes:
        pen = QPen(QColor(style.canvas["hole"]), 2.0, Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(QColor(style.canvas["background"]))
        painter.drawPath(_path([ring]))
    edge_pen = QPen(QColor(style.canvas["graph_edge"]), 3.0)
    painter.setPen(edge_pen)
    for a, b in board.graph_edges:
        painter.drawLine(QPointF(*a), QPointF(*b))
    for shape in board.regions:
        _paint_region(painter, shape, style, side)
    outline = QPen(QColor(style.canvas["tile_outline"]), 5.0)
    outline.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    painter.setPen(outline)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for ring in board.tile_outlines:
        painter.drawPath(_path([ring]))
    _river_markers(painter, board.river_markers, style)
    _annotate(painter, board, style)


def _river_markers(painter: QPainter, segments: list[tuple[Point, Point]],
                   style: Style) -> None:
    """A dark plank with a light core along the seam: unlike any tile or region border."""
    badge = style.marker("river_marker")
    for a, b in segments:
        for width, colour in ((18.0, badge.fill), (6.0, badge.text)):
            pen = QPen(QColor(colour), width)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            painter.setPen(pen)
            painter.drawLine(QPointF(*a), QPointF(*b))


# -- page -------------------------------------------------------------------------------
def _paint_page(painter: QPainter, page: PageLayout, realm: Realm, style: Style) -> None:
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    painter.fillRect(QRectF(0, 0, page.width, page.height), QColor("#ffffff"))
    margin = 70.0
    painter.setPen(QColor(style.canvas["label"]))
    painter.setFont(font(48, bold=True))
    painter.drawText(QPointF(margin, margin + 44), page.title)
    painter.setFont(font(22))
    painter.setPen(QColor("#5b5148"))
    painter.drawText(QPointF(margin, margin + 84), page.subtitle)
    for board in page.boards:
        _paint_board(painter, board, style)
    link_pen = QPen(QColor(style.canvas["graph_link"]), 4.0, Qt.PenStyle.DashLine)
    painter.setPen(link_pen)
    for a, b, _kind in page.links:
        painter.drawLine(QPointF(*a), QPointF(*b))
    for point in page.crop_spaces:
        _badge(painter, QPointF(*point), style.marker("crop_space"), radius=20)
    from editor.export.board_legend import paint_legend
    paint_legend(painter, page, realm, style)


def page_height(page: PageLayout, realm: Realm, style: Style) -> float:
    from editor.export.board_legend import legend_height
    return page.legend_top + legend_height(page, realm, style) + 60.0


def _draw(device_painter: QPainter, page: PageLayout, realm: Realm, style: Style,
          scale: float) -> None:
    device_painter.scale(scale, scale)
    _paint_page(device_painter, page, realm, style)
    device_painter.end()


def render_board(realm: Realm, kind: str, tile_mm: float = 40.0) -> bytes:
    """The board of ``realm`` as ``svg``, ``png`` or ``pdf`` bytes.

    ``tile_mm`` is the printed hex width from flat side to flat side (PDF only).
    """
    _ensure_app()
    style = default_style()
    page = layout_page(realm)
    page.height = page_height(page, realm, style)
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if kind == "png":
        scale = min(PNG_SCALE, PNG_MAX_SIDE / max(page.width, page.height))
        image = QImage(max(1, round(page.width * scale)), max(1, round(page.height * scale)),
                       QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(QColor("#ffffff"))
        _draw(QPainter(image), page, realm, style, scale)
        image.save(buffer, "PNG")  # type: ignore[call-overload]
    elif kind == "svg":
        generator = QSvgGenerator()
        generator.setOutputDevice(buffer)
        size = QSize(round(page.width * SVG_SCALE), round(page.height * SVG_SCALE))
        generator.setSize(size)
        generator.setViewBox(QRectF(0, 0, size.width(), size.height()))
        generator.setTitle(page.title)
        generator.setDescription(f"{page.subtitle}. Drawn by Realms Studio.")
        _draw(QPainter(generator), page, realm, style, SVG_SCALE)
    elif kind == "pdf":
        size_mm = tile_mm / math.sqrt(3)  # hex size (centre to corner) in millimetres
        mm_per_unit = size_mm / U
        writer = QPdfWriter(buffer)
        writer.setResolution(PDF_DPI)
        writer.setTitle(page.title)
        writer.setCreator("Realms Studio")
        writer.setPageSize(QPageSize(QSizeF(page.width * mm_per_unit, page.height * mm_per_unit),
                                     QPageSize.Unit.Millimeter, "Realm",
                                     QPageSize.SizeMatchPolicy.ExactMatch))
        writer.setPageMargins(QMarginsF(0, 0, 0, 0), QPageLayout.Unit.Millimeter)
        _draw(QPainter(writer), page, realm, style, mm_per_unit * PDF_DPI / 25.4)
    else:
        raise ValueError(f"unknown image kind {kind!r}")
    data = bytes(QByteArray(buffer.data()).data())
    buffer.close()
    return data
