"""A scroll area that gives its panel the height its wrapped lines need at the width it has.

A dock's panel (the Inspector: word-wrapped values in a form, inside tabs) needs more height
the narrower the dock is. QScrollArea sized it by its minimum size hint, taken at the width
the labels would like, so at a dock's real width the wrapped rows overlapped the next ones
(the Note field over "Neighbours"). On each resize the panel's minimum height is set from
``heightForWidth`` at the viewport's width; the area then scrolls instead.
"""

from __future__ import annotations

from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QFrame, QScrollArea, QWidget


class WrappingScrollArea(QScrollArea):
    def __init__(self, panel: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setWidget(panel)

    def resizeEvent(self, event: QResizeEvent) -> None:
        self.fit_height()
        super().resizeEvent(event)

    def fit_height(self) -> None:
        """Let the panel be as tall as its content at this width (no taller minimum)."""
        panel = self.widget()
        if panel is None or not panel.hasHeightForWidth():
            return
        needed = panel.heightForWidth(self.viewport().width())
        if needed > 0 and needed != panel.minimumHeight():
            panel.setMinimumHeight(needed)
