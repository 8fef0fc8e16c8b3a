"""The tile designer, driven with real mouse clicks on its hex and buttons; checked on the
catalogue it writes, the scenario that references it and the realm derived from it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from gui_support import open_context_menu, press_button, view_point, when_modal
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QDialogButtonBox, QWidget
from pytestqt.qtbot import QtBot
from test_editor_session import open_window
from test_editor_tools import place, window_for

from editor.gui.designer import design
from editor.gui.designer.catalogue_text import dumps
from editor.gui.designer.integration import new_catalogue
from editor.gui.designer.merge_dialog import MergeDialog
from editor.gui.designer.window import DesignerWindow, open_catalogue_file
from editor.gui.document import ScenarioDocument
from editor.gui.main_window import MainWindow
from editor.gui.shapes import hex_centre
from editor.gui.templates import new_scenario
from editor.model.catalogue import DEFAULT_CATALOGUE_PATH, default_catalogue, load_catalogue
from editor.model.lattice import Point
from editor.model.schemas import iter_errors
from editor.topology import derive_realm

pytestmark = pytest.mark.gui

M0, M1, M2, M3 = (1.0, 0.0), (0.5, -1.5), (-0.5, -1.5), (-1.0, 0.0)
C, N = (0.0, 0.0), (0.0, -1.0)


def lattice_click(qtbot: QtBot, designer: DesignerWindow, point: Point) -> None:
    qtbot.mouseClick(designer.view, Qt.MouseButton.LeftButton,
                     pos=designer.view.to_screen(point).toPoint())


def button(designer: DesignerWindow, mode: str) -> QWidget:
    widget = designer.toolbar.widgetForAction(designer.mode_actions[mode])
    assert widget is not None
    return widget


def click(qtbot: QtBot, widget: QWidget) -> None:
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def draw(qtbot: QtBot, designer: DesignerWindow, *points: Point) -> None:
    click(qtbot, button(designer, "draw"))
    for point in points:
        lattice_click(qtbot, designer, point)


def pick(qtbot: QtBot, designer: DesignerWindow, inside: Point, terrain: str,
         *symbols: str) -> None:
    click(qtbot, button(designer, "select"))
    lattice_click(qtbot, designer, inside)
    assert designer.state.selected is not None, f"no region at {inside}"
    click(qtbot, designer.terrain_buttons[terrain])
    for symbol in symbols:
        click(qtbot, designer.symbol_buttons[symbol])


def open_designer(qtbot: QtBot, window: MainWindow) -> DesignerWindow:
    designer = new_catalogue(window)
    designer.skip_close_prompt = True
    qtbot.waitExposed(designer)
    return designer


def draw_three_regions(qtbot: QtBot, designer: DesignerWindow) -> None:
    """A straight cut M0-C-M3 through two edge midpoints, then a cap M1-N-M2 off the top."""
    draw(qtbot, designer, M0, C, M3)
    assert len(designer.regions) == 2
    draw(qtbot, designer, M1, N, M2)
    assert len(designer.regions) == 3
    pick(qtbot, designer, (0.1, 1.0), "forest", "magic")
    pick(qtbot, designer, (0.4, -0.5), "swamp")
    pick(qtbot, designer, (0.0, -1.5), "hill", "mine", "lost_tribe")


def test_draw_save_place_and_derive_a_three_region_side(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # the unsaved scenario's references are relative to here
    window = window_for(qtbot)
    designer = open_designer(qtbot, window)
    key = designer.state.key
    assert key not in default_catalogue().tiles
    draw_three_regions(qtbot, designer)
    surface = designer.data["tiles"][key]["surface"]
    assert [(r["id"], r["terrain"], r["symbols"]) for r in surface] == [
        ("s1", "forest", ["magic"]), ("s2", "swamp", []),
        ("s3", "hill", ["mine", "lost_tribe"])]
    assert designer.problems == [] and designer.save_action.isEnabled()

    target = tmp_path / "my-tiles.json"
    assert designer.save_to(target)
    data = json.loads(target.read_text())
    assert list(iter_errors("catalogue", data)) == []
    loaded = load_catalogue(target)
    assert [r.local_id for r in loaded.side(key, "surface").regions] == ["s1", "s2", "s3"]

    # The open scenario references the catalogue, and the palette offers the new tile at once.
    assert window.doc.scenario.sections["catalogues"] == ["my-tiles.json"]
    assert window.tile_palette.item_for(key, "surface") is not None
    place(qtbot, window, key, 0, 0)
    place(qtbot, window, "B", 1, 0)
    realm = derive_realm(window.doc.loaded(), 2)
    mine = [f"{key}.s1", f"{key}.s2", f"{key}.s3"]
    assert all(r in realm.regions for r in mine)
    assert realm.regions[f"{key}.s1"].terrain == "forest"
    assert realm.regions[f"{key}.s1"].symbols == ("magic",)
    graph = realm.graph
    assert graph.has_edge(mine[0], mine[1]) and graph.has_edge(mine[1], mine[2])
    assert not graph.has_edge(mine[0], mine[2]), "the cap only touches the north half"
    # Across the seam on edge 0: K0-M0 is the south half's, M0-K1 the north half's; they
    # meet tile B's edge 3 halves M3-K4 (profile 7) and K3-M3 (profile 6).
    b_side = default_catalogue().side("B", "surface")
    south, north = b_side.half_edge_owner[7], b_side.half_edge_owner[6]
    assert graph.has_edge(mine[0], realm.resolve(f"B.{south}"))
    assert graph.has_edge(mine[1], realm.resolve(f"B.{north}"))

    # Saving again re-derives the open realm with the new terrain.
    pick(qtbot, designer, (0.0, -1.5), "farmland")
    assert designer.save_to(target)
    qtbot.waitUntil(lambda: window.doc.analysis.realm is not None
                    and window.doc.analysis.realm.regions[mine[2]].base_terrain == "farmland",
                    timeout=5000)
    assert window.doc.catalogue.side(key, "surface").regions[2].terrain == "farmland"


def test_an_invalid_drawing_shows_the_error_and_cannot_be_saved(
        qtbot: QtBot, tmp_path: Path) -> None:
    window = window_for(qtbot)
    designer = open_designer(qtbot, window)
    # A border that zig-zags across itself before it reaches the outline at K2.
    draw(qtbot, designer, M0, (-0.5, -0.5), (-0.5, 0.5), (0.5, -0.5), (0.0, -2.0))
    kinds = {p.kind for p in designer.problems}
    assert "zigzag" in kinds
    texts = [designer.problem_list.item(i).text()
             for i in range(designer.problem_list.count())]
    assert any("zig-zags across itself" in t for t in texts)
    assert designer.view.problems, "the offending border is highlighted"
    assert any(p.segments for p in designer.view.problems if p.kind == "zigzag")
    assert not designer.save_action.isEnabled()
    target = tmp_path / "broken.json"
    assert not designer.save_to(target)
    assert not target.exists()
    assert "Not saved" in designer.statusBar().currentMessage()

    # Undo the bad border (its points come back; Esc drops them); four regions are one too
    # many, and water may not carry symbols.
    designer.undo_stack.undo()
    assert designer.problems == [] and len(designer.state.path) == 4
    qtbot.keyClick(designer.view, Qt.Key.Key_Escape)
    assert designer.state.path == ()
    draw(qtbot, designer, M0, C, M3)
    draw(qtbot, designer, M1, N, M2)
    draw(qtbot, designer, (0.0, 2.0), (0.0, 1.0), C)
    assert len(designer.regions) == 4
    assert [p.kind for p in designer.problems] == ["too_many"]
    assert not designer.save_to(target)
    designer.undo_stack.undo()
    pick(qtbot, designer, (0.1, 1.0), "water", "cavern")  # the south half: full edges 4, 5
    assert [p.kind for p in designer.problems] == ["water_symbols"]
    assert designer.view.problems[0].regions == (0,)
    assert not designer.save_action.isEnabled()
    click(qtbot, designer.symbol_buttons["cavern"])
    assert designer.problems == [] and designer.save_to(target)


def test_undo_and_redo_every_drawing_step(qtbot: QtBot) -> None:
    window = window_for(qtbot)
    designer = open_designer(qtbot, window)
    draw(qtbot, designer, M0, C)
    assert designer.state.path == (M0, C)
    assert designer.undo_stack.count() == 2, "one step per border point"
    lattice_click(qtbot, designer, M3)
    assert designer.state.path == () and len(designer.regions) == 2
    designer.undo_stack.undo()
    assert designer.state.path == (M0, C) and len(designer.regions) == 1
    designer.undo_stack.undo()
    assert designer.state.path == (M0,)
    designer.undo_stack.redo()
    designer.undo_stack.redo()
    assert len(designer.regions) == 2 and designer.state.path == ()
    # Merging back is one step too, and undoable.
    click(qtbot, button(designer, "select"))
    lattice_click(qtbot, designer, (0.1, 1.0))
    click(qtbot, button(designer, "merge"))
    when_modal(MergeDialog, lambda dialog: press_button(
        qtbot, dialog, QDialogButtonBox.StandardButton.Ok))
    lattice_click(qtbot, designer, (0.1, -1.0))
    assert len(designer.regions) == 1
    area = design.region_polygon(designer.regions[0])
    assert len(area) >= 6
    designer.undo_stack.undo()
    assert len(designer.regions) == 2
    # Esc cancels a border in progress, also as one undoable step.
    draw(qtbot, designer, M1)
    qtbot.keyClick(designer.view, Qt.Key.Key_Escape)
    assert designer.state.path == ()
    designer.undo_stack.undo()
    assert designer.state.path == (M1,)


def test_the_default_catalogue_round_trips_byte_identically(
        qtbot: QtBot, tmp_path: Path) -> None:
    original = DEFAULT_CATALOGUE_PATH.read_bytes()
    designer = DesignerWindow(open_catalogue_file(DEFAULT_CATALOGUE_PATH), DEFAULT_CATALOGUE_PATH)
    qtbot.addWidget(designer)
    assert designer.problems_anywhere() == [], "no false alarms on the standard tiles"
    assert designer.can_save
    target = tmp_path / "copy.json"
    assert designer.save_to(target)
    assert target.read_bytes() == original
    assert not designer.save_to(DEFAULT_CATALOGUE_PATH), "the bundled file stays read-only"
    assert DEFAULT_CATALOGUE_PATH.read_bytes() == original


def test_an_edited_tile_rewrites_only_its_own_lines(qtbot: QtBot, tmp_path: Path) -> None:
    original = DEFAULT_CATALOGUE_PATH.read_text()
    designer = DesignerWindow(open_catalogue_file(DEFAULT_CATALOGUE_PATH), None, "C", "surface")
    qtbot.addWidget(designer)
    designer.skip_close_prompt = True
    designer.show()
    qtbot.waitExposed(designer)
    pick(qtbot, designer, (0.0, 1.0), "swamp")
    target = tmp_path / "edited.json"
    assert designer.save_to(target)
    before, after = original.splitlines(), target.read_text().splitlines()
    changed = [i for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b]
    assert len(changed) == 1 and '"swamp"' in after[changed[0]]
    assert dumps(json.loads(original)) == original


def test_edit_this_tile_opens_a_copy_of_a_standard_tile(qtbot: QtBot) -> None:
    window = window_for(qtbot)
    place(qtbot, window, "A", 0, 0)
    actions = right_click_menu(qtbot, window, 0, 0)
    assert "Edit this tile\u2026" in actions
    actions["Edit this tile\u2026"].trigger()  # type: ignore[attr-defined]
    designer = window.designers[-1]
    designer.skip_close_prompt = True
    assert designer.state.key == "A2" and designer.state.side == "surface"
    raw = open_catalogue_file(DEFAULT_CATALOGUE_PATH)["tiles"]["A"]
    assert designer.data["tiles"]["A2"] == raw
    assert designer.problems == []


def test_tiles_menu_opens_a_new_catalogue(qtbot: QtBot) -> None:
    window = open_window(qtbot, ScenarioDocument(new_scenario("Menu", 2, 3), default_catalogue()))
    menus = {a.text(): a.menu() for a in window.menuBar().actions()}
    tiles = menus["T&iles"]
    entries = {a.text(): a for a in tiles.actions()}
    assert set(entries) == {"&New catalogue", "&Edit catalogue\u2026"}
    entries["&New catalogue"].trigger()
    designer = window.designers[-1]
    designer.skip_close_prompt = True
    assert list(designer.data["tiles"]) == ["T1"]
    assert [r["terrain"] for r in designer.regions] == ["farmland"]


def test_a_catalogue_the_checker_refuses_cannot_be_saved(qtbot: QtBot, tmp_path: Path) -> None:
    window = window_for(qtbot)
    designer = open_designer(qtbot, window)
    designer.id_edit.clear()
    qtbot.keyClicks(designer.id_edit, "My Tiles!")
    qtbot.keyClick(designer.id_edit, Qt.Key.Key_Return)
    assert designer.data["id"] == "My Tiles!"
    assert designer.errors, "the id breaks the schema's slug pattern"
    texts = [designer.problem_list.item(i).text()
             for i in range(designer.problem_list.count())]
    assert any("$.id" in t for t in texts)
    assert not designer.save_action.isEnabled()
    assert not designer.save_to(tmp_path / "bad.json")
    designer.undo_stack.undo()
    assert designer.defects == [] and designer.save_action.isEnabled()


def right_click_menu(qtbot: QtBot, window: MainWindow, q: int, r: int) -> dict[str, object]:
    view = window.view
    view.set_zoom(1.0)
    view.centerOn(*hex_centre(q, r))
    point = view_point(view, *hex_centre(q, r)) + QPoint(0, 20)
    menu = open_context_menu(qtbot, view, point)
    menu.close()
    return {a.text(): a for a in menu.actions() if a.text()}


def test_edit_this_tile_opens_its_custom_catalogue_on_the_underground_side(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    window = window_for(qtbot, world="underground")
    designer = open_designer(qtbot, window)
    click(qtbot, designer.side_buttons["underground"])
    assert designer.state.side == "underground"
    draw(qtbot, designer, M0, C, M3)
    assert [r["id"] for r in designer.regions] == ["u1", "u2"]
    assert designer.data["tiles"]["T1"]["surface"] == design.whole_side("surface")
    target = tmp_path / "deep.json"
    assert designer.save_to(target)
    place(qtbot, window, "T1", 0, 0, side="underground")
    assert window.doc.board.tiles[0].tile == "T1"
    actions = right_click_menu(qtbot, window, 0, 0)
    action = actions["Edit this tile\u2026"]
    action.trigger()  # type: ignore[attr-defined]
    opened = window.designers[-1]
    opened.skip_close_prompt = True
    assert opened is not designer
    assert opened.path is not None and opened.path.resolve() == target.resolve()
    assert (opened.state.key, opened.state.side) == ("T1", "underground")
    assert len(opened.regions) == 2


def test_the_fine_grid_offers_quarter_points(qtbot: QtBot) -> None:
    window = window_for(qtbot)
    designer = open_designer(qtbot, window)
    quarter = (0.25, 0.25)
    draw(qtbot, designer, M0, quarter)
    assert designer.state.path == (M0,), "a quarter point is not offered on the half grid"
    click(qtbot, designer.toolbar.widgetForAction(designer.fine_action))
    lattice_click(qtbot, designer, quarter)
    lattice_click(qtbot, designer, M3)
    assert len(designer.regions) == 2
    assert [0.25, 0.25] in designer.regions[0]["polygon"]
    assert designer.problems == [] and designer.errors == [] and designer.save_action.isEnabled()


BROKEN = Path(__file__).parents[2] / "catalogue" / "broken"
# the catalogue checker's code -> the part of the drawing the designer highlights
DRAWN = {"C003": "too_many", "C004": "shape", "C005": "zigzag", "C008": "outside",
         "C009": "gap", "C010": "overlap", "C011": "outline", "C012": "water_symbols"}


@pytest.mark.parametrize("code", sorted(DRAWN))
def test_the_drawing_checks_are_the_catalogue_checkers_verdict(code: str) -> None:
    """The designer highlights what the loader's checker finds on a side (one set of
    rules): each broken catalogue's side shows its part, with the shapes to draw."""
    from editor.gui.designer.checks import side_problems
    from editor.model.catalogue_check import check_catalogue

    (path,) = BROKEN.glob(f"{code}-*.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    found = [d for d in check_catalogue(data) if d.code == code]
    assert found and found[0].tile is not None and found[0].side is not None
    problems = side_problems(data["tiles"][found[0].tile][found[0].side])
    kinds = [p.kind for p in problems]
    assert DRAWN[code] in kinds, kinds
    problem = problems[kinds.index(DRAWN[code])]
    if code in ("C008", "C009", "C010"):
        assert problem.areas and all(len(area) >= 3 for area in problem.areas)
    if code in ("C005", "C011"):
        assert problem.segments
    if code != "C009":
        assert problem.regions


def test_the_drawing_checks_pass_every_bundled_side() -> None:
    from editor.gui.designer.checks import side_problems

    tiles = json.loads(DEFAULT_CATALOGUE_PATH.read_text(encoding="utf-8"))["tiles"]
    assert all(side_problems(tile[side]) == [] for tile in tiles.values()
               for side in ("surface", "underground") if side in tile)
