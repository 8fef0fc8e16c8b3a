"""Placed-tile geometry for drawing and hit-testing, straight from catalogue templates.

The canvas follows the model, not the derivation: a tile is drawn from its
side's region polygons rotated on the lattice (exact) and converted to screen
units once per (side, rotation). Pure Python, no Qt, so it is cheap to test.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

import shapely
from shapely.ops import polylabel

from editor.model import lattice
from editor.model.catalogue import RegionTemplate, TileSide
from editor.model.lattice import Point

HEX_SIZE = 60.0  # scene units from a hex centre to a corner


@dataclass(frozen=True)
class RegionShape:
    """One region of a tile side at one rotation, relative to the hex centre (scene units)."""

    local_id: str
    terrain: str
    symbols: tuple[str, ...]
    outline: tuple[Point, ...]
    lattice_outline: tuple[Point, ...]
    anchor: Point  # a point well inside the region, for labels and markers
    radius: float  # room around the anchor before the border, scene units


def side_shapes(side: TileSide, rotation: int) -> tuple[RegionShape, ...]:
    """Regions of a tile side turned by ``rotation`` steps, in scene units around (0, 0)."""
    return _region_shapes(side.regions, rotation)


@cache
def _region_shapes(regions: tuple[RegionTemplate, ...], rotation: int
                   ) -> tuple[RegionShape, ...]:
    """Cached by the regions, not the tile: catalogue tiles sharing a design (a big custom
    catalogue built from a few designs) share the label anchors, found once."""
    result = []
    for region in regions:
        rotated = tuple(lattice.rotate_point(p, rotation) for p in region.polygon)
        outline = tuple(lattice.to_euclidean(p, HEX_SIZE) for p in rotated)
        polygon = shapely.Polygon(outline)
        label = polylabel(polygon, tolerance=0.5)
        radius = float(polygon.exterior.distance(label))
        result.append(RegionShape(region.local_id, region.terrain, region.symbols, outline,
                                  rotated, (float(label.x), float(label.y)), radius))
    return tuple(result)


def hex_outline(size: float = HEX_SIZE) -> tuple[Point, ...]:
    return tuple(lattice.to_euclidean(p, size) for p in lattice.CORNERS)


def hex_centre(q: int, r: int, size: float = HEX_SIZE) -> Point:
    return lattice.to_euclidean(lattice.hex_centre(q, r), size)


def scene_to_hex(x: float, y: float, size: float = HEX_SIZE) -> tuple[int, int]:
    return lattice.pixel_to_axial(x, y, size)


def _inside(point: Point, polygon: tuple[Point, ...]) -> bool:
    """Even-odd ray casting; boundary points may fall either way, which is fine for a click."""
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def local_point(x: float, y: float, q: int, r: int, size: float = HEX_SIZE) -> Point:
    """A scene point relative to the centre of hex (q, r), in scene units."""
    cx, cy = hex_centre(q, r, size)
    return (x - cx, y - cy)


def region_at(side: TileSide, rotation: int, offset: Point) -> str | None:
    """The local id of the region under ``offset`` (relative to the hex centre)."""
    for shape in side_shapes(side, rotation):
        if _inside(offset, shape.outline):
            return shape.local_id
    return None


def nearest_edge(rotation: int, offset: Point) -> tuple[int, float]:
    """The tile-local edge (0-5) whose midpoint is nearest ``offset``, and that distance."""
    best = (0, math.inf)
    for local in range(6):
        mx, my = lattice.to_euclidean(lattice.rotate_point(lattice.MIDPOINTS[local], rotation),
                                      HEX_SIZE)
        distance = math.hypot(offset[0] - mx, offset[1] - my)
        if distance < best[1]:
            best = (local, distance)
    return best


def edge_segment(rotation: int, local_edge: int) -> tuple[Point, Point]:
    """Screen end points of a tile-local edge after rotation, relative to the hex centre."""
    start = lattice.rotate_point(lattice.CORNERS[local_edge], rotation)
    end = lattice.rotate_point(lattice.CORNERS[(local_edge + 1) % 6], rotation)
    return (lattice.to_euclidean(start, HEX_SIZE), lattice.to_euclidean(end, HEX_SIZE))


def edge_has_water(side: TileSide, local_edge: int) -> bool:
    owners = side.half_edge_owner[2 * local_edge: 2 * local_edge + 2]
    return any(side.region(owner).is_water for owner in owners)


def seam_has_water(here: TileSide, edge: int, there: TileSide, other_edge: int) -> bool:
    """Whether two tile sides meeting along ``edge`` / ``other_edge`` have water facing
    water on at least one half of the seam (the neighbour walks the seam the other way)."""
    mine = here.half_edge_owner[2 * edge: 2 * edge + 2]
    theirs = there.half_edge_owner[2 * other_edge: 2 * other_edge + 2][::-1]
    return any(here.region(a).is_water and there.region(b).is_water
               for a, b in zip(mine, theirs, strict=True))


# Marker rows tried, relative to a region's anchor: clear of its symbol chips (around
# the anchor) and its name (just below), then nearer rows as a last resort.
MARKER_ROWS = (-24.0, 33.0, -36.0, 45.0, 14.0, -14.0, 0.0)
MARKER_SHIFTS = (0.0, 18.0, -18.0, 32.0, -32.0)
MARKER_RADIUS = 10.0
# What is drawn around a region's anchor (painting draws it, marker placement avoids it):
# a row of symbol chips just above it and the region's name just below.
SYMBOL_RADIUS = 7.5
SYMBOL_SPACING = 2 * SYMBOL_RADIUS + 2
SYMBOL_ROW_DY = -2.0
NAME_TOP_DY, NAME_HEIGHT, NAME_HALF_WIDTH = 9.0, 12.0, 20.0
# Where the tile letter sits (relative to the hex centre) and the room it needs: markers
# keep out of it so the letter stays readable.
TILE_LABEL_CENTRE: Point = (0.0, -0.7 * HEX_SIZE)
TILE_LABEL_KEEP_OUT = 22.0


@cache
def marker_slots(shape: RegionShape, count: int, spacing: float = 22.0,
                 clearance: float = 9.0) -> tuple[Point, ...]:
    """Centres (relative to the hex centre) for ``count`` markers in a row (or column) inside
    a region.

    Candidate rows and columns around the anchor are scored: a marker outside the region costs
    most, then one over the tile letter, within ``clearance`` of the border, or over
    the region's symbol chips and name. The first row with no cost wins, else the
    cheapest, so a crowded region still gets its markers where they hide the least.
    """
    polygon = shapely.Polygon(shape.outline)
    exterior = polygon.exterior
    ax, ay = shape.anchor
    lx, ly = TILE_LABEL_CENTRE
    chips_half = max(NAME_HALF_WIDTH, len(shape.symbols) * SYMBOL_SPACING / 2 + 2.0)
    chips_half += MARKER_RADIUS
    chips_top = ay + SYMBOL_ROW_DY - SYMBOL_RADIUS - MARKER_RADIUS
    chips_bottom = ay + NAME_TOP_DY + NAME_HEIGHT + MARKER_RADIUS
    best: tuple[int, tuple[Point, ...]] | None = None
    offsets = [(k - (count - 1) / 2) * spacing for k in range(count)]
    candidates = [tuple((ax + dx + o, ay + dy) for o in offsets)
                  for dy in MARKER_ROWS for dx in MARKER_SHIFTS]
    if count > 1:  # a column, for tall narrow strips where no row fits
        candidates += [tuple((ax + dx, ay + dy + o) for o in offsets)
                       for dx in (-24.0, 24.0, -36.0, 36.0, 0.0) for dy in (0.0, -30.0, 30.0)]
    for row in candidates:
        cost = 0
        for x, y in row:
            point = shapely.Point(x, y)
            if not polygon.contains(point):
                cost += 12  # a marker outside its region says the wrong thing
            elif exterior.distance(point) < clearance:
                cost += 2
            if math.hypot(x - lx, y - ly) < TILE_LABEL_KEEP_OUT:
                cost += 3
            if abs(x - ax) < chips_half and chips_top < y < chips_bottom:
                cost += 1
        if cost == 0:
            return row
        if best is None or cost < best[0]:
            best = (cost, row)
    assert best is not None
    return best[1]
