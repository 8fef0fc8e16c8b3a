"""The other editing tools and window features, driven through widgets and real events."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from gui_support import click_item, click_scene, land_region, region_point, view_point
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent, QWheelEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from test_editor_session import key, open_window, settle

from editor.gui.canvas.items import MarkerItem
from editor.gui.canvas.view import TILE_MIME
from editor.gui.document import ScenarioDocument
from editor.gui.main_window import MainWindow
from editor.gui.shapes import hex_centre
from editor.gui.templates import new_scenario
from editor.model.catalogue import default_catalogue
from editor.model.scenario import Marker, Placement, Presence
from editor.model.scenario_io import load_scenario

pytestmark = pytest.mark.gui


def window_for(qtbot: QtBot, world: str = "surface", players: tuple[int, int] = (2, 4)
               ) -> MainWindow:
    scenario = new_scenario("Tools realm", *players, world=world)
    return open_window(qtbot, ScenarioDocument(scenario, default_catalogue()))


def place(qtbot: QtBot, window: MainWindow, tile: str, q: int, r: int,
          side: str = "surface") -> None:
    item = window.tile_palette.item_for(tile, side)
    assert item is not None
    click_item(qtbot, window.tile_palette, item)
    window.view.centerOn(*hex_centre(q, r))
    click_scene(qtbot, window.view, *hex_centre(q, r))
    # The tile tool stays armed (with the next free tile): Esc goes back to select, as a
    # user about to click tiles would.
    key(qtbot, window, Qt.Key.Key_Escape)


def arm_marker(qtbot: QtBot, window: MainWindow, name: str) -> None:
    window._docks["markers"].raise_()
    item = window.marker_palette.item_for(name)
    assert item is not None
    click_item(qtbot, window.marker_palette, item)


def test_player_counts_hide_tiles_and_set_presence(qtbot: QtBot) -> None:
    window = window_for(qtbot)
    doc = window.doc
    place(qtbot, window, "A", 0, 0)
    doc.set_players(3)
    place(qtbot, window, "B", 1, 0)
    tiles = doc.scenario.boards[0].tiles
    assert tiles[1] == Placement("B", "surface", 1, 0, 0, Presence(min_players=3))
    assert tiles[0].presence == Presence()
    doc.set_players(2)
    assert sorted(t.placement.tile for t in window.scene.tile_items.values()) == ["A"]
    # B is on the board from 3 players: a B placed now (2 players and up) would be a
    # second B at 3 and 4 players, so the palette shows it as placed (issue 14, item 4).
    used = window.tile_palette.item_for("B", "surface")
    assert used is not None and not used.flags() & Qt.ItemFlag.ItemIsSelectable

    # The inspector's "From players" selector sets a tile's smallest player count.
    click_scene(qtbot, window.view, *hex_centre(0, 0))
    combo = window.inspector.selection_panel.min_players
    assert combo.isEnabled() and combo.currentData() == "from:2"
    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key.Key_Down)
    assert tiles[0].presence == Presence(min_players=3)
    assert window.scene.tile_items == {}, "A is now only on the board from 3 players"
    doc.undo_stack.undo()
    assert tiles[0].presence == Presence()

    # A separate layout: the tile is on the board for 4 players only.
    doc.set_players(2)
    click_scene(qtbot, window.view, *hex_centre(0, 0))
    combo.setFocus()
    # End: straight to the last entry, "only 4 players" (one step: arrow keys through the
    # entries would give the tile each count on the way, and the first hides it at 2
    # players, which takes it out of the selection: issue 28, point 7).
    qtbot.keyClick(combo, Qt.Key.Key_End)
    assert tiles[0].presence == Presence(players=(4,))
    assert not combo.isEnabled(), "A is no longer on the board shown, nor selected"
    for count, shown in ((2, []), (3, ["B"]), (4, ["A", "B"])):
        doc.set_players(count)
        assert sorted(t.placement.tile for t in window.scene.tile_items.values()) == shown


def test_tunnels_take_the_next_free_number_across_boards(qtbot: QtBot) -> None:
    window = window_for(qtbot, world="both")
    doc = window.doc
    assert [b.kind for b in doc.scenario.boards] == ["surface", "underground"]
    place(qtbot, window, "A", 0, 0)
    doc.set_board("underground")
    place(qtbot, window, "B", 0, 0, side="underground")
    catalogue = doc.catalogue
    a_side, b_side = catalogue.side("A", "surface"), catalogue.side("B", "underground")
    a_region, b_region = land_region(a_side), land_region(b_side)

    for expected in (1, 2):
        doc.set_board("surface")
        arm_marker(qtbot, window, "tunnel")
        window.view.centerOn(*hex_centre(0, 0))
        click_scene(qtbot, window.view, *region_point(a_side, 0, 0, 0, a_region))
        doc.set_board("underground")
        window.view.centerOn(*hex_centre(0, 0))
        click_scene(qtbot, window.view, *region_point(b_side, 0, 0, 0, b_region))
        surface, underground = doc.scenario.boards
        assert surface.markers[-1] == Marker("tunnel", f"A.{a_region}", None,
                                             {"number": expected})
        assert underground.markers[-1] == Marker("tunnel", f"B.{b_region}", None,
                                                 {"number": expected})
    settle(qtbot, window)
    realm = doc.analysis.realm
    assert realm.graph.has_edge(f"A.{a_region}", f"B.{b_region}")
    doc.undo_stack.undo()  # one step removes both ends of tunnel 2
    assert [len(b.markers) for b in doc.scenario.boards] == [1, 1]


def test_markers_are_selected_and_deleted_river_markers_toggle(qtbot: QtBot) -> None:
    window = window_for(qtbot)
    doc = window.doc
    place(qtbot, window, "C", 0, 0)
    side = doc.catalogue.side("C", "surface")
    spot = region_point(side, 0, 0, 0, land_region(side))
    arm_marker(qtbot, window, "coin_mine")
    click_scene(qtbot, window.view, *spot)
    assert [m.kind for m in doc.board.markers] == ["coin_mine"]
    key(qtbot, window, Qt.Key.Key_Escape)
    assert window.editor.tool.kind == "select"
    marker_item = next(i for i in window.scene.items() if isinstance(i, MarkerItem))
    centre = marker_item.scenePos()
    click_scene(qtbot, window.view, centre.x(), centre.y())
    assert doc.selection.marker_index == 0
    key(qtbot, window, Qt.Key.Key_Delete)
    assert doc.board.markers == []
    assert [p.tile for p in doc.board.tiles] == ["C"], "Delete removed the marker only"


def test_wheel_zoom_middle_pan_and_hover(qtbot: QtBot) -> None:
    window = window_for(qtbot)
    view = window.view
    place(qtbot, window, "D", 0, 0)
    scale = view.transform().m11()
    centre = view.viewport().rect().center()
    wheel = QWheelEvent(QPointF(centre), QPointF(view.viewport().mapToGlobal(centre)),
                        QPoint(0, 0), QPoint(0, 120), Qt.MouseButton.NoButton,
                        Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(view.viewport(), wheel)
    assert view.transform().m11() > scale
    before = view.mapToScene(centre)
    qtbot.mousePress(view.viewport(), Qt.MouseButton.MiddleButton, pos=centre)
    qtbot.mouseMove(view.viewport(), centre + QPoint(60, 40))
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.MiddleButton,
                       pos=centre + QPoint(60, 40))
    assert view.mapToScene(centre) != before
    qtbot.mouseMove(view.viewport(), view_point(view, *hex_centre(0, 0)))
    assert window.hover.text().startswith("hex (0, 0)")


def test_drop_from_palette_places_the_tile(qtbot: QtBot) -> None:
    window = window_for(qtbot)
    mime = QMimeData()
    mime.setData(TILE_MIME, b"E:surface")
    window.view.centerOn(*hex_centre(2, -1))
    point = view_point(window.view, *hex_centre(2, -1))
    buttons, modifiers = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    viewport = window.view.viewport()
    enter = QDragEnterEvent(QPointF(point), Qt.DropAction.CopyAction, mime, buttons, modifiers)
    QApplication.sendEvent(viewport, enter)
    assert enter.isAccepted()
    QApplication.sendEvent(viewport, QDragMoveEvent(QPointF(point), Qt.DropAction.CopyAction, mime,
                                                    buttons, modifiers))
    QApplication.sendEvent(viewport, QDropEvent(QPointF(point), Qt.DropAction.CopyAction, mime,
                                                buttons, modifiers))
    assert window.doc.board.tiles == [Placement("E", "surface", 2, -1, 0)]


def test_properties_form_is_one_undo_step_and_refuses_bad_rules(qtbot: QtBot) -> None:
    window = window_for(qtbot)
    form = window.inspector.properties
    window.inspector.setCurrentWidget(form)
    form.title.clear()
    qtbot.keyClicks(form.title, "Renamed realm")
    form.river_rules.setChecked(True)
    qtbot.mouseClick(form.apply_button, Qt.MouseButton.LeftButton)
    scenario = window.doc.scenario
    assert scenario.title == "Renamed realm"
    assert scenario.sections["water"]["river_rules"] is True
    window.doc.undo_stack.undo()
    assert scenario.title == "Tools realm"
    assert scenario.sections["water"]["river_rules"] is False, "back to the template's value"
    assert form.title.text() == "Tools realm", "the form follows the model"

    # A kind this version does not know (from a file) is shown, kept, and refused on Apply.
    form.scoring.set_rules([{"kind": "gold_rush"}])
    qtbot.mouseClick(form.apply_button, Qt.MouseButton.LeftButton)
    assert "gold_rush" in form.error.text() and "$.scoring[0].kind" in form.error.text()
    assert not window.doc.undo_stack.canUndo()


def test_docks_recent_files_and_export(qtbot: QtBot, tmp_path: Path) -> None:
    window = window_for(qtbot)
    place(qtbot, window, "F", 0, 0)
    path = tmp_path / "docks.realm.json"
    assert window.save_to(path)
    assert window.recent_files()[0] == str(path.resolve())
    window._docks["balance"].hide()
    window._fill_export()
    from editor.export import FORMATS

    names = [a.data() for a in window.export_menu.actions()]
    assert names == list(FORMATS)
    target = tmp_path / "docks.engine.json"
    assert window.export_to("engine", target)
    assert json.loads(target.read_text(encoding="utf-8"))
    assert window.close()

    again = open_window(qtbot, ScenarioDocument.from_loaded(load_scenario(path)))
    assert again._docks["balance"].isHidden(), "dock layout is remembered between runs"
    assert not again._docks["issues"].isHidden()
    assert again.recent_files()[0] == str(path.resolve())
