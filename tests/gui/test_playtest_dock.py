"""The Balance dock's Playtest: games run from the dock off the GUI thread, in the real smawg,
and their conquests per region painted on the canvas exactly as ``editor.play.playtest``
counts them; an edit makes them stale; without smawg the control says how to install it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from gui_support import shown_window
from PySide6.QtCore import QPoint, Qt
from pytestqt.qtbot import QtBot

from editor.gui.document import ScenarioDocument
from editor.model.scenario_io import load_scenario

pytestmark = pytest.mark.gui

REPO = Path(__file__).resolve().parents[2]
HIGHLAND = REPO / "scenarios" / "highland-crossing.realm.json"


def test_a_run_from_the_dock_paints_its_conquests_and_goes_stale_on_an_edit(
        qtbot: QtBot, real_smawg: Any) -> None:
    from editor.play import playtest
    from editor.play.heatmap import region_heat
    from editor.play.report import percent

    doc = ScenarioDocument.from_loaded(load_scenario(HIGHLAND))
    doc.players = 4
    window = shown_window(qtbot, doc)
    doc.wait_for_analysis()
    panel = window.balance.playtest
    heat = window.scene.heat_item

    panel.games.setValue(10_000)  # a long run: the window answers, Cancel stops it
    qtbot.mouseClick(panel.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: panel.progress.value() > 0, timeout=10_000)
    assert panel.worker.running and not panel.run_button.isEnabled()
    qtbot.mouseClick(panel.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not panel.worker.running and panel.run_button.isEnabled(),
                    timeout=10_000)
    assert panel.status.text().startswith("Cancelled after") and panel.result is None

    panel.games.setValue(4)
    panel.seed.setValue(3)
    panel.bot.setCurrentText("greedy")
    qtbot.mouseClick(panel.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: panel.result is not None, timeout=20_000)
    assert not panel.show_heat.isChecked() and not heat.isVisible()  # until asked for
    for shown in (True, False, True):
        qtbot.mouseClick(panel.show_heat, Qt.MouseButton.LeftButton,
                         pos=QPoint(8, panel.show_heat.height() // 2))
        assert panel.show_heat.isChecked() == heat.isVisible() == shown

    expected = playtest(doc.snapshot(), 4, games=4, seed=3, bot="greedy")
    realm = doc.analysis.realm
    assert realm is not None
    on_board = {rid for rid in expected.heat if realm.regions[rid].board == doc.board_id}
    assert set(heat.values) >= on_board and on_board
    assert {rid: heat.values[rid] for rid in on_board} == {
        rid: expected.heat[rid] for rid in on_board}
    colours = region_heat(expected, realm.regions)
    assert heat.fills == {rid: colours[rid].fill for rid in heat.values}
    assert len(set(heat.fills.values())) > 3  # shaded, not one colour
    assert [label.text() for label in panel.seat_rows[1::2]] == [
        percent(seat.win_rate) for seat in expected.seats]

    never = expected.never_conquered
    assert len(never) > 1
    qtbot.mouseClick(panel.never, Qt.MouseButton.LeftButton)
    assert set(doc.selection.regions) == set(never)

    index = next(i for i, p in enumerate(doc.board.tiles) if doc.active(p))
    doc.select_tile(doc.board.tiles[index].tile)
    qtbot.keyClick(window.view, Qt.Key.Key_R)  # rotate it: the realm is another now
    assert doc.undo_stack.count() == 1
    assert not heat.isVisible() and not panel.show_heat.isEnabled()
    assert panel.status.text().startswith("Stale: the realm was edited")


def test_without_smawg_the_control_is_off_and_gives_the_install_line(
        without_smawg: dict[str, str]) -> None:
    """The dock in a real interpreter that cannot import smawg."""
    from editor.play.engine import smawg_install

    code = ("import json, os; os.environ['QT_QPA_PLATFORM'] = 'offscreen'\n"
            "from PySide6.QtWidgets import QApplication; app = QApplication([])\n"
            "from editor.gui.balance_dock import BalancePanel\n"
            "from editor.gui.document import ScenarioDocument\n"
            "from editor.model.scenario_io import load_scenario\n"
            f"doc = ScenarioDocument.from_loaded(load_scenario({str(HIGHLAND)!r}))\n"
            "panel = BalancePanel(doc)\n"
            "play = panel.playtest; play.run_button.click()\n"
            "print(json.dumps([play.run_button.isEnabled(), play.worker.running,"
            " play.status.text()]))\n")
    done = subprocess.run([sys.executable, "-S", "-c", code], env=without_smawg,
                          capture_output=True, text=True, cwd=REPO)
    assert done.returncode == 0, done.stderr
    enabled, running, status = json.loads(done.stdout.splitlines()[-1])
    assert not enabled and not running
    assert status.startswith("The Balance dock's playtest plays games in the smawg engine")
    assert f"`{smawg_install()}`" in status


def test_a_session_of_signals_does_not_exhaust_true() -> None:
    """PySide6 6.12 on CPython 3.11 drops a reference to True at each emit(): a few
    playtests (a signal per game) aborted the editor with "bool_dealloc" (editor/qtcompat.py)."""
    import editor.qtcompat  # noqa: F401  (what every window imports first)
    from editor.gui.playtest_panel import PlaytestWorker

    worker = PlaytestWorker()
    for done in range(20_000):  # three times what True holds once the editor is loaded
        worker.progressed.emit(done, 20_000)
    assert sys.getrefcount(True) > 20_000
