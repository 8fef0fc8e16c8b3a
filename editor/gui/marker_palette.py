"""The marker palette: overlays, scenario markers, river border markers and links."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QSize, Qt
from PySide6.QtGui import QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (
    QFormLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.gui.canvas.tools import DEFAULT_CUSTOM_LABEL, PAIR_TOOLS, CanvasEditor, Tool
from editor.render.paint import paint_badge
from editor.render.style import BadgeStyle, Style, default_style

ROLE_TOOL = Qt.ItemDataRole.UserRole
# Order in the palette: select, terrain overlays, tokens, scenario markers, links.
ORDER = ("select", "river_marker", "mountain", "black_mountain", "peak", "chasm", "lost_tribe",
         "monster_stack", "place", "relic", "coin_mine", "rusted_throne", "gold_vein",
         "crop_space", "entry_arrow", "tribe_spot", "necromancer_island", "custom",
         "tunnel", "cloud_bridge", "sky_access", "custom_link")


def badge_icon(badge: BadgeStyle, size: int = 28) -> QIcon:
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    paint_badge(painter, QPointF(size / 2, size / 2), size / 2 - 2, badge, fit=True)
    painter.end()
    return QIcon(pixmap)


class MarkerPalette(QListWidget):
    def __init__(self, editor: CanvasEditor, style: Style | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.editor = editor
        self.theme = style or default_style()
        self.setIconSize(QSize(24, 24))
        for name in ORDER:
            if name == "select":
                item = QListWidgetItem("Select / move")
                item.setData(ROLE_TOOL, Tool())
            else:
                badge = self.theme.marker(name)
                label = badge.label + (" (two clicks)" if name in PAIR_TOOLS else "")
                item = QListWidgetItem(badge_icon(badge), label)
                kind = "river" if name == "river_marker" else "marker"
                item.setData(ROLE_TOOL, Tool(kind, name))
            self.addItem(item)
        self.itemClicked.connect(lambda item: editor.set_tool(item.data(ROLE_TOOL)))
        editor.toolChanged.connect(self._follow_tool)

    def item_for(self, name: str) -> QListWidgetItem | None:
        for row in range(self.count()):
            item = self.item(row)
            tool = item.data(ROLE_TOOL)
            if tool.name == name or (name == "select" and tool.kind == "select"):
                return item
        return None

    def _follow_tool(self) -> None:
        tool = self.editor.tool
        if tool.kind in ("tile", "select"):
            self.setCurrentRow(0)


class MarkerDock(QWidget):
    """The marker palette with its one option: the label of custom markers and links."""

    def __init__(self, editor: CanvasEditor, style: Style | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.palette_list = MarkerPalette(editor, style, self)
        self.label_edit = QLineEdit(editor.custom_label)
        self.label_edit.setObjectName("custom-label")
        self.label_edit.setPlaceholderText(DEFAULT_CUSTOM_LABEL)
        self.label_edit.setToolTip("The name given to the next custom marker or custom link")
        self.label_edit.textChanged.connect(editor.set_custom_label)
        form = QFormLayout()
        form.addRow("Custom label", self.label_edit)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.palette_list, 1)
        layout.addLayout(form)
