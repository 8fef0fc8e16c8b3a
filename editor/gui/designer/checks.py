"""What is wrong with a catalogue being designed: the loader's verdict plus where to look.

Two sources, one list:

* :func:`check_catalogue_data` asks the project's catalogue checker
  (:mod:`editor.model.catalogue_check`, the same rules as the loader and ``realms catalogue
  check``), and :func:`catalogue_defects` caches it. It is the one place that decides
  whether a catalogue may be saved.
* :func:`side_problems` turns the same checker's verdict on the side on screen
  (:func:`~editor.model.catalogue_check.check_tile_side`) into the *part* to highlight: the
  gap, the overlap, the border that zig-zags across itself, the half-edge owned twice or
  not at all, the fourth region, the water region with symbols. Qt-free; shapes in lattice
  units.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from editor.gui.designer.catalogue_text import dumps
from editor.gui.designer.design import MAX_REGIONS, region_polygon
from editor.model.catalogue import half_edges
from editor.model.lattice import Point

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

    kind: str  # gap, overlap, outside, zigzag, outline, too_many, water_symbols, shape
    message: str
    regions: tuple[int, ...] = ()
    areas: tuple[tuple[Point, ...], ...] = ()
    segments: tuple[tuple[Point, Point], ...] = ()
    hint: str = ""


def side_problems(regions: list[dict[str, Any]]) -> list[Problem]:
    """Gaps, overlaps, zig-zag borders, outline ownership, region count and water symbols."""
    return list(_side_problems_of_text(json.dumps(regions, sort_keys=True)))


@lru_cache(maxsize=512)
def _side_problems_of_text(text: str) -> tuple[Problem, ...]:
    return tuple(_side_problems(json.loads(text)))


# The checker's codes the drawing highlights: the shape of a side. The other codes (ids,
# warnings about symbols and edges) are listed from the catalogue's defects instead.
_DRAWN_CODES = ("C002", "C003", "C004", "C005", "C008", "C009", "C010", "C011", "C012")


def _side_problems(regions: list[dict[str, Any]]) -> list[Problem]:
    """The checker's verdict on one side (:func:`~editor.model.catalogue_check.check_tile_side`,
    the rules the loader applies), as parts of the drawing to highlight."""
    from editor.model.catalogue_check import check_tile_side

    ids = [str(spec.get("id", "?")) if isinstance(spec, dict) else "?" for spec in regions]

    def index_of(local_id: str | None) -> int | None:
        return ids.index(local_id) if local_id in ids else None

    problems: list[Problem] = []
    for defect in check_tile_side(regions):
        code, where = defect.code, defect.region_index
        if code not in _DRAWN_CODES:
            continue
        if code == "C003":
            problems.append(Problem(
                "too_many", f"{len(regions)} regions: a side holds at most {MAX_REGIONS}",
                tuple(range(MAX_REGIONS, len(regions))), hint="merge regions"))
        elif code == "C012" and where is not None:
            problems.append(Problem(
                "water_symbols", f"water region {ids[where]} carries symbols "
                f"({', '.join(regions[where].get('symbols', ()))})", (where,),
                hint="water regions carry no symbols; remove them or make the region land"))
        elif code == "C005" and where is not None:
            problems.append(Problem(
                "zigzag", f"the border of {ids[where]} zig-zags across itself", (where,),
                segments=_crossing_segments(region_polygon(regions[where])),
                hint="undo the last border and draw it without crossing"))
        elif code == "C010":
            pair = tuple(i for i in (index_of(r) for r in defect.regions) if i is not None)
            problems.append(Problem(
                "overlap", f"{' and '.join(defect.regions)} overlap", pair,
                _areas(defect.shapes),
                hint="a border left its region; undo it and end it on the region's outline"))
        elif code == "C009":
            areas = _areas(defect.shapes)
            problems.append(Problem(
                "gap", f"a gap of {sum(_area(a) for a in areas):g} sectors is not covered "
                "by any region", (), areas, hint="merge regions or redraw the border"))
        elif code == "C008" and where is not None:
            problems.append(Problem(
                "outside", f"{ids[where]} reaches outside the hex", (where,),
                _areas(defect.shapes), hint="keep the region inside the hex outline"))
        elif code == "C011":
            touching = tuple(i for i in (index_of(r) for r in defect.regions) if i is not None)
            segments = tuple(half_edges()[n] for n in defect.half_edges)
            problems.append(Problem(
                "outline", "an outline half-edge is split between "
                f"{' and '.join(defect.regions) or 'no region'}", touching, segments=segments,
                hint="regions meet the outline only at corners and edge midpoints"))
        else:  # C002 (the format), C004 (sectors that are no run)
            problems.append(Problem(
                "shape", f"{ids[where]}: {defect.message}" if where is not None
                and where < len(ids) else defect.message, () if where is None else (where,)))
    return problems


def _areas(shapes: tuple[tuple[Point, ...], ...]) -> tuple[tuple[Point, ...], ...]:
    """The checker's closed rings as open ones (the last point repeats the first)."""
    return tuple(shape[:-1] if len(shape) > 1 and shape[0] == shape[-1] else shape
                 for shape in shapes if _area(shape) > _EPS)


def _area(ring: tuple[Point, ...]) -> float:
    from editor.model.catalogue_check import signed_area

    return abs(signed_area(ring))


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
