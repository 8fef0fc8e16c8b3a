"""The graph of play drawn over the map on demand: adjacencies, links, first conquests, holes."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from editor.gui.canvas.items import Z_OVERLAY
from editor.gui.painting import hex_path
from editor.gui.shapes import hex_centre
from editor.model.lattice import Point
from editor.render.paint import colour
from editor.render.style import Style

LINK_KINDS = frozenset({"tunnel", "cloud_bridge", "access", "custom"})


class GraphOverlayItem(QGraphicsItem):
    """Nodes at region anchors, edges of the derived graph; links dashed, edge regions ringed."""

    def __init__(self, style: Style) -> None:
        super().__init__()
        self.theme = style
        self.nodes: dict[str, Point] = {}
        self.first: set[str] = set()
        self.edges: list[tuple[Point, Point, bool]] = []
        self.stubs: list[Point] = []
        self.holes = QPainterPath()
        self.rect = QRectF()
        self.setZValue(Z_OVERLAY)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_realm(self, realm: Any | None, board: str, anchors: dict[str, Point],
                  frame: QRectF | None = None) -> None:
        """``anchors`` maps the part ids drawn on the shown board to scene points."""
        self.prepareGeometryChange()
        self.nodes, self.first, self.edges, self.stubs = {}, set(), [], []
        self.holes = QPainterPath()
        if realm is not None:
            for rid, region in realm.regions.items():
                point = anchors.get(rid) or next(
                    (anchors[p] for p in region.parts if p in anchors), None)
                if point is None or region.board != board:
                    continue
                self.nodes[rid] = point
                if region.first_conquest:
                    self.first.add(rid)
            for a, b, data in realm.graph.edges(data=True):
                dashed = bool(set(data.get("kinds", ())) & LINK_KINDS)
                pa, pb = self.nodes.get(a), self.nodes.get(b)
                if pa is not None and pb is not None:
                    self.edges.append((pa, pb, dashed))
                elif pa is not None or pb is not None:
                    self.stubs.append(pa or pb)  # type: ignore[arg-type]
            for hole in realm.holes:
                if hole.board == board:
                    for q, r in hole.hexes:
                        self.holes.addPath(hex_path().translated(*hex_centre(q, r)))
        points = list(self.nodes.values())
        if points:
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            self.rect = QRectF(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
        else:
            self.rect = QRectF()
        self.rect = self.rect.united(self.holes.boundingRect()).adjusted(-20, -20, 20, 20)
        if frame is not None:
            self.rect = self.rect.united(frame.adjusted(-4, -4, 4, 4))
        self.update()

    def boundingRect(self) -> QRectF:
        return self.rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        canvas = self.theme.canvas
        wash = QColor(colour(canvas["background"]))
        wash.setAlpha(150)
        painter.fillRect(self.rect, wash)  # fade the map so the graph reads first
        if not self.holes.isEmpty():
            painter.setPen(QPen(colour(canvas["hole"]), 2, Qt.PenStyle.DashLine))
            painter.setBrush(QBrush(colour(canvas["hole"]), Qt.BrushStyle.BDiagPattern))
            painter.drawPath(self.holes)
        solid = QPen(colour(canvas["graph_edge"]), 2.2)
        dashed = QPen(colour(canvas["graph_link"]), 2.6, Qt.PenStyle.DashLine)
        for a, b, is_link in self.edges:
            painter.setPen(dashed if is_link else solid)
            painter.drawLine(QPointF(*a), QPointF(*b))
        painter.setPen(dashed)
        for x, y in self.stubs:
            painter.drawEllipse(QPointF(x, y), 12, 12)
        painter.setPen(QPen(colour("#ffffff"), 1.5))
        painter.setBrush(colour(canvas["graph_node"]))
        for x, y in self.nodes.values():
            painter.drawEllipse(QPointF(x, y), 4.5, 4.5)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(colour(canvas["first_conquest"]), 2.5))
        for rid in self.first:
            x, y = self.nodes[rid]
            painter.drawEllipse(QPointF(x, y), 9, 9)


LEGEND = (("edge", "regions next to each other"), ("link", "tunnel, bridge or link"),
          ("first", "first conquest"), ("hole", "hole in the realm"))


def paint_graph_legend(painter: QPainter, area: QRect, style: Style) -> QRectF:
    """A key to the graph overlay in the view's bottom-left corner (viewport pixels);
    returns the box it drew."""
    row = 20.0
    # As wide as the longest line in the painter's font: a fixed width cut "regions next
    # to each other" short (issue 28, point 8).
    metrics = painter.fontMetrics()
    width = 48 + max(metrics.horizontalAdvance(text) for _kind, text in LEGEND) + 14
    box = QRectF(10, area.bottom() - 10 - row * len(LEGEND) - 12, width,
                 row * len(LEGEND) + 12)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    background = QColor(style.canvas["background"])
    background.setAlpha(235)
    painter.setPen(QPen(colour(style.canvas["grid"]), 1))
    painter.setBrush(background)
    painter.drawRoundedRect(box, 6, 6)
    for k, (kind, text) in enumerate(LEGEND):
        y = box.top() + 6 + row * k + row / 2
        a, b = QPointF(box.left() + 10, y), QPointF(box.left() + 40, y)
        if kind == "edge":
            painter.setPen(QPen(colour(style.canvas["graph_edge"]), 2.5))
            painter.drawLine(a, b)
        elif kind == "link":
            painter.setPen(QPen(colour(style.canvas["graph_link"]), 2.5, Qt.PenStyle.DashLine))
            painter.drawLine(a, b)
        elif kind == "first":
            painter.setPen(QPen(colour(style.canvas["first_conquest"]), 2.5))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(QPointF(box.left() + 25, y), 7, 7)
        else:
            painter.setPen(QPen(colour(style.canvas["hole"]), 1.5, Qt.PenStyle.DashLine))
            painter.setBrush(QBrush(colour(style.canvas["hole"]), Qt.BrushStyle.BDiagPattern))
            painter.drawRect(QRectF(box.left() + 14, y - 7, 22, 14))
        painter.setPen(colour(style.canvas["label"]))
        painter.drawText(QRectF(box.left() + 48, y - row / 2, width - 52, row),
                         Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, text)
    return box
