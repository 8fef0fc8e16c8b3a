"""File → Generate…: players, world and seed for ``realms generate``; the realm found opens
as a new, unsaved document (the same search and the same bytes as the command)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QMessageBox,
    QSpinBox,
    QWidget,
)

if TYPE_CHECKING:
    from editor.gui.main_window import MainWindow

SEED_MAX = 2**31 - 1  # QSpinBox holds a C int


class GenerateDialog(QDialog):
    """Ask for the search's arguments; on OK run it, keeping the dialog open on failure."""

    def __init__(self, parent: QWidget | None = None) -> None:
        from editor.generate.search import WORLDS  # the generator loads when first asked for

        super().__init__(parent)
        self.setWindowTitle("Generate a balanced realm")
        form = QFormLayout(self)
        form.addRow(QLabel("A search for a realm with no lint error or warning "
                           "(same seed, same realm)."))
        self.players = QSpinBox()
        self.players.setRange(2, 6)
        self.players.setValue(4)
        form.addRow("&Players", self.players)
        self.world = QComboBox()
        self.world.addItems(list(WORLDS))
        form.addRow("&World", self.world)
        self.seed = QSpinBox()
        self.seed.setRange(0, SEED_MAX)
        self.seed.setValue(1)
        form.addRow("&Seed", self.seed)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form.addRow(self.buttons)
        self.result_data: dict[str, Any] | None = None

    def accept(self) -> None:
        from editor.generate.search import GenerateError, generate

        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            found = generate(self.players.value(), self.world.currentText(), self.seed.value())
        except GenerateError as exc:
            found = None
            message = str(exc)
        finally:
            QApplication.restoreOverrideCursor()
        if found is not None and (found.errors or found.warnings):
            message = (f"No realm without lint findings was found with seed "
                       f"{self.seed.value()}; try another seed.")
            found = None
        if found is None:
            QMessageBox.warning(self, "Cannot generate", message)
            return
        self.result_data = found.data
        super().accept()


def generate_into(window: MainWindow) -> None:
    """Run the dialog and open its realm as a new document of ``window``."""
    from editor.generate.confirm import loaded_from
    from editor.gui.document import ScenarioDocument

    dialog = GenerateDialog(window)
    if not dialog.exec() or dialog.result_data is None or not window._confirm_discard():
        return
    loaded = loaded_from(dialog.result_data)
    window._drop_recovery()
    window.set_document(ScenarioDocument(loaded.scenario, loaded.catalogue, unsaved=True))
