"""The player counts of one file share one table of placed tiles and matched sides (issue 17,
round 3), and get exactly what deriving each count on its own gives, in any order."""

from __future__ import annotations

import copy
import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from scenario_factory import load_dict, scenario_dict, tile

from editor.model import lattice
from editor.model.scenario_io import load_scenario, parse_scenario
from editor.topology import Realm, RealmDeriver
from editor.topology.boards import BoardTable
from editor.topology.derive import _find_holes
from editor.topology.serialize import realm_to_dict

ROOT = Path(__file__).resolve().parents[2] / "scenarios"
SHIPPED = sorted(ROOT.rglob("*.realm.json"))


def exact(realm: Realm) -> tuple[Any, ...]:
    """The serialized realm and what it rounds or sorts away: the adjacency in insertion
    order with exact lengths, the regions' fields, the problems, holes and placements."""
    adjacency = [(a, [(b, sorted(d["kinds"]), d["length"]) for b, d in near.items()])
                 for a, near in realm.graph.adjacency()]
    regions = [(rid, {k: v for k, v in vars(r).items() if k not in ("polygon", "_shapes")})
               for rid, r in realm.regions.items()]
    return (realm_to_dict(realm), adjacency, regions, realm.problems, realm.holes,
            list(realm.part_to_region.items()), realm.active_placements)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_every_count_of_every_shipped_scenario_in_any_order(path: Path) -> None:
    loaded = load_scenario(path)
    counts = list(loaded.scenario.player_counts)
    alone = {n: exact(RealmDeriver().derive(loaded, n)) for n in counts}
    shared = RealmDeriver()
    for order in (counts, counts[::-1], [*counts, *counts], random.Random(5).sample(
            counts * 2, len(counts) * 2)):
        for n in order:
            assert exact(shared.derive(loaded, n)) == alone[n], (path.name, n, order)
    # one table per file; a file of one count has nothing to share and makes none
    assert shared.tables_made == (1 if len(counts) > 1 else 0)


def test_the_counts_of_a_file_share_one_table() -> None:
    """Deriving every count lays the tiles out once: were the counts derived from scratch,
    one table per count would be made (or none, and the tiles laid out per count)."""
    loaded = load_scenario(ROOT / "booklet" / "02-life-is-a-long-river.realm.json")
    deriver = RealmDeriver()
    realms = [deriver.derive(loaded, n) for n in loaded.scenario.player_counts]
    assert len(realms) == 5 and deriver.tables_made == 1
    # the counts' placed tiles are the table's own objects
    table = deriver._count_table(loaded.scenario, loaded.catalogue)
    assert table is not None and deriver.tables_made == 1
    placed = {p.placement.tile: p for board in table.boards for _, p, _ in board.tiles}
    assert all(realm.placements(board.id)[i] is placed[p.tile].placement
               for realm in realms for board in loaded.scenario.boards if not board.graph
               for i, p in enumerate(realm.placements(board.id)))


def _data() -> dict[str, Any]:
    tiles = [tile("TH", 0, 0), tile("TW", 1, 0, min_players=3),
             tile("TS", 0, 1, rotation=1, min_players=4), tile("TL", -1, 1, players=[2, 4])]
    return scenario_dict(tiles, players=(2, 4))


def test_an_edit_in_place_or_a_new_equal_placement_is_never_served_stale() -> None:
    data = _data()
    loaded = load_dict(data)
    deriver = RealmDeriver()
    before = {n: exact(deriver.derive(loaded, n)) for n in (2, 3, 4)}
    placement = loaded.scenario.boards[0].tiles[2]
    placement.rotation = 4  # in place, as a script might
    fresh = load_dict(copy.deepcopy(data))
    fresh.scenario.boards[0].tiles[2].rotation = 4
    for n in (2, 3, 4):
        assert exact(deriver.derive(loaded, n)) == exact(RealmDeriver().derive(fresh, n))
    assert exact(deriver.derive(loaded, 4)) != before[4]
    placement.presence.min_players = 2  # the presence too
    assert len(deriver.derive(loaded, 2).active_placements["surface"]) == \
        len(RealmDeriver().derive(loaded, 2).active_placements["surface"])
    # an equal but new placement object (the editor's undo, a copied snapshot) is the one
    # the realm lists
    board = loaded.scenario.boards[0]
    board.tiles[0] = replace(board.tiles[0])
    assert deriver.derive(loaded, 2).active_placements["surface"][0] is board.tiles[0]


def test_a_tile_used_twice_is_reported_per_count_as_before() -> None:
    tiles = [tile("TH", 0, 0), tile("TW", 1, 0), tile("TH", 2, 0, min_players=3),
             tile("TS", 1, 0, players=[4])]
    loaded = load_dict(scenario_dict(tiles, players=(2, 4)))
    deriver = RealmDeriver()
    for n in (2, 3, 4, 3):
        assert exact(deriver.derive(loaded, n)) == exact(RealmDeriver().derive(loaded, n))
    codes = [p.code for p in deriver.derive(loaded, 4).problems]
    assert codes == ["duplicate-tile", "overlap"]


def test_euler_holes_agree_with_the_flood_fill_and_shapely() -> None:
    """may_have_holes (all counts in one pass where tiles only join, else count by count)
    is False exactly when the count's tiles enclose no empty hex."""
    rng = random.Random(11)
    seen = {True: 0, False: 0}
    letters = [c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"]
    for _ in range(400):
        cells = {(0, 0)}
        for _ in range(rng.randrange(3, 25)):
            q, r = rng.choice(sorted(cells))
            dq, dr = rng.choice(lattice.NEIGHBOUR_DIRECTIONS)
            cells.add((q + dq, r + dr))
        joining = rng.random() < 0.5  # tiles only join (one pass) or come and go
        tiles = [tile(letter, q, r, rotation=rng.randrange(6),
                      **({"min_players": rng.choice([2, 2, 2, 3, 5])} if joining or
                         rng.random() < 0.5 else
                         {"players": sorted(rng.sample(range(2, 7), rng.randrange(1, 5)))}))
                 for letter, (q, r) in zip(letters, rng.sample(sorted(cells), len(cells)),
                                           strict=False)]
        loaded = load_scenario_dict(tiles)
        deriver = RealmDeriver()
        table = deriver._count_table(loaded.scenario, loaded.catalogue)
        assert table is not None
        board_table: BoardTable = table.boards[0]
        for n in range(2, 7):
            layout = board_table.layout(loaded.scenario.boards[0], n, 2)
            enclosed = bool(layout.tiles) and bool(_find_holes(layout))
            assert board_table.may_have_holes(1 << n) == enclosed
            seen[enclosed] += 1
    assert seen[True] > 20 and seen[False] > 20


def load_scenario_dict(tiles: list[dict[str, Any]]) -> Any:
    data = scenario_dict(tiles, players=(2, 6))
    data["boards"][0]["tiles"] = tiles
    return load_dict(data)


def test_a_side_replaced_in_the_catalogue_makes_a_new_table() -> None:
    loaded = load_dict(_data())
    deriver = RealmDeriver()
    before = exact(deriver.derive(loaded, 3))
    assert deriver.tables_made == 1
    tiles = loaded.catalogue.tiles
    old = tiles["TW"]
    tiles["TW"] = replace(old, sides={name: replace(side) for name, side in old.sides.items()})
    assert exact(deriver.derive(loaded, 3)) == before  # an equal side: the same realm
    assert deriver.tables_made == 2  # but not from the table made with the old side
    # and the new table serves the other counts: its turned sides were made from the old,
    # equal side (one rotation per side value), but it holds the side the catalogue gave
    for n in (2, 4, 3):
        deriver.derive(loaded, n)
    assert deriver.tables_made == 2


def test_a_graph_board_edge_between_tile_regions_adds_border_to_that_edge() -> None:
    """Edges between two land parts get their final kinds when made on the table path; a
    graph-only board naming two such regions still adds "border" to them (twice named:
    once), and leaves their lengths alone."""
    fixture = Path(__file__).resolve().parents[1] / "perf" / "fixtures" / \
        "generated-0000.realm.json"
    data = json.loads(fixture.read_text(encoding="utf-8"))
    plain = parse_scenario(json.dumps(data), "plain")
    before = RealmDeriver().derive(plain, 3)
    pairs = [(a, b) for a, near in before.adjacency.items() for b in near
             if a < b and before.regions[a].kind == before.regions[b].kind == "land"][:6]
    assert {k for a, b in pairs for k in before.adjacency[a][b]["kinds"]} >= {"inside",
                                                                             "seam"}
    data["boards"].append({"id": "g", "kind": "surface", "graph": {
        "regions": [{"id": "g1", "terrain": "forest"}],
        "edges": [list(p) for p in pairs] + [list(pairs[0])]}})
    linked = parse_scenario(json.dumps(data), "linked")
    deriver = RealmDeriver()
    for n in linked.scenario.player_counts:
        after, alone = deriver.derive(linked, n), RealmDeriver().derive(plain, n)
        assert deriver.tables_made == 1
        for a, b in pairs:
            if b not in alone.adjacency.get(a, {}):
                continue
            edge, was = after.adjacency[a][b], alone.adjacency[a][b]
            assert edge["kinds"] == was["kinds"] | {"border"}
            assert edge["length"] == was["length"]
            assert after.adjacency[b][a] is edge


@pytest.mark.parametrize("name", ["booklet/02-life-is-a-long-river.realm.json",
                                  "booklet/06-adrift.realm.json"])
def test_tabled_regions_get_the_polygons_of_the_counts_laid_out_alone(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A count-table region is given its polygon, area and centroid without its parts
    being listed per count (a region of one part is that part; a water body of several
    keeps its parts): the same values as the count laid out on its own."""
    from editor.topology import derive

    loaded = load_scenario(ROOT / name)
    counts = loaded.scenario.player_counts
    tabled = {n: RealmDeriver().derive(loaded, n) for n in counts}
    monkeypatch.setattr(derive, "_TABLE_TILES", -1)  # every count laid out on its own
    alone = {n: RealmDeriver().derive(loaded, n) for n in counts}
    several = 0
    for n in counts:
        assert list(tabled[n].regions) == list(alone[n].regions)
        for rid, region in tabled[n].regions.items():
            other = alone[n].regions[rid]
            several += len(region.parts) > 1
            assert (region.area, region.centroid) == (other.area, other.centroid), (name, n)
            assert (region.polygon is None) == (other.polygon is None)
            if region.polygon is not None:
                assert region.polygon.equals_exact(other.polygon, 0.0), (name, n, rid)
        assert tabled[n].part_polygons.keys() == alone[n].part_polygons.keys()
    assert several  # water bodies of several parts are among them
