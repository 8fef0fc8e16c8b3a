"""The main window's central widget: it holds the canvas of the open document.

The window keeps this one widget while documents come and go, so opening a file does
not make the main window lay out its docks again from scratch (issue 28, point 2).
"""

from __future__ import annotations

from PySide6.QtWidgets import QVBoxLayout, QWidget


class CanvasHolder(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(0)
        self.canvas: QWidget | None = None

    def replace(self, canvas: QWidget) -> QWidget | None:
        """Show ``canvas`` in place of the previous one, which is returned (hidden)."""
        old, self.canvas = self.canvas, canvas
        if old is not None:
            self._layout.removeWidget(old)
            old.hide()
        self._layout.addWidget(canvas)
        return old
