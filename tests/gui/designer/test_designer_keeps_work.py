"""The designer cannot lose work: Merge asks which terrain and symbols survive and hands
back to Select; regions that did not change keep their ids on a split or merge; saving a
catalogue that removes regions markers of open scenarios use lists them and can move them.
Real clicks on the hex, real dialogs pressed by their buttons."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from gui_support import press_button, shown_window, when_modal
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QMessageBox
from pytestqt.qtbot import QtBot

from editor.gui.designer import design
from editor.gui.designer.integration import edit_catalogue
from editor.gui.designer.merge_dialog import MergeDialog
from editor.gui.designer.window import DesignerWindow
from editor.gui.main_window import MainWindow

pytestmark = pytest.mark.gui

M0, M3, C = (1.0, 0.0), (-1.0, 0.0), (0.0, 0.0)
M1, M2, N = (0.5, -1.5), (-0.5, -1.5), (0.0, -1.0)


def two_region_catalogue() -> dict[str, Any]:
    return {"catalogue_version": 1, "id": "mine", "name": "Mine", "tiles": {"T1": {
        "surface": [
            {"id": "s1", "terrain": "forest", "symbols": ["magic"], "sectors": [0, 1, 2]},
            {"id": "s2", "terrain": "hill", "symbols": ["cavern"], "sectors": [3, 4, 5]}],
        "underground": design.whole_side("underground")}}}


def inside(designer: DesignerWindow, region_id: str) -> tuple[float, float]:
    spec = next(r for r in designer.regions if r["id"] == region_id)
    points = design.region_polygon(spec)
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def hex_click(qtbot: QtBot, designer: DesignerWindow, point: tuple[float, float]) -> None:
    qtbot.mouseClick(designer.view, Qt.MouseButton.LeftButton,
                     pos=designer.view.to_screen(point).toPoint())


def tool(qtbot: QtBot, designer: DesignerWindow, mode: str) -> None:
    widget = designer.toolbar.widgetForAction(designer.mode_actions[mode])
    assert widget is not None
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def shown_designer(qtbot: QtBot, data: dict[str, Any]) -> DesignerWindow:
    designer = DesignerWindow(data, None, "T1", "surface")
    designer.skip_close_prompt = True
    qtbot.addWidget(designer)
    designer.show()
    qtbot.waitExposed(designer)
    return designer


def test_merge_asks_which_terrain_and_symbols_survive_and_ends(qtbot: QtBot) -> None:
    designer = shown_designer(qtbot, two_region_catalogue())
    assert "choose which terrain and symbols" in (designer.set_mode("merge")
                                                  or designer.hint.text())
    tool(qtbot, designer, "select")
    hex_click(qtbot, designer, inside(designer, "s1"))
    tool(qtbot, designer, "merge")
    offered: list[list[str]] = []

    def answer(dialog: MergeDialog) -> None:
        offered.append([b.text() for b in (*dialog.terrain_buttons.values(),
                                           *dialog.symbol_boxes.values())])
        dialog.terrain_buttons["hill"].click()
        dialog.symbol_boxes["magic"].click()  # off
        press_button(qtbot, dialog, QDialogButtonBox.StandardButton.Ok)

    when_modal(MergeDialog, answer)
    hex_click(qtbot, designer, inside(designer, "s2"))
    assert offered == [["forest (of region s1)", "hill (of region s2)", "cavern (of s2)",
                        "magic (of s1)"]]
    (merged,) = designer.regions
    assert (merged["id"], merged["terrain"], merged["symbols"]) == ("s1", "hill", ["cavern"])
    assert designer.mode == "select" and designer.mode_actions["select"].isChecked()


def test_cancelled_merge_changes_nothing(qtbot: QtBot) -> None:
    designer = shown_designer(qtbot, two_region_catalogue())
    tool(qtbot, designer, "select")
    hex_click(qtbot, designer, inside(designer, "s1"))
    tool(qtbot, designer, "merge")
    when_modal(MergeDialog, lambda d: press_button(qtbot, d,
                                                   QDialogButtonBox.StandardButton.Cancel))
    hex_click(qtbot, designer, inside(designer, "s2"))
    assert [r["id"] for r in designer.regions] == ["s1", "s2"]
    assert designer.undo_stack.count() == 0


def test_split_and_merge_keep_the_ids_of_unchanged_regions() -> None:
    def shapes(data: dict[str, Any]) -> dict[str, tuple[tuple[float, float], ...]]:
        return {r["id"]: design.region_polygon(r)
                for r in design.side_regions(data, "T1", "surface")}

    halves = design.split_region(design.new_catalogue("T1"), "T1", "surface", [M0, C, M3])
    capped = design.split_region(halves, "T1", "surface", [M1, N, M2])  # a cap off the top
    before, after = shapes(halves), shapes(capped)
    assert after["s1"] == before["s1"], "the bottom half did not change: it keeps s1"
    assert set(after) == {"s1", "s2", "s3"}
    # s1 merged into s2: the cap keeps s3 (it used to be renumbered s2, and a marker on
    # the cap would then have named the merged region)
    merged = design.merge_regions(capped, "T1", "surface", 1, 0)
    assert shapes(merged)["s3"] == after["s3"] and set(shapes(merged)) == {"s2", "s3"}
    # a new part takes a fresh id, never s1 while a higher one is free
    again = design.split_region(merged, "T1", "surface", [M0, C, M3])
    assert set(shapes(again)) == {"s2", "s3", "s4"}


def merged_under_a_marker(qtbot: QtBot, tmp_path: Path
                          ) -> tuple[MainWindow, DesignerWindow, Path]:
    """A realm with a lost tribe on T1.s2 open in the editor, and its catalogue open in
    the designer with s2 merged into s1 (not saved yet)."""
    catalogue = tmp_path / "mine.json"
    catalogue.write_text(json.dumps(two_region_catalogue(), indent=2), encoding="utf-8")
    realm = tmp_path / "realm.realm.json"
    tiles = [{"tile": t, "side": "surface", "q": q, "r": 0, "rotation": 0}
             for q, t in enumerate(("T1", "A"))]
    realm.write_text(json.dumps({
        "format_version": 2, "title": "Marked", "players": {"min": 2, "max": 2},
        "catalogues": ["mine.json"],
        "boards": [{"id": "surface", "kind": "surface", "tiles": tiles,
                    "markers": [{"kind": "lost_tribe", "region": "T1.s2"}]}]}),
        encoding="utf-8")
    window: MainWindow = shown_window(qtbot)
    assert window.open_path(realm)
    designer = edit_catalogue(window, catalogue)
    assert designer is not None
    designer.skip_close_prompt = True
    designer.merge(0, 1)  # s2 into s1: T1.s2 is gone
    return window, designer, catalogue


def test_saving_a_merge_under_a_marker_warns_and_moves_it(qtbot: QtBot,
                                                         tmp_path: Path) -> None:
    window, designer, _ = merged_under_a_marker(qtbot, tmp_path)
    seen: list[str] = []
    when_modal(QMessageBox, lambda box: press_button(qtbot, box,
                                                     QMessageBox.StandardButton.Yes), seen)
    assert designer.save()
    assert len(seen) == 1
    assert "realm.realm.json: lost tribe marker on T1.s2 \u2192 T1.s1" in seen[0]
    doc = window.doc
    assert doc.board.markers[0].region == "T1.s1"
    doc.analyse_now()
    assert "G006" not in {i.code for i in doc.analysis.issues}
    assert [r.local_id for r in doc.catalogue.side("T1", "surface").regions] == ["s1"]
    doc.undo_stack.undo()  # the move is one undoable step of the scenario
    assert doc.board.markers[0].region == "T1.s2"


def test_cancel_keeps_the_catalogue_file(qtbot: QtBot, tmp_path: Path) -> None:
    window, designer, catalogue = merged_under_a_marker(qtbot, tmp_path)
    before = catalogue.read_text(encoding="utf-8")
    when_modal(QMessageBox, lambda box: press_button(qtbot, box,
                                                     QMessageBox.StandardButton.Cancel))
    assert not designer.save()
    assert catalogue.read_text(encoding="utf-8") == before
    assert window.doc.board.markers[0].region == "T1.s2"
