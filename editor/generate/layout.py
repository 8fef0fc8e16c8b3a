"""A layout under construction and its cheap, combinatorial graph of play.

The generators try thousands of layouts; deriving each with shapely would take seconds.
Here a placed side's half-edge owners give the regions that meet across a seam, the
catalogue gives the regions that meet inside a tile, and empty hexes reached from outside
the bounding box give the board edge. The result agrees with the derivation on what the
generators ask (land count, one landmass, first conquests reachable); the full lint of the
written scenario confirms every result.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from editor.generate.pieces import Part, SideFacts
from editor.model.lattice import NEIGHBOUR_DIRECTIONS

Hex = tuple[int, int]
MOUNTAIN_KINDS = ("mountain", "black_mountain")


@dataclass(frozen=True)
class Placed:
    tile: str
    side: str
    board: int
    q: int
    r: int
    rotation: int

    @property
    def hex(self) -> Hex:
        return (self.q, self.r)


@dataclass
class Layout:
    """Tiles on one or two boards, one marker per region at most, tunnels between boards."""

    boards: tuple[str, ...]  # board kinds, e.g. ("surface",) or ("surface", "underground")
    facts: dict[tuple[str, str], SideFacts]
    placed: dict[str, Placed] = field(default_factory=dict)
    # one marker per region: mountain, black_mountain, chasm or lost_tribe
    markers: dict[Part, str] = field(default_factory=dict)
    tunnels: list[tuple[Part, Part]] = field(default_factory=list)
    extras: list[tuple[Part, dict[str, Any]]] = field(default_factory=list)  # places, monsters

    def side_of(self, tile: str) -> SideFacts:
        p = self.placed[tile]
        return self.facts[(tile, p.side)]

    def occupied(self, board: int) -> dict[Hex, str]:
        return {p.hex: t for t, p in self.placed.items() if p.board == board}

    def frontier(self, board: int) -> list[Hex]:
        """Empty hexes next to a placed tile of ``board``, sorted (deterministic)."""
        taken = self.occupied(board)
        if not taken:
            return [(0, 0)]
        out = {(q + dq, r + dr) for (q, r) in taken for dq, dr in NEIGHBOUR_DIRECTIONS}
        return sorted(h for h in out if h not in taken)

    def copy(self) -> Layout:
        return Layout(self.boards, self.facts, dict(self.placed), dict(self.markers),
                      list(self.tunnels), list(self.extras))


def neighbours(h: Hex) -> list[Hex]:
    return [(h[0] + dq, h[1] + dr) for dq, dr in NEIGHBOUR_DIRECTIONS]


def hexes_connected(hexes: set[Hex]) -> bool:
    if not hexes:
        return True
    start = min(hexes)
    seen = {start}
    stack = [start]
    while stack:
        for n in neighbours(stack.pop()):
            if n in hexes and n not in seen:
                seen.add(n)
                stack.append(n)
    return len(seen) == len(hexes)


_OUTSIDE: dict[frozenset[Hex], tuple[set[Hex], set[Hex]]] = {}
_OUTSIDE_KEPT = 4096  # the search revisits the same few hex sets (rotations and swaps keep
# a board's hexes): remember the last few thousand answers


def outside_hexes(taken: set[Hex]) -> tuple[set[Hex], set[Hex]]:
    """(empty hexes around the tiles reachable from outside, enclosed empty hexes = holes);
    the caller must not change the sets returned."""
    key = frozenset(taken)
    hit = _OUTSIDE.get(key)
    if hit is None:
        if len(_OUTSIDE) >= _OUTSIDE_KEPT:
            _OUTSIDE.clear()
        hit = _OUTSIDE[key] = _outside_hexes(taken)
    return hit


def _outside_hexes(taken: set[Hex]) -> tuple[set[Hex], set[Hex]]:
    if not taken:
        return set(), set()
    around = {(q + dq, r + dr) for (q, r) in taken for dq, dr in NEIGHBOUR_DIRECTIONS}
    around -= taken
    lo_q = min(h[0] for h in around)
    hi_q = max(h[0] for h in around)
    lo_r = min(h[1] for h in around)
    hi_r = max(h[1] for h in around)
    # Empty hexes on the bounding box's border are outside; flood inwards through empty
    # hexes of the box.
    seen = {h for h in around if h[0] in (lo_q, hi_q) or h[1] in (lo_r, hi_r)}
    stack = list(seen)
    while stack:
        q, r = stack.pop()
        for dq, dr in NEIGHBOUR_DIRECTIONS:
            n = (q + dq, r + dr)
            if (n not in seen and n not in taken and lo_q <= n[0] <= hi_q
                    and lo_r <= n[1] <= hi_r):
                seen.add(n)
                stack.append(n)
    return around & seen, around - seen


@dataclass
class Tallies:
    land: int
    terrains: Counter[str]
    symbols: Counter[str]
    pieces: Counter[str]  # inventory kinds: lost_tribe (printed + markers), mountain, chasm, ...
    # the part of ``land`` and ``terrains`` on underground boards: lint's 1/5 rule counts
    # each world apart (B003/B004), since the two faces print different terrains
    under_land: int = 0
    under_terrains: Counter[str] = field(default_factory=Counter)

    def plus(self, other: Tallies) -> Tallies:
        return Tallies(self.land + other.land, self.terrains + other.terrains,
                       self.symbols + other.symbols, self.pieces + other.pieces,
                       self.under_land + other.under_land,
                       self.under_terrains + other.under_terrains)


def region_terrain(layout: Layout, part: Part, printed: str) -> str:
    marker = layout.markers.get(part)
    return "mountain" if marker in MOUNTAIN_KINDS and printed != "water" else printed


def tile_tallies(layout: Layout, tile: str) -> Tallies:
    """The tallies one placed tile adds (its regions and the markers on them)."""
    terrains: Counter[str] = Counter()
    symbols: Counter[str] = Counter()
    pieces: Counter[str] = Counter()
    land = 0
    for region in layout.side_of(tile).regions:
        part = (tile, region.local_id)
        marker = layout.markers.get(part)
        if marker is not None:
            pieces[marker] += 1
        if region.printed_lost_tribe:
            pieces["lost_tribe"] += 1
        if not region.is_land or marker == "chasm":
            continue
        land += 1
        terrains[region_terrain(layout, part, region.terrain)] += 1
        for symbol in region.symbols:
            symbols[symbol] += 1
    if layout.boards[layout.placed[tile].board] == "underground":
        return Tallies(land, terrains, symbols, pieces, land, Counter(terrains))
    return Tallies(land, terrains, symbols, pieces)


def tallies(layout: Layout) -> Tallies:
    total = Tallies(0, Counter(), Counter(), Counter())
    for tile in sorted(layout.placed):
        total = total.plus(tile_tallies(layout, tile))
    total.pieces["tunnel"] += 2 * len(layout.tunnels)
    return total


@dataclass
class PlayGraph:
    """The combinatorial graph of play: parts, water merged by union into bodies."""

    adjacency: dict[Part, set[Part]]
    land: set[Part]
    walkable: set[Part]
    first_conquest: set[Part]
    edge_tiles: dict[str, bool]  # tile at the outer edge -> holds a first conquest
    holes: int

    def components(self) -> list[set[Part]]:
        seen: set[Part] = set()
        found = []
        for start in sorted(self.walkable):
            if start in seen:
                continue
            seen.add(start)
            piece = {start}
            stack = [start]
            while stack:
                for n in self.adjacency[stack.pop()]:
                    if n in self.walkable and n not in seen:
                        seen.add(n)
                        piece.add(n)
                        stack.append(n)
            found.append(piece)
        return found


@dataclass(frozen=True)
class _SideParts:
    """One tile side's parts, ready to use: (part, is land) and the parts meeting inside."""

    parts: tuple[tuple[Part, bool], ...]
    inner: tuple[tuple[Part, Part], ...]


_PARTS: dict[int, tuple[object, dict[tuple[str, str], _SideParts],
                        dict[tuple[str, str, int], tuple[tuple[Part, Part], ...]]]] = {}


def _tables(facts: dict[tuple[str, str], SideFacts]) -> tuple[
        dict[tuple[str, str], _SideParts], dict[tuple[str, str, int], tuple[tuple[Part, Part],
                                                                          ...]]]:
    """Per-catalogue caches (the facts object is kept alive beside them, so its id is not
    reused): the search builds the graph of play thousands of times from the same sides."""
    hit = _PARTS.get(id(facts))
    if hit is None or hit[0] is not facts:
        hit = (facts, {}, {})
        _PARTS[id(facts)] = hit
    return hit[1], hit[2]


def _side_parts(table: dict[tuple[str, str], _SideParts], facts: dict[tuple[str, str],
                SideFacts], tile: str, side: str) -> _SideParts:
    found = table.get((tile, side))
    if found is None:
        sf = facts[(tile, side)]
        found = table[(tile, side)] = _SideParts(
            tuple(((tile, r.local_id), r.is_land) for r in sf.regions),
            tuple(((tile, a), (tile, b)) for a, b in sf.inner_pairs))
    return found


def _seams(table: dict[tuple[str, str, int], tuple[tuple[Part, Part], ...]],
           facts: dict[tuple[str, str], SideFacts], p: Placed) -> tuple[tuple[Part, Part], ...]:
    """For each board direction e, the parts owning the two halves of the placed tile's edge
    that faces e (in the side's own half-edge order)."""
    key = (p.tile, p.side, p.rotation)
    found = table.get(key)
    if found is None:
        owners = facts[(p.tile, p.side)].half_edge_owner
        rows = []
        for e in range(6):
            local = (e - p.rotation) % 6
            rows.append(((p.tile, owners[2 * local]), (p.tile, owners[2 * local + 1])))
        found = table[key] = tuple(rows)
    return found


def play_graph(layout: Layout, rivers: bool) -> PlayGraph:
    """Regions that touch, board edges and first conquests; ``rivers``: water is river (walkable),
    else water bodies touching the outer edge are seas (entry edges) and the rest lakes."""
    adjacency: dict[Part, set[Part]] = {}
    water: set[Part] = set()
    land: set[Part] = set()
    edge_parts: set[Part] = set()
    outer_tiles: set[str] = set()
    holes = 0
    side_table, seam_table = _tables(layout.facts)
    markers = layout.markers
    for tile in sorted(layout.placed):
        p = layout.placed[tile]
        side = _side_parts(side_table, layout.facts, tile, p.side)
        for part, is_land in side.parts:
            adjacency[part] = set()
            if is_land:
                if markers.get(part) != "chasm":
                    land.add(part)
            else:
                water.add(part)
        for a, b in side.inner:
            adjacency[a].add(b)
            adjacency[b].add(a)
    for board in range(len(layout.boards)):
        taken = layout.occupied(board)
        outside, hole_hexes = outside_hexes(set(taken))
        holes += len(hole_hexes)
        for (q, r), tile in taken.items():
            mine = _seams(seam_table, layout.facts, layout.placed[tile])
            for e in range(6):
                dq, dr = NEIGHBOUR_DIRECTIONS[e]
                n = (q + dq, r + dr)
                other = taken.get(n)
                a0, a1 = mine[e]
                if other is None:
                    if n in outside:
                        outer_tiles.add(tile)
                        edge_parts.add(a0)
                        edge_parts.add(a1)
                    continue
                b0, b1 = _seams(seam_table, layout.facts, layout.placed[other])[(e + 3) % 6]
                adjacency[a0].add(b1)
                adjacency[a1].add(b0)
    for end_a, end_b in layout.tunnels:
        adjacency[end_a].add(end_b)
        adjacency[end_b].add(end_a)
    chasms = {p for p, k in layout.markers.items() if k == "chasm"}
    walkable = land | (water if rivers else set())
    entry_water: set[Part] = set()
    if not rivers:  # water bodies (merged across seams) touching the outer edge are seas
        seen: set[Part] = set()
        for start in sorted(water):
            if start in seen:
                continue
            body = {start}
            todo = [start]
            seen.add(start)
            while todo:
                for nxt in adjacency[todo.pop()]:
                    if nxt in water and nxt not in seen:
                        seen.add(nxt)
                        body.add(nxt)
                        todo.append(nxt)
            if body & edge_parts:
                entry_water |= body
    first = {p for p in land if p in edge_parts or adjacency[p] & entry_water}
    first -= chasms
    first_tiles = {p[0] for p in first}
    edge_tiles = {t: t in first_tiles for t in sorted(outer_tiles)}
    return PlayGraph(adjacency, land, walkable - chasms, first, edge_tiles, holes)


def graph_penalty(graph: PlayGraph, holes_weight: float = 20.0,
                  spread_weight: float = 4.0) -> float:
    """0 for one landmass that first conquests reach, with every outer tile an entry."""
    pieces = graph.components()
    penalty = 300.0 * max(0, len(pieces) - 1)
    if not graph.first_conquest:
        penalty += 300.0
    for piece in pieces:
        if not piece & graph.first_conquest:
            penalty += 100.0
    penalty += holes_weight * graph.holes
    penalty += spread_weight * sum(1 for ok in graph.edge_tiles.values() if not ok)
    return penalty
