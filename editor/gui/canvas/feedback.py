"""What the canvas shows while a tool is armed: none of these items is part of the model.

- :class:`GhostTileItem`: the armed (or dragged) tile under the cursor, turned as it will
  land, tinted red on a taken hex.
- :class:`PendingLinkItem`: the first end of a tunnel or link, and a line to the cursor.
- :class:`SeamsItem`: the seams a river-border marker may lie on.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from editor.gui.canvas.items import Z_OVERLAY
from editor.gui.painting import hex_path, paint_tile, parts_path
from editor.gui.shapes import HEX_SIZE, RegionShape, hex_centre
from editor.model.catalogue import TileSide
from editor.model.lattice import Point
from editor.render.paint import colour
from editor.render.style import Style

GHOST_OPACITY = 0.6
FREE_COLOUR = "#2e9d4f"


class GhostTileItem(QGraphicsItem):
    """A see-through preview of the tile about to be placed."""

    def __init__(self, style: Style) -> None:
        super().__init__()
        self.theme = style
        self.side: TileSide | None = None
        self.turn = 0
        self.label = ""
        self.hex: tuple[int, int] = (0, 0)
        self.blocked = False
        self.setZValue(Z_OVERLAY - 0.5)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setVisible(False)

    def show_at(self, side: TileSide, label: str, rotation: int, q: int, r: int,
                blocked: bool) -> None:
        if (self.side, self.label, self.turn, self.hex, self.blocked) != (
                side, label, rotation, (q, r), blocked):
            self.side, self.label, self.turn = side, label, rotation
            self.hex, self.blocked = (q, r), blocked
            self.setPos(QPointF(*hex_centre(q, r)))
            self.update()
        self.setVisible(True)

    def boundingRect(self) -> QRectF:
        return QRectF(-HEX_SIZE - 4, -HEX_SIZE - 4, 2 * HEX_SIZE + 8, 2 * HEX_SIZE + 8)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if self.side is None:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setOpacity(GHOST_OPACITY)
        paint_tile(painter, self.side, self.turn, self.theme, labels=False,
                   tile_label=self.label, detail=1.0)
        painter.setOpacity(1.0)
        edge = colour(self.theme.canvas["issue"] if self.blocked else FREE_COLOUR)
        if self.blocked:
            tint = QColor(edge)
            tint.setAlpha(110)
            painter.setBrush(tint)
        else:
            painter.setBrush(Qt.BrushStyle.NoBrush)
        pen = QPen(edge, 3.5, Qt.PenStyle.SolidLine if self.blocked else Qt.PenStyle.DashLine)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.setPen(pen)
        painter.drawPath(hex_path())


class PendingLinkItem(QGraphicsItem):
    """The region picked as the first end of a pair tool, and a rubber line to the cursor."""

    def __init__(self, style: Style) -> None:
        super().__init__()
        self.theme = style
        self.path = QPainterPath()
        self.anchor: QPointF | None = None
        self.cursor_at: QPointF | None = None
        self.setZValue(Z_OVERLAY - 0.4)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setVisible(False)

    def set_first(self, parts: list[tuple[Point, RegionShape]], anchor: Point | None) -> None:
        self.prepareGeometryChange()
        self.path = parts_path(parts)
        self.anchor = QPointF(*anchor) if anchor is not None else None
        self.cursor_at = None
        self.setVisible(not self.path.isEmpty())
        self.update()

    def clear(self) -> None:
        self.set_first([], None)

    def set_cursor(self, point: QPointF) -> None:
        if self.isVisible():
            self.prepareGeometryChange()
            self.cursor_at = QPointF(point)
            self.update()

    def boundingRect(self) -> QRectF:
        rect = self.path.boundingRect()
        if self.anchor is not None and self.cursor_at is not None:
            rect = rect.united(QRectF(self.anchor, self.cursor_at).normalized())
        return rect.adjusted(-6, -6, 6, 6)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        link = colour(self.theme.canvas["graph_link"])
        fill = QColor(link)
        fill.setAlpha(60)
        painter.setBrush(fill)
        painter.setPen(QPen(link, 4))
        painter.drawPath(self.path)
        if self.anchor is not None and self.cursor_at is not None:
            painter.setPen(QPen(link, 3, Qt.PenStyle.DashLine))
            painter.drawLine(self.anchor, self.cursor_at)


class SeamsItem(QGraphicsItem):
    """Bars on every seam where water meets water: where a river-border marker may go."""

    def __init__(self, style: Style) -> None:
        super().__init__()
        self.theme = style
        self.path = QPainterPath()
        self.count = 0
        self.setZValue(Z_OVERLAY - 0.6)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setVisible(False)

    def set_seams(self, segments: list[tuple[Point, Point]]) -> None:
        self.prepareGeometryChange()
        path = QPainterPath()
        for (ax, ay), (bx, by) in segments:
            path.moveTo(ax, ay)
            path.lineTo(bx, by)
        self.path, self.count = path, len(segments)
        self.update()

    def boundingRect(self) -> QRectF:
        return self.path.boundingRect().adjusted(-8, -8, 8, 8)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        glow = QColor(FREE_COLOUR)
        glow.setAlpha(150)
        painter.setPen(QPen(glow, 9, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        painter.drawPath(self.path)
