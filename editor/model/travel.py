"""Which regions a race can move over: the one definition of "walkable" that lint (G003,
G004), the exporters' refusal (:mod:`editor.export.legality`) and, through them, the
importers share (issue 29: they used to spell it out each on their own).

A race walks over land and passable rivers; never over a chasm or impassable water (seas
and lakes are crossed only by powers, which no engine format expresses); and nothing on a
board that sits apart in its lake (the necromancer's island) counts, as the booklet keeps
that island out of land travel.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from editor.model.scenario import Board
    from editor.topology.realm import Realm, Region

APART_BOARD_KINDS = frozenset({"necromancer_island"})


def apart_boards(boards: Iterable[Board]) -> frozenset[str]:
    """The ids of the boards that sit apart from land travel."""
    return frozenset(b.id for b in boards if b.kind in APART_BOARD_KINDS)


def walks_over(region: Region, apart: frozenset[str] | set[str]) -> bool:
    """Whether a race can move over ``region`` (``apart``: from :func:`apart_boards`)."""
    if region.chasm or region.impassable or (apart and region.board in apart):
        return False
    return region.kind == "land" or region.water_kind == "river"


def walkable_regions(realm: Realm) -> list[str]:
    """The ids of the regions a race can move over, in the realm's order."""
    apart = apart_boards(realm.scenario.boards)
    return [rid for rid, region in realm.regions.items() if walks_over(region, apart)]
