"""The tile palette: every catalogue tile, both sides, drawn as on the canvas.

Click a tile to arm it, then click an empty hex; or drag it onto the canvas.
Tiles already on the board for the shown player count are greyed out and
cannot be armed (each physical tile exists once).
"""

from __future__ import annotations

from PySide6.QtCore import QMimeData, QSize, Qt
from PySide6.QtGui import QDrag, QIcon
from PySide6.QtWidgets import QAbstractItemView, QListWidget, QListWidgetItem, QWidget

from editor.gui.canvas.tools import CanvasEditor, Tool
from editor.gui.canvas.view import TILE_MIME
from editor.gui.document import ScenarioDocument
from editor.gui.painting import tile_pixmap

ICON = 76
ROLE_TILE = Qt.ItemDataRole.UserRole
ROLE_SIDE = Qt.ItemDataRole.UserRole + 1


class TilePalette(QListWidget):
    def __init__(self, doc: ScenarioDocument, editor: CanvasEditor,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc, self.editor = doc, editor
        self.setViewMode(QListWidget.ViewMode.IconMode)
        self.setIconSize(QSize(ICON, ICON))
        self.setGridSize(QSize(ICON + 12, ICON + 22))
        self.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.setMovement(QListWidget.Movement.Static)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setDragEnabled(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.setUniformItemSizes(True)
        self._in_use: set[str] = set()
        self.itemClicked.connect(self._arm)
        for signal in (doc.tilesChanged, doc.viewChanged, doc.scenarioReset):
            signal.connect(self.refresh)
        editor.toolChanged.connect(self._follow_tool)
        self.rebuild()

    def rebuild(self) -> None:
        self.clear()
        for key, tile in self.doc.catalogue.tiles.items():
            for side in tile.sides:
                label = key if side == "surface" else f"{key}\u2032"
                item = QListWidgetItem(label)
                item.setData(ROLE_TILE, key)
                item.setData(ROLE_SIDE, side)
                item.setToolTip(f"Tile {key}, {side} side")
                self.addItem(item)
        self._in_use = set()
        self.refresh(force=True)

    def refresh(self, *_args: object, force: bool = False) -> None:
        in_use = self.doc.tiles_in_use()
        if in_use == self._in_use and not force:
            return
        self._in_use = in_use
        for row in range(self.count()):
            item = self.item(row)
            key, side = item.data(ROLE_TILE), item.data(ROLE_SIDE)
            used = key in in_use
            item.setIcon(QIcon(tile_pixmap(self.doc.catalogue.side(key, side), size=ICON,
                                           greyed=used)))
            flags = Qt.ItemFlag.ItemIsEnabled
            if not used:
                flags |= Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsDragEnabled
            item.setFlags(flags)
            item.setToolTip(f"Tile {key}, {side} side" + (" (on the board)" if used else ""))

    def item_for(self, tile: str, side: str = "surface") -> QListWidgetItem | None:
        for row in range(self.count()):
            item = self.item(row)
            if item.data(ROLE_TILE) == tile and item.data(ROLE_SIDE) == side:
                return item
        return None

    def _arm(self, item: QListWidgetItem) -> None:
        key = item.data(ROLE_TILE)
        if key in self._in_use:
            self.editor.doc.select_tile(key)
            return
        self.editor.set_tool(Tool("tile", key, item.data(ROLE_SIDE)))

    def _follow_tool(self) -> None:
        if self.editor.tool.kind != "tile":
            self.clearSelection()

    def startDrag(self, supportedActions: Qt.DropAction) -> None:
        item = self.currentItem()
        if item is None or item.data(ROLE_TILE) in self._in_use:
            return
        mime = QMimeData()
        mime.setData(TILE_MIME, f"{item.data(ROLE_TILE)}:{item.data(ROLE_SIDE)}".encode())
        drag = QDrag(self)
        drag.setMimeData(mime)
        drag.setPixmap(item.icon().pixmap(ICON, ICON))
        drag.exec(Qt.DropAction.CopyAction)
