"""Derive the graph of play of a scenario for one player count.

Pipeline: lay out each board combinatorially (:mod:`boards`), merge water parts
into bodies, find holes from the occupied hexes, then fill the adjacency of the graph of
play and the per-region flags. Polygons are built with shapely only when one is first
read (cached per placement, so an editor change rebuilds only the tiles it touched), and
the networkx graph only when it is first asked for (:mod:`editor.topology.realm`): the
derivation itself imports neither shapely, numpy nor networkx.
"""

from __future__ import annotations

import gc
from bisect import bisect_left, bisect_right
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple

from editor import heap
from editor.geometry.templates import (
    AREA_SCALE,
    HALF_EDGE_LENGTH,
    RotatedSide,
    build_polygons,
    hex_polygons,
    rotate_segment,
)
from editor.model import lattice
from editor.model.catalogue import Catalogue, RegionTemplate, TileSide
from editor.model.rules import WaterBodyRule, entry_rules, holes_are_board_edge, water_rules
from editor.model.scenario import Board, Marker, Placement, Scenario, split_region_id
from editor.model.scenario_io import LoadedScenario
from editor.topology.boards import (
    BoardLayout,
    BoardTable,
    Cell,
    PlacedTile,
    lay_out_board,
    tabulate_board,
)
from editor.topology.realm import (
    Adjacency,
    BorderSegment,
    Hole,
    Problem,
    Realm,
    Region,
    RegionShape,
    Run,
    Shapes,
)
from editor.topology.unionfind import UnionFind

if TYPE_CHECKING:
    import numpy as np
    import shapely
    from numpy.typing import NDArray

LAND_OVERLAYS = {"mountain": "mountain", "black_mountain": "mountain"}
_OVERLAID = frozenset(LAND_OVERLAYS)
_LINKING = frozenset({"tunnel", "sky_access"})  # the marker kinds _links reads
COMPASS_DIRECTIONS = {"east": (0, 1, 5), "north": (1, 2), "west": (2, 3, 4), "south": (4, 5)}


def compass_extremes(cells: Iterable[Cell]) -> dict[str, frozenset[Cell]]:
    """The cells that lie furthest towards each compass side on their own line, for a
    ``compass_edge`` entry rule ("the western edges of the westernmost regions"): west and
    east along each hex row (no tile further west, or east, in that row), north and south
    along each column of hexes stacked straight above one another (same ``2q + r``)."""
    rows: dict[int, list[int]] = defaultdict(list)
    columns: dict[int, list[int]] = defaultdict(list)
    for q, r in cells:
        rows[r].append(q)
        columns[2 * q + r].append(r)
    west = frozenset((min(qs), r) for r, qs in rows.items())
    east = frozenset((max(qs), r) for r, qs in rows.items())
    north = frozenset(((x - min(rs)) // 2, min(rs)) for x, rs in columns.items())
    south = frozenset(((x - max(rs)) // 2, max(rs)) for x, rs in columns.items())
    return {"west": west, "east": east, "north": north, "south": south}


def _compass_sides(tiles: Mapping[Cell, object]) -> Callable[[Cell, int], list[str]]:
    """For a board's tiles: the compass sides an outer hex side (cell, direction) is on,
    counting only the tiles furthest that way on their line (:func:`compass_extremes`)."""
    extremes = compass_extremes(tiles)
    by_direction = [[side for side, dirs in COMPASS_DIRECTIONS.items() if d in dirs]
                    for d in range(6)]

    def sides(cell: Cell, direction: int) -> list[str]:
        return [side for side in by_direction[direction] if cell in extremes[side]]
    return sides


# Edge kinds while edges are gathered: one bit each, so adding a kind is an integer "or"
# and every edge of a given mix of kinds gets the one frozenset of that mix (a realm has
# tens of thousands of edges and a handful of mixes).
_INSIDE, _SEAM, _RIVER_MARKER, _COAST, _BORDER = 1, 2, 4, 8, 16
_KIND_BIT = {"inside": _INSIDE, "seam": _SEAM, "river_marker": _RIVER_MARKER,
             "coast": _COAST, "border": _BORDER}
_KINDS_OF = tuple(frozenset(kind for kind, bit in _KIND_BIT.items() if mask & bit)
                  for mask in range(32))
_BITS_OF = {kinds: mask for mask, kinds in enumerate(_KINDS_OF)}
# An edge of two land parts on the count-table path has its final kinds when it is made
# (nothing later adds a kind to it before the links), so it gets their frozenset at once
# and is not listed for the conversion at the end (see _borders_and_edges).
_FINAL_INSIDE = _KINDS_OF[_INSIDE]
_FINAL_SEAM = _KINDS_OF[_SEAM]
_FINAL_MARKED_SEAM = _KINDS_OF[_SEAM | _RIVER_MARKER]


EdgeData = dict[str, object]  # an edge's attributes in the graph: "kinds", "length"
_TWO_HALVES = HALF_EDGE_LENGTH + HALF_EDGE_LENGTH  # a whole side, summed half by half


class RealmDeriver:
    """Derives realms, caching placed polygons between calls (the editor keeps one)."""

    def __init__(self, cache_size: int = 50_000) -> None:
        # (id(side), rotation, q, r) -> the placed tile's part polygons and their measures
        self._tiles: dict[tuple[int, int, int, int], _TileShapes] = {}
        self._cached_parts = 0  # polygons held by _tiles, bounded by cache_size
        # water bodies of several parts: ids of the member polygons -> (those polygons,
        # which pins them so their ids cannot be reused, the union, its area and centroid)
        self._bodies: dict[tuple[int, ...], tuple[tuple[shapely.Geometry, ...],
                                                  shapely.Geometry,
                                                  tuple[float, lattice.Point]]] = {}
        # Keys hold id(side); keeping the sides alive here stops an id from being reused by
        # another catalogue's side (after a reload) while its polygons are still cached.
        self._sides: dict[int, object] = {}
        self._cache_size = cache_size
        # the counts of one file share their tables (see _count_table)
        self._count_tables: dict[object, _KeptTable] = {}
        self._last_table: tuple[object, _KeptTable] | None = None  # (key, the table) last used
        # how many of those tables were made: one per file whatever its counts (public, so
        # a test can tell that the counts share them)
        self.tables_made = 0

    # -- polygons -----------------------------------------------------------------------
    def _part_shapes(self, layouts: list[BoardLayout]) -> tuple[
            dict[str, shapely.Geometry], dict[str, tuple[float, lattice.Point]]]:
        """Each part's polygon, and its area and centroid (euclidean), in part order.

        Cached per placed tile, so an edit rebuilds only the tiles it touched and the
        player counts of one file share the tiles they have in common; the tiles not
        cached are built and measured in one shapely call each."""
        cache = self._tiles
        entries: list[tuple[PlacedTile, _TileShapes | None]] = []
        missing: list[PlacedTile] = []
        missing_keys: list[tuple[int, int, int, int]] = []
        made: list[_TileShapes] = []  # the missing tiles' shapes, in the same order
        for layout in layouts:
            for placed in layout.tiles.values():
                p = placed.placement
                key = (id(placed.side.side), p.rotation, p.q, p.r)
                shapes = cache.get(key)
                if shapes is None:
                    missing.append(placed)
                    missing_keys.append(key)
                entries.append((placed, shapes))
        if missing:
            rings: list[NDArray[np.float64]] = []
            offsets: list[lattice.Point] = []
            for placed in missing:
                centre = lattice.hex_centre(placed.placement.q, placed.placement.r)
                rings.extend(placed.side.rings)
                offsets.extend([centre] * len(placed.side.rings))
            array = build_polygons(rings, offsets)
            measures = _measure(array)
            built = array.tolist()
            start = 0
            for placed in missing:
                end = start + len(placed.side.rings)
                made.append(_TileShapes(tuple(built[start:end]), tuple(measures[start:end])))
                start = end
            # More new parts than the cache holds are not cached: the next derivation
            # with any change would clear them all before a single hit (at 50,000 tiles
            # caching them was 50,000 keys and entries of pure cost).
            if len(built) <= self._cache_size:
                if self._cached_parts + len(built) > self._cache_size:
                    cache.clear()
                    self._sides.clear()
                    self._bodies.clear()
                    self._cached_parts = 0
                for key, placed, shapes in zip(missing_keys, missing, made, strict=True):
                    cache[key] = shapes
                    self._sides[key[0]] = placed.side.side  # pin the side the key names
                self._cached_parts += len(built)
        fresh = iter(made)
        polygons: dict[str, shapely.Geometry] = {}
        part_measures: dict[str, tuple[float, lattice.Point]] = {}
        for placed, shapes in entries:
            if shapes is None:
                shapes = next(fresh)
            names = placed.part_ids
            for lid, polygon, measure in zip(placed.side.local_ids, shapes.polygons,
                                             shapes.measures, strict=True):
                part = names[lid]
                polygons[part] = polygon
                part_measures[part] = measure
        return polygons, part_measures

    # -- main entry ---------------------------------------------------------------------
    def derive(self, loaded: LoadedScenario, players: int) -> Realm:
        # heap.no_cyclic_gc written out: lint derives every count of every file through here,
        # and the generator context manager cost more than some of the passes
        was_enabled = gc.isenabled()
        gc.disable()
        try:
            return self._derive(loaded, players)
        finally:
            if was_enabled:
                heap.collector_back_on()

    def _derive(self, loaded: LoadedScenario, players: int) -> Realm:
        scenario, catalogue = loaded.scenario, loaded.catalogue
        smin = scenario.players_min
        problems: list[Problem] = []
        layouts: list[BoardLayout] = []
        graph_boards: list[Board] = []
        table = None
        if len(scenario.player_counts) > 1 and \
                sum(len(board.tiles) for board in scenario.boards) <= _TABLE_TILES:
            table = self._count_table(scenario, catalogue)
        tables: list[BoardTable] | None = None
        if table is not None and players in table.counts:
            bit = 1 << players
            tables = table.boards
            for board in scenario.boards:
                if board.is_graph_only:
                    graph_boards.append(board)
                    continue
                layout = tables[len(layouts)].layout(board, players, smin)
                problems.extend(layout.problems)
                layouts.append(layout)
        else:  # one count, a big realm, a count not listed, or a tile or hex used twice
            bit = 1
            letters: dict[str, tuple[Board, Placement]] = {}
            for board in scenario.boards:
                if board.is_graph_only:
                    graph_boards.append(board)
                    continue
                layout = lay_out_board(board, catalogue, players, smin, letters)
                problems.extend(layout.problems)
                layouts.append(layout)
        return _Assembly(self, scenario, catalogue, players, layouts, graph_boards,
                         problems, tables, bit).run()

    def _count_table(self, scenario: Scenario, catalogue: Catalogue) -> _CountTable | None:
        """The boards' tables for every player count of ``scenario``, kept for the few files
        derived last; None when a tile or hex is used twice (or the table cannot be made:
        the counts then meet the problem one by one, as before).

        The key is exactly what the tables are made of: the catalogue (its object, and each
        placed side checked to be the one the table holds), the player range, each board's
        id and kind, and each placement object with its current values, so an edit in place
        or a new placement object makes a new table and a cached one is never stale."""
        # Built for every count of every file, so written out: one tuple per placement of
        # its id and values (attribute reads, not an attrgetter of dotted paths), and the
        # table derived last is compared first (no hashing of the key on a hit).
        key: list[object] = [id(catalogue), scenario.players_min, scenario.players_max]
        for board in scenario.boards:
            if board.graph is not None:  # graph-only
                key.append((board.id, True))
                continue
            key.append(board.id)
            key.append(tuple([(id(p), p.tile, p.side, p.q, p.r, p.rotation,
                               p.presence.min_players, p.presence.players)
                              for p in board.tiles]))
        whole = tuple(key)
        tables = self._count_tables
        last = self._last_table
        known = last[1] if last is not None and last[0] == whole else tables.get(whole)
        if known is not None:
            side_of = catalogue.tiles
            for letter, name, side in known.sides:
                if side_of[letter].sides[name] is not side:  # catalogue.side, inlined
                    break
            else:
                self._last_table = (whole, known)
                return known.table
            del tables[whole]
            self._last_table = None
        table = _CountTable.make(scenario, catalogue)
        self.tables_made += 1
        if len(tables) >= _COUNT_TABLES_KEPT:
            del tables[next(iter(tables))]
        kept = tables[whole] = _KeptTable(
            catalogue, table, () if table is None else tuple(
                entry for board in table.boards for entry in board.sides))
        self._last_table = (whole, kept)
        return table


# Lint derives the counts of one file one after the other and the editor one file at a time:
# a few tables are plenty. A file of one count has nothing to share, and a very big realm
# derives each count from scratch rather than keeping its tables.
_COUNT_TABLES_KEPT = 4
_TABLE_TILES = 5_000


class _CountTable(NamedTuple):
    """The tables of a scenario's tile boards (in order) for the counts it lists."""

    counts: tuple[int, ...]
    boards: list[BoardTable]

    @classmethod
    def make(cls, scenario: Scenario, catalogue: Catalogue) -> _CountTable | None:
        counts = scenario.player_counts
        try:
            if not counts or min(counts) < 0 or max(counts) > 62:
                return None
            # a presence's mask depends on its values, the counts and the scenario's
            # minimum alone: files with the same counts share the masks found so far
            mask_of = _MASKS.get((counts, scenario.players_min))
            if mask_of is None:
                if len(_MASKS) >= 64:
                    _MASKS.clear()
                mask_of = _MASKS[counts, scenario.players_min] = {}
            elif len(mask_of) >= 1_000:
                mask_of.clear()
            letters: set[str] = set()
            boards: list[BoardTable] = []
            for board in scenario.boards:
                if board.is_graph_only:
                    continue
                table = tabulate_board(board, catalogue, mask_of, counts,
                                       scenario.players_min, letters)
                if table is None:
                    return None
                boards.append(table)
        except Exception:  # whatever the derivation of a count makes of it, as before
            return None
        return cls(counts, boards)


# (counts, scenario minimum) -> {(min_players, players) of a presence: its mask of counts}
_MASKS: dict[tuple[tuple[int, ...], int], dict[object, int]] = {}


class _KeptTable(NamedTuple):
    catalogue: Catalogue  # pinned: its id is in the key
    table: _CountTable | None
    # each placed tile's letter and side name, and the side the table used
    sides: tuple[tuple[str, str, TileSide], ...]


# The rules of a scenario without a water or entry section (an empty or non-dict one reads
# as absent): frozen, so every derivation of such a file shares them.
_DEFAULT_WATER = water_rules(Scenario("", 0, 0))
_DEFAULT_ENTRY = entry_rules(Scenario("", 0, 0))


class _Assembly:
    """One derivation run; holds the intermediate tables so each step stays small."""

    def __init__(self, deriver: RealmDeriver, scenario: Scenario, catalogue: Catalogue,
                 players: int, layouts: list[BoardLayout], graph_boards: list[Board],
                 problems: list[Problem], tables: list[BoardTable] | None,
                 bit: int) -> None:
        self.deriver = deriver
        # each layout's table (the file's, shared by its counts) and this count's mask bit;
        # without tables (one count, a big realm) the layouts are walked as they are
        self.tables = tables
        self.bit = bit
        self.scenario = scenario
        self.catalogue = catalogue
        self.players = players
        self.layouts = layouts
        self.graph_boards = graph_boards
        self.problems = problems
        # most files have neither section: their default rules are shared (frozen values)
        sections = scenario.sections
        self.water = water_rules(scenario) if sections.get("water") else _DEFAULT_WATER
        self.rules = entry_rules(scenario) if sections.get("entry") else _DEFAULT_ENTRY
        self.part_region: dict[str, str] = {}
        self.regions: dict[str, Region] = {}
        # region -> neighbour -> the edge's data dict (one per edge, shared by both ends),
        # in the order the edges are found: the graph's adjacency as networkx keeps it.
        # "kinds" holds _KIND_BIT bits until the graph is built.
        self.adjacent: dict[str, dict[str, EdgeData]] = {}
        self.edge_data: list[EdgeData] = []  # every edge's data, for the kinds at the end
        # (land regions, their neighbour dicts, water regions), each in the regions' order,
        # when those are all the regions (see _make_regions), else None
        self.by_kind: tuple[list[Region], list[dict[str, EdgeData]], list[Region]] | None = None
        self._land: list[Region] = []
        self._land_nears: list[dict[str, EdgeData]] = []
        self._water: list[Region] = []
        # a big realm's neighbour dicts in the order of ``regions`` (see _aligned_nears)
        self.region_nears: list[dict[str, EdgeData]] = []
        self._linking = True  # whether a region has a tunnel or access marker (see _links)
        # the chasm regions (only markers make one, see _apply_markers): their edges go
        self._chasms: list[str] = []
        # letters placed on any board (any count) and graph-only region ids of the scenario
        self._named: tuple[set[str], set[str]] | None = None

    def run(self) -> Realm:
        self._merge_water()
        self._make_regions()
        self._geometry()
        self._borders_and_edges()
        holes = self._holes_and_edge_flags()
        self._graph_boards()
        self._apply_markers()
        self._water_kinds()
        if self.by_kind is not None and self._one_edge_rule():
            self._land_flags()  # most counts: both passes below in one walk
        else:
            self._coasts()
            self._first_conquests()
        adjacency = self._graph()  # borders only: links are added after coasts and entries
        self._links()
        adjacent = self.adjacent
        for rid in self._chasms:  # all its edges go, as networkx's remove_edges_from would
            near = adjacent[rid]
            for other in list(near):
                del near[other]
                if other != rid:
                    del adjacent[other][rid]
        realm = Realm(self.scenario, self.catalogue, self.players,
                      {rid: self.regions[rid] for rid in self.sorted_ids}, adjacency, holes,
                      self.problems,
                      self.part_region,
                      {lay.board.id: lay.placements() for lay in self.layouts},
                      self.shapes)
        realm._border_source = self._border_builder()
        return realm

    # -- water bodies -------------------------------------------------------------------
    def _merge_water(self) -> None:
        self._lone = False  # whether every water part is a body of its own (count tables)
        if self.tables is None:
            self.uf = UnionFind()
            self._merge_layouts_water()
            return
        ignore_markers = self.water.merge in ("all_one_sea", "rivers_one_region")
        bit = self.bit
        joins: list[tuple[str, str]] = []
        for layout, table in zip(self.layouts, self.tables, strict=True):
            marked = layout.marked_seams if not ignore_markers else None
            for a, b, cell, direction, mask in table.water_seams:
                if mask & bit:
                    if marked and _seam_cells(cell, direction) in marked:
                        continue
                    joins.append((a, b))
        if not joins:  # most counts: every water part is a body of its own (_make_regions)
            self._lone = True
            return
        # A body's root is its smallest part id and its parts are in the order added,
        # whatever the order of the unions: the parts first, in row order, then the joins.
        uf = self.uf = UnionFind()
        add = uf.adder()
        for table in self.tables:
            for mask, facts in table.rows:
                if mask & bit:
                    for part in facts.water_parts:
                        add(part, part)
        for a, b in joins:
            uf.union(a, b)

    def _merge_layouts_water(self) -> None:
        # a big realm: each part's water flag and each side's halves come from the turned
        # side's own small table (see _side_local), not from realm-wide sets of part ids
        uf = self.uf
        add, union = uf.add, uf.union
        ignore_markers = self.water.merge in ("all_one_sea", "rivers_one_region")
        for layout in self.layouts:
            for placed in layout.tiles.values():
                placed.local = local = _side_local(placed.side)
                if local.any_water:
                    names = placed.part_ids
                    for lid, wet in zip(local.ids, local.water, strict=True):
                        if wet:
                            add(names[lid])
            marked = layout.marked_seams if not ignore_markers else None
            for placed, other, direction in layout.sides:
                here, there = placed.local, other.local
                if not (here.any_water and there.any_water):
                    continue
                own0, own1 = here.owner[direction]
                face0, face1 = there.owner[direction + 3]
                wet0 = here.water[own0] and there.water[face1]
                wet1 = here.water[own1] and there.water[face0]
                if not (wet0 or wet1):
                    continue
                if marked and _seam_cells(placed.cell, direction) in marked:
                    continue
                names, theirs = placed.part_ids, other.part_ids
                if wet0:
                    union(names[here.ids[own0]], theirs[there.ids[face1]])
                if wet1:
                    union(names[here.ids[own1]], theirs[there.ids[face0]])

    def _make_regions(self) -> None:
        if self.tables is None:
            self._make_layouts_regions()
            return
        # without a join every water part is its own body (see _merge_water)
        root_of, bodies = (None, {}) if self._lone else self.uf.roots()
        bit = self.bit
        part_region, regions, adjacent = self.part_region, self.regions, self.adjacent
        # Each region gets the realm's polygons (see _geometry) and its neighbour dict as it
        # is made, and is listed by kind with them: the passes over land or water regions
        # walk these lists instead of looking each region and its dict up by id.
        several: list[tuple[str, tuple[str, ...]]] = []  # water bodies of several parts
        shapes = self.shapes = Shapes(self._shape_builder(several, every=False))
        land, land_nears, water = self._land, self._land_nears, self._water
        add_land, add_near, add_water = land.append, land_nears.append, water.append
        for layout, table in zip(self.layouts, self.tables, strict=True):
            board, known = layout.board.id, table.bodies
            for mask, facts in table.rows:
                if not mask & bit:
                    continue
                own = facts.own_regions
                if own:  # a tile without water: every part is its own land region
                    part_region.update(own)
                    for part, _, args in facts.parts:
                        region = regions[part] = Region(
                            part, board, "land", *args)  # type: ignore[misc]
                        region._shapes = shapes
                        add_land(region)
                        near = adjacent[part] = {}
                        add_near(near)
                    continue
                for part, _, args in facts.parts:
                    if args is not None:
                        part_region[part] = part
                        region = regions[part] = Region(part, board, "land", *args)
                        add_land(region)
                        near = adjacent[part] = {}
                        add_near(near)
                    elif root_of is None:  # a water part without joins: a body of its own
                        part_region[part] = part
                        region = regions[part] = Region(
                            part, board, "water", "water", "water", (), (),
                            *facts.lone_bodies[part])
                        add_water(region)
                        adjacent[part] = {}
                    else:
                        root = part_region[part] = root_of[part]
                        if root != part:
                            continue
                        # the counts of a file mostly have the same bodies
                        found = tuple(bodies[root])
                        body = known.get(found)
                        if body is None:
                            members = tuple(sorted(found))
                            body = known[found] = (members, tuple(sorted(
                                {split_region_id(m)[0] for m in members})))
                        region = regions[root] = Region(
                            root, board, "water", "water", "water", (), (), *body)
                        if len(body[0]) > 1:
                            several.append((root, body[0]))
                        add_water(region)
                        adjacent[root] = {}
                    region._shapes = shapes
        # without graph-only boards (whose regions come later) these are all the regions
        if not self.graph_boards:
            self.by_kind = (land, land_nears, water)

    def _make_layouts_regions(self) -> None:
        """Regions of a big realm (or of one count), in part order, and the edges inside
        each tile (all of them come before any seam's, as they always did). Each region's
        neighbour dict is made with it, and every placed tile keeps its parts' region ids
        and neighbour dicts (``rids``, ``nears``) for the seams: no realm-wide table keyed
        by part or region id is probed per border end."""
        bodies = self.uf.groups()
        find = self.uf.find
        part_region, regions, adjacent = self.part_region, self.regions, self.adjacent
        found = self.edge_data.append
        region_nears = self.region_nears.append
        for layout in self.layouts:
            board = layout.board.id
            for placed in layout.tiles.values():
                local = placed.local
                names = placed.part_ids
                rids: list[str] = []
                nears: list[dict[str, EdgeData]] = []
                water = local.water
                for index, lid in enumerate(local.ids):
                    part = names[lid]
                    if water[index]:
                        root = find(part)
                        part_region[part] = root
                        rids.append(root)
                        near = adjacent.get(root)
                        if near is None:  # the body's dict, made at its first part
                            near = adjacent[root] = {}
                        nears.append(near)
                        if root != part:
                            continue
                        region_nears(near)
                        members = tuple(sorted(bodies[root]))
                        regions[root] = Region(
                            root, board, "water", "water", "water", (), (), members,
                            tuple(sorted({split_region_id(m)[0] for m in members})))
                    else:
                        template = local.templates[index]
                        part_region[part] = part
                        rids.append(part)
                        near = adjacent[part] = {}
                        nears.append(near)
                        region_nears(near)
                        regions[part] = Region(
                            part, board, "land", template.terrain, template.terrain,
                            template.symbols, (), (part,), (placed.placement.tile,))
                placed.rids, placed.nears = rids, nears
                for ia, ib, length, coast in local.internal:
                    a, b = rids[ia], rids[ib]
                    if a != b:
                        near = nears[ia]
                        data = near.get(b)
                        if data is None:
                            data = {"kinds": _INSIDE | _COAST if coast else _INSIDE,
                                    "length": 0.0 + length}
                            near[b] = nears[ib][a] = data
                            found(data)
                        else:
                            data["kinds"] |= _INSIDE
                            data["length"] += length

    def _aligned_nears(self) -> list[dict[str, EdgeData]] | None:
        """Each region's neighbour dict in the order of ``regions`` when every region is a
        tile region of a big realm (no graph-only board): the passes over all regions read
        them side by side instead of looking each region's up in :attr:`adjacent`."""
        nears = self.region_nears
        return nears if nears and len(nears) == len(self.regions) else None

    def _geometry(self) -> None:
        """Give every region made from tiles (all regions so far) the realm's polygons,
        built for all of them when the first is read: lint never reads them. (The count
        table's regions were given them as they were made.)"""
        if self.tables is not None:
            return
        regions = self.regions
        shapes = self.shapes = Shapes(self._shape_builder(
            [(rid, region.parts) for rid, region in regions.items()], every=True))
        for region in regions.values():
            region._shapes = shapes

    def _shape_builder(self, members: list[tuple[str, tuple[str, ...]]], every: bool
                       ) -> Callable[[], tuple[dict[str, shapely.Geometry],
                                               dict[str, RegionShape]]]:
        """What builds the polygons later: every part's polygon, and each tile region's
        polygon, area and centroid, exactly as the derivation used to build them. It holds
        the layouts and each region's id and parts (``members``), never a region (no
        reference cycle). Unless ``every``, the members are only the regions of several
        parts (water bodies; filled by the caller before the first build): every other
        tile region is one part, its id the part's (the count table's regions, which list
        none per count)."""
        deriver, layouts = self.deriver, self.layouts

        def build() -> tuple[dict[str, shapely.Geometry], dict[str, RegionShape]]:
            with heap.no_cyclic_gc():
                polygons, measures = deriver._part_shapes(layouts)
                bodies = deriver._bodies
                shapes: dict[str, RegionShape] = {}
                merged: list[tuple[str, tuple[int, ...], tuple[shapely.Geometry, ...],
                                   shapely.Geometry]] = []
                if not every:
                    in_bodies = {part for _, parts in members for part in parts}
                    for part, polygon in polygons.items():
                        if part not in in_bodies:
                            area, centroid = measures[part]
                            shapes[part] = (polygon, area, centroid)
                for rid, parts in members:
                    if len(parts) == 1:
                        area, centroid = measures[parts[0]]
                        shapes[rid] = (polygons[parts[0]], area, centroid)
                        continue
                    # A water body of several parts: the player counts of a file mostly
                    # share their bodies, so each union (and its measures) is cached by
                    # its members.
                    group = tuple(polygons[p] for p in parts)
                    key = tuple(map(id, group))
                    known = bodies.get(key)
                    if known is not None:
                        shapes[rid] = (known[1], *known[2])
                    else:
                        import shapely

                        merged.append((rid, key, group, shapely.coverage_union_all(group)))
                if merged:
                    for (rid, key, group, union), measure in zip(
                            merged, _measure([m[3] for m in merged]), strict=True):
                        shapes[rid] = (union, *measure)
                        bodies[key] = (group, union, measure)
                    if len(bodies) > deriver._cache_size:
                        bodies.clear()
            return polygons, shapes

        return build

    # -- adjacency ----------------------------------------------------------------------
    def _add_edge(self, a: str, b: str, kind: str, length: float) -> EdgeData:
        """Add ``kind`` and ``length`` to the edge a-b, made if new (a graph-only board's
        edge: whether it is a coast is decided at the end of :meth:`_graph_boards`)."""
        data = self.adjacent[a].get(b)
        if data is None:
            data = {"kinds": _KIND_BIT[kind], "length": 0.0 + length}
            self.adjacent[a][b] = self.adjacent[b][a] = data
            self.edge_data.append(data)
            return data
        kinds = data["kinds"]
        if kinds.__class__ is frozenset:  # made final (see _FINAL_INSIDE): bits again
            kinds = _BITS_OF[kinds]
            self.edge_data.append(data)
        data["kinds"] = kinds | _KIND_BIT[kind]  # type: ignore[operator]
        data["length"] += length  # type: ignore[operator]
        return data

    def _borders_and_edges(self) -> None:
        # The edges go straight into the adjacency the graph will hold (no table keyed by
        # region pairs in between: at 50,000 tiles those tables no longer fit in the CPU
        # caches). _add_edge inlined: this loop runs for every border and
        # seam of the realm. The lengths are added in the same order as before
        # (floating-point sums must not move); an edge is a coast when it is made (region
        # kinds are final by now).
        pr, found = self.part_region, self.edge_data.append
        adjacent = self.adjacent
        if self.tables is None:  # the regions' neighbour dicts are made with them
            self._borders_one_by_one()
            return
        bit = self.bit  # (the regions' neighbour dicts are made with them)
        data: EdgeData | None
        for layout, table in zip(self.layouts, self.tables, strict=True):
            # region kinds are part kinds: whether an edge is a coast is known per border,
            # and a border of two land parts joins the parts' own regions
            for mask, facts in table.rows:
                if not mask & bit:
                    continue
                if facts.own_regions:  # no water: every border is new (see below)
                    for a, b, length in facts.land_internal:
                        adjacent[a][b] = adjacent[b][a] = {"kinds": _FINAL_INSIDE,
                                                           "length": length}
                    continue
                for a, b, length, coast, land in facts.internal:
                    if land:  # new: one entry per pair of land parts, summed (_tile_facts)
                        adjacent[a][b] = adjacent[b][a] = {"kinds": _FINAL_INSIDE,
                                                           "length": length}
                        continue
                    a, b = pr[a], pr[b]
                    if a == b:
                        continue
                    near = adjacent[a]
                    data = near.get(b)
                    if data is None:
                        data = {"kinds": _INSIDE | _COAST if coast else _INSIDE,
                                "length": 0.0 + length}
                        near[b] = adjacent[b][a] = data
                        found(data)
                    else:
                        data["kinds"] |= _INSIDE  # type: ignore[operator]
                        data["length"] += length  # type: ignore[operator]
            marked = layout.marked_seams
            for a, b, cell, direction, mask, coast, land, halves in table.seam_rows:
                if not mask & bit:
                    continue
                if land:
                    # Two land parts of two tiles meet on one side of the board only, in
                    # one row (halves 2) or two rows of different pairs: always a new edge.
                    adjacent[a][b] = adjacent[b][a] = {
                        "kinds": _FINAL_MARKED_SEAM
                        if marked and _seam_cells(cell, direction) in marked
                        else _FINAL_SEAM,
                        "length": HALF_EDGE_LENGTH if halves != 2 else _TWO_HALVES}
                    continue
                a, b = pr[a], pr[b]
                if a == b:
                    continue
                near = adjacent[a]
                data = near.get(b)
                if data is None:
                    # both halves: HALF_EDGE_LENGTH, then += HALF_EDGE_LENGTH, as before
                    data = {"kinds": _SEAM | _COAST if coast else _SEAM,
                            "length": HALF_EDGE_LENGTH if halves != 2 else _TWO_HALVES}
                    near[b] = adjacent[b][a] = data
                    found(data)
                else:
                    data["kinds"] |= _SEAM  # type: ignore[operator]
                    data["length"] += HALF_EDGE_LENGTH  # type: ignore[operator]
                    if halves == 2:  # one half at a time: the sum rounds as before
                        data["length"] += HALF_EDGE_LENGTH  # type: ignore[operator]
                if marked and _seam_cells(cell, direction) in marked:
                    data["kinds"] |= _RIVER_MARKER  # type: ignore[operator]

    def _borders_one_by_one(self) -> None:
        # The seams (the edges inside tiles came with the regions): each placed tile holds
        # its parts' region ids and neighbour dicts and its turned side's facts (coasts),
        # so no realm-wide table is probed per border end (at 50,000 tiles those tables are
        # far bigger than the CPU caches). Same edges, kinds and sums, in the same order.
        found = self.edge_data.append
        for layout in self.layouts:
            marked = layout.marked_seams
            for placed, other, direction in layout.sides:
                here, there = placed.local, other.local
                own0, own1 = here.owner[direction]
                face0, face1 = there.owner[direction + 3]
                rids, theirs = placed.rids, other.rids
                # half 0 (from our corner d) meets their half 1, then our half 1 their half 0
                for own, face in ((own0, face1), (own1, face0)):
                    a, b = rids[own], theirs[face]
                    if a == b:
                        continue
                    near = placed.nears[own]
                    data = near.get(b)
                    if data is None:
                        data = {"kinds": _SEAM | _COAST
                                if here.water[own] != there.water[face] else _SEAM,
                                "length": HALF_EDGE_LENGTH}
                        near[b] = other.nears[face][a] = data
                        found(data)
                    else:
                        data["kinds"] |= _SEAM
                        data["length"] += HALF_EDGE_LENGTH
                    if marked and _seam_cells(placed.cell, direction) in marked:
                        data["kinds"] |= _RIVER_MARKER

    def _holes_and_edge_flags(self) -> list[Hole]:
        holes: list[Hole] = []
        # region -> the compass sides it lies on (an outer side of a tile furthest that way)
        self.outer_facing: dict[str, set[str]] = defaultdict(set)
        # only a compass_edge entry rule reads the sides; without one, and without
        # holes, a region is on the board edge when one of its parts has an outer side
        facing_read = self.rules is not _DEFAULT_ENTRY and any(
            rule.kind == "compass_edge" for rule in self.rules)
        self.hole_cells: dict[Cell, str] = {}
        bit = self.bit
        for index, layout in enumerate(self.layouts):
            table = self.tables[index] if self.tables is not None else None
            runs_of: dict[str, tuple[Run, ...]] = {}
            hole_of = _find_holes(layout, runs_of) if table is None \
                else _find_holes(layout, runs_of, enclosing=True) \
                if table.may_have_holes(bit) else {}
            pr, by_id, facing = self.part_region, self.regions, self.outer_facing
            if table is not None and not hole_of and not facing_read:
                for part, mask in table.edge_parts:
                    if mask & bit:
                        by_id[pr[part]].board_edge = True
                continue
            edge_counts = holes_are_board_edge(self.scenario)
            board_holes: dict[str, set[str]] = defaultdict(set)
            sides_of = _compass_sides(layout.tiles) if facing_read else None
            for part, cell, direction, _, empty in layout.outer:
                rid = pr[part]
                hole_id = hole_of.get(empty) if hole_of else None
                if hole_id is None:
                    by_id[rid].board_edge = True
                    if sides_of is not None:
                        facing[rid].update(sides_of(cell, direction))
                else:
                    board_holes[hole_id].add(rid)
                    if edge_counts:
                        self.regions[rid].board_edge = True
            for hole_id in sorted(runs_of):
                regions = tuple(sorted(board_holes[hole_id]))
                holes.append(Hole(hole_id, layout.board.id, runs_of[hole_id], regions))
                for rid in regions:
                    self.regions[rid].holes += (hole_id,)
            self.hole_cells.update(hole_of)
        return holes

    def _graph_boards(self) -> None:
        borders: list[tuple[str, str, EdgeData]] = []
        for board in self.graph_boards:
            assert board.graph is not None
            for spec in board.graph["regions"]:
                terrain = spec["terrain"]
                water = terrain in ("river", "sea", "lake")
                region = Region(spec["id"], board.id, "water" if water else "land", terrain,
                                terrain, tuple(spec.get("symbols", ())), (), (spec["id"],))
                region.board_edge = bool(spec.get("board_edge", False))
                if water:
                    region.water_kind = terrain
                    region.entry_edge = bool(spec.get(
                        "entry_edge", terrain == "sea" and region.board_edge))
                region.impassable = bool(spec.get("impassable", False))
                if "first_conquest_for" in spec:  # per race group, as the engine format says
                    region.first_conquest_for = frozenset(spec["first_conquest_for"])
                    region.first_conquest = bool(region.first_conquest_for)
                elif "first_conquest" in spec:
                    region.first_conquest = bool(spec["first_conquest"])
                    region.first_conquest_for = frozenset({"all"}) if region.first_conquest \
                        else frozenset()
                self.regions[spec["id"]] = region
                self.part_region[spec["id"]] = spec["id"]
                self.adjacent.setdefault(spec["id"], {})
            for a, b in board.graph["edges"]:
                if a in self.regions and b in self.regions and a != b:
                    borders.append((a, b, self._add_edge(a, b, "border", 0.0)))
                else:
                    self.problems.append(Problem(
                        "missing-reference", f"graph edge {a}-{b} names an unknown region "
                        "or joins a region to itself", board.id, regions=(a, b),
                        hint="fix the edge list"))
        for a, b, data in borders:
            if self.regions[a].kind != self.regions[b].kind:
                data["kinds"] |= _COAST  # type: ignore[operator]

    # -- markers and flags --------------------------------------------------------------
    def _apply_markers(self) -> None:
        attached: dict[str, list[Marker]] = {}
        players, smin, part_region = self.players, self.scenario.players_min, self.part_region
        for board in self.scenario.boards:
            for marker in board.markers:
                if marker.region is None:
                    continue
                # Presence.includes, inlined: every marker of every count asks
                presence = marker.presence
                listed = presence.players
                if listed is not None:
                    if players not in listed:
                        continue
                elif players < (presence.min_players if presence.min_players is not None
                                else smin):
                    continue
                rid = part_region.get(marker.region)
                if rid is None:
                    if self._reference_missing(marker.region, marker.presence.min_players,
                                               marker.presence.players):
                        self.problems.append(Problem(
                            "missing-reference",
                            f"{marker.kind} marker on {marker.region}, a region that is not "
                            f"on the board for {self.players} players", board.id,
                            regions=(marker.region,),
                            hint="move the marker to an existing region"))
                    continue
                on = attached.get(rid)
                if on is None:
                    attached[rid] = [marker]
                else:
                    on.append(marker)
        regions = self.regions
        linking = False
        chasms = self._chasms
        for rid, markers in attached.items():
            region = regions[rid]
            region.markers = tuple(markers)
            if len(markers) == 1:  # most marked regions: the same, without a set of kinds
                kind = markers[0].kind
                if kind in _OVERLAID:
                    if region.kind == "land":
                        region.terrain = LAND_OVERLAYS[kind]
                elif kind == "chasm":
                    region.chasm = True
                    region.impassable = True
                    chasms.append(rid)
                elif kind in _LINKING:
                    linking = True
                continue
            kinds = {m.kind for m in markers}
            if region.kind == "land":
                for kind in kinds & _OVERLAID:
                    region.terrain = LAND_OVERLAYS[kind]
            if "chasm" in kinds:
                region.chasm = True
                region.impassable = True
                chasms.append(rid)
            if not kinds.isdisjoint(_LINKING):
                linking = True
        self._linking = linking  # only these markers place links (see _links)

    def _reference_missing(self, ref: str, min_players: int | None,
                           players: tuple[int, ...] | None) -> bool:
        """Explicitly timed items must find their region; untimed ones follow their tile."""
        if min_players is not None or players is not None:
            return True
        if self._named is None:  # built on the first question, once per derivation
            boards = self.scenario.boards
            self._named = ({p.tile for b in boards for p in b.tiles},
                           {r["id"] for b in boards if b.graph for r in b.graph["regions"]})
        placed_tiles, graph_regions = self._named
        tile, _ = split_region_id(ref)
        return tile not in placed_tiles and ref not in graph_regions

    def _water_kinds(self) -> None:
        overrides: dict[str, WaterBodyRule] = {}
        for body in self.water.bodies:
            rid = self.part_region.get(body.region)
            if rid is None:
                if self._reference_missing(body.region, None, None):
                    self.problems.append(Problem(
                        "missing-reference", f"water rule names {body.region}, which is not "
                        "a region of this scenario", regions=(body.region,),
                        hint="name a water part id such as C.s2"))
                continue
            overrides[rid] = body
        # the kind of a body no rule names (None: sea on the board edge, else lake), and the
        # rules' other values, read once rather than per body
        water = self.water
        merge, default_kind, seas = water.merge, water.default_kind, water.seas_are_entry_edges
        fixed: str | None = None
        if merge == "all_one_sea":
            fixed = "sea"
        elif merge == "rivers_one_region" or default_kind == "river":
            fixed = "river"
        elif default_kind in ("sea", "lake"):
            fixed = default_kind
        regions = self.regions
        for rid, region in ([(region.id, region) for region in self.by_kind[2]]
                            if self.by_kind is not None else regions.items()):
            if region.kind != "water" or region.water_kind is not None:
                continue
            rule = overrides.get(rid) if overrides else None
            if rule is not None and rule.kind:
                kind = rule.kind
            elif fixed is not None:
                kind = fixed
            else:
                kind = "sea" if region.board_edge else "lake"
            region.water_kind = kind
            region.terrain = kind
            entry = kind == "sea" and region.board_edge and seas
            if rule is not None and rule.entry_edge is not None:
                entry = rule.entry_edge and kind == "sea"
            region.entry_edge = entry
            if rule is not None and rule.impassable:
                region.impassable = True

    def _one_edge_rule(self) -> bool:
        """Whether the entry rules are one board-edge rule for every board (the default
        rule, most files): :meth:`_land_flags` and :meth:`_first_conquests` inline it."""
        rules = self.rules
        return len(rules) == 1 and rules[0].kind == "board_edge" and rules[0].board is None

    def _land_flags(self) -> None:
        """:meth:`_coasts` then :meth:`_first_conquests` for tile boards alone (``by_kind``)
        under the default entry rule alone, in one walk over the land regions: the same
        flags, set region by region instead of pass by pass."""
        assert self.by_kind is not None
        land, land_nears, water = self.by_kind
        wet = {region.id for region in water if region.water_kind in ("sea", "lake")}
        entry = self.entry_regions = {region.id for region in water if region.entry_edge}
        allowed = frozenset({self.rules[0].applies_to})
        none: frozenset[str] = frozenset()
        for region in water:
            region.first_conquest = False
            region.first_conquest_for = frozenset()
        for region, near in zip(land, land_nears, strict=True):
            region.coastal = not wet.isdisjoint(near)
            if region.chasm:
                region.first_conquest = False
                region.first_conquest_for = frozenset()
            elif not region.first_conquest_for:
                if region.board_edge or not entry.isdisjoint(near):
                    region.first_conquest_for = allowed
                    region.first_conquest = True
                else:
                    region.first_conquest_for = none
                    region.first_conquest = False

    def _coasts(self) -> None:
        regions, adjacent = self.regions, self.adjacent
        if self.by_kind is not None:
            land, land_nears, water = self.by_kind
            wet = {region.id for region in water if region.water_kind in ("sea", "lake")}
            for region, near in zip(land, land_nears, strict=True):
                region.coastal = not wet.isdisjoint(near)
            return
        wet = {rid for rid, region in regions.items()
               if region.water_kind in ("sea", "lake")}
        nears = self._aligned_nears()
        if nears is not None:
            for region, near in zip(regions.values(), nears, strict=True):
                if region.kind == "land":
                    region.coastal = not wet.isdisjoint(near)
            return
        for rid, region in regions.items():
            if region.kind == "land":
                region.coastal = not wet.isdisjoint(adjacent[rid])

    def _first_conquests(self) -> None:
        rules, regions = self.rules, self.regions
        if self.by_kind is not None:  # only water regions are entries (see _water_kinds)
            self.entry_regions = {region.id for region in self.by_kind[2] if region.entry_edge}
        else:
            self.entry_regions = {rid for rid, region in regions.items() if region.entry_edge}
        entry, adjacent = self.entry_regions, self.adjacent
        if self._one_edge_rule():
            # the default rule alone (most files): the loop below, with the rule inlined
            allowed = frozenset({rules[0].applies_to})
            none: frozenset[str] = frozenset()
            # (with tile boards alone, ``by_kind``, run calls _land_flags instead)
            nears = self._aligned_nears()
            if nears is not None:  # a big realm: no region is given by a graph-only board
                for region, near in zip(regions.values(), nears, strict=True):
                    if region.kind != "land" or region.chasm:
                        region.first_conquest = False
                        region.first_conquest_for = frozenset()
                    elif region.board_edge or not entry.isdisjoint(near):
                        region.first_conquest_for = allowed
                        region.first_conquest = True
                    else:
                        region.first_conquest_for = none
                        region.first_conquest = False
                return
            for rid, region in regions.items():
                if region.kind != "land" or region.chasm:
                    region.first_conquest = False
                    region.first_conquest_for = frozenset()
                elif not region.first_conquest_for:  # else given by a graph-only board
                    if region.board_edge or not entry.isdisjoint(adjacent[rid]):
                        region.first_conquest_for = allowed
                        region.first_conquest = True
                    else:
                        region.first_conquest_for = none
                        region.first_conquest = False
            return
        boards = {b.id: b.kind for b in self.scenario.boards}
        shared: dict[frozenset[str], frozenset[str]] = {}  # one object per mix of groups
        rivers_conquered = self.water.river_rules
        for rid, region in self.regions.items():
            # Under river rules a river is conquered like land, and an arrow the designer
            # laid on one makes it an entry (booklet scenario 2: "the 2 River ends"); no
            # other rule lets a race in by water.
            by_arrow = (rivers_conquered and region.kind == "water"
                        and region.water_kind == "river"
                        and "entry_arrow" in region.marker_kinds())
            if (region.kind != "land" and not by_arrow) or region.chasm:
                region.first_conquest = False
                region.first_conquest_for = frozenset()
                continue
            if region.first_conquest_for:  # given by a graph-only board
                continue
            groups = set()
            for rule in rules:
                if rule.board is not None and rule.board != region.board:
                    continue
                if by_arrow and rule.kind != "arrows":
                    continue
                if rule.kind == "board_edge":  # the default rule: _at_edge, inlined
                    allows = region.board_edge or not entry.isdisjoint(adjacent[rid])
                else:
                    allows = self._rule_allows(rule.kind, rule.side, rule.regions, rid,
                                               region, boards.get(region.board, "surface"),
                                               rule.applies_to)
                if allows:
                    groups.add(rule.applies_to)
            allowed_groups = frozenset(groups)
            region.first_conquest_for = shared.setdefault(allowed_groups, allowed_groups)
            region.first_conquest = bool(groups)

    def _at_edge(self, rid: str, region: Region) -> bool:
        return region.board_edge or not self.entry_regions.isdisjoint(self.adjacent[rid])

    def _rule_allows(self, kind: str, side: str | None, listed: tuple[str, ...], rid: str,
                     region: Region, board_kind: str, applies_to: str) -> bool:
        # "board_edge" never reaches here: _first_conquests tests it inline
        if kind == "anywhere":
            return True
        if kind == "arrows":
            return "entry_arrow" in region.marker_kinds()
        if kind == "regions":
            return any(self.part_region.get(ref) == rid for ref in listed)
        if kind == "compass_edge" and side is not None:
            return side in self.outer_facing.get(rid, ())
        if kind == "own_world":
            world = {"surface_races": "surface", "underground_races": "underground"}
            wanted = world.get(applies_to)
            return self._at_edge(rid, region) and (wanted is None or board_kind == wanted)
        return False

    # -- graph and links ----------------------------------------------------------------
    def _graph(self) -> Adjacency:
        """The adjacency of the graph of borders: every region (sorted) with its
        neighbours in the order the edges were found, one data dict per edge shared by
        both ends: what ``add_nodes_from(sorted ids)`` then ``add_edges_from(edges in the
        order found)`` would give networkx. The realm's ``graph`` is made from it on first
        use; its inner dicts are :attr:`adjacent`'s, so links and chasms change both."""
        self.sorted_ids = sorted(self.regions)  # fixed from here on; the realm's order too
        for data in self.edge_data:
            data["kinds"] = _KINDS_OF[data["kinds"]]  # type: ignore[call-overload]
        adjacent = self.adjacent
        return {rid: adjacent[rid] for rid in self.sorted_ids}

    def _link(self, a_ref: str, b_ref: str, kind: str, what: str) -> None:
        a, b = self.part_region.get(a_ref), self.part_region.get(b_ref)
        if a is None or b is None:
            missing = a_ref if a is None else b_ref
            if self._reference_missing(missing, None, None):
                self.problems.append(Problem(
                    "missing-reference", f"{what} names {missing}, which is not a region "
                    f"for {self.players} players", regions=(missing,),
                    hint="link two existing regions"))
            return
        if a == b:
            return
        near = self.adjacent[a]
        data = near.get(b)
        if data is not None:
            data["kinds"] = data["kinds"] | {kind}  # type: ignore[operator]
        else:  # as networkx's add_edge(a, b, kinds=..., length=0.0) would add it
            near[b] = self.adjacent[b][a] = {"kinds": frozenset({kind}), "length": 0.0}

    def _links(self) -> None:
        tunnels: dict[int, list[str]] = defaultdict(list)
        # only _apply_markers gives regions markers: without a tunnel or access marker
        # (most counts), no region needs looking at
        for region in self.regions.values() if self._linking else ():
            for marker in region.markers:
                if marker.kind == "tunnel":
                    tunnels[int(marker.attrs["number"])].append(region.id)
                elif marker.kind == "sky_access":
                    self._link(region.id, str(marker.attrs["target"]), "access",
                               f"{marker.attrs.get('token', 'access')} token")
        for number, ends in sorted(tunnels.items()):
            if len(ends) == 2:
                self._link(ends[0], ends[1], "tunnel", f"tunnel {number}")
            else:
                self.problems.append(Problem(
                    "tunnel-pairing", f"tunnel {number} is on {len(ends)} region(s) for "
                    f"{self.players} players; a tunnel links exactly two",
                    regions=tuple(ends), hint="lay each tunnel number on exactly two regions"))
        for link in self.scenario.links:
            if link.presence.includes(self.players, self.scenario.players_min):
                self._link(link.a, link.b, link.kind, f"{link.kind} link")

    # -- borders (built lazily) ---------------------------------------------------------
    def _border_builder(self) -> Callable[[], list[BorderSegment]]:
        layouts, pr, regions = self.layouts, self.part_region, self.regions
        hole_cells = dict(self.hole_cells)

        def build() -> list[BorderSegment]:
            segments: list[BorderSegment] = []
            for layout in layouts:
                board = layout.board.id
                marked = layout.marked_seams
                for placed in layout.tiles.values():
                    centre = lattice.hex_centre(*placed.cell)
                    for border in placed.side.internal:
                        a, b = pr[placed.part(border.a)], pr[placed.part(border.b)]
                        kinds = _EDGE_INSIDE_COAST if regions[a].kind != regions[b].kind \
                            else _EDGE_INSIDE
                        for seg in border.segments:
                            start, end = rotate_segment(seg, placed.placement.rotation, centre)
                            segments.append(BorderSegment(board, kinds, a, b, start, end))
                for part_a, part_b, cell, direction, half in layout.seams:
                    a, b = pr[part_a], pr[part_b]
                    kinds = _EDGE_SEAM_COAST if regions[a].kind != regions[b].kind \
                        else _EDGE_SEAM
                    if marked and _seam_cells(cell, direction) in marked:
                        kinds = kinds | _EDGE_MARKED
                    start, end = _half_edge_points(cell, direction, half)
                    segments.append(BorderSegment(board, kinds, a, b, start, end))
                for part, cell, direction, half, empty in layout.outer:
                    kinds = _EDGE_HOLE if empty in hole_cells else _EDGE_BOARD
                    start, end = _half_edge_points(cell, direction, half)
                    segments.append(BorderSegment(board, kinds, pr[part], None, start, end))
            return segments

        return build


# the kinds of a boundary segment, one frozenset each (a big board has 50,000 segments)
_EDGE_INSIDE, _EDGE_INSIDE_COAST = frozenset({"inside"}), frozenset({"inside", "coast"})
_EDGE_SEAM, _EDGE_SEAM_COAST = frozenset({"seam"}), frozenset({"seam", "coast"})
_EDGE_MARKED = frozenset({"river_marker"})
_EDGE_HOLE, _EDGE_BOARD = frozenset({"hole"}), frozenset({"board_edge"})


class _TileShapes(NamedTuple):
    """One placed tile's part polygons (lattice units) and (area, centroid) of each."""

    polygons: tuple[shapely.Geometry, ...]
    measures: tuple[tuple[float, lattice.Point], ...]


def _measure(shapes: Sequence[shapely.Geometry] | NDArray[np.object_]
             ) -> list[tuple[float, lattice.Point]]:
    """Euclidean area and centroid of each shape (one vectorised shapely call each)."""
    import numpy as np
    import shapely

    array = np.array(shapes, dtype=object)
    areas = (shapely.area(array) * AREA_SCALE).tolist()
    centroids = shapely.get_coordinates(shapely.centroid(array))
    if len(centroids) != len(areas):
        raise ValueError("an empty shape has no centroid")
    # lattice.to_euclidean, on the whole column (the same float operations, in order)
    xs = (centroids[:, 0] * lattice.X_UNIT * 1.0).tolist()
    ys = (centroids[:, 1] * lattice.Y_UNIT * 1.0).tolist()
    return list(zip(areas, zip(xs, ys, strict=True), strict=True))


def _seam_cells(cell: Cell, direction: int) -> frozenset[Cell]:
    """The two cells on either side of the seam leaving ``cell`` towards ``direction``."""
    return frozenset((cell, lattice.neighbour(*cell, direction)))


def _half_edge_points(cell: Cell, d: int, half: int) -> tuple[lattice.Point, lattice.Point]:
    """Half ``half`` of the side of ``cell`` facing board direction ``d``."""
    cx, cy = lattice.hex_centre(*cell)
    corner, mid, nxt = lattice.CORNERS[d], lattice.MIDPOINTS[d], lattice.CORNERS[(d + 1) % 6]
    a, b = (corner, mid) if half == 0 else (mid, nxt)
    return ((a[0] + cx, a[1] + cy), (b[0] + cx, b[1] + cy))


def _find_holes(layout: BoardLayout,
                hole_runs_out: dict[str, tuple[Run, ...]] | None = None, *,
                enclosing: bool = False) -> dict[Cell, str]:
    """The empty cells next to the board's tiles that lie in a hole, keyed to the hole's
    id (``board:hN``); ``hole_runs_out``, when given, receives every hole's runs of empty cells
    along lattice columns, (q, first r, last r), sorted (:class:`Hole`).

    The union of the occupied hexes is exact on the lattice; its interior rings are the
    holes, in the order of their first point. The empty cells next to tiles inside a ring
    seed it, and each seed claims the empty cells connected to it (a hole is enclosed, so
    they end) unless an earlier ring claimed them.

    Empty cells are handled as runs along a lattice column, between two tiles: a hole of
    any size is as many runs as the tiles around it have, so the work grows with the
    tiles, not with the hole's area (a cell-by-cell fill of a ring of 4,000 tiles walked
    1.3 million cells). Nothing here lists a hole's cells one by one.

    ``enclosing``: the board's count table already found that its tiles enclose
    something (:meth:`BoardTable.may_have_holes`), so the flood of :func:`_may_enclose`,
    which would walk up to four cells per tile to say so again, is skipped.
    """
    if not layout.outer or not (enclosing or _may_enclose(layout)):
        return {}
    import numpy as np
    import shapely

    cells = list(layout.tiles)
    union = shapely.coverage_union_all(hex_polygons(cells))
    interiors = [ring for poly in getattr(union, "geoms", [union]) for ring in poly.interiors]
    if not interiors:
        return {}
    candidates = sorted({entry[4] for entry in layout.outer})
    # centres (2q + r, 3r), as lattice.hex_centre gives them
    xs = np.array([2 * q + r for q, r in candidates], dtype=np.float64)
    ys = np.array([3 * r for _, r in candidates], dtype=np.float64)
    # a hex centre is never on a ring (rings run along hex sides), so "contains" is exact
    tree = shapely.STRtree(shapely.points(xs, ys))
    columns: dict[int, list[int]] = defaultdict(list)
    for q, r in cells:
        columns[q].append(r)
    for tiles_r in columns.values():
        tiles_r.sort()
    runs = _Runs(columns)
    claimed: dict[tuple[int, int], str] = {}  # a run (column, first row) -> its hole
    hole_runs: dict[str, list[tuple[int, int, int]]] = {}
    hole_rings = sorted(interiors, key=lambda ring: tuple(ring.coords[0]))
    for index, ring in enumerate(hole_rings):
        hole_id = f"{layout.board.id}:h{index + 1}"
        for i in np.sort(tree.query(shapely.Polygon(ring), predicate="contains")).tolist():
            q, r = candidates[i]
            seed = runs.at(q, r)
            if seed is None or (q, seed[0]) in claimed:
                continue
            stack = [(q, *seed)]
            claimed[(q, seed[0])] = hole_id
            found = hole_runs.setdefault(hole_id, [])
            while stack:
                run = stack.pop()
                found.append(run)
                rq, low, high = run
                # the cells beside rows low..high: rows low-1..high in column q + 1 and
                # low..high+1 in column q - 1 (NEIGHBOUR_DIRECTIONS)
                for nq, first, last in ((rq + 1, low - 1, high), (rq - 1, low, high + 1)):
                    for near in runs.between(nq, first, last):
                        if (nq, near[0]) not in claimed:
                            claimed[(nq, near[0])] = hole_id
                            stack.append((nq, *near))
    result: dict[Cell, str] = {}
    for q, r in candidates:
        around = runs.at(q, r)
        owner = claimed.get((q, around[0])) if around is not None else None
        if owner is not None:
            result[(q, r)] = owner
    if hole_runs_out is not None:
        for hole_id, found in hole_runs.items():
            hole_runs_out[hole_id] = tuple(sorted(found))
    return result


class _Runs:
    """The empty runs of a board's lattice columns: the rows between two tiles of a column
    (a run above the top tile or below the bottom one is open and never in a hole)."""

    def __init__(self, columns: dict[int, list[int]]) -> None:
        self.columns = columns

    def at(self, q: int, r: int) -> tuple[int, int] | None:
        """The closed run (first row, last row) of empty cell (q, r), or None if open."""
        rows = self.columns.get(q)
        if not rows:
            return None
        i = bisect_left(rows, r)
        if i == 0 or i == len(rows):
            return None
        return (rows[i - 1] + 1, rows[i] - 1)

    def between(self, q: int, first: int, last: int) -> Iterator[tuple[int, int]]:
        """The closed runs of column ``q`` holding some row of ``first..last``."""
        rows = self.columns.get(q)
        if not rows:
            return
        i = max(bisect_left(rows, first), 1)
        end = min(bisect_right(rows, last), len(rows) - 1)
        # the runs between tiles i-1 and i, ..., end and end+1 that meet first..last
        for k in range(i, end + 2):
            if k >= len(rows):
                break
            low, high = rows[k - 1] + 1, rows[k] - 1
            if low <= high and low <= last and high >= first:
                yield (low, high)


def _may_enclose(layout: BoardLayout) -> bool:
    """Whether some empty cell next to the tiles is enclosed by them: a flood fill through
    empty cells that does not reach outside the tiles' bounding box. Hexes share an edge
    wherever they share a corner, so these are exactly the union's interior rings, found
    without building it; most realms have none, so the shapely union (which also orders
    the hole ids) runs only for those that do. The fill is capped: past a few cells per
    tile (a long thin board) it answers True and leaves the decision to shapely."""
    tiles = layout.tiles
    qs = [q for q, _ in tiles]
    rs = [r for _, r in tiles]
    q_low, q_high, r_low, r_high = min(qs), max(qs), min(rs), max(rs)
    budget = 4 * len(tiles) + 64
    outside: set[Cell] = set()
    for start in {entry[4] for entry in layout.outer}:
        if start in outside:
            continue
        seen = {start}
        stack = [start]
        escaped = False
        while stack:
            q, r = stack.pop()
            if not (q_low <= q <= q_high and r_low <= r <= r_high) or (q, r) in outside:
                escaped = True
                break
            for dq, dr in lattice.NEIGHBOUR_DIRECTIONS:
                cell = (q + dq, r + dr)
                if cell not in tiles and cell not in seen:
                    seen.add(cell)
                    stack.append(cell)
            budget -= 1
            if budget < 0:
                return True
        if not escaped:
            return True
        outside |= seen
    return False


class _SideLocal(NamedTuple):
    """A turned side's parts by their index in the side (what the big-realm path reads
    per placed tile instead of realm-wide tables keyed by part id)."""

    side: RotatedSide  # pinned: its id is the key
    ids: tuple[str, ...]  # local ids, in the side's part order
    templates: tuple[RegionTemplate, ...]
    water: tuple[bool, ...]
    any_water: bool
    # (index of half 0's part, index of half 1's part) of the side facing each direction
    owner: tuple[tuple[int, int], ...]
    # (index a, index b, length, one is water and the other land) per internal border
    internal: tuple[tuple[int, int, float, bool], ...]


_LOCAL: dict[int, _SideLocal] = {}


def _side_local(side: RotatedSide) -> _SideLocal:
    local = _LOCAL.get(id(side))
    if local is not None and local.side is side:
        return local
    ids = side.local_ids
    at = {lid: index for index, lid in enumerate(ids)}
    templates = tuple(side.side.regions)
    water = tuple(template.is_water for template in templates)
    local = _SideLocal(side, ids, templates, water, any(water),
                       tuple((at[a], at[b]) for a, b in side.owner),
                       tuple((at[border.a], at[border.b], border.length,
                              water[at[border.a]] != water[at[border.b]])
                             for border in side.internal))
    if len(_LOCAL) >= 20_000:
        _LOCAL.clear()
    _LOCAL[id(side)] = local
    return local


_DEFAULT = RealmDeriver()


def derive_realm(loaded: LoadedScenario, players: int) -> Realm:
    """The graph of play of ``loaded`` for ``players`` players."""
    return _DEFAULT.derive(loaded, players)
