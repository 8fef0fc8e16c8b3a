"""Every defect of a tile catalogue, not just the first: the one place the catalogue rules live.

``parse_catalogue`` (loading) stops at the first defect of severity ``error``; ``realms
catalogue check`` and the tile designer list them all, each with a code (see
``DEFECT_CODES`` and docs/tiles.md), where it is (JSON path, line:column when the text is
given) and the tile, side and region it concerns, so an editor can highlight that part.

Errors are what the loader refuses; warnings are format rules of docs/catalogue.md the loader
tolerates (a custom catalogue keeps loading) but a transcription should still fix. Pure
Python plus shapely (imported when a side is checked); never Qt.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from editor.model import lattice
from editor.model.jsonpos import PathKey, SourceMap, format_json_path
from editor.model.lattice import Point

SIDES = ("surface", "underground")
HEX_AREA = 6.0  # lattice units: six unit-area sectors
EPSILON = 1e-9
BALANCE_SYMBOLS = ("cavern", "mine", "magic")

# code -> (severity, summary). The summaries are the table in docs/tiles.md.
DEFECT_CODES: dict[str, tuple[str, str]] = {
    "C001": ("error", "the file is not valid UTF-8 JSON (syntax, encoding, size, duplicate "
                      "keys, nesting)"),
    "C002": ("error", "the catalogue does not match schemas/catalogue.schema.json"),
    "C003": ("error", "a tile side has more than 3 regions"),
    "C004": ("error", "a region's sectors are not one contiguous run around the centre"),
    "C005": ("error", "a region's polygon is not a simple polygon (crosses or touches itself, "
                      "or has no area)"),
    "C006": ("error", "two regions of one side have the same id"),
    "C007": ("error", "a region id does not start with its side's letter (s surface, "
                      "u underground)"),
    "C008": ("error", "a region reaches outside the hex"),
    "C009": ("error", "a gap: part of the hex belongs to no region"),
    "C010": ("error", "an overlap: two regions share area (often a zig-zag border drawn "
                      "twice, differently)"),
    "C011": ("error", "a half-edge of the outline is not owned by exactly one region (a "
                      "border meets the outline between a corner and a midpoint)"),
    "C012": ("error", "a water region carries symbols"),
    "C013": ("warning", "a water part owns no full tile edge, so it cannot meet water across "
                        "a seam"),
    "C014": ("warning", "a lost-tribe mark on a mountain"),
    "C015": ("warning", "a region carries more than one of cavern/mine/magic, other than a "
                        "mountain with cavern + mine"),
    "C016": ("warning", "a point off the half grid (a non-lattice border that turns into "
                        "quarter points when rotated)"),
    "C017": ("warning", "a region owns no half-edge of the outline (it touches no "
                        "neighbouring tile)"),
}


@dataclass(frozen=True)
class CatalogueDefect:
    """One problem of a catalogue, with everything needed to print or highlight it."""

    code: str
    message: str
    hint: str
    path: PathKey = ()
    line: int | None = None
    column: int | None = None
    tile: str | None = None
    side: str | None = None
    region: str | None = None  # local id (``s2``) of the region it is about, if any
    region_index: int | None = None
    regions: tuple[str, ...] = ()  # every region involved (both sides of an overlap)
    half_edges: tuple[int, ...] = ()  # 0-11: edge i's halves are 2i (Ki-Mi) and 2i+1
    shapes: tuple[tuple[Point, ...], ...] = ()  # gap/overlap/outside areas, lattice frame
    points: tuple[Point, ...] = ()  # offending points (off the half grid), lattice frame
    file: str = ""
    key: bool = False  # the path names a key (an unknown property) rather than a value

    @property
    def severity(self) -> str:
        return DEFECT_CODES[self.code][0]

    @property
    def json_path(self) -> str:
        return format_json_path(self.path)

    def one_line(self) -> str:
        """``file:line:col: CODE message (at $.path); hint`` — the lint-style line."""
        where = self.file or "<catalogue>"
        if self.line is not None:
            where += f":{self.line}:{self.column}"
        text = f"{where}: {self.code} {self.message}"
        if self.path:
            text += f" (at {self.json_path})"
        if self.hint:
            text += f"; {self.hint}"
        return text

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code, "severity": self.severity, "message": self.message,
            "hint": self.hint, "path": self.file, "json_path": self.json_path,
            "line": self.line, "column": self.column, "tile": self.tile, "side": self.side,
            "region": self.region, "regions": list(self.regions),
            "half_edges": list(self.half_edges),
            "shapes": [[list(p) for p in shape] for shape in self.shapes],
            "points": [list(p) for p in self.points],
        }


# --- shapes ----------------------------------------------------------------------------------

def sector_polygon(sectors: Iterable[int]) -> tuple[Point, ...]:
    """The outline of a contiguous run of sectors; ValueError when it is not one run."""
    chosen = sorted(set(sectors))
    if len(chosen) == 6:
        return lattice.CORNERS
    starts = [s for s in chosen if (s - 1) % 6 not in chosen]
    if len(starts) != 1:
        raise ValueError(f"sectors {chosen} are not one contiguous run around the hex")
    start = starts[0]
    corners = [lattice.CORNERS[(start + k) % 6] for k in range(len(chosen) + 1)]
    return (lattice.CENTRE, *corners)


def polygon_points(spec: Sequence[Any]) -> tuple[Point, ...]:
    points: list[Point] = []
    for item in spec:
        if isinstance(item, str):
            points.append(lattice.named_point(item))
        else:
            points.append((float(item[0]), float(item[1])))
    return tuple(points)


def signed_area(polygon: Sequence[Point]) -> float:
    total = 0.0
    for (x1, y1), (x2, y2) in zip(polygon, [*polygon[1:], *polygon[:1]], strict=True):
        total += x1 * y2 - x2 * y1
    return total / 2


def with_midpoints(polygon: tuple[Point, ...]) -> tuple[Point, ...]:
    """Split every full hex side of the outline at its midpoint, so placed polygons are
    noded alike along every seam (shapely's coverage operations need matching vertices)."""
    sides = {}
    for i in range(6):
        a, b = lattice.CORNERS[i], lattice.CORNERS[(i + 1) % 6]
        sides[(a, b)] = sides[(b, a)] = lattice.MIDPOINTS[i]
    result: list[Point] = []
    for a, b in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        result.append(a)
        if (a, b) in sides:
            result.append(sides[(a, b)])
    return tuple(result)


def normalised(polygon: tuple[Point, ...]) -> tuple[Point, ...]:
    """Counter-clockwise in the lattice frame, hex sides split at their midpoints."""
    if signed_area(polygon) < 0:
        polygon = tuple(reversed(polygon))
    return with_midpoints(polygon)


def half_edges() -> list[tuple[Point, Point]]:
    """The 12 half-edges of the hex outline, in profile order (Ki-Mi, Mi-K(i+1))."""
    result = []
    for i in range(6):
        result.append((lattice.CORNERS[i], lattice.MIDPOINTS[i]))
        result.append((lattice.MIDPOINTS[i], lattice.CORNERS[(i + 1) % 6]))
    return result


_HALF_EDGES = tuple(half_edges())
HALF_EDGE_NAMES = tuple(f"{a}{i}-{b}{(i + 1) % 6 if b == 'K' else i}"
                        for i in range(6) for a, b in (("K", "M"), ("M", "K")))


def _on_segment(point: Point, start: Point, end: Point) -> bool:
    (px, py), (ax, ay), (bx, by) = point, start, end
    if (bx - ax) * (py - ay) - (by - ay) * (px - ax) != 0:
        return False
    return min(ax, bx) <= px <= max(ax, bx) and min(ay, by) <= py <= max(ay, by)


def covers(polygon: tuple[Point, ...], start: Point, end: Point) -> bool:
    """Whether one side of ``polygon`` runs along the whole segment ``start``-``end``."""
    for a, b in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if _on_segment(start, a, b) and _on_segment(end, a, b):
            return True
    return False


@lru_cache(maxsize=4096)
def owned_half_edges(polygon: tuple[Point, ...]) -> frozenset[int]:
    """The numbers (0-11, see :func:`half_edges`) of the outline's half-edges that one side
    of ``polygon`` runs along in full: :func:`covers` for all twelve, remembered per
    polygon (the checker and the loader ask about the same polygons, and a catalogue's
    tiles share their designs)."""
    # covers() with its two _on_segment calls inlined (the same arithmetic): each process
    # that loads the bundled catalogue asks this for its ~80 region polygons, ~2 ms of lint's
    # start in calls
    sides = tuple(zip(polygon, polygon[1:] + polygon[:1], strict=True))
    owned = []
    for number, ((sx, sy), (ex, ey)) in enumerate(_HALF_EDGES):
        for (ax, ay), (bx, by) in sides:
            if ((bx - ax) * (sy - ay) - (by - ay) * (sx - ax) != 0
                    or (bx - ax) * (ey - ay) - (by - ay) * (ex - ax) != 0):
                continue
            low_x, high_x, low_y, high_y = min(ax, bx), max(ax, bx), min(ay, by), max(ay, by)
            if (low_x <= sx <= high_x and low_y <= sy <= high_y
                    and low_x <= ex <= high_x and low_y <= ey <= high_y):
                owned.append(number)
                break
    return frozenset(owned)


def _touches(polygon: tuple[Point, ...], start: Point, end: Point) -> bool:
    """Whether a side of ``polygon`` runs along part of ``start``-``end`` (positive length)."""
    (ax, ay), (bx, by) = start, end
    length2 = (bx - ax) ** 2 + (by - ay) ** 2
    for p, q in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        cross_p = (bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax)
        cross_q = (bx - ax) * (q[1] - ay) - (by - ay) * (q[0] - ax)
        if abs(cross_p) > EPSILON or abs(cross_q) > EPSILON:
            continue
        tp = ((p[0] - ax) * (bx - ax) + (p[1] - ay) * (by - ay)) / length2
        tq = ((q[0] - ax) * (bx - ax) + (q[1] - ay) * (by - ay)) / length2
        if min(max(tp, tq), 1.0) - max(min(tp, tq), 0.0) > EPSILON:
            return True
    return False


def on_half_grid(point: Point) -> bool:
    """``(a/2, b/2)`` with integer ``a + b`` even: the set closed under 60° rotation."""
    a, b = point[0] * 2, point[1] * 2
    return a == int(a) and b == int(b) and (int(a) + int(b)) % 2 == 0


# --- the checks ------------------------------------------------------------------------------

@dataclass
class _Region:
    index: int
    local_id: str
    terrain: str
    symbols: tuple[str, ...]
    polygon: tuple[Point, ...] | None  # None when its shape is broken


@dataclass
class _Side:
    tile: str
    side: str
    base: PathKey
    defects: list[CatalogueDefect] = field(default_factory=list)

    def add(self, code: str, message: str, hint: str, *, index: int | None = None,
            sub: PathKey = (), region: str | None = None, **extra: Any) -> None:
        path = self.base if index is None else (*self.base, index, *sub)
        self.defects.append(CatalogueDefect(
            code, message, hint, path, tile=self.tile, side=self.side, region=region,
            region_index=index, **extra))

    @property
    def label(self) -> str:
        return f"tile {self.tile} ({self.side})"


def _shape(spec: Mapping[str, Any], region: _Region, out: _Side) -> None:
    """Build the region's polygon, reporting C004/C005 (and C016 for off-grid points)."""
    try:
        if "sectors" in spec:
            raw = sector_polygon(spec["sectors"])
        else:
            raw = polygon_points(spec["polygon"])
    except ValueError as exc:
        out.add("C004", f"{out.label}: region {region.local_id}: {exc}",
                "list neighbouring sectors only, e.g. [5, 0, 1]; use a polygon for other "
                "shapes", index=region.index, sub=("sectors",), region=region.local_id)
        return
    off = tuple(p for p in raw if not on_half_grid(p))
    if off:
        shown = ", ".join(f"({p[0]:g}, {p[1]:g})" for p in off[:4])
        out.add("C016", f"{out.label}: region {region.local_id} has points off the half "
                f"grid: {shown}",
                "use C, K0-K5, M0-M5 or points (a/2, b/2) with a + b even, such as "
                "(0.5, 0.5); others turn into quarter points when the tile is rotated",
                index=region.index, sub=("polygon",), region=region.local_id, points=off)
    import shapely

    polygon = shapely.Polygon(raw) if len(set(raw)) >= 3 else None
    if polygon is None or not polygon.is_valid or polygon.area <= EPSILON:
        reason = ("has fewer than 3 distinct points" if polygon is None
                  else "has no area" if polygon.area <= EPSILON
                  else f"is not a simple polygon: {_invalid_reason(polygon)}")
        out.add("C005", f"{out.label}: region {region.local_id} {reason}",
                "list the outline's points once each, in order around the region, so its "
                "border never crosses or touches itself",
                index=region.index, sub=("polygon",), region=region.local_id)
        return
    region.polygon = normalised(raw)


def _invalid_reason(polygon: Any) -> str:
    """shapely's reason in the designer's words: ``Self-intersection[0.5 -1]`` becomes
    ``its border crosses or touches itself at (0.5, -1)``."""
    import re

    import shapely

    reason = str(shapely.is_valid_reason(polygon))
    match = re.match(r"(?:Ring )?Self-intersection\[(\S+) (\S+)\]", reason)
    if match:
        x, y = float(match.group(1)), float(match.group(2))
        return f"its border crosses or touches itself at ({x:.3g}, {y:.3g})"
    return reason


def _symbols(region: _Region, out: _Side) -> None:
    """C012 water with symbols (the loader's exact wording), C014, C015."""
    symbols = region.symbols
    if region.terrain == "water" and symbols:
        names = " and ".join(repr(symbol) for symbol in symbols)
        out.add("C012", f"water region {region.local_id} carries "
                f"{'symbols' if len(symbols) > 1 else 'a symbol'}",
                f"water regions carry no symbols; remove {names} or make the region land",
                index=region.index, sub=("symbols",), region=region.local_id)
        return
    if "lost_tribe" in symbols and region.terrain == "mountain":
        out.add("C014", f"{out.label}: region {region.local_id} is a mountain with a "
                "lost-tribe mark", "lost tribes are never printed on mountains; move the mark "
                "to a land region that is not a mountain", index=region.index,
                sub=("symbols",), region=region.local_id)
    balance = [s for s in symbols if s in BALANCE_SYMBOLS]
    if len(balance) > 1 and not (region.terrain == "mountain"
                                 and sorted(balance) == ["cavern", "mine"]):
        out.add("C015", f"{out.label}: region {region.local_id} ({region.terrain}) carries "
                f"{' + '.join(balance)}", "give a region at most one of cavern, mine and "
                "magic; only a mountain may carry cavern + mine", index=region.index,
                sub=("symbols",), region=region.local_id)


def _ids(regions: list[_Region], out: _Side) -> None:
    prefix = out.side[0]
    seen: dict[str, int] = {}
    for region in regions:
        if region.local_id in seen:
            out.add("C006", f"{out.label}: region id {region.local_id} is used twice "
                    f"(regions {seen[region.local_id] + 1} and {region.index + 1})",
                    f"number the regions {prefix}1, {prefix}2, {prefix}3",
                    index=region.index, sub=("id",), region=region.local_id,
                    regions=(region.local_id,))
        seen.setdefault(region.local_id, region.index)
        if not region.local_id.startswith(prefix):
            out.add("C007", f"{out.label}: region id {region.local_id} does not start with "
                    f"{prefix!r}", f"on the {out.side} side number the regions {prefix}1, "
                    f"{prefix}2, {prefix}3", index=region.index, sub=("id",),
                    region=region.local_id)


def _coords(geometry: Any) -> tuple[tuple[Point, ...], ...]:
    parts = getattr(geometry, "geoms", [geometry])
    return tuple(tuple((float(x), float(y)) for x, y in part.exterior.coords)
                 for part in parts if part.geom_type == "Polygon" and part.area > EPSILON)


@cache
def _hex() -> Any:
    """The hex outline (shapely geometries are immutable: one serves every check)."""
    import shapely

    return shapely.Polygon(lattice.CORNERS)


def _geometry(regions: list[_Region], out: _Side) -> bool:
    """C008 outside, C009 gap, C010 overlap; True when the regions tile the hex exactly."""
    import shapely

    shaped = [r for r in regions if r.polygon is not None]
    polygons = {r.index: shapely.Polygon(r.polygon) for r in shaped}
    hexagon = _hex()
    if len(shaped) == len(regions):  # the common case, answered with one union
        union = shapely.union_all(list(polygons.values()))
        if (abs(sum(p.area for p in polygons.values()) - HEX_AREA) <= EPSILON
                and abs(union.area - HEX_AREA) <= EPSILON
                and hexagon.difference(union).area <= EPSILON):
            return True
    clean = True
    for region in shaped:
        outside = polygons[region.index].difference(hexagon)
        if outside.area > EPSILON:
            clean = False
            out.add("C008", f"{out.label}: region {region.local_id} reaches outside the hex "
                    f"(area {outside.area:g} of 6)", "keep every point inside the hex: "
                    "corners K0-K5, midpoints M0-M5 or points within the outline",
                    index=region.index, region=region.local_id,
                    regions=(region.local_id,), shapes=_coords(outside))
    if len(shaped) < len(regions):
        return False  # a broken shape: gaps and overlaps would only repeat it
    for i, first in enumerate(shaped):
        for second in shaped[i + 1:]:
            both = polygons[first.index].intersection(polygons[second.index])
            if both.area > EPSILON:
                clean = False
                out.add("C010", f"{out.label}: regions {first.local_id} and "
                        f"{second.local_id} overlap (area {both.area:g} of 6)",
                        "draw their common border once: both regions must use the same "
                        "points along it", index=second.index, region=second.local_id,
                        regions=(first.local_id, second.local_id), shapes=_coords(both))
    union = shapely.union_all(list(polygons.values()))
    gap = hexagon.difference(union)
    if gap.area > EPSILON:
        clean = False
        out.add("C009", f"regions of {out.label} do not tile the hex exactly: a gap of area "
                f"{gap.area:g} (of 6) belongs to no region", "regions must cover the hex "
                "with no gap or overlap; extend a neighbouring region over the gap or add a "
                "region", shapes=_coords(gap))
    return clean


def _outline(regions: list[_Region], out: _Side) -> None:
    """C011 half-edge ownership, C013 water without a full edge, C017 no half-edge."""
    owned: dict[str, list[int]] = {r.local_id: [] for r in regions}
    edges_of = [(r, owned_half_edges(r.polygon)) for r in regions if r.polygon is not None]
    for number, (start, end) in enumerate(_HALF_EDGES):
        owners = [r for r, edges in edges_of if number in edges]
        if len(owners) == 1:
            owned[owners[0].local_id].append(number)
            continue
        touching = [r.local_id for r in regions
                    if r.polygon is not None and _touches(r.polygon, start, end)]
        who = " and ".join(touching) if touching else "no region"
        out.add("C011", f"regions of {out.label} do not tile the hex exactly: half-edge "
                f"{HALF_EDGE_NAMES[number]} (edge {number // 2}) is split between {who}",
                "regions must meet the outline only at corners (K0-K5) and edge midpoints "
                "(M0-M5); end the border there", regions=tuple(touching),
                half_edges=(number,))
    for region in regions:
        numbers = owned.get(region.local_id, [])
        if not numbers and len(regions) > 1:
            out.add("C017", f"{out.label}: region {region.local_id} owns no half-edge of "
                    "the outline", "let the region reach the outline along at least one "
                    "half-edge, so it borders the neighbouring tile", index=region.index,
                    region=region.local_id)
        if region.terrain == "water" and not any(
                n % 2 == 0 and n + 1 in numbers for n in numbers):
            out.add("C013", f"{out.label}: water region {region.local_id} owns no full tile "
                    "edge", "let the water run along a whole edge (Ki to K(i+1)) so it meets "
                    "the water of the next tile", index=region.index, region=region.local_id,
                    half_edges=tuple(numbers))


def _side_defects(regions_spec: Sequence[Any], tile: str, side: str,
                  base: PathKey) -> list[CatalogueDefect]:
    """Semantic checks of one schema-valid side.

    A side is checked in full once per content: the verdict depends only on its regions
    and which side it is (the tile key and path appear only in the words of a defect), so
    a side found clean is remembered by its ``repr`` (exact for parsed JSON, and half the
    cost of canonical JSON; a side with its members in another order is only checked
    again), and a catalogue whose tiles share designs (copies, variants of a few drawings)
    checks each design once. A side with defects is checked again each time, for its own
    tile's wording."""
    key = repr(regions_spec)
    if (side, key) in _CLEAN_SIDES:
        return []
    defects = _check_side(regions_spec, tile, side, base)
    if not defects:
        if len(_CLEAN_SIDES) >= _CLEAN_SIDES_MAX:
            _CLEAN_SIDES.clear()
        _CLEAN_SIDES.add((side, key))
    return defects


_CLEAN_SIDES: set[tuple[str, str]] = set()
_CLEAN_SIDES_MAX = 20_000


def trust_sides(tiles: Mapping[str, Any]) -> None:
    """Remember every side of a bundled catalogue as clean, unchecked: the test suite
    checks the bundled catalogues in full and finds no defect of any severity
    (tests/perf/test_bundled_catalogue.py). A custom catalogue that copies a bundled
    design is then not checked again for it; that check imports shapely (about 0.2 s) on
    the way to the editor's first frame. Any other side is checked as before."""
    if len(_CLEAN_SIDES) >= _CLEAN_SIDES_MAX:
        _CLEAN_SIDES.clear()
    for tile_spec in tiles.values():
        for side in SIDES:
            if side in tile_spec:
                _CLEAN_SIDES.add((side, repr(tile_spec[side])))


def _check_side(regions_spec: Sequence[Any], tile: str, side: str,
                base: PathKey) -> list[CatalogueDefect]:
    out = _Side(tile, side, base)
    regions: list[_Region] = []
    for index, spec in enumerate(regions_spec):
        region = _Region(index, str(spec["id"]), str(spec["terrain"]),
                         tuple(spec.get("symbols", ())), None)
        _shape(spec, region, out)
        _symbols(region, out)
        regions.append(region)
    _ids(regions, out)
    if _geometry(regions, out):
        _outline(regions, out)
    return out.defects


# --- schema ----------------------------------------------------------------------------------

def _schema_defects(name_or_schema: str | dict[str, Any], data: Any,
                    prefix: PathKey = ()) -> list[CatalogueDefect]:
    from editor.model.fast_schema import schema_errors, surely_valid
    from editor.model.schemas import explain

    if isinstance(name_or_schema, str):
        if surely_valid(name_or_schema, data):
            return []
        errors = [(path, is_key, error) for path, is_key, error
                  in schema_errors(name_or_schema, data)]
    else:
        from editor.model.schemas import offending_path

        if _side_surely_valid(data):
            return []
        errors = [(*offending_path(e), e)
                  for e in _side_validator().iter_errors(data)]
    defects: list[CatalogueDefect] = []
    seen: set[tuple[PathKey, str]] = set()
    for path, is_key, error in sorted(errors, key=lambda e: [str(p) for p in e[0]]):
        items = explain(error)
        for index, item in enumerate(items):
            item_path, item_key = (path, is_key) if index == 0 else (item.path, item.is_key)
            full = (*prefix, *item_path)
            if (full, item.message) in seen:
                continue
            seen.add((full, item.message))
            code = "C002"
            tile, side = _tile_side(full)
            message, hint = item.message, item.hint
            if (error.validator == "maxItems" and len(full) == 3 and side is not None
                    and index == 0 and isinstance(error.instance, list)):
                code = "C003"
                message = (f"tile {tile} ({side}) has {len(error.instance)} regions, "
                           "more than 3")
                hint = "a tile side holds 1 to 3 regions (water parts count); merge regions"
            defects.append(CatalogueDefect(code, message, hint, full, tile=tile,
                                           side=side, key=item_key,
                                           region_index=_region_index(full)))
    return defects


def _tile_side(path: PathKey) -> tuple[str | None, str | None]:
    tile = str(path[1]) if len(path) > 1 and path[0] == "tiles" else None
    side = str(path[2]) if len(path) > 2 and path[2] in SIDES else None
    return tile, side


def _region_index(path: PathKey) -> int | None:
    return path[3] if len(path) > 3 and isinstance(path[3], int) else None


@cache
def _side_schema() -> dict[str, Any]:
    from editor.model.schemas import schema

    full = schema("catalogue")
    return {"$schema": full["$schema"], "$defs": full["$defs"], "$ref": "#/$defs/side"}


@cache
def _side_validator() -> Any:
    import jsonschema

    from editor.model.anchored import strict_validator_class

    return strict_validator_class(jsonschema.Draft202012Validator)(_side_schema())


@cache
def _fast_side_validator() -> Any:
    """The Rust validator of one side, when installed (the designer checks a side on every
    step, and valid sides are the common case); ``jsonschema`` words the errors."""
    from editor.model.fast_schema import rust_validator

    return rust_validator(_side_schema())


def _side_surely_valid(data: Any) -> bool:
    from editor.model.fast_schema import rust_says_valid

    fast = _fast_side_validator()
    return fast is not None and rust_says_valid(fast, data)


# --- public API ------------------------------------------------------------------------------

def check_catalogue(data: object, *, text: str | None = None, shown: str = "",
                    schema_checked: bool = False) -> list[CatalogueDefect]:
    """Every defect of a parsed catalogue, in file order (schema first within a side).

    ``text`` (the file's source) adds line:column; ``shown`` is the file name printed;
    ``schema_checked``: the caller has just found ``data`` valid against the catalogue
    schema (the loader), so the schema pass is skipped: it could find nothing."""
    if not isinstance(data, dict):
        kind = "a list" if isinstance(data, list) else f"{type(data).__name__}"
        found = [CatalogueDefect("C002", f"a catalogue must be a JSON object, not {kind}",
                                 "start from `realms catalogue new`")]
        return _placed(found, text, shown)
    defects = [] if schema_checked else _schema_defects("catalogue", data)
    broken = {d.path[:3] for d in defects if d.code != "C003"}
    whole = any(len(d.path) < 2 for d in defects) or not isinstance(data.get("tiles"), dict)
    if not whole:
        for key, tile_spec in data["tiles"].items():
            if not isinstance(tile_spec, dict) or ("tiles", key) in broken:
                continue
            for side in SIDES:
                base: PathKey = ("tiles", key, side)
                if side not in tile_spec or any(b == base for b in broken):
                    continue
                defects += _side_defects(tile_spec[side], key, side, base)
    return _placed(_in_file_order(defects, data), text, shown)


def check_tile_side(spec: Mapping[str, Any] | Sequence[Any], *, tile: str = "",
                    side: str | None = None) -> list[CatalogueDefect]:
    """Defects of one tile side, for live checking in the designer.

    ``spec`` is the side's list of regions as in the catalogue, or a dict
    ``{"tile": "A", "side": "surface", "regions": [...]}``. Paths are those the side would
    have in a catalogue (``$.tiles.A.surface[1]``)."""
    regions: Any = spec
    if isinstance(spec, Mapping):
        tile = str(spec.get("tile", tile))
        side = spec.get("side", side)
        regions = spec.get("regions", [])
    if side not in SIDES:
        side = "underground" if _looks_underground(regions) else "surface"
    base: PathKey = ("tiles", tile or "?", side)
    defects = [replace(d, tile=tile or "?", side=side)
               for d in _schema_defects(_side_schema(), regions, base)]
    if all(d.code == "C003" for d in defects):
        defects += _side_defects(regions, tile or "?", side, base)
    return defects


def _looks_underground(regions: Any) -> bool:
    return (isinstance(regions, list) and bool(regions) and isinstance(regions[0], dict)
            and str(regions[0].get("id", "")).startswith("u"))


def _in_file_order(defects: list[CatalogueDefect], data: dict[str, Any]) -> list[CatalogueDefect]:
    tiles = data.get("tiles")
    order = {key: i for i, key in enumerate(tiles)} if isinstance(tiles, dict) else {}

    def rank(defect: CatalogueDefect) -> tuple[int, int]:
        if defect.tile is None:
            return (-1, 0)
        return (order.get(defect.tile, len(order)),
                SIDES.index(defect.side) if defect.side in SIDES else -1)

    return sorted(defects, key=rank)  # stable: within a side, the checks' own order


def _placed(defects: list[CatalogueDefect], text: str | None,
            shown: str) -> list[CatalogueDefect]:
    if not text or not defects:
        return [replace(d, file=shown) for d in defects]
    source = SourceMap(text)
    result = []
    for defect in defects:
        position = source.position(defect.path, key=defect.key)
        result.append(replace(defect, file=shown, line=position.line, column=position.column))
    return result


def check_catalogue_text(text: str, shown: str = "") -> list[CatalogueDefect]:
    """Parse and check a catalogue's text; a JSON problem is one C001 defect."""
    from editor.model.errors import LoadError
    from editor.model.jsonio import EMPTY_CATALOGUE_HINT, parse_json_text

    try:
        data = parse_json_text(text, shown, empty_hint=EMPTY_CATALOGUE_HINT)
    except LoadError as exc:
        position = exc.position
        return [CatalogueDefect("C001", exc.message, exc.hint, file=shown,
                                line=position.line if position else None,
                                column=position.column if position else None)]
    return check_catalogue(data, text=text, shown=shown)


def check_catalogue_file(path: str | os.PathLike[str]) -> list[CatalogueDefect]:
    """Read and check a catalogue file. Raises :class:`~editor.model.errors.LoadError` (code
    S001) when the file cannot be read at all (missing, a folder, no permission, too big)."""
    from editor.model.errors import LoadError
    from editor.model.jsonio import read_json_text

    shown = os.fspath(path)
    try:
        text = read_json_text(Path(path))
    except LoadError as exc:
        if exc.code == "S001":
            raise
        position = exc.position
        return [CatalogueDefect("C001", exc.message, exc.hint, file=shown,
                                line=position.line if position else None,
                                column=position.column if position else None)]
    return check_catalogue_text(text, shown)


def errors_only(defects: Iterable[CatalogueDefect]) -> list[CatalogueDefect]:
    return [d for d in defects if d.severity == "error"]
