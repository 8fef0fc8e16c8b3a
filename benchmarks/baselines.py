"""The naive baseline every derivation budget is measured next to.

Region polygons are built one by one from trigonometric corners (Euclidean units), then
every pair is tested with shapely's DE-9IM ``relate_pattern``
(:func:`editor.topology.geometric.adjacency_all_pairs`); :func:`strtree` tests the same
polygons with candidate pairs from an STRtree instead. :func:`realm_floor` is the floor
under the growth budget: what only making a realm's objects costs, with no derivation.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import fields

import shapely

from editor.model import lattice
from editor.model.scenario_io import LoadedScenario
from editor.topology.geometric import adjacency_all_pairs, adjacency_strtree
from editor.topology.realm import Realm, Region


def naive_polygons(loaded: LoadedScenario, players: int) -> dict[str, shapely.Geometry]:
    """Region polygons of the tiles on the board for ``players``, built one by one."""
    polygons = {}
    catalogue = loaded.catalogue
    for board in loaded.scenario.boards:
        for p in board.tiles:
            if not p.presence.includes(players, loaded.scenario.players_min):
                continue
            cx, cy = lattice.to_euclidean(lattice.hex_centre(p.q, p.r))
            for region in catalogue.side(p.tile, p.side).regions:
                points = []
                for x, y in region.polygon:
                    angle = (math.atan2(y * lattice.Y_UNIT, x * lattice.X_UNIT)
                             - p.rotation * math.pi / 3)
                    radius = math.hypot(x * lattice.X_UNIT, y * lattice.Y_UNIT)
                    points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
                polygons[f"{p.tile}.{region.local_id}#{len(polygons)}"] = shapely.Polygon(points)
    return polygons


def naive(loaded: LoadedScenario, players: int) -> int:
    """The baseline: naive polygons, then every pair tested; the number of adjacent pairs."""
    return len(adjacency_all_pairs(naive_polygons(loaded, players)))


def strtree(loaded: LoadedScenario, players: int) -> int:
    """The same polygons, candidate pairs from an STRtree, confirmed by DE-9IM."""
    return len(adjacency_strtree(naive_polygons(loaded, players)))


def realm_floor(realm: Realm) -> Callable[[], object]:
    """A function that makes, and drops, only the objects ``realm`` holds for a caller: one
    :class:`Region` per region with its values, the region dict, one neighbour dict per
    region and one attribute dict per edge shared by both ends, and the part-to-region dict,
    all copied from flat lists taken from ``realm`` (ids and values are reused, nothing is
    looked up, found or sorted). No derivation can cost less per tile than this; how the
    floor's cost per tile grows with the realm is how Python's objects grow on this machine
    (allocation, the CPU caches), not the algorithm's."""
    names = [f.name for f in fields(Region) if f.init]
    values = [tuple(getattr(region, name) for name in names)
              for region in realm.regions.values()]
    edges = [(a, b, data["kinds"], data["length"])
             for a, near in realm.adjacency.items() for b, data in near.items() if a < b]
    parts = list(realm.part_to_region.items())

    def build() -> object:
        regions = {args[0]: Region(*args) for args in values}
        adjacency: dict[str, dict[str, dict[str, object]]] = {rid: {} for rid in regions}
        for a, b, kinds, length in edges:
            adjacency[a][b] = adjacency[b][a] = {"kinds": kinds, "length": length}
        return regions, adjacency, dict(parts)

    return build
