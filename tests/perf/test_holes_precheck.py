"""Holes found combinatorially agree with the shapely union's interior rings."""

from __future__ import annotations

import random
from types import SimpleNamespace

import shapely

from editor.geometry.templates import hex_polygons
from editor.model import lattice
from editor.topology.derive import _may_enclose


def layout(cells: set[tuple[int, int]]) -> SimpleNamespace:
    empties = {(q + dq, r + dr) for q, r in cells for dq, dr in lattice.NEIGHBOUR_DIRECTIONS}
    return SimpleNamespace(tiles=dict.fromkeys(cells),
                           # (part, cell, direction, half, empty neighbour): only the
                           # empty neighbour matters here
                           outer=[(None, None, None, None, cell)
                                  for cell in sorted(empties - cells)])


def has_interiors(cells: set[tuple[int, int]]) -> bool:
    union = shapely.coverage_union_all(hex_polygons(sorted(cells)))
    return any(poly.interiors for poly in getattr(union, "geoms", [union]))


def test_agrees_with_shapely_on_random_boards() -> None:
    rng = random.Random(3)
    seen = {True: 0, False: 0}
    for _ in range(400):
        cells = {(0, 0)}
        for _ in range(rng.randrange(3, 40)):
            q, r = rng.choice(sorted(cells))
            dq, dr = rng.choice(lattice.NEIGHBOUR_DIRECTIONS)
            cells.add((q + dq, r + dr))
        cells -= {rng.choice(sorted(cells)) for _ in range(rng.randrange(3))} - {(0, 0)}
        expected = has_interiors(cells)
        seen[expected] += 1
        if not expected:  # a False answer must be exact; True may defer to shapely
            assert not _may_enclose(layout(cells)), sorted(cells)
        else:
            assert _may_enclose(layout(cells)), sorted(cells)
    assert seen[True] > 20 and seen[False] > 20


def test_a_ring_of_six_encloses_its_centre() -> None:
    ring = {(q, r) for q, r in lattice.NEIGHBOUR_DIRECTIONS}
    assert _may_enclose(layout(ring))
    assert not _may_enclose(layout(ring | {(0, 0)}))
