"""Every finding that names regions or tiles selects and outlines them on a click, in the
Issues dock and in the Balance dock: one test per rule family (geometry, balance,
inventory, scenario rules; the schema family's missing catalogue is in
test_missing_catalogue.py). Real clicks on real widgets; the model's selection and the
canvas's outline are checked."""

from __future__ import annotations

import pytest
from gui_support import shown_window
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from editor.gui.analysis import Issue
from editor.gui.document import ScenarioDocument
from editor.gui.main_window import MainWindow
from editor.gui.templates import new_scenario
from editor.model.catalogue import default_catalogue
from editor.model.scenario import Marker, Placement, Presence

pytestmark = pytest.mark.gui

ROW = "BCDEKLFS"  # eight box tiles in a row: eight magic sources on 23 land regions (B004)


def row_window(qtbot: QtBot, markers: tuple[Marker, ...] = (), letters: str = ROW,
               side: str = "surface") -> MainWindow:
    scenario = new_scenario("Findings realm", 2, 2)
    board = scenario.boards[0]
    for q, letter in enumerate(letters):
        board.tiles.append(Placement(letter, side if q == 0 else "surface", q, 0, 0))
    board.markers.extend(markers)
    window = shown_window(qtbot, ScenarioDocument(scenario, default_catalogue()))
    window.doc.analyse_now()
    window.show_dock("issues")
    return window


def click_issue(qtbot: QtBot, window: MainWindow, code: str, about: str = "") -> Issue:
    panel = window.issues
    item = panel.item_for(lambda i: i.code == code and about in i.message)
    assert item is not None, [(i.code, i.message) for i in panel.issues()]
    panel.tree.scrollToItem(item)
    qtbot.mouseClick(panel.tree.viewport(), Qt.MouseButton.LeftButton,
                     pos=panel.tree.visualItemRect(item).center())
    issue: Issue = item.data(0, Qt.ItemDataRole.UserRole)
    return issue


def assert_shown(window: MainWindow, regions: tuple[str, ...]) -> None:
    """Every region is selected (the first in the inspector) and inside the outline."""
    doc, scene = window.doc, window.scene
    sel = doc.selection
    assert set(regions) <= {sel.region, *sel.regions}, sel
    assert sel.region in regions and sel.board == doc.board_id
    outline = scene.highlight.path
    assert not outline.isEmpty()
    for rid in regions:
        for origin, shape in scene.part_shapes(rid):
            x, y = origin[0] + shape.anchor[0], origin[1] + shape.anchor[1]
            assert outline.contains(scene.highlight.mapFromScene(x, y)), rid


def test_balance_family_b003_and_b004_rows_select_their_regions(qtbot: QtBot) -> None:
    window = row_window(qtbot)
    for code, about in (("B003", "swamp"), ("B004", "magic")):
        issue = click_issue(qtbot, window, code, about)
        assert len(issue.regions) == int(issue.message.split(" on ")[1].split(" of ")[0])
        assert_shown(window, issue.regions)
    assert window.scene.flash_item.isVisible()
    # the regions a tally counts are shown, not marked as faulty on the canvas
    assert window.scene.tile_items[0].issue is None


def test_balance_dock_mountain_flag_selects_its_regions(qtbot: QtBot) -> None:
    window = row_window(qtbot)
    window.show_dock("balance")
    panel = window.balance
    qtbot.waitUntil(lambda: panel.metrics is not None, timeout=5000)
    flag = next(f for f in panel.flags if f.key == "terrain.mountain")
    assert flag.regions, flag.advice  # a realm with no mountain offers regions to lay one on
    label = panel.flag_item("terrain.mountain")
    assert label is not None
    panel.parentWidget().parentWidget().ensureWidgetVisible(label)  # (the dock scrolls)
    before = window.doc.selection
    qtbot.mouseClick(label, Qt.MouseButton.LeftButton)
    assert window.doc.selection != before
    assert_shown(window, flag.regions)


def test_geometry_family_g003_and_g016_select(qtbot: QtBot) -> None:
    window = row_window(qtbot, side="underground")
    g003 = click_issue(qtbot, window, "G003")  # tile S is cut off from the row
    assert_shown(window, g003.regions)
    g016 = click_issue(qtbot, window, "G016")
    assert g016.tiles == ("B",)
    assert window.doc.selection.tile_set == {0}


def test_inventory_family_i002_selects_the_lone_tunnel(qtbot: QtBot) -> None:
    tunnel = Marker("tunnel", "C.s1", None, {"number": 1}, Presence())
    window = row_window(qtbot, (tunnel,))
    issue = click_issue(qtbot, window, "I002")
    assert issue.regions == ("C.s1",)
    assert_shown(window, issue.regions)


def test_scenario_rules_family_r005_selects_its_region(qtbot: QtBot) -> None:
    island = Marker("necromancer_island", "D.s2", None, {}, Presence())
    window = row_window(qtbot, (island,))
    issue = click_issue(qtbot, window, "R005")
    assert issue.regions == ("D.s2",)
    assert_shown(window, issue.regions)


def test_g016_fires_in_the_editor_and_its_fix_turns_the_tile_over(qtbot: QtBot) -> None:
    window = row_window(qtbot, side="underground")
    issue = click_issue(qtbot, window, "G016")
    assert "did you mean 'surface'?" in issue.message
    (fix,) = window.issues.fixes_for(issue)
    assert fix.text() == "Turn tile B over to its surface face"
    fix.trigger()
    window.doc.analyse_now()
    assert window.doc.board.tiles[0].side == "surface"
    assert "G016" not in {i.code for i in window.issues.issues()}
    window.doc.undo_stack.undo()  # one undoable step
    assert window.doc.board.tiles[0].side == "underground"
