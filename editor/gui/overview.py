"""The overview: the whole realm small, with the part the canvas shows framed.
Click or drag in it to move the canvas there.

It is a plain widget that paints the shown board's tiles from the model (their design
pictures, :mod:`editor.gui.canvas.tile_cache`), not a second view of the canvas's
scene: Qt keeps one "needs repainting" flag per cached item for all views of a scene,
so whichever view painted first after an edit took the flag and the canvas went on
showing its old picture of the tile (issue 28, point 1).
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import (
    QColor,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QPixmap,
    QResizeEvent,
    QTransform,
)
from PySide6.QtWidgets import QWidget

from editor.gui.canvas.scene import RealmScene
from editor.gui.canvas.tile_cache import DESIGNS, draw_design
from editor.gui.canvas.view import RealmView
from editor.gui.shapes import HEX_SIZE, hex_centre
from editor.render.paint import colour

LATER_TILES = 150  # from this many tiles on the canvas the overview follows edits later
LATER_MS = 150


class Overview(QWidget):
    def __init__(self, view: RealmView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.main = view
        self.realm_scene: RealmScene = view.realm_scene
        self.doc = view.editor.doc
        self._transform = QTransform()  # scene to widget
        # The tiles drawn once per change of the board, not on every frame move: a
        # scroll of the canvas repaints only the frame over this picture.
        self._picture: QPixmap | None = None
        # A big realm's overview follows an edit a moment later, off the edit's own
        # event-to-idle path (as its findings do).
        self._later = QTimer(self)
        self._later.setSingleShot(True)
        self._later.setInterval(LATER_MS)
        self._later.timeout.connect(self.fit)
        self.setMinimumSize(120, 90)
        self.setToolTip("Overview: click or drag to move the canvas")
        doc = self.doc
        doc.tilesChanged.connect(self._tiles_changed)
        for signal in (doc.viewChanged, doc.scenarioReset):
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
        self._later.stop()
        self._picture = None
        self.update()

    def _tiles_changed(self, *_args: object) -> None:
        if len(self.realm_scene.tile_items) >= LATER_TILES:
            self._later.start()
        else:
            self.fit()

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
        ratio = self.devicePixelRatioF()
        if self._picture is None or self._picture.size() != self.size() * ratio:
            self._picture = self._draw_tiles(ratio)
        painter = QPainter(self)
        painter.drawPixmap(0, 0, self._picture)
        painter.setTransform(self._transform)
        self._draw_frame(painter)
        painter.end()

    def _draw_tiles(self, ratio: float) -> QPixmap:
        picture = QPixmap(self.size() * ratio)
        picture.setDevicePixelRatio(ratio)
        theme = self.realm_scene.theme
        picture.fill(colour(theme.canvas["background"]))
        painter = QPainter(picture)
        painter.setTransform(self._transform)
        scale = self._transform.m11()
        layers = self.realm_scene.layers
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
        painter.end()
        return picture

    def _draw_frame(self, painter: QPainter) -> None:
        frame = QColor(colour(self.realm_scene.theme.canvas["selection"]))
        pen = QPen(frame, 2)
        pen.setCosmetic(True)
        painter.setPen(pen)
        fill = QColor(frame)
        fill.setAlpha(40)
        painter.setBrush(fill)
        painter.drawRect(self.shown_rect())

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
