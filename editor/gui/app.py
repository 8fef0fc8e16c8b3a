"""Starting the editor: the QApplication, one window, and the headless screenshot mode."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from PySide6.QtCore import (
    QCoreApplication,
    QMessageLogContext,
    QTimer,
    QtMsgType,
    qInstallMessageHandler,
)
from PySide6.QtWidgets import QApplication, QMessageBox

from editor.gui.document import ScenarioDocument
from editor.gui.main_window import MainWindow
from editor.model.errors import LoadError
from editor.model.scenario_io import load_scenario

ORGANISATION = "Realms Studio"
APPLICATION = "Realms Studio"


def headless() -> bool:
    """No screen to show a window on: offscreen requested, or no X11/Wayland display."""
    if os.environ.get("QT_QPA_PLATFORM", "").startswith("offscreen"):
        return True
    if sys.platform.startswith(("win", "darwin")):
        return False
    return not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


# Harmless notices of the offscreen platform that would only confuse a CLI user.
_QUIET = ("propagateSizeHints", "QFont::setPointSizeF")


def _qt_messages(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
    if kind in (QtMsgType.QtDebugMsg, QtMsgType.QtInfoMsg) or any(q in message for q in _QUIET):
        return
    print(f"qt: {message}", file=sys.stderr)


def application() -> QApplication:
    """The running QApplication, created (offscreen when headless) if needed."""
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        return existing
    if headless():
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
        qInstallMessageHandler(_qt_messages)
    QCoreApplication.setOrganizationName(ORGANISATION)
    QCoreApplication.setApplicationName(APPLICATION)
    return QApplication(sys.argv[:1])


def save_screenshot(window: MainWindow, target: Path) -> None:
    app = QApplication.instance()
    window.show()
    for _ in range(3):
        if app is not None:
            app.processEvents()
    window.view.fit_to_realm()
    window.scene.place_due_markers()  # a screenshot shows them, however few frames ran
    if app is not None:
        app.processEvents()
    target.parent.mkdir(parents=True, exist_ok=True)
    if not window.grab().save(str(target)):
        raise OSError(f"could not write {target}")


def run_editor(path: Path | None, screenshot: Path | None = None, players: int | None = None
               ) -> int:
    """Open the editor; with ``screenshot`` write a PNG of the window and exit instead."""
    app = application()
    doc = None
    problem: str | None = None  # why the file could not be opened
    if path is not None:
        try:
            doc = ScenarioDocument.from_loaded(load_scenario(path, missing_ok=True))
        except LoadError as exc:
            print(f"realms edit: {exc}", file=sys.stderr)
            if screenshot is not None:
                return 2
            problem = str(exc)
        if doc is not None and players is not None:
            if players not in doc.scenario.player_counts:
                counts = ", ".join(str(c) for c in doc.scenario.player_counts)
                print(f"realms edit: {path}: the scenario is for {counts} players; "
                      f"pick one of those with --players", file=sys.stderr)
                return 2
            doc.players = players
    window = MainWindow(doc, offer_recovery=screenshot is None)
    if path is not None and screenshot is None and problem is None:
        window.remember(path)  # File → Open Recent lists it, as if opened from the menu
    if screenshot is not None:
        window.resize(1440, 900)
        try:
            save_screenshot(window, screenshot)
        except OSError as exc:
            print(f"realms edit: {exc}", file=sys.stderr)
            return 1
        window.doc.undo_stack.setClean()
        window.close()
        print(f"realms edit: wrote a screenshot of the editor to {screenshot}")
        return 0
    window.show()
    QTimer.singleShot(0, window.view.fit_to_realm)
    if problem is not None:
        # Opened from a file manager ("Open with"), no terminal shows stderr: the window
        # says why, over a new realm, as File > Open does.
        shown = problem
        QTimer.singleShot(0, lambda: QMessageBox.critical(window, "Cannot open", shown))
    return app.exec()
