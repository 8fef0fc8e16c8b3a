"""The Qt-free parts of the editor: the style data, tile shapes, templates and analysis."""

from __future__ import annotations

import json

import pytest

from editor.gui.analysis import analyse
from editor.gui.shapes import (
    HEX_SIZE,
    edge_has_water,
    hex_centre,
    nearest_edge,
    region_at,
    scene_to_hex,
    side_shapes,
)
from editor.gui.templates import WORLDS, new_scenario
from editor.model import lattice
from editor.model.catalogue import default_catalogue
from editor.model.paths import data_file
from editor.model.scenario import Marker
from editor.model.scenario_io import parse_scenario, scenario_text
from editor.render.style import HATCHES, default_style, parse_style


def test_every_schema_marker_kind_and_terrain_has_a_style() -> None:
    schema = json.loads(data_file("schemas/scenario.schema.json").read_text(encoding="utf-8"))
    kinds = schema["$defs"]["marker"]["properties"]["kind"]["enum"]
    links = schema["$defs"]["link"]["properties"]["kind"]["enum"]
    style = default_style()
    assert set(kinds) | set(links) - {"custom"} <= set(style.markers)
    terrains = {r.terrain for t in default_catalogue().tiles.values()
                for side in t.sides.values() for r in side.regions}
    assert terrains | {"river", "sea", "lake"} <= set(style.terrains)
    assert {"cavern", "mine", "magic", "lost_tribe"} <= set(style.symbols)
    assert all(t.hatch in HATCHES for t in style.terrains.values())


def test_style_rejects_unknown_hatches() -> None:
    data = json.loads(json.dumps({"terrains": {"forest": {
        "label": "Forest", "fill": "#000000", "edge": "#000000", "hatch": "tartan",
        "hatch_colour": "#000000"}}, "symbols": {}, "markers": {}, "canvas": {}}))
    with pytest.raises(ValueError, match="unknown hatch 'tartan'"):
        parse_style(data)


@pytest.mark.parametrize("rotation", range(6))
def test_region_hit_testing_matches_the_rotated_polygons(rotation: int) -> None:
    for tile in default_catalogue().tiles.values():
        for side in tile.sides.values():
            for shape in side_shapes(side, rotation):
                assert region_at(side, rotation, shape.anchor) == shape.local_id


def test_hexes_and_edges_round_trip() -> None:
    for q, r in ((0, 0), (3, -2), (-4, 5)):
        assert scene_to_hex(*hex_centre(q, r)) == (q, r)
    for rotation in range(6):
        for local in range(6):
            mid = lattice.to_euclidean(lattice.rotate_point(lattice.MIDPOINTS[local], rotation),
                                       HEX_SIZE)
            assert nearest_edge(rotation, mid) == (local, 0.0)
    sides = [s for t in default_catalogue().tiles.values() for s in t.sides.values()]
    wet = next(s for s in sides if any(r.is_water for r in s.regions))
    dry = next(s for s in sides if not any(r.is_water for r in s.regions))
    assert any(edge_has_water(wet, e) for e in range(6))
    assert not any(edge_has_water(dry, e) for e in range(6))


@pytest.mark.parametrize("world", WORLDS)
def test_new_scenarios_are_valid_files(world: str) -> None:
    scenario = new_scenario("Fresh", 3, 5, world)
    loaded = parse_scenario(scenario_text(scenario), "<new>")
    assert loaded.scenario == scenario
    assert [b.kind for b in scenario.boards] == (
        ["surface", "underground"] if world == "both" else [world])


def test_analysis_reports_derivation_and_lint_without_raising() -> None:
    scenario = new_scenario("Broken on purpose", 2, 3)
    scenario.boards[0].markers.append(Marker("mountain", "Q.s1"))  # no tile Q on the board
    loaded = parse_scenario(scenario_text(scenario), "<test>")
    result = analyse(loaded, 2)
    assert result.realm is not None and result.lint_available
    assert any("Q.s1" in i.message or "Q.s1" in i.regions for i in result.issues)


def test_a_printed_lost_tribe_and_a_lost_tribe_token_do_not_look_alike() -> None:
    """Issue 28 point 8: both were the same cream 'LT' disc."""
    from editor.render.style import default_style

    style = default_style()
    printed, token = style.symbol("lost_tribe"), style.marker("lost_tribe")
    assert (printed.fill, printed.text) != (token.fill, token.text)
    assert printed.fill == token.text and printed.text == token.fill  # one the other inverted
