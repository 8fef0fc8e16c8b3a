"""The tile designer's model: pure functions on catalogue JSON data (Qt-free).

The designer edits the catalogue's own JSON (a dict), not a parsed copy, so whatever it does not
touch (key order, ``about``, a region given as ``sectors``) is written back unchanged. Every
edit returns a new dict and leaves its input alone: undo keeps the dict from before.

Shapes live on the lattice of :mod:`editor.model.lattice`. Borders are drawn through *lattice
points*: corners ``K0``-``K5``, edge midpoints ``M0``-``M5``, the centre and the interior
half-grid points ``(a/2, b/2)`` with ``a + b`` even (closed under the 60° turn, so every rotation
of the tile stays exact); the fine grid adds interior quarter points, which the format allows.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any

from editor.model import catalogue_check, lattice
from editor.model.catalogue import SIDES
from editor.model.lattice import Point
from editor.model.terrains import PRINTED_TERRAINS, face_terrains

Data = dict[str, Any]
TERRAINS = (*PRINTED_TERRAINS, "mountain")  # mountain: for custom tiles that print one
SYMBOLS = ("cavern", "mine", "magic", "lost_tribe")
MAX_REGIONS = 3
_NAMES: dict[Point, str] = {
    lattice.CENTRE: "C",
    **{p: f"K{i}" for i, p in enumerate(lattice.CORNERS)},
    **{p: f"M{i}" for i, p in enumerate(lattice.MIDPOINTS)},
}


class DesignError(ValueError):
    """An edit that cannot be made; the text says why and what to do instead."""


# ----- lattice points ---------------------------------------------------------------------
def _strictly_inside(point: Point) -> bool:
    x, y = point
    return abs(x) < 1 and abs(y) + abs(x) < 2


def lattice_points(fine: bool = False) -> tuple[Point, ...]:
    """The points a border may pass through: outline nodes, then interior grid points."""
    step = 4 if fine else 2
    inner = []
    for a in range(-step, step + 1):
        for b in range(-2 * step, 2 * step + 1):
            if (a + b) % 2:
                continue
            point = (a / step, b / step)
            if _strictly_inside(point):
                inner.append(point)
    return (*lattice.CORNERS, *lattice.MIDPOINTS, *sorted(inner, key=lambda p: (p[1], p[0])))


def point_spec(point: Point) -> str | list[float | int]:
    """A point as the catalogue writes it: a name when it has one, else ``[x, y]``."""
    name = _NAMES.get(point)
    if name is not None:
        return name
    return [int(v) if float(v).is_integer() else v for v in point]


# ----- reading shapes ------------------------------------------------------------------------
def region_polygon(spec: dict[str, Any]) -> tuple[Point, ...]:
    """A region's outline, counter-clockwise in lattice units (y down), midpoints on full sides:
    read by the catalogue checker's own shape rules, so the designer draws what it saves.

    Raises ``ValueError`` for a shape the format refuses (e.g. sectors that are no run)."""
    points = (catalogue_check.sector_polygon(spec["sectors"]) if "sectors" in spec
              else catalogue_check.polygon_points(spec["polygon"]))
    return catalogue_check.normalised(points)


def side_regions(data: Data, key: str, side: str) -> list[dict[str, Any]]:
    regions: list[dict[str, Any]] = data["tiles"][key].get(side, [])
    return regions


def _cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def on_segment(point: Point, start: Point, end: Point) -> bool:
    if _cross(start, end, point) != 0:
        return False
    return (min(start[0], end[0]) <= point[0] <= max(start[0], end[0])
            and min(start[1], end[1]) <= point[1] <= max(start[1], end[1]))


def on_boundary(point: Point, polygon: tuple[Point, ...]) -> bool:
    return any(on_segment(point, a, b)
               for a, b in zip(polygon, polygon[1:] + polygon[:1], strict=True))


def contains(polygon: tuple[Point, ...], point: Point) -> bool:
    """Strictly inside (even-odd rule); points on the outline are not inside."""
    if on_boundary(point, polygon):
        return False
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def region_at(data: Data, key: str, side: str, point: Point) -> int | None:
    """The index of the region whose inside holds ``point`` (the last drawn wins)."""
    found = None
    for index, spec in enumerate(side_regions(data, key, side)):
        try:
            if contains(region_polygon(spec), point):
                found = index
        except (ValueError, KeyError, TypeError):
            continue
    return found


def on_any_border(data: Data, key: str, side: str, point: Point) -> bool:
    for spec in side_regions(data, key, side):
        try:
            if on_boundary(point, region_polygon(spec)):
                return True
        except (ValueError, KeyError, TypeError):
            continue
    return False


# ----- writing shapes ----------------------------------------------------------------------
def _clean(points: Iterable[Point]) -> list[Point]:
    """Drop repeated points and midpoints that sit between their own side's two corners
    (the loader puts those back), so written polygons stay short."""
    ring: list[Point] = []
    for p in points:
        if not ring or ring[-1] != p:
            ring.append(p)
    while len(ring) > 1 and ring[0] == ring[-1]:
        ring.pop()
    changed = True
    while changed and len(ring) > 3:
        changed = False
        for i, p in enumerate(ring):
            prev, nxt = ring[i - 1], ring[(i + 1) % len(ring)]
            if p in lattice.MIDPOINTS:
                k = lattice.MIDPOINTS.index(p)
                ends = {lattice.CORNERS[k], lattice.CORNERS[(k + 1) % 6]}
                if {prev, nxt} == ends:
                    del ring[i]
                    changed = True
                    break
    return ring


def _with_shape(spec: dict[str, Any], points: Iterable[Point]) -> dict[str, Any]:
    """``spec`` with its shape replaced by a polygon (other keys and their order kept)."""
    out: dict[str, Any] = {}
    for name, value in spec.items():
        if name == "sectors":
            continue
        out[name] = value
    out["polygon"] = [point_spec(p) for p in _clean(points)]
    return out


def _renumbered(regions: list[dict[str, Any]], side: str) -> list[dict[str, Any]]:
    """Ids for the regions that have none (a split's new part), the ones they have kept:
    markers in scenarios name regions by id, so a region that did not change keeps its
    id. A new id is the next after the highest (an id merged away is not given to another
    region while a free one is above it), else the lowest free one."""
    prefix = side[0]
    taken = {str(spec.get("id")) for spec in regions if spec.get("id")}
    numbers = [int(t[1:]) for t in taken if t[:1] == prefix and t[1:].isdigit()]
    out = []
    for spec in regions:
        if spec.get("id"):
            out.append(spec)
            continue
        above = max(numbers, default=0) + 1
        number = above if above <= 9 else next(
            n for n in range(1, 10) if f"{prefix}{n}" not in taken)
        numbers.append(number)
        taken.add(f"{prefix}{number}")
        out.append({**spec, "id": f"{prefix}{number}"})
    return out


def _with_side(data: Data, key: str, side: str, regions: list[dict[str, Any]]) -> Data:
    """A new catalogue dict sharing every untouched part with ``data`` (nothing here mutates
    a dict once built, so sharing is safe and keeps a step cheap on a 26-tile catalogue)."""
    tile = {**data["tiles"][key], side: _renumbered(regions, side)}
    return {**data, "tiles": {**data["tiles"], key: tile}}


def _insert_on_ring(ring: list[Point], point: Point) -> tuple[list[Point], int]:
    if point in ring:
        return ring, ring.index(point)
    for i, a in enumerate(ring):
        b = ring[(i + 1) % len(ring)]
        if on_segment(point, a, b):
            return [*ring[:i + 1], point, *ring[i + 1:]], i + 1
    raise DesignError("the border must start and end on the region's outline")


def split_region(data: Data, key: str, side: str, path: list[Point]) -> Data:
    """Split the region the path runs into by the border ``path`` (first and last point on
    that region's outline). The new part takes the region's terrain, without symbols.

    A path that leaves the region or crosses itself still splits; the result is then not a
    partition, and the checks show where (that is the point of live errors)."""
    if len(path) < 2:
        raise DesignError("a border needs at least two points")
    start, end = path[0], path[-1]
    if start == end:
        raise DesignError("a border must end on the outline at another point than it starts")
    regions = side_regions(data, key, side)
    index = target_region(data, key, side, path[0], path[1])
    if index is None:
        raise DesignError("the border must run into a region, not along a border")
    ring = list(region_polygon(regions[index]))
    if not on_boundary(end, tuple(ring)):
        raise DesignError("the border must end on the outline of the region it splits")
    ring, _ = _insert_on_ring(ring, start)
    ring, _ = _insert_on_ring(ring, end)
    ia, ib = ring.index(start), ring.index(end)
    inner = path[1:-1]
    forward = ring[ia:ib + 1] if ia <= ib else ring[ia:] + ring[:ib + 1]
    backward = ring[ib:ia + 1] if ib <= ia else ring[ib:] + ring[:ia + 1]
    first = forward + list(reversed(inner))
    second = backward + list(inner)
    old = regions[index]
    kept = _with_shape(old, first)
    new = _with_shape({"id": "", "terrain": old["terrain"], "symbols": []}, second)
    new_regions = [*regions[:index], kept, new, *regions[index + 1:]]
    return _with_side(data, key, side, new_regions)


def target_region(data: Data, key: str, side: str, first: Point, second: Point) -> int | None:
    """The region a border starting ``first`` → ``second`` enters (its first step's middle)."""
    middle = ((first[0] + second[0]) / 2, (first[1] + second[1]) / 2)
    return region_at(data, key, side, middle)


def merge_regions(data: Data, key: str, side: str, a: int, b: int,
                  terrain: str | None = None, symbols: list[str] | None = None) -> Data:
    """Merge region ``b`` into region ``a``, which keeps its id. The merged region has
    ``terrain`` (by default ``a``'s) and ``symbols`` (by default both regions' joined)."""
    import shapely

    if a == b:
        raise DesignError("pick two different regions to merge")
    regions = side_regions(data, key, side)
    first, second = (shapely.Polygon(region_polygon(regions[i])) for i in (a, b))
    union = shapely.union(shapely.make_valid(first), shapely.make_valid(second))
    union = shapely.normalize(union)
    if not isinstance(union, shapely.Polygon) or len(union.interiors):
        raise DesignError("only regions that share a border can be merged")
    ring = [_snap(p) for p in list(union.exterior.coords)[:-1]]
    ring = _drop_straight(ring)
    keep = regions[a]
    if symbols is None:
        symbols = merged_symbols(keep, regions[b])
    merged = {**_with_shape(keep, ring)}
    if terrain is not None:
        if terrain not in TERRAINS:
            raise DesignError(f"unknown terrain {terrain!r}; use one of {', '.join(TERRAINS)}")
        merged["terrain"] = terrain
    if "symbols" in merged or symbols:
        merged["symbols"] = [s for s in SYMBOLS if s in symbols]
    new_regions = [merged if i == a else r for i, r in enumerate(regions) if i != b]
    return _with_side(data, key, side, new_regions)


def merged_symbols(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    """Both regions' symbols, once each (what a merge keeps unless told otherwise)."""
    return list(dict.fromkeys([*a.get("symbols", []), *b.get("symbols", [])]))


def _snap(point: tuple[float, ...]) -> Point:
    """Round shapely's output back onto the 1/64 grid (lattice points are dyadic)."""
    return (round(point[0] * 64) / 64, round(point[1] * 64) / 64)


def _drop_straight(ring: list[Point]) -> list[Point]:
    """Remove interior points where the merged outline runs straight on (the old border's
    end stays if it is an outline node, so half-edges keep their owner)."""
    out = list(ring)
    changed = True
    while changed and len(out) > 3:
        changed = False
        for i, p in enumerate(out):
            if p in _NAMES and p != lattice.CENTRE:
                continue
            if _cross(out[i - 1], p, out[(i + 1) % len(out)]) == 0:
                del out[i]
                changed = True
                break
    return out


# ----- attributes --------------------------------------------------------------------------
def set_terrain(data: Data, key: str, side: str, index: int, terrain: str) -> Data:
    if terrain not in TERRAINS:
        raise DesignError(f"unknown terrain {terrain!r}; use one of {', '.join(TERRAINS)}")
    offered = face_terrains(side)
    if terrain not in offered:
        raise DesignError(f"{terrain} is not printed on a tile's {side} face; use one of "
                          f"{', '.join(offered)}")
    regions = list(side_regions(data, key, side))
    regions[index] = {**regions[index], "terrain": terrain}
    return _with_side(data, key, side, regions)


def toggle_symbol(data: Data, key: str, side: str, index: int, symbol: str) -> Data:
    if symbol not in SYMBOLS:
        raise DesignError(f"unknown symbol {symbol!r}; use one of {', '.join(SYMBOLS)}")
    regions = list(side_regions(data, key, side))
    spec = regions[index]
    symbols = list(spec.get("symbols", []))
    if symbol in symbols:
        symbols.remove(symbol)
    else:
        symbols = [s for s in SYMBOLS if s in symbols or s == symbol]
    regions[index] = {**spec, "symbols": symbols}
    return _with_side(data, key, side, regions)


# ----- tiles and sides -----------------------------------------------------------------------
def whole_side(side: str, terrain: str = "farmland") -> list[dict[str, Any]]:
    return [{"id": f"{side[0]}1", "terrain": terrain, "symbols": [], "sectors": [0, 1, 2, 3, 4, 5]}]


def new_catalogue(key: str = "T1") -> Data:
    """A catalogue with one tile whose sides are each one whole-hex region."""
    return {"catalogue_version": 1, "id": "my-tiles", "name": "My tiles",
            "tiles": {key: {"surface": whole_side("surface"),
                            "underground": whole_side("underground")}}}


def free_key(data: Data, base: str = "T") -> str:
    taken = set(data["tiles"])
    number = 1
    while f"{base}{number}" in taken:
        number += 1
    return f"{base}{number}"


def add_tile(data: Data, key: str) -> Data:
    if key in data["tiles"]:
        raise DesignError(f"tile {key} already exists; choose another letter")
    out = copy.deepcopy(data)
    out["tiles"][key] = {"surface": whole_side("surface"),
                         "underground": whole_side("underground")}
    return out


def rename_tile(data: Data, old: str, new: str) -> Data:
    """Give a tile another letter (key), keeping its place in the catalogue."""
    if new == old:
        return data
    if new in data["tiles"]:
        raise DesignError(f"tile {new} already exists; choose another letter")
    out = copy.deepcopy(data)
    out["tiles"] = {(new if k == old else k): v for k, v in out["tiles"].items()}
    return out


def remove_tile(data: Data, key: str) -> Data:
    if len(data["tiles"]) <= 1:
        raise DesignError("a catalogue keeps at least one tile")
    out = copy.deepcopy(data)
    del out["tiles"][key]
    return out


def set_side_present(data: Data, key: str, side: str, present: bool) -> Data:
    """Give a tile a side (one whole-hex region) or take it away (a tile keeps one side)."""
    out = copy.deepcopy(data)
    tile = out["tiles"][key]
    if present and side not in tile:
        tile[side] = whole_side(side)
        ordered = {s: tile[s] for s in SIDES if s in tile}
        out["tiles"][key] = {**ordered, **{k: v for k, v in tile.items() if k not in SIDES}}
    elif not present and side in tile:
        if not any(s in tile for s in SIDES if s != side):
            raise DesignError("a tile keeps at least one side")
        del tile[side]
    return out
