"""The status bar's zoom field: it shows the canvas's zoom and takes a typed one.

Type "150" (or "150 %") and Enter to zoom to 150 %, as in Tiled's zoom box; Escape
puts the current zoom back.
"""

from __future__ import annotations

import re

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFocusEvent, QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QLineEdit, QWidget

NUMBER = re.compile(r"(\d+(?:[.,]\d+)?)")


class ZoomField(QLineEdit):
    zoomTyped = Signal(float)  # the scale asked for, 1.0 = 100 %

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._shown = ""
        self._select_on_release = False
        # Never the window's first focus: keys belong to the canvas until it is clicked.
        self.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.setToolTip("Zoom: type a percentage and press Enter (Ctrl+= in, Ctrl+- out, "
                        "Ctrl+1 100 %, Ctrl+0 fit)")
        self.setFixedWidth(self.fontMetrics().horizontalAdvance("Zoom 1000 %") + 16)
        self.returnPressed.connect(self._typed)

    def show_scale(self, scale: float) -> None:
        self._shown = f"Zoom {scale * 100:.0f} %"
        if not self.hasFocus():
            self.setText(self._shown)

    def _typed(self) -> None:
        found = NUMBER.search(self.text())
        self.clearFocus()
        if found is not None:
            percent = float(found.group(1).replace(",", "."))
            if percent > 0:
                self.zoomTyped.emit(percent / 100)
                return
        self.setText(self._shown)

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        self.selectAll()  # what is typed replaces the readout
        self._select_on_release = event.reason() == Qt.FocusReason.MouseFocusReason

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        super().mouseReleaseEvent(event)
        if self._select_on_release:  # the click that gave focus placed the cursor
            self._select_on_release = False
            self.selectAll()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self.setText(self._shown)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.setText(self._shown)
            self.clearFocus()
            return
        super().keyPressEvent(event)
