"""The tile palette: every catalogue tile, both sides, drawn as on the canvas.

Click a tile to arm it, then click an empty hex; or drag it onto the canvas.
A tile placed for a player count a new placement would share (at the shown count
that is every count from it up) is greyed, says where it lies, sorts after the
free ones and cannot be armed: each physical tile exists once. A filter line
(letter, terrain, symbol), a *Free only* box and an icon-size slider sit above.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QMimeData, QRect, QSize, Qt
from PySide6.QtGui import QDrag, QIcon, QIconEngine, QPainter, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSlider,
    QVBoxLayout,
    QWidget,
)

from editor.gui.canvas.tile_cache import design_id
from editor.gui.canvas.tools import CanvasEditor, Tool
from editor.gui.canvas.view import TILE_MIME
from editor.gui.document import ScenarioDocument
from editor.gui.painting import side_label, tile_pixmap
from editor.model.catalogue import TileSide
from editor.model.scenario import Board, Placement, Presence

ICON = 76
MIN_ICON, MAX_ICON = 44, 150
RENDER = 120  # icons are drawn once at this size and scaled by Qt to the slider's size
ROLE_TILE = Qt.ItemDataRole.UserRole
ROLE_SIDE = Qt.ItemDataRole.UserRole + 1
ROLE_USED = Qt.ItemDataRole.UserRole + 2  # where the tile lies, "" when free
ROLE_ORDER = Qt.ItemDataRole.UserRole + 3  # catalogue order


@dataclass(frozen=True)
class PaletteFilter:
    """What the palette shows: every word of ``text`` must match the tile's letter
    (exactly), one of its terrains or one of its symbols (a prefix); ``free_only`` hides
    tiles already placed."""

    text: str = ""
    free_only: bool = False

    def accepts(self, key: str, side: TileSide, used: bool) -> bool:
        if self.free_only and used:
            return False
        words = self.text.lower().split()
        if not words:
            return True
        names = {r.terrain.lower() for r in side.regions}
        names |= {s.lower() for r in side.regions for s in r.symbols}
        names.add(side.side)
        return all(word == key.lower() or any(name.startswith(word) for name in names)
                   for word in words)


def _sort_key(item: QListWidgetItem) -> tuple[bool, int]:
    return (bool(item.data(ROLE_USED)), int(item.data(ROLE_ORDER)))


class PaletteItem(QListWidgetItem):
    """Free tiles sort before placed ones, each group in catalogue order."""

    def __lt__(self, other: QListWidgetItem) -> bool:
        return _sort_key(self) < _sort_key(other)


class LazyTileIcon(QIconEngine):
    """A palette icon drawn the first time it is shown: a catalogue of hundreds of
    designs opens without drawing the icons scrolled out of sight."""

    def __init__(self, side: TileSide, greyed: bool) -> None:
        super().__init__()
        self.side, self.greyed = side, greyed
        self._pixmap: QPixmap | None = None

    def _drawn(self) -> QPixmap:
        if self._pixmap is None:
            self._pixmap = tile_pixmap(self.side, size=RENDER, greyed=self.greyed)
        return self._pixmap

    def paint(self, painter: QPainter, rect: QRect, mode: QIcon.Mode,
              state: QIcon.State) -> None:
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        painter.drawPixmap(rect, self._drawn())

    def pixmap(self, size: QSize, mode: QIcon.Mode, state: QIcon.State) -> QPixmap:
        return self._drawn().scaled(size, Qt.AspectRatioMode.KeepAspectRatio,
                                    Qt.TransformationMode.SmoothTransformation)

    def clone(self) -> QIconEngine:
        return LazyTileIcon(self.side, self.greyed)


class TilePalette(QListWidget):
    def __init__(self, doc: ScenarioDocument, editor: CanvasEditor,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc, self.editor = doc, editor
        self.setViewMode(QListWidget.ViewMode.IconMode)
        self.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.setMovement(QListWidget.Movement.Static)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setDragEnabled(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.setUniformItemSizes(True)
        self.setWordWrap(True)
        self.set_icon_size(ICON)
        self.filter = PaletteFilter()
        # Drawn once per tile design and state: a big catalogue's keys share designs.
        self._icons: dict[tuple[int, bool], QIcon] = {}
        self._signature: dict[str, list[tuple[str, int, int, Presence]]] = {}
        self._entries: dict[str, list[QListWidgetItem]] = {}  # tile key -> its sides' entries
        self.itemClicked.connect(self._arm)
        doc.tilesChanged.connect(self._tiles_changed)
        for signal in (doc.viewChanged, doc.scenarioReset):
            signal.connect(self.refresh)
        editor.toolChanged.connect(self._follow_tool)
        self.rebuild()

    def set_icon_size(self, size: int) -> None:
        self.setIconSize(QSize(size, size))
        self.setGridSize(QSize(size + 14, size + 34))

    def rebuild(self) -> None:
        """Every entry made anew. Each is given its state before it joins the list, and
        they join in their sorted order: set on an entry already listed, each icon, text
        and flag was a change the view processed, and sorting afterwards took every entry
        out and put it back (about half of opening a 640-tile catalogue's window)."""
        self.clear()
        self._entries = {}
        raw, self._signature = self._placements()
        items = []
        order = 0
        for key, tile in self.doc.catalogue.tiles.items():
            if any(side.missing for side in tile.sides.values()):
                continue  # a placeholder: its catalogue is missing, nothing to lay
            where = "; ".join(self.doc.describe_use(b, p) for b, p in raw.get(key, []))
            for side in tile.sides:
                item = PaletteItem(side_label(key, side))
                item.setData(ROLE_TILE, key)
                item.setData(ROLE_SIDE, side)
                item.setData(ROLE_ORDER, order)
                order += 1
                self._show_state(item, where)
                items.append(item)
                self._entries.setdefault(key, []).append(item)
        for item in sorted(items, key=_sort_key):
            self.addItem(item)
        self.apply_filter()  # (an entry is hidden by its row: once it is listed)

    def _placements(self) -> tuple[dict[str, list[tuple[Board, Placement]]],
                                   dict[str, list[tuple[str, int, int, Presence]]]]:
        """The placements of each letter sharing a count with a new placement, in one pass
        (one tile_uses scan per letter would be quadratic on a big catalogue), and what of
        them the entries show."""
        raw = self.doc.placements_by_tile(self.doc.new_presence())
        return raw, {key: [(b.id, p.q, p.r, p.presence) for b, p in uses]
                     for key, uses in raw.items()}

    def refresh(self, *_args: object, force: bool = False) -> None:
        """Update the entries whose state changed (all with ``force``), then re-sort."""
        raw, signature = self._placements()
        if signature == self._signature and not force:
            self.apply_filter()
            return
        changed_keys = {k for k in signature.keys() | self._signature.keys()
                        if signature.get(k) != self._signature.get(k)}
        self._signature = signature
        changed = False
        for row in range(self.count()):
            item = self.item(row)
            key = item.data(ROLE_TILE)
            if not force and key not in changed_keys:
                continue
            where = "; ".join(self.doc.describe_use(b, p) for b, p in raw.get(key, []))
            changed = True
            self._show_state(item, where)
        if changed:
            self._sort()
        self.apply_filter()

    def _sort(self) -> None:
        """Free tiles first, each group in catalogue order: sorted in Python once, not by
        Qt calling PaletteItem.__lt__ (Python) n log n times on a big catalogue."""
        items = [self.item(row) for row in range(self.count())]
        wanted = sorted(items, key=_sort_key)
        if wanted == items:
            return
        current = self.currentItem()
        for _ in range(self.count()):
            self.takeItem(self.count() - 1)
        for item in wanted:
            self.addItem(item)
        if current is not None:
            self.setCurrentItem(current)

    def _tiles_changed(self, board: str, indexes: list[int]) -> None:
        """After an edit of some placements, update only their letters' entries (a
        rotation changes none); any other change refreshes all."""
        tiles = self.doc.scenario.board(board).tiles if indexes else []
        keys = {tiles[i].tile for i in indexes if i < len(tiles)}
        if not keys:
            self.refresh()
            return
        raw = self.doc.placements_by_tile(self.doc.new_presence(), only=keys)
        for key in keys:
            signature = [(b.id, p.q, p.r, p.presence) for b, p in raw.get(key, [])]
            if signature == self._signature.get(key, []):
                continue
            if signature:
                self._signature[key] = signature
            else:
                self._signature.pop(key, None)
            where = "; ".join(self.doc.describe_use(b, p) for b, p in raw.get(key, []))
            for item in self._entries.get(key, []):
                moved = bool(item.data(ROLE_USED)) != bool(where)
                self._show_state(item, where)
                item.setHidden(not self._accepts(item))
                if moved:
                    self._reposition(item)

    def _show_state(self, item: QListWidgetItem, where: str) -> None:
        key, side = item.data(ROLE_TILE), item.data(ROLE_SIDE)
        item.setIcon(self._icon(key, side, bool(where)))
        item.setData(ROLE_USED, where)
        flags = Qt.ItemFlag.ItemIsEnabled
        if not where:
            flags |= Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsDragEnabled
        item.setFlags(flags)
        label = side_label(key, side)
        item.setText(f"{label} \u00b7 placed" if where else label)
        item.setToolTip(f"Tile {key}, {side} side" + (f"\nplaced: {where}" if where
                                                      else "\nfree: click or drag to place"))

    def _reposition(self, item: QListWidgetItem) -> None:
        """Move one entry to its sorted row (free first, catalogue order): a binary
        search instead of re-sorting the whole list."""
        self.takeItem(self.row(item))
        wanted = _sort_key(item)
        low, high = 0, self.count()
        while low < high:
            middle = (low + high) // 2
            if _sort_key(self.item(middle)) < wanted:
                low = middle + 1
            else:
                high = middle
        self.insertItem(low, item)

    def _icon(self, key: str, side: str, greyed: bool) -> QIcon:
        tile_side = self.doc.catalogue.side(key, side)
        icon = self._icons.get((design_id(tile_side), greyed))
        if icon is None:
            icon = QIcon(LazyTileIcon(tile_side, greyed))
            self._icons[(design_id(tile_side), greyed)] = icon
        return icon

    def _accepts(self, item: QListWidgetItem) -> bool:
        key, side = item.data(ROLE_TILE), item.data(ROLE_SIDE)
        return self.filter.accepts(key, self.doc.catalogue.side(key, side),
                                   bool(item.data(ROLE_USED)))

    def set_filter(self, text: str | None = None, free_only: bool | None = None) -> None:
        self.filter = PaletteFilter(self.filter.text if text is None else text,
                                    self.filter.free_only if free_only is None else free_only)
        self.apply_filter()

    def apply_filter(self) -> None:
        for row in range(self.count()):
            item = self.item(row)
            item.setHidden(not self._accepts(item))

    def shown_items(self) -> list[QListWidgetItem]:
        """Entries in display order, hidden ones left out."""
        return [self.item(row) for row in range(self.count()) if not self.item(row).isHidden()]

    def item_for(self, tile: str, side: str = "surface") -> QListWidgetItem | None:
        for row in range(self.count()):
            item = self.item(row)
            if item.data(ROLE_TILE) == tile and item.data(ROLE_SIDE) == side:
                return item
        return None

    def _arm(self, item: QListWidgetItem) -> None:
        key = item.data(ROLE_TILE)
        refusal = self.editor.tile_refusal(key)
        if refusal is not None:
            self.clearSelection()
            self.editor.message.emit(refusal)
            if self.doc.tile_index(key) is not None or key in self.doc.tiles_in_use():
                self.editor.doc.select_tile(key)
            return
        self.editor.set_tool(Tool("tile", key, item.data(ROLE_SIDE)))

    def _follow_tool(self) -> None:
        if self.editor.tool.kind != "tile":
            self.clearSelection()

    def startDrag(self, supportedActions: Qt.DropAction) -> None:
        item = self.currentItem()
        if item is None or item.data(ROLE_USED):
            return
        mime = QMimeData()
        mime.setData(TILE_MIME, f"{item.data(ROLE_TILE)}:{item.data(ROLE_SIDE)}".encode())
        drag = QDrag(self)
        drag.setMimeData(mime)
        size = self.iconSize().width()
        drag.setPixmap(item.icon().pixmap(size, size))
        drag.exec(Qt.DropAction.CopyAction)


class TileDock(QWidget):
    """The palette with its filter line, *Free only* box and icon-size slider."""

    def __init__(self, doc: ScenarioDocument, editor: CanvasEditor,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.palette_list = TilePalette(doc, editor)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        self.search = QLineEdit()
        self.search.setPlaceholderText("Filter: letter, terrain, symbol\u2026")
        self.search.setClearButtonEnabled(True)
        self.search.setToolTip("Each word must match: a tile letter (A), a terrain (forest, "
                               "water) or a symbol (mine, cavern, magic)")
        self.search.textChanged.connect(lambda text: self.palette_list.set_filter(text=text))
        layout.addWidget(self.search)
        row = QHBoxLayout()
        self.free_only = QCheckBox("Free only")
        self.free_only.setToolTip("Hide tiles already placed")
        self.free_only.toggled.connect(lambda on: self.palette_list.set_filter(free_only=on))
        row.addWidget(self.free_only)
        row.addStretch(1)
        row.addWidget(QLabel("Size"))
        self.size_slider = QSlider(Qt.Orientation.Horizontal)
        self.size_slider.setRange(MIN_ICON, MAX_ICON)
        self.size_slider.setValue(ICON)
        self.size_slider.setToolTip("Icon size")
        self.size_slider.valueChanged.connect(self.palette_list.set_icon_size)
        row.addWidget(self.size_slider, 1)
        layout.addLayout(row)
        layout.addWidget(self.palette_list, 1)
