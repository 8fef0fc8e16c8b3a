"""Big boards stay near linear (issue 27, point 9), checked by structure, not by time.

Label placement asks the boxes placed so far which ones lie near a region: it must read
only the boxes near the query (a scan of every box made a 2,000-tile board take most of a
minute) and give them in placement order, as the list it replaces did. Holes are found as
runs of empty cells along lattice columns: the work grows with the tiles around a hole,
not with its area (a cell-by-cell fill walked 1.3 million cells inside a ring of 3,996
tiles), and the holes are the ones a cell-by-cell flood fill finds. The timings are in
``benchmarks/bench_render.py`` and docs/performance.md.
"""

from __future__ import annotations

import random
from types import SimpleNamespace

import shapely

from editor.geometry.templates import hex_polygons
from editor.model import lattice
from editor.render.labels import _Boxes
from editor.topology import derive as derive_module
from editor.topology.derive import _find_holes
from editor.topology.realm import Hole, Run

Cell = tuple[int, int]


class _CountingDict(dict[int, object]):
    reads = 0

    def __getitem__(self, key: int) -> object:
        _CountingDict.reads += 1
        return super().__getitem__(key)


def test_a_query_reads_only_the_boxes_near_it() -> None:
    boxes = _Boxes()
    for i in range(100):
        for j in range(100):  # 10,000 label-sized boxes on a 2,000 x 2,000 page
            boxes.append(((i * 20.0, j * 20.0, i * 20.0 + 15.0, j * 20.0 + 15.0), 1.0))
    counting = _CountingDict(boxes._items)
    boxes._items = counting
    _CountingDict.reads = 0
    near = boxes.near(1000.0, 1000.0, 1040.0, 1040.0)
    assert len(near) == 4  # the boxes at 1000 and 1020 in each direction
    assert _CountingDict.reads < 500  # the few grid cells around the query, not 10,000


def test_boxes_behave_as_the_list_they_replace() -> None:
    rng = random.Random(5)
    boxes, plain = _Boxes(), []
    for _ in range(3000):
        if plain and rng.random() < 0.3:
            item = rng.choice(plain)
            boxes.remove(item)
            plain.remove(item)  # the oldest equal item, as list.remove
            continue
        x, y = rng.uniform(-500, 500), rng.uniform(-500, 500)
        # duplicates on purpose: the same box may be placed, taken back and placed again
        item = rng.choice(plain) if plain and rng.random() < 0.1 else \
            ((x, y, x + rng.uniform(0, 300), y + rng.uniform(0, 60)), rng.choice((2.0, 4.0)))
        boxes.append(item)
        plain.append(item)
        x0, y0 = rng.uniform(-600, 600), rng.uniform(-600, 600)
        x1, y1 = x0 + rng.uniform(0, 400), y0 + rng.uniform(0, 400)
        expected = [(b, w) for b, w in plain
                    if b[0] < x1 and x0 < b[2] and b[1] < y1 and y0 < b[3]]
        assert boxes.near(x0, y0, x1, y1) == expected


def _layout(cells: set[Cell]) -> SimpleNamespace:
    empties = {(q + dq, r + dr) for q, r in cells for dq, dr in lattice.NEIGHBOUR_DIRECTIONS}
    return SimpleNamespace(tiles=dict.fromkeys(cells), board=SimpleNamespace(id="b"),
                           outer=[(None, None, None, None, cell)
                                  for cell in sorted(empties - cells)])


def _flood_holes(cells: set[Cell]) -> dict[Cell, str]:
    """The cell-by-cell fill the runs replaced: every hole cell keyed to its hole (the
    union of the hexes in the layout's order, as the derivation makes it: the rings'
    first points, so the hole ids, follow that order)."""
    union = shapely.coverage_union_all(hex_polygons(list(_layout(cells).tiles)))
    rings = sorted((ring for poly in getattr(union, "geoms", [union])
                    for ring in poly.interiors), key=lambda ring: tuple(ring.coords[0]))
    empties = sorted({(q + dq, r + dr) for q, r in cells
                      for dq, dr in lattice.NEIGHBOUR_DIRECTIONS} - cells)
    result: dict[Cell, str] = {}
    for index, ring in enumerate(rings):
        polygon = shapely.Polygon(ring)
        stack = [c for c in empties
                 if polygon.contains(shapely.Point(*lattice.hex_centre(*c)))]
        while stack:
            cell = stack.pop()
            if cell in result or cell in cells:
                continue
            result[cell] = f"b:h{index + 1}"
            stack.extend(lattice.neighbour(*cell, d) for d in range(6))
    return result


def _check(cells: set[Cell]) -> None:
    expected = _flood_holes(cells)
    runs: dict[str, tuple[Run, ...]] = {}
    found = _find_holes(_layout(cells), runs)
    hexes = {hole: Hole(hole, "b", hole_runs, ()).hexes for hole, hole_runs in runs.items()}
    empties = {entry[4] for entry in _layout(cells).outer}
    assert found == {c: h for c, h in expected.items() if c in empties}
    by_hole: dict[str, list[Cell]] = {}
    for cell, hole in expected.items():
        by_hole.setdefault(hole, []).append(cell)
    assert hexes == {hole: tuple(sorted(c)) for hole, c in by_hole.items()}


def test_holes_are_those_of_a_cell_by_cell_fill() -> None:
    rng = random.Random(11)
    for _ in range(150):
        radius = rng.randrange(3, 9)
        disc = {(q, r) for q in range(-radius, radius + 1) for r in range(-radius, radius + 1)
                if abs(q + r) <= radius}
        _check({c for c in disc if rng.random() < rng.uniform(0.5, 0.9)})
    # nested rings: the outer hole's fill takes the inner one (ids as shapely orders them)
    _check(set(lattice.ring(2) + lattice.ring(5) + lattice.ring(8)))
    _check(set(lattice.ring(1) + lattice.ring(4) + lattice.ring(7)
               + lattice.ring(1, (30, 0)) + lattice.ring(2, (30, 0))))


def test_finding_a_hole_grows_with_its_ring_not_its_area(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    calls = {"between": 0}
    between = derive_module._Runs.between

    def counted(self: object, q: int, first: int, last: int):  # type: ignore[no-untyped-def]
        calls["between"] += 1
        return between(self, q, first, last)  # type: ignore[arg-type]

    monkeypatch.setattr(derive_module._Runs, "between", counted)
    work = {}
    for radius in (30, 120):
        calls["between"] = 0
        found = _find_holes(_layout(set(lattice.ring(radius))))
        assert set(found.values()) == {"b:h1"}
        work[radius] = calls["between"]
    # four times the ring, sixteen times the area: the work follows the ring
    assert work[120] <= 4.5 * work[30]
