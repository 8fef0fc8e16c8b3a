"""A realm's polygons, areas, centroids and networkx graph are built on first use, and
what is built then is bit for bit what the derivation used to build eagerly (the golden
digests were written by the eager code: ``geometry_golden.py``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from geometry_golden import GOLDEN, digests

from editor.model.scenario_io import load_scenario
from editor.topology import RealmDeriver

REPO = Path(__file__).resolve().parents[2]
RIVER = REPO / "scenarios" / "booklet" / "02-life-is-a-long-river.realm.json"


@pytest.mark.parametrize("fresh", [False, True], ids=["one-deriver-read-later", "fresh"])
def test_lazily_built_realms_equal_the_eager_ones(fresh: bool) -> None:
    expected = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert digests(fresh=fresh) == expected


def test_reading_in_count_order_gives_the_same_realms() -> None:
    assert digests(reverse=False) == json.loads(GOLDEN.read_text(encoding="utf-8"))


def test_a_derivation_builds_no_polygon_and_no_graph() -> None:
    loaded = load_scenario(RIVER)
    deriver = RealmDeriver()
    realm = deriver.derive(loaded, 4)
    assert realm._graph is None
    assert realm._shapes is not None
    assert all(region._shapes is realm._shapes for region in realm.regions.values())
    assert deriver._tiles == {} and deriver._bodies == {}  # no polygon was made
    assert any(len(region.parts) > 1 for region in realm.regions.values())  # a water body
    # the adjacency is complete without the graph: one shared dict per edge
    edges = {(a, b) for a, near in realm.adjacency.items() for b in near}
    assert edges and all((b, a) in edges and realm.adjacency[a][b] is realm.adjacency[b][a]
                         for a, b in edges)
    assert list(realm.adjacency) == list(realm.regions)


def test_the_first_read_builds_the_whole_realm_once() -> None:
    loaded = load_scenario(RIVER)
    deriver = RealmDeriver()
    realm = deriver.derive(loaded, 4)
    shapes = realm._shapes
    assert shapes is not None and shapes._build is not None
    first = next(iter(realm.regions.values()))
    assert first.area > 0
    assert first._shapes is None and shapes._build is None  # built, for every region
    assert deriver._tiles  # through the deriver's per-tile cache
    tiles = dict(deriver._tiles)
    assert all(region.polygon is not None for region in realm.regions.values())
    assert deriver._tiles == tiles  # the other regions took their share: nothing rebuilt
    polygons = realm.part_polygons
    assert realm.part_polygons is polygons
    assert set(polygons) == {p for region in realm.regions.values() for p in region.parts}
    assert realm.graph is realm.graph
    assert realm._graph is not None


def test_a_region_dropped_by_its_realm_still_knows_its_shape() -> None:
    loaded = load_scenario(RIVER)
    region = RealmDeriver().derive(loaded, 4).regions["A.s1"]
    assert region.polygon is not None and region.area > 0 and region.centroid != (0.0, 0.0)
