"""Placed-tile geometry for drawing and hit-testing, straight from catalogue templates.

The canvas follows the model, not the derivation: a tile is drawn from its
side's region polygons rotated on the lattice (exact) and converted to screen
units once per (side, rotation). Pure Python, no Qt, so it is cheap to test.

Label anchors and the names and chips of the bundled designs come from a table worked out
ahead of time (:mod:`editor.render.label_table`); shapely, numpy and the placement engine
are imported only for what the table lacks (a custom design, markers laid on a tile), so
the editor's first frame of a realm of bundled tiles needs none of them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from editor.model import lattice
from editor.model.catalogue import RegionTemplate, TileSide
from editor.model.lattice import Point
from editor.render import label_table
from editor.render.label_table import SideLabels
from editor.render.label_types import Box, LabelPlan, LabelSizes, text_width

if TYPE_CHECKING:
    import shapely

    from editor.render.labels import Candidates

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
    stored = _stored(regions, rotation)
    found = stored.anchors if stored is not None else _exact_anchors(regions, rotation)
    return _made_shapes(regions, rotation, found)


def _made_shapes(regions: tuple[RegionTemplate, ...], rotation: int,
                 anchors: tuple[tuple[Point, float], ...]) -> tuple[RegionShape, ...]:
    result = []
    for region, (anchor, radius) in zip(regions, anchors, strict=True):
        rotated = tuple(lattice.rotate_point(p, rotation) for p in region.polygon)
        outline = tuple(lattice.to_euclidean(p, HEX_SIZE) for p in rotated)
        result.append(RegionShape(region.local_id, region.terrain, region.symbols, outline,
                                  rotated, anchor, radius))
    return tuple(result)


def _exact_anchors(regions: tuple[RegionTemplate, ...], rotation: int
                   ) -> tuple[tuple[Point, float], ...]:
    """Each region's most interior point (polylabel) and its room to the border."""
    import shapely
    from shapely.ops import polylabel

    result = []
    for region in regions:
        outline = [lattice.to_euclidean(lattice.rotate_point(p, rotation), HEX_SIZE)
                   for p in region.polygon]
        polygon = shapely.Polygon(outline)
        label = polylabel(polygon, tolerance=0.5)
        result.append(((float(label.x), float(label.y)),
                       float(polygon.exterior.distance(label))))
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


# What is placed on a tile besides its fills (scene units). Where each name, symbol chip
# and marker goes is decided by the shared label-placement step (editor.render.labels):
# inside its region, clear of the tile letter and of each other.
MARKER_RADIUS = 9.0
SYMBOL_RADIUS = 7.5
NAME_FONT = 9.0
TILE_LETTER_FONT = 14.0
# Where the tile letter sits (relative to the hex centre): near the top corner.
TILE_LABEL_CENTRE: Point = (0.0, -0.7 * HEX_SIZE)
LABEL_SIZES = LabelSizes(name_font=NAME_FONT, name_pad=3.0, name_height=11.0,
                         chip_radius=SYMBOL_RADIUS + 0.5, marker_radius=MARKER_RADIUS + 0.5,
                         gap=1.5, clearance=2.0, step=3.0)


def side_label(tile: str, side: str) -> str:
    """A tile's name as drawn: its letter, primed on the underground side ("C\u2032")."""
    return tile if side == "surface" else f"{tile}\u2032"


def letter_box(letter: str) -> Box:
    """The room the tile letter takes (its glyphs and white halo), around its centre."""
    lx, ly = TILE_LABEL_CENTRE
    half_w = text_width(letter, TILE_LETTER_FONT) / 2 + 2.5
    half_h = 0.8 * TILE_LETTER_FONT / 2 + 2.5
    return (lx - half_w, ly - half_h, lx + half_w, ly + half_h)


# What labels keep clear of, whichever the tile: the room of the widest letter, primed. So a
# tile's names and chips depend on its design and rotation alone (drawn once, shared).
LETTER_KEEP_OUT: Box = letter_box("W\u2032")


_STAMP = label_table.settings_stamp(HEX_SIZE, LABEL_SIZES, [LETTER_KEEP_OUT])


@cache
def _stored(regions: tuple[RegionTemplate, ...], rotation: int) -> SideLabels | None:
    """The table's anchors and plan of a bundled design at ``rotation`` (None otherwise)."""
    return label_table.lookup(regions, rotation, _STAMP, (LETTER_KEEP_OUT,))


@lru_cache(maxsize=8192)
def tile_labels(side: TileSide, rotation: int,
                markers: tuple[tuple[bool, ...], ...] = ()) -> LabelPlan:
    """Names, symbol chips and markers of one placed tile side, relative to its centre.

    ``markers`` lists, per region (in :func:`side_shapes` order), the markers laid on it:
    True for one drawn square (it keeps its whole box inside the region), False for a round
    one. They come back keyed ``"0"``, ``"1"``... in that order. Names and chips are placed
    first and never move for markers (and keep clear of any tile letter), so a tile's
    drawing depends on its side and rotation only. Cached per side, rotation and markers;
    with no marker laid, a bundled design's plan comes from the table.
    """
    if not any(markers):
        stored = _stored(side.regions, rotation)
        if stored is not None:
            return stored.plan
    return exact_labels(side, rotation, markers)


def exact_labels(side: TileSide, rotation: int,
                 markers: tuple[tuple[bool, ...], ...] = ()) -> LabelPlan:
    """:func:`tile_labels` worked out by the placement engine (not from the table)."""
    return _placed(side_shapes(side, rotation), _side_candidates(side, rotation), markers)


def _placed(shapes: tuple[RegionShape, ...], grids: tuple[Candidates | None, ...],
            markers: tuple[tuple[bool, ...], ...]) -> LabelPlan:
    from editor.render.labels import RegionLabels, place_labels

    regions = []
    for i, shape in enumerate(shapes):
        laid = markers[i] if i < len(markers) else ()
        regions.append(RegionLabels(
            shape.local_id, _polygon(shape), shape.local_id, shape.symbols,
            tuple(str(k) for k in range(len(laid))), shape.anchor,
            frozenset(str(k) for k, square in enumerate(laid) if square), grids[i]))
    return place_labels(regions, LABEL_SIZES, [LETTER_KEEP_OUT], stable=True)


def exact_sides(side: TileSide) -> tuple[SideLabels, ...]:
    """A side's anchors and plan with no marker at each rotation, worked out afresh from
    its polygons, with neither the table nor any cache of this process (what the table
    must hold)."""
    unturned = _made_shapes(side.regions, 0, _exact_anchors(side.regions, 0))
    first = _grids(unturned, unturned, 0)
    result = []
    for rotation in range(6):
        anchors = _exact_anchors(side.regions, rotation)
        shapes = _made_shapes(side.regions, rotation, anchors)
        result.append(SideLabels(anchors, _placed(shapes, _grids(unturned, shapes, rotation,
                                                                 first), ())))
    return tuple(result)


@cache
def _polygon(shape: RegionShape) -> shapely.Geometry:
    import shapely

    return shapely.Polygon(shape.outline)


@cache
def _side_candidates(side: TileSide, rotation: int) -> tuple[Candidates | None, ...]:
    """Candidate grids of a side's regions (cached per side and rotation)."""
    if rotation % 6 == 0:
        return _grids(side_shapes(side, 0), side_shapes(side, 0), 0)
    return _grids(side_shapes(side, 0), side_shapes(side, rotation), rotation,
                  _side_candidates(side, 0))


def _grids(unturned: tuple[RegionShape, ...], shapes: tuple[RegionShape, ...], rotation: int,
           first: tuple[Candidates | None, ...] | None = None
           ) -> tuple[Candidates | None, ...]:
    """Candidate grids of a side's regions: worked out unturned (``first``, when known),
    then turned (cheap)."""
    from editor.render.labels import candidates

    if first is None:
        first = tuple(candidates(_polygon(shape), LABEL_SIZES, shape.anchor)
                      for shape in unturned)
    if rotation % 6 == 0:
        return first
    start = lattice.to_euclidean(lattice.CORNERS[0], 1.0)
    end = lattice.to_euclidean(lattice.rotate_point(lattice.CORNERS[0], rotation), 1.0)
    angle = math.atan2(end[1], end[0]) - math.atan2(start[1], start[0])
    cos, sin = math.cos(angle), math.sin(angle)
    return tuple(None if grid is None else grid.turned(cos, sin, _polygon(shape))
                 for grid, shape in zip(first, shapes, strict=True))
