"""The naive baseline every derivation budget is measured next to.

Region polygons are built one by one from trigonometric corners (Euclidean units), then
every pair is tested with shapely's DE-9IM ``relate_pattern``
(:func:`editor.topology.geometric.adjacency_all_pairs`); :func:`strtree` tests the same
polygons with candidate pairs from an STRtree instead.
"""

from __future__ import annotations

import math

import shapely

from editor.model import lattice
from editor.model.scenario_io import LoadedScenario
from editor.topology.geometric import adjacency_all_pairs, adjacency_strtree


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
