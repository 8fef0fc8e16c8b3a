"""The tile designer window: tiles on the left, the large hex in the middle, the selected
region's terrain and symbols and the live problem list on the right.

Every change is one :class:`DesignStep` on the window's undo stack, holding the design state
before and after (the catalogue dict, the border being drawn and the tile/side on screen), so
undo and redo restore exactly what was on screen, border points included.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QColor,
    QIcon,
    QKeySequence,
    QPixmap,
    QUndoCommand,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QRadioButton,
    QToolBar,
    QToolButton,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from editor.escaping import display_path, display_text
from editor.gui.designer import design
from editor.gui.designer.catalogue_text import dumps
from editor.gui.designer.checks import Defect, Problem, catalogue_defects, side_problems
from editor.gui.designer.hex_view import HexView
from editor.gui.designer.merge_dialog import ask_merge
from editor.model.catalogue import DEFAULT_CATALOGUE_PATH, SIDES, default_catalogue
from editor.model.jsonio import load_json
from editor.model.lattice import Point
from editor.model.safe_write import write_text
from editor.model.terrains import face_terrains
from editor.render.style import default_style

MODES = ("select", "draw", "merge")


@dataclass(frozen=True)
class DesignState:
    """What one undo step swaps: the catalogue, the border in progress and the view."""

    data: dict[str, Any]
    path: tuple[Point, ...]
    key: str
    side: str
    selected: int | None


class DesignStep(QUndoCommand):
    def __init__(self, window: DesignerWindow, before: DesignState, after: DesignState,
                 text: str) -> None:
        super().__init__(text)
        self.window, self.before, self.after = window, before, after

    def redo(self) -> None:
        self.window.restore(self.after)

    def undo(self) -> None:
        self.window.restore(self.before)


class DesignerWindow(QMainWindow):
    """Design the tiles of one catalogue file (or a new one); :attr:`saved` says where."""

    saved = Signal(Path)

    def __init__(self, data: dict[str, Any] | None = None, path: Path | None = None,
                 key: str | None = None, side: str | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowFlag(Qt.WindowType.Window)
        self.setObjectName("TileDesigner")
        self.path = path
        first = data if data is not None else design.new_catalogue()
        shown_key: str = key if key is not None and key in first["tiles"] else next(
            iter(first["tiles"]))
        tile = first["tiles"][shown_key]
        shown_side: str = side if side is not None and side in tile else next(
            s for s in SIDES if s in tile)
        self.state = DesignState(first, (), shown_key, shown_side, None)
        self.mode = "select"
        self.skip_close_prompt = False  # tests and scripted use: close without asking
        # Asked before a file is written, with its path and the catalogue: False cancels
        # the save (the main window lists markers the save would strand).
        self.before_save: Callable[[Path, dict[str, Any]], bool] | None = None
        self.defects: list[Defect] = []
        self.problems: list[Problem] = []
        self.undo_stack = QUndoStack(self)
        self._build()
        self.resize(1180, 760)
        self.restore(self.state)
        self.undo_stack.cleanChanged.connect(self._clean_changed)

    # ----- construction ------------------------------------------------------------------
    def _build(self) -> None:
        bar = QToolBar("Designer", self)
        self.toolbar = bar
        bar.setObjectName("designer-tools")
        self.addToolBar(bar)
        # Fixed texts, the step in the tool tip: a button named "Undo Move vertex 3 of
        # region s2" grew and shrank with each step, and every button after it jumped
        # sideways (issue 28, point 8).
        self.undo_action = QAction("&Undo", self)
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.undo_action.triggered.connect(self.undo_stack.undo)
        self.redo_action = QAction("&Redo", self)
        self.redo_action.setShortcut(QKeySequence.StandardKey.Redo)
        self.redo_action.triggered.connect(self.undo_stack.redo)
        for action, can, step_changed, verb in (
                (self.undo_action, self.undo_stack.canUndoChanged,
                 self.undo_stack.undoTextChanged, "Undo"),
                (self.redo_action, self.undo_stack.canRedoChanged,
                 self.undo_stack.redoTextChanged, "Redo")):
            action.setEnabled(False)
            can.connect(action.setEnabled)
            step_changed.connect(lambda step, a=action, v=verb: a.setToolTip(f"{v} {step}".strip()))
        bar.addAction(self.undo_action)
        bar.addAction(self.redo_action)
        bar.addSeparator()
        self.mode_actions: dict[str, QAction] = {}
        for mode, text, key in (("select", "Select region", "S"), ("draw", "Draw border", "B"),
                                ("merge", "Merge regions", "M")):
            action = QAction(text, self)
            action.setCheckable(True)
            action.setShortcut(QKeySequence(key))
            action.triggered.connect(lambda _c=False, m=mode: self.set_mode(m))
            bar.addAction(action)
            self.mode_actions[mode] = action
        self.cancel_action = QAction("Cancel border", self)
        self.cancel_action.setShortcut(QKeySequence(Qt.Key.Key_Escape))
        self.cancel_action.triggered.connect(self.cancel_border)
        bar.addAction(self.cancel_action)
        bar.addSeparator()
        self.fine_action = QAction("Fine grid", self)
        self.fine_action.setCheckable(True)
        self.fine_action.setToolTip("Offer the quarter points inside the hex too (the half "
                                    "grid keeps every rotation exact; quarter points do not)")
        self.fine_action.toggled.connect(self._set_fine)
        bar.addAction(self.fine_action)
        bar.addSeparator()
        self.save_action = QAction("&Save", self)
        self.save_action.setShortcut(QKeySequence.StandardKey.Save)
        self.save_action.triggered.connect(self.save)
        self.save_as_action = QAction("Save &As\u2026", self)
        self.save_as_action.triggered.connect(self.save_as)
        bar.addAction(self.save_action)
        bar.addAction(self.save_as_action)

        central = QWidget()
        row = QHBoxLayout(central)
        row.addWidget(self._tiles_panel(), 0)
        middle = QVBoxLayout()
        sides = QHBoxLayout()
        self.side_group = QButtonGroup(self)
        self.side_buttons: dict[str, QRadioButton] = {}
        self.side_present: dict[str, QCheckBox] = {}
        for side in SIDES:
            button = QRadioButton(side.capitalize())
            button.toggled.connect(lambda on, s=side: self.show_side(s) if on else None)
            self.side_group.addButton(button)
            self.side_buttons[side] = button
            sides.addWidget(button)
            present = QCheckBox("has this side")
            present.clicked.connect(lambda on, s=side: self.set_side_present(s, on))
            self.side_present[side] = present
            sides.addWidget(present)
            sides.addSpacing(18)
        sides.addStretch(1)
        middle.addLayout(sides)
        self.view = HexView(self.click)
        self.view.on_escape = self.cancel_border
        middle.addWidget(self.view, 1)
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        middle.addWidget(self.hint)
        row.addLayout(middle, 1)
        row.addWidget(self._region_panel(), 0)
        self.setCentralWidget(central)

    def _tiles_panel(self) -> QWidget:
        box = QGroupBox("Catalogue")
        layout = QVBoxLayout(box)
        form = QFormLayout()
        self.id_edit = QLineEdit()
        self.id_edit.editingFinished.connect(lambda: self._set_header("id", self.id_edit))
        self.name_edit = QLineEdit()
        self.name_edit.editingFinished.connect(lambda: self._set_header("name", self.name_edit))
        form.addRow("Id", self.id_edit)
        form.addRow("Name", self.name_edit)
        layout.addLayout(form)
        self.tile_list = QListWidget()
        self.tile_list.setMaximumWidth(230)
        self.tile_list.currentTextChanged.connect(self._tile_picked)
        layout.addWidget(self.tile_list, 1)
        buttons = QHBoxLayout()
        add = QPushButton("Add tile")
        add.clicked.connect(self.add_tile)
        remove = QPushButton("Remove")
        remove.clicked.connect(self.remove_tile)
        buttons.addWidget(add)
        buttons.addWidget(remove)
        layout.addLayout(buttons)
        letter = QHBoxLayout()
        self.key_edit = QLineEdit()
        self.key_edit.setPlaceholderText("letter, e.g. A or AA")
        self.key_edit.returnPressed.connect(self.rename_tile)
        rename = QPushButton("Set letter")
        rename.clicked.connect(self.rename_tile)
        letter.addWidget(self.key_edit)
        letter.addWidget(rename)
        layout.addLayout(letter)
        box.setMaximumWidth(250)
        return box

    def _region_panel(self) -> QWidget:
        style = default_style()
        panel = QWidget()
        panel.setMaximumWidth(330)
        layout = QVBoxLayout(panel)
        self.region_label = QLabel("No region selected")
        layout.addWidget(self.region_label)
        terrain_box = QGroupBox("Terrain")
        grid = QVBoxLayout(terrain_box)
        self.terrain_buttons: dict[str, QToolButton] = {}
        for terrain in design.TERRAINS:
            button = QToolButton()
            button.setText(style.terrain(terrain).label)
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
            button.setCheckable(True)
            button.setIconSize(QSize(22, 22))
            button.setMinimumWidth(150)
            button.clicked.connect(lambda _c=False, t=terrain: self.set_terrain(t))
            grid.addWidget(button)
            self.terrain_buttons[terrain] = button
        layout.addWidget(terrain_box)
        symbol_box = QGroupBox("Symbols")
        symbols = QVBoxLayout(symbol_box)
        self.symbol_buttons: dict[str, QToolButton] = {}
        for symbol in design.SYMBOLS:
            badge = style.symbol(symbol)
            button = QToolButton()
            button.setText(f"{badge.glyph}  {badge.label}")
            button.setCheckable(True)
            button.setMinimumWidth(150)
            button.setIcon(_swatch(badge.fill))
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
            button.clicked.connect(lambda _c=False, s=symbol: self.toggle_symbol(s))
            symbols.addWidget(button)
            self.symbol_buttons[symbol] = button
        layout.addWidget(symbol_box)
        layout.addWidget(QLabel("Problems"))
        self.problem_list = QListWidget()
        self.problem_list.setWordWrap(True)
        self.problem_list.itemActivated.connect(self._problem_activated)
        layout.addWidget(self.problem_list, 1)
        return panel

    # ----- state -------------------------------------------------------------------------
    @property
    def data(self) -> dict[str, Any]:
        return self.state.data

    @property
    def regions(self) -> list[dict[str, Any]]:
        return design.side_regions(self.state.data, self.state.key, self.state.side)

    def restore(self, state: DesignState) -> None:
        """Show ``state`` (called by undo steps; never pushes one)."""
        self.state = state
        self.defects = catalogue_defects(state.data, self._shown())
        self.problems = side_problems(self.regions)
        self._sync_widgets()

    def _rule_problems(self) -> list[Problem]:
        """The checker's defects on the side on screen that the drawing checks do not cover
        (e.g. a rule about symbols), as problems the hex can highlight."""
        if self.problems:
            return []
        ids = [str(r.get("id")) for r in self.regions]
        found = []
        for defect in self.defects:
            if (defect.tile, defect.side) == (self.state.key, self.state.side):
                index = ids.index(defect.region) if defect.region in ids else None
                found.append(Problem("rule", defect.message,
                                     () if index is None else (index,), hint=defect.hint))
        return found

    def push(self, text: str, **changes: Any) -> None:
        """Record one step: the current state with ``changes`` applied."""
        after = replace(self.state, **changes)
        self.undo_stack.push(DesignStep(self, self.state, after, text))

    def edit(self, text: str, data: dict[str, Any], **changes: Any) -> None:
        self.push(text, data=data, **changes)

    def _shown(self) -> str:
        return display_path(str(self.path)) if self.path is not None else "new catalogue"

    @property
    def errors(self) -> list[Defect]:
        """The checker's defects that stop a save (warnings do not)."""
        return [d for d in self.defects if d.severity == "error"]

    @property
    def can_save(self) -> bool:
        return not self.errors and not self.problems_anywhere()

    def problems_anywhere(self) -> list[tuple[str, str, Problem]]:
        found: list[tuple[str, str, Problem]] = []
        for key, tile in self.data["tiles"].items():
            for side in SIDES:
                if side in tile:
                    found.extend((key, side, p) for p in side_problems(tile[side]))
        return found

    def _sync_widgets(self) -> None:
        s = self.state
        self.tile_list.blockSignals(True)
        keys = list(s.data["tiles"])
        if [self.tile_list.item(i).text() for i in range(self.tile_list.count())] != keys:
            self.tile_list.clear()
            self.tile_list.addItems(keys)
        self.tile_list.setCurrentRow(keys.index(s.key))
        self.tile_list.blockSignals(False)
        self.key_edit.setText(s.key)
        self.id_edit.setText(str(s.data.get("id", "")))
        self.name_edit.setText(str(s.data.get("name", "")))
        tile = s.data["tiles"][s.key]
        for side in SIDES:
            self.side_buttons[side].blockSignals(True)
            self.side_buttons[side].setChecked(side == s.side)
            self.side_buttons[side].setEnabled(side in tile)
            self.side_buttons[side].blockSignals(False)
            self.side_present[side].setChecked(side in tile)
        regions = self.regions
        selected = s.selected if s.selected is not None and s.selected < len(regions) else None
        self.view.show_side(regions, s.side, list(s.path),
                            self.problems + self._rule_problems(), selected)
        spec = regions[selected] if selected is not None else None
        self.region_label.setText(
            "No region selected: click one (Select tool)" if spec is None
            else f"Region {spec['id']} of tile {s.key} ({s.side})")
        style = default_style()
        offered = face_terrains(s.side)
        current = spec.get("terrain") if spec is not None else None
        for terrain, button in self.terrain_buttons.items():
            # only what this world's faces print; a region's own other terrain (an older
            # custom tile's mountain) stays shown, checked, until another is picked
            button.setVisible(terrain in offered or terrain == current)
            button.setIcon(_swatch(style.terrain(terrain, s.side).fill))
            button.setEnabled(spec is not None and terrain in offered)
            button.setChecked(terrain == current)
            button.setToolTip("" if terrain in offered else
                              f"not printed on a {s.side} face: pick another terrain")
        for symbol, button in self.symbol_buttons.items():
            button.setEnabled(spec is not None)
            button.setChecked(spec is not None and symbol in spec.get("symbols", []))
        for mode, action in self.mode_actions.items():
            action.setChecked(mode == self.mode)
        self.cancel_action.setEnabled(bool(s.path))
        self._fill_problems()
        self.save_action.setEnabled(self.can_save)
        self.save_as_action.setEnabled(self.can_save)
        self._update_hint()
        self._update_title()

    def _fill_problems(self) -> None:
        self.problem_list.clear()
        here = [(self.state.key, self.state.side, p) for p in self.problems]
        elsewhere = [t for t in self.problems_anywhere()
                     if (t[0], t[1]) != (self.state.key, self.state.side)]
        for key, side, problem in here + elsewhere:
            text = f"{key} {side}: {problem.message}"
            if problem.hint:
                text += f" \u2014 {problem.hint}"
            item = QListWidgetItem(text)
            item.setForeground(QColor(180, 20, 20))
            item.setData(Qt.ItemDataRole.UserRole, (key, side))
            self.problem_list.addItem(item)
        drawn = {(key, side) for key, side, _p in here + elsewhere}
        for defect in self.defects:  # what the checker saw on sides the drawing checks passed
            if (defect.tile, defect.side) not in drawn:
                item = QListWidgetItem(display_text(
                    f"{defect.message} (at {defect.path})"
                    + (f" \u2014 {defect.hint}" if defect.hint else "")))
                item.setForeground(QColor(180, 20, 20) if defect.severity == "error"
                                   else QColor(140, 100, 0))
                item.setData(Qt.ItemDataRole.UserRole, (defect.tile, defect.side))
                self.problem_list.addItem(item)
        if self.can_save:
            self.problem_list.insertItem(0, "No problems: the catalogue can be saved.")
        for note in self._notes():
            item = QListWidgetItem(note)
            item.setForeground(QColor(140, 100, 0))
            self.problem_list.addItem(item)

    def _notes(self) -> list[str]:
        """Warnings that do not stop a save."""
        if self.path is not None and self._is_default_file():
            return ["This is the bundled catalogue of the box: Save asks for a new file."]
        clash = sorted(set(self.data["tiles"]) & set(default_catalogue().tiles))
        if clash:
            return [f"Letters {', '.join(clash)} are also standard tiles: a scenario can use "
                    "this catalogue only after they get other letters (e.g. AA)."]
        return []

    def _problem_activated(self, item: QListWidgetItem) -> None:
        where = item.data(Qt.ItemDataRole.UserRole)
        if isinstance(where, tuple) and where[0] in self.data["tiles"]:
            key, side = where
            tile = self.data["tiles"][key]
            self.show_tile(key, side if side in tile else None)

    def _update_hint(self) -> None:
        if self.mode == "draw":
            text = ("Draw border: click a point on a region's outline, then points inside "
                    "it, and end on its outline again (Esc cancels).")
            if self.state.path:
                text = f"Border of {len(self.state.path)} point(s): " + text
        elif self.mode == "merge":
            text = ("Merge: select a region, then click a neighbouring region to merge it "
                    "in; you choose which terrain and symbols the merged region keeps, and "
                    "the tool goes back to Select.")
        else:
            text = "Select: click a region, then pick its terrain and symbols on the right."
        self.hint.setText(text)

    def _clean_changed(self, _clean: bool) -> None:
        if isValid(self.undo_stack):  # the stack also reports while the window is destroyed
            self._update_title()

    def _update_title(self) -> None:
        name = self.path.name if self.path is not None else "new catalogue"
        mark = "*" if not self.undo_stack.isClean() else ""
        self.setWindowTitle(f"Tile designer \u2014 {name}{mark}")

    def message(self, text: str) -> None:
        self.statusBar().showMessage(text, 8000)

    # ----- navigation (not undoable: nothing changes) -------------------------------------
    def show_tile(self, key: str, side: str | None = None) -> None:
        tile = self.data["tiles"][key]
        shown = side if side is not None and side in tile else (
            self.state.side if self.state.side in tile else next(s for s in SIDES if s in tile))
        self.restore(replace(self.state, key=key, side=shown, path=(), selected=None))

    def show_side(self, side: str) -> None:
        if side in self.data["tiles"][self.state.key] and side != self.state.side:
            self.restore(replace(self.state, side=side, path=(), selected=None))

    def _tile_picked(self, key: str) -> None:
        if key and key in self.data["tiles"] and key != self.state.key:
            self.show_tile(key)

    def set_mode(self, mode: str) -> None:
        self.mode = mode
        self._sync_widgets()

    def _set_fine(self, on: bool) -> None:
        self.view.fine = on
        self.view.update()

    # ----- clicks on the hex -------------------------------------------------------------
    def click(self, point: Point | None, where: Point) -> None:
        if self.mode == "draw":
            self._draw_click(point)
            return
        index = design.region_at(self.data, self.state.key, self.state.side, where)
        if self.mode == "merge" and self.state.selected is not None and index is not None \
                and index != self.state.selected:
            regions = self.regions
            choice = ask_merge(self, regions[self.state.selected], regions[index])
            if choice is not None:
                self.merge(self.state.selected, index, choice.terrain, choice.symbols)
            return
        self.restore(replace(self.state, selected=index))

    def _draw_click(self, point: Point | None) -> None:
        s = self.state
        if point is None:
            self.message("Click a lattice point (the dots): borders run through them only.")
            return
        if not s.path:
            if not design.on_any_border(s.data, s.key, s.side, point):
                self.message("Start a border on an outline: a corner, an edge midpoint or a "
                             "point on an existing border.")
                return
            self.push("Start border", path=(point,))
            return
        if point == s.path[-1]:
            return
        path = (*s.path, point)
        target = design.target_region(s.data, s.key, s.side, path[0], path[1])
        if target is None:
            self.message("A border must run into a region, not along an existing border.")
            return
        from editor.gui.designer.design import on_boundary, region_polygon

        if on_boundary(point, region_polygon(self.regions[target])):
            try:
                data = design.split_region(s.data, s.key, s.side, list(path))
            except design.DesignError as exc:
                self.message(str(exc))
                return
            self.edit("Draw border", data, path=(), selected=None)
            return
        self.push("Add border point", path=path)

    def cancel_border(self) -> None:
        if self.state.path:
            self.push("Cancel border", path=())

    # ----- edits ---------------------------------------------------------------------------
    def _try(self, text: str, make: Any, **changes: Any) -> bool:
        try:
            data = make()
        except design.DesignError as exc:
            self.message(str(exc))
            return False
        self.edit(text, data, **changes)
        return True

    def merge(self, a: int, b: int, terrain: str | None = None,
              symbols: list[str] | None = None) -> None:
        """Merge region ``b`` into ``a`` with the chosen terrain and symbols; the Merge
        tool then hands back to Select (two clicks must not merge a whole side)."""
        s = self.state
        self._try("Merge regions",
                  lambda: design.merge_regions(s.data, s.key, s.side, a, b, terrain, symbols),
                  selected=a if a < b else a - 1)
        self.set_mode("select")

    def set_terrain(self, terrain: str) -> None:
        s = self.state
        if s.selected is None:
            return
        self._try(f"Terrain {terrain}",
                  lambda: design.set_terrain(s.data, s.key, s.side, s.selected or 0, terrain))

    def toggle_symbol(self, symbol: str) -> None:
        s = self.state
        if s.selected is None:
            return
        self._try(f"Symbol {symbol}",
                  lambda: design.toggle_symbol(s.data, s.key, s.side, s.selected or 0, symbol))

    def add_tile(self) -> None:
        key = design.free_key(self.data)
        self._try(f"Add tile {key}", lambda: design.add_tile(self.data, key), key=key,
                  side="surface", path=(), selected=None)

    def remove_tile(self) -> None:
        s = self.state
        rest = [k for k in s.data["tiles"] if k != s.key]
        if not rest:
            self.message("A catalogue keeps at least one tile.")
            return
        nxt = rest[0]
        side = s.side if s.side in s.data["tiles"][nxt] else next(
            x for x in SIDES if x in s.data["tiles"][nxt])
        self._try(f"Remove tile {s.key}", lambda: design.remove_tile(s.data, s.key), key=nxt,
                  side=side, path=(), selected=None)

    def rename_tile(self) -> None:
        import re

        s = self.state
        new = self.key_edit.text().strip()
        if new == s.key:
            return
        if not re.fullmatch(r"[A-Z][A-Za-z0-9_-]{0,15}", new):
            self.message("A tile letter starts with a capital A-Z, then up to 15 letters, "
                         "digits, '_' or '-' (e.g. A, AA, Tower).")
            self.key_edit.setText(s.key)
            return
        self._try(f"Letter {s.key} \u2192 {new}", lambda: design.rename_tile(s.data, s.key, new),
                  key=new)

    def set_side_present(self, side: str, present: bool) -> None:
        s = self.state
        tile = s.data["tiles"][s.key]
        if (side in tile) == present:
            return
        shown = side if present else next((x for x in SIDES if x in tile and x != side), s.side)
        ok = self._try(f"{'Add' if present else 'Remove'} {side} side",
                       lambda: design.set_side_present(s.data, s.key, side, present),
                       side=shown, path=(), selected=None)
        if not ok:
            self._sync_widgets()

    def _set_header(self, name: str, edit: QLineEdit) -> None:
        value = edit.text().strip()
        if value == self.data.get(name) or not value:
            edit.setText(str(self.data.get(name, "")))
            return
        data = {**self.data, name: value}
        self.edit(f"Catalogue {name}", data)

    # ----- saving ---------------------------------------------------------------------------
    def _is_default_file(self) -> bool:
        return self.path is not None and self.path.resolve() == DEFAULT_CATALOGUE_PATH.resolve()

    def save(self) -> bool:
        if self.path is None or self._is_default_file():
            return self.save_as()
        return self.save_to(self.path)

    def save_as(self) -> bool:
        if not self.can_save:
            return self.save_to(self.path or Path("catalogue.json"))  # explains the refusal
        start = str(self.path.parent if self.path and not self._is_default_file() else Path())
        name, _filter = QFileDialog.getSaveFileName(self, "Save catalogue", start,
                                                    "Tile catalogues (*.json)")
        if not name:
            return False
        if not name.endswith(".json"):
            name += ".json"
        return self.save_to(Path(name))

    def save_to(self, path: Path) -> bool:
        """Write the catalogue if it has no problem; say why not otherwise."""
        self.restore(self.state)
        if not self.can_save:
            found = self.problems_anywhere()
            first = (f"{found[0][0]} {found[0][1]}: {found[0][2].message}" if found
                     else self.errors[0].message)
            self.message(f"Not saved: fix the problems first ({first}).")
            return False
        if path.resolve() == DEFAULT_CATALOGUE_PATH.resolve():
            self.message("Not saved: the bundled catalogue of the box is read-only; "
                         "use Save As for a file of your own.")
            return False
        if self.before_save is not None and not self.before_save(path, self.data):
            self.message("Not saved.")
            return False
        try:
            write_text(path, dumps(self.data))
        except OSError as exc:
            QMessageBox.warning(self, "Save catalogue", str(exc))
            return False
        self.path = path
        self.undo_stack.setClean()
        self._sync_widgets()
        self.message(f"Saved {display_path(str(path))}")
        self.saved.emit(path)
        return True

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.undo_stack.isClean() and self.isVisible() and not self.skip_close_prompt:
            answer = QMessageBox.question(
                self, "Tile designer", "Close the designer and lose the unsaved changes?",
                QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel)
            if answer != QMessageBox.StandardButton.Discard:
                event.ignore()
                return
        super().closeEvent(event)


def _swatch(fill: str) -> QIcon:
    pixmap = QPixmap(22, 22)
    pixmap.fill(QColor(fill))
    return QIcon(pixmap)


def open_catalogue_file(path: Path) -> dict[str, Any]:
    """The catalogue JSON of ``path``, as a dict (raises LoadError for unreadable files)."""
    from editor.model.errors import LoadError

    _checked, text = load_json(path)  # size, depth and syntax checks with clear errors
    # The designer keeps numbers as written (``0.0`` stays a float), so an unedited tile is
    # written back byte for byte; the checked parse above may normalise them.
    data = json.loads(text)
    if not isinstance(data, dict) or not isinstance(data.get("tiles"), dict) \
            or not data["tiles"]:
        raise LoadError(str(path), "this is not a tile catalogue (no \"tiles\" object)",
                        hint="open a catalogue .json, e.g. one saved by the designer",
                        code="S002")
    for key, tile in data["tiles"].items():
        if not isinstance(tile, dict) or not any(s in tile for s in SIDES):
            raise LoadError(str(path), f"tile {key} has no surface or underground side",
                            json_path=f"$.tiles.{key}", code="S002",
                            hint="give each tile a side")
    return data
