"""The overview: the whole realm small, with the part the canvas shows framed.
Click or drag in it to move the canvas there.

It is a plain widget that paints the shown board's tiles from the model (their design
pictures, :mod:`editor.gui.canvas.tile_cache`), not a second view of the canvas's
scene: Qt keeps one "needs repainting" flag per cached item for all views of a scene,
so whichever view painted first after an edit took the flag and the canvas went on
showing its old picture of the tile (issue 28, point 1).
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QResizeEvent,
    QTransform,
)
from PySide6.QtWidgets import QWidget

from editor.gui.canvas.scene import RealmScene
from editor.gui.canvas.tile_cache import DESIGNS, draw_design
from editor.gui.canvas.view import RealmView
from editor.gui.shapes import HEX_SIZE, hex_centre
from editor.render.paint import colour


class Overview(QWidget):
    def __init__(self, view: RealmView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.main = view
        self.realm_scene: RealmScene = view.realm_scene
        self.doc = view.editor.doc
        self._transform = QTransform()  # scene to widget
        self.setMinimumSize(120, 90)
        self.setToolTip("Overview: click or drag to move the canvas")
        doc = self.doc
        for signal in (doc.tilesChanged, doc.viewChanged, doc.scenarioReset):
            signal.connect(self.fit)
        for bar in (view.horizontalScrollBar(), view.verticalScrollBar()):
            bar.valueChanged.connect(self._frame_moved)
        view.zoomChanged.connect(self._frame_moved)
        self.fit()

    def viewport(self) -> QWidget:
        """The widget that takes the clicks (the API of the QGraphicsView it replaced)."""
        return self

    def fit(self, *_args: object) -> None:
        """Fit the realm (and a hex of margin) into the widget, keeping its proportions."""
        rect = self.realm_scene.framed_rect().adjusted(-HEX_SIZE, -HEX_SIZE, HEX_SIZE,
                                                       HEX_SIZE)
        width, height = max(1, self.width()), max(1, self.height())
        scale = min(width / rect.width(), height / rect.height())
        transform = QTransform()
        transform.translate(width / 2, height / 2)
        transform.scale(scale, scale)
        transform.translate(-rect.center().x(), -rect.center().y())
        self._transform = transform
        self.update()

    def mapFromScene(self, point: QPointF) -> QPoint:
        return self._transform.map(point).toPoint()

    def mapToScene(self, point: QPoint) -> QPointF:
        return self._transform.inverted()[0].map(QPointF(point))

    def shown_rect(self) -> QRectF:
        """The scene rect the canvas shows."""
        return self.main.mapToScene(self.main.viewport().rect()).boundingRect()

    def _frame_moved(self, *_args: object) -> None:
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        theme = self.realm_scene.theme
        painter.fillRect(self.rect(), colour(theme.canvas["background"]))
        painter.setTransform(self._transform)
        scale = self._transform.m11()
        layers = self.realm_scene.layers
        ratio = self.devicePixelRatioF()
        for _index, placement in self.doc.visible_tiles():
            side = self.doc.catalogue.side(placement.tile, placement.side)
            design = DESIGNS.pixmap(side, placement.rotation, theme, scale, names=False,
                                    symbols=layers.symbols, pixel_ratio=ratio, borrow=False)
            if design is None:
                continue
            painter.save()
            painter.translate(*hex_centre(placement.q, placement.r))
            draw_design(painter, design[0])
            painter.restore()
        frame = QColor(colour(theme.canvas["selection"]))
        pen = QPen(frame, 2)
        pen.setCosmetic(True)
        painter.setPen(pen)
        fill = QColor(frame)
        fill.setAlpha(40)
        painter.setBrush(fill)
        painter.drawRect(self.shown_rect())
        painter.end()

    def _jump(self, event: QMouseEvent) -> None:
        self.main.centerOn(self.mapToScene(event.position().toPoint()))

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._jump(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if event.buttons() & Qt.MouseButton.LeftButton:
            self._jump(event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit()
