"""The Layers panel, as Tiled users expect one: the boards, and the shown board's layers
with a visibility and a lock box each.

Clicking a board shows it. A layer's "Visible" box is the View → Layers menu entry of
the same name (the two stay in step); "Locked" keeps the tools off that kind of object
(:meth:`CanvasEditor.set_locked`): locked tiles cannot be placed, moved, turned, flipped
or deleted, locked markers and links cannot be laid, lifted or erased.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QFont
from PySide6.QtWidgets import QHeaderView, QTreeWidget, QTreeWidgetItem, QWidget

from editor.gui.canvas.tools import LOCKABLE, CanvasEditor
from editor.gui.document import ScenarioDocument

# (layer, label): the order of the panel, top to bottom like the drawing order reversed.
LAYERS = (("links", "Links"), ("markers", "Markers"), ("names", "Region names"),
          ("symbols", "Symbol chips"), ("tiles", "Tiles"),
          ("others", "Tiles of other player counts"), ("grid", "Hex grid"),
          ("graph", "Graph of play"))
NAME, VISIBLE, LOCKED = 0, 1, 2
ROLE = Qt.ItemDataRole.UserRole


class LayersPanel(QTreeWidget):
    def __init__(self, doc: ScenarioDocument, editor: CanvasEditor,
                 visibility: dict[str, QAction], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc, self.editor, self.visibility = doc, editor, visibility
        self.setColumnCount(3)
        self.setHeaderLabels(["Layer", "Visible", "Locked"])
        header = self.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(NAME, QHeaderView.ResizeMode.Stretch)
        for column in (VISIBLE, LOCKED):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.setRootIsDecorated(True)
        self.rows: dict[str, QTreeWidgetItem] = {}
        self._syncing = False
        self.itemChanged.connect(self._changed)
        self.itemClicked.connect(self._clicked)
        for action in visibility.values():
            action.toggled.connect(self._follow_actions)  # a method: gone with the panel
        for signal in (doc.viewChanged, doc.scenarioReset, doc.metaChanged):
            signal.connect(self.rebuild)
        self.rebuild()

    def rebuild(self, *_args: object) -> None:
        """One row per board; the shown board (bold) holds the layer rows."""
        self._syncing = True
        self.clear()
        self.rows = {}
        for board in self.doc.scenario.boards:
            item = QTreeWidgetItem([f"{board.title or board.id} ({board.kind})"])
            item.setData(NAME, ROLE, board.id)
            item.setToolTip(NAME, "Click to show this board")
            self.addTopLevelItem(item)
            if board.id != self.doc.board_id:
                continue
            font = QFont(item.font(NAME))
            font.setBold(True)
            item.setFont(NAME, font)
            for name, label in LAYERS:
                if name not in self.visibility:
                    continue
                row = QTreeWidgetItem(item, [label])
                row.setData(NAME, ROLE, name)
                flags = row.flags() | Qt.ItemFlag.ItemIsUserCheckable
                row.setFlags(flags)
                row.setCheckState(VISIBLE, _state(self.visibility[name].isChecked()))
                if name in LOCKABLE:
                    row.setCheckState(LOCKED, _state(name in self.editor.locked))
                self.rows[name] = row
            item.setExpanded(True)
        self._syncing = False

    def _follow_actions(self, _on: bool) -> None:
        """A View → Layers entry was switched: the "Visible" boxes follow."""
        self._syncing = True
        for name, row in self.rows.items():
            on = _state(self.visibility[name].isChecked())
            if row.checkState(VISIBLE) != on:
                row.setCheckState(VISIBLE, on)
        self._syncing = False

    def _changed(self, item: QTreeWidgetItem, column: int) -> None:
        if self._syncing:
            return
        name = item.data(NAME, ROLE)
        on = item.checkState(column) == Qt.CheckState.Checked
        if column == VISIBLE and name in self.visibility:
            self.visibility[name].setChecked(on)
        elif column == LOCKED and name in LOCKABLE:
            self.editor.set_locked(name, on)

    def _clicked(self, item: QTreeWidgetItem, _column: int) -> None:
        if item.parent() is None:
            self.doc.set_board(item.data(NAME, ROLE))


def _state(on: bool) -> Qt.CheckState:
    return Qt.CheckState.Checked if on else Qt.CheckState.Unchecked
