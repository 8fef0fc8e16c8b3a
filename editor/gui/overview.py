"""The overview: the whole realm small, with the part the canvas shows framed.
Click or drag in it to move the canvas there."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPen, QResizeEvent
from PySide6.QtWidgets import QGraphicsView, QWidget

from editor.gui.canvas.scene import RealmScene
from editor.gui.canvas.view import RealmView
from editor.gui.shapes import HEX_SIZE
from editor.render.paint import colour


class Overview(QGraphicsView):
    def __init__(self, view: RealmView, parent: QWidget | None = None) -> None:
        super().__init__(view.realm_scene, parent)
        self.main = view
        self.realm_scene: RealmScene = view.realm_scene
        self.setInteractive(False)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setRenderHints(QPainter.RenderHint.Antialiasing)
        self.setMinimumSize(120, 90)
        self.setToolTip("Overview: click or drag to move the canvas")
        doc = view.editor.doc
        for signal in (doc.tilesChanged, doc.viewChanged, doc.scenarioReset):
            signal.connect(self.fit)
        for bar in (view.horizontalScrollBar(), view.verticalScrollBar()):
            bar.valueChanged.connect(self._frame_moved)
        view.zoomChanged.connect(self._frame_moved)
        self.fit()

    def fit(self, *_args: object) -> None:
        rect = self.realm_scene.framed_rect()
        self.fitInView(rect.adjusted(-HEX_SIZE, -HEX_SIZE, HEX_SIZE, HEX_SIZE),
                       Qt.AspectRatioMode.KeepAspectRatio)
        self.viewport().update()

    def shown_rect(self) -> QRectF:
        """The scene rect the canvas shows."""
        return self.main.mapToScene(self.main.viewport().rect()).boundingRect()

    def _frame_moved(self, *_args: object) -> None:
        self.viewport().update()

    def drawForeground(self, painter: QPainter, rect: QRectF | object) -> None:
        frame = QColor(colour(self.realm_scene.theme.canvas["selection"]))
        pen = QPen(frame, 2)
        pen.setCosmetic(True)
        painter.setPen(pen)
        fill = QColor(frame)
        fill.setAlpha(40)
        painter.setBrush(fill)
        painter.drawRect(self.shown_rect())

    def _jump(self, event: QMouseEvent) -> None:
        point: QPointF = self.mapToScene(event.position().toPoint())
        self.main.centerOn(point)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._jump(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if event.buttons() & Qt.MouseButton.LeftButton:
            self._jump(event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit()
