"""The scenario's scoring rules as a form: one row per rule, instead of raw JSON.

A rule (the scenario schema's ``scoringRule``) has a ``kind``, optional ``coins`` (0-100)
and ``text``, and optional ``options`` (name -> scalar). The form edits kind, coins and
text; ``options`` have no widget and are kept as they were. The rows are applied with
the rest of the Scenario tab, as one undoable EditProperties command.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from editor.model.schemas import schema

NO_COINS = -1  # the coins box's "default" value: the rule has no ``coins``
MAX_RULES = 20


def rule_kinds() -> tuple[str, ...]:
    """The kinds the scenario schema allows, in its order (the form never offers others)."""
    rule = schema("scenario")["$defs"]["scoringRule"]
    return tuple(rule["properties"]["kind"]["enum"])


def kind_label(kind: str) -> str:
    return kind.replace("_", " ").capitalize()


class ScoringRow(QWidget):
    """One rule: kind and coins on a line with the remove button, its text below."""

    removeRequested = Signal(object)

    def __init__(self, rule: dict[str, Any], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.extra = {k: v for k, v in rule.items() if k not in ("kind", "coins", "text")}
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 2, 0, 2)
        self.kind = QComboBox()
        self.kind.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.kind.setMinimumContentsLength(10)
        for kind in rule_kinds():
            self.kind.addItem(kind_label(kind), kind)
        found = self.kind.findData(rule.get("kind", "custom"))
        if found < 0:  # a kind this version does not know: show it, keep it
            self.kind.addItem(str(rule.get("kind")), rule.get("kind"))
            found = self.kind.count() - 1
        self.kind.setCurrentIndex(found)
        self.kind.setToolTip("What the rule scores")
        self.coins = QSpinBox()
        self.coins.setRange(NO_COINS, 100)
        self.coins.setSpecialValueText("coins: default")
        self.coins.setPrefix("coins: ")
        coins = rule.get("coins")
        self.coins.setValue(coins if isinstance(coins, int) else NO_COINS)
        self.coins.setToolTip("Victory coins the rule awards (lowest value: the default)")
        self.remove = QToolButton()
        self.remove.setText("\u2715")
        self.remove.setToolTip("Remove this scoring rule")
        self.remove.clicked.connect(lambda: self.removeRequested.emit(self))
        self.text = QLineEdit(str(rule.get("text", "")))
        self.text.setCursorPosition(0)  # show the start of a long text
        self.text.setPlaceholderText("What players read (optional)")
        self.text.setToolTip(self.text.text() or "The rule in words, shown to players")
        grid.addWidget(self.kind, 0, 0)
        grid.addWidget(self.coins, 0, 1)
        grid.addWidget(self.remove, 0, 2)
        grid.addWidget(self.text, 1, 0, 1, 3)
        grid.setColumnStretch(0, 1)
        if self.extra:
            names = ", ".join(sorted(map(str, self.extra.get("options", {}))))
            kept = QLabel(f"+ options kept: {names}" if names else "+ extra fields kept")
            kept.setWordWrap(True)
            grid.addWidget(kept, 2, 0, 1, 3)

    def rule(self) -> dict[str, Any]:
        result: dict[str, Any] = {"kind": self.kind.currentData()}
        if self.coins.value() != NO_COINS:
            result["coins"] = self.coins.value()
        text = self.text.text().strip()
        if text:
            result["text"] = text
        result.update(self.extra)
        return result


class ScoringEditor(QWidget):
    """The list of rules with an *Add scoring rule* button."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rows: list[ScoringRow] = []
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.rows_layout = QVBoxLayout()
        self.rows_layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self.rows_layout)
        self.empty = QLabel("No scoring rules: the base game's scoring.")
        self.empty.setWordWrap(True)
        layout.addWidget(self.empty)
        self.add_button = QPushButton("Add scoring rule")
        self.add_button.setToolTip(f"Up to {MAX_RULES} rules")
        self.add_button.clicked.connect(lambda: self.add_rule({"kind": "coin_mine"}))
        layout.addWidget(self.add_button)

    def set_rules(self, rules: Any) -> None:
        for row in list(self.rows):
            self._drop(row)
        for rule in rules if isinstance(rules, list) else []:
            self.add_rule(rule if isinstance(rule, dict) else {"kind": "custom"})
        self._sync()

    def add_rule(self, rule: dict[str, Any]) -> ScoringRow | None:
        if len(self.rows) >= MAX_RULES:
            return None
        row = ScoringRow(rule)
        row.removeRequested.connect(self._remove)
        self.rows.append(row)
        self.rows_layout.addWidget(row)
        self._sync()
        row.kind.setFocus()
        return row

    def _remove(self, row: object) -> None:
        if isinstance(row, ScoringRow):
            self._drop(row)
            self._sync()

    def _drop(self, row: ScoringRow) -> None:
        self.rows.remove(row)
        self.rows_layout.removeWidget(row)
        row.hide()
        row.deleteLater()

    def _sync(self) -> None:
        self.empty.setVisible(not self.rows)
        self.add_button.setEnabled(len(self.rows) < MAX_RULES)

    def rules(self) -> list[dict[str, Any]] | None:
        """The rules as the scenario stores them; None when there are none."""
        return [row.rule() for row in self.rows] or None
