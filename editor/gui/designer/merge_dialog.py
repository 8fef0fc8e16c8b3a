"""The designer's Merge question: which terrain and which symbols the merged region keeps.

Merging two regions used to keep the terrain of the region picked first, silently; now the
user sees both regions and chooses (the first region's terrain and both regions' symbols
are preselected)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from editor.gui.designer.design import SYMBOLS, merged_symbols


@dataclass(frozen=True)
class MergeChoice:
    terrain: str
    symbols: list[str]


def _name(value: str) -> str:
    return value.replace("_", " ")


class MergeDialog(QDialog):
    def __init__(self, first: dict[str, Any], second: dict[str, Any],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Merge regions")
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(f"Merge region {second.get('id')} into {first.get('id')} "
                                f"(the merged region keeps the id {first.get('id')}).\n"
                                "Which terrain does it keep?"))
        self.terrain_group = QButtonGroup(self)
        self.terrain_buttons: dict[str, QRadioButton] = {}
        for spec in (first, second):
            terrain = str(spec.get("terrain"))
            if terrain in self.terrain_buttons:
                continue
            button = QRadioButton(f"{_name(terrain)} (of region {spec.get('id')})")
            self.terrain_group.addButton(button)
            self.terrain_buttons[terrain] = button
            layout.addWidget(button)
        self.terrain_buttons[str(first.get("terrain"))].setChecked(True)
        offered = merged_symbols(first, second)
        self.symbol_boxes: dict[str, QCheckBox] = {}
        if offered:
            layout.addWidget(QLabel("Which symbols does it keep?"))
            for symbol in (s for s in SYMBOLS if s in offered):
                owners = [str(spec.get("id")) for spec in (first, second)
                          if symbol in spec.get("symbols", [])]
                box = QCheckBox(f"{_name(symbol)} (of {' and '.join(owners)})")
                box.setChecked(True)
                self.symbol_boxes[symbol] = box
                layout.addWidget(box)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Merge")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def choice(self) -> MergeChoice:
        terrain = next(t for t, b in self.terrain_buttons.items() if b.isChecked())
        return MergeChoice(terrain, [s for s, b in self.symbol_boxes.items() if b.isChecked()])


def ask_merge(parent: QWidget, first: dict[str, Any], second: dict[str, Any]
              ) -> MergeChoice | None:
    dialog = MergeDialog(first, second, parent)
    return dialog.choice() if dialog.exec() == QDialog.DialogCode.Accepted else None
