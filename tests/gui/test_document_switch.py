"""Issue 28, points 2 and 3: switching documents keeps the layout, and never drops work.

Driven through the real menus and dialogs: File → Open Recent, File → New… → OK,
File → Generate… → OK, and the real "Unsaved changes" message box, answered by
clicking its buttons.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_support import choose_menu, press_button, when_modal
from PySide6.QtWidgets import QDialogButtonBox, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from editor.gui.autosave import autosave_dir
from editor.gui.generate_dialog import GenerateDialog
from editor.gui.main_window import MainWindow
from editor.gui.templates import NewScenarioDialog

pytestmark = pytest.mark.gui
ROOT = Path(__file__).resolve().parents[2]
REALM = ROOT / "scenarios" / "highland-crossing.realm.json"
OK = QDialogButtonBox.StandardButton.Ok


def shown_window(qtbot: QtBot) -> MainWindow:
    window = MainWindow(offer_recovery=False)
    # At teardown pytest-qt closes the window: no question then.
    qtbot.addWidget(window, before_close_func=lambda w: setattr(
        w, "close_prompt", lambda *_: QMessageBox.StandardButton.Discard))
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    return window


def widths(window: MainWindow) -> dict[str, int]:
    return {"canvas": window.view.width(), "tiles": window._docks["tiles"].width(),
            "inspector": window._docks["inspector"].width()}


def generate(qtbot: QtBot, window: MainWindow, seed: int,
             answer: QMessageBox.StandardButton | None = None) -> list[str]:
    """File → Generate… with ``seed``, OK; ``answer`` the unsaved-changes question if
    asked. Returns the message boxes that came up."""
    asked: list[str] = []

    def fill(dialog: QWidget) -> None:
        assert isinstance(dialog, GenerateDialog)
        dialog.players.setValue(2)
        dialog.seed.selectAll()
        qtbot.keyClicks(dialog.seed, str(seed))
        if answer is not None:
            when_modal(QMessageBox, lambda box: press_button(qtbot, box, answer), asked)
        press_button(qtbot, dialog, OK)

    when_modal(GenerateDialog, fill)
    choose_menu(qtbot, window, "File", "Generate\u2026")
    return asked


def test_the_canvas_keeps_its_width_through_open_new_and_generate(qtbot: QtBot) -> None:
    window = shown_window(qtbot)
    window.settings.setValue("recent", [str(REALM.resolve())])  # in Open Recent
    start = widths(window)
    assert start["canvas"] > 400

    choose_menu(qtbot, window, "File", f"Open Recent > {REALM.resolve()}")
    assert window.doc.path == REALM.resolve() or window.doc.path == REALM
    qtbot.wait(50)
    assert widths(window) == start, "after File → Open"

    when_modal(NewScenarioDialog, lambda dialog: press_button(qtbot, dialog, OK))
    choose_menu(qtbot, window, "File", "New\u2026")
    assert window.doc.path is None and not window.doc.scenario.boards[0].tiles
    qtbot.wait(50)
    assert widths(window) == start, "after File → New"

    generate(qtbot, window, 2)
    assert window.doc.board.tiles, "a realm was generated"
    qtbot.wait(50)
    assert widths(window) == start, "after File → Generate"


def test_a_generated_realm_is_unsaved_work(qtbot: QtBot, tmp_path: Path) -> None:
    window = shown_window(qtbot)
    assert not generate(qtbot, window, 2), "nothing to lose yet: no question"
    first = window.doc
    tiles = list(first.board.tiles)
    assert tiles and first.dirty
    assert window.isWindowModified() and "[*]" in window.windowTitle()

    # Its recovery file is written a moment later, with no edit at all.
    recovery = window.autosaver.target()
    qtbot.waitUntil(recovery.exists, timeout=6000)
    assert recovery.parent == autosave_dir()

    # Generate again: asked, and Cancel keeps the first realm.
    asked = generate(qtbot, window, 3, QMessageBox.StandardButton.Cancel)
    assert len(asked) == 1 and "Save the changes" in asked[0]
    assert window.doc is first and window.doc.board.tiles == tiles

    # Generate again and save it: Save As asks for a name; the realm is on disk first.
    target = tmp_path / "first.realm.json"
    window.save_as = lambda: window.save_to(target)  # type: ignore[method-assign]
    asked = generate(qtbot, window, 3, QMessageBox.StandardButton.Save)
    assert len(asked) == 1 and target.exists()
    assert window.doc is not first and window.doc.dirty

    # Closing the window with the second generated realm open asks too.
    closing: list[str] = []
    when_modal(QMessageBox,
               lambda box: press_button(qtbot, box, QMessageBox.StandardButton.Cancel),
               closing)
    choose_menu(qtbot, window, "File", "Quit")
    assert len(closing) == 1 and window.isVisible()
    when_modal(QMessageBox,
               lambda box: press_button(qtbot, box, QMessageBox.StandardButton.Discard),
               closing)
    window.close()
    assert len(closing) == 2 and not window.isVisible()


def test_saving_a_generated_realm_makes_it_clean(qtbot: QtBot, tmp_path: Path) -> None:
    window = shown_window(qtbot)
    generate(qtbot, window, 2)
    assert window.doc.dirty
    assert window.save_to(tmp_path / "g.realm.json")
    assert not window.doc.dirty and not window.isWindowModified()
