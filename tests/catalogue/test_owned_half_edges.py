"""owned_half_edges (covers() inlined) answers as covers() for all twelve half-edges."""

from __future__ import annotations

import random

from editor.model import catalogue_check, lattice
from editor.model.catalogue import default_catalogue


def _reference(polygon: tuple[lattice.Point, ...]) -> frozenset[int]:
    return frozenset(number for number, (start, end) in enumerate(catalogue_check.half_edges())
                     if catalogue_check.covers(polygon, start, end))


def test_bundled_polygons() -> None:
    polygons = {region.polygon for version in (1, 2)
                for tile in default_catalogue(version).tiles.values()
                for side in tile.sides.values() for region in side.regions}
    assert len(polygons) > 20
    assert any(catalogue_check.owned_half_edges(p) for p in polygons)
    for polygon in polygons:
        assert catalogue_check.owned_half_edges(polygon) == _reference(polygon)


def test_random_polygons_of_outline_points() -> None:
    """Corners, midpoints, quarter points and the centre, in any order and orientation:
    sides along, across, beyond and partly along the outline."""
    corners, mids = lattice.CORNERS, lattice.MIDPOINTS
    points = [*corners, *mids, (0.0, 0.0)] + [
        ((a[0] + m[0]) / 2, (a[1] + m[1]) / 2) for a, m in zip(corners, mids, strict=True)]
    rng = random.Random(3)
    for _ in range(3000):
        polygon = tuple(rng.sample(points, rng.randrange(3, 8)))
        catalogue_check.owned_half_edges.cache_clear()
        assert catalogue_check.owned_half_edges(polygon) == _reference(polygon), polygon
