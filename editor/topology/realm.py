"""The derived graph of play for one player count: what engines and linters consume.

A realm is built without shapely, numpy or networkx: its adjacency is plain dicts
(:attr:`Realm.adjacency`), the networkx graph (:attr:`Realm.graph`) is made from them on
first use, and the region and part polygons with their areas and centroids are built,
for the whole realm at once, the first time one of them is read. ``realms lint`` reads
none of them, so it never imports those libraries for the bundled tiles.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, Generic, TypeVar, overload

from editor.model.catalogue import Catalogue
from editor.model.lattice import Point
from editor.model.scenario import Marker, Placement, Scenario
from editor.model.terrains import LAND_TERRAINS

if TYPE_CHECKING:
    import networkx as nx
    import shapely

LAND_KINDS = frozenset(LAND_TERRAINS)
WATER_KINDS = frozenset({"river", "sea", "lake"})

EdgeData = dict[str, Any]  # an edge's attributes: "kinds" (frozenset), "length" (float)
Adjacency = dict[str, dict[str, EdgeData]]
RegionShape = tuple["shapely.Geometry", float, Point]  # polygon, area, centroid


class Shapes:
    """The polygons of one realm, built on first use: ``build`` returns every part's
    polygon and, per region made from tiles, its (polygon, area, centroid). Holds no
    region, so regions pointing here make no reference cycle."""

    __slots__ = ("_build", "_parts", "_regions")

    def __init__(self, build: Callable[[], tuple[dict[str, shapely.Geometry],
                                                 dict[str, RegionShape]]]) -> None:
        self._build: Callable[[], tuple[dict[str, shapely.Geometry],
                                        dict[str, RegionShape]]] | None = build
        self._parts: dict[str, shapely.Geometry] = {}
        self._regions: dict[str, RegionShape] = {}

    def _ready(self) -> None:
        build = self._build
        if build is not None:
            self._parts, self._regions = build()
            self._build = None

    def parts(self) -> dict[str, shapely.Geometry]:
        self._ready()
        return self._parts

    def region(self, region_id: str) -> RegionShape:
        self._ready()
        return self._regions[region_id]


_Value = TypeVar("_Value")


class _Shaped(Generic[_Value]):
    """A region's polygon, area or centroid, kept in the underscored field of that name.
    The first read or write of any of the three takes all three from the realm's
    :class:`Shapes`, so a value set by hand is never overwritten by a later build."""

    def __set_name__(self, owner: type, name: str) -> None:
        self._field = "_" + name

    @overload
    def __get__(self, region: None, owner: type) -> _Shaped[_Value]: ...

    @overload
    def __get__(self, region: Region, owner: type) -> _Value: ...

    def __get__(self, region: Region | None, owner: type) -> _Shaped[_Value] | _Value:
        if region is None:
            return self
        if region._shapes is not None:
            region._take_shape(region._shapes)
        return getattr(region, self._field)  # type: ignore[no-any-return]

    def __set__(self, region: Region, value: _Value) -> None:
        if region._shapes is not None:
            region._take_shape(region._shapes)
        setattr(region, self._field, value)


@dataclass
class Region:
    id: str
    board: str
    kind: str  # "land" | "water"
    terrain: str  # after overlays; water regions carry their water kind
    base_terrain: str
    symbols: tuple[str, ...] = ()
    markers: tuple[Marker, ...] = ()
    parts: tuple[str, ...] = ()
    tiles: tuple[str, ...] = ()
    board_edge: bool = False
    first_conquest: bool = False
    first_conquest_for: frozenset[str] = frozenset()
    coastal: bool = False
    chasm: bool = False
    impassable: bool = False
    water_kind: str | None = None
    entry_edge: bool = False
    holes: tuple[str, ...] = ()
    # polygon, area and centroid: given by the realm's Shapes on first read (see below)
    _shapes: Shapes | None = field(default=None, init=False, repr=False, compare=False)
    _polygon: shapely.Geometry | None = field(default=None, init=False, repr=False,
                                              compare=False)
    _area: float = field(default=0.0, init=False, repr=False, compare=False)
    _centroid: Point = field(default=(0.0, 0.0), init=False, repr=False, compare=False)

    def _take_shape(self, shapes: Shapes) -> None:
        self._polygon, self._area, self._centroid = shapes.region(self.id)
        self._shapes = None

    # The outline in lattice units (a water body's is the union of its parts; None on
    # graph-only boards), the euclidean area and centroid at hex size 1 (0.0 and (0.0, 0.0)
    # on graph-only boards): built for the whole realm on first read.
    polygon = _Shaped["shapely.Geometry | None"]()
    area = _Shaped[float]()
    centroid = _Shaped[Point]()

    @property
    def is_land(self) -> bool:
        return self.kind == "land"

    @property
    def counts_as_land(self) -> bool:
        """The one definition of a land region wherever regions are counted (balance, lint's
        B rules, printable boards, export descriptions): printed land that no chasm takes
        out of play. A chasm's region stays ``kind == "land"`` (what the tile prints) and
        carries the chasm flag, but no race can hold it, so it is not counted."""
        return self.kind == "land" and not self.chasm

    @property
    def drawn_terrain(self) -> str:
        """The style key a board is painted with: a water region's kind (river, sea, lake),
        else its printed terrain. A mountain piece is drawn as a piece on top (its marker),
        as on the table, not as a change of the tile's face."""
        return (self.water_kind or self.terrain) if self.kind == "water" else self.base_terrain

    def marker_kinds(self) -> set[str]:
        if not self.markers:  # most regions: skip building the comprehension
            return set()
        return {m.kind for m in self.markers}


Run = tuple[int, int, int]  # (q, first r, last r): the hexes (q, first..last) of a column


@dataclass(frozen=True)
class Hole:
    """An enclosed empty space: a ring of tiles around one or more missing hexes.

    The hexes are kept as ``runs``, sorted: each ``(q, first, last)`` is the empty hexes
    ``(q, first)`` to ``(q, last)`` of one lattice column, between a tile above and a tile
    below. A hole has as many runs as the tiles around it have column ends, whatever its
    area (a ring of 4,000 tiles holds 1.3 million hexes in 1,331 runs), so deriving and
    printing it grow with its outline; :attr:`hexes` lists them one by one, on demand."""

    id: str
    board: str
    runs: tuple[Run, ...]
    regions: tuple[str, ...]

    @property
    def hex_count(self) -> int:
        """How many hexes the hole covers (its area in hexes)."""
        return sum(last - first + 1 for _, first, last in self.runs)

    @cached_property
    def hexes(self) -> tuple[tuple[int, int], ...]:
        """Every hex of the hole, sorted: as many as its area (made on first use)."""
        return tuple((q, r) for q, first, last in self.runs for r in range(first, last + 1))


@dataclass(frozen=True)
class BorderSegment:
    board: str
    kinds: frozenset[str]
    a: str
    b: str | None
    start: Point
    end: Point


@dataclass(frozen=True)
class Problem:
    code: str
    message: str
    board: str | None = None
    regions: tuple[str, ...] = ()
    tiles: tuple[str, ...] = ()
    hint: str = ""


@dataclass
class Realm:
    scenario: Scenario
    catalogue: Catalogue
    players: int
    regions: dict[str, Region]
    # The graph of play as plain dicts, read-only: region -> neighbour -> the edge's
    # attributes ("kinds": a frozenset of border, link and marker kinds; "length": the
    # shared border's euclidean length, 0.0 for links), one dict per edge shared by both
    # ends. Every region is a key, in the order of ``regions`` (sorted ids). It is the
    # very table ``graph`` is made of: networkx's ``graph.adj`` has the same nodes,
    # neighbours and edge dicts in the same order.
    adjacency: Adjacency
    holes: list[Hole]
    problems: list[Problem]
    part_to_region: dict[str, str]
    active_placements: dict[str, list[Placement]]
    _shapes: Shapes | None = field(default=None, repr=False, compare=False)
    _graph: nx.Graph | None = field(default=None, repr=False, compare=False)
    _borders: list[BorderSegment] | None = field(default=None, repr=False)
    _border_source: Any = field(default=None, repr=False)

    @property
    def graph(self) -> nx.Graph:
        """The graph of play as a networkx ``Graph``, made from :attr:`adjacency` on first
        use (nodes in region order; each node's neighbours in adjacency order; the edge
        dicts shared with :attr:`adjacency` where networkx keeps its tables as plain
        dicts, else equal copies made through its public calls)."""
        graph = self._graph
        if graph is None:
            graph = self._graph = graph_of(self.adjacency)
        return graph

    @property
    def part_polygons(self) -> dict[str, shapely.Geometry]:
        """Every placed part's polygon (lattice units), built for the realm on first use."""
        return self._shapes.parts() if self._shapes is not None else {}

    @property
    def borders(self) -> list[BorderSegment]:
        """Every classified boundary segment; built on first use (big realms rarely need it)."""
        if self._borders is None:
            self._borders = self._border_source() if self._border_source else []
        return self._borders

    def placements(self, board_id: str) -> list[Placement]:
        return self.active_placements.get(board_id, [])

    def resolve(self, region_or_part: str) -> str | None:
        """A region id for a region or part id (any member part names its water body)."""
        if region_or_part in self.regions:
            return region_or_part
        return self.part_to_region.get(region_or_part)

    def is_land(self, region_id: str) -> bool:
        return self.regions[region_id].is_land

    def land_regions(self) -> list[Region]:
        """The land regions as every count reads them (:attr:`Region.counts_as_land`)."""
        return [r for r in self.regions.values() if r.counts_as_land]

    def play_graph(self) -> nx.Graph:
        """The graph without chasm regions, for reachability questions."""
        keep = [rid for rid, region in self.regions.items() if not region.chasm]
        return self.graph.subgraph(keep)


def _tables_fillable() -> bool:
    """Whether this networkx keeps a graph as ``add_nodes_from`` / ``add_edges_from`` did
    when the derivation learned to fill those tables itself: a plain dict of node data and
    a plain dict of neighbour dicts sharing one data dict per edge. Checked once, on a
    small graph built through the public API; another layout (a later networkx) makes
    :func:`graph_of` use the public calls instead."""
    import networkx as nx

    try:
        probe = nx.Graph()
        probe.add_nodes_from(["a", "b", "c"])
        probe.add_edges_from([("b", "a", {"x": 1})])
        node, adj = probe._node, probe._adj
        return (type(node) is dict and type(adj) is dict
                and node == {"a": {}, "b": {}, "c": {}}
                and adj == {"a": {"b": {"x": 1}}, "b": {"a": {"x": 1}}, "c": {}}
                and all(type(v) is dict for v in (*node.values(), *adj.values()))
                and adj["a"]["b"] is adj["b"]["a"] and type(adj["a"]["b"]) is dict
                and not getattr(probe, "__networkx_cache__", None)
                and list(probe.edges(data=True)) == [("a", "b", {"x": 1})])
    except Exception:  # any other layout: use the public calls
        return False


_FILL_TABLES: bool | None = None  # _tables_fillable(), asked when the first graph is made


def graph_of(adjacency: Adjacency) -> nx.Graph:
    """The networkx graph of a realm's adjacency: what ``add_nodes_from(adjacency)`` then
    ``add_edges_from`` (in an order giving every node its neighbours in adjacency order)
    build. Where this networkx keeps its tables that way (``_FILL_TABLES``) they are
    filled with the adjacency's own dicts directly, without the per-item checks (at
    50,000 tiles the public calls would copy 350,000 data dicts)."""
    import networkx as nx

    global _FILL_TABLES
    if _FILL_TABLES is None:
        _FILL_TABLES = _tables_fillable()
    graph = nx.Graph()
    if _FILL_TABLES:
        node, adj = graph._node, graph._adj
        for rid, near in adjacency.items():
            node[rid] = {}
            adj[rid] = near
    else:
        graph.add_nodes_from(adjacency)
        graph.add_edges_from(_edge_order(adjacency))
    return graph


def _edge_order(adjacency: Adjacency) -> list[tuple[str, str, EdgeData]]:
    """Every edge once, as (a, b, data), in an order in which adding them one by one gives
    each node its neighbours in the order ``adjacency`` lists them: each node's list says
    which of its edges come first, and the edges are sorted topologically by all those
    constraints (the order the derivation found them in is one such order, so one
    exists). An edge is known by its data dict, which both of its ends share."""
    ends: dict[int, tuple[str, str, EdgeData]] = {}
    waits: dict[int, int] = {}
    then: dict[int, list[int]] = {}
    for a, near in adjacency.items():
        before = None
        for b, data in near.items():
            key = id(data)
            if key not in ends:
                ends[key] = (a, b, data)
                waits[key] = 0
                then[key] = []
            if before is not None:
                then[before].append(key)
                waits[key] += 1
            before = key
    ready = [key for key, count in waits.items() if count == 0]
    ready.reverse()  # the first edge found first
    order: list[tuple[str, str, EdgeData]] = []
    while ready:
        key = ready.pop()
        order.append(ends[key])
        for later in then[key]:
            waits[later] -= 1
            if waits[later] == 0:
                ready.append(later)
    if len(order) != len(ends):
        raise ValueError("the adjacency lists its edges in contradictory orders")
    return order
