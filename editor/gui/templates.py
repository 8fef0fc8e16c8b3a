"""New scenarios from a template: player range and which world(s) to build."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from editor.model.scenario import PLAYER_COUNTS, Scenario
from editor.model.templates import WORLDS, scenario_from_template


def new_scenario(title: str = "Untitled realm", players_min: int = 2, players_max: int = 5,
                 world: str = "surface") -> Scenario:
    """An empty scenario from the bundled template for ``world`` (as ``realms new`` makes)."""
    return scenario_from_template(world, (players_min, players_max), title)


class NewScenarioDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New realm")
        form = QFormLayout(self)
        self.title = QLineEdit("Untitled realm")
        form.addRow("Title", self.title)
        self.low, self.high = QSpinBox(), QSpinBox()
        for box, value in ((self.low, 2), (self.high, 5)):
            box.setRange(min(PLAYER_COUNTS), max(PLAYER_COUNTS))
            box.setValue(value)
        form.addRow("Players from", self.low)
        form.addRow("Players to", self.high)
        self.world = QComboBox()
        self.world.addItems(list(WORLDS))
        form.addRow("World", self.world)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def scenario(self) -> Scenario:
        low, high = sorted((self.low.value(), self.high.value()))
        return new_scenario(self.title.text().strip() or "Untitled realm", low, high,
                            self.world.currentText())
