"""Per-board combinatorial pass: active tiles, seams, outer edges and river markers.

Everything here works on hex cells and the rotated edge profiles of tile sides,
so it is exact and linear in the number of tiles; shapely is not needed to know
which parts touch.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any, Generic, NamedTuple, TypeVar, overload

from editor.geometry.templates import RotatedSide, rotated_side
from editor.model import lattice
from editor.model.catalogue import Catalogue, TileSide
from editor.model.scenario import Board, Placement, region_id, split_region_id
from editor.topology.realm import Problem

Cell = tuple[int, int]


@dataclass
class PlacedTile:
    placement: Placement
    side: RotatedSide
    cell: Cell
    part_ids: dict[str, str] = field(default_factory=dict)
    # set by the derivation of one count (big realms, see derive._Assembly): the turned
    # side's facts by part index, and each part's region id and that region's neighbour
    # dict, in the side's part order
    local: Any = field(default=None, init=False, repr=False, compare=False)
    rids: Sequence[str] = field(default=(), init=False, repr=False, compare=False)
    nears: Sequence[dict[str, Any]] = field(default=(), init=False, repr=False,
                                            compare=False)

    def __post_init__(self) -> None:
        if self.part_ids:  # given (the same table for every placement of this turned tile)
            return
        # the same letter and parts give the same ids: one table for every placement of them
        key = (self.placement.tile, self.side.local_ids)
        names = _PART_IDS.get(key)
        if names is None:
            if len(_PART_IDS) >= 10_000:
                _PART_IDS.clear()
            names = _PART_IDS[key] = {lid: region_id(key[0], lid) for lid in key[1]}
        self.part_ids = names

    def part(self, local_id: str) -> str:
        return self.part_ids[local_id]


# (letter, local ids) -> {local id: part id}; read only, shared by the tiles that have them
_PART_IDS: dict[tuple[str, tuple[str, ...]], dict[str, str]] = {}


@dataclass
class BoardLayout:
    """The combinatorial facts of one board for one player count."""

    board: Board
    tiles: dict[Cell, PlacedTile] = field(default_factory=dict)
    by_letter: dict[str, PlacedTile] = field(default_factory=dict)
    # (part_a, part_b, cell, direction, half): half ``half`` of the side of ``cell``
    # facing ``direction``, on a's side; one entry per matched half-edge
    seams: list[tuple[str, str, Cell, int, int]] = field(default_factory=list)
    # (part, cell, direction, half, empty neighbour cell)
    outer: list[tuple[str, Cell, int, int, Cell]] = field(default_factory=list)
    # unordered cell pairs carrying a river-border marker
    marked_seams: set[frozenset[Cell]] = field(default_factory=set)
    # (tile, neighbour, direction < 3) per matched side, in the order of ``seams`` (whose
    # two entries it gives): the derivation walks the tiles' own tables from them
    sides: list[tuple[PlacedTile, PlacedTile, int]] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    _parts: list[tuple[str, PlacedTile, int]] | None = field(
        default=None, repr=False, compare=False)

    def placements(self) -> list[Placement]:
        """The placements of the layout's tiles, in order (the realm's active placements)."""
        return [tile.placement for tile in self.tiles.values()]

    def parts(self) -> list[tuple[str, PlacedTile, int]]:
        """(part id, tile, index of the part in its side) for every part; the derivation
        walks them several times, so the list is built once (the layout is complete when
        :func:`lay_out_board` returns it)."""
        if self._parts is None:
            self._parts = [(tile.part_ids[lid], tile, index)
                           for tile in self.tiles.values()
                           for index, lid in enumerate(tile.side.local_ids)]
        return self._parts


def placement_position(board: Board, placement: Placement) -> str:
    """Where a placement is, in the words of the file: board, hex and its player counts."""
    text = f"on board {board.id} at q={placement.q}, r={placement.r}"
    presence = placement.presence
    if presence.players is not None:
        counts = ", ".join(str(n) for n in presence.players)
        text += f" (players: [{counts}])"
    elif presence.min_players is not None:
        text += f" (min_players: {presence.min_players})"
    return text


def lay_out_board(board: Board, catalogue: Catalogue, players: int, scenario_min: int,
                  letters_in_use: dict[str, tuple[Board, Placement]]) -> BoardLayout:
    """Place the board's active tiles and match their edges.

    ``letters_in_use`` maps each letter already placed (on any board) to its board and
    placement (worded by :func:`placement_position` only for a duplicate)."""
    layout = _MatchedLayout(board)
    for placement in board.tiles:
        if not placement.presence.includes(players, scenario_min):
            continue
        cell = (placement.q, placement.r)
        if placement.tile in letters_in_use:
            layout.problems.append(Problem(
                "duplicate-tile",
                f"tile {placement.tile} is placed twice for {players} players: "
                f"{placement_position(*letters_in_use[placement.tile])} and "
                f"{placement_position(board, placement)}",
                board.id, tiles=(placement.tile,),
                hint="each physical tile exists once: remove one placement or give them "
                     "disjoint player counts"))
            continue
        if cell in layout.tiles:
            other = layout.tiles[cell].placement.tile
            layout.problems.append(Problem(
                "overlap",
                f"tiles {other} and {placement.tile} overlap at q={cell[0]}, r={cell[1]} "
                f"for {players} players", board.id, tiles=(other, placement.tile),
                hint="move one of them to a free hex"))
            continue
        side = rotated_side(catalogue.side(placement.tile, placement.side), placement.rotation)
        placed = PlacedTile(placement, side, cell)
        layout.tiles[cell] = placed
        letters_in_use[placement.tile] = (board, placement)
    if board.river_markers:  # only they look tiles up by letter
        layout.by_letter = {placed.placement.tile: placed for placed in layout.tiles.values()}
    _match_edges(layout)
    _lay_river_markers(layout, players, scenario_min)
    return layout


def _match_edges(layout: BoardLayout) -> None:
    """The layout's outer half sides and matched sides (its seams are listed from these
    when first read: the derivation walks the sides)."""
    tiles = layout.tiles
    outer = layout.outer.append
    sides = layout.sides.append
    for cell, placed in tiles.items():
        q, r = cell
        owner = placed.side.owner
        names = placed.part_ids
        for direction, (dq, dr) in enumerate(lattice.NEIGHBOUR_DIRECTIONS):
            other_cell = (q + dq, r + dr)
            other = tiles.get(other_cell)
            if other is None:
                own0, own1 = owner[direction]
                outer((names[own0], cell, direction, 0, other_cell))
                outer((names[own1], cell, direction, 1, other_cell))
            elif direction < 3:
                sides((placed, other, direction))


class _MatchedLayout(BoardLayout):
    """A layout made by :func:`lay_out_board`: ``seams`` is listed from ``sides`` when
    first read (at 50,000 tiles that was 150,000 tuples made and freed per derivation for
    the lazily built borders alone)."""

    def __init__(self, board: Board) -> None:
        super().__init__(board)
        self._seams: list[Seam] | None = None

    @property
    def seams(self) -> list[Seam]:
        if self._seams is None:
            seams: list[Seam] = []
            add = seams.append
            for placed, other, direction in self.sides:
                # our half 0 (from our corner d) meets their half 1 (ending at that corner)
                own0, own1 = placed.side.owner[direction]
                face0, face1 = other.side.owner[direction + 3]
                names, theirs, cell = placed.part_ids, other.part_ids, placed.cell
                add((names[own0], theirs[face1], cell, direction, 0))
                add((names[own1], theirs[face0], cell, direction, 1))
            self._seams = seams
        return self._seams

    @seams.setter
    def seams(self, value: list[Seam]) -> None:
        self._seams = value


def _lay_river_markers(layout: BoardLayout, players: int, scenario_min: int) -> None:
    for marker in layout.board.river_markers:
        if not marker.presence.includes(players, scenario_min):
            continue
        placed = layout.by_letter.get(marker.tile)
        if placed is None:
            if marker.presence.min_players is not None or marker.presence.players is not None:
                layout.problems.append(Problem(
                    "missing-reference",
                    f"river marker on tile {marker.tile} edge {marker.edge}, but tile "
                    f"{marker.tile} is not on board {layout.board.id} for {players} players",
                    layout.board.id, tiles=(marker.tile,),
                    hint="place the tile or remove the marker"))
            continue
        direction = (marker.edge + placed.placement.rotation) % 6
        dq, dr = lattice.NEIGHBOUR_DIRECTIONS[direction]
        other_cell = (placed.cell[0] + dq, placed.cell[1] + dr)
        other = layout.tiles.get(other_cell)
        water_here = [placed.side.side.region(lid).is_water
                      for lid in placed.side.owner[direction]]
        water_there = ([other.side.side.region(lid).is_water
                        for lid in other.side.owner[(direction + 3) % 6][::-1]]
                       if other else [False, False])
        if not any(a and b for a, b in zip(water_here, water_there, strict=True)):
            layout.problems.append(Problem(
                "river-marker-not-on-water",
                f"river marker on tile {marker.tile} edge {marker.edge} does not lie between "
                "two water parts", layout.board.id, tiles=(marker.tile,),
                hint="put river markers on seams where water meets water"))
        if other is not None:
            layout.marked_seams.add(frozenset((placed.cell, other_cell)))


# -- every player count of a file at once -------------------------------------------------
#
# The player counts of one file place mostly the same tiles (booklet boards grow as players
# join), so what depends only on a tile and its neighbours is found once for all counts:
# the placed tiles, the matching of every side against the union of the tiles of all
# counts, and the facts the derivation reads per part. Every entry carries a mask of the
# counts it belongs to (bit ``1 << players``); a count's lists are the union's lists
# filtered by its bit, in the union's order, which is the order :func:`lay_out_board`
# produces for that count (tiles in placement order, then direction, then half).

# a land part's Region arguments after id, board and kind (see BoardTable.part_rows)
LandArgs = tuple[str, str, tuple[str, ...], tuple[()], tuple[str], tuple[str]]
# (part a, part b, cell, direction, half), see BoardLayout.seams
Seam = tuple[str, str, Cell, int, int]
# (part, cell, direction, half, empty neighbour cell), see BoardLayout.outer
Outer = tuple[str, Cell, int, int, Cell]


@dataclass
class BoardTable:
    """One board's combinatorial facts for a set of player counts, each with its mask."""

    tiles: list[tuple[Cell, PlacedTile, int]] = field(default_factory=list)
    # (letter, side name, the side the catalogue gave) for each tile (an equal side of
    # another catalogue may be the one its turned side was made from)
    sides: list[tuple[str, str, TileSide]] = field(default_factory=list)
    # (mask, facts) of each tile, in the same order: what the assembly reads per part and
    # per internal border comes from the facts, shared by every file placing that tile so
    # (see _TileFacts)
    rows: list[tuple[int, _TileFacts]] = field(default_factory=list)
    # (part a, part b, cell, direction, mask, coast, both land, halves): the seams in the
    # layouts' order, coast when one part is water and the other land; halves is the half
    # of the side (0 or 1), or 2 for both when the same two parts meet on both
    seam_rows: list[tuple[str, str, Cell, int, int, bool, bool, int]] = field(
        default_factory=list)
    # (a, b, cell, direction, mask) for the seam rows where water meets water
    water_seams: list[tuple[str, str, Cell, int, int]] = field(default_factory=list)
    # (tile index, direction, mask of the counts where no tile is on that side); the
    # outer entries are listed from them when first asked for (see outer_entries)
    open_sides: list[tuple[int, int, int]] = field(default_factory=list)
    # (part, mask of the counts where it has an outer side), in the order of the outer
    # entries
    edge_parts: list[tuple[str, int]] = field(default_factory=list)
    # tile pairs sharing a side (indices into ``tiles``, each pair once) and the vertices
    # shared by three tiles, with their masks: the board's holes by Euler's formula
    links: list[tuple[int, int, int]] = field(default_factory=list)
    triangles: list[int] = field(default_factory=list)
    count_mask: int = 0  # the bits of the table's counts
    _outer: list[tuple[Outer, int]] | None = field(default=None, repr=False, compare=False)
    _seams: list[tuple[Seam, int]] | None = field(default=None, repr=False, compare=False)
    _holes: dict[int, bool] | None = field(default=None, repr=False, compare=False)
    # a water body's parts as found -> (its parts sorted, its tiles sorted), for the counts
    bodies: dict[tuple[str, ...], tuple[tuple[str, ...], tuple[str, ...]]] = field(
        default_factory=dict, repr=False, compare=False)

    def layout(self, board: Board, players: int, scenario_min: int) -> BoardLayout:
        """The layout :func:`lay_out_board` gives for ``players`` (a count of the table with
        no duplicate or overlapping tiles); its seams and outer sides are filtered from the
        table when first read (the derivation reads the table's), and so are its tiles."""
        layout = _TabledLayout(board, self, 1 << players)
        if board.river_markers:
            layout.by_letter = {placed.placement.tile: placed
                                for placed in layout.tiles.values()}
            _lay_river_markers(layout, players, scenario_min)
        return layout

    def outer_entries(self) -> list[tuple[Outer, int]]:
        """Every outer half side of the union with its mask, in the layouts' order."""
        if self._outer is None:
            self._outer = outer = []
            tiles, rows = self.tiles, self.rows
            for index, direction, mask in self.open_sides:
                cell = tiles[index][0]
                dq, dr = lattice.NEIGHBOUR_DIRECTIONS[direction]
                empty = (cell[0] + dq, cell[1] + dr)
                name0, name1 = rows[index][1].halves[direction]
                outer.append(((name0, cell, direction, 0, empty), mask))
                outer.append(((name1, cell, direction, 1, empty), mask))
        return self._outer

    def seam_entries(self) -> list[tuple[Seam, int]]:
        """Every seam half of the union with its mask, in the layouts' order."""
        if self._seams is None:
            self._seams = seams = []
            for a, b, cell, direction, mask, _, _, halves in self.seam_rows:
                if halves == 2:
                    seams.append(((a, b, cell, direction, 0), mask))
                    seams.append(((a, b, cell, direction, 1), mask))
                else:
                    seams.append(((a, b, cell, direction, halves), mask))
        return self._seams

    def may_have_holes(self, bit: int) -> bool:
        """Whether the tiles of the count ``bit`` may enclose empty cells; False is exact.

        Hexes meet at a corner only where they share a side, so the union of a count's
        tiles is a surface whose Euler characteristic is tiles - shared sides + corners
        shared by three tiles, and equals its components minus its holes. Where every
        tile stays once it has joined (booklet boards grow with the players), all counts
        are answered in one pass, adding the tiles count by count."""
        if self._holes is None:
            self._holes = self._holes_as_tiles_join()
        known = self._holes.get(bit)
        return known if known is not None else self._holes_of(bit)

    def _holes_of(self, bit: int) -> bool:
        parent = list(range(len(self.tiles)))
        tiles = components = sum(1 for _, _, mask in self.tiles if mask & bit)
        shared = 0
        for a, b, mask in self.links:
            if mask & bit:
                shared += 1
                components -= _joined(parent, a, b)
        corners = sum(1 for mask in self.triangles if mask & bit)
        return components - (tiles - shared + corners) > 0

    def _holes_as_tiles_join(self) -> dict[int, bool]:
        """{count bit: may have holes} for every count, when each tile, shared side and
        corner is in every count from its first one on; {} otherwise.

        Such a mask holds every count from its lowest bit up, so the later an item joins
        the smaller its mask: sorted by mask, largest first, the items of each count are a
        prefix of each list, taken count by count (only the totals and the components
        after each count matter, not the order within one)."""
        assert self.links is not None and self.triangles is not None
        every = self.count_mask
        for mask in ({mask for _, _, mask in self.tiles} | {mask for _, _, mask in self.links}
                     | set(self.triangles)):
            low = mask & -mask
            if mask != every & ~(low - 1):
                return {}
        tiles = sorted([mask for _, _, mask in self.tiles], reverse=True)
        links = sorted(self.links, key=itemgetter(2), reverse=True)
        corners = sorted(self.triangles, reverse=True)
        parent = list(range(len(tiles)))
        result: dict[int, bool] = {}
        all_tiles, all_links, all_corners = len(tiles), len(links), len(corners)
        joined = shared = triangles = components = 0
        bit = every & -every
        while bit <= every:
            if bit & every:
                while joined < all_tiles and tiles[joined] & bit:
                    joined += 1
                    components += 1
                while shared < all_links:
                    a, b, mask = links[shared]
                    if not mask & bit:
                        break
                    shared += 1
                    components -= _joined(parent, a, b)
                while triangles < all_corners and corners[triangles] & bit:
                    triangles += 1
                result[bit] = components - (joined - shared + triangles) > 0
            bit <<= 1
        return result

def _joined(parent: list[int], a: int, b: int) -> bool:
    """Join the pieces of tiles ``a`` and ``b`` (a forest of tile indices, each root the
    smallest index of its piece); True when they were two pieces."""
    while parent[a] != a:
        a = parent[a]
    while parent[b] != b:
        b = parent[b]
    if a == b:
        return False
    parent[max(a, b)] = min(a, b)
    return True


_Entry = TypeVar("_Entry")
_Value = TypeVar("_Value")


class _OfCount(Generic[_Value]):
    """A tabled layout's ``tiles``, ``seams`` or ``outer``: made from the file's table by
    ``make`` when first read, kept in the underscored attribute of that name. An assignment
    is kept as given (BoardLayout's own ``__init__`` assigns empty ones, which the tabled
    layout then clears to None)."""

    def __init__(self, make: Callable[[_TabledLayout], _Value]) -> None:
        self._make = make

    def __set_name__(self, owner: type, name: str) -> None:
        self._field = "_" + name

    @overload
    def __get__(self, layout: None, owner: type) -> _OfCount[_Value]: ...

    @overload
    def __get__(self, layout: _TabledLayout, owner: type) -> _Value: ...

    def __get__(self, layout: _TabledLayout | None, owner: type) -> _OfCount[_Value] | _Value:
        if layout is None:
            return self
        value: _Value | None = getattr(layout, self._field)
        if value is None:
            value = self._make(layout)
            setattr(layout, self._field, value)
        return value

    def __set__(self, layout: _TabledLayout, value: _Value) -> None:
        setattr(layout, self._field, value)


class _TabledLayout(BoardLayout):
    """A count's layout taken from its file's table: ``tiles``, ``seams`` and ``outer``
    are the table's entries of the count, listed on first use (lint's derivation reads
    the table's own lists and the count's placements, never the tiles dict)."""

    def __init__(self, board: Board, table: BoardTable, bit: int) -> None:
        super().__init__(board)
        self._table, self._bit = table, bit
        self._tiles: dict[Cell, PlacedTile] | None = None
        self._seams: list[Seam] | None = None
        self._outer: list[Outer] | None = None

    def placements(self) -> list[Placement]:
        if self._tiles is not None:
            return super().placements()
        bit = self._bit
        return [placed.placement for _, placed, mask in self._table.tiles if mask & bit]

    def _of_count(self, entries: Iterable[tuple[_Entry, int]]) -> list[_Entry]:
        """The table's entries present at this layout's player count."""
        bit = self._bit
        return [entry for entry, mask in entries if mask & bit]

    tiles = _OfCount[dict[Cell, PlacedTile]](
        lambda layout: {cell: placed for cell, placed, mask in layout._table.tiles
                        if mask & layout._bit})
    seams = _OfCount[list[Seam]](lambda layout: layout._of_count(layout._table.seam_entries()))
    outer = _OfCount[list[Outer]](
        lambda layout: layout._of_count(layout._table.outer_entries()))


class _TileFacts(NamedTuple):
    """What a turned side placed as a letter gives every placement of it, in any file."""

    side: RotatedSide  # pinned: its id is in the key
    names: dict[str, str]  # local id -> part id (read only)
    # (part id of half 0, part id of half 1) of the side facing each board direction
    halves: tuple[tuple[str, str], ...]
    # (part id, index in the side, None for water or the land Region's arguments)
    parts: tuple[tuple[str, int, LandArgs | None], ...]
    water_parts: tuple[str, ...]  # in the side's order
    # (part a, part b, length, one is water and the other land, both are land); the
    # borders of two land parts are one entry per pair, its length their sum (see below)
    internal: tuple[tuple[str, str, float, bool, bool], ...]
    # a tile without water: each part is its own region ({part: part}, in part order),
    # and its internal borders as (part a, part b, summed length)
    own_regions: dict[str, str]
    land_internal: tuple[tuple[str, str, float], ...]
    # (part id of half 0, part id of half 1, half 0 is water, half 1 is water) of the
    # side facing each board direction
    wet_halves: tuple[tuple[str, str, bool, bool], ...]
    # each water part as a body of its own: (its parts, its tiles), a water Region's
    # arguments after "water", "water", "water", (), ()
    lone_bodies: dict[str, tuple[tuple[str], tuple[str, ...]]]


_FACTS: dict[tuple[int, str], _TileFacts] = {}


def _tile_facts(side: RotatedSide, letter: str) -> _TileFacts:
    key = (id(side), letter)
    facts = _FACTS.get(key)
    if facts is not None and facts.side is side:
        return facts
    names = {lid: region_id(letter, lid) for lid in side.local_ids}
    parts = []
    for index, template in enumerate(side.side.regions):
        part = names[template.local_id]
        parts.append((part, index, None if template.terrain == "water" else
                      (template.terrain, template.terrain, template.symbols, (), (part,),
                       (letter,))))
    water = frozenset(part for part, _, land in parts if land is None)
    # A border of two land parts always makes a new edge of the count (both parts are
    # regions of this tile alone, and its borders come before any seam): the borders of
    # one such pair are summed here, in their order (0.0 + first + second ..., the sum the
    # derivation made edge by edge), and the derivation adds the edge without looking.
    internal: list[tuple[str, str, float, bool, bool]] = []
    land_at: dict[frozenset[str], int] = {}
    for border in side.internal:
        a, b = names[border.a], names[border.b]
        if a not in water and b not in water:
            pair = frozenset((a, b))
            at = land_at.get(pair)
            if at is None:
                land_at[pair] = len(internal)
                internal.append((a, b, 0.0 + border.length, False, True))
            else:
                first = internal[at]
                internal[at] = (first[0], first[1], first[2] + border.length, False, True)
            continue
        internal.append((a, b, border.length, (a in water) != (b in water),
                         a not in water and b not in water))
    halves = tuple((names[a], names[b]) for a, b in side.owner)
    facts = _TileFacts(side, names, halves, tuple(parts),
                       tuple(part for part, _, land in parts if land is None),
                       tuple(internal),
                       {} if water else {part: part for part, _, _ in parts},
                       () if water else tuple(entry[:3] for entry in internal),
                       tuple((a, b, a in water, b in water) for a, b in halves),
                       {part: ((part,), (split_region_id(part)[0],))
                        for part, _, land in parts if land is None})
    if len(_FACTS) >= 20_000:
        _FACTS.clear()
    _FACTS[key] = facts
    return facts


# (id of a side as the catalogue gives it, rotation, letter) -> (that side, pinned so its id
# is not reused while here; the facts of it turned so and placed as that letter)
_GIVEN: dict[tuple[int, int, str], tuple[TileSide, _TileFacts]] = {}


def tabulate_board(board: Board, catalogue: Catalogue, mask_of: dict[object, int],
                   counts: tuple[int, ...], scenario_min: int,
                   letters: set[str]) -> BoardTable | None:
    """The board's table for ``counts``; None when a letter (``letters``: those placed on
    the boards before) or a hex is used twice at any of them (the counts' layouts then
    report it, one by one)."""
    table = BoardTable(count_mask=sum(1 << n for n in counts))
    union: dict[Cell, tuple[int, tuple[tuple[str, str, bool, bool], ...], int]] = {}
    placed_tiles, rows = table.tiles, table.rows
    for placement in board.tiles:
        presence = placement.presence
        key = (presence.min_players, presence.players)
        mask = mask_of.get(key)
        if mask is None:
            mask = mask_of[key] = sum(1 << n for n in counts
                                      if presence.includes(n, scenario_min))
        if not mask:
            continue
        cell = (placement.q, placement.r)
        letter = placement.tile
        if cell in union or letter in letters:
            return None
        letters.add(letter)
        name = placement.side
        given = catalogue.tiles[letter].sides[name]  # catalogue.side, inlined
        table.sides.append((letter, name, given))
        # the facts of this side at this rotation as this letter, found without turning
        # the side again (an int rotation only: rotated_side normalises or refuses others)
        rotation = placement.rotation
        known = _GIVEN.get((id(given), rotation, letter))
        if known is not None and known[0] is given and rotation.__class__ is int:
            facts = known[1]
        else:
            facts = _tile_facts(rotated_side(given, rotation), letter)
            if rotation.__class__ is int:
                if len(_GIVEN) >= 20_000:
                    _GIVEN.clear()
                _GIVEN[(id(given), rotation, letter)] = (given, facts)
        side = facts.side
        union[cell] = (len(placed_tiles), facts.wet_halves, mask)
        placed_tiles.append((cell, PlacedTile(placement, side, cell, facts.names), mask))
        rows.append((mask, facts))
    seam_row, open_side = table.seam_rows.append, table.open_sides.append
    links, triangles = table.links, table.triangles
    edge: dict[str, int] = {}
    directions = list(enumerate(lattice.NEIGHBOUR_DIRECTIONS))
    for index, (cell, _, mask) in enumerate(placed_tiles):
        q, r = cell
        halves = rows[index][1].wet_halves
        near = [0, 0, 0, 0, 0, 0]  # the neighbours' masks (0: no tile in the union)
        for direction, (dq, dr) in directions:
            other = union.get((q + dq, r + dr))
            if other is None:
                alone = mask
            else:
                other_index, other_halves, other_mask = other
                near[direction] = other_mask
                both = mask & other_mask
                if direction < 3 and both:
                    # our half 0 (from our corner d) meets their half 1 (ending there)
                    name0, name1, wet0, wet1 = halves[direction]
                    face0, face1, wet_face0, wet_face1 = other_halves[direction + 3]
                    if name0 == name1 and face0 == face1:
                        seam_row((name0, face1, cell, direction, both, wet0 != wet_face1,
                                  not wet0 and not wet_face1, 2))
                    else:
                        seam_row((name0, face1, cell, direction, both, wet0 != wet_face1,
                                  not wet0 and not wet_face1, 0))
                        seam_row((name1, face0, cell, direction, both, wet1 != wet_face0,
                                  not wet1 and not wet_face0, 1))
                    links.append((index, other_index, both))
                alone = mask & ~other_mask
            if alone:
                open_side((index, direction, alone))
                name0, name1 = halves[direction][:2]
                edge[name0] = edge.get(name0, 0) | alone
                if name1 != name0:
                    edge[name1] = edge.get(name1, 0) | alone
        # Every corner shared by three tiles is corner 0 or corner 1 (between directions
        # 5 and 0, or 0 and 1) of exactly one of them: counted there, once.
        if near[0]:
            if near[1] and mask & near[0] & near[1]:
                triangles.append(mask & near[0] & near[1])
            if near[5] and mask & near[5] & near[0]:
                triangles.append(mask & near[5] & near[0])
    table.edge_parts = list(edge.items())
    table.water_seams = [(a, b, cell, direction, mask)
                         for a, b, cell, direction, mask, coast, land, _ in table.seam_rows
                         if not coast and not land]
    return table
