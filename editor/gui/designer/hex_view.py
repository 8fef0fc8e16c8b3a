"""The designer's large hex: one tile side, its lattice points, the border being drawn and
the highlighted problems. It paints and reports clicks; the window decides what they do."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QPointF, QSize, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import QWidget

import editor.qtcompat  # noqa: F401  (must run before any painting)
from editor.gui.designer.checks import Problem
from editor.gui.designer.design import lattice_points, region_polygon
from editor.gui.painting import hatch_brush
from editor.model import lattice
from editor.model.lattice import Point
from editor.render.paint import colour, font, paint_badge
from editor.render.style import default_style

SNAP_PIXELS = 16.0
HIGHLIGHT = QColor(220, 30, 30)
SELECTED = QColor(255, 200, 0)


class HexView(QWidget):
    """Paints ``regions`` of one side at a size that fills the widget."""

    def __init__(self, on_click: Callable[[Point | None, Point], None],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.on_click = on_click
        self.on_escape: Callable[[], None] = lambda: None
        self.regions: list[dict[str, Any]] = []
        self.side = "surface"
        self.path: list[Point] = []
        self.problems: list[Problem] = []
        self.selected: int | None = None
        self.fine = False
        self.hover: Point | None = None
        self.cursor_lattice: Point | None = None
        self.setMouseTracking(True)
        self.setMinimumSize(QSize(420, 420))
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    # ----- geometry -----------------------------------------------------------------------
    @property
    def scale(self) -> float:
        return 0.42 * min(self.width(), self.height())

    def to_screen(self, point: Point) -> QPointF:
        x, y = lattice.to_euclidean(point, self.scale)
        return QPointF(self.width() / 2 + x, self.height() / 2 + y)

    def to_lattice(self, pos: QPointF) -> Point:
        return lattice.from_euclidean((pos.x() - self.width() / 2,
                                       pos.y() - self.height() / 2), self.scale)

    def points(self) -> tuple[Point, ...]:
        return lattice_points(self.fine)

    def snap(self, pos: QPointF) -> Point | None:
        best, best_d = None, SNAP_PIXELS
        for point in self.points():
            s = self.to_screen(point)
            d = math.hypot(s.x() - pos.x(), s.y() - pos.y())
            if d <= best_d:
                best, best_d = point, d
        return best

    def _polygon(self, points: Sequence[Point]) -> QPolygonF:
        return QPolygonF([self.to_screen(p) for p in points])

    # ----- state --------------------------------------------------------------------------
    def show_side(self, regions: list[dict[str, Any]], side: str, path: list[Point],
                  problems: list[Problem], selected: int | None) -> None:
        self.regions, self.side, self.path = regions, side, path
        self.problems, self.selected = problems, selected
        self.update()

    # ----- events -------------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            pos = event.position()
            self.on_click(self.snap(pos), self.to_lattice(pos))
            event.accept()
            return
        super().mousePressEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.on_escape()
            event.accept()
            return
        super().keyPressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        pos = event.position()
        self.hover = self.snap(pos)
        self.cursor_lattice = self.to_lattice(pos)
        self.update()
        super().mouseMoveEvent(event)

    # ----- painting -----------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        style = default_style()
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), colour(style.canvas.get("background", "#f4f1ea")))
        outline = self._polygon(lattice.CORNERS)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(255, 255, 255))
        painter.drawPolygon(outline)
        shapes: list[tuple[int, tuple[Point, ...]]] = []
        for index, spec in enumerate(self.regions):
            try:
                shapes.append((index, region_polygon(spec)))
            except (ValueError, KeyError, TypeError):
                continue
        border = QPen(QColor(40, 40, 40), 2.5)
        for index, polygon in shapes:
            terrain = str(self.regions[index].get("terrain", "water"))
            fill = colour(style.terrain(terrain, self.side).fill)
            fill.setAlpha(215)
            painter.setPen(border)
            painter.setBrush(fill)
            painter.drawPolygon(self._polygon(polygon))
            hatch = hatch_brush(style, terrain)
            if hatch is not None:
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(hatch)
                painter.drawPolygon(self._polygon(polygon))
        if self.selected is not None:
            for index, polygon in shapes:
                if index == self.selected:
                    painter.setPen(QPen(SELECTED, 5))
                    painter.setBrush(Qt.BrushStyle.NoBrush)
                    painter.drawPolygon(self._polygon(polygon))
        self._paint_problems(painter)
        painter.setPen(QPen(QColor(20, 20, 20), 3))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPolygon(outline)
        for index, polygon in shapes:
            self._paint_labels(painter, index, polygon)
        self._paint_edge_numbers(painter)
        self._paint_points(painter)
        self._paint_path(painter)
        painter.end()

    def _paint_problems(self, painter: QPainter) -> None:
        fill = QColor(HIGHLIGHT)
        fill.setAlpha(110)
        for problem in self.problems:
            for area in problem.areas:
                painter.setPen(QPen(HIGHLIGHT, 2, Qt.PenStyle.DashLine))
                painter.setBrush(QBrush(fill, Qt.BrushStyle.DiagCrossPattern))
                painter.drawPolygon(self._polygon(area))
            for start, end in problem.segments:
                painter.setPen(_thick(HIGHLIGHT, 7))
                painter.drawLine(self.to_screen(start), self.to_screen(end))
            if problem.kind in ("too_many", "water_symbols", "zigzag", "shape", "rule"):
                for index in problem.regions:
                    if index < len(self.regions):
                        try:
                            polygon = region_polygon(self.regions[index])
                        except (ValueError, KeyError, TypeError):
                            continue
                        soft = QColor(HIGHLIGHT)
                        soft.setAlpha(55)
                        painter.setPen(_thick(HIGHLIGHT, 4, dashed=True))
                        painter.setBrush(soft)
                        painter.drawPolygon(self._polygon(polygon))

    def _paint_labels(self, painter: QPainter, index: int, polygon: tuple[Point, ...]) -> None:
        import shapely

        style = default_style()
        spec = self.regions[index]
        shape = shapely.Polygon(polygon)
        if not shape.is_valid:
            shape = shapely.make_valid(shape)
        anchor = shapely.point_on_surface(shape)
        centre = self.to_screen((float(anchor.x), float(anchor.y)))
        painter.setFont(font(max(12.0, self.scale * 0.075), bold=True))
        painter.setPen(QColor(255, 255, 255))
        text = f"{spec.get('id', '?')} {style.terrain(str(spec.get('terrain'))).label}"
        path = QPainterPath()
        path.addText(centre + QPointF(-len(text) * self.scale * 0.019, -4), painter.font(), text)
        painter.setPen(QPen(QColor(0, 0, 0), 3))
        painter.drawPath(path)
        painter.fillPath(path, QColor(255, 255, 255))
        symbols = list(spec.get("symbols", []))
        radius = max(9.0, self.scale * 0.05)
        for k, name in enumerate(symbols):
            x = centre.x() + (k - (len(symbols) - 1) / 2) * radius * 2.4
            paint_badge(painter, QPointF(x, centre.y() + radius * 1.6), radius,
                        style.symbol(name))

    def _paint_edge_numbers(self, painter: QPainter) -> None:
        painter.setFont(font(max(11.0, self.scale * 0.06)))
        painter.setPen(QColor(90, 90, 90))
        for i, (x, y) in enumerate(lattice.MIDPOINTS):
            s = self.to_screen((x * 1.12, y * 1.12))
            painter.drawText(s + QPointF(-4, 5), str(i))

    def _paint_points(self, painter: QPainter) -> None:
        for point in self.points():
            s = self.to_screen(point)
            named = point in lattice.CORNERS or point in lattice.MIDPOINTS or point == (0.0, 0.0)
            radius = 5.0 if named else 3.5
            if point == self.hover:
                radius += 3
            painter.setPen(QPen(QColor(20, 20, 20), 1))
            painter.setBrush(QColor(255, 255, 255) if named else QColor(230, 230, 230))
            painter.drawEllipse(s, radius, radius)

    def _paint_path(self, painter: QPainter) -> None:
        if not self.path:
            return
        pen = _thick(QColor(20, 90, 220), 4)
        painter.setPen(pen)
        points = [self.to_screen(p) for p in self.path]
        for a, b in itertools.pairwise(points):
            painter.drawLine(a, b)
        if self.hover is not None:
            painter.setPen(_thick(QColor(20, 90, 220), 2, dashed=True))
            painter.drawLine(points[-1], self.to_screen(self.hover))
        painter.setBrush(QColor(20, 90, 220))
        painter.setPen(Qt.PenStyle.NoPen)
        for p in points:
            painter.drawEllipse(p, 6, 6)


def _thick(color: QColor, width: float, dashed: bool = False) -> QPen:
    pen = QPen(color, width)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    if dashed:
        pen.setStyle(Qt.PenStyle.DashLine)
    return pen
