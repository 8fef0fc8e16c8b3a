"""The tile catalogue: two-sided hex tiles whose regions are polygons in lattice units.

The default catalogue ships in ``editor/data/tiles.json`` (Realms Studio's own
design: the printed Realms tiles are not in the rule texts). Designers may add
catalogues of custom tiles; tile keys must not collide.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from editor.model import lattice
from editor.model.errors import LoadError
from editor.model.fast_schema import validate_or_raise
from editor.model.jsonio import load_json
from editor.model.jsonpos import SourceMap, format_json_path
from editor.model.lattice import Point
from editor.model.paths import data_file

SIDES = ("surface", "underground")
LAND_TERRAINS = ("farmland", "forest", "hill", "swamp", "mountain")
BALANCE_SYMBOLS = ("cavern", "mine", "magic")
HEX_AREA = 6.0  # in lattice units (six unit-area sectors)


@dataclass(frozen=True)
class RegionTemplate:
    """One region of a tile side, before placement."""

    local_id: str
    terrain: str
    symbols: tuple[str, ...]
    polygon: tuple[Point, ...]

    @property
    def is_water(self) -> bool:
        return self.terrain == "water"


@dataclass(frozen=True)
class TileSide:
    tile: str
    side: str
    regions: tuple[RegionTemplate, ...]
    # Owner (local region id) of each of the 12 half-edges: edge i, half 0 is Ki..Mi,
    # half 1 is Mi..K(i+1). This "edge profile" lets seams be matched combinatorially.
    half_edge_owner: tuple[str, ...]

    def region(self, local_id: str) -> RegionTemplate:
        for region in self.regions:
            if region.local_id == local_id:
                return region
        raise KeyError(local_id)


@dataclass(frozen=True)
class Tile:
    key: str
    sides: Mapping[str, TileSide]
    source: str = ""


@dataclass
class Catalogue:
    id: str
    name: str
    tiles: dict[str, Tile] = field(default_factory=dict)
    sources: tuple[str, ...] = ()

    def side(self, tile: str, side: str) -> TileSide:
        return self.tiles[tile].sides[side]

    def merged(self, other: Catalogue) -> Catalogue:
        clash = sorted(set(self.tiles) & set(other.tiles))
        if clash:
            raise ValueError(f"tile keys already defined: {', '.join(clash)}")
        return Catalogue(self.id, self.name, {**self.tiles, **other.tiles},
                         self.sources + other.sources)


def _sector_polygon(sectors: Iterable[int]) -> tuple[Point, ...]:
    chosen = sorted(set(sectors))
    if len(chosen) == 6:
        return lattice.CORNERS
    starts = [s for s in chosen if (s - 1) % 6 not in chosen]
    if len(starts) != 1:
        raise ValueError(f"sectors {chosen} are not one contiguous run around the hex")
    start = starts[0]
    corners = [lattice.CORNERS[(start + k) % 6] for k in range(len(chosen) + 1)]
    return (lattice.CENTRE, *corners)


def _polygon_points(spec: list[Any]) -> tuple[Point, ...]:
    points: list[Point] = []
    for item in spec:
        if isinstance(item, str):
            points.append(lattice.named_point(item))
        else:
            points.append((float(item[0]), float(item[1])))
    return tuple(points)


def _with_midpoints(polygon: tuple[Point, ...]) -> tuple[Point, ...]:
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


def _signed_area(polygon: tuple[Point, ...]) -> float:
    total = 0.0
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        total += x1 * y2 - x2 * y1
    return total / 2


def _on_segment(point: Point, start: Point, end: Point) -> bool:
    (px, py), (ax, ay), (bx, by) = point, start, end
    if (bx - ax) * (py - ay) - (by - ay) * (px - ax) != 0:
        return False
    return min(ax, bx) <= px <= max(ax, bx) and min(ay, by) <= py <= max(ay, by)


def _covers(polygon: tuple[Point, ...], start: Point, end: Point) -> bool:
    for a, b in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if _on_segment(start, a, b) and _on_segment(end, a, b):
            return True
    return False


def half_edges() -> list[tuple[Point, Point]]:
    """The 12 half-edges of the hex outline, in profile order."""
    result = []
    for i in range(6):
        result.append((lattice.CORNERS[i], lattice.MIDPOINTS[i]))
        result.append((lattice.MIDPOINTS[i], lattice.CORNERS[(i + 1) % 6]))
    return result


def _edge_profile(regions: tuple[RegionTemplate, ...]) -> tuple[str, ...] | None:
    owners: list[str] = []
    for start, end in half_edges():
        found = [r.local_id for r in regions if _covers(r.polygon, start, end)]
        if len(found) != 1:
            return None
        owners.append(found[0])
    return tuple(owners)


def _inner_gap_or_overlap(regions: list[RegionTemplate]) -> bool:
    """Whether the regions overlap (and so leave an equal gap, their areas summing to the hex).

    Area and outline alone miss a zig-zag inner border; the union's area catches it
    exactly, as every point is a lattice point. shapely is imported only here, when a
    catalogue is parsed, so merely importing the model stays light."""
    import shapely

    union = shapely.union_all([shapely.Polygon(r.polygon) for r in regions])
    return abs(float(union.area) - HEX_AREA) > 1e-9


def parse_catalogue(data: dict[str, Any], text: str, shown: str, *,
                    prechecked: bool = False) -> Catalogue:
    """Build a catalogue from validated JSON, checking what the schema cannot say.

    ``prechecked`` skips the schema and the shapely overlap check: only for the bundled
    catalogue, which the test suite checks in full (tests/perf/test_bundled_catalogue.py),
    so a run does not re-verify its own data in every process."""
    if not prechecked:
        validate_or_raise("catalogue", data, text, shown)
    tiles: dict[str, Tile] = {}
    for key, tile_spec in data["tiles"].items():
        sides: dict[str, TileSide] = {}
        for side_name in SIDES:
            if side_name not in tile_spec:
                continue
            regions: list[RegionTemplate] = []
            for index, spec in enumerate(tile_spec[side_name]):
                path = ("tiles", key, side_name, index)
                try:
                    polygon = (_sector_polygon(spec["sectors"]) if "sectors" in spec
                               else _polygon_points(spec["polygon"]))
                except ValueError as exc:
                    raise _at(shown, text, path, str(exc), "fix the region's shape") from None
                _refuse_water_symbols(spec, shown, text, path)
                if _signed_area(polygon) < 0:
                    polygon = tuple(reversed(polygon))
                polygon = _with_midpoints(polygon)
                regions.append(RegionTemplate(spec["id"], spec["terrain"],
                                              tuple(spec.get("symbols", ())), polygon))
            ids = [r.local_id for r in regions]
            prefix = side_name[0]
            if len(set(ids)) != len(ids) or any(not i.startswith(prefix) for i in ids):
                raise _at(shown, text, ("tiles", key, side_name),
                          f"region ids {ids} must be unique and start with {prefix!r}",
                          f"number them {prefix}1, {prefix}2, ...")
            area = sum(_signed_area(r.polygon) for r in regions)
            profile = _edge_profile(tuple(regions))
            if abs(area - HEX_AREA) > 1e-9 or profile is None or (
                    not prechecked and _inner_gap_or_overlap(regions)):
                raise _at(shown, text, ("tiles", key, side_name),
                          f"regions of tile {key} ({side_name}) do not tile the hex exactly",
                          "regions must cover the hex with no gap or overlap, meeting the "
                          "outline only at corners and edge midpoints")
            sides[side_name] = TileSide(key, side_name, tuple(regions), profile)
        tiles[key] = Tile(key, sides, shown)
    return Catalogue(data["id"], data["name"], tiles, (shown,))


def _refuse_water_symbols(spec: dict[str, Any], shown: str, text: str,
                          path: tuple[str | int, ...]) -> None:
    """Symbols are printed on land regions; seas and lakes cannot be conquered, so a symbol
    on water would score nothing and be lost on the way to the graph. Refuse it here, where
    the designer can still fix the catalogue, rather than drop it silently."""
    symbols = spec.get("symbols") or []
    if spec["terrain"] != "water" or not symbols:
        return
    names = " and ".join(repr(symbol) for symbol in symbols)
    raise _at(shown, text, (*path, "symbols"),
              f"water region {spec['id']} carries {'symbols' if len(symbols) > 1 else 'a symbol'}",
              f"water regions carry no symbols; remove {names} or make the region land")


def _at(shown: str, text: str, path: tuple[str | int, ...], message: str, hint: str) -> LoadError:
    return LoadError(shown, message, json_path=format_json_path(path),
                     position=SourceMap(text).position(path), hint=hint, code="S003")


def load_catalogue(path: Path | str, *, prechecked: bool = False) -> Catalogue:
    """Read and check a catalogue file (``prechecked``: see :func:`parse_catalogue`)."""
    path = Path(path)
    data, text = load_json(path)
    if not isinstance(data, dict):
        raise LoadError(str(path), "a catalogue must be a JSON object", code="S002")
    return parse_catalogue(data, text, str(path), prechecked=prechecked)


DEFAULT_CATALOGUE_PATH = data_file("tiles.json")


@cache
def default_catalogue() -> Catalogue:
    """The bundled catalogue, loaded without re-checking what the test suite has checked."""
    return load_catalogue(DEFAULT_CATALOGUE_PATH, prechecked=True)
