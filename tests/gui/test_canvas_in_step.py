"""Issue 28, point 1: the canvas shows every edit whichever dock tab is in front.

The Overview used to be a second view of the canvas's scene; with it in front, Qt's one
"repaint me" flag per cached tile item was taken by whichever view painted first, and
the canvas kept its old picture of a rotated or flipped tile. Each edit below must
change the canvas's own pixels.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_support import click_scene, shown_window
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from editor.gui.document import ScenarioDocument
from editor.gui.main_window import MainWindow
from editor.gui.shapes import hex_centre
from editor.model.scenario_io import load_scenario

pytestmark = pytest.mark.gui
ROOT = Path(__file__).resolve().parents[2]
REALM = ROOT / "scenarios" / "highland-crossing.realm.json"


def canvas(window: MainWindow) -> QImage:
    return window.view.viewport().grab().toImage()


def settled_canvas(qtbot: QtBot, window: MainWindow) -> QImage:
    """The canvas once the edit's repaint, its re-analysis and any sharpened tile
    pictures are through."""
    qtbot.wait(60)
    qtbot.waitUntil(lambda: not window.doc.analysing, timeout=5000)
    qtbot.wait(60)
    return canvas(window)


@pytest.mark.parametrize("dock", ["overview", "balance"])
def test_every_edit_reaches_the_canvas_whichever_tab_is_in_front(qtbot: QtBot,
                                                                 dock: str) -> None:
    doc = ScenarioDocument.from_loaded(load_scenario(REALM))
    window = shown_window(qtbot, doc)
    window.activateWindow()  # R and F are window shortcuts: the window must be active
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=3000)
    window.show_dock(dock)
    assert window._docks[dock].isVisible()
    index = doc.tile_index("Q")
    assert index is not None
    placement = doc.board.tiles[index]
    window.view.centerOn(*hex_centre(placement.q, placement.r))
    click_scene(qtbot, window.view, *hex_centre(placement.q, placement.r))
    assert doc.selection.tile_index == index
    before = settled_canvas(qtbot, window)
    stale = []
    keys = [Qt.Key.Key_R, Qt.Key.Key_F] * 5 + [Qt.Key.Key_R, Qt.Key.Key_R]
    for step, key in enumerate(keys):
        state = (doc.board.tiles[index].side, doc.board.tiles[index].rotation)
        qtbot.keyClick(window.view, key)
        assert (doc.board.tiles[index].side, doc.board.tiles[index].rotation) != state
        after = settled_canvas(qtbot, window)
        if after == before:
            stale.append((step, key.name))
        before = after
    for step in range(3):  # undo goes through the same repaint
        qtbot.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
        after = settled_canvas(qtbot, window)
        if after == before:
            stale.append((len(keys) + step, "undo"))
        before = after
    assert not stale, f"edits the canvas did not show: {stale}"
    QApplication.processEvents()
