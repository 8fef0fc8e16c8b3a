"""What is wrong with a catalogue being designed: the loader's verdict plus where to look.

Two sources, one list:

* :func:`check_catalogue_data` asks the project's catalogue checker
  (:mod:`editor.model.catalogue_check`, the same rules as the loader and ``realms catalogue
  check``), and :func:`catalogue_defects` caches it. It is the one place that decides
  whether a catalogue may be saved.
* :func:`side_problems` finds, for the side on screen, the *part* to highlight: the gap, the
  overlap, the border that zig-zags across itself, the half-edge owned twice or not at all,
  the fourth region, the water region with symbols. Qt-free; shapes in lattice units.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from editor.gui.designer.catalogue_text import dumps
from editor.gui.designer.design import MAX_REGIONS, region_polygon
from editor.model.catalogue import half_edges
from editor.model.lattice import CORNERS, Point

_EPS = 1e-9


@dataclass(frozen=True)
class Defect:
    """One catalogue defect, shaped like the checker's (code, JSON path, message, hint and
    the tile/side/region it is about, when known)."""

    code: str
    path: str
    message: str
    hint: str = ""
    tile: str | None = None
    side: str | None = None
    region: str | None = None
    severity: str = "error"  # "warning": shown, but the catalogue may still be saved


def catalogue_defects(data: dict[str, Any], shown: str = "catalogue") -> list[Defect]:
    """:func:`check_catalogue_data`, remembered for the last few catalogue texts (the designer
    asks again on every step, and most steps leave most of the catalogue alone)."""
    return list(_defects_of_text(dumps(data), shown))


@lru_cache(maxsize=8)
def _defects_of_text(text: str, shown: str) -> tuple[Defect, ...]:
    return tuple(check_catalogue_data(json.loads(text), shown))


def check_catalogue_data(data: dict[str, Any], shown: str = "catalogue") -> list[Defect]:
    """Every defect the project's catalogue checker finds in ``data`` (no errors: it may be
    saved; warnings are shown but do not block)."""
    from editor.model.catalogue_check import check_catalogue

    return [Defect(d.code, d.json_path, d.message, d.hint, d.tile, d.side, d.region,
                   d.severity) for d in check_catalogue(data, shown=shown)]


@dataclass(frozen=True)
class Problem:
    """One thing wrong on the side on screen, with the lattice shapes to highlight."""

    kind: str  # gap, overlap, zigzag, outline, too_many, water_symbols, shape
    message: str
    regions: tuple[int, ...] = ()
    areas: tuple[tuple[Point, ...], ...] = ()
    segments: tuple[tuple[Point, Point], ...] = ()
    hint: str = ""


def _rings(geometry: Any) -> list[tuple[Point, ...]]:
    import shapely

    rings: list[tuple[Point, ...]] = []
    for part in shapely.get_parts(geometry):
        if isinstance(part, shapely.Polygon) and part.area > _EPS:
            rings.append(tuple((float(x), float(y)) for x, y in list(part.exterior.coords)[:-1]))
    return rings


def side_problems(regions: list[dict[str, Any]]) -> list[Problem]:
    """Gaps, overlaps, zig-zag borders, outline ownership, region count and water symbols."""
    return list(_side_problems_of_text(json.dumps(regions, sort_keys=True)))


@lru_cache(maxsize=512)
def _side_problems_of_text(text: str) -> tuple[Problem, ...]:
    return tuple(_side_problems(json.loads(text)))


def _side_problems(regions: list[dict[str, Any]]) -> list[Problem]:
    import shapely

    problems: list[Problem] = []
    ids = [str(spec.get("id", "?")) for spec in regions]
    if len(regions) > MAX_REGIONS:
        problems.append(Problem(
            "too_many", f"{len(regions)} regions: a side holds at most {MAX_REGIONS}",
            tuple(range(MAX_REGIONS, len(regions))), hint="merge regions"))
    polygons: list[tuple[Point, ...] | None] = []
    for index, spec in enumerate(regions):
        try:
            polygons.append(region_polygon(spec))
        except (ValueError, KeyError, TypeError) as exc:
            polygons.append(None)
            problems.append(Problem("shape", f"{ids[index]}: {exc}", (index,)))
        if spec.get("terrain") == "water" and spec.get("symbols"):
            problems.append(Problem(
                "water_symbols", f"water region {ids[index]} carries symbols "
                f"({', '.join(spec['symbols'])})", (index,),
                hint="water regions carry no symbols; remove them or make the region land"))
    shapes: list[Any] = []
    for index, polygon in enumerate(polygons):
        if polygon is None:
            continue
        shape = shapely.Polygon(polygon)
        if not shape.is_valid:
            problems.append(Problem(
                "zigzag", f"the border of {ids[index]} zig-zags across itself",
                (index,), segments=_crossing_segments(polygon),
                hint="undo the last border and draw it without crossing"))
            shape = shapely.make_valid(shape)
        shapes.append((index, shape))
    for i, (a, shape_a) in enumerate(shapes):
        for b, shape_b in shapes[i + 1:]:
            overlap = shapely.intersection(shape_a, shape_b)
            if overlap.area > _EPS:
                problems.append(Problem(
                    "overlap", f"{ids[a]} and {ids[b]} overlap", (a, b), tuple(_rings(overlap)),
                    hint="a border left its region; undo it and end it on the region's outline"))
    if shapes:
        union = shapely.union_all([s for _i, s in shapes])
        gap = shapely.difference(shapely.Polygon(CORNERS), union)
        if _rings(gap):
            problems.append(Problem(
                "gap", f"a gap of {gap.area:g} sectors is not covered by any region",
                (), tuple(_rings(gap)), hint="merge regions or redraw the border"))
    if all(p is not None for p in polygons):
        for start, end in half_edges():
            owners = [i for i, p in enumerate(polygons)
                      if p is not None and _covers(p, start, end)]
            if len(owners) != 1:
                problems.append(Problem(
                    "outline", f"an outline half-edge has {len(owners)} owners",
                    tuple(owners), segments=((start, end),),
                    hint="regions meet the outline only at corners and edge midpoints"))
    return problems


def _covers(polygon: tuple[Point, ...], start: Point, end: Point) -> bool:
    from editor.gui.designer.design import on_segment

    return any(on_segment(start, a, b) and on_segment(end, a, b)
               for a, b in zip(polygon, polygon[1:] + polygon[:1], strict=True))


def _crossing_segments(polygon: tuple[Point, ...]) -> tuple[tuple[Point, Point], ...]:
    """The outline segments that cross or overlap another one of the same outline."""
    import shapely

    edges = list(zip(polygon, polygon[1:] + polygon[:1], strict=True))
    bad: list[tuple[Point, Point]] = []
    for i, e in enumerate(edges):
        for j, f in enumerate(edges):
            if abs(i - j) <= 1 or {i, j} == {0, len(edges) - 1}:
                continue
            if shapely.LineString(e).intersects(shapely.LineString(f)):
                bad.append(e)
                break
    return tuple(bad)
