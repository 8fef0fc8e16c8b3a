"""The playtest's conquests per region painted over the map: the heat map as a canvas layer.

The item is fed by data: the scene hands it, for each region of the shown board, the
region's :class:`~editor.play.heatmap.RegionHeat` (the colours the printable heat map uses,
from ``editor/data/playtest.json``) and its outline on the canvas. It draws nothing else,
so the canvas and the SVG cannot disagree; being a scene item, it follows zoom and pan.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from editor.gui.painting import clip_outside
from editor.render.paint import colour, font

if TYPE_CHECKING:
    from editor.model.lattice import Point
    from editor.play.heatmap import RegionHeat

Z_HEAT = 1.2  # over the tiles, under the selection outline, rivers, links and markers
FIGURE_SIZE = 13  # points, in scene units: the figures grow and shrink with the map


@dataclass(frozen=True)
class HeatShape:
    """One region of the shown board: its heat and where it lies on the canvas."""

    heat: RegionHeat
    path: QPainterPath  # every drawn part (a water body spans several tiles)
    anchor: Point | None  # where its figure goes


class HeatOverlayItem(QGraphicsItem):
    """Each region filled with its colour on the heat scale, its conquests per game written
    on it, the entry regions races used outlined; tile letters are kept clear."""

    def __init__(self, colours: dict[str, Any]) -> None:
        super().__init__()
        self.colours = colours  # the heat map's "border", "text", "entry" and "river"
        self.shapes: list[HeatShape] = []
        self.clip = QPainterPath()
        self.rect = QRectF()
        self.setZValue(Z_HEAT)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setAcceptHoverEvents(False)

    @property
    def values(self) -> dict[str, float]:
        """Conquests per game of each region drawn (what a designer reads on the map)."""
        return {s.heat.id: s.heat.conquests for s in self.shapes}

    @property
    def fills(self) -> dict[str, str]:
        return {s.heat.id: s.heat.fill for s in self.shapes}

    def set_shapes(self, shapes: list[HeatShape], keep_clear: list[QRectF]) -> None:
        self.prepareGeometryChange()
        self.shapes = shapes
        self.rect = QRectF()
        for shape in shapes:
            self.rect = self.rect.united(shape.path.boundingRect())
        self.rect = self.rect.adjusted(-6, -6, 6, 6)
        self.clip = clip_outside(self.rect, keep_clear) if shapes else QPainterPath()
        self.update()

    def boundingRect(self) -> QRectF:
        return self.rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if not self.shapes:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if not self.clip.isEmpty():
            painter.setClipPath(self.clip, Qt.ClipOperation.IntersectClip)
        border = QPen(colour(self.colours["border"]), 1.6)
        border.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.setPen(border)
        for shape in self.shapes:
            painter.setBrush(colour(shape.heat.fill))
            painter.drawPath(shape.path)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        entry = QPen(colour(self.colours["entry"]), 7)  # half of it inside: the half shown
        entry.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        for shape in self.shapes:
            if shape.heat.entered:  # inside its own outline: neighbours' stay visible
                painter.save()
                painter.setClipPath(shape.path, Qt.ClipOperation.IntersectClip)
                painter.setPen(entry)
                painter.drawPath(shape.path)
                painter.restore()
        self._paint_figures(painter)

    def _paint_figures(self, painter: QPainter) -> None:
        from editor.play.heatmap import figure

        bold, italic = font(FIGURE_SIZE, bold=True), font(FIGURE_SIZE)
        italic.setItalic(True)
        for shape in self.shapes:
            heat = shape.heat
            if shape.anchor is None or (not heat.land and not heat.conquests):
                continue
            painter.setFont(bold if heat.land else italic)
            painter.setPen(colour(self.colours["text" if heat.land else "river"]))
            x, y = shape.anchor
            painter.drawText(QRectF(QPointF(x - 40, y - 14), QPointF(x + 40, y + 14)),
                             Qt.AlignmentFlag.AlignCenter, figure(heat.conquests))
