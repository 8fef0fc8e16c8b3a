"""The booklet's stated structures, held at every player count each scenario supports.

The layouts are Realms Studio's own, but the booklet's texts state a few structures a
layout must keep: scenario 2's river runs across the board, from one edge to the
opposite one, with its 6 arrowed regions at its two ends; scenario 3's races enter
through the western edges of the westernmost regions, and its Victory Coin Mines sit on
the easternmost ones; scenario 12's races enter through the northern (Small World) or
southern (Underground) regions; scenario 5's Peak borders 5 regions; scenario 8's Sword
lies in the central region; scenario 10's Places lie north of its gold veins. Which sides of the
board are "western" is worked out here from the placed tiles themselves (rows and
columns of the hex lattice), apart from the derivation that the entry rules use, so the
two must agree.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

from editor.model.scenario_io import LoadedScenario, load_scenario, parse_scenario
from editor.topology.derive import derive_realm
from editor.topology.realm import Realm

BOOKLET = Path(__file__).resolve().parent.parent / "scenarios" / "booklet"
RIVER = "02-life-is-a-long-river.realm.json"
GO_EAST = "03-go-east.realm.json"
THRONE = "05-the-rusted-throne.realm.json"
SWORD = "08-the-sword-in-the-cavern.realm.json"
DIG = "10-a-dig-too-far.realm.json"
NIGHT_AND_DAY = "12-night-and-day.realm.json"

# axial neighbour of each hex side (pointy-top): E, NE, NW, W, SW, SE
STEP = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
# the sides of a hex that face each compass side, and the opposite compass side
FACING = {"west": (2, 3, 4), "east": (0, 1, 5), "north": (1, 2), "south": (4, 5)}
OPPOSITE = {"west": "east", "east": "west", "north": "south", "south": "north"}


@cache
def loaded(name: str) -> LoadedScenario:
    return load_scenario(BOOKLET / name)


@cache
def realm(name: str, players: int) -> Realm:
    return derive_realm(loaded(name), players)


def counts(name: str) -> range:
    scenario = loaded(name).scenario
    return range(scenario.players_min, scenario.players_max + 1)


def furthest(cells: set[tuple[int, int]], side: str) -> set[tuple[int, int]]:
    """The cells with no cell further that way on their line: hex rows (same r) for
    west and east, columns of hexes straight above one another (same 2q + r) for north
    and south (in y-down screen terms, north is smaller r)."""
    def beyond(cell: tuple[int, int], other: tuple[int, int]) -> bool:
        (q, r), (oq, orow) = cell, other
        if side in ("west", "east"):
            return orow == r and (oq < q if side == "west" else oq > q)
        return 2 * oq + orow == 2 * q + r and (orow < r if side == "north" else orow > r)
    return {cell for cell in cells if not any(beyond(cell, other) for other in cells)}


def on_side(scenario: LoadedScenario, world: Realm, board: str, side: str) -> set[str]:
    """Regions (land or water) holding an outer side that faces ``side`` on a tile
    furthest that way on its line: "the western edges of the westernmost regions"."""
    placed = {(p.q, p.r): p for p in world.placements(board)}
    hole_cells = {cell for hole in world.holes if hole.board == board for cell in hole.hexes}
    found: set[str] = set()
    for cell in furthest(set(placed), side):
        p = placed[cell]
        owners = scenario.catalogue.side(p.tile, p.side).half_edge_owner
        for direction in FACING[side]:
            beyond = (cell[0] + STEP[direction][0], cell[1] + STEP[direction][1])
            if beyond in placed or beyond in hole_cells:
                continue
            for half in (0, 1):
                rid = world.resolve(f"{p.tile}.{owners[2 * ((direction - p.rotation) % 6) + half]}")
                assert rid is not None
                found.add(rid)
    return found


def land_entries(world: Realm, group: str = "all") -> set[str]:
    return {rid for rid, r in world.regions.items()
            if r.is_land and group in r.first_conquest_for}


def with_marker(world: Realm, kind: str) -> set[str]:
    return {rid for rid, r in world.regions.items() if kind in r.marker_kinds()}


def every_count(*names: str) -> Iterator[tuple[str, int]]:
    for name in names:
        for players in counts(name):
            yield name, players


# --- the compass sides, on a board small enough to see --------------------------------------

def test_a_compass_side_is_the_furthest_tile_of_each_row_or_column() -> None:
    # row 0: three tiles; row 1 (half a hex east): two. The middle tile of row 0 has an
    # outer NW side, but a tile lies further west in its row, so it is no western entry;
    # row 1's NE and NW sides all face row 0, so only row 0 is northern.
    tiles = [{"tile": t, "side": "surface", "q": q, "r": r, "rotation": 0}
             for t, q, r in (("A", 0, 0), ("B", 1, 0), ("C", 2, 0), ("D", 0, 1), ("E", 1, 1))]
    for side, allowed in (("west", {"A", "D"}), ("east", {"C", "E"}),
                          ("north", {"A", "B", "C"}), ("south", {"A", "C", "D", "E"})):
        data = {"format_version": 2, "title": "Compass", "players": {"min": 2, "max": 2},
                "boards": [{"id": "surface", "kind": "surface", "tiles": tiles}],
                "entry": {"rules": [{"kind": "compass_edge", "side": side}]}}
        scenario = parse_scenario(json.dumps(data), "<compass>", BOOKLET)
        world = derive_realm(scenario, 2)
        entries = land_entries(world)
        assert entries, side
        assert {rid.split(".")[0] for rid in entries} <= allowed, side
        assert entries == on_side(scenario, world, "surface", side), side
    # B's NW side is on the board's edge, yet B is not a western entry
    assert not any(rid.startswith("B.") for rid in on_side(scenario, world, "surface", "west"))


# --- scenario 2: one river across the board, arrows at its ends -----------------------------

def river_ends(world: Realm) -> tuple[list[str], set[str]]:
    """The river's regions and its two ends, checking that all water is one river: its
    regions form a single chain (each borders at most two others, the ends one)."""
    water = {rid for rid, r in world.regions.items() if not r.is_land}
    links = {rid: {n for n in world.graph.neighbors(rid) if n in water} for rid in water}
    assert all(world.regions[rid].water_kind == "river" for rid in water)
    assert all(len(near) <= 2 for near in links.values()), links
    ends = sorted(rid for rid, near in links.items() if len(near) == 1)
    assert len(ends) == 2, ends
    chain, seen = [ends[0]], {ends[0]}
    while len(chain) < len(water):
        step = links[chain[-1]] - seen
        assert len(step) == 1, (chain, links)  # no branch, no loop, nothing apart
        chain += step
        seen |= step
    assert chain[-1] == ends[1]
    return chain, set(ends)


@pytest.mark.parametrize(("name", "players"), list(every_count(RIVER)))
def test_the_long_river_runs_across_the_board(name: str, players: int) -> None:
    world, scenario = realm(name, players), loaded(name)
    chain, ends = river_ends(world)
    assert len(chain) >= 3  # the arrowed ends are stretches of their own
    first, last = chain[0], chain[-1]
    sides = {side: on_side(scenario, world, "surface", side) for side in FACING}
    opposite = [(a, b) for a, b in OPPOSITE.items()
                if first in sides[a] and last in sides[b]]
    assert opposite, (players, first, last)  # e.g. one end west, the other east
    arrows = with_marker(world, "entry_arrow")
    assert len(arrows) == 6
    assert arrows & ends == ends
    land = arrows - ends
    assert len(land) == 4 and all(world.regions[rid].is_land for rid in land)
    for end in ends:  # two land regions immediately bordering each end
        assert len(land & set(world.graph.neighbors(end))) >= 2, (players, end)
    for rid in land:
        assert ends & set(world.graph.neighbors(rid)), (players, rid)
    assert land_entries(world) == land


# --- scenario 3 (and 12): the compass entry edges ---------------------------------------------

@pytest.mark.parametrize(("name", "players"), list(every_count(GO_EAST)))
def test_go_east_enters_by_the_westernmost_regions(name: str, players: int) -> None:
    world, scenario = realm(name, players), loaded(name)
    west = {rid for rid in on_side(scenario, world, "surface", "west")
            if world.regions[rid].is_land}
    entries = land_entries(world)
    assert entries and entries == west
    mines = with_marker(world, "coin_mine")
    # a mine "on each of the easternmost regions", and none is a way in
    assert mines == {rid for rid in on_side(scenario, world, "surface", "east")
                     if world.regions[rid].is_land}
    assert not mines & entries
    assert len(mines) <= 10  # the box's Victory Coin Mines


@pytest.mark.parametrize(("name", "players"), list(every_count(NIGHT_AND_DAY)))
def test_night_and_day_enters_north_above_and_south_below(name: str, players: int) -> None:
    world, scenario = realm(name, players), loaded(name)
    for group, board, side in (("surface_races", "surface", "north"),
                               ("underground_races", "underground", "south")):
        wanted = {rid for rid in on_side(scenario, world, board, side)
                  if world.regions[rid].is_land and not world.regions[rid].chasm}
        entries = land_entries(world, group)
        assert entries and entries == wanted, (group, players)
        assert all(world.regions[rid].board == board for rid in entries)


# --- scenario 5: the Peak's five neighbours ---------------------------------------------------

@pytest.mark.parametrize(("name", "players"), list(every_count(THRONE)))
def test_the_rusted_throne_borders_five_regions(name: str, players: int) -> None:
    world = realm(name, players)
    (throne,) = with_marker(world, "rusted_throne")
    assert "peak" in world.regions[throne].marker_kinds()
    near = set(world.graph.neighbors(throne))
    assert len(near) == 5
    assert all(world.regions[rid].is_land for rid in near)


# --- scenarios 8 and 10: the Sword in the centre, Places north of veins that go down -------

@pytest.mark.parametrize(("name", "players"), list(every_count(SWORD)))
def test_the_sword_lies_in_the_central_region(name: str, players: int) -> None:
    world = realm(name, players)
    land = [r for r in world.regions.values() if r.is_land and not r.chasm]
    cx = sum(r.centroid[0] for r in land) / len(land)
    cy = sum(r.centroid[1] for r in land) / len(land)
    central = min(land, key=lambda r: (r.centroid[0] - cx) ** 2 + (r.centroid[1] - cy) ** 2)
    assert with_marker(world, "relic") == {central.id}


@pytest.mark.parametrize(("name", "players"), list(every_count(DIG)))
def test_dig_too_far_places_north_of_veins_that_go_down(name: str, players: int) -> None:
    # "2 Popular Places ... on Regions to the North"; each vein is open "in its uppermost
    # (A) Regions" first, then B, then C (y grows southwards)
    world = realm(name, players)
    depth: dict[str, list[float]] = {"A": [], "B": [], "C": []}
    for region in world.regions.values():
        for marker in region.markers:
            if marker.kind == "gold_vein":
                depth[str(marker.attrs["vein"])].append(region.centroid[1])
    places = [world.regions[rid].centroid[1] for rid in with_marker(world, "place")]
    assert len(places) == 2 and max(places) < min(min(ys) for ys in depth.values())
    mean = {vein: sum(ys) / len(ys) for vein, ys in depth.items()}
    assert mean["A"] < mean["B"] < mean["C"]
