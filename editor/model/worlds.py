"""Which world, surface or underground, a board is built of and a region belongs to.

An underground board is laid with the tiles' underground faces; every other board (the
surface, sky islands, the necromancer's island) with their surface faces. A tile laid
with the face of the other world (one stray press of F) is reported by lint (G016), and
until it is turned over its regions count in the world of the face they show, never as
land of the board's world: the 1/5 rule of each world must not count another world's
terrains.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from editor.model.scenario import Board, Placement
    from editor.topology.realm import Region

SURFACE = "surface"
UNDERGROUND = "underground"
UNDERGROUND_BOARD_KINDS = frozenset({"underground"})


def board_face(kind: str) -> str:
    """The face (tile side) a board of ``kind`` is built of."""
    return UNDERGROUND if kind in UNDERGROUND_BOARD_KINDS else SURFACE


def other_face(side: str) -> str:
    return SURFACE if side == UNDERGROUND else UNDERGROUND


def wrong_faces(boards: Iterable[Board]) -> Iterator[tuple[int, int, Board, Placement]]:
    """(board index, tile index, board, placement) of every tile laid with the face of
    the other world than its board's."""
    for b_index, board in enumerate(boards):
        wanted = board_face(board.kind)
        for t_index, placement in enumerate(board.tiles):
            if placement.side != wanted:
                yield b_index, t_index, board, placement


class Worlds:
    """Tells a region's world: the world of its board, unless its tile shows the other
    world's face (then that face's world)."""

    __slots__ = ("below", "turned")

    def __init__(self, boards: Iterable[Board]) -> None:
        boards = list(boards)
        self.below = frozenset(b.id for b in boards if b.kind in UNDERGROUND_BOARD_KINDS)
        self.turned = frozenset(p.tile for _, _, _, p in wrong_faces(boards))

    def __bool__(self) -> bool:
        """Whether any region may be underground."""
        return bool(self.below or self.turned)

    def is_below(self, region: Region) -> bool:
        below = region.board in self.below
        if self.turned and region.tiles and region.tiles[0] in self.turned:
            return not below
        return below
