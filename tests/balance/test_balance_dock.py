"""The Balance dock shows the graph metrics against the official bands, driven by real
clicks and key presses on its widgets, checked against the model."""

from __future__ import annotations

from pathlib import Path

import pytest
from balance_support import REPO
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTreeWidgetItem
from pytestqt.qtbot import QtBot

from editor.analysis import measure
from editor.analysis.bands import load_bands
from editor.gui.balance_dock import BalancePanel
from editor.gui.document import ScenarioDocument
from editor.model.scenario_io import load_scenario
from editor.topology import derive_realm

pytestmark = pytest.mark.gui

HIGHLAND = REPO / "scenarios" / "highland-crossing.realm.json"
BLANK = REPO / "scenarios" / "templates" / "blank-surface.realm.json"


def panel_for(qtbot: QtBot, path: Path) -> BalancePanel:
    doc = ScenarioDocument.from_loaded(load_scenario(path))
    panel = BalancePanel(doc)
    qtbot.addWidget(panel)
    panel.resize(520, 900)
    panel.show()
    qtbot.waitExposed(panel)
    doc.analyse_now()  # what the main window does on opening a file
    return panel


def settle(qtbot: QtBot, panel: BalancePanel) -> None:
    qtbot.waitUntil(lambda: not panel.doc._timer.isActive(), timeout=5000)


def click_row(qtbot: QtBot, panel: BalancePanel, item: QTreeWidgetItem) -> None:
    panel.table.scrollToItem(item)
    rect = panel.table.visualItemRect(item)
    assert rect.isValid()
    qtbot.mouseClick(panel.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def test_every_metric_is_shown_with_its_band(qtbot: QtBot) -> None:
    panel = panel_for(qtbot, HIGHLAND)
    players = panel.doc.players
    expected = measure(derive_realm(load_scenario(HIGHLAND), players))
    comparisons = load_bands().compare(expected)
    for c in comparisons:
        row = panel.row_item(c.info.key)
        assert row is not None, c.info.key
        assert row.text(0).startswith("\u26a0") == c.outside
    chokepoints = panel.row_item("articulation_points")
    assert chokepoints is not None
    assert chokepoints.text(1) == str(len(expected.articulation_points))
    assert chokepoints.text(2).startswith("0\u20131")
    outside = sum(c.outside for c in comparisons)
    assert panel.summary.text().startswith(f"{outside} metrics outside")


def test_clicking_the_chokepoint_row_selects_each_chokepoint_in_turn(qtbot: QtBot) -> None:
    panel = panel_for(qtbot, HIGHLAND)
    wanted = panel.metrics.articulation_points if panel.metrics else ()
    assert len(wanted) >= 2
    row = panel.row_item("articulation_points")
    assert row is not None
    chosen = []
    for _ in range(2):
        click_row(qtbot, panel, row)
        chosen.append(panel.doc.selection.region)
    assert chosen == list(wanted[:2])


def test_the_table_follows_the_player_count(qtbot: QtBot) -> None:
    panel = panel_for(qtbot, HIGHLAND)
    panel.doc.set_players(4)
    settle(qtbot, panel)
    qtbot.waitUntil(lambda: panel.metrics is not None and panel.metrics.players == 4)
    regions = panel.row_item("regions")
    assert regions is not None
    realm = derive_realm(load_scenario(HIGHLAND), 4)
    assert regions.text(1) == str(len([r for r in realm.land_regions() if not r.chasm]))
    assert regions.text(2) == "36\u201340"
    assert "4-player board: 36" in regions.toolTip(2)


def test_an_empty_realm_shows_no_figures_and_no_tick(qtbot: QtBot) -> None:
    panel = panel_for(qtbot, BLANK)
    assert panel.comparisons == []
    assert panel.table.isHidden() and panel.chart.isHidden()
    assert "nothing to compare" in panel.summary.text()
    assert "\u2713" not in panel.summary.text()


def test_a_group_collapses_with_the_keyboard(qtbot: QtBot) -> None:
    panel = panel_for(qtbot, HIGHLAND)
    group = panel.table.topLevelItem(3)
    assert group.text(0) == "Shape of the graph of play" and group.isExpanded()
    panel.table.setFocus()
    panel.table.setCurrentItem(group)
    qtbot.keyClick(panel.table, Qt.Key.Key_Left)
    assert not group.isExpanded()
    qtbot.keyClick(panel.table, Qt.Key.Key_Right)
    assert group.isExpanded()
