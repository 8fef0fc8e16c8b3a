"""Inspector and docks (issue 14, item 9, in part): marker attributes shown with human
names and edited as one undo step; the Issues dock filters by severity, sorts and wraps;
Balance shows no green tick on an empty realm. Real clicks and key presses."""

from __future__ import annotations

import pytest
from gui_support import click_scene, land_region, region_point
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSpinBox
from pytestqt.qtbot import QtBot
from test_editor_session import key, settle
from test_editor_tools import arm_marker, place, window_for
from test_navigation import stray_tile_window

from editor.gui.balance_dock import balance_bars

pytestmark = pytest.mark.gui


def test_marker_attributes_are_named_and_edited_in_one_step(qtbot: QtBot) -> None:
    window = window_for(qtbot)
    doc = window.doc
    place(qtbot, window, "A", 0, 0)
    side = doc.catalogue.side("A", "surface")
    arm_marker(qtbot, window, "monster_stack")
    click_scene(qtbot, window.view, *region_point(side, 0, 0, 0, land_region(side)))
    key(qtbot, window, Qt.Key.Key_Escape)
    marker = window.scene.marker_items[0].scenePos()
    click_scene(qtbot, window.view, marker.x(), marker.y())
    panel = window.inspector.selection_panel
    attrs = panel.marker_attrs
    assert attrs.isVisible()
    assert "Monster" in panel.fields["Markers"].text()
    assert "monster_stack" not in panel.fields["Markers"].text(), "a name, not an id"
    spin = attrs.editors["count"]
    assert isinstance(spin, QSpinBox) and spin.value() == 2
    spin.setFocus()
    qtbot.keyClick(spin, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(spin, "5")
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    assert doc.board.markers[0].attrs["count"] == 5
    assert doc.undo_stack.undoText().startswith("Set monsters of ")
    doc.undo_stack.undo()
    assert doc.board.markers[0].attrs["count"] == 2
    assert isinstance(attrs.editors["count"], QSpinBox)
    assert attrs.editors["count"].value() == 2, "the form follows undo"


def test_issues_filter_sort_and_wrap(qtbot: QtBot) -> None:
    window = stray_tile_window(qtbot)
    panel = window.issues
    assert panel.tree.wordWrap()
    everything = panel.shown_issues()
    assert {i.severity for i in everything} >= {"error"}
    order = [i.severity for i in everything]
    assert order == sorted(order, key=["error", "warning", "info"].index), "errors first"
    panel.severity.setFocus()
    qtbot.keyClick(panel.severity, Qt.Key.Key_Down)  # "errors"
    assert panel.severity.currentData() == "error"
    shown = panel.shown_issues()
    assert shown and all(i.severity == "error" for i in shown)
    assert len(shown) == sum(1 for i in everything if i.severity == "error")
    qtbot.keyClick(panel.severity, Qt.Key.Key_Home)
    assert len(panel.shown_issues()) == len(everything)


def test_balance_has_no_green_tick_for_an_empty_realm(qtbot: QtBot) -> None:
    window = window_for(qtbot)
    settle(qtbot, window)
    assert window.doc.analysis.realm is not None
    assert balance_bars(window.doc, window.balance.theme) == []
    place(qtbot, window, "A", 0, 0)
    settle(qtbot, window)
    assert balance_bars(window.doc, window.balance.theme)


def test_scenario_tab_fits_the_default_dock_at_1280_by_800(qtbot: QtBot) -> None:
    window = window_for(qtbot)
    window.resize(1280, 800)
    qtbot.waitUntil(lambda: window.height() <= 800, timeout=3000)
    window._docks["inspector"].raise_()
    qtbot.mouseClick(window.inspector.tabBar(), Qt.MouseButton.LeftButton,
                     pos=window.inspector.tabBar().tabRect(1).center())
    form = window.inspector.properties
    assert window.inspector.currentWidget() is form
    qtbot.waitUntil(form.isVisible, timeout=3000)
    body = form.widget()
    assert body.minimumSizeHint().width() <= form.viewport().width(), "nothing clipped"
    assert not form.horizontalScrollBar().isVisible()
    assert window.players_box.isVisible() and form.players_max.isVisible()
