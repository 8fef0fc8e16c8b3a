"""Hand-computed expectations for the derivation (brief §3)."""

from __future__ import annotations

import networkx as nx
import pytest
from scenario_factory import build, load_dict, scenario_dict, tile

from editor.topology import derive_realm

RING = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]  # neighbours of (0, 0)


def test_corner_only_contact_is_not_adjacent() -> None:
    # TS rotated once: s1 owns board edges 1-3, s2 owns 4, 5 and 0. TL sits east of it,
    # so TL touches s2 along edge 0 and s1 only at the corner where edges 0 and 1 meet.
    realm = derive_realm(build([tile("TS", 0, 0, rotation=1), tile("TL", 1, 0)]), 2)
    assert realm.graph.has_edge("TS.s2", "TL.s1")
    assert not realm.graph.has_edge("TS.s1", "TL.s1")
    assert realm.graph.has_edge("TS.s1", "TS.s2")  # the border inside the tile
    assert realm.graph.edges["TS.s2", "TL.s1"]["length"] == pytest.approx(1.0)


def test_water_merges_across_a_seam_and_a_river_marker_splits_it() -> None:
    tiles = [tile("TH", 0, 0), tile("TW", 1, 0)]  # TH's water owns edges 0-2, TW is all water
    merged = derive_realm(build(tiles), 2)
    assert sorted(merged.regions) == ["TH.s1", "TH.s2"]
    assert merged.regions["TH.s1"].parts == ("TH.s1", "TW.s1")
    assert merged.resolve("TW.s1") == "TH.s1"

    split = derive_realm(load_dict(scenario_dict(tiles, boards=[{
        "id": "surface", "kind": "surface", "tiles": tiles,
        "river_markers": [{"tile": "TH", "edge": 0}]}])), 2)
    assert sorted(split.regions) == ["TH.s1", "TH.s2", "TW.s1"]
    assert "river_marker" in split.graph.edges["TH.s1", "TW.s1"]["kinds"]
    assert not split.problems


def test_river_marker_on_land_is_a_problem() -> None:
    tiles = [tile("TH", 0, 0), tile("TL", -1, 0)]  # edge 3 of TH is land, TL is land
    realm = derive_realm(load_dict(scenario_dict(tiles, boards=[{
        "id": "surface", "kind": "surface", "tiles": tiles,
        "river_markers": [{"tile": "TH", "edge": 3}]}])), 2)
    assert [p.code for p in realm.problems] == ["river-marker-not-on-water"]


def test_ring_of_six_tiles_makes_one_hole() -> None:
    tiles = [tile(f"L{i + 1}", q, r) for i, (q, r) in enumerate(RING)]
    realm = derive_realm(build(tiles), 2)
    assert len(realm.holes) == 1
    hole = realm.holes[0]
    assert hole.hexes == ((0, 0),)
    assert hole.regions == tuple(sorted(f"L{i}.s1" for i in range(1, 7)))
    assert all(realm.regions[f"L{i}.s1"].holes == (hole.id,) for i in range(1, 7))
    # each ring tile still faces the outside too
    assert all(realm.regions[f"L{i}.s1"].board_edge for i in range(1, 7))
    kinds = {k for b in realm.borders for k in b.kinds}
    assert {"hole", "board_edge", "seam"} <= kinds


def test_no_hole_without_a_closed_ring() -> None:
    tiles = [tile(f"L{i + 1}", q, r) for i, (q, r) in enumerate(RING[:5])]
    assert derive_realm(build(tiles), 2).holes == []


def _centre_with_ring(water_default: str | None) -> dict[str, object]:
    tiles = [tile("TL", 0, 0)] + [tile(f"L{i + 1}", q, r) for i, (q, r) in enumerate(RING[:5])]
    tiles.append(tile("TW", *RING[5]))
    sections = {"water": {"default_kind": water_default}} if water_default else {}
    return scenario_dict(tiles, **sections)


def test_sea_touching_the_edge_makes_its_shores_first_conquests() -> None:
    realm = derive_realm(load_dict(_centre_with_ring(None)), 2)
    centre = realm.regions["TL.s1"]
    sea = realm.regions["TW.s1"]
    assert sea.water_kind == "sea" and sea.entry_edge and sea.board_edge
    assert not centre.board_edge
    assert centre.first_conquest and centre.coastal


def test_a_lake_does_not_make_first_conquests() -> None:
    realm = derive_realm(load_dict(_centre_with_ring("lake")), 2)
    centre = realm.regions["TL.s1"]
    assert realm.regions["TW.s1"].water_kind == "lake"
    assert not centre.first_conquest and centre.coastal


def test_a_chasm_cuts_the_path_through_its_region() -> None:
    tiles = [tile("L1", 0, 0), tile("L2", 1, 0), tile("L3", 2, 0)]
    open_realm = derive_realm(build(tiles), 2)
    assert nx.has_path(open_realm.graph, "L1.s1", "L3.s1")
    board = {"id": "surface", "kind": "surface", "tiles": tiles,
             "markers": [{"kind": "chasm", "region": "L2.s1"}]}
    realm = derive_realm(load_dict(scenario_dict(tiles, boards=[board])), 2)
    assert realm.regions["L2.s1"].chasm
    assert "L2.s1" in realm.graph and realm.graph.degree("L2.s1") == 0
    assert not nx.has_path(realm.graph, "L1.s1", "L3.s1")


def test_tunnel_links_its_two_regions_across_boards() -> None:
    boards = [
        {"id": "surface", "kind": "surface", "tiles": [tile("L1", 0, 0)],
         "markers": [{"kind": "tunnel", "number": 1, "region": "L1.s1"}]},
        {"id": "below", "kind": "underground", "tiles": [tile("TL", 0, 0, side="underground")],
         "markers": [{"kind": "tunnel", "number": 1, "region": "TL.u1"}]},
    ]
    realm = derive_realm(load_dict(scenario_dict([], boards=boards)), 2)
    assert realm.graph.edges["L1.s1", "TL.u1"]["kinds"] == frozenset({"tunnel"})
    assert realm.regions["TL.u1"].board == "below"


def test_unpaired_tunnel_is_a_problem() -> None:
    boards = [{"id": "surface", "kind": "surface", "tiles": [tile("L1", 0, 0)],
               "markers": [{"kind": "tunnel", "number": 3, "region": "L1.s1"}]}]
    realm = derive_realm(load_dict(scenario_dict([], boards=boards)), 2)
    assert [p.code for p in realm.problems] == ["tunnel-pairing"]


def test_overlap_and_duplicate_letters_are_reported_not_merged() -> None:
    tiles = [tile("L1", 0, 0), tile("L2", 0, 0), tile("L1", 3, 0)]
    realm = derive_realm(build(tiles), 2)
    assert sorted(p.code for p in realm.problems) == ["duplicate-tile", "overlap"]
    assert list(realm.regions) == ["L1.s1"]


def test_player_counts_select_tiles() -> None:
    tiles = [tile("L1", 0, 0), tile("L2", 1, 0, min_players=3), tile("L3", 2, 0, players=[4])]
    loaded = build(tiles)
    assert [len(derive_realm(loaded, n).regions) for n in (2, 3, 4)] == [1, 2, 3]


def test_mountain_overlay_changes_terrain_and_keeps_symbols() -> None:
    tiles = [tile("TH", 0, 0)]
    board = {"id": "surface", "kind": "surface", "tiles": tiles,
             "markers": [{"kind": "mountain", "region": "TH.s2"}]}
    region = derive_realm(load_dict(scenario_dict(tiles, boards=[board])), 2).regions["TH.s2"]
    assert (region.terrain, region.base_terrain, region.symbols) == \
        ("mountain", "farmland", ("cavern",))


def test_adrift_makes_all_adjacent_water_one_sea_despite_markers() -> None:
    tiles = [tile("TH", 0, 0), tile("TW", 1, 0)]
    board = {"id": "surface", "kind": "surface", "tiles": tiles,
             "river_markers": [{"tile": "TH", "edge": 0}]}
    realm = derive_realm(load_dict(scenario_dict(
        tiles, boards=[board], water={"merge": "all_one_sea"})), 2)
    assert realm.regions["TH.s1"].parts == ("TH.s1", "TW.s1")
    assert realm.regions["TH.s1"].water_kind == "sea"


def test_region_geometry_is_in_euclidean_units() -> None:
    realm = derive_realm(build([tile("TL", 0, 0)]), 2)
    region = realm.regions["TL.s1"]
    assert region.area == pytest.approx(3 * 3 ** 0.5 / 2)  # a unit hexagon
    assert region.centroid == pytest.approx((0.0, 0.0))
