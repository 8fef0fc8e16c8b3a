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

import shapely
from PySide6.QtCore import (
    QBuffer,
    QByteArray,
    QIODevice,
    QMarginsF,
    QPointF,
    QRectF,
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

import editor.qtcompat  # noqa: F401  (before any painting: PySide6 6.12 leaks None)
from editor.export.board_layout import (
    BADGE_RADIUS,
    LABEL_SIZES,
    BoardShape,
    LinkMark,
    PageLayout,
    Point,
    RegionShape,
    U,
    layout_page,
)
from editor.heap import no_cyclic_gc
from editor.render.hatching import HATCH_SPACING, hatch_strokes
from editor.render.label_types import CHIP, MARKER, NAME
from editor.render.labels import pieces_first
from editor.render.paint import PRINT, font, paint_badge
from editor.render.style import BadgeStyle, Style, default_style, marker_glyph
from editor.topology.realm import Realm

PNG_SCALE = 0.8  # pixels per page unit: a hex is 80 px from centre to corner
PNG_MAX_SIDE = 6000
SVG_SCALE = 0.6
PDF_DPI = 600
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
def _hatch(painter: QPainter, geometry: shapely.Geometry, hatch: str, colour: str) -> None:
    """The hatch of ``hatch`` over ``geometry``: the tiles of
    :func:`editor.render.hatching.hatch_strokes` laid over its bounding box, clipped to it
    by the painter (as the SVG's pattern fill is clipped to the region's path)."""
    tile = hatch_strokes(hatch)
    if not (tile.bars or tile.dots) or geometry.is_empty:
        return
    painter.save()
    painter.setClipPath(_path(_rings_of(geometry)), Qt.ClipOperation.IntersectClip)
    painter.rotate(tile.angle)
    # the region's bounding box in the turned frame, in whole tiles from (-S/2, -S/2)
    corners = shapely.get_coordinates(shapely.envelope(geometry))
    turn = math.radians(-tile.angle)
    us = corners[:, 0] * math.cos(turn) - corners[:, 1] * math.sin(turn)
    vs = corners[:, 0] * math.sin(turn) + corners[:, 1] * math.cos(turn)
    s = HATCH_SPACING
    first_u = math.floor((us.min() + s / 2) / tile.width) - 1
    last_u = math.ceil((us.max() + s / 2) / tile.width) + 1
    first_v = math.floor((vs.min() + s / 2) / tile.height) - 1
    last_v = math.ceil((vs.max() + s / 2) / tile.height) + 1
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(colour))
    left, top = first_u * tile.width - s / 2, first_v * tile.height - s / 2
    span_u, span_v = (last_u - first_u) * tile.width, (last_v - first_v) * tile.height
    for x, y, w, h in tile.bars:  # one long bar per row or column, not one per tile
        if w >= tile.width:
            for row in range(first_v, last_v):
                painter.drawRect(QRectF(left, row * tile.height - s / 2 + y, span_u, h))
        else:
            for column in range(first_u, last_u):
                painter.drawRect(QRectF(column * tile.width - s / 2 + x, top, w, span_v))
    if tile.dots:  # every dot of the region in one call: points drawn with a round pen
        pen = QPen(QColor(colour), 2 * tile.dot_radius)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.drawPoints(QPolygonF([
            QPointF(column * tile.width - s / 2 + cx, row * tile.height - s / 2 + cy)
            for row in range(first_v, last_v) for column in range(first_u, last_u)
            for cx, cy in tile.dots]))
    painter.restore()


def _rings_of(geometry: shapely.Geometry) -> list[tuple[Point, ...]]:
    rings = []
    for polygon in shapely.get_parts(geometry):
        rings.append(tuple(map(tuple, shapely.get_coordinates(polygon.exterior).tolist())))
        rings.extend(tuple(map(tuple, shapely.get_coordinates(r).tolist()))
                     for r in polygon.interiors)
    return rings


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
    for label in pieces_first(board.labels.labels, markers, style):
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
    painter.setFont(font(page.title_size, bold=True))
    for index, line in enumerate(page.title_lines):
        painter.drawText(QPointF(margin, page.title_baseline + index * page.title_line_height),
                         line)
    painter.setFont(font(22))
    painter.setPen(QColor("#5b5148"))
    painter.drawText(QPointF(margin, page.subtitle_baseline), page.subtitle)
    for board in page.boards:
        _paint_board(painter, board, style)
    _link_lines(painter, page.link_marks, style)
    for board in page.boards:
        _annotate(painter, board, style)
    _link_notes(painter, page.link_marks, style)
    for point in page.crop_spaces:
        _badge(painter, QPointF(*point), style.marker("crop_space"), radius=20)
    from editor.export.board_legend import paint_legend
    paint_legend(painter, page, realm, style)


def _link_lines(painter: QPainter, marks: list[LinkMark], style: Style) -> None:
    """As :func:`editor.export.board_svg.link_lines` draws them."""
    colour = QColor(style.canvas["graph_link"])
    for mark in marks:
        pen = QPen(colour, 4.0, Qt.PenStyle.SolidLine if mark.across else Qt.PenStyle.DashLine)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap if mark.across else Qt.PenCapStyle.SquareCap)
        painter.setPen(pen)
        painter.drawLine(QPointF(*mark.start), QPointF(*mark.end))
        if mark.across:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(colour)
            painter.drawPolygon(QPolygonF([QPointF(x, y) for x, y in mark.arrow]))


def _link_notes(painter: QPainter, marks: list[LinkMark], style: Style) -> None:
    """As :func:`editor.export.board_svg.link_notes` draws them."""
    colour = QColor(style.canvas["graph_link"])
    for mark in marks:
        if not mark.text:
            continue
        x0, y0, x1, y1 = mark.box
        painter.setPen(QPen(colour, 1.5))
        painter.setBrush(QColor(255, 255, 255, 230))
        painter.drawRoundedRect(QRectF(x0, y0, x1 - x0, y1 - y0), 6, 6)
        painter.setPen(QColor(style.canvas["label"]))
        painter.setFont(font(mark.font))
        for index, line in enumerate(mark.lines):
            top = y0 + mark.pad + index * mark.line_height
            painter.drawText(QRectF(x0, top, x1 - x0, mark.line_height),
                             Qt.AlignmentFlag.AlignCenter, line)


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
    # the layout makes many small acyclic objects (label boxes, candidate grids): cyclic
    # collections over them were a third of a 2,000-tile board's layout time
    with no_cyclic_gc():
        page = layout_page(realm)
    page.height = page_height(page, realm, style)
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if kind == "png":
        scale = min(PNG_SCALE, PNG_MAX_SIDE / max(page.width, page.height))
        # opaque: the page is white, and a PNG without alpha is smaller and quicker to save
        image = QImage(max(1, round(page.width * scale)), max(1, round(page.height * scale)),
                       QImage.Format.Format_RGB32)
        image.fill(QColor("#ffffff"))
        _draw(QPainter(image), page, realm, style, scale)
        image.save(buffer, "PNG")  # type: ignore[call-overload]
    elif kind == "svg":  # written as text: see editor/export/board_svg.py for why
        from editor.export.board_svg import board_svg_text
        buffer.close()
        return board_svg_text(page, realm, style, SVG_SCALE).encode("utf-8")
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
