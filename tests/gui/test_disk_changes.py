"""A file changed on disk by another program is never overwritten behind the user's back:
Save asks, the watcher offers Reload / Keep mine for unsaved work and reloads a file with
none, also after an atomic (write-and-rename) save. Real dialogs, pressed by their buttons."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from gui_support import press_button, shown_window, when_modal
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from editor.gui.document import ScenarioDocument
from editor.gui.main_window import MainWindow
from editor.model.scenario_io import load_scenario

pytestmark = pytest.mark.gui

REPO = Path(__file__).resolve().parents[2]
SOURCE = REPO / "scenarios" / "booklet" / "01-my-precious-world.realm.json"


def opened(qtbot: QtBot, tmp_path: Path) -> tuple[MainWindow, Path]:
    path = tmp_path / "realm.realm.json"
    shutil.copyfile(SOURCE, path)
    window = shown_window(qtbot, ScenarioDocument.from_loaded(load_scenario(path)))
    window.activateWindow()  # changes are looked at in the active window
    qtbot.waitUntil(window.isActiveWindow, timeout=3000)
    return window, path


def title_on_disk(path: Path) -> str:
    title: str = json.loads(path.read_text(encoding="utf-8"))["title"]
    return title


def write_elsewhere(path: Path, title: str) -> None:
    """What a text editor does: write a new file, rename it over the old one."""
    data = json.loads(path.read_text(encoding="utf-8"))
    data["title"] = title
    write_elsewhere_json(path, data)


def rotate_first_tile(window: MainWindow) -> None:
    window.doc.select_tile(window.doc.board.tiles[0].tile)
    window.editor.rotate_selected(1)
    assert window.doc.dirty


def test_save_after_an_external_change_asks_rather_than_overwrites(
        qtbot: QtBot, tmp_path: Path) -> None:
    window, path = opened(qtbot, tmp_path)
    rotate_first_tile(window)
    write_elsewhere(path, "Retitled in a text editor")
    seen: list[str] = []
    when_modal(QMessageBox, lambda box: press_button(qtbot, box,
                                                     QMessageBox.StandardButton.Cancel), seen)
    assert window.save() is False
    assert seen and "changed on disk" in seen[0]
    assert title_on_disk(path) == "Retitled in a text editor", "nothing was written"
    assert window.doc.dirty
    qtbot.wait(400)  # the watcher settles: the change was answered, no second question
    assert QMessageBox not in {type(w) for w in window.findChildren(QMessageBox)
                               if w.isVisible()}
    when_modal(QMessageBox, lambda box: press_button(qtbot, box,
                                                     QMessageBox.StandardButton.Save), seen)
    assert window.save() is True  # Overwrite
    assert len(seen) == 2
    assert title_on_disk(path) == window.doc.scenario.title != "Retitled in a text editor"
    assert load_scenario(path).scenario.boards[0].tiles[0].rotation == \
        window.doc.board.tiles[0].rotation
    assert window.save() is True and len(seen) == 2, "an unchanged file is saved at once"


def test_unchanged_editor_reloads_a_file_changed_on_disk(qtbot: QtBot, tmp_path: Path) -> None:
    window, path = opened(qtbot, tmp_path)
    write_elsewhere(path, "Changed outside")
    qtbot.waitUntil(lambda: window.doc.scenario.title == "Changed outside", timeout=5000)
    assert not window.doc.dirty
    assert "Reloaded" in window.statusBar().currentMessage()
    write_elsewhere(path, "Changed again")  # the new file (after the rename) is watched
    qtbot.waitUntil(lambda: window.doc.scenario.title == "Changed again", timeout=5000)


@pytest.mark.parametrize("choice", ["reload", "keep"])
def test_unsaved_work_offers_reload_or_keep_mine(qtbot: QtBot, tmp_path: Path,
                                                choice: str) -> None:
    window, path = opened(qtbot, tmp_path)
    rotate_first_tile(window)
    rotation = window.doc.board.tiles[0].rotation
    seen: list[str] = []
    button = QMessageBox.StandardButton.Yes if choice == "reload" else \
        QMessageBox.StandardButton.No

    def answer(box: QMessageBox) -> None:
        assert {b.text() for b in box.buttons()} == {"&Reload", "&Keep mine"}
        press_button(qtbot, box, button)

    when_modal(QMessageBox, answer, seen)
    write_elsewhere(path, "Changed outside")
    qtbot.waitUntil(lambda: bool(seen), timeout=5000)
    if choice == "reload":
        qtbot.waitUntil(lambda: window.doc.scenario.title == "Changed outside", timeout=5000)
        assert not window.doc.dirty
        return
    qtbot.wait(300)
    assert window.doc.dirty and window.doc.board.tiles[0].rotation == rotation
    assert window.save() is True and len(seen) == 1, "kept: Save writes without asking again"
    assert title_on_disk(path) != "Changed outside"


def test_a_window_in_the_background_waits_until_it_is_active(qtbot: QtBot,
                                                             tmp_path: Path) -> None:
    window, path = opened(qtbot, tmp_path)
    other = shown_window(qtbot)
    other.activateWindow()
    qtbot.waitUntil(other.isActiveWindow, timeout=3000)
    write_elsewhere(path, "Changed while away")
    qtbot.wait(500)
    assert window.doc.scenario.title != "Changed while away", "nothing pops up meanwhile"
    window.activateWindow()
    qtbot.waitUntil(lambda: window.doc.scenario.title == "Changed while away", timeout=5000)


def test_a_changed_catalogue_is_read_again(qtbot: QtBot, tmp_path: Path) -> None:
    catalogue = tmp_path / "test-tiles.json"
    shutil.copyfile(REPO / "tests" / "data" / "test-tiles.json", catalogue)
    path = tmp_path / "custom.realm.json"
    path.write_text(json.dumps({
        "format_version": 2, "title": "Custom", "players": {"min": 2, "max": 2},
        "catalogues": ["test-tiles.json"],
        "boards": [{"id": "surface", "kind": "surface", "tiles": [
            {"tile": "L1", "side": "surface", "q": 0, "r": 0, "rotation": 0}]}]}),
        encoding="utf-8")
    window = shown_window(qtbot, ScenarioDocument.from_loaded(load_scenario(path)))
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=3000)
    rotate_first_tile(window)  # unsaved work survives a catalogue change
    data = json.loads(catalogue.read_text(encoding="utf-8"))
    region = data["tiles"]["L1"]["surface"][0]
    assert region["terrain"] != "swamp"
    region["terrain"] = "swamp"
    write_elsewhere_json(catalogue, data)
    qtbot.waitUntil(lambda: window.doc.catalogue.side("L1", "surface").regions[0].terrain
                    == "swamp", timeout=5000)
    assert window.doc.dirty and window.doc.undo_stack.count() == 1


def write_elsewhere_json(path: Path, data: object) -> None:
    fresh = path.with_name(path.name + ".tmp")
    fresh.write_text(json.dumps(data, indent=2), encoding="utf-8")
    os.replace(fresh, path)
