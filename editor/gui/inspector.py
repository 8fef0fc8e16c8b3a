"""The inspector: the selected region/tile/marker, and the scenario's properties."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFocusEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from editor.gui.canvas.tools import CanvasEditor
from editor.gui.commands import EditProperties
from editor.gui.document import ScenarioDocument
from editor.gui.marker_attrs import MarkerAttributes, human_name
from editor.gui.properties import PropertiesForm
from editor.model.scenario import Board, Link

NOTES = "region_notes"  # the scenario's map of region id -> note (the schema bounds it)
NOTE_MAX = 2000  # characters, as the schema allows


class NoteEdit(QPlainTextEdit):
    """A region's note; ``finished`` when the field loses focus (the edit is then one
    undo step, not one per key)."""

    finished = Signal()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self.finished.emit()


class SelectionPanel(QWidget):
    """Facts about what is selected: region flags and neighbours from the derivation."""

    def __init__(self, doc: ScenarioDocument, editor: CanvasEditor,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc, self.editor = doc, editor
        layout = QVBoxLayout(self)
        self.form = QFormLayout()
        layout.addLayout(self.form)
        self.fields: dict[str, QLabel] = {}
        for name in ("Selected", "Region", "Terrain", "Symbols", "Markers", "Flags", "Tile",
                     "Placement", "Link"):
            label = QLabel("\u2014")
            label.setWordWrap(True)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            self.fields[name] = label
            self.form.addRow(name, label)
        self.min_players = QComboBox()
        # Sized to its text, not to the longest choice, so the dock fits a 1280 x 800 screen.
        self.min_players.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.min_players.setMinimumContentsLength(10)
        self._counts: tuple[int, ...] = ()
        self.form.addRow("On the board for", self.min_players)
        self.min_players.activated.connect(self._set_min_players)
        self.marker_attrs = MarkerAttributes(doc)
        layout.addWidget(self.marker_attrs)
        self.link_label = QLineEdit()
        self.link_label.setPlaceholderText("select a custom link to rename it")
        self.link_label.editingFinished.connect(self._rename_link)
        self.form.addRow("Link label", self.link_label)
        self.note = NoteEdit()
        self.note.setObjectName("region-note")
        self.note.setTabChangesFocus(True)
        self.note.setPlaceholderText("select one region to write a note on it (kept in the file)")
        self.note.setFixedHeight(self.note.fontMetrics().lineSpacing() * 3 + 12)
        self.note.finished.connect(self.commit_note)
        self._note_region: str | None = None  # whose note the field shows
        self.form.addRow("Note", self.note)
        layout.addWidget(QLabel("Neighbours (click to select)"))
        self.neighbours = QListWidget()
        self.neighbours.itemClicked.connect(
            lambda item: doc.select_region(item.data(Qt.ItemDataRole.UserRole)))
        layout.addWidget(self.neighbours, 1)
        for signal in (doc.selectionChanged, doc.derivationChanged, doc.tilesChanged,
                       doc.metaChanged, doc.linksChanged):
            signal.connect(self.refresh)
        self.refresh()

    def refresh(self, *_args: object) -> None:
        sel = self.doc.selection
        values = dict.fromkeys(self.fields, "\u2014")
        self.neighbours.clear()
        board = self.doc.scenario.board(sel.board) if sel.board else None
        placement = None
        if board is not None and sel.is_group:
            self._group_values(board, values)
        # A one-item "group" (a paste of one tile or marker) is shown as that item.
        tile_index = sel.tile_index if sel.is_group else next(iter(sel.tile_set), None)
        marker_index = sel.marker_index if sel.is_group else next(iter(sel.marker_set), None)
        if board is not None and tile_index is not None and tile_index < len(board.tiles):
            placement = board.tiles[tile_index]
            values["Tile"] = f"{placement.tile} ({placement.side})"
            # short enough for the dock at 1280 x 800 ("rotation 1 x 60°" wrapped)
            values["Placement"] = (f"hex ({placement.q}, {placement.r}), turned "
                                   f"{placement.rotation * 60}\u00b0")
        if board is not None and marker_index is not None and marker_index < len(board.markers):
            marker = board.markers[marker_index]
            attrs = ", ".join(f"{k} {v}" for k, v in marker.attrs.items())
            values["Markers"] = (f"{human_name(marker.kind)} on {marker.region or marker.hex} "
                                 f"{attrs}").strip()
        if sel.region:
            self._region_values(sel.region, values)
        named = set(sel.regions) | ({sel.region} if sel.region else set())
        if len(named) > 1:  # the magic wand, or a finding naming several regions
            values["Selected"] = f"{len(named)} regions"
        self._show_note(sel.region if len(named) == 1 else None)
        if values["Selected"] == "\u2014" and any(
                v != "\u2014" for k, v in values.items() if k != "Selected"):
            values["Selected"] = "1 " + ("link" if sel.link_index is not None else
                                         "marker" if marker_index is not None else
                                         "tile" if tile_index is not None else "region")
        link = self._selected_link()
        if link is not None:
            values["Link"] = f"{link.kind.replace('_', ' ')}: {link.a} \u2013 {link.b}" + (
                f" \u201c{link.label}\u201d" if link.label else "")
        self.link_label.setEnabled(link is not None and link.kind == "custom")
        self.link_label.setText((link.label or "") if link is not None else "")
        for name, text in values.items():
            self.fields[name].setText(text)
        self.min_players.setEnabled(placement is not None)
        counts = self.doc.scenario.player_counts
        if self._counts != counts:  # rebuild only when the range changes, never mid-choice
            self._counts = counts
            self.min_players.clear()
            for count in counts:
                self.min_players.addItem(f"{count} players and up", f"from:{count}")
            for count in counts:
                self.min_players.addItem(f"only {count} players (own layout)", f"only:{count}")
        if placement is not None:
            presence = placement.presence
            if presence.players is not None and len(presence.players) == 1:
                current = f"only:{presence.players[0]}"
            else:
                current = f"from:{presence.min_players or counts[0]}"
            self.min_players.setCurrentIndex(max(0, self.min_players.findData(current)))

    def notes(self) -> dict[str, str]:
        value = self.doc.scenario.sections.get(NOTES, {})
        return dict(value) if isinstance(value, dict) else {}

    def _show_note(self, rid: str | None) -> None:
        """Show ``rid``'s note; a note being typed for another region is kept first."""
        if rid != self._note_region:
            self.commit_note()
            self._note_region = rid
        elif self.note.document().isModified():
            return  # being typed: an analysis arriving must not overwrite it
        text = self.notes().get(rid, "") if rid else ""
        if self.note.toPlainText() != text:
            self.note.setPlainText(text)
        self.note.document().setModified(False)
        self.note.setEnabled(rid is not None)

    def commit_note(self) -> None:
        """Store the typed note in the scenario as one undo step (an empty one is removed)."""
        rid = self._note_region
        if rid is None or not self.note.document().isModified():
            return
        self.note.document().setModified(False)
        text = self.note.toPlainText().strip()[:NOTE_MAX]
        notes = self.notes()
        if notes.get(rid, "") == text:
            return
        if text:
            notes[rid] = text
        else:
            notes.pop(rid, None)
        state = self.doc.meta_state()
        if notes:
            state.sections[NOTES] = notes
        else:
            state.sections.pop(NOTES, None)
        self.doc.undo_stack.push(EditProperties(self.doc, state, f"Note on {rid}"))

    def _group_values(self, board: Board, values: dict[str, str]) -> None:
        """A multi-selection: how many of what, and which tiles (issue 28, point 7)."""
        sel = self.doc.selection
        tiles = [board.tiles[i] for i in sorted(sel.tile_set) if i < len(board.tiles)]
        markers = [board.markers[i] for i in sorted(sel.marker_set) if i < len(board.markers)]
        counted = [f"{len(items)} {noun}{'s' if len(items) != 1 else ''}"
                   for items, noun in ((tiles, "tile"), (markers, "marker")) if items]
        values["Selected"] = " and ".join(counted)
        if tiles:
            values["Tile"] = ", ".join(p.tile for p in tiles)
        if markers:
            values["Markers"] = ", ".join(human_name(m.kind) for m in markers)

    def _region_values(self, rid: str, values: dict[str, str]) -> None:
        values["Region"] = rid
        region = self.doc.analysis.region(rid)
        if region is None:
            values["Region"] = f"{rid} (not derived yet)"
            return
        values["Region"] = region.id + (f" ({len(region.parts)} parts)"
                                        if len(region.parts) > 1 else "")
        terrain = region.terrain
        if region.base_terrain != region.terrain:
            terrain += f" (printed {region.base_terrain})"
        values["Terrain"] = terrain
        values["Symbols"] = ", ".join(region.symbols) or "none"
        markers = ", ".join(human_name(m.kind)
                            + (f" {m.attrs['number']}" if "number" in m.attrs else "")
                            for m in region.markers)
        values["Markers"] = markers or "none"
        flags = [name.replace("_", " ") for name in
                 ("board_edge", "first_conquest", "coastal", "chasm", "impassable", "entry_edge")
                 if getattr(region, name, False)]
        if region.holes:
            flags.append("borders a hole")
        values["Flags"] = ", ".join(flags) or "none"
        realm = self.doc.analysis.realm
        if realm is not None and region.id in realm.graph:
            for other in sorted(realm.graph.neighbors(region.id)):
                kinds = ", ".join(sorted(realm.graph.edges[region.id, other].get("kinds", ())))
                item = QListWidgetItem(f"{other}  ({realm.regions[other].terrain}; {kinds})")
                item.setData(Qt.ItemDataRole.UserRole, other)
                self.neighbours.addItem(item)

    def _selected_link(self) -> Link | None:
        index = self.doc.selection.link_index
        links = self.doc.scenario.links
        return links[index] if index is not None and index < len(links) else None

    def _rename_link(self) -> None:
        index = self.doc.selection.link_index
        if index is not None and self._selected_link() is not None:
            self.editor.set_link_label(index, self.link_label.text())

    def _set_min_players(self, row: int) -> None:
        sel = self.doc.selection
        index = sel.tile_index if sel.is_group else next(iter(sel.tile_set), None)
        if index is not None and sel.board == self.doc.board_id:
            kind, _, count = str(self.min_players.itemData(row)).partition(":")
            self.editor.set_tile_players(index, int(count), only=kind == "only")


class Inspector(QTabWidget):
    def __init__(self, doc: ScenarioDocument, editor: CanvasEditor,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.selection_panel = SelectionPanel(doc, editor)
        self.properties = PropertiesForm(doc)
        self.addTab(self.selection_panel, "Selection")
        self.addTab(self.properties, "Scenario")
