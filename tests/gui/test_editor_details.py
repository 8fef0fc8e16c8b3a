"""Small things a Tiled user notices: the status bar forgets the last document's region,
a region's tool tip leaves with the mouse, History follows the current step, Save As never
starts among the shipped realms, and an Issues hint never sends the user to the CLI."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from test_editor_session import key
from test_editor_tools import place, window_for

from editor.gui.document import ScenarioDocument
from editor.gui.main_window import shipped
from editor.model.scenario_io import load_scenario

pytestmark = pytest.mark.gui
REPO = Path(__file__).resolve().parents[2]
BOOKLET_1 = REPO / "scenarios" / "booklet" / "01-my-precious-world.realm.json"


def test_leaving_the_map_clears_the_region_and_its_tooltip(qtbot: QtBot) -> None:
    window = window_for(qtbot)
    place(qtbot, window, "A", 0, 0)
    key(qtbot, window, Qt.Key.Key_Escape)
    window.hover.setText("A.s1 (hill)")
    QApplication.sendEvent(window.view.viewport(), QEvent(QEvent.Type.Leave))
    QApplication.sendEvent(window.view, QEvent(QEvent.Type.Leave))
    assert window.hover.text() == ""
    window.hover.setText("A.s1 (hill)")
    window.set_document(ScenarioDocument.from_loaded(load_scenario(BOOKLET_1)),
                        offer_recovery=False)
    assert window.hover.text() == "", "the previous document's region stayed"


def test_history_scrolls_to_the_current_step(qtbot: QtBot) -> None:
    window = window_for(qtbot)
    window.show_dock("history")
    window.history.setFixedHeight(60)
    letters = "ABCDEFGHIJKL"
    for number, tile in enumerate(letters):
        place(qtbot, window, tile, number % 4, number // 4)
    last = window.history.model().index(window.doc.undo_stack.index(), 0)
    shown = window.history.viewport().rect()
    assert shown.intersects(window.history.visualRect(last)), "the last step is out of view"
    window.doc.undo_stack.setIndex(1)
    first = window.history.model().index(1, 0)
    assert shown.intersects(window.history.visualRect(first))


def test_save_as_never_starts_among_the_shipped_realms(qtbot: QtBot, tmp_path: Path) -> None:
    window = window_for(qtbot)
    window.set_document(ScenarioDocument.from_loaded(load_scenario(BOOKLET_1)),
                        offer_recovery=False)
    start = window.save_as_start()
    assert start.name == BOOKLET_1.name and not shipped(start), start
    assert window.save_to(tmp_path / "mine.realm.json")
    window.set_document(ScenarioDocument.from_loaded(load_scenario(BOOKLET_1)),
                        offer_recovery=False)
    assert window.save_as_start() == tmp_path.resolve() / BOOKLET_1.name
    window.set_document(ScenarioDocument.from_loaded(load_scenario(tmp_path / "mine.realm.json")),
                        offer_recovery=False)
    assert window.save_as_start() == tmp_path / "mine.realm.json"


def test_no_issue_hint_sends_the_editor_user_to_the_command_line(qtbot: QtBot) -> None:
    window = window_for(qtbot)  # a new realm: its empty board is reported from the start
    qtbot.waitUntil(lambda: bool(window.issues.issues()), timeout=10_000)
    texts = " ".join(issue.message for issue in window.issues.issues())
    assert "G011" in {issue.code for issue in window.issues.issues()}
    assert "place tiles" in texts and "realms edit" not in texts
