"""The tile-local coordinate frame shared by the catalogue, geometry and exporters.

Hexes are pointy-top on a y-down screen. Coordinates are kept on an affine
"lattice" where every hex corner is an integer point: one x unit is
``sqrt(3)/2 * size`` and one y unit is ``size/2``. Adjacency is affine-invariant,
so deriving it here is exact in floating point; only drawing converts to
Euclidean units (see :func:`to_euclidean`).

Conventions (pinned by golden tests):
* axial ``(q, r)`` has its centre at lattice ``(2q + r, 3r)``;
* edge ``i`` faces the neighbour in axial direction ``NEIGHBOUR_DIRECTIONS[i]``
  (east, north-east, north-west, west, south-west, south-east: counter-clockwise
  on screen) and runs from corner ``i`` to corner ``i + 1``;
* rotating a tile by one step turns it 60 degrees counter-clockwise on screen,
  so local edge ``i`` lands on board edge ``(i + rotation) % 6``.
"""

from __future__ import annotations

import math
from typing import Final

Point = tuple[float, float]

NEIGHBOUR_DIRECTIONS: Final[tuple[tuple[int, int], ...]] = (
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, 0),
    (-1, 1),
    (0, 1),
)

CORNERS: Final[tuple[Point, ...]] = (
    (1.0, 1.0),
    (1.0, -1.0),
    (0.0, -2.0),
    (-1.0, -1.0),
    (-1.0, 1.0),
    (0.0, 2.0),
)

MIDPOINTS: Final[tuple[Point, ...]] = tuple(
    ((CORNERS[i][0] + CORNERS[(i + 1) % 6][0]) / 2, (CORNERS[i][1] + CORNERS[(i + 1) % 6][1]) / 2)
    for i in range(6)
)

CENTRE: Final[Point] = (0.0, 0.0)

X_UNIT: Final[float] = math.sqrt(3) / 2
Y_UNIT: Final[float] = 0.5


def named_point(name: str) -> Point:
    """Resolve a catalogue point name: ``C`` (centre), ``K0``-``K5`` (corners), ``M0``-``M5``
    (edge midpoints)."""
    if name == "C":
        return CENTRE
    if len(name) == 2 and name[1] in "012345":
        index = int(name[1])
        if name[0] == "K":
            return CORNERS[index]
        if name[0] == "M":
            return MIDPOINTS[index]
    raise ValueError(f"unknown point name {name!r}; use C, K0-K5 or M0-M5")


def sector(index: int) -> tuple[Point, Point, Point]:
    """The triangle between the centre and edge ``index``."""
    return (CENTRE, CORNERS[index % 6], CORNERS[(index + 1) % 6])


def rotate_point(point: Point, steps: int) -> Point:
    """Rotate a lattice point about the tile centre by ``steps`` x 60 degrees (counter-clockwise on
    screen). The map has dyadic coefficients, so lattice points stay exact."""
    x, y = point
    for _ in range(steps % 6):
        x, y = (x + y) / 2, (-3 * x + y) / 2
    return (x, y)


def hex_centre(q: int, r: int) -> Point:
    return (float(2 * q + r), float(3 * r))


def neighbour(q: int, r: int, direction: int) -> tuple[int, int]:
    dq, dr = NEIGHBOUR_DIRECTIONS[direction % 6]
    return (q + dq, r + dr)


def ring(radius: int, centre: tuple[int, int] = (0, 0)) -> list[tuple[int, int]]:
    """The ``6 * radius`` cells at distance ``radius`` from ``centre``, in walking order:
    the one walk the benchmarks' spirals and rings and the growth tests build boards from."""
    dq, dr = NEIGHBOUR_DIRECTIONS[4]
    q, r = centre[0] + dq * radius, centre[1] + dr * radius
    cells = []
    for direction in range(6):
        for _ in range(radius):
            cells.append((q, r))
            q, r = neighbour(q, r, direction)
    return cells


def hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def to_euclidean(point: Point, size: float = 1.0) -> Point:
    """Lattice -> screen coordinates for drawing, areas and lengths."""
    return (point[0] * X_UNIT * size, point[1] * Y_UNIT * size)


def from_euclidean(point: Point, size: float = 1.0) -> Point:
    return (point[0] / (X_UNIT * size), point[1] / (Y_UNIT * size))


def pixel_to_axial(x: float, y: float, size: float = 1.0) -> tuple[int, int]:
    """Screen point -> the axial hex containing it (cube rounding)."""
    fq = (math.sqrt(3) / 3 * x - y / 3) / size
    fr = (2 / 3 * y) / size
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return (int(q), int(r))
