"""What a rule sees: the document, the settings, and (per player count) the realm.

The realm is derived lazily, so selecting only document-level families (``S``,
``I``, most of ``R``) never pays for geometry. The locator turns model objects
back into JSON paths so findings point at the text the author wrote.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Generic, TypeVar, overload

from editor.lint.config import LintConfig
from editor.model.jsonpos import PathKey
from editor.model.scenario import Board, Link, Marker, Placement, RiverMarker, Scenario
from editor.model.scenario_io import LoadedScenario
from editor.model.travel import apart_boards, walks_over
from editor.model.worlds import Worlds

if TYPE_CHECKING:
    from editor.topology import Realm, Region


_Value = TypeVar("_Value")


class _Kept(Generic[_Value]):
    """A value made on the first read and kept in the instance's ``__dict__``, so every
    later read is a plain attribute read (a non-data descriptor, as
    ``functools.cached_property``, which also takes a lock on that first read: lint makes
    a few of these values per player count of every file). For what cannot change while
    its object lives: one lint of one document."""

    def __init__(self, make: Callable[[Any], _Value]) -> None:
        self._make = make
        self._name = make.__name__
        self.__doc__ = make.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self._name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> _Kept[_Value]: ...

    @overload
    def __get__(self, instance: object, owner: type | None = None) -> _Value: ...

    def __get__(self, instance: object | None, owner: type | None = None
                ) -> _Kept[_Value] | _Value:
        if instance is None:
            return self
        value = instance.__dict__[self._name] = self._make(instance)
        return value


class Locator:
    """JSON paths of boards, placements, markers and links, found by identity."""

    def __init__(self, scenario: Scenario) -> None:
        self._paths: dict[int, PathKey] = {}
        self._boards: dict[str, int] = {}
        # (board, letter) -> the path of its first placement (the only one asked for)
        self._tiles: dict[tuple[str, str], PathKey] = {}
        # tile -> its first placement's path, all boards in order (made when first asked;
        # None while some board has a graph: then region() reads the boards)
        self._first_tiles: dict[str, PathKey] | None = None
        self._graphs = any(board.graph is not None for board in scenario.boards)
        for b_index, board in enumerate(scenario.boards):
            self._boards.setdefault(board.id, b_index)
            base: PathKey = ("boards", b_index)
            self._paths[id(board)] = base
            for t_index, placement in enumerate(board.tiles):
                path = (*base, "tiles", t_index)
                self._paths[id(placement)] = path
                self._tiles.setdefault((board.id, placement.tile), path)
            for m_index, river in enumerate(board.river_markers):
                self._paths[id(river)] = (*base, "river_markers", m_index)
            for m_index, marker in enumerate(board.markers):
                self._paths[id(marker)] = (*base, "markers", m_index)
        for l_index, link in enumerate(scenario.links):
            self._paths[id(link)] = ("links", l_index)

    def of(self, item: object) -> PathKey:
        return self._paths.get(id(item), ())

    def board(self, board_id: str | None) -> PathKey:
        if board_id is None or board_id not in self._boards:
            return ()
        return ("boards", self._boards[board_id])

    def river_marker(self, scenario: Scenario, board_id: str | None, tile: str) -> PathKey:
        for board in scenario.boards:
            if board_id in (None, board.id):
                for river in board.river_markers:
                    if river.tile == tile:
                        return self.of(river)
        return ()

    def region(self, scenario: Scenario, region_id: str) -> PathKey:
        """Where a region is written: a marker on it, its tile, or its graph-only entry."""
        tile = region_id.rpartition(".")[0] or region_id
        if not self._graphs:  # (B005 asks for every printed lost tribe badly placed)
            first = self._first_tiles
            if first is None:
                first = self._first_tiles = {}
                for paths_key, path in self._tiles.items():
                    first.setdefault(paths_key[1], path)
            return first.get(tile, ())
        for b_index, board in enumerate(scenario.boards):
            if board.graph is not None:
                for r_index, spec in enumerate(board.graph.get("regions", [])):
                    if spec.get("id") == region_id:
                        return ("boards", b_index, "graph", "regions", r_index)
            for placement in board.tiles:
                if placement.tile == tile:
                    return self.of(placement)
        return ()

    def tile(self, board_id: str | None, tile: str) -> PathKey:
        if board_id is not None and (board_id, tile) in self._tiles:
            return self._tiles[(board_id, tile)]
        for (_, key), path in self._tiles.items():
            if key == tile:
                return path
        return self.board(board_id)


_NONE: list[Any] = []  # OnBoard.of_kind's answer for a kind not in play (never changed)


class OnBoard:
    """What is in play for one player count, each list in document order: every rule
    that asks reads these instead of testing each item's presence again."""

    __slots__ = ("_kinds", "_letters", "_tiles", "boards", "links", "markers")

    def __init__(self, doc: DocContext, players: int) -> None:
        scenario = doc.scenario
        least = scenario.players_min
        # per board: (board, its tiles in play, its river markers in play, its markers in play)
        # (every one of these items has a presence: DocContext.active's test, without its
        # lookups)
        # (most boards have no river markers, most files no links: no comprehension then)
        self.boards: list[tuple[Board, list[Placement], list[RiverMarker], list[Marker]]] = [
            (board, [p for p in board.tiles if p.presence.includes(players, least)],
             [r for r in board.river_markers if r.presence.includes(players, least)]
             if board.river_markers else [],
             [m for m in board.markers if m.presence.includes(players, least)])
            for board in scenario.boards]
        self.markers = [(board, m) for board, _, _, markers in self.boards for m in markers]
        self.links: list[tuple[int, Link]] = [
            (index, link) for index, link in enumerate(scenario.links)
            if link.presence.includes(players, least)] if scenario.links else []
        # made on the first question (few rules ask, and most only when something is off)
        self._tiles: list[tuple[Board, Placement]] | None = None
        self._letters: set[str] | None = None
        self._kinds: dict[str, list[tuple[Board, Marker]]] | None = None

    @property
    def tiles(self) -> list[tuple[Board, Placement]]:
        """Every tile in play with its board, in document order."""
        if self._tiles is None:
            self._tiles = [(board, p) for board, tiles, _, _ in self.boards for p in tiles]
        return self._tiles

    @property
    def letters(self) -> set[str]:
        """The letters of the tiles in play."""
        if self._letters is None:
            self._letters = {p.tile for _, tiles, _, _ in self.boards for p in tiles}
        return self._letters

    def of_kind(self, kind: str) -> list[tuple[Board, Marker]]:
        """The markers of ``kind`` in play, in document order (the shared list: do not
        change it). Six rules each look for one kind or two, most finding none: the markers
        are sorted by kind once, on the first question."""
        kinds = self._kinds
        if kinds is None:
            kinds = self._kinds = {}
            for item in self.markers:
                found = kinds.get(item[1].kind)
                if found is None:
                    kinds[item[1].kind] = [item]
                else:
                    found.append(item)
        return kinds.get(kind, _NONE)


@dataclass
class DocContext:
    loaded: LoadedScenario
    config: LintConfig
    enabled: frozenset[str]
    _on_board: dict[int, OnBoard] = field(default_factory=dict, repr=False, compare=False)
    # Results that hold for every player count of the document, shared by the rules.
    cache: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @property
    def scenario(self) -> Scenario:
        return self.loaded.scenario

    @_Kept
    def locate(self) -> Locator:
        return Locator(self.loaded.scenario)

    @_Kept
    def worlds(self) -> Worlds:
        """Each region's world (the balance rules count land world by world)."""
        return Worlds(self.loaded.scenario.boards)

    def active(self, item: Any, players: int) -> bool:
        presence = getattr(item, "presence", None)
        return presence is None or bool(presence.includes(players, self.scenario.players_min))

    def on_board(self, players: int) -> OnBoard:
        """What is in play for ``players``; computed once per count, as most rules ask
        (the document does not change during one lint)."""
        found = self._on_board.get(players)
        if found is None:
            found = self._on_board[players] = OnBoard(self, players)
        return found


_KIND = attrgetter("kind")


class RegionFacts:
    """What the geometry and balance rules ask of one count's regions, found in one pass over
    them (each rule walked every region again: land, counted, walkable, marked, lost tribes,
    empty land and the terrain and symbol tallies). Every list is in the realm's order.
    The land and counted regions are only counted in that pass (the rules ask how many);
    their lists are made when asked."""

    __slots__ = ("_counted", "_land", "_regions", "_water", "empty", "has_land", "land_start",
                 "marked", "marker_kinds", "misplaced", "starts", "symbols", "terrains",
                 "total", "underground_land", "underground_mountains", "walkable")

    def __init__(self, ctx: CountContext) -> None:
        water = ctx.config.balance.count_water
        apart: frozenset[str] | None = ctx.doc.cache.get("apart")
        if apart is None:  # (once per document)
            apart = ctx.doc.cache["apart"] = apart_boards(ctx.scenario.boards)
        # whether there is land; how many regions the balance rules count (land, and water
        # when configured; no chasms); the ones a race can move over (land and passable
        # rivers, never chasms, nothing on a necromancer-island board)
        has_land = False
        total = 0
        walkable: list[str] = []
        # regions with markers and their kinds; first conquests; lost tribes (printed or
        # laid) on a mountain or water (B005's); walkable land that is not a mountain and
        # holds no lost tribe or monsters
        marked: list[tuple[str, Region, set[str]]] = []
        marker_kinds: set[str] = set()  # every kind laid on some region (G008-G010 ask)
        starts: set[str] = set()
        misplaced: list[tuple[str, Region]] = []
        empty: list[str] = []
        # terrains of counted land, and symbols of counted regions (each once per region);
        # the counted land and mountains of underground boards (the 1/5 rule is per world)
        terrains: dict[str, int] = {}
        worlds = ctx.doc.worlds
        underground_land = underground_mountains = 0
        symbols: dict[str, int] = {}
        land_start = False
        kind_of = _KIND
        regions = ctx.realm.regions
        for rid, region in regions.items():
            region_symbols = region.symbols
            if region.markers:
                kinds = set(map(kind_of, region.markers))
                marked.append((rid, region, kinds))
                marker_kinds |= kinds
                tribe = "lost_tribe" in region_symbols or "lost_tribe" in kinds
                plain = not tribe and "monster_stack" not in kinds
            else:
                tribe = "lost_tribe" in region_symbols
                plain = not tribe
            if tribe and (region.kind != "land" or region.terrain == "mountain"):
                misplaced.append((rid, region))
            first = region.first_conquest
            if first:
                starts.add(rid)
            if region.kind == "land":
                has_land = True
                if first:
                    land_start = True
                if region.chasm:  # Region.counts_as_land, inlined in this hot loop
                    continue
                total += 1
                terrain = region.terrain
                terrains[terrain] = terrains.get(terrain, 0) + 1
                if worlds and worlds.is_below(region):
                    underground_land += 1
                    if terrain == "mountain":
                        underground_mountains += 1
                if region_symbols:
                    for symbol in (set(region_symbols) if len(region_symbols) > 1
                                   else region_symbols):
                        symbols[symbol] = symbols.get(symbol, 0) + 1
                if not walks_over(region, apart):
                    continue
                walkable.append(rid)
                if plain and terrain != "mountain":
                    empty.append(rid)
            elif not region.chasm:
                if water:
                    total += 1
                    for symbol in (set(region_symbols) if len(region_symbols) > 1
                                   else region_symbols):
                        symbols[symbol] = symbols.get(symbol, 0) + 1
                if walks_over(region, apart):
                    walkable.append(rid)
        self._regions = regions
        self._water = water
        self._land: list[Region] | None = None
        self._counted: list[Region] | None = None
        self.has_land = has_land
        self.total = total
        self.walkable = walkable
        self.marked = marked
        self.marker_kinds = marker_kinds
        self.starts = starts
        self.misplaced = misplaced
        self.empty = empty
        self.terrains = terrains
        self.underground_land = underground_land
        self.underground_mountains = underground_mountains
        self.symbols = symbols
        self.land_start = land_start

    @property
    def land(self) -> list[Region]:
        """The land regions (``has_land`` says whether there are any)."""
        if self._land is None:
            self._land = [region for region in self._regions.values()
                          if region.kind == "land"]
        return self._land

    @property
    def counted(self) -> list[Region]:
        """The regions the balance rules count (``total`` of them): land, and water when
        configured; no chasms."""
        if self._counted is None:
            water = self._water
            self._counted = [region for region in self._regions.values()
                             if not region.chasm and (water or region.kind == "land")]
        return self._counted


@dataclass
class CountContext:
    """One player count of one document.

    Its scenario, config, locator, what is on the board, realm, facts and adjacency are
    each found on the first read and then kept as a plain attribute: rules read them about
    sixty times a count, and a property (two, for the scenario) cost more per read than
    the read itself."""

    doc: DocContext
    players: int
    _realm: Realm | None = field(default=None, repr=False)
    # Per-count results several rules share (walkable graph, counted regions...).
    cache: dict[str, Any] = field(default_factory=dict, repr=False)

    @_Kept
    def scenario(self) -> Scenario:
        return self.doc.scenario

    @_Kept
    def config(self) -> LintConfig:
        return self.doc.config

    @_Kept
    def locate(self) -> Locator:
        return self.doc.locate

    @_Kept
    def on_board(self) -> OnBoard:
        return self.doc.on_board(self.players)

    @_Kept
    def realm(self) -> Realm:
        """The realm the engine gave (``_realm``), else derived on the first read."""
        if self._realm is not None:
            return self._realm
        from editor.topology import derive_realm

        return derive_realm(self.doc.loaded, self.players)

    @_Kept
    def facts(self) -> RegionFacts:
        """The count's region facts, found when a rule first asks (derives the realm)."""
        return RegionFacts(self)

    @_Kept
    def adjacency(self) -> Mapping[str, Iterable[str]]:
        """The graph of play as region -> neighbours: the realm's plain dicts (no networkx
        view per region, no networkx import)."""
        return self.realm.adjacency
