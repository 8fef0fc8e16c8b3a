"""Per-board combinatorial pass: active tiles, seams, outer edges and river markers.

Everything here works on hex cells and the rotated edge profiles of tile sides,
so it is exact and linear in the number of tiles; shapely is not needed to know
which parts touch.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from editor.geometry.templates import RotatedSide, rotated_side
from editor.model import lattice
from editor.model.catalogue import Catalogue
from editor.model.scenario import Board, Placement, region_id
from editor.topology.realm import Problem

Cell = tuple[int, int]


@dataclass
class PlacedTile:
    placement: Placement
    side: RotatedSide
    cell: Cell
    part_ids: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.part_ids = {lid: region_id(self.placement.tile, lid) for lid in self.side.local_ids}

    def part(self, local_id: str) -> str:
        return self.part_ids[local_id]


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
    problems: list[Problem] = field(default_factory=list)
    _parts: list[tuple[str, PlacedTile, int]] | None = field(
        default=None, repr=False, compare=False)

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
    layout = BoardLayout(board)
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
        layout.by_letter[placement.tile] = placed
        letters_in_use[placement.tile] = (board, placement)
    _match_edges(layout)
    _lay_river_markers(layout, players, scenario_min)
    return layout


def _match_edges(layout: BoardLayout) -> None:
    tiles = layout.tiles
    outer = layout.outer.append
    seams = layout.seams.append
    for cell, placed in tiles.items():
        q, r = cell
        owner = placed.side.owner
        names = placed.part_ids
        for direction, (dq, dr) in enumerate(lattice.NEIGHBOUR_DIRECTIONS):
            other_cell = (q + dq, r + dr)
            other = tiles.get(other_cell)
            own0, own1 = owner[direction]
            if other is None:
                outer((names[own0], cell, direction, 0, other_cell))
                outer((names[own1], cell, direction, 1, other_cell))
            elif direction < 3:
                # our half 0 (from our corner d) meets their half 1 (ending at that corner)
                face0, face1 = other.side.owner[direction + 3]
                theirs = other.part_ids
                seams((names[own0], theirs[face1], cell, direction, 0))
                seams((names[own1], theirs[face0], cell, direction, 1))


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
