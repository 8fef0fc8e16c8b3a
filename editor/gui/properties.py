"""The scenario properties form: title, players, turns, water, entry, scoring rules, notes.

Edits are collected and applied as one EditProperties command, after the whole
scenario passes the JSON Schema (so the form can never save an invalid file).
"""

from __future__ import annotations

import copy
from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from editor.gui.commands import EditProperties
from editor.gui.document import MetaState, ScenarioDocument
from editor.gui.scoring_form import ScoringEditor
from editor.model.jsonpos import format_json_path
from editor.model.scenario import DEFAULT_TURNS, PLAYER_COUNTS
from editor.model.schemas import describe, iter_errors, offending_path

ENTRY_KINDS = ("board_edge", "arrows", "regions", "compass_edge", "own_world", "anywhere")
WATER_KINDS = ("auto", "river", "sea", "lake")
MERGES = ("seams", "all_one_sea", "rivers_one_region")
TURNS_PER_ROW = 3


def _combo(options: tuple[str, ...]) -> QComboBox:
    box = QComboBox()
    for option in options:
        box.addItem(option.replace("_", " "), option)
    return box


class PropertiesForm(QScrollArea):
    def __init__(self, doc: ScenarioDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.setWidgetResizable(True)
        body = QWidget()
        outer = QVBoxLayout(body)
        form = QFormLayout()
        # Narrow docks put labels above their fields instead of clipping the fields.
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        outer.addLayout(form)
        self.title = QLineEdit()
        form.addRow("Title", self.title)
        self.players_min, self.players_max = QSpinBox(), QSpinBox()
        for box in (self.players_min, self.players_max):
            box.setRange(min(PLAYER_COUNTS), max(PLAYER_COUNTS))
        row = QHBoxLayout()
        row.addWidget(self.players_min)
        row.addWidget(QLabel("to"))
        row.addWidget(self.players_max)
        form.addRow("Players", row)
        self.turns: dict[int, QSpinBox] = {}
        turns_grid = QGridLayout()  # three a row: five boxes in one row did not fit
        for k, count in enumerate(PLAYER_COUNTS):
            box = QSpinBox()
            box.setRange(1, 30)
            box.setPrefix(f"{count}p: ")
            self.turns[count] = box
            turns_grid.addWidget(box, k // TURNS_PER_ROW, k % TURNS_PER_ROW)
        form.addRow("Turns", turns_grid)
        self.river_rules = QCheckBox("river rules")
        self.river_rules.setToolTip("Rivers are conquered and emptied like land")
        form.addRow("Water", self.river_rules)
        self.water_kind = _combo(WATER_KINDS)
        form.addRow("Water kind", self.water_kind)
        self.merge = _combo(MERGES)
        form.addRow("Water bodies", self.merge)
        self.seas_entry = QCheckBox("seas are board edge for entry")
        self.seas_entry.setToolTip("Seas count as board edge for entering")
        form.addRow("", self.seas_entry)
        self.holes_edge = QCheckBox("holes are board edge")
        self.holes_edge.setToolTip("Holes count as board edge")
        form.addRow("", self.holes_edge)
        self.entry = _combo(ENTRY_KINDS)
        form.addRow("Entry", self.entry)
        self.scoring = ScoringEditor()
        form.addRow("Scoring", self.scoring)
        self.notes = QPlainTextEdit()
        self.notes.setFixedHeight(90)
        form.addRow("Notes", self.notes)
        buttons = QHBoxLayout()
        self.apply_button = QPushButton("Apply")
        self.revert_button = QPushButton("Revert")
        buttons.addStretch(1)
        buttons.addWidget(self.revert_button)
        buttons.addWidget(self.apply_button)
        outer.addLayout(buttons)
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #b00020")
        outer.addWidget(self.error)
        outer.addStretch(1)
        self.setWidget(body)
        self.apply_button.clicked.connect(self.apply)
        self.revert_button.clicked.connect(self.refresh)
        doc.metaChanged.connect(self.refresh)
        doc.scenarioReset.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        s = self.doc.scenario
        self.title.setText(s.title)
        self.players_min.setValue(s.players_min)
        self.players_max.setValue(s.players_max)
        turns = s.section("turns") if isinstance(s.sections.get("turns"), dict) else {}
        for count, box in self.turns.items():
            box.setValue(int(turns.get(str(count), DEFAULT_TURNS[count])))
        water = s.section("water")
        self.river_rules.setChecked(bool(water.get("river_rules", False)))
        self._choose(self.water_kind, water.get("default_kind", "auto"))
        self._choose(self.merge, water.get("merge", "seams"))
        self.seas_entry.setChecked(bool(water.get("seas_are_entry_edges", True)))
        self.holes_edge.setChecked(bool(s.sections.get("holes_are_board_edge", False)))
        rules = s.section("entry").get("rules") or [{"kind": "board_edge"}]
        self._choose(self.entry, rules[0].get("kind", "board_edge"))
        self.scoring.set_rules(s.sections.get("scoring"))
        self.notes.setPlainText(str(s.sections.get("notes", "")))
        self.error.clear()

    @staticmethod
    def _choose(box: QComboBox, value: str) -> None:
        box.setCurrentIndex(max(0, box.findData(value)))

    def state(self) -> MetaState:
        """The form's content as a new meta state."""
        sections: dict[str, Any] = copy.deepcopy(self.doc.scenario.sections)
        turns = {str(c): b.value() for c, b in self.turns.items()
                 if b.value() != DEFAULT_TURNS[c]}
        self._put(sections, "turns", turns or None)
        water = dict(sections.get("water", {}))
        water.update({"river_rules": self.river_rules.isChecked(),
                      "default_kind": self.water_kind.currentData(),
                      "merge": self.merge.currentData(),
                      "seas_are_entry_edges": self.seas_entry.isChecked()})
        sections["water"] = water
        self._put(sections, "holes_are_board_edge", True if self.holes_edge.isChecked() else None)
        entry = dict(sections.get("entry", {}))
        rules = list(entry.get("rules") or [{"kind": "board_edge"}])
        if rules[0].get("kind") != self.entry.currentData():
            rules[0] = {"kind": self.entry.currentData()}
        entry["rules"] = rules
        sections["entry"] = entry
        self._put(sections, "scoring", self.scoring.rules())
        self._put(sections, "notes", self.notes.toPlainText() or None)
        low, high = sorted((self.players_min.value(), self.players_max.value()))
        return MetaState(self.title.text().strip() or "Untitled realm", low, high, sections)

    @staticmethod
    def _put(sections: dict[str, Any], key: str, value: Any) -> None:
        if value is None:
            sections.pop(key, None)
        else:
            sections[key] = value

    def apply(self) -> bool:
        try:
            state = self.state()
        except ValueError as exc:
            self.error.setText(str(exc))
            return False
        s = self.doc.scenario
        candidate = {**copy.deepcopy(state.sections), **{
            k: v for k, v in s.to_dict().items() if k not in s.sections}}
        candidate["title"] = state.title
        candidate["players"] = {"min": state.players_min, "max": state.players_max}
        for error in iter_errors("scenario", candidate):
            message, hint = describe(error)
            where = format_json_path(offending_path(error)[0])
            self.error.setText(f"{where}: {message}; {hint}")
            return False
        self.error.clear()
        if state != self.doc.meta_state():
            self.doc.undo_stack.push(EditProperties(self.doc, state))
        return True
