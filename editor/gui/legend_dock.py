"""The Legend dock: every terrain, symbol, piece and marker as the canvas draws it.

The pictures are the printable board's legend swatches (editor/export/board_legend.py), so
what a designer reads here is what a printed board's legend says; the printed legend lists
only what its page holds, the dock lists everything a realm can hold."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QFont, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from editor.export.board_legend import SWATCH, LegendItem, every_item, paint_swatch
from editor.render.style import Style, default_style

ICON = QSize(round(SWATCH[0]), round(SWATCH[1]))
PIXEL_RATIO = 2.0  # drawn at twice the size, so the swatches stay sharp on HiDPI screens


def swatch_icon(item: LegendItem, style: Style) -> QIcon:
    pixmap = QPixmap(round(ICON.width() * PIXEL_RATIO), round(ICON.height() * PIXEL_RATIO))
    pixmap.setDevicePixelRatio(PIXEL_RATIO)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    inset = 2.0 if item.kind == "terrain" else 0.0
    paint_swatch(painter, item, QRectF(inset, inset, ICON.width() - 2 * inset,
                                       ICON.height() - 2 * inset), style)
    painter.end()
    return QIcon(pixmap)


class LegendPanel(QWidget):
    """A read-only list, grouped under headings; nothing in it changes the realm."""

    def __init__(self, style: Style | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        style = style or default_style()
        self.list = QListWidget()
        self.list.setObjectName("legend-list")
        self.list.setIconSize(ICON)
        self.list.setSelectionMode(QListWidget.SelectionMode.NoSelection)
        self.list.setFocusPolicy(Qt.FocusPolicy.NoFocus)
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
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.list)

    def entries(self) -> list[tuple[str, str, str]]:
        """(kind, key, side) of every entry shown, headings left out."""
        found = []
        for row in range(self.list.count()):
            data = self.list.item(row).data(Qt.ItemDataRole.UserRole)
            if data is not None:
                found.append(tuple(data))
        return found
