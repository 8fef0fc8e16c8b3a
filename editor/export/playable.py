"""The regions other engines see: every region but chasms, in region-id order.

smawg and cestpasphoto number regions 0..n-1 and know neither chasms nor links'
kinds, so both exports share this one view of the realm. Neither has rivers: a river
is exported as still water no race enters, so the land on both banks is given a border
of its own across it (a *river crossing*). The board then stays in one piece where
lint's G003 says it is (land, rivers, tunnels and bridges connect), and a race can go
over a river in these engines as it can in play, where a river is conquered for 1 token
and left again at redeployment.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from editor.topology.realm import Realm, Region


@dataclass(frozen=True)
class PlayableBoard:
    regions: tuple[Region, ...]
    index: dict[str, int]
    edges: tuple[tuple[int, int], ...]  # sorted, i < j

    def has_lost_tribe(self, region: Region) -> bool:
        return "lost_tribe" in region.symbols or "lost_tribe" in region.marker_kinds()


def playable_board(realm: Realm) -> PlayableBoard:
    regions = tuple(r for r in realm.regions.values() if not r.chasm)
    index = {r.id: i for i, r in enumerate(regions)}
    edges = set()
    for a, b in realm.graph.edges:
        if a in index and b in index and a != b:
            i, j = sorted((index[a], index[b]))
            edges.add((i, j))
    edges |= river_crossings(realm, index)
    return PlayableBoard(regions, index, tuple(sorted(edges)))


def river_crossings(realm: Realm, index: dict[str, int]) -> set[tuple[int, int]]:
    """Borders between the land regions on the banks of each passable river (pairs of
    indexes, i < j): what keeps a board whole in engines whose rivers no race enters."""
    crossings: set[tuple[int, int]] = set()
    for river in realm.regions.values():
        if river.kind != "water" or river.water_kind != "river" or river.impassable:
            continue
        banks = sorted(index[n] for n in realm.graph.neighbors(river.id)
                       if n in index and realm.regions[n].is_land)
        crossings.update(combinations(banks, 2))
    return crossings
