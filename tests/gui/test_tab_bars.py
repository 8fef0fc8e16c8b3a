"""Issue 28, point 8: no stray tab bar over the docks.

Building the dock layout replaced some tab bars of the tabbed docks; Qt left the old
ones visible until the event loop deleted them, and an offscreen screenshot taken
before that showed "Issues | History" or "Balance | Overview" over other panels.
"""

from __future__ import annotations

import pytest
from gui_support import shown_window
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTabBar
from pytestqt.qtbot import QtBot

from editor.gui.main_window import MainWindow

pytestmark = pytest.mark.gui


def tab_groups(window: MainWindow) -> list[tuple[str, ...]]:
    bars = window.findChildren(QTabBar, options=Qt.FindChildOption.FindDirectChildrenOnly)
    return sorted(tuple(bar.tabText(i) for i in range(bar.count()))
                  for bar in bars if bar.isVisibleTo(window))


def test_a_new_window_has_one_tab_bar_per_group_of_docks(qtbot: QtBot) -> None:
    window = shown_window(qtbot)
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)
    assert tab_groups(window) == [("Balance", "Overview", "Legend", "History"),
                                  ("Tiles", "Markers", "Layers")]
