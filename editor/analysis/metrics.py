"""Balance metrics measured on the graph of play of a derived realm.

Pure Python (networkx, no Qt), so ``realms balance``, the reference-band tool and the
editor's Balance dock all measure the same thing. The graph of play here is the one a
race walks: land regions and passable rivers, never chasms, impassable water or the
Necromancer's island, with tunnels and other links as edges. Seas and lakes are left
out because no race may stand on them (they still make regions *entry* regions when
they touch the board's edge; the derivation has already decided that).
"""

from __future__ import annotations

import math
from collections import Counter, deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from statistics import mean
from typing import Any

import networkx as nx

from editor.analysis.fifth import WorldCounts, count_world
from editor.analysis.reach import (
    Pocket,
    Seat,
    diameter,
    fairest_seats,
    largest_pocket,
    mean_pair_steps,
    symbol_spread,
)
from editor.model.rules import entry_rules
from editor.model.worlds import Worlds
from editor.topology.realm import Realm, Region

TERRAINS = ("farmland", "forest", "hill", "swamp", "mountain")
SYMBOLS = ("cavern", "mine", "magic")
PLACE_MARKERS = frozenset({"place", "relic"})
# Exact diameter is O(n·m); past this many regions the two-sweep lower bound is used.
EXACT_DIAMETER_LIMIT = 1500
DECIMALS = 4
_SYMBOL_WORDS = {"magic": "magic source", "lost_tribe": "lost tribe"}


@dataclass(frozen=True)
class MetricInfo:
    """What a metric means and how its reference band scales with the player count.

    ``per_player`` metrics grow with the board (counts of regions); their bands are kept
    per player and multiplied by the player count when shown. ``absolute`` metrics
    (shares, distances, degrees, chokepoints) are compared as they are.
    """

    key: str
    label: str
    group: str
    scale: str  # "per_player" | "absolute"
    integer: bool = True


def _catalogue() -> tuple[MetricInfo, ...]:
    rows = [
        MetricInfo("regions", "Land regions", "tallies", "per_player"),
        MetricInfo("regions_per_player", "Land regions per player", "tallies", "absolute",
                   False),
        MetricInfo("water_regions", "Water regions", "tallies", "absolute"),
    ]
    rows += [MetricInfo(f"terrain.{t}", t.capitalize(), "tallies", "per_player")
             for t in TERRAINS]
    rows += [MetricInfo(f"symbol.{s}", "Magic source" if s == "magic" else s.capitalize(),
                        "tallies", "per_player") for s in SYMBOLS]
    rows += [
        MetricInfo("lost_tribes", "Lost tribes", "tallies", "per_player"),
        MetricInfo("entry_regions", "Entry regions (first conquest)", "entry", "per_player"),
        MetricInfo("entry_per_player", "Entry regions per player", "entry", "absolute", False),
        MetricInfo("entry_share", "Share of land that is an entry", "entry", "absolute",
                   False),
        MetricInfo("seat_territory_min", "Smallest seat's territory (of a fair share)",
                   "entry", "absolute", False),
    ]
    rows += [MetricInfo(f"entry_terrain.{t}", f"Entry regions: {t}", "entry", "absolute",
                        False) for t in TERRAINS]
    rows += [
        MetricInfo("edge_distance_max", "Deepest region (steps from an entry)", "distance",
                   "absolute"),
        MetricInfo("edge_distance_mean", "Mean steps from an entry", "distance", "absolute",
                   False),
        MetricInfo("unreachable", "Regions no entry can reach", "distance", "absolute"),
    ]
    rows += [MetricInfo(f"symbol_distance.{s}",
                        f"Mean steps to a {_SYMBOL_WORDS.get(s, s)}",
                        "distance", "absolute", False) for s in (*SYMBOLS, "lost_tribe")]
    rows += [MetricInfo(f"symbol_spread.{s}",
                        f"Spread of the {_SYMBOL_WORDS.get(s, s)}s (1: like any region)",
                        "distance", "absolute", False) for s in SYMBOLS]
    rows += [
        MetricInfo("place_distance", "Mean steps to a popular place / relic", "distance",
                   "absolute", False),
        MetricInfo("articulation_points", "Chokepoints (articulation points)", "shape",
                   "absolute"),
        MetricInfo("bridges", "Bridges (borders that split the map)", "shape",
                   "absolute"),
        MetricInfo("pocket_share", "Largest pocket behind one region (share of land)",
                   "shape", "absolute", False),
        MetricInfo("land_masses", "Separate land masses", "shape", "absolute"),
        MetricInfo("largest_mass_share", "Share of regions in the largest mass", "shape",
                   "absolute", False),
        MetricInfo("degree_min", "Fewest neighbours of a region", "shape", "absolute"),
        MetricInfo("degree_mean", "Mean neighbours per region", "shape", "absolute", False),
        MetricInfo("degree_max", "Most neighbours of a region", "shape", "absolute"),
        MetricInfo("diameter", "Diameter (longest shortest walk)", "shape", "absolute"),
    ]
    return tuple(rows)


METRICS: tuple[MetricInfo, ...] = _catalogue()
METRIC_INFO: dict[str, MetricInfo] = {m.key: m for m in METRICS}


@dataclass(frozen=True)
class BalanceMetrics:
    """Everything ``realms balance`` reports for one realm at one player count."""

    players: int
    values: dict[str, float | None]
    entry_terrains: dict[str, int]
    land_mass_sizes: tuple[int, ...]
    degree_histogram: dict[int, int]
    articulation_points: tuple[str, ...]
    bridges: tuple[tuple[str, str], ...]
    edge_distance: dict[str, int | None] = field(repr=False)
    symbol_distances: dict[str, tuple[int, ...]] = field(repr=False)
    place_distances: tuple[int, ...] = ()
    diameter_exact: bool = True
    # What the standard's 1/5 rule and its advice need (not in the JSON details): the
    # counts of each world, and each walkable region's tiles, terrain, symbols, neighbours.
    format_version: int = 1
    surface: WorldCounts = field(default_factory=WorldCounts, repr=False)
    underground: WorldCounts = field(default_factory=WorldCounts, repr=False)
    tiles: dict[str, tuple[str, ...]] = field(default_factory=dict, repr=False)
    terrain: dict[str, str] = field(default_factory=dict, repr=False)
    symbols: dict[str, tuple[str, ...]] = field(default_factory=dict, repr=False)
    adjacency: dict[str, tuple[str, ...]] = field(default_factory=dict, repr=False)
    entries: tuple[str, ...] = field(default=(), repr=False)
    water: tuple[str, ...] = field(default=(), repr=False)
    below: frozenset[str] = field(default=frozenset(), repr=False)  # underground land
    # The scenario's entry rules as read by the advice ("board_edge", "arrows", "regions",
    # "compass_edge west"...), each seat's territory and entry under the fairest seating the
    # entries allow, and the largest pocket: its door (a region or a river) and its regions.
    entry_rules: tuple[str, ...] = ("board_edge",)
    seats: tuple[Seat, ...] = ()
    pocket: Pocket | None = None

    def value(self, key: str) -> float | None:
        return self.values.get(key)

    def to_json(self) -> dict[str, Any]:
        """A stable, sorted, JSON-ready form (``realms balance --format json``)."""
        return {
            "players": self.players,
            "metrics": {k: self.values[k] for k in sorted(self.values)},
            "entry_terrains": dict(sorted(self.entry_terrains.items())),
            "land_mass_sizes": list(self.land_mass_sizes),
            "degree_histogram": {str(k): v for k, v in sorted(self.degree_histogram.items())},
            "articulation_points": list(self.articulation_points),
            "bridges": [list(b) for b in self.bridges],
            "edge_distance": {k: self.edge_distance[k] for k in sorted(self.edge_distance)},
            "symbol_distances": {k: list(v) for k, v in sorted(self.symbol_distances.items())},
            "place_distances": list(self.place_distances),
            "diameter_exact": self.diameter_exact,
            "entry_rules": list(self.entry_rules),
            "seats": [{"entry": s.entry, "territory": s.territory} for s in self.seats],
            "pocket": None if self.pocket is None else {
                "door": self.pocket.door, "regions": list(self.pocket.regions)},
        }


def walkable(realm: Realm) -> list[str]:
    """Regions a race can stand on and move over (land and passable rivers), sorted."""
    boards = {b.id: b.kind for b in realm.scenario.boards}
    keep = []
    for rid, region in realm.regions.items():
        if region.chasm or region.impassable or boards.get(region.board) == "necromancer_island":
            continue
        if region.is_land or region.water_kind == "river":
            keep.append(rid)
    return sorted(keep)


def play_graph(realm: Realm) -> nx.Graph:
    """The walkable graph of play as a plain (copied) networkx graph."""
    nodes = walkable(realm)
    graph = nx.Graph()
    graph.add_nodes_from(nodes)
    graph.add_edges_from(realm.graph.subgraph(nodes).edges())
    return graph


def _lost_tribe(region: Region) -> bool:
    return "lost_tribe" in region.symbols or "lost_tribe" in region.marker_kinds()


def _round(value: float) -> float:
    return round(value, DECIMALS)


def _mean(values: Iterable[int]) -> float | None:
    items = list(values)
    return _round(mean(items)) if items else None


def distances_from(graph: nx.Graph, sources: Iterable[str]) -> dict[str, int | None]:
    """Steps from the nearest source for every node (None: no source reaches it)."""
    found: dict[str, int | None] = dict.fromkeys(graph.nodes, None)
    queue: deque[str] = deque()
    for source in sorted(set(sources)):
        if source in graph and found[source] is None:
            found[source] = 0
            queue.append(source)
    while queue:
        node = queue.popleft()
        step = found[node]
        assert step is not None
        for nxt in sorted(graph.adj[node]):
            if found[nxt] is None:
                found[nxt] = step + 1
                queue.append(nxt)
    return found


def _diameter(graph: nx.Graph, adjacency: Mapping[str, tuple[str, ...]]
              ) -> tuple[int | None, bool]:
    if graph.number_of_nodes() == 0:
        return None, True
    largest = max(nx.connected_components(graph), key=lambda c: (len(c), sorted(c)))
    if len(largest) <= EXACT_DIAMETER_LIMIT:
        # eccentricity bounds prune most breadth-first searches; still exact
        return diameter(adjacency, largest), True
    return int(nx.approximation.diameter(graph.subgraph(largest), seed=0)), False


def measure(realm: Realm, graph: nx.Graph | None = None) -> BalanceMetrics:
    """The balance metrics of ``realm`` (one player count, already derived); ``graph``:
    its :func:`play_graph` when the caller has it already (only read here)."""
    players = realm.players
    regions = {rid: r for rid, r in realm.regions.items() if not r.chasm}
    land = sorted((r for r in regions.values() if r.counts_as_land), key=lambda r: r.id)
    water = [r for r in regions.values() if not r.is_land]
    graph = play_graph(realm) if graph is None else graph
    values: dict[str, float | None] = {}
    values["regions"] = len(land)
    values["regions_per_player"] = _round(len(land) / players)
    values["water_regions"] = len(water)
    terrains = Counter(r.terrain for r in land)
    symbols = Counter(s for r in land for s in set(r.symbols))
    for t in TERRAINS:
        values[f"terrain.{t}"] = terrains.get(t, 0)
    for s in SYMBOLS:
        values[f"symbol.{s}"] = symbols.get(s, 0)
    values["lost_tribes"] = sum(_lost_tribe(r) for r in land)

    entries = [r for r in land if r.first_conquest and r.id in graph]
    entry_terrains = Counter(r.terrain for r in entries)
    values["entry_regions"] = len(entries)
    values["entry_per_player"] = _round(len(entries) / players)
    values["entry_share"] = _round(len(entries) / len(land)) if land else None
    for t in TERRAINS:
        values[f"entry_terrain.{t}"] = (_round(entry_terrains.get(t, 0) / len(entries))
                                        if entries else None)

    distance = distances_from(graph, (r.id for r in entries))
    reached = [d for d in distance.values() if d is not None]
    values["edge_distance_max"] = max(reached) if reached else None
    values["edge_distance_mean"] = _mean(reached)
    values["unreachable"] = sum(d is None for d in distance.values())
    symbol_distances: dict[str, tuple[int, ...]] = {}
    for s in (*SYMBOLS, "lost_tribe"):
        hits = [r.id for r in land if (_lost_tribe(r) if s == "lost_tribe" else s in r.symbols)]
        found = tuple(sorted(d for rid in hits if (d := distance.get(rid)) is not None))
        symbol_distances[s] = found
        values[f"symbol_distance.{s}"] = _mean(found)
    places = [rid for rid, r in regions.items() if r.marker_kinds() & PLACE_MARKERS]
    place_distances = tuple(sorted(d for rid in places if (d := distance.get(rid)) is not None))
    values["place_distance"] = _mean(place_distances)

    adjacency = {n: tuple(graph.adj[n]) for n in graph.nodes}  # (plain: walked often)
    land_ids = [r.id for r in land if r.id in graph]
    entry_ids = [r.id for r in entries]
    seats = fairest_seats(adjacency, land_ids, entry_ids, players)
    values["seat_territory_min"] = min(s.territory for s in seats) if land_ids else None
    bases: dict[frozenset[str], float | None] = {}  # the boards' land -> mean steps apart
    for s in SYMBOLS:
        holders = [rid for rid in land_ids if s in regions[rid].symbols]
        on = frozenset(regions[rid].board for rid in holders)
        if on not in bases:  # compared with the land of its own boards (its own world)
            bases[on] = mean_pair_steps(adjacency,
                                        [r for r in land_ids if regions[r].board in on])
        values[f"symbol_spread.{s}"] = symbol_spread(adjacency, holders, bases[on])
    pocket = largest_pocket(adjacency, land_ids, entry_ids)
    values["pocket_share"] = (_round(len(pocket.regions) / len(land)) if pocket else 0.0) \
        if land else None

    cut_nodes = tuple(sorted(nx.articulation_points(graph)))
    cut_edges = tuple(sorted(tuple(sorted(e)) for e in nx.bridges(graph)))
    values["articulation_points"] = len(cut_nodes)
    values["bridges"] = len(cut_edges)
    masses = sorted((len(c) for c in nx.connected_components(graph)), reverse=True)
    values["land_masses"] = len(masses)
    values["largest_mass_share"] = (_round(masses[0] / graph.number_of_nodes())
                                    if masses else None)
    degrees = [d for _, d in graph.degree()]
    values["degree_min"] = min(degrees) if degrees else None
    values["degree_mean"] = _mean(degrees)
    values["degree_max"] = max(degrees) if degrees else None
    values["diameter"], exact = _diameter(graph, adjacency)
    below = Worlds(realm.scenario.boards).is_below
    surface = count_world((r.terrain, r.symbols) for r in land if not below(r))
    underground = count_world((r.terrain, r.symbols) for r in land if below(r))
    return BalanceMetrics(
        players=players, values=values,
        entry_terrains={t: entry_terrains.get(t, 0) for t in TERRAINS},
        land_mass_sizes=tuple(masses),
        degree_histogram=dict(sorted(Counter(degrees).items())),
        articulation_points=cut_nodes,
        bridges=tuple((a, b) for a, b in cut_edges),
        edge_distance=distance,
        symbol_distances=symbol_distances,
        place_distances=place_distances,
        diameter_exact=exact,
        format_version=realm.scenario.format_version,
        surface=surface, underground=underground,
        tiles={rid: r.tiles for rid, r in regions.items()},
        terrain={rid: r.terrain for rid, r in regions.items()},
        symbols={r.id: r.symbols for r in land if r.symbols},
        adjacency=adjacency,  # (order: advice sorts)
        entries=tuple(r.id for r in entries),
        water=tuple(sorted(r.id for r in water)),
        below=frozenset(r.id for r in land if below(r)),
        entry_rules=describe_entry_rules(realm),
        seats=seats, pocket=pocket,
    )


def describe_entry_rules(realm: Realm) -> tuple[str, ...]:
    """The scenario's entry rules as the advice names them: ``board_edge`` (the default),
    ``arrows``, ``regions``, ``compass_edge west``, ``own_world``, ``anywhere``."""
    found = []
    for rule in entry_rules(realm.scenario):
        text = rule.kind + (f" {rule.side}" if rule.kind == "compass_edge" and rule.side else "")
        found.append(text)
    return tuple(dict.fromkeys(found))


def is_empty(metrics: BalanceMetrics) -> bool:
    """No land at all: nothing to compare (and nothing to tick green)."""
    return not metrics.values.get("regions")


def finite(values: Mapping[str, float | None]) -> dict[str, float]:
    """The metrics that have a value (no None, no NaN)."""
    return {k: float(v) for k, v in values.items()
            if v is not None and not (isinstance(v, float) and math.isnan(v))}
