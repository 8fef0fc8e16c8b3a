"""Crash recovery: an autosave is written, a new window offers it and restores the realm."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from gui_support import click_item, click_scene
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot
from test_editor_session import open_window

from editor.gui.autosave import autosave_dir, recovery_path
from editor.gui.document import ScenarioDocument
from editor.gui.main_window import MainWindow
from editor.gui.shapes import hex_centre
from editor.gui.templates import new_scenario
from editor.model.scenario_io import load_scenario, save_scenario

pytestmark = pytest.mark.gui


def saved_blank(tmp_path: Path) -> Path:
    path = tmp_path / "crashy.realm.json"
    save_scenario(new_scenario("Crashy realm", 2, 3), path)
    return path


def edit_something(qtbot: QtBot, window: MainWindow) -> None:
    item = window.tile_palette.item_for("A", "surface")
    assert item is not None
    click_item(qtbot, window.tile_palette, item)
    window.view.centerOn(*hex_centre(0, 0))
    click_scene(qtbot, window.view, *hex_centre(0, 0))
    assert window.doc.dirty


def autosaved_window(qtbot: QtBot, tmp_path: Path) -> tuple[Path, MainWindow, Path]:
    """A saved realm open in a window, edited, its recovery file written: (the realm's
    file, the window, the recovery file)."""
    path = saved_blank(tmp_path)
    window = open_window(qtbot, ScenarioDocument.from_loaded(load_scenario(path)))
    edit_something(qtbot, window)
    recovery = window.autosaver.autosave()
    assert recovery is not None and recovery.is_file()
    return path, window, recovery


def crash(window: MainWindow) -> None:
    """The window's session dies without closing: its recovery file stays, and its lock
    is as good as gone (QLockFile takes a dead holder's lock as stale)."""
    window.autosaver.stop()
    lock = window.autosaver._lock
    assert lock is not None, "a written recovery file is locked while its editor runs"
    lock.unlock()
    window.autosaver._lock = None


def answer_next_box(button: QMessageBox.StandardButton, seen: list[str]) -> None:
    """Click ``button`` on the modal box that is about to open (a real QMessageBox)."""
    def click() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(10, click)
            return
        seen.append(box.text())
        box.button(button).click()
    QTimer.singleShot(0, click)


def test_recovery_is_offered_and_restores_the_realm(qtbot: QtBot, tmp_path: Path) -> None:
    path = saved_blank(tmp_path)
    first = open_window(qtbot, ScenarioDocument.from_loaded(load_scenario(path)))
    edit_something(qtbot, first)
    recovery = first.autosaver.autosave()
    assert recovery == recovery_path(path)
    assert recovery.parent == autosave_dir() and recovery.is_file()
    assert str(tmp_path / "data") in str(recovery)  # per-user data folder, isolated by the test

    # The first session "crashes": it never closes, the recovery file stays. A new one starts.
    crash(first)
    seen: list[str] = []
    answer_next_box(QMessageBox.StandardButton.Yes, seen)
    second = open_window(qtbot, ScenarioDocument.from_loaded(load_scenario(path)))
    assert seen and "Recover" in seen[0]
    assert second.doc.scenario == first.doc.scenario
    assert [p.tile for p in second.doc.scenario.boards[0].tiles] == ["A"]
    assert second.isWindowModified(), "recovered work is unsaved until saved"
    second.doc.undo_stack.undo()
    assert second.doc.scenario.boards[0].tiles == [], "undo goes back to the file on disk"
    second.doc.undo_stack.redo()

    assert second.save_to(path)
    assert not recovery.exists(), "a clean save removes the recovery file"
    assert load_scenario(path).scenario == first.doc.scenario


def test_declined_recovery_is_dropped(qtbot: QtBot, tmp_path: Path) -> None:
    path, first, recovery = autosaved_window(qtbot, tmp_path)
    crash(first)
    seen: list[str] = []
    answer_next_box(QMessageBox.StandardButton.No, seen)
    second = open_window(qtbot, ScenarioDocument.from_loaded(load_scenario(path)))
    assert seen
    assert second.doc.scenario.boards[0].tiles == []
    assert not second.isWindowModified()
    assert not recovery.exists()


def test_the_recovery_question_says_the_file_changed_after_it(qtbot: QtBot,
                                                             tmp_path: Path) -> None:
    """Recovered and saved, the older realm replaced a teammate's edit without a word."""
    path, first, recovery = autosaved_window(qtbot, tmp_path)
    crash(first)
    later = recovery.stat().st_mtime + 60
    os.utime(path, (later, later))  # someone else's edit, after the autosave
    seen: list[str] = []
    answer_next_box(QMessageBox.StandardButton.No, seen)
    open_window(qtbot, ScenarioDocument.from_loaded(load_scenario(path)))
    assert seen and "crashy.realm.json itself changed on disk" in seen[0], seen


def test_autosave_timer_writes_and_clean_close_removes(qtbot: QtBot, tmp_path: Path) -> None:
    path = saved_blank(tmp_path)
    window = MainWindow(ScenarioDocument.from_loaded(load_scenario(path)), autosave_ms=30)
    qtbot.addWidget(window)
    window.show()
    assert window.autosaver.timer.interval() == 30
    edit_something(qtbot, window)
    recovery = recovery_path(path)
    qtbot.waitUntil(recovery.exists, timeout=3000)
    assert load_scenario(path).scenario != window.doc.scenario
    window.close_prompt = lambda _p, _n: QMessageBox.StandardButton.Discard  # type: ignore[method-assign,assignment]
    assert window.close()
    assert not recovery.exists(), "closing cleanly removes the recovery file"


def test_a_second_editor_on_the_same_file_leaves_the_first_one_s_recovery_alone(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two windows on one file: the second was offered the first's live work and removed
    its recovery file on closing, so a crash of the first then lost everything."""
    path, first, theirs = autosaved_window(qtbot, tmp_path)
    assert theirs == recovery_path(path)
    asked = record_prompts(monkeypatch, answer=False)
    second = open_window(qtbot, ScenarioDocument.from_loaded(load_scenario(path)))
    assert asked == [], "a running editor's work is never offered to another"
    assert second.editor.place_tile("B", "surface", 1, 0)
    ours = second.autosaver.autosave()
    assert ours is not None and ours != theirs and '"B"' in ours.read_text(encoding="utf-8")
    assert second.close()  # Discard: the second window's own file goes, the first's stays
    assert not ours.exists() and theirs.is_file()
    assert '"B"' not in theirs.read_text(encoding="utf-8")
    crash(first)  # now the first dies: its work is offered to the next window
    open_window(qtbot, ScenarioDocument.from_loaded(load_scenario(path)))
    assert asked == [theirs]


def test_undoing_back_to_the_saved_file_removes_the_recovery_file(qtbot: QtBot,
                                                                   tmp_path: Path) -> None:
    _path, window, recovery = autosaved_window(qtbot, tmp_path)
    window.doc.undo_stack.undo()
    assert not window.doc.dirty
    assert window.autosaver.autosave() is None
    assert not recovery.exists(), "a crash now would offer work the user had undone"
    window.doc.undo_stack.redo()
    assert window.autosaver.autosave() == recovery and recovery.is_file()


def test_a_recovery_file_that_cannot_be_written_is_said_in_the_window(
        qtbot: QtBot, tmp_path: Path) -> None:
    path = saved_blank(tmp_path)
    window = open_window(qtbot, ScenarioDocument.from_loaded(load_scenario(path)))
    folder = autosave_dir()
    folder.parent.mkdir(parents=True, exist_ok=True)
    if folder.is_dir():
        for leftover in folder.iterdir():
            leftover.unlink()
        folder.rmdir()
    folder.write_text("not a folder", encoding="utf-8")  # every write there fails
    try:
        edit_something(qtbot, window)
        assert window.autosaver.autosave() is None
        assert window.recovery_warning.isVisible()
        assert window.recovery_warning.text().startswith("Crash recovery is off: cannot write")
    finally:
        folder.unlink()
    assert window.autosaver.autosave() is not None
    assert not window.recovery_warning.isVisible()


def test_a_file_deleted_from_disk_is_unsaved_work(qtbot: QtBot, tmp_path: Path) -> None:
    path = saved_blank(tmp_path)
    window = open_window(qtbot, ScenarioDocument.from_loaded(load_scenario(path)))
    path.unlink()
    asked: list[str] = []

    def cancel(_parent: object, name: str) -> QMessageBox.StandardButton:
        asked.append(name)
        return QMessageBox.StandardButton.Cancel

    window.close_prompt = cancel  # type: ignore[method-assign,assignment]
    assert not window.doc.dirty
    assert not window.close(), "closing asked nothing: the realm was gone from disk and window"
    assert asked == ["crashy.realm.json"] and window.isVisible()
    assert "deleted from disk" in window.statusBar().currentMessage()


def test_closing_with_changes_asks_and_can_cancel(qtbot: QtBot, tmp_path: Path) -> None:
    path = saved_blank(tmp_path)
    window = open_window(qtbot, ScenarioDocument.from_loaded(load_scenario(path)))
    edit_something(qtbot, window)
    asked: list[str] = []

    def cancel(_parent: object, name: str) -> QMessageBox.StandardButton:
        asked.append(name)
        return QMessageBox.StandardButton.Cancel

    window.close_prompt = cancel  # type: ignore[method-assign,assignment]
    assert not window.close()
    assert asked == ["crashy.realm.json"]
    assert window.isVisible()
    assert "*" in window.windowTitle()


CRASHING_SESSION = """
import os, sys
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication
app = QApplication([])
QCoreApplication.setOrganizationName("Realms Studio Tests")
QCoreApplication.setApplicationName("Realms Studio Tests")
from editor.gui.main_window import MainWindow
window = MainWindow(offer_recovery=False)
window.editor.place_tile(sys.argv[1], "surface", 0, 0)
print(window.autosaver.autosave(), flush=True)
os._exit(3)  # a crash: no close, no cleanup, the lock's holder is gone
"""


def crash_untitled_session(tile: str) -> Path:
    """Run an editor in another process that edits an untitled realm, autosaves and dies."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run([sys.executable, "-c", CRASHING_SESSION, tile], capture_output=True,
                          text=True, timeout=120, env=env)
    assert done.returncode == 3, done.stderr
    recovery = Path(done.stdout.strip().splitlines()[-1])
    assert recovery.is_file() and recovery.name.startswith("untitled-")
    assert recovery.with_suffix(".lock").is_file(), "the dead session left its lock behind"
    return recovery


def record_prompts(monkeypatch: pytest.MonkeyPatch, answer: bool) -> list[Path]:
    asked: list[Path] = []

    def prompt(_parent: object, recovery: Path) -> bool:
        asked.append(recovery)
        return answer

    monkeypatch.setattr(MainWindow, "recovery_prompt", staticmethod(prompt))
    return asked


def untitled_window(qtbot: QtBot) -> MainWindow:
    window = MainWindow()
    window.close_prompt = lambda _p, _n: QMessageBox.StandardButton.Discard  # type: ignore[method-assign,assignment]
    qtbot.addWidget(window)
    window.show()
    return window


def test_untitled_work_of_a_crashed_session_is_offered_to_a_new_window(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    recovery = crash_untitled_session("D")
    seen: list[str] = []
    answer_next_box(QMessageBox.StandardButton.Yes, seen)
    window = untitled_window(qtbot)
    assert seen and "Recover" in seen[0]
    assert [p.tile for p in window.doc.scenario.boards[0].tiles] == ["D"]
    assert window.doc.path is None and window.isWindowModified()
    assert not recovery.exists(), "the new window's own autosave took over"
    own = window.autosaver.target()
    assert own != recovery and own.is_file(), "recovered work is protected at once"

    asked = record_prompts(monkeypatch, answer=True)
    other = untitled_window(qtbot)
    assert asked == [], "a live window's untitled work is never offered to another"
    assert other.doc.scenario.boards[0].tiles == []


def test_two_untitled_windows_keep_separate_recovery_files(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    record_prompts(monkeypatch, answer=True)
    first, second = untitled_window(qtbot), untitled_window(qtbot)
    assert first.editor.place_tile("A", "surface", 0, 0)
    assert second.editor.place_tile("B", "surface", 0, 0)
    a, b = first.autosaver.autosave(), second.autosaver.autosave()
    assert a is not None and b is not None and a != b
    assert '"A"' in a.read_text(encoding="utf-8") and '"B"' in b.read_text(encoding="utf-8")


def test_declined_untitled_recovery_goes_and_the_next_is_offered(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    older = crash_untitled_session("E")
    newer = crash_untitled_session("F")
    os.utime(older, (1_000_000, 1_000_000))
    asked = record_prompts(monkeypatch, answer=False)
    window = untitled_window(qtbot)
    assert asked == [newer, older], "newest first, each declined one removed"
    assert not older.exists() and not newer.exists()
    assert window.doc.scenario.boards[0].tiles == [] and not window.isWindowModified()
