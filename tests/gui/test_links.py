"""Custom links: named with the dock's label field, drawn with two clicks, selected, renamed
in the inspector and deleted, each one undo step; the derived graph follows."""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_support import click_scene, land_region, region_point
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from test_editor_session import key, settle
from test_editor_tools import arm_marker, place, window_for

from editor.gui.canvas.items import LinkItem
from editor.model.scenario import Link
from editor.model.scenario_io import load_scenario

pytestmark = pytest.mark.gui


def test_custom_link_is_drawn_named_renamed_and_deleted(qtbot: QtBot, tmp_path: Path) -> None:
    window = window_for(qtbot)
    doc = window.doc
    place(qtbot, window, "A", 0, 0)
    place(qtbot, window, "C", 2, 0)  # not neighbours: only the link can join them
    catalogue = doc.catalogue
    a_side, c_side = catalogue.side("A", "surface"), catalogue.side("C", "surface")
    a = f"A.{land_region(a_side)}"
    c = f"C.{land_region(c_side)}"
    settle(qtbot, window)
    assert not doc.analysis.realm.graph.has_edge(a, c)

    window._docks["markers"].raise_()
    label_edit = window.marker_dock.label_edit
    label_edit.clear()
    qtbot.keyClicks(label_edit, "Secret path")
    arm_marker(qtbot, window, "custom_link")
    steps = doc.undo_stack.count()
    click_scene(qtbot, window.view, *region_point(a_side, 0, 0, 0, a.split(".")[1]))
    assert doc.scenario.links == [], "the first click only picks the first end"
    click_scene(qtbot, window.view, *region_point(c_side, 0, 2, 0, c.split(".")[1]))
    assert doc.scenario.links == [Link("custom", a, c, "Secret path")]
    assert doc.undo_stack.count() == steps + 1
    settle(qtbot, window)
    assert doc.analysis.realm.graph.has_edge(a, c)

    # Select the link by its badge, rename it in the inspector: one more step.
    key(qtbot, window, Qt.Key.Key_Escape)
    item = next(i for i in window.scene.items() if isinstance(i, LinkItem))
    assert item.link.label == "Secret path"
    click_scene(qtbot, window.view, item.middle.x(), item.middle.y())
    assert doc.selection.link_index == 0
    panel = window.inspector.selection_panel
    assert "Secret path" in panel.fields["Link"].text()
    assert panel.link_label.isEnabled()
    panel.link_label.selectAll()
    qtbot.keyClicks(panel.link_label, "Troll road")
    qtbot.keyClick(panel.link_label, Qt.Key.Key_Return)
    assert doc.scenario.links == [Link("custom", a, c, "Troll road")]
    doc.undo_stack.undo()
    assert doc.scenario.links[0].label == "Secret path"
    doc.undo_stack.redo()

    path = tmp_path / "linked.realm.json"
    assert window.save_to(path)
    assert load_scenario(path).scenario.links == [Link("custom", a, c, "Troll road")]

    # Delete removes the link alone; undo brings it back.
    click_scene(qtbot, window.view, item.middle.x(), item.middle.y())
    key(qtbot, window, Qt.Key.Key_Delete)
    assert doc.scenario.links == []
    assert [p.tile for p in doc.board.tiles] == ["A", "C"]
    assert doc.selection.link_index is None
    settle(qtbot, window)
    assert not doc.analysis.realm.graph.has_edge(a, c)
    doc.undo_stack.undo()
    assert doc.scenario.links == [Link("custom", a, c, "Troll road")]


def test_blank_label_falls_back_and_other_links_are_not_renamed(qtbot: QtBot) -> None:
    window = window_for(qtbot)
    doc = window.doc
    place(qtbot, window, "A", 0, 0)
    place(qtbot, window, "C", 2, 0)
    a_side, c_side = doc.catalogue.side("A", "surface"), doc.catalogue.side("C", "surface")
    window._docks["markers"].raise_()
    window.marker_dock.label_edit.clear()
    arm_marker(qtbot, window, "cloud_bridge")
    click_scene(qtbot, window.view, *region_point(a_side, 0, 0, 0, land_region(a_side)))
    click_scene(qtbot, window.view, *region_point(c_side, 0, 2, 0, land_region(c_side)))
    assert [(k.kind, k.label) for k in doc.scenario.links] == [("cloud_bridge", None)]
    arm_marker(qtbot, window, "custom_link")
    click_scene(qtbot, window.view, *region_point(a_side, 0, 0, 0, land_region(a_side)))
    click_scene(qtbot, window.view, *region_point(c_side, 0, 2, 0, land_region(c_side)))
    assert doc.scenario.links[1].label == "custom", "a blank label gets the default name"

    key(qtbot, window, Qt.Key.Key_Escape)
    bridge = next(i for i in window.scene.items()
                  if isinstance(i, LinkItem) and i.link.kind == "cloud_bridge")
    steps = doc.undo_stack.count()
    window.editor.set_link_label(bridge.index, "renamed")
    assert doc.scenario.links[0].label is None and doc.undo_stack.count() == steps
    assert not window.inspector.selection_panel.link_label.isEnabled()
