"""The regions other engines see: every region but chasms, in region-id order.

smawg and cestpasphoto number regions 0..n-1 and know neither chasms nor links'
kinds, so both exports share this one view of the realm.
"""

from __future__ import annotations

from dataclasses import dataclass

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
    return PlayableBoard(regions, index, tuple(sorted(edges)))
