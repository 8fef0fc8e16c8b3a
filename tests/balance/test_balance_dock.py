"""The Balance dock speaks with the balance standard's one voice: bars, flags and table come
from the same rows as ``realms balance``, counted world by world as lint counts, and a
click on a flag selects the regions its advice names. Real widgets, real clicks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from balance_support import REPO
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem
from pytestqt.qtbot import QtBot

from editor.analysis import measure
from editor.analysis.standard import load_standard
from editor.cli.main import main
from editor.gui.balance_dock import BalancePanel
from editor.gui.document import ScenarioDocument
from editor.model.scenario_io import load_scenario
from editor.topology import derive_realm

pytestmark = pytest.mark.gui

HIGHLAND = REPO / "scenarios" / "highland-crossing.realm.json"
NIGHT_AND_DAY = REPO / "scenarios" / "booklet" / "12-night-and-day.realm.json"
BLANK = REPO / "scenarios" / "templates" / "blank-surface.realm.json"
LINE = REPO / "tests" / "data" / "bad-boards" / "line.realm.json"  # flagged on purpose


def panel_for(qtbot: QtBot, path: Path, players: int | None = None) -> BalancePanel:
    doc = ScenarioDocument.from_loaded(load_scenario(path))
    panel = BalancePanel(doc)
    qtbot.addWidget(panel)
    panel.resize(520, 900)
    panel.show()
    qtbot.waitExposed(panel)
    doc.analyse_now()  # what the main window does on opening a file
    if players is not None and players != doc.players:
        doc.set_players(players)
        qtbot.waitUntil(lambda: panel.metrics is not None and panel.metrics.players == players,
                        timeout=5000)
    return panel


def click(qtbot: QtBot, tree: QTreeWidget, item: QTreeWidgetItem) -> None:
    tree.scrollToItem(item)
    rect = tree.visualItemRect(item)
    assert rect.isValid()
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def test_bars_table_and_flags_are_one_standard(qtbot: QtBot) -> None:
    panel = panel_for(qtbot, LINE, 3)
    rows = load_standard().rows(measure(derive_realm(load_scenario(LINE), 3)))
    for row in rows:
        item = panel.row_item(row.key)
        assert item is not None, row.key
        assert item.text(0).startswith("\u26a0") == row.outside
        assert item.text(1) == row.shown
    bars = {bar.key: bar for bar in panel.bars}
    judged = [r for r in rows if r.key.startswith(("terrain.", "symbol."))
              or r.key == "regions_per_player"]
    assert set(bars) == {r.key for r in judged}
    for row in judged:  # a bar is green exactly when the table does not flag its row
        assert bars[row.key].ok == (not row.outside), row.key
    flagged = [r.key for r in rows if r.outside]
    assert flagged and list(panel.flag_list.items) == flagged
    players = panel.metrics.players if panel.metrics else 0
    assert panel.summary.text().startswith(
        f"{len(flagged)} flag{'s' * (len(flagged) != 1)} at {players} players")
    assert "balance standard" in panel.summary.toolTip()


def test_the_dock_counts_the_one_fifth_rule_per_world_as_lint_does(qtbot: QtBot) -> None:
    panel = panel_for(qtbot, NIGHT_AND_DAY, 3)
    realm = derive_realm(load_scenario(NIGHT_AND_DAY), 3)
    surface = [r for r in realm.regions.values()
               if r.is_land and not r.chasm and r.board == "surface"]
    bars = {bar.label: bar for bar in panel.bars}
    assert "Mudpool (underground)" in bars and "Mountain (underground)" in bars
    forest = bars["Forest"]
    assert forest.value == sum(r.terrain == "forest" for r in surface)
    assert forest.target == pytest.approx(len(surface) / 5)  # not the land of both worlds


def test_clicking_a_flag_selects_the_regions_its_advice_names(qtbot: QtBot) -> None:
    panel = panel_for(qtbot, LINE, 3)
    flag = next(f for f in panel.flags if f.key == "entry_share")
    assert len(flag.regions) >= 2 and flag.tiles
    label = panel.flag_item("entry_share")
    assert label is not None and label.isVisible()
    shown = []
    panel.flagActivated.connect(shown.append)
    chosen = []
    for _ in range(2):
        qtbot.mouseClick(label, Qt.MouseButton.LeftButton)
        chosen.append(panel.doc.selection.region)
    assert chosen == list(flag.regions[:2])
    assert [issue.regions for issue in shown] == [flag.regions, flag.regions]
    assert f"What to change: {flag.advice}" in label.text()  # whole, word-wrapped
    assert label.wordWrap()


def test_the_dock_shows_the_flags_and_advice_of_the_cli(qtbot: QtBot,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    panel = panel_for(qtbot, LINE, 3)
    assert main(["balance", str(LINE), "--players", "3", "--format", "json"]) == 0
    cli = json.loads(capsys.readouterr().out)["reports"][0]["flags"]
    assert cli and [f.to_json() for f in panel.flags] == cli
    for flag in cli:
        label = panel.flag_item(flag["key"])
        assert label is not None and flag["message"] in label.text()
        assert flag["advice"] in label.text()


def test_the_table_follows_the_player_count(qtbot: QtBot) -> None:
    panel = panel_for(qtbot, HIGHLAND, 4)
    regions = panel.row_item("regions")
    assert regions is not None
    realm = derive_realm(load_scenario(HIGHLAND), 4)
    assert regions.text(1) == str(len(realm.land_regions()))
    per_player = panel.row_item("regions_per_player")
    assert per_player is not None and per_player.text(2) == "7.50-10.50"


def test_an_empty_realm_shows_no_figures_and_no_tick(qtbot: QtBot) -> None:
    panel = panel_for(qtbot, BLANK)
    assert panel.rows == [] and panel.flags == []
    assert panel.table.isHidden() and panel.chart.isHidden() and panel.flag_list.isHidden()
    assert "nothing to judge" in panel.summary.text()
    assert "\u2713" not in panel.summary.text()


def test_a_group_collapses_with_the_keyboard(qtbot: QtBot) -> None:
    panel = panel_for(qtbot, HIGHLAND)
    group = panel.table.topLevelItem(3)
    assert group is not None
    assert group.text(0) == "Shape of the graph of play" and group.isExpanded()
    panel.table.setFocus()
    panel.table.setCurrentItem(group)
    qtbot.keyClick(panel.table, Qt.Key.Key_Left)
    assert not group.isExpanded()
    qtbot.keyClick(panel.table, Qt.Key.Key_Right)
    assert group.isExpanded()
