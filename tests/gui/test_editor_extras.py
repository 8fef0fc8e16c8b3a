"""The magic wand (select same terrain), region notes kept in the file, a one-tile paste
shown in the Inspector, and Properties… opening an Inspector dragged shut."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from test_editor_session import key, open_window
from test_editor_tools import place, window_for

from editor.gui.document import ScenarioDocument
from editor.gui.main_window import RIGHT_HEIGHTS, MainWindow
from editor.model.scenario_io import load_scenario, scenario_text

pytestmark = pytest.mark.gui
REPO = Path(__file__).resolve().parents[2]
BOOKLET_1 = REPO / "scenarios" / "booklet" / "01-my-precious-world.realm.json"


def booklet_window(qtbot: QtBot, path: Path = BOOKLET_1) -> MainWindow:
    window = open_window(qtbot, ScenarioDocument.from_loaded(load_scenario(path)))
    window.doc.wait_for_analysis()
    qtbot.waitUntil(lambda: window.doc.analysis.realm is not None, timeout=10_000)
    return window


def test_select_same_terrain_selects_and_outlines_every_region_of_it(qtbot: QtBot) -> None:
    window = booklet_window(qtbot)
    doc = window.doc
    realm = doc.analysis.realm
    assert realm is not None
    key(qtbot, window, Qt.Key.Key_W)
    assert doc.selection.regions == (), "nothing selected: the wand selects nothing"
    forests = {r.id for r in realm.regions.values()
               if r.terrain == "forest" and r.board == doc.board_id}
    assert len(forests) > 1
    doc.select_region(min(forests))
    key(qtbot, window, Qt.Key.Key_W)
    assert set(doc.selection.regions) == forests
    assert doc.selection.region == min(forests), "the clicked region stays in the inspector"
    outline = window.scene.highlight.path
    for rid in forests:  # every forest is outlined, and nothing else is
        for offset, shape in window.scene.part_shapes(rid):
            x, y = shape.anchor
            assert outline.contains(QPointF(offset[0] + x, offset[1] + y)), rid
    other = next(r for r in realm.regions.values()
                 if r.terrain != "forest" and r.board == doc.board_id and r.kind == "land")
    for offset, shape in window.scene.part_shapes(other.id):
        x, y = shape.anchor
        assert not outline.contains(QPointF(offset[0] + x, offset[1] + y)), other.id
    panel = window.inspector.selection_panel
    assert panel.fields["Selected"].text() == f"{len(forests)} regions"
    doc.select_region(min(forests))  # a plain click on a region: one region again
    assert doc.selection.regions == ()


def test_a_region_note_typed_in_the_inspector_is_saved_and_reopened(
        qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / BOOKLET_1.name
    shutil.copy(BOOKLET_1, path)
    window = booklet_window(qtbot, path)
    doc = window.doc
    realm = doc.analysis.realm
    assert realm is not None
    rid = sorted(r.id for r in realm.regions.values() if r.board == doc.board_id)[0]
    doc.select_region(rid)
    window.show_properties()
    note = window.inspector.selection_panel.note
    assert note.isEnabled() and note.toPlainText() == ""
    note.setFocus()
    qtbot.waitUntil(note.hasFocus, timeout=3000)
    qtbot.keyClicks(note, "Ford here")
    window.view.setFocus()  # leaving the field stores the note: one undo step
    qtbot.waitUntil(lambda: "region_notes" in doc.scenario.sections, timeout=3000)
    assert doc.scenario.sections["region_notes"] == {rid: "Ford here"}
    assert doc.undo_stack.undoText() == f"Note on {rid}"
    assert window.save_to(path)
    assert path.read_text(encoding="utf-8") == scenario_text(load_scenario(path).scenario), \
        "the saved file is in the canonical form (realms format leaves it alone)"
    window.set_document(ScenarioDocument.from_loaded(load_scenario(path)),
                        offer_recovery=False)
    window.doc.select_region(rid)
    assert window.inspector.selection_panel.note.toPlainText() == "Ford here"
    other = sorted(r.id for r in realm.regions.values() if r.board == doc.board_id)[1]
    window.doc.select_region(other)
    assert window.inspector.selection_panel.note.toPlainText() == ""


def test_a_pasted_tile_is_shown_in_the_inspector(qtbot: QtBot) -> None:
    window = window_for(qtbot)
    place(qtbot, window, "A", 0, 0)
    window.doc.select_tile("A")
    window.cut()
    assert not window.doc.board.tiles
    window.view.hover_hex = (2, 0)  # where the mouse is: the paste lands there
    window.paste()
    assert [(p.tile, p.q, p.r) for p in window.doc.board.tiles] == [("A", 2, 0)]
    fields = window.inspector.selection_panel.fields
    assert fields["Selected"].text() == "1 tile"
    assert fields["Tile"].text().startswith("A ")
    assert window.inspector.selection_panel.min_players.isEnabled()


def test_properties_opens_an_inspector_dragged_shut(qtbot: QtBot) -> None:
    window = window_for(qtbot)
    inspector, balance = window._docks["inspector"], window._docks["balance"]
    window.inspector.setCurrentIndex(1)  # the Scenario tab in front
    window.resizeDocks([inspector, balance], [1, 2000], Qt.Orientation.Vertical)
    QApplication.processEvents()
    assert inspector.height() < RIGHT_HEIGHTS[0] // 2, "the splitter did not close it"
    properties = next(a for a in window.shared_actions if a.text().startswith("P&roperties"))
    edit = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Edit")
    assert properties in edit.actions(), "the Edit menu has Properties..., as the docs say"
    properties.trigger()
    QApplication.processEvents()
    assert inspector.height() >= RIGHT_HEIGHTS[0] * 0.8
    assert window.inspector.currentWidget() is window.inspector.selection_panel
