"""The tile catalogue is exact geometry, and the lattice conventions are pinned.

With shapely, every side of every shipped tile is a partition of the hex: valid
polygons, no overlap, no gap (within ``TOLERANCE`` square units at hex size 1).
Broken custom catalogues are refused with a line that names the tile. The
golden tests fix the corner numbering, edge directions and rotation sense that
every other module (derivation, GUI, exporters) relies on.
"""

from __future__ import annotations

import itertools
import json
import math
import re
import string
from pathlib import Path
from typing import Any

import pytest
import shapely
from shapely.geometry import LineString, Polygon

from editor.model import lattice
from editor.model.catalogue import (
    DEFAULT_CATALOGUE_PATH,
    TileSide,
    default_catalogue,
    half_edges,
    load_catalogue,
)
from editor.model.errors import LoadError
from editor.model.scenario_io import parse_scenario
from editor.model.schemas import iter_errors

TOLERANCE = 1e-9  # square units, hex size 1 (the hex's own area is about 2.6)
HEX = Polygon([lattice.to_euclidean(p) for p in lattice.CORNERS])


def euclidean_polygon(points: tuple[lattice.Point, ...]) -> Polygon:
    return Polygon([lattice.to_euclidean(p) for p in points])


def all_sides(format_version: int = 2) -> list[TileSide]:
    tiles = default_catalogue(format_version).tiles
    return [tiles[key].sides[name] for key in sorted(tiles) for name in sorted(tiles[key].sides)]


# Both bundled catalogues: the box (format 2) and the invented faces format 1 files keep.
SIDES = all_sides()
SIDE_IDS = [f"{side.tile}-{side.side}" for side in SIDES]
BOTH = SIDES + all_sides(1)
BOTH_IDS = SIDE_IDS + [f"invented-{side.tile}-{side.side}" for side in all_sides(1)]


# --- the shipped catalogue ---------------------------------------------------------------------

def test_shipped_catalogue_validates_against_its_schema() -> None:
    data = json.loads(DEFAULT_CATALOGUE_PATH.read_text(encoding="utf-8"))
    assert list(iter_errors("catalogue", data)) == []


def test_catalogue_has_26_two_sided_tiles_a_to_z() -> None:
    catalogue = default_catalogue()
    assert sorted(catalogue.tiles) == list(string.ascii_uppercase)
    for tile in catalogue.tiles.values():
        assert sorted(tile.sides) == ["surface", "underground"], tile.key


@pytest.mark.parametrize("side", SIDES, ids=SIDE_IDS)
def test_side_regions_partition_the_hex(side: TileSide) -> None:
    assert 1 <= len(side.regions) <= 3
    polygons = [euclidean_polygon(region.polygon) for region in side.regions]
    for region, polygon in zip(side.regions, polygons, strict=True):
        assert polygon.is_valid, f"{region.local_id}: {shapely.is_valid_reason(polygon)}"
        assert polygon.area > TOLERANCE, region.local_id
    for (a, pa), (b, pb) in itertools.combinations(zip(side.regions, polygons, strict=True), 2):
        overlap = pa.intersection(pb).area
        assert overlap <= TOLERANCE, f"{a.local_id} and {b.local_id} overlap by {overlap}"
    union = shapely.union_all(polygons)
    assert union.symmetric_difference(HEX).area <= TOLERANCE


@pytest.mark.parametrize("side", BOTH, ids=BOTH_IDS)
def test_side_ids_terrain_and_symbols_are_well_formed(side: TileSide) -> None:
    ids = [region.local_id for region in side.regions]
    assert len(set(ids)) == len(ids)
    assert all(re.fullmatch(side.side[0] + "[1-9]", local_id) for local_id in ids), ids
    for region in side.regions:
        assert region.terrain in {"farmland", "forest", "hill", "swamp", "mountain", "water",
                                  "mudpool", "crystal", "mushroom", "mines"}
        assert len(set(region.symbols)) == len(region.symbols)


@pytest.mark.parametrize("side", SIDES, ids=SIDE_IDS)
def test_half_edge_owner_matches_the_geometry(side: TileSide) -> None:
    assert len(side.half_edge_owner) == 12
    for (start, end), owner in zip(half_edges(), side.half_edge_owner, strict=True):
        segment = LineString([lattice.to_euclidean(start), lattice.to_euclidean(end)])
        covering = [region.local_id for region in side.regions
                    if euclidean_polygon(region.polygon).boundary.covers(segment)]
        assert covering == [owner]


def test_the_box_prints_no_mountain_and_no_lost_tribe() -> None:
    """Mountains are pieces laid on a region; Lost Tribes are tokens (scenario 9)."""
    for side in SIDES:
        for region in side.regions:
            assert region.terrain != "mountain", (side.tile, side.side, region.local_id)
            assert "lost_tribe" not in region.symbols, (side.tile, side.side)


def test_the_box_gives_9_land_regions_per_player_for_booklet_sets() -> None:
    """The box's surface faces give scenario 1's 2-player set (C D F L O R T X Y) 18 land
    regions, 9 per player (realms-tiles.md, 'Why these data can be trusted')."""
    tiles = default_catalogue().tiles
    land = sum(1 for key in "CDFLORTXY" for region in tiles[key].sides["surface"].regions
               if not region.is_water)
    assert land == 18


# --- custom catalogues ------------------------------------------------------------------------

def catalogue_file(tmp_path: Path, tiles: dict[str, Any], name: str = "custom.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps({"catalogue_version": 1, "id": "custom", "name": "Custom tiles",
                                "tiles": tiles}, indent=2), encoding="utf-8")
    return path


def side_of(*regions: dict[str, Any]) -> dict[str, Any]:
    return {"surface": list(regions)}


def region(local_id: str, terrain: str = "forest", **shape: Any) -> dict[str, Any]:
    return {"id": local_id, "terrain": terrain, **shape}


def test_a_valid_custom_catalogue_loads_and_merges(tmp_path: Path) -> None:
    path = catalogue_file(tmp_path, {
        "QX1": side_of(region("s1", sectors=[0, 1, 2]),
                       region("s2", "water", polygon=["C", "K3", "K4", "K5", "K0"])),
    })
    custom = load_catalogue(path)
    side = custom.side("QX1", "surface")
    assert [r.local_id for r in side.regions] == ["s1", "s2"]
    assert side.half_edge_owner == ("s1",) * 6 + ("s2",) * 6
    merged = default_catalogue().merged(custom)
    assert "QX1" in merged.tiles and "A" in merged.tiles


def test_a_scenario_can_use_a_custom_tile(tmp_path: Path) -> None:
    catalogue_file(tmp_path, {"QX1": side_of(region("s1", sectors=[0, 1, 2, 3, 4, 5]))})
    text = json.dumps({
        "format_version": 1, "title": "Custom", "players": {"min": 2, "max": 2},
        "catalogues": ["custom.json"],
        "boards": [{"id": "surface", "kind": "surface", "tiles": [
            {"tile": "QX1", "side": "surface", "q": 0, "r": 0, "rotation": 0}]}],
    })
    loaded = parse_scenario(text, "custom.realm.json", tmp_path)
    assert "QX1" in loaded.catalogue.tiles


# A tile key per defect, so the error line must name the right tile.
MALFORMED: dict[str, dict[str, Any]] = {
    "GAP": side_of(region("s1", sectors=[0, 1, 2]), region("s2", sectors=[3, 4])),
    "OVERLAP": side_of(region("s1", sectors=[0, 1, 2, 3]), region("s2", sectors=[3, 4, 5])),
    "SPLITRUN": side_of(region("s1", sectors=[0, 2]), region("s2", sectors=[1, 3, 4, 5])),
    "OUTSIDE": side_of(region("s1", polygon=[[0, 0], [2, 0], [1, -1], [0, -2], [-1, -1],
                                            [-1, 1], [0, 2], [1, 1]])),
    "MIDCUT": side_of(region("s1", polygon=["C", [1, 0.5], "K1", "K2", "K3"]),
                      region("s2", polygon=["C", "K3", "K4", "K5", "K0", [1, 0.5]])),
    "DUPID": side_of(region("s1", sectors=[0, 1, 2]), region("s1", sectors=[3, 4, 5])),
    "WRONGPREFIX": side_of(region("u1", sectors=[0, 1, 2, 3, 4, 5])),
    # Same outline and total area as a valid split, but the inner borders do not meet:
    # a sliver of gap on one side of the centre and an equal overlap on the other.
    "ZIGZAG": side_of(
        region("s1", polygon=["K0", "K1", "K2", "K3", [-0.5, -0.25], [0.5, 0.25]]),
        region("s2", polygon=["K3", "K4", "K5", "K0"]),
    ),
}
@pytest.mark.parametrize("key", list(MALFORMED))
def test_a_malformed_custom_catalogue_is_refused_naming_the_tile(tmp_path: Path,
                                                                 key: str) -> None:
    path = catalogue_file(tmp_path, {key: MALFORMED[key]})
    with pytest.raises(LoadError) as caught:
        load_catalogue(path)
    line = str(caught.value)
    assert "\n" not in line
    assert line.startswith(f"{path}:")
    assert key in line


def test_the_zigzag_fixture_really_is_broken() -> None:
    """Guards the case above: its two regions do overlap and leave a gap."""
    spec = MALFORMED["ZIGZAG"]["surface"]
    polygons = [Polygon([lattice.to_euclidean(tuple(p) if isinstance(p, list)
                                              else lattice.named_point(p))
                         for p in r["polygon"]]) for r in spec]
    assert all(p.is_valid for p in polygons)
    assert polygons[0].intersection(polygons[1]).area > 0.01
    assert HEX.difference(shapely.union_all(polygons)).area > 0.01
    assert sum(p.area for p in polygons) == pytest.approx(HEX.area)


def test_a_custom_tile_cannot_replace_a_default_one(tmp_path: Path) -> None:
    catalogue_file(tmp_path, {"A": side_of(region("s1", sectors=[0, 1, 2, 3, 4, 5]))})
    text = json.dumps({
        "format_version": 1, "title": "Clash", "players": {"min": 2, "max": 2},
        "catalogues": ["custom.json"],
        "boards": [{"id": "surface", "kind": "surface", "tiles": []}],
    })
    with pytest.raises(LoadError) as caught:
        parse_scenario(text, "clash.realm.json", tmp_path)
    assert "A" in caught.value.message and caught.value.position is not None


def test_a_broken_custom_catalogue_fails_the_scenario_that_uses_it(tmp_path: Path) -> None:
    catalogue_file(tmp_path, {"GAP": MALFORMED["GAP"]}, name="broken.json")
    text = json.dumps({
        "format_version": 1, "title": "Uses a broken catalogue", "players": {"min": 2, "max": 2},
        "catalogues": ["broken.json"],
        "boards": [{"id": "surface", "kind": "surface", "tiles": []}],
    }, indent=2)
    with pytest.raises(LoadError) as caught:
        parse_scenario(text, "user.realm.json", tmp_path)
    line = str(caught.value)
    assert line.startswith("user.realm.json:")
    assert "broken.json" in line and "line 7, column" in line
    assert "GAP" not in line  # a referenced file's content is never quoted (public CI logs)


# --- golden lattice conventions -----------------------------------------------------------------

def screen_angle(point: lattice.Point) -> float:
    """Degrees counter-clockwise as seen on a y-down screen, in [0, 360)."""
    x, y = lattice.to_euclidean(point)
    return math.degrees(math.atan2(-y, x)) % 360


def test_corner_positions() -> None:
    assert lattice.CORNERS == ((1, 1), (1, -1), (0, -2), (-1, -1), (-1, 1), (0, 2))
    for corner in lattice.CORNERS:  # every corner is at distance `size` from the centre
        assert math.hypot(*lattice.to_euclidean(corner)) == pytest.approx(1.0)
    assert [round(screen_angle(c)) for c in lattice.CORNERS] == [330, 30, 90, 150, 210, 270]
    assert HEX.area == pytest.approx(3 * math.sqrt(3) / 2)


def test_neighbour_directions_are_e_ne_nw_w_sw_se() -> None:
    assert lattice.NEIGHBOUR_DIRECTIONS == ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
    angles = [round(screen_angle(lattice.hex_centre(*lattice.neighbour(0, 0, i))))
              for i in range(6)]
    assert angles == [0, 60, 120, 180, 240, 300]
    for i in range(6):
        centre = lattice.hex_centre(*lattice.neighbour(0, 0, i))
        assert math.hypot(*lattice.to_euclidean(centre)) == pytest.approx(math.sqrt(3))


def test_rotating_corner_i_gives_corner_i_plus_1() -> None:
    for i in range(6):
        assert lattice.rotate_point(lattice.CORNERS[i], 1) == lattice.CORNERS[(i + 1) % 6]
        assert lattice.rotate_point(lattice.MIDPOINTS[i], 1) == lattice.MIDPOINTS[(i + 1) % 6]
        assert lattice.rotate_point(lattice.CORNERS[i], 6) == lattice.CORNERS[i]
        # one step is 60 degrees counter-clockwise on screen
        turned = screen_angle(lattice.rotate_point(lattice.CORNERS[i], 1))
        assert (turned - screen_angle(lattice.CORNERS[i])) % 360 == pytest.approx(60)


def test_neighbour_in_direction_i_shares_exactly_edge_i() -> None:
    def corners(q: int, r: int) -> list[lattice.Point]:
        cx, cy = lattice.hex_centre(q, r)
        return [(cx + x, cy + y) for x, y in lattice.CORNERS]

    home = corners(0, 0)
    for i in range(6):
        other = corners(*lattice.neighbour(0, 0, i))
        shared = set(home) & set(other)
        assert shared == {home[i], home[(i + 1) % 6]}  # edge i: K_i .. K_(i+1)
        j = (i + 3) % 6
        assert shared == {other[j], other[(j + 1) % 6]}  # the neighbour's edge (i+3)%6
        midpoint = lattice.MIDPOINTS[i]
        assert lattice.hex_centre(*lattice.neighbour(0, 0, i)) == (2 * midpoint[0],
                                                                   2 * midpoint[1])


def test_axial_centres_and_pixel_round_trip() -> None:
    assert lattice.hex_centre(0, 0) == (0, 0)
    assert lattice.hex_centre(1, 0) == (2, 0)
    assert lattice.hex_centre(0, 1) == (1, 3)
    for q, r in itertools.product(range(-4, 5), repeat=2):
        x, y = lattice.to_euclidean(lattice.hex_centre(q, r), 30.0)
        assert lattice.pixel_to_axial(x, y, 30.0) == (q, r)
        assert lattice.pixel_to_axial(x + 12.0, y - 7.0, 30.0) == (q, r)  # inside the hex
        assert lattice.from_euclidean((x, y), 30.0) == pytest.approx(lattice.hex_centre(q, r))
    assert lattice.hex_distance((0, 0), (2, -1)) == 2
    assert lattice.hex_distance((-2, 3), (2, -1)) == 4
