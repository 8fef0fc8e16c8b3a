"""The marker palette: overlays, scenario markers, river border markers and links."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QSize, Qt
from PySide6.QtGui import QIcon, QPainter, QPixmap
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QWidget

from editor.gui.canvas.tools import PAIR_TOOLS, CanvasEditor, Tool
from editor.gui.painting import paint_badge
from editor.gui.style import BadgeStyle, Style, default_style

ROLE_TOOL = Qt.ItemDataRole.UserRole
# Order in the palette: select, terrain overlays, tokens, scenario markers, links.
ORDER = ("select", "river_marker", "mountain", "black_mountain", "peak", "chasm", "lost_tribe",
         "monster_stack", "place", "relic", "coin_mine", "rusted_throne", "gold_vein",
         "crop_space", "entry_arrow", "tribe_spot", "necromancer_island", "custom",
         "tunnel", "cloud_bridge", "sky_access")


def badge_icon(badge: BadgeStyle, size: int = 28) -> QIcon:
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    paint_badge(painter, QPointF(size / 2, size / 2), size / 2 - 2, badge)
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
