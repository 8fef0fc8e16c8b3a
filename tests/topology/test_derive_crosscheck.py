"""Property test: the combinatorial derivation agrees with pure shapely geometry.

Random layouts (tiles, sides, rotations, river markers) are derived; the
adjacency and board-edge flags must equal what STRtree + DE-9IM on the placed
polygons say, on every example.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scenario_factory import TEST_DATA, load_dict, scenario_dict

from editor.model.catalogue import default_catalogue, load_catalogue
from editor.topology import derive_realm
from editor.topology.geometric import adjacency_all_pairs, adjacency_strtree, edge_parts

CATALOGUE = default_catalogue().merged(load_catalogue(TEST_DATA / "test-tiles.json"))
TILE_SIDES = sorted((key, side) for key, tile in CATALOGUE.tiles.items() for side in tile.sides)
CELLS = [(q, r) for q in range(-3, 4) for r in range(-3, 4) if abs(q + r) <= 3]
# Tiles whose region borders meet the outline at edge midpoints: the cases where
# matching the wrong halves of a seam would show.
SPLIT_TILES = ["TN", "TP", "TQ", "TR", "TH", "TW"]
CLUSTER = [(0, 0), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]


@st.composite
def layouts(draw: Any) -> dict[str, Any]:
    tricky = draw(st.booleans())
    pool = SPLIT_TILES if tricky else sorted(CATALOGUE.tiles)
    cells = draw(st.lists(st.sampled_from(CLUSTER if tricky else CELLS), min_size=1,
                          max_size=min(14, len(pool)), unique=True))
    keys = draw(st.permutations(pool))[: len(cells)]
    tiles = []
    for (q, r), key in zip(cells, keys, strict=False):
        side = draw(st.sampled_from(sorted(CATALOGUE.tiles[key].sides)))
        tiles.append({"tile": key, "side": side, "q": q, "r": r,
                      "rotation": draw(st.integers(0, 5))})
    markers = draw(st.lists(st.tuples(st.sampled_from([t["tile"] for t in tiles]),
                                      st.integers(0, 5)), max_size=4, unique=True))
    board = {"id": "b", "kind": "surface", "tiles": tiles,
             "river_markers": [{"tile": t, "edge": e} for t, e in markers]}
    return scenario_dict([], boards=[board])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layouts())
def test_combinatorial_derivation_matches_geometry(data: dict[str, Any]) -> None:
    realm = derive_realm(load_dict(data), 2)
    region_of = realm.part_to_region
    geometric = {frozenset(region_of[p] for p in pair)
                 for pair in adjacency_strtree(realm.part_polygons)}
    geometric = {pair for pair in geometric if len(pair) == 2}
    derived = {frozenset(edge) for edge in realm.graph.edges}
    assert derived == geometric

    edge_regions = {region_of[p] for p in edge_parts(realm.part_polygons)}
    assert {rid for rid, r in realm.regions.items() if r.board_edge} == edge_regions


@settings(max_examples=30, deadline=None)
@given(layouts())
def test_strtree_and_all_pairs_baselines_agree(data: dict[str, Any]) -> None:
    realm = derive_realm(load_dict(data), 2)
    assert adjacency_strtree(realm.part_polygons) == adjacency_all_pairs(realm.part_polygons)
