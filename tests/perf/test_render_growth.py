"""Printable boards stay near linear (issue 27, point 9), checked by counting, not timing.

A region's label candidates (a grid measured to its border) depend on its shape alone, and
a board repeats a few shapes (each design at each rotation): they are worked out once per
shape and moved into place, so their number follows the designs, not the tiles. The SVG
holds one pattern per terrain instead of hatch lines cut per region, so its size follows
the regions. The timings are in ``benchmarks/bench_render.py`` and docs/performance.md.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from itertools import count
from pathlib import Path

import pytest
import shapely

from editor.export import board_layout
from editor.export.board_layout import LABEL_SIZES, WINDOW, layout_page
from editor.export.board_render import render_board
from editor.model import lattice
from editor.model.paths import data_file
from editor.model.scenario_io import LoadedScenario, parse_scenario
from editor.render import labels
from editor.render.labels import RegionLabels, candidates, place_labels
from editor.topology import derive_realm
from editor.topology.realm import Realm

SVG = "{http://www.w3.org/2000/svg}"
DESIGNS = 4  # tile designs the boards below repeat (each at every rotation)


def spiral(n: int) -> list[tuple[int, int]]:
    cells = [(0, 0)]
    for radius in count(1):
        if len(cells) >= n:
            break
        cells += lattice.ring(radius)
    return cells[:n]


def board(folder: Path, n: int) -> LoadedScenario:
    """``n`` tiles in a compact spiral, each a distinct key (a file places a tile once)
    drawn from the first DESIGNS land designs of the box, turned in turn."""
    shipped = json.loads(data_file("tiles.json").read_text(encoding="utf-8"))["tiles"]
    designs = [k for k in sorted(shipped) if all(
        r["terrain"] in ("farmland", "forest", "hill", "swamp")
        for r in shipped[k]["surface"])][:DESIGNS]
    assert len(designs) == DESIGNS
    tiles = {f"T{i}": shipped[designs[i % DESIGNS]] for i in range(n)}
    (folder / "stress.json").write_text(json.dumps(
        {"catalogue_version": 1, "id": "stress", "name": "stress", "tiles": tiles}),
        encoding="utf-8")
    placed = [{"tile": f"T{i}", "side": "surface", "q": q, "r": r,
               "rotation": (i // DESIGNS) % 6} for i, (q, r) in enumerate(spiral(n))]
    data = {"format_version": 1, "title": "stress", "players": {"min": 2, "max": 2},
            "catalogues": ["stress.json"],
            "boards": [{"id": "surface", "kind": "surface", "tiles": placed}]}
    return parse_scenario(json.dumps(data), "stress.realm.json", folder)


@pytest.fixture(scope="module")
def realms(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[int, Realm]]:
    folder = tmp_path_factory.mktemp("boards")
    yield {n: derive_realm(board(folder, n), 2) for n in (24, 96)}


def counted_grids(realm: Realm, monkeypatch: pytest.MonkeyPatch) -> int:
    made = []

    def counting(*args: object, **kwargs: object) -> labels.Candidates | None:
        made.append(1)
        return candidates(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(board_layout, "candidates", counting)
    layout_page(realm)
    return len(made)


def test_label_grids_are_made_once_per_shape(realms: dict[int, Realm],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    small, big = realms[24], realms[96]
    assert len(big.regions) >= 4 * len(small.regions) - 8
    grids_small = counted_grids(small, monkeypatch)
    grids_big = counted_grids(big, monkeypatch)
    shapes = DESIGNS * 6 * 3  # every design at every rotation, three thirds each
    assert grids_big <= shapes < len(big.regions)
    # four times the tiles, no more grids than the shapes (was one per region)
    assert grids_big <= max(grids_small, shapes)


def test_a_moved_grid_places_labels_as_a_fresh_one() -> None:
    """The moved copy stands for a grid made where the region is: same labels, moved."""
    hexagon = shapely.Polygon([(100 * x, 100 * y) for x, y in lattice.CORNERS])
    third = shapely.Polygon([(0, 0), *list(hexagon.exterior.coords)[:3]])
    plans = []
    for dx, dy in ((0.0, 0.0), (1234.5, -987.25)):
        shape = shapely.affinity.translate(third, dx, dy)
        spec = RegionLabels("r", shape, "Q.s1", ("cavern", "mine"), ("0", "1", "2"))
        fresh = place_labels([spec], LABEL_SIZES)
        template = candidates(third, LABEL_SIZES)
        assert template is not None
        moved = RegionLabels("r", shape, "Q.s1", ("cavern", "mine"), ("0", "1", "2"),
                             grid=template.moved(dx, dy))
        again = place_labels([moved], LABEL_SIZES)
        plans.append([(lab.kind, lab.key, round(lab.centre[0] - dx, 6),
                       round(lab.centre[1] - dy, 6), lab.scale) for lab in fresh.labels])
        assert [(lab.kind, lab.key, lab.scale) for lab in again.labels] == \
            [(lab.kind, lab.key, lab.scale) for lab in fresh.labels]
        for a, b in zip(again.labels, fresh.labels, strict=True):
            assert a.centre == pytest.approx(b.centre, abs=1e-6)
    assert plans[0] == plans[1]


def test_a_sea_offers_candidates_only_near_its_centre() -> None:
    """A water body across many tiles: the grid is bounded by the window, not its area."""
    sea = shapely.box(0, 0, 5000, 5000)
    grid = candidates(sea, LABEL_SIZES)
    assert grid is not None
    side = 2 * WINDOW / LABEL_SIZES.step + 1
    assert len(grid.xs) <= side * side + 1 < sea.area / LABEL_SIZES.step ** 2  # + the anchor


def test_the_svg_grows_with_the_regions(realms: dict[int, Realm]) -> None:
    """One path per region and one pattern per terrain: no hatch lines cut per region."""
    for realm in realms.values():
        root = ET.fromstring(render_board(realm, "svg"))
        patterns = list(root.iter(f"{SVG}pattern"))
        assert 0 < len(patterns) <= 4  # the four land terrains these boards use
        elements = sum(1 for _ in root.iter())
        per_region = elements / len(realm.regions)
        assert per_region < 12, per_region
        hatched = [p for p in root.iter(f"{SVG}path") if (p.get("fill") or "").startswith("url(")]
        assert len(hatched) >= len(realm.regions) - 2  # water (no hatch) aside
