"""Tile-side templates prepared once per (tile side, rotation) for fast placement.

Placing a tile is then a translation of precomputed coordinate arrays, and its
seams are read from the rotated edge profile instead of intersecting polygons.

Nothing here imports shapely or numpy until a polygon is built: the graph of play
(and with it all of ``realms lint``) needs only the edge profiles and the internal
borders, which for the bundled catalogue come from a table checked against shapely
by the test suite (``editor/data/tile-borders.json``, written by ``tools/tile_borders.py``).
"""

from __future__ import annotations

import itertools
import operator
from dataclasses import dataclass
from functools import cache, cached_property
from typing import TYPE_CHECKING, Any

from editor.model import lattice
from editor.model.catalogue import TileSide

if TYPE_CHECKING:
    import numpy as np
    import shapely
    from numpy.typing import NDArray

HALF_EDGE_LENGTH = 0.5  # euclidean, for hex size 1 (a hex side is as long as its radius)


@dataclass(frozen=True)
class InternalBorder:
    """A border between two regions of one tile side."""

    a: str
    b: str
    length: float  # euclidean, size 1
    segments: tuple[tuple[lattice.Point, lattice.Point], ...]  # unrotated lattice coords


@dataclass(frozen=True)
class RotatedSide:
    side: TileSide
    rotation: int
    local_ids: tuple[str, ...]
    # closed rings (first point repeated last), lattice coords relative to the centre
    ring_points: tuple[tuple[lattice.Point, ...], ...]
    # owner[d][h]: local id owning board direction d, half h (h=0 starts at corner d)
    owner: tuple[tuple[str, str], ...]
    internal: tuple[InternalBorder, ...]

    @cached_property
    def rings(self) -> tuple[NDArray[np.float64], ...]:
        """The closed rings as numpy arrays, made when a polygon is first built."""
        import numpy as np

        return tuple(np.array(points, dtype=np.float64) for points in self.ring_points)


# Entries of the invented catalogue (read by format_version 1 files) carry this prefix.
LEGACY_PREFIX = "invented:"


@cache
def internal_borders(side: TileSide) -> tuple[InternalBorder, ...]:
    """Borders inside a tile side: from the bundled table when the side is one of the
    bundled catalogue's (same local ids and polygons), else found with shapely, once
    per shape (:func:`_shape_borders`)."""
    known = bundled_borders(side)
    return known if known is not None else _shape_borders(_shape(side))


def _shape(side: TileSide) -> tuple[tuple[str, tuple[lattice.Point, ...]], ...]:
    """What a side's internal borders depend on: its regions' local ids and polygons (not
    the tile's key, nor terrains or symbols)."""
    return tuple((r.local_id, r.polygon) for r in side.regions)


def bundled_borders(side: TileSide) -> tuple[InternalBorder, ...] | None:
    """What :func:`shapely_borders` gives for a side of the bundled catalogue, read from
    ``editor/data/tile-borders.json`` (written by ``tools/tile_borders.py``; the test suite
    checks every entry against shapely); None for any other side: an entry is used only
    when the side's local ids and polygons are exactly the ones it was computed from."""
    table = _bundled_border_table()
    shape = tuple((r.local_id, r.polygon) for r in side.regions)
    for prefix in ("", LEGACY_PREFIX):  # the box's faces, then the invented ones (format 1)
        entry = table.get(f"{prefix}{side.tile}/{side.side}")
        if entry is not None and entry[0] == shape:
            return entry[1]
    return None


@cache
def _bundled_border_table() -> dict[str, tuple[Any, tuple[InternalBorder, ...]]]:
    """The border file, read once, with its lists turned back into the tuples a side
    holds (so an entry compares equal to the side it was computed from)."""
    import json

    from editor.model.paths import data_file

    def points(ring: list[list[float]]) -> tuple[tuple[float, float], ...]:
        return tuple((x, y) for x, y in ring)

    with open(data_file("tile-borders.json"), encoding="utf-8") as stream:
        sides = json.load(stream)["sides"]
    table: dict[str, tuple[Any, tuple[InternalBorder, ...]]] = {}
    for key, entry in sides.items():
        regions = tuple((lid, points(ring)) for lid, ring in entry["regions"])
        borders = tuple(InternalBorder(a, b, length, tuple(
            ((s[0][0], s[0][1]), (s[1][0], s[1][1])) for s in segments))
            for a, b, length, segments in entry["borders"])
        table[key] = (regions, borders)
    return table


def shapely_borders(side: TileSide) -> tuple[InternalBorder, ...]:
    """Borders inside a tile side, found with shapely on the template polygons."""
    return _shape_borders(_shape(side))


@cache
def _shape_borders(shape: tuple[tuple[str, tuple[lattice.Point, ...]], ...]
                   ) -> tuple[InternalBorder, ...]:
    """:func:`shapely_borders` of every side of this shape, found once: a catalogue's tiles
    share a few ways of cutting a hex (4,000 tile keys of a big board cost 0.8 s of
    shapely when each key was computed on its own)."""
    import numpy as np
    import shapely

    polygons = [shapely.Polygon(polygon) for _, polygon in shape]
    result: list[InternalBorder] = []
    for i, (first, _) in enumerate(shape):
        for j in range(i + 1, len(shape)):
            second = shape[j][0]
            if not shapely.relate_pattern(polygons[i], polygons[j], "F***1****"):
                continue
            shared = shapely.line_merge(shapely.intersection(polygons[i].boundary,
                                                             polygons[j].boundary))
            lines = [g for g in getattr(shared, "geoms", [shared])
                     if g.geom_type in ("LineString", "LinearRing")]
            segments = []
            length = 0.0
            for line in lines:
                coords = list(line.coords)
                for start, end in itertools.pairwise(coords):
                    segments.append(((start[0], start[1]), (end[0], end[1])))
                    ex, ey = lattice.to_euclidean((end[0] - start[0], end[1] - start[1]))
                    length += float(np.hypot(ex, ey))
            result.append(InternalBorder(first, second, length, tuple(segments)))
    return tuple(result)


def rotated_side(side: TileSide, rotation: int) -> RotatedSide:
    """A side turned by ``rotation`` 60-degree steps, cached per (side, step 0-5).

    The cache key is normalised first (``operator.index`` refuses floats, ``% 6`` folds
    equal turns), so ``1`` and ``1.0`` can never share a key with different results and a
    file's outcome never depends on what was derived before it.

    Every placed tile of every derivation asks, so the answer is first looked up by the
    side object's identity: hashing a side hashes all its regions and polygons. The entry
    keeps the side alive (its id cannot be reused while it is there); on a miss the value
    cache answers, so equal sides of different catalogues still share one rotation."""
    step = operator.index(rotation) % 6
    entry = _BY_IDENTITY.get((id(side), step))
    if entry is not None and entry[0] is side:
        return entry[1]
    result = _rotated_side(side, step)
    if len(_BY_IDENTITY) >= _BY_IDENTITY_LIMIT:
        _BY_IDENTITY.clear()
    _BY_IDENTITY[(id(side), step)] = (side, result)
    return result


_BY_IDENTITY: dict[tuple[int, int], tuple[TileSide, RotatedSide]] = {}
_BY_IDENTITY_LIMIT = 20_000


@cache
def _rotated_side(side: TileSide, rotation: int) -> RotatedSide:
    rings = _rotated_rings(tuple(region.polygon for region in side.regions), rotation)
    owner = []
    for direction in range(6):
        local_edge = (direction - rotation) % 6
        owner.append((side.half_edge_owner[2 * local_edge],
                      side.half_edge_owner[2 * local_edge + 1]))
    return RotatedSide(side, rotation % 6, tuple(r.local_id for r in side.regions),
                       rings, tuple(owner), internal_borders(side))


@cache
def _rotated_rings(polygons: tuple[tuple[lattice.Point, ...], ...], rotation: int
                   ) -> tuple[tuple[lattice.Point, ...], ...]:
    """The closed rings of these region polygons turned by ``rotation``: once per shape
    and turn, however many tile keys share the shape (4,000 keys of a big board turned
    88,000 points one by one)."""
    rings = []
    for polygon in polygons:
        points = [lattice.rotate_point(p, rotation) for p in polygon]
        points.append(points[0])
        rings.append(tuple(points))
    return tuple(rings)


def rotate_segment(segment: tuple[lattice.Point, lattice.Point], rotation: int,
                   centre: lattice.Point) -> tuple[lattice.Point, lattice.Point]:
    a = lattice.rotate_point(segment[0], rotation)
    b = lattice.rotate_point(segment[1], rotation)
    return ((a[0] + centre[0], a[1] + centre[1]), (b[0] + centre[0], b[1] + centre[1]))


def build_polygons(rings: list[NDArray[np.float64]],
                   offsets: list[lattice.Point]) -> NDArray[np.object_]:
    """Many polygons at once: one ragged-array call instead of one shapely call each."""
    import numpy as np
    import shapely

    if not rings:
        return np.empty(0, dtype=object)
    if len(rings) != len(offsets):
        raise ValueError("one offset per ring")
    lengths = [len(r) for r in rings]
    # one addition over all points instead of one small numpy operation per ring
    coords = np.concatenate(rings) + np.repeat(np.asarray(offsets, dtype=np.float64),
                                               lengths, axis=0)
    ring_offsets = np.concatenate([[0], np.cumsum(lengths)])
    polygon_offsets = np.arange(len(rings) + 1)
    return shapely.from_ragged_array(  # type: ignore[no-any-return]
        shapely.GeometryType.POLYGON, coords, (ring_offsets, polygon_offsets))


def hex_polygons(cells: list[tuple[int, int]]) -> NDArray[np.object_]:
    import numpy as np

    ring = np.array([*lattice.CORNERS, lattice.CORNERS[0]], dtype=np.float64)
    return build_polygons([ring] * len(cells), [lattice.hex_centre(q, r) for q, r in cells])


def euclidean(geometry: shapely.Geometry, size: float = 1.0) -> shapely.Geometry:
    """Lattice -> screen units, for drawing and measuring."""
    import numpy as np
    import shapely

    scale = np.array([lattice.X_UNIT * size, lattice.Y_UNIT * size])
    return shapely.transform(geometry, lambda xy: xy * scale)


AREA_SCALE = lattice.X_UNIT * lattice.Y_UNIT
