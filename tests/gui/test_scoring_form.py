"""The Scenario tab's scoring rules: a form driven with real mouse clicks and keys."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from test_editor_session import open_window
from test_editor_tools import window_for

from editor.gui.document import ScenarioDocument
from editor.gui.main_window import MainWindow
from editor.gui.properties import PropertiesForm
from editor.gui.scoring_form import rule_kinds
from editor.model.scenario_io import load_scenario

ROOT = Path(__file__).resolve().parents[2]
THRONE = ROOT / "scenarios" / "booklet" / "05-the-rusted-throne.realm.json"


def scenario_tab(qtbot: QtBot, window: MainWindow) -> PropertiesForm:
    window._docks["inspector"].raise_()
    bar = window.inspector.tabBar()
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(1).center())
    form = window.inspector.properties
    assert window.inspector.currentWidget() is form
    qtbot.waitUntil(form.isVisible, timeout=3000)
    return form


def click(qtbot: QtBot, form: PropertiesForm, widget: object) -> None:
    form.ensureWidgetVisible(widget)  # type: ignore[arg-type]
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)  # type: ignore[arg-type]


def test_kinds_come_from_the_schema() -> None:
    assert rule_kinds()[0] == "coin_mine" and "custom" in rule_kinds()


def test_add_a_rule_with_mouse_and_keys_then_undo(qtbot: QtBot) -> None:
    window = window_for(qtbot)
    form = scenario_tab(qtbot, window)
    assert not form.scoring.rows and form.scoring.empty.isVisible()
    click(qtbot, form, form.scoring.add_button)
    assert len(form.scoring.rows) == 1
    row = form.scoring.rows[0]
    qtbot.waitUntil(row.isVisible, timeout=3000)
    row.kind.setFocus()
    for _ in range(rule_kinds().index("gold_veins")):  # from the first kind, coin mine
        qtbot.keyClick(row.kind, Qt.Key.Key_Down)
    assert row.kind.currentData() == "gold_veins"
    editor = row.coins.lineEdit()
    row.coins.setFocus()
    qtbot.keyClick(editor, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(editor, "3")
    qtbot.keyClicks(row.text, "Each gold vein scores 3.")
    click(qtbot, form, form.apply_button)
    assert form.error.text() == ""
    scoring = window.doc.scenario.sections["scoring"]
    assert scoring == [{"kind": "gold_veins", "coins": 3, "text": "Each gold vein scores 3."}]
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert "scoring" not in window.doc.scenario.sections, "one undo step removes the rule"
    assert not form.scoring.rows, "the form follows the model"


def test_a_shipped_rule_is_shown_removed_and_restored(qtbot: QtBot) -> None:
    loaded = load_scenario(THRONE)
    original = loaded.scenario.sections["scoring"]
    window = open_window(qtbot, ScenarioDocument.from_loaded(loaded))
    form = scenario_tab(qtbot, window)
    rows = form.scoring.rows
    assert [r.rule() for r in rows] == original, "the form shows the file's rules unchanged"
    assert rows[0].kind.currentText() == "Throne tribute"
    click(qtbot, form, rows[0].remove)
    assert not form.scoring.rows
    click(qtbot, form, form.apply_button)
    assert "scoring" not in window.doc.scenario.sections
    window.doc.undo_stack.undo()
    assert window.doc.scenario.sections["scoring"] == original
    assert [r.rule() for r in form.scoring.rows] == original


def test_no_coins_leaves_the_key_out_and_options_are_kept(qtbot: QtBot) -> None:
    window = window_for(qtbot)
    form = scenario_tab(qtbot, window)
    form.scoring.set_rules([{"kind": "custom", "text": "Bonus", "options": {"per": "hill"}}])
    row = form.scoring.rows[0]
    assert row.coins.text() == "coins: default"
    click(qtbot, form, form.apply_button)
    assert window.doc.scenario.sections["scoring"] == [
        {"kind": "custom", "text": "Bonus", "options": {"per": "hill"}}]


def test_at_1280_by_800_the_scenario_tab_and_issues_dock_have_room(qtbot: QtBot) -> None:
    """Item 9 at the small window size: the Scenario tab, scoring rows included, needs no
    sideways scrolling, and the Issues dock shows several rows."""
    window = open_window(qtbot, ScenarioDocument.from_loaded(load_scenario(THRONE)))
    window.resize(1280, 800)
    qtbot.waitUntil(lambda: window.height() <= 800, timeout=3000)
    form = scenario_tab(qtbot, window)
    assert form.scoring.rows, "the rusted throne has a scoring rule"
    body = form.widget()
    assert body.minimumSizeHint().width() <= form.viewport().width(), "nothing clipped"
    assert not form.horizontalScrollBar().isVisible()
    row = form.scoring.rows[0]
    form.ensureWidgetVisible(row.text)
    qtbot.waitUntil(row.text.isVisible, timeout=3000)
    assert row.text.width() >= 150, "the rule's text has room to be read"
    tree = window.issues.tree
    line = tree.fontMetrics().height()
    assert tree.viewport().height() >= 5 * line, "the Issues dock shows several rows"
