"""The tile catalogue: two-sided hex tiles whose regions are polygons in lattice units.

The default catalogue ships in ``editor/data/tiles.json``: the faces of the Realms box
(docs/tiles.md says what is from the box and what is approximate). Files of
``format_version`` 1 were written for Realms Studio's earlier invented faces, kept in
``editor/data/tiles-invented.json`` so that such a file never quietly derives a different
board (``realms migrate`` upgrades one explicitly). Designers may add catalogues of custom
tiles; tile keys must not collide.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from editor.model import catalogue_check
from editor.model.errors import LoadError
from editor.model.fast_schema import validate_or_raise
from editor.model.jsonio import EMPTY_CATALOGUE_HINT, decode_json_bytes, load_json, parse_json_text
from editor.model.jsonpos import SourceMap
from editor.model.lattice import Point
from editor.model.paths import data_file

SIDES = ("surface", "underground")
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
    # Set on a placeholder (a tile whose catalogue file is missing): that reference.
    missing: str = ""

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


def placeholder_tile(key: str, sides: Iterable[str], reference: str) -> Tile:
    """A stand-in for a tile whose catalogue file is missing: each side it is placed with
    is one whole-hex region, marked with the missing reference. The editor draws it as a
    marked placeholder and leaves it out of the derived realm, so the realm still opens."""
    made: dict[str, TileSide] = {}
    for side in sides:
        local = f"{side[0]}1"
        region = RegionTemplate(local, "farmland", (), catalogue_check.normalised(
            catalogue_check.sector_polygon([0, 1, 2, 3, 4, 5])))
        made[side] = TileSide(key, side, (region,), (local,) * 12, reference)
    return Tile(key, made, reference)


def half_edges() -> list[tuple[Point, Point]]:
    """The 12 half-edges of the hex outline, in profile order."""
    return catalogue_check.half_edges()


def _edge_profile(regions: tuple[RegionTemplate, ...]) -> tuple[str, ...]:
    owners: list[str] = []
    owned = [catalogue_check.owned_half_edges(r.polygon) for r in regions]
    for number in range(12):
        owners.extend(r.local_id for r, edges in zip(regions, owned, strict=True)
                      if number in edges)
    return tuple(owners)


def parse_catalogue(data: dict[str, Any], text: str, shown: str, *,
                    prechecked: bool = False, bundled: bool = False) -> Catalogue:
    """Build a catalogue from JSON, refusing it at the first defect of severity ``error``
    that :mod:`editor.model.catalogue_check` finds (the one place the rules live).

    ``prechecked`` skips the schema and the checker: only for the bundled catalogue, which
    the test suite checks in full (tests/perf/test_bundled_catalogue.py), so a run does not
    re-verify its own data in every process. ``bundled``: it is a bundled catalogue, in
    which the suite finds no defect of any severity, so a custom catalogue's exact copies
    of its sides are not checked again (:func:`~editor.model.catalogue_check.trust_sides`)."""
    if not prechecked:
        validate_or_raise("catalogue", data, text, shown)
        # the schema has just passed: the checker's own schema pass (in Python for a first
        # few documents) would only repeat it, at about 0.1 s for a catalogue of 500 tiles
        defects = catalogue_check.check_catalogue(data, schema_checked=True)
        first = next(iter(catalogue_check.errors_only(defects)), None)
        if first is not None:
            raise LoadError(shown, first.message, json_path=first.json_path,
                            position=SourceMap(text).position(first.path), hint=first.hint,
                            code="S003")
    if bundled:
        catalogue_check.trust_sides(data["tiles"])
    tiles: dict[str, Tile] = {}
    for key, tile_spec in data["tiles"].items():
        sides: dict[str, TileSide] = {}
        for side_name in SIDES:
            if side_name not in tile_spec:
                continue
            regions, profile = _side_shape(tile_spec[side_name])
            sides[side_name] = TileSide(key, side_name, regions, profile)
        tiles[key] = Tile(key, sides, shown)
    return Catalogue(data["id"], data["name"], tiles, (shown,))


SideShape = tuple[tuple[RegionTemplate, ...], tuple[str, ...]]
_SIDE_SHAPES: dict[str, SideShape] = {}
_SIDE_SHAPES_MAX = 20_000


def _side_shape(spec: list[dict[str, Any]]) -> SideShape:
    """A checked side's region templates and edge profile, built once per content.

    They depend on the side's regions alone, not on its tile key, and big catalogues
    repeat a few designs (copies, variants): building each side anew was about a third of
    loading eight catalogues of 500 tiles. The key is the side's ``repr``, exact for parsed
    JSON (a side written with its members in another order is only built again); the
    templates are frozen, so tiles may share them."""
    key = repr(spec)
    found = _SIDE_SHAPES.get(key)
    if found is None:
        regions = tuple(
            RegionTemplate(region["id"], region["terrain"], tuple(region.get("symbols", ())),
                           catalogue_check.normalised(
                               catalogue_check.sector_polygon(region["sectors"])
                               if "sectors" in region
                               else catalogue_check.polygon_points(region["polygon"])))
            for region in spec)
        found = (regions, _edge_profile(regions))
        if len(_SIDE_SHAPES) >= _SIDE_SHAPES_MAX:
            _SIDE_SHAPES.clear()
        _SIDE_SHAPES[key] = found
    return found


def load_catalogue(path: Path | str, *, prechecked: bool = False,
                   raw: bytes | None = None, bundled: bool = False) -> Catalogue:
    """Read and check a catalogue file (``prechecked``: see :func:`parse_catalogue`);
    ``raw``: its bytes, already read (and hashed, by lint's result cache)."""
    path = Path(path)
    if raw is None:
        data, text = load_json(path)
    else:
        text = decode_json_bytes(raw, str(path))
        data = parse_json_text(text, str(path), empty_hint=EMPTY_CATALOGUE_HINT)
    if not isinstance(data, dict):
        raise LoadError(str(path), "a catalogue must be a JSON object", code="S002")
    return parse_catalogue(data, text, str(path), prechecked=prechecked, bundled=bundled)


DEFAULT_CATALOGUE_PATH = data_file("tiles.json")
# The bundled catalogue each scenario format_version is read with: version 1 files were
# made on the invented faces and keep them; version 2 is the box.
CATALOGUE_FILES = {1: "tiles-invented.json", 2: "tiles.json"}
LATEST_FORMAT = max(CATALOGUE_FILES)


def default_catalogue(format_version: int = LATEST_FORMAT) -> Catalogue:
    """The bundled catalogue for files of ``format_version`` (the box for new files),
    loaded without re-checking what the test suite has checked."""
    return _bundled(CATALOGUE_FILES.get(format_version, CATALOGUE_FILES[LATEST_FORMAT]))


def catalogue_of_file(data: dict[str, Any]) -> Catalogue:
    """The bundled catalogue a parsed scenario is read with, by its ``format_version`` (a
    missing or mistyped one, which the schema reports, reads as 1)."""
    version = data.get("format_version")
    if isinstance(version, int) and not isinstance(version, bool):
        return default_catalogue(version)
    return default_catalogue(1)


@cache
def _bundled(name: str) -> Catalogue:
    """One load per bundled file, however its version was asked for (``default_catalogue()``
    and ``default_catalogue(2)`` are the same object)."""
    return load_catalogue(data_file(name), prechecked=True, bundled=True)
