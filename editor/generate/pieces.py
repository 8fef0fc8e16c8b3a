"""What the generators need to know about each tile side, computed once from the catalogue.

The search scores thousands of layouts, so it never derives geometry: a side's land
regions, terrains, symbols, printed lost-tribe marks, which of its regions touch each
other and which region owns each of the 12 half-edges of its outline are enough to count
the balance tallies and to walk the graph of play combinatorially.
"""

from __future__ import annotations

from dataclasses import dataclass

from editor.model.catalogue import Catalogue, TileSide

Part = tuple[str, str]  # (tile, local region id)


@dataclass(frozen=True)
class RegionFacts:
    local_id: str
    terrain: str  # printed terrain ("water" for water)
    symbols: tuple[str, ...]

    @property
    def is_land(self) -> bool:
        return self.terrain != "water"

    @property
    def printed_lost_tribe(self) -> bool:
        return "lost_tribe" in self.symbols


@dataclass(frozen=True)
class SideFacts:
    tile: str
    side: str
    regions: tuple[RegionFacts, ...]
    half_edge_owner: tuple[str, ...]  # 12 local ids, as in the catalogue
    inner_pairs: tuple[tuple[str, str], ...]  # regions of this side sharing a border

    @property
    def land(self) -> tuple[RegionFacts, ...]:
        return tuple(r for r in self.regions if r.is_land)

    def region(self, local_id: str) -> RegionFacts:
        for region in self.regions:
            if region.local_id == local_id:
                return region
        raise KeyError(local_id)


def _inner_pairs(side: TileSide) -> tuple[tuple[str, str], ...]:
    import shapely

    shapes = [(r.local_id, shapely.Polygon(r.polygon)) for r in side.regions]
    pairs = []
    for i, (a, pa) in enumerate(shapes):
        for b, pb in shapes[i + 1:]:
            if float(pa.intersection(pb).length) > 1e-9:
                pairs.append((a, b))
    return tuple(pairs)


_CACHE: dict[int, tuple[Catalogue, dict[tuple[str, str], SideFacts]]] = {}


def _facts(catalogue: Catalogue) -> dict[tuple[str, str], SideFacts]:
    out: dict[tuple[str, str], SideFacts] = {}
    for key in sorted(catalogue.tiles):
        for side_name, side in sorted(catalogue.tiles[key].sides.items()):
            out[(key, side_name)] = SideFacts(
                key, side_name,
                tuple(RegionFacts(r.local_id, r.terrain, r.symbols) for r in side.regions),
                side.half_edge_owner, _inner_pairs(side))
    return out


def side_facts(catalogue: Catalogue) -> dict[tuple[str, str], SideFacts]:
    """Facts for every (tile, side) of the catalogue, keyed in sorted order (cached: the
    catalogue object is kept alive with its facts, so its id cannot be reused)."""
    hit = _CACHE.get(id(catalogue))
    if hit is None or hit[0] is not catalogue:
        hit = (catalogue, _facts(catalogue))
        _CACHE[id(catalogue)] = hit
    return hit[1]


def box_tiles(catalogue: Catalogue) -> tuple[str, ...]:
    """The letters of the Realms box (A-Z) present in the catalogue, sorted."""
    return tuple(sorted(k for k in catalogue.tiles if len(k) == 1 and k.isalpha()))
