"""The Legend dock: every terrain, symbol, piece and marker as the canvas draws it.

The pictures are the printable board's legend swatches (editor/export/board_legend.py), so
what a designer reads here is what a printed board's legend says; the printed legend lists
only what its page holds, the dock lists everything a realm can hold."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, QSize, Qt, QTimer
from PySide6.QtGui import QFont, QIcon, QPainter, QPixmap, QShowEvent
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from editor.render.style import Style, default_style

if TYPE_CHECKING:  # the printable board's modules load when the dock is first shown
    from editor.export.board_legend import LegendItem

ICON = QSize(50, 32)  # board_legend.SWATCH, in pixels (a test holds them equal)
PIXEL_RATIO = 2.0  # drawn at twice the size, so the swatches stay sharp on HiDPI screens


def swatch_icon(item: LegendItem, style: Style) -> QIcon:
    pixmap = QPixmap(round(ICON.width() * PIXEL_RATIO), round(ICON.height() * PIXEL_RATIO))
    pixmap.setDevicePixelRatio(PIXEL_RATIO)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    from editor.export.board_legend import paint_swatch

    inset = 2.0 if item.kind == "terrain" else 0.0
    paint_swatch(painter, item, QRectF(inset, inset, ICON.width() - 2 * inset,
                                       ICON.height() - 2 * inset), style)
    painter.end()
    return QIcon(pixmap)


class LegendPanel(QWidget):
    """A read-only list, grouped under headings; nothing in it changes the realm. Filled
    when first shown (it starts behind another tab): opening a window does not wait for
    the printable board's modules and some forty swatches."""

    def __init__(self, style: Style | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.style_ = style
        self.list = QListWidget()
        self.list.setObjectName("legend-list")
        self.list.setIconSize(ICON)
        self.list.setSelectionMode(QListWidget.SelectionMode.NoSelection)
        self.list.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.list)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        # Once the event loop runs, and only if still shown: a window being shown briefly
        # shows every dock before its tabs hide all but the front one.
        QTimer.singleShot(0, self, self._fill_if_shown)

    def _fill_if_shown(self) -> None:
        if self.isVisible():
            self.fill()

    def fill(self) -> None:
        """List every item once."""
        if self.list.count():
            return
        from editor.export.board_legend import every_item

        style = self.style_ or default_style()
        heading_font = QFont(self.font())
        heading_font.setBold(True)
        for heading, items in every_item(style):
            header = QListWidgetItem(heading)
            header.setFont(heading_font)
            header.setFlags(Qt.ItemFlag.NoItemFlags)
            self.list.addItem(header)
            for item in items:
                entry = QListWidgetItem(swatch_icon(item, style), item.label)
                entry.setData(Qt.ItemDataRole.UserRole, (item.kind, item.key, item.side))
                entry.setToolTip(item.label)
                self.list.addItem(entry)

    def entries(self) -> list[tuple[str, str, str]]:
        """(kind, key, side) of every entry shown, headings left out."""
        self.fill()
        found = []
        for row in range(self.list.count()):
            data = self.list.item(row).data(Qt.ItemDataRole.UserRole)
            if data is not None:
                found.append(tuple(data))
        return found
