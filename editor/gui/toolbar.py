"""The tool bar: which tool is armed, at a glance, and one key to arm each.

Select (S), place tile (T), marker (M), river border (B), link (L) and erase (E) form an
exclusive group that follows the canvas editor, however a tool was armed (palette,
key, right click back to select). Place, marker and link re-arm the last tile, marker or
link kind used; with none yet, they open the palette to pick one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QColor,
    QIcon,
    QKeySequence,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QPolygonF,
)
from PySide6.QtWidgets import QToolBar, QWidget

from editor.gui.canvas.tools import PAIR_TOOLS, CanvasEditor, Tool
from editor.gui.shapes import hex_outline
from editor.render.paint import colour
from editor.render.style import Style, default_style

ICON = 32


@dataclass(frozen=True)
class ToolSpec:
    key: str  # select | place | marker | river | link | erase
    text: str
    shortcut: str
    tip: str


TOOLS = (
    ToolSpec("select", "Select", "S", "Select, move and inspect (right click or Esc)"),
    ToolSpec("place", "Place tile", "T", "Place the tile picked in the Tiles dock"),
    ToolSpec("marker", "Marker", "M", "Lay the marker picked in the Markers dock"),
    ToolSpec("river", "River border", "B",
             "Lay or lift a river border marker on a highlighted water seam"),
    ToolSpec("link", "Link", "L", "Tunnel, cloud bridge, sky access or custom link: two clicks"),
    ToolSpec("erase", "Erase", "E", "Click a tile, marker, river marker or link to remove it"),
)


def tool_key(tool: Tool) -> str:
    """Which tool-bar entry an armed tool belongs to."""
    if tool.kind == "tile":
        return "place"
    if tool.kind == "marker":
        return "link" if tool.name in PAIR_TOOLS else "marker"
    return tool.kind if tool.kind in ("river", "erase") else "select"


def _paint_icon(key: str, painter: QPainter, style: Style) -> None:
    ink = QColor("#2a241f")
    painter.setPen(QPen(ink, 2.2, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                        Qt.PenJoinStyle.RoundJoin))
    if key == "select":
        painter.setBrush(QColor("#ffffff"))
        painter.drawPolygon(QPolygonF([QPointF(9, 4), QPointF(9, 26), QPointF(14, 21),
                                       QPointF(18, 29), QPointF(21, 27), QPointF(17, 19),
                                       QPointF(24, 19)]))
    elif key == "place":
        painter.setBrush(colour(style.terrain("forest").fill))
        outline = QPolygonF([QPointF(16 + x * 0.95, 16 + y * 0.95)
                             for x, y in hex_outline(14.0)])
        painter.drawPolygon(outline)
    elif key == "marker":
        badge = style.marker("coin_mine")
        painter.setBrush(colour(badge.fill))
        painter.drawEllipse(QPointF(16, 16), 11, 11)
    elif key == "river":
        painter.setPen(QPen(colour(style.terrain("water").fill), 7,
                            Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        painter.drawLine(QPointF(6, 26), QPointF(26, 6))
        painter.setPen(QPen(colour(style.marker("river_marker").fill), 5,
                            Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        painter.drawLine(QPointF(11, 11), QPointF(21, 21))
    elif key == "link":
        painter.setPen(QPen(colour(style.canvas["graph_link"]), 3, Qt.PenStyle.DashLine))
        painter.drawLine(QPointF(7, 25), QPointF(25, 7))
        painter.setPen(QPen(ink, 1.5))
        painter.setBrush(colour(style.canvas["graph_link"]))
        painter.drawEllipse(QPointF(7, 25), 4, 4)
        painter.drawEllipse(QPointF(25, 7), 4, 4)
    elif key == "erase":
        painter.translate(16, 16)
        painter.rotate(-40)
        path = QPainterPath()
        path.addRoundedRect(QRectF(-12, -6, 24, 12), 3, 3)
        painter.setBrush(QColor("#f2a7b5"))
        painter.drawPath(path)
        painter.setBrush(QColor("#ffffff"))
        painter.drawRoundedRect(QRectF(-12, -6, 9, 12), 3, 3)


def tool_icon(key: str, style: Style | None = None) -> QIcon:
    pixmap = QPixmap(ICON, ICON)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    _paint_icon(key, painter, style or default_style())
    painter.end()
    return QIcon(pixmap)


class ToolBar(QToolBar):
    """Exclusive tool actions; ``show_dock(name)`` raises the Tiles or Markers dock."""

    toolShown = Signal(str)  # "Place tile C (T)": what the status bar shows

    def __init__(self, show_dock: Callable[[str], None], parent: QWidget | None = None) -> None:
        super().__init__("Tools", parent)
        self.setObjectName("toolbar-tools")
        self.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
        self.setIconSize(QSize(26, 26))
        self.show_dock = show_dock
        self.editor: CanvasEditor | None = None
        self.group = QActionGroup(self)
        self.group.setExclusive(True)
        self.actions_by_key: dict[str, QAction] = {}
        self.last: dict[str, str | None] = {"place": None, "marker": "mountain",
                                            "link": "tunnel"}
        self._last_side = "surface"
        for spec in TOOLS:
            action = QAction(tool_icon(spec.key), spec.text, self)
            action.setCheckable(True)
            action.setShortcut(QKeySequence(spec.shortcut))
            action.setToolTip(f"{spec.text} ({spec.shortcut}): {spec.tip}")
            action.setStatusTip(spec.tip)
            action.triggered.connect(lambda _checked=False, k=spec.key: self.choose(k))
            self.group.addAction(action)
            self.addAction(action)
            self.actions_by_key[spec.key] = action
        self.actions_by_key["select"].setChecked(True)

    def set_editor(self, editor: CanvasEditor) -> None:
        self.editor = editor
        editor.toolChanged.connect(self.follow)
        self.follow()

    def current(self) -> str:
        checked = self.group.checkedAction()
        return next((k for k, a in self.actions_by_key.items() if a is checked), "select")

    def follow(self) -> None:
        """Check the entry of the armed tool and remember it for re-arming."""
        if self.editor is None:
            return
        tool = self.editor.tool
        key = tool_key(tool)
        if key in ("marker", "link"):
            self.last[key] = tool.name
        elif key == "place":
            self.last["place"], self._last_side = tool.name, tool.side
        self.actions_by_key[key].setChecked(True)
        spec = next(t for t in TOOLS if t.key == key)
        detail = tool.name.replace("_", " ") if key in ("place", "marker", "link") else ""
        self.toolShown.emit(f"{spec.text} {detail}".strip() + f" ({spec.shortcut})")

    def choose(self, key: str) -> None:
        editor = self.editor
        if editor is None:
            return
        if key == "select":
            editor.disarm()
        elif key == "river":
            editor.set_tool(Tool("river", "river_marker"))
        elif key == "erase":
            editor.set_tool(Tool("erase"))
            editor.message.emit("Erase: click a tile, marker, river marker or link to "
                                "remove it; Esc to stop")
        elif key == "place":
            tile = self.last["place"]
            if tile is None or editor.tile_refusal(tile) is not None:
                self.show_dock("tiles")
                editor.message.emit("Pick a tile in the Tiles dock, then click an empty hex "
                                    "(or drag it onto the canvas)")
                self.follow()
                return
            editor.set_tool(Tool("tile", tile, self._last_side))
        else:
            self.show_dock("markers")
            editor.set_tool(Tool("marker", self.last[key] or "mountain"))
        self.follow()
