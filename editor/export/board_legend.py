"""The legend of a printable board: only what appears on the page, in a wrapped row."""

from __future__ import annotations

from dataclasses import dataclass

import shapely
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPen

from editor.export.board_layout import PageLayout
from editor.model.terrains import LAND_TERRAINS
from editor.render.paint import font
from editor.render.style import Style, marker_glyph
from editor.topology.realm import Realm

ROW = 46.0
SWATCH = (50.0, 32.0)
ITEM_GAP = 34.0
HEADING = 44.0
WATER_ORDER = ("river", "sea", "lake")
SYMBOL_ORDER = ("cavern", "mine", "magic", "lost_tribe")


@dataclass(frozen=True)
class LegendItem:
    kind: str  # terrain | symbol | marker | river_marker | link | tile
    key: str
    label: str
    side: str = "surface"


def legend_items(page: PageLayout, realm: Realm, style: Style) -> list[LegendItem]:
    items: list[LegendItem] = []
    seen: set[tuple[str, str]] = set()
    for board in page.boards:
        side = "underground" if board.kind == "underground" else "surface"
        for shape in board.regions:
            region = shape.region
            key = (region.water_kind or "water") if region.kind == "water" else region.drawn_terrain
            seen.add((key, side))
    for key in (*LAND_TERRAINS, *WATER_ORDER, "water"):
        for side in ("surface", "underground"):
            if (key, side) not in seen:
                continue
            distinct = "underground" in style.underground or key in style.underground
            if side != "surface" and not distinct and (key, "surface") in seen:
                continue  # drawn alike on both sides: one swatch says it all
            label = style.terrain(key).label + (
                " (underground)" if side != "surface" and distinct else "")
            items.append(LegendItem("terrain", key, label, side))
    symbols = {s for r in realm.regions.values() for s in r.symbols}
    items += [LegendItem("symbol", s, style.symbol(s).label) for s in SYMBOL_ORDER
              if s in symbols]
    items += [LegendItem("symbol", s, style.symbol(s).label) for s in sorted(symbols)
              if s not in SYMBOL_ORDER]
    markers = {m.kind for r in realm.regions.values() for m in r.markers}
    if page.crop_spaces:
        markers.add("crop_space")
    printed = {item.label for item in items if item.kind == "symbol"}
    for kind in sorted(markers):
        label = style.marker(kind).label
        if label in printed:  # a printed mark and a token of the same name: tell them apart
            items = [LegendItem(i.kind, i.key, f"{i.label} (printed)", i.side)
                     if i.kind == "symbol" and i.label == label else i for i in items]
            label += " (token)"
        items.append(LegendItem("marker", kind, label))
    if any(b.labels.of("more") for b in page.boards):
        items.append(LegendItem("marker", "more", f"{style.marker('more').label} (+N)"))
    if any(b.river_markers for b in page.boards):
        items.append(LegendItem("river_marker", "river_marker",
                                style.marker("river_marker").label))
    if page.link_marks:
        items.append(LegendItem("link", "link", "Cloud bridge / link"))
    if any(b.tile_outlines for b in page.boards):
        items.append(LegendItem("tile", "tile", "Tile edge"))
    return items


LINE_MARKERS = frozenset({"more", "river_marker", "cloud_bridge", "custom_link"})


def every_item(style: Style) -> list[tuple[str, list[LegendItem]]]:
    """Everything a board can show, in groups (terrains, symbols, pieces, markers, lines):
    the editor's Legend dock, where a printed legend lists only what its page holds."""
    terrains = []
    for key in (*LAND_TERRAINS, *WATER_ORDER):
        terrains.append(LegendItem("terrain", key, style.terrain(key).label))
        if key in style.underground:
            terrains.append(LegendItem("terrain", key, f"{style.terrain(key).label} "
                                       "(underground)", "underground"))
    symbols = [LegendItem("symbol", s, style.symbol(s).label)
               for s in (*SYMBOL_ORDER, *sorted(set(style.symbols) - set(SYMBOL_ORDER)))]
    kinds = [k for k in style.markers if k not in LINE_MARKERS]
    pieces = [LegendItem("marker", k, style.marker(k).label) for k in kinds
              if style.marker(k).is_piece]
    markers = [LegendItem("marker", k, style.marker(k).label) for k in kinds
               if not style.marker(k).is_piece]
    lines = [LegendItem("river_marker", "river_marker", style.marker("river_marker").label),
             LegendItem("link", "link", "Cloud bridge / link"),
             LegendItem("marker", "more", f"{style.marker('more').label} (+N)"),
             LegendItem("tile", "tile", "Tile edge")]
    return [("Terrains", terrains), ("Printed symbols", symbols), ("Pieces", pieces),
            ("Markers and tokens", markers), ("Lines and badges", lines)]


def _item_width(item: LegendItem, metrics: QFontMetricsF) -> float:
    return SWATCH[0] + 12.0 + metrics.horizontalAdvance(item.label) + ITEM_GAP


def legend_positions(page: PageLayout, items: list[LegendItem]
                     ) -> list[tuple[LegendItem, float, float]]:
    metrics = QFontMetricsF(font(20))
    left = page.width / 2 - page.legend_width / 2
    x, y = left, page.legend_top + HEADING
    placed = []
    for item in items:
        width = _item_width(item, metrics)
        if x > left and x + width > left + page.legend_width:
            x, y = left, y + ROW
        placed.append((item, x, y))
        x += width
    return placed


def legend_height(page: PageLayout, realm: Realm, style: Style) -> float:
    placed = legend_positions(page, legend_items(page, realm, style))
    if not placed:
        return HEADING
    return placed[-1][2] - page.legend_top + ROW


def paint_swatch(painter: QPainter, item: LegendItem, rect: QRectF, style: Style) -> None:
    """One legend entry's picture in ``rect``, as the board draws it (the editor's Legend
    dock shows the same pictures)."""
    from editor.export.board_render import _badge, _hatch, _path

    centre = rect.center()
    if item.kind == "terrain":
        spec = style.terrain(item.key, item.side)
        ring = ((rect.left(), rect.top()), (rect.right(), rect.top()),
                (rect.right(), rect.bottom()), (rect.left(), rect.bottom()))
        path = _path([ring])
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(spec.fill))
        painter.drawPath(path)
        _hatch(painter, shapely.box(rect.left(), rect.top(), rect.right(), rect.bottom()),
               spec.hatch, spec.hatch_colour)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(QColor(style.canvas["region_border"]), 2.0))
        painter.drawPath(path)
    elif item.kind == "symbol":
        _badge(painter, centre, style.symbol(item.key))
    elif item.kind == "marker":
        _badge(painter, centre, style.marker(item.key), marker_glyph(item.key, {}, style))
    elif item.kind == "river_marker":
        badge = style.marker("river_marker")
        for width, colour in ((18.0, badge.fill), (6.0, badge.text)):
            pen = QPen(QColor(colour), width)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            painter.setPen(pen)
            painter.drawLine(QPointF(rect.left() + 4, centre.y()),
                             QPointF(rect.right() - 4, centre.y()))
    elif item.kind == "link":
        painter.setPen(QPen(QColor(style.canvas["graph_link"]), 4.0, Qt.PenStyle.DashLine))
        painter.drawLine(QPointF(rect.left(), centre.y()), QPointF(rect.right(), centre.y()))
    else:
        painter.setPen(QPen(QColor(style.canvas["tile_outline"]), 5.0))
        painter.drawLine(QPointF(rect.left(), centre.y()), QPointF(rect.right(), centre.y()))


def paint_legend(painter: QPainter, page: PageLayout, realm: Realm, style: Style) -> None:
    items = legend_items(page, realm, style)
    left = page.width / 2 - page.legend_width / 2
    painter.setPen(QPen(QColor("#b9ad9c"), 1.5))
    painter.drawLine(QPointF(left, page.legend_top - 20),
                     QPointF(left + page.legend_width, page.legend_top - 20))
    painter.setPen(QColor(style.canvas["label"]))
    painter.setFont(font(24, bold=True))
    painter.drawText(QPointF(left, page.legend_top + 14), "Legend")
    for item, x, y in legend_positions(page, items):
        rect = QRectF(x, y - SWATCH[1] / 2, SWATCH[0], SWATCH[1])
        paint_swatch(painter, item, rect, style)
        painter.setPen(QColor(style.canvas["label"]))
        painter.setFont(font(20))
        painter.drawText(QPointF(x + SWATCH[0] + 12.0, y + 7), item.label)
