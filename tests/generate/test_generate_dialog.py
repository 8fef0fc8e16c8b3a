"""File → Generate… with real mouse clicks and key presses: the realm opens as a new
document, the same one ``realms generate`` writes for the same arguments."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_LOGGING_RULES", "qt.qpa.*=false")

import pytest
from PySide6.QtCore import QCoreApplication, QSettings, Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QMenu, QMessageBox
from pytestqt.qtbot import QtBot

from editor.generate.output import scenario_text_of
from editor.generate.search import generate
from editor.gui.document import ScenarioDocument
from editor.gui.generate_dialog import GenerateDialog
from editor.gui.main_window import MainWindow
from editor.gui.templates import new_scenario
from editor.model.catalogue import default_catalogue
from editor.model.scenario_io import scenario_text

pytestmark = pytest.mark.gui
_APP = QApplication.instance() or QApplication([])


@pytest.fixture(autouse=True)
def isolated_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    QCoreApplication.setOrganizationName("Realms Studio Tests")
    QCoreApplication.setApplicationName("Realms Studio Tests")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    for fmt in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        QSettings.setPath(fmt, QSettings.Scope.UserScope, str(tmp_path / "config"))


def discard(*_: object) -> QMessageBox.StandardButton:
    return QMessageBox.StandardButton.Discard


def open_window(qtbot: QtBot) -> MainWindow:
    window = MainWindow(ScenarioDocument(new_scenario(), default_catalogue()))
    window.close_prompt = discard  # type: ignore[method-assign,assignment]
    qtbot.addWidget(window)
    window.resize(1200, 800)
    window.show()
    qtbot.waitExposed(window)
    return window


def click_generate(qtbot: QtBot, window: MainWindow) -> None:
    """Open the File menu with the mouse and click Generate…"""
    bar = window.menuBar()
    file_action = next(a for a in bar.actions() if a.text() == "&File")
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton,
                     pos=bar.actionGeometry(file_action).center())
    menu = file_action.menu()
    assert isinstance(menu, QMenu)
    qtbot.waitUntil(menu.isVisible, timeout=3000)
    item = next(a for a in menu.actions() if a.text() == "&Generate\u2026")
    qtbot.mouseClick(menu, Qt.MouseButton.LeftButton, pos=menu.actionGeometry(item).center())


def test_file_generate_opens_the_realm_as_a_new_document(qtbot: QtBot) -> None:
    window = open_window(qtbot)
    filled: list[str] = []

    def fill() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, GenerateDialog):
            QTimer.singleShot(10, fill)
            return
        dialog.players.selectAll()
        qtbot.keyClicks(dialog.players, "3")
        dialog.world.setFocus()
        qtbot.keyClick(dialog.world, Qt.Key.Key_End)  # "both"
        dialog.seed.selectAll()
        qtbot.keyClicks(dialog.seed, "21")
        filled.append(dialog.world.currentText())
        ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
        qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, fill)
    click_generate(qtbot, window)
    qtbot.waitUntil(lambda: filled == ["both"] and QApplication.activeModalWidget() is None,
                    timeout=30000)
    scenario = window.doc.scenario
    assert (scenario.players_min, scenario.players_max) == (3, 3)
    assert [b.kind for b in scenario.boards] == ["surface", "underground"]
    assert all(b.tiles for b in scenario.boards)
    assert window.doc.path is None
    expected = generate(3, "both", 21).data
    assert scenario_text(scenario) == scenario_text_of(expected)


def test_cancel_keeps_the_document(qtbot: QtBot) -> None:
    window = open_window(qtbot)
    before = window.doc

    def cancel() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, GenerateDialog):
            QTimer.singleShot(10, cancel)
            return
        qtbot.keyClick(dialog, Qt.Key.Key_Escape)

    QTimer.singleShot(0, cancel)
    click_generate(qtbot, window)
    qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None, timeout=5000)
    assert window.doc is before
