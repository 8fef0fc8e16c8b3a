#!/usr/bin/env python3
"""Design Realms Studio's own catalogue of the 26 double-sided Realms tiles (A-Z).

The printed faces of the Realms tiles are not in the rule texts, so the project
ships its own. This script is the reproducible record of how they were made:

1. **Counts** - pick, for every tile side, how many land regions it has and
   whether (and how) it carries water, by simulated annealing so that every
   booklet scenario's tile set gives about 9 land regions per player (rules,
   "Build your own realm") and the surface has 10-12 water parts that reach
   the tile edges.
2. **Shapes** - give each side a region layout from a small template library
   (sector fans, chords, bends, river bands ...), rotated for variety.
3. **Terrain and symbols** - anneal the terrain, cavern/mine/magic symbols and
   lost-tribe marks so that in every scenario set each terrain and each symbol
   sits near one fifth of the land regions, and lost tribes near 0.38 of them.

It then checks the geometry with pure-Python arithmetic (shoelace areas, half-
edge ownership, simple polygons, point sampling), writes
``editor/data/tiles.json`` and prints a per-scenario report. Standard library
only, fixed seed: running it twice gives the same file.

Usage: ``python tools/design_catalogue.py [--out PATH] [--check-only]``
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SEED = 20261122
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
SIDES = ("surface", "underground")
LAND = ("farmland", "forest", "hill", "swamp", "mountain")
BALANCE = ("cavern", "mine", "magic")
LOST = "lost_tribe"
AIM_PER_PLAYER = 9.0
LAND_WINDOW = (7.5, 10.5)
SHARE_TOLERANCE = 2.0  # each terrain / symbol within +-2 of land/5
LOST_WINDOW = (0.30, 0.45)
LOST_AIM = 0.38
MOUNTAIN_BIAS = 0.8  # mountain overlays come later, so printed mountains aim a bit low
REPO = Path(__file__).resolve().parent.parent
DEFAULT_OUT = REPO / "editor" / "data" / "tiles.json"

# --------------------------------------------------------------------------------------
# Scenario tile sets (brief section 5). Steps are cumulative unless told otherwise.
# --------------------------------------------------------------------------------------

SURFACE_STEPS: dict[int, list[tuple[int, str]]] = {
    1: [(2, "CDFLORTXY"), (3, "HIQW"), (4, "EKNPZ"), (5, "BJMV"), (6, "AGSU")],
    2: [(2, "ACGLRSUY"), (3, "BJMV"), (4, "EKNZ"), (5, "HIQW"), (6, "DFOX")],
    3: [(2, "ADFGNOUX"), (3, "CEK"), (4, "BJMV"), (5, "HISW"), (6, "LQRY")],
    4: [(3, "DEFIJKLMOPVXY"), (4, "ABR"), (5, "CHQW"), (6, "GUNSZ")],
    5: [(4, "BCDEFHIJMQRSVWYZ"), (5, "AGK")],
    6: [(2, "FHILOSUY"), (3, "AEPQZ"), (4, "GKMX"), (5, "DJNTV"), (6, "BCRW")],
    7: [(2, "AIMNQRSUXZ"), (3, "CGL"), (4, "EKO"), (5, "BJF"), (6, "DHW")],
}
UNDERGROUND_SEPARATE: dict[int, list[tuple[int, str]]] = {
    8: [(3, "ABEFGHNORSV"), (4, "ABCDEFGHIMNRVYZ"), (5, "ABCDEFGHIJKLQUVWXY")],
}
UNDERGROUND_STEPS: dict[int, list[tuple[int, str]]] = {
    10: [(3, "ABDEFGHNOPRSU"), (4, "CLMQ")],
}
BOTH_WORLDS_STEPS: dict[int, list[tuple[int, str]]] = {  # reported for information only
    11: [(5, "ABCDEFGHIJKMNQSUVXYZ")],
    12: [(3, "BCEHIKLNRSVY"), (4, "ADOU"), (5, "FMQZ")],
}
MUST_HOLD = {1, 2, 3, 6, 8, 10}  # scenarios 4, 5 and 7 are best effort (they pass too)


@dataclass(frozen=True)
class TileSet:
    """One scenario's tiles for one player count on one side of the tiles."""

    scenario: int
    players: int
    side: str
    letters: frozenset[str]

    @property
    def label(self) -> str:
        return f"{self.scenario}/{self.players}p"


def _cumulative(steps: list[tuple[int, str]]) -> Iterable[tuple[int, frozenset[str]]]:
    chosen: set[str] = set()
    for players, letters in steps:
        chosen |= set(letters)
        yield players, frozenset(chosen)


def scenario_sets() -> list[TileSet]:
    """All tile sets the balance targets are checked on, surface then underground."""
    sets: list[TileSet] = []
    for number, steps in SURFACE_STEPS.items():
        sets += [TileSet(number, p, "surface", ls) for p, ls in _cumulative(steps)]
    for number, steps in UNDERGROUND_SEPARATE.items():
        sets += [TileSet(number, p, "underground", frozenset(ls)) for p, ls in steps]
    for number, steps in UNDERGROUND_STEPS.items():
        sets += [TileSet(number, p, "underground", ls) for p, ls in _cumulative(steps)]
    return sets


# --------------------------------------------------------------------------------------
# Geometry on the tile-local lattice (corners are integer points).
# --------------------------------------------------------------------------------------

Point = tuple[float, float]
CORNERS: tuple[Point, ...] = ((1, 1), (1, -1), (0, -2), (-1, -1), (-1, 1), (0, 2))
MIDPOINTS: tuple[Point, ...] = tuple(
    ((CORNERS[i][0] + CORNERS[(i + 1) % 6][0]) / 2, (CORNERS[i][1] + CORNERS[(i + 1) % 6][1]) / 2)
    for i in range(6))
NAMED: dict[str, Point] = {"C": (0.0, 0.0)}
NAMED.update({f"K{i}": (float(x), float(y)) for i, (x, y) in enumerate(CORNERS)})
NAMED.update({f"M{i}": (float(x), float(y)) for i, (x, y) in enumerate(MIDPOINTS)})
NAME_OF = {p: n for n, p in NAMED.items()}
PointSpec = str | tuple[float, float]
Json = dict[str, Any]  # catalogue data as read or written (plain JSON values)


def resolve(spec: PointSpec) -> Point:
    """A point name or a coordinate pair, as a float pair."""
    if isinstance(spec, str):
        return NAMED[spec]
    return (float(spec[0]), float(spec[1]))


def rotate_point(point: Point, steps: int) -> Point:
    """Rotate by 60 degrees x steps about the centre (same map as editor.model.lattice):
    corner Ki goes to K(i+steps). Coefficients are dyadic, so half-points stay exact."""
    x, y = point
    for _ in range(steps % 6):
        x, y = (x + y) / 2, (-3 * x + y) / 2
    return (x, y)


def shoelace(polygon: Sequence[Point]) -> float:
    """Signed area (positive = counter-clockwise in maths axes). The hex has area 6
    lattice units (the raw shoelace sum is 12); a sector has area 1."""
    total = 0.0
    for (x1, y1), (x2, y2) in zip(polygon, [*polygon[1:], polygon[0]], strict=True):
        total += x1 * y2 - x2 * y1
    return total / 2


HEX_AREA = abs(shoelace(CORNERS))


def half_edges() -> list[tuple[Point, Point]]:
    """The 12 half-edges of the outline: edge i half 0 is Ki-Mi, half 1 is Mi-K(i+1)."""
    result = []
    for i in range(6):
        result.append((CORNERS[i], MIDPOINTS[i]))
        result.append((MIDPOINTS[i], CORNERS[(i + 1) % 6]))
    return [((float(a[0]), float(a[1])), (float(b[0]), float(b[1]))) for a, b in result]


def _cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _on_segment(p: Point, a: Point, b: Point) -> bool:
    return (_cross(a, b, p) == 0 and min(a[0], b[0]) <= p[0] <= max(a[0], b[0])
            and min(a[1], b[1]) <= p[1] <= max(a[1], b[1]))


def _segments(polygon: Sequence[Point]) -> list[tuple[Point, Point]]:
    return list(zip(polygon, [*polygon[1:], polygon[0]], strict=True))


def covers_half_edge(polygon: Sequence[Point], start: Point, end: Point) -> bool:
    """True if one side of the polygon contains the whole half-edge."""
    return any(_on_segment(start, a, b) and _on_segment(end, a, b)
               for a, b in _segments(polygon))


def _segments_touch(p: tuple[Point, Point], q: tuple[Point, Point]) -> bool:
    (a, b), (c, d) = p, q
    d1, d2 = _cross(c, d, a), _cross(c, d, b)
    d3, d4 = _cross(a, b, c), _cross(a, b, d)
    if ((d1 > 0) != (d2 > 0) and d1 != 0 and d2 != 0
            and (d3 > 0) != (d4 > 0) and d3 != 0 and d4 != 0):
        return True
    return (_on_segment(a, c, d) or _on_segment(b, c, d)
            or _on_segment(c, a, b) or _on_segment(d, a, b))


def is_simple(polygon: Sequence[Point]) -> bool:
    """No repeated vertex, no two non-neighbouring sides touching (so no holes, no pinches)."""
    if len(set(polygon)) != len(polygon) or len(polygon) < 3:
        return False
    sides = _segments(polygon)
    n = len(sides)
    for i in range(n):
        for j in range(i + 1, n):
            if j == i + 1 or (i == 0 and j == n - 1):
                continue
            if _segments_touch(sides[i], sides[j]):
                return False
    return True


def contains(polygon: Sequence[Point], point: Point) -> bool:
    """Even-odd point-in-polygon; callers sample points that lie on no side."""
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in _segments(polygon):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _sample_points() -> list[Point]:
    """A grid of points inside the hex, offset so that none lies on a half-grid line."""
    points = []
    for i in range(41):
        for j in range(81):
            p = (-1 + (i + 0.3137) / 20.5, -2 + (j + 0.2719) / 20.25)
            if contains(CORNERS, p):
                points.append(p)
    return points


SAMPLES = _sample_points()


def sector_polygon(sectors: Sequence[int]) -> list[Point]:
    """The polygon of a contiguous run of sectors (all six -> the hex itself)."""
    chosen = sorted(set(sectors))
    if len(chosen) == 6:
        return [resolve(f"K{i}") for i in range(6)]
    starts = [s for s in chosen if (s - 1) % 6 not in chosen]
    if len(starts) != 1:
        raise ValueError(f"sectors {chosen} are not one contiguous run")
    start = starts[0]
    return [NAMED["C"], *[resolve(f"K{(start + k) % 6}") for k in range(len(chosen) + 1)]]


def side_problems(polygons: list[list[Point]]) -> list[str]:
    """Everything the format requires of one side's regions; empty list = valid."""
    problems = []
    if not 1 <= len(polygons) <= 3:
        problems.append(f"{len(polygons)} regions (want 1-3)")
    for k, poly in enumerate(polygons):
        if not is_simple(poly):
            problems.append(f"region {k + 1} is not a simple polygon")
        if any(not (contains(CORNERS, p) or any(_on_segment(p, a, b)
                                                for a, b in _segments(CORNERS))) for p in poly):
            problems.append(f"region {k + 1} leaves the hex")
        for p in poly:
            on_outline = any(_on_segment(p, a, b) for a, b in _segments(CORNERS))
            if on_outline and p not in NAME_OF:
                problems.append(f"region {k + 1} meets the outline at {p}, not a corner/midpoint")
        if (p2 := [p for p in poly if p[0] * 2 != round(p[0] * 2) or p[1] * 2 != round(p[1] * 2)]):
            problems.append(f"region {k + 1} has points off the half grid: {p2}")
    area = sum(abs(shoelace(p)) for p in polygons)
    if abs(area - HEX_AREA) > 1e-9:
        problems.append(f"areas sum to {area}, hex is {HEX_AREA}")
    owners = []
    for start, end in half_edges():
        found = [k for k, poly in enumerate(polygons) if covers_half_edge(poly, start, end)]
        if len(found) != 1:
            problems.append(f"half-edge {start}-{end} owned by {len(found)} regions")
        owners.append(found[0] if found else -1)
    for k in range(len(polygons)):
        if k not in owners:
            problems.append(f"region {k + 1} owns no half-edge of the outline")
    for p in SAMPLES:
        hits = sum(contains(poly, p) for poly in polygons)
        if hits != 1:
            problems.append(f"point {p} covered {hits} times")
            break
    return problems


def crosses(polygon: list[Point]) -> bool:
    """A river band: the part owns two or more separate stretches of the outline, so it
    crosses the tile and splits the land into banks (a half-hex sea owns one stretch)."""
    owned = [covers_half_edge(polygon, *h) for h in half_edges()]
    if all(owned):
        return False
    return sum(1 for k in range(12) if owned[k] and not owned[k - 1]) >= 2


def full_edges_owned(polygon: list[Point]) -> set[int]:
    """Tile edges (0-5) whose both halves belong to this polygon."""
    hs = half_edges()
    return {i for i in range(6)
            if covers_half_edge(polygon, *hs[2 * i]) and covers_half_edge(polygon, *hs[2 * i + 1])}


# --------------------------------------------------------------------------------------
# Template library: region layouts per (land count, water kind).
# --------------------------------------------------------------------------------------

Shape = tuple[int, ...] | tuple[PointSpec, ...]  # sector run, or polygon of points


@dataclass(frozen=True)
class Template:
    """A layout of one tile side. ``water`` is the index of the water part, if any."""

    name: str
    cls: str  # L1 L2 L3 | W1 (water + 1 land) W2 (water + 2 land, no crossing) | R2 (river)
    kind: str  # "sectors" or "polygon" (applies to every part)
    parts: tuple[Shape, ...]
    water: int | None = None

    @property
    def land_count(self) -> int:
        return len(self.parts) - (self.water is not None)


# Interior points must stay on the half grid under every rotation: (a/2, b/2) with a + b
# even does, (0, 0.5) does not (it would turn into quarter points).
NE: tuple[float, float] = (0.5, -0.5)
NW: tuple[float, float] = (-0.5, -0.5)
SW: tuple[float, float] = (-0.5, 0.5)
SE: tuple[float, float] = (0.5, 0.5)

TEMPLATES: tuple[Template, ...] = (
    # -- one land region
    Template("whole", "L1", "sectors", ((0, 1, 2, 3, 4, 5),)),
    # -- two land regions
    Template("halves", "L2", "sectors", ((0, 1, 2), (3, 4, 5))),
    Template("third", "L2", "sectors", ((0, 1), (2, 3, 4, 5))),
    Template("midline", "L2", "polygon", (("M0", "K1", "K2", "K3", "M3"),
                                          ("M3", "K4", "K5", "K0", "M0"))),
    Template("slant", "L2", "polygon", (("K0", "K1", "K2", "K3", "M3"), ("M3", "K4", "K5", "K0"))),
    Template("elbow", "L2", "polygon", (("C", "M0", "K1", "K2", "M2"),
                                        ("C", "M2", "K3", "K4", "K5", "K0", "M0"))),
    Template("wave", "L2", "polygon", (("M0", "K1", "K2", "K3", "M3", SW, NE),
                                       ("M3", "K4", "K5", "K0", "M0", NE, SW))),
    Template("bulge", "L2", "polygon", (("M5", "K0", "K1", "M1", NW, SW),
                                        ("M1", "K2", "K3", "K4", "K5", "M5", SW, NW))),
    # -- three land regions
    Template("thirds", "L3", "sectors", ((0, 1), (2, 3), (4, 5))),
    Template("fan", "L3", "sectors", ((0,), (1, 2), (3, 4, 5))),
    Template("tri", "L3", "polygon", (("C", "M0", "K1", "K2", "M2"), ("C", "M2", "K3", "K4", "M4"),
                                      ("C", "M4", "K5", "K0", "M0"))),
    Template("kite", "L3", "polygon", (("C", "K0", "K1", "K2", "M2"), ("C", "M2", "K3", "K4", "M4"),
                                       ("C", "M4", "K5", "K0"))),
    Template("bands", "L3", "polygon", (("K1", "K2", "K3", NW, NE),
                                        ("K0", "K1", NE, NW, "K3", "K4", SW, SE),
                                        ("K4", "K5", "K0", SE, SW))),
    Template("spoke", "L3", "polygon", (("K4", "K5", "K0", "K1", "C"), ("C", "K1", "K2", "M2"),
                                        ("C", "M2", "K3", "K4"))),
    Template("tee", "L3", "polygon", (("M5", "K0", "K1", "M1", SE), ("M1", "K2", "K3", "M3", SE),
                                      ("M3", "K4", "K5", "M5", SE))),
    # -- water + one land
    Template("sea_half", "W1", "sectors", ((0, 1, 2), (3, 4, 5)), water=0),
    Template("shore", "W1", "polygon", (("M5", "K0", "K1", "M1"),
                                        ("M1", "K2", "K3", "K4", "K5", "M5")), water=0),
    # -- water + two land, water not crossing the tile
    Template("coast", "W2", "polygon", (("C", "M5", "K0", "K1", "M1"),
                                        ("C", "M1", "K2", "K3", "M3"),
                                        ("C", "M3", "K4", "K5", "M5")), water=0),
    Template("pond", "W2", "sectors", ((0,), (1, 2, 3), (4, 5)), water=0),
    Template("sea_third", "W2", "sectors", ((0, 1), (2, 3), (4, 5)), water=0),
    Template("bay", "W2", "polygon", (("K0", "K1", NW, SW), ("K1", "K2", "K3", "M3", SW, NW),
                                      ("M3", "K4", "K5", "K0", SW)), water=0),
    # -- river bands: water owning two non-adjacent edges, a land bank on each side
    Template("river", "R2", "polygon", (("K0", "K1", NE, NW, "K3", "K4", SW, SE),
                                        ("K1", "K2", "K3", NW, NE), ("K4", "K5", "K0", SE, SW)),
             water=0),
    Template("broad_river", "R2", "polygon", (("K0", "K1", "K3", "K4"), ("K1", "K2", "K3"),
                                              ("K4", "K5", "K0")), water=0),
    Template("bend", "R2", "polygon", (("K0", "K1", "C", "K2", "K3", SW), ("C", "K1", "K2"),
                                       ("K3", "K4", "K5", "K0", SW)), water=0),
)
CLASSES = ("L1", "L2", "L3", "W1", "W2", "R2")
CLASS_LAND = {"L1": 1, "L2": 2, "L3": 3, "W1": 1, "W2": 2, "R2": 2}


def _sector_ints(shape: Shape) -> list[int]:
    return [s for s in shape if isinstance(s, int)]


def _point_specs(shape: Shape) -> list[PointSpec]:
    return [s for s in shape if not isinstance(s, int)]


def rotate_shape(shape: Shape, kind: str, steps: int) -> Shape:
    """Turn a part by 60 degrees x steps, keeping point names where they exist."""
    if kind == "sectors":
        return tuple(sorted((s + steps) % 6 for s in _sector_ints(shape)))
    out: list[PointSpec] = []
    for spec in _point_specs(shape):
        p = rotate_point(resolve(spec), steps)
        out.append(NAME_OF.get(p, p))
    return tuple(out)


def shape_polygon(shape: Shape, kind: str) -> list[Point]:
    if kind == "sectors":
        return sector_polygon(_sector_ints(shape))
    return [resolve(s) for s in _point_specs(shape)]


def _canonical(polygon: Sequence[Point]) -> frozenset[tuple[Point, Point]]:
    """A polygon as its set of unit steps along its sides, ignoring start, direction and
    collinear vertices, so equal shapes compare equal however they were written."""
    steps: set[tuple[Point, Point]] = set()
    for a, b in _segments(polygon):
        n = int(max(abs(b[0] - a[0]), abs(b[1] - a[1])) * 2)
        pts = [(a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n) for k in range(n + 1)]
        steps.update((min(a2, b2), max(a2, b2)) for a2, b2 in itertools.pairwise(pts))
    return frozenset(steps)


def identify_layout(polygons: list[list[Point]], water: list[bool]) -> str:
    """Name the template (and rotation) a side's layout comes from, e.g. ``river@2``."""
    wanted = sorted((w, sorted(_canonical(p))) for p, w in zip(polygons, water, strict=True))
    for t in TEMPLATES:
        for steps in range(6):
            polys = [shape_polygon(rotate_shape(s, t.kind, steps), t.kind) for s in t.parts]
            got = sorted((k == t.water, sorted(_canonical(p))) for k, p in enumerate(polys))
            if got == wanted:
                return f"{t.name}@{steps}"
    return "custom"


def check_templates() -> None:
    """Every template, in every rotation, must be a valid side: fail fast otherwise."""
    for t in TEMPLATES:
        for steps in range(6):
            polys = [shape_polygon(rotate_shape(s, t.kind, steps), t.kind) for s in t.parts]
            problems = side_problems(polys)
            if problems:
                raise SystemExit(f"template {t.name} rotation {steps}: {problems}")
            if t.water is not None:
                edges = full_edges_owned(polys[t.water])
                crossing = crosses(polys[t.water])
                if not edges or crossing != (t.cls == "R2"):
                    raise SystemExit(f"template {t.name}: water edges {sorted(edges)} "
                                     f"do not fit class {t.cls}")


# --------------------------------------------------------------------------------------
# Stage 1: land-region counts and water per tile side.
# --------------------------------------------------------------------------------------

@dataclass
class CountGoals:
    """What stage 1 aims at on one side of the tiles."""

    side: str
    water_range: tuple[int, int]
    river_range: tuple[int, int]
    allowed: tuple[str, ...]
    max_single: int  # one-region tiles are dull: allow only a few
    # the rules say a hex averages about 2 regions (brief section 1); water parts count here
    max_regions_per_tile: float = 2.6


SURFACE_GOALS = CountGoals("surface", (10, 12), (5, 6), CLASSES, 1)
UNDERGROUND_GOALS = CountGoals("underground", (5, 6), (4, 5), ("L1", "L2", "L3", "W2", "R2"), 1)


def _set_water_bounds(tiles: int) -> tuple[int, int]:
    """Water parts a set should hold: enough to build a river or lake, not a drowned board."""
    return max(2, round(0.25 * tiles)), round(0.6 * tiles)


def count_cost(classes: dict[str, str], sets: list[TileSet], goals: CountGoals) -> float:
    """Penalty of a class assignment: hard windows weigh 100, soft aims weigh ~1."""
    cost = 0.0
    for ts in sets:
        land = sum(CLASS_LAND[classes[t]] for t in ts.letters)
        per = land / ts.players
        lo, hi = LAND_WINDOW
        if per < lo or per > hi:
            cost += 100 * (1 + max(lo - per, per - hi))
        cost += 4 * (per - AIM_PER_PLAYER) ** 2
        if goals.side == "surface":
            water = sum(classes[t][0] in "WR" for t in ts.letters)
            wlo, whi = _set_water_bounds(len(ts.letters))
            cost += 30 * max(0, wlo - water, water - whi)
    values = Counter(classes.values())
    water = sum(n for c, n in values.items() if c[0] in "WR")
    rivers = values["R2"]
    for got, (lo, hi) in ((water, goals.water_range), (rivers, goals.river_range)):
        cost += 100 * max(0, lo - got, got - hi)
    cost += 50 * max(0, values["L1"] + values["W1"] - goals.max_single)
    regions = sum(CLASS_LAND[c] + (c[0] in "WR") for c in classes.values())
    cost += 100 * max(0.0, regions - goals.max_regions_per_tile * len(LETTERS))
    if goals.side == "surface":
        first = next(s for s in sets if s.scenario == 1 and s.players == 2)
        cost += 100 * max(0, 3 - sum(classes[t][0] in "WR" for t in first.letters))
        river_2p = next(s for s in sets if s.scenario == 2 and s.players == 2)
        cost += 50 * max(0, 3 - sum(classes[t] == "R2" for t in river_2p.letters))
    return cost


def anneal_counts(sets: list[TileSet], goals: CountGoals, rng: random.Random,
                  steps: int = 20000) -> dict[str, str]:
    """Simulated annealing over tile classes; the problem is tiny, so the full cost is
    recomputed at each step. Moves: change one tile's class, or swap two tiles' classes."""
    mine = [s for s in sets if s.side == goals.side]
    classes = {t: "L2" for t in LETTERS}
    cost = count_cost(classes, mine, goals)
    best, best_cost = dict(classes), cost
    for step in range(steps):
        temp = 5.0 * (1 - step / steps) + 0.01
        tile = rng.choice(LETTERS)
        if rng.random() < 0.5:
            changed = {tile: classes[tile]}
            classes[tile] = rng.choice(goals.allowed)
        else:
            other = rng.choice(LETTERS)
            changed = {tile: classes[tile], other: classes[other]}
            classes[tile], classes[other] = classes[other], classes[tile]
        new_cost = count_cost(classes, mine, goals)
        if new_cost <= cost or rng.random() < math.exp((cost - new_cost) / temp):
            cost = new_cost
            if cost < best_cost:
                best, best_cost = dict(classes), cost
        else:
            classes.update(changed)
    return best


# --------------------------------------------------------------------------------------
# Stage 2: shapes from the template library.
# --------------------------------------------------------------------------------------

@dataclass
class Region:
    """One region being designed."""

    tile: str
    side: str
    index: int
    kind: str
    shape: Shape
    water: bool
    terrain: str = "water"
    balance: tuple[str, ...] = ()
    lost: bool = False

    @property
    def symbols(self) -> list[str]:
        return [*self.balance, *([LOST] if self.lost else [])]


def assign_shapes(classes: dict[str, str], side: str, rng: random.Random,
                  ) -> dict[str, list[Region]]:
    """Deal templates to tiles class by class, cycling a shuffled pool so every shape gets
    used, with a random rotation so neighbouring boards do not repeat one look."""
    pools: dict[str, list[Template]] = {}
    for cls in CLASSES:
        pool = [t for t in TEMPLATES if t.cls == cls]
        rng.shuffle(pool)
        pools[cls] = pool
    used: Counter[str] = Counter()
    result: dict[str, list[Region]] = {}
    for tile in LETTERS:
        cls = classes[tile]
        pool = pools[cls]
        template = pool[used[cls] % len(pool)]
        used[cls] += 1
        steps = rng.randrange(6)
        result[tile] = [
            Region(tile, side, k, template.kind, rotate_shape(part, template.kind, steps),
                   water=(k == template.water))
            for k, part in enumerate(template.parts)
        ]
    return result


# --------------------------------------------------------------------------------------
# Stage 3: terrains and symbols.
# --------------------------------------------------------------------------------------

Feature = str  # a terrain name, a balance symbol, or "lost_tribe"


def features(region: Region) -> list[Feature]:
    if region.water:
        return []
    return [region.terrain, *region.balance, *([LOST] if region.lost else [])]


def feature_term(name: Feature, got: int, land: int) -> float:
    """Penalty of one feature's count in one set of ``land`` land regions: 100+ outside the
    hard window, plus the squared distance to the aim (mountains aim a little low)."""
    if name == LOST:
        lo, hi = LOST_WINDOW[0] * land, LOST_WINDOW[1] * land
        hard = 100 * (1 + max(lo - got, got - hi)) if got < lo or got > hi else 0.0
        return hard + (got - LOST_AIM * land) ** 2
    share = land / 5
    aim = share - (MOUNTAIN_BIAS if name == "mountain" else 0.0)
    excess = abs(got - share) - SHARE_TOLERANCE
    return (100 * (1 + excess) if excess > 0 else 0.0) + (got - aim) ** 2


SCORED: tuple[Feature, ...] = (*LAND, *BALANCE, LOST)


@dataclass
class SetState:
    """Running feature counts of one tile set, so a move re-scores only what it touched."""

    tileset: TileSet
    land: int
    counts: Counter[str] = field(default_factory=Counter)

    def cost(self) -> float:
        return sum(feature_term(name, self.counts[name], self.land) for name in SCORED)


def tile_cost(regions: list[Region]) -> float:
    """Per-tile taste: distinct terrains on a side (else two regions read as one), a
    lost-tribe mark on a side with two or more non-mountain regions (as scenario 9 asks of
    tiles placed in play), not every region marked, symbols spread over the regions."""
    land = [r for r in regions if not r.water]
    cost = 0.0
    terrains = [r.terrain for r in land]
    cost += 100 * (len(terrains) - len(set(terrains)))
    for r in land:
        if r.lost and r.terrain == "mountain":
            cost += 1000
        if len(r.balance) == 2 and r.terrain != "mountain":
            cost += 1000
    non_mountain = [r for r in land if r.terrain != "mountain"]
    lost = sum(r.lost for r in land)
    if len(non_mountain) >= 2 and lost == 0:
        cost += 3
    if len(land) >= 2 and lost == len(land):
        cost += 2
    bare = sum(1 for r in land if not r.balance)
    if len(land) >= 2 and bare == 0:
        cost += 0.5
    if len(land) >= 2 and bare == len(land):
        cost += 0.5
    return cost


def _doubles_cost(doubles: int) -> float:
    """Cavern+mine mountains: about three per face, so most scenario sets hold one, as each
    official board does."""
    return 5 * (doubles - 3) ** 2


BALANCE_CHOICES: tuple[tuple[str, ...], ...] = ((), ("cavern",), ("mine",), ("magic",),
                                                ("cavern", "mine"))


def feature_cost(tiles: dict[str, list[Region]], sets: list[TileSet]) -> float:
    """The full stage-3 objective, computed from scratch (checks the incremental one)."""
    side = next(iter(tiles.values()))[0].side
    total = 0.0
    for ts in (s for s in sets if s.side == side):
        state = SetState(ts, sum(1 for t in ts.letters for r in tiles[t] if not r.water))
        for t in ts.letters:
            for r in tiles[t]:
                state.counts.update(features(r))
        total += state.cost()
    total += sum(tile_cost(tiles[t]) for t in LETTERS)
    return total + _doubles_cost(sum(len(r.balance) == 2 for t in LETTERS for r in tiles[t]))


def anneal_features(tiles: dict[str, list[Region]], sets: list[TileSet], rng: random.Random,
                    steps: int = 60000) -> float:
    """Local search over terrain / symbols / lost tribe with incremental set scores; leaves
    the best assignment found on the regions and returns its cost."""
    side = next(iter(tiles.values()))[0].side
    mine = [s for s in sets if s.side == side]
    regions = [r for t in LETTERS for r in tiles[t] if not r.water]
    # a balanced starting deal: terrains and symbols round-robin in a shuffled order
    order = list(regions)
    rng.shuffle(order)
    for k, r in enumerate(order):
        r.terrain = LAND[k % 5]
        r.balance = (BALANCE[k % 4],) if k % 4 < 3 else ()
        r.lost = r.terrain != "mountain" and rng.random() < 0.45
    states = []
    for ts in mine:
        state = SetState(ts, sum(1 for t in ts.letters for r in tiles[t] if not r.water))
        for t in ts.letters:
            for r in tiles[t]:
                state.counts.update(features(r))
        states.append(state)
    by_tile: dict[str, list[int]] = {t: [k for k, s in enumerate(states) if t in s.tileset.letters]
                                     for t in LETTERS}
    tile_costs = {t: tile_cost(tiles[t]) for t in LETTERS}
    doubles = sum(len(r.balance) == 2 for r in regions)
    cost = feature_cost(tiles, sets)
    best_cost, best = cost, [(r.terrain, r.balance, r.lost) for r in regions]
    for step in range(steps):
        temp = 3.0 * (1 - step / steps) + 0.02
        moved = _propose(rng, regions)
        snapshot = [(r, r.terrain, r.balance, r.lost) for r in moved]
        _mutate(rng, moved)
        for r in moved:
            if r.terrain == "mountain":
                r.lost = False
            elif len(r.balance) == 2:
                r.balance = (r.balance[0],)
        per_tile = _per_tile_change(snapshot, moved)
        touched_tiles = set(per_tile)
        diffs = {k: _set_change(per_tile, states[k].tileset.letters)
                 for k in {k for t in touched_tiles for k in by_tile[t]}}
        delta = 0.0
        for k, diff in diffs.items():
            st = states[k]
            for f, d in diff.items():
                got = st.counts[f]
                delta += feature_term(f, got + d, st.land) - feature_term(f, got, st.land)
        new_tile = {t: tile_cost(tiles[t]) for t in touched_tiles}
        delta += sum(new_tile[t] - tile_costs[t] for t in touched_tiles)
        doubles_after = doubles + sum(len(r.balance) == 2 for r in moved) - sum(
            len(balance) == 2 for _, _, balance, _ in snapshot)
        delta += _doubles_cost(doubles_after) - _doubles_cost(doubles)
        if delta <= 0 or rng.random() < math.exp(-delta / temp):
            doubles = doubles_after
            tile_costs.update(new_tile)
            for k, diff in diffs.items():
                states[k].counts.update(diff)
            cost += delta
            if cost < best_cost - 1e-9:
                best_cost, best = cost, [(r.terrain, r.balance, r.lost) for r in regions]
        else:
            for r, terrain, balance, lost in snapshot:
                r.terrain, r.balance, r.lost = terrain, balance, lost
    for r, (terrain, balance, lost) in zip(regions, best, strict=True):
        r.terrain, r.balance, r.lost = terrain, balance, lost
    return best_cost


def _per_tile_change(snapshot: list[tuple[Region, str, tuple[str, ...], bool]],
                     moved: list[Region]) -> dict[str, Counter[str]]:
    """Feature change per tile of a move (a swap may span two tiles, and a set holding only
    one of them sees only that tile's part of the change)."""
    out: dict[str, Counter[str]] = {}
    for (r, terrain, balance, lost), now in zip(snapshot, moved, strict=True):
        old = Region(r.tile, r.side, r.index, r.kind, r.shape, r.water, terrain, balance, lost)
        c = out.setdefault(r.tile, Counter())
        c.update(features(now))
        c.subtract(features(old))
    return out


def _set_change(per_tile: dict[str, Counter[str]], letters: frozenset[str]) -> dict[str, int]:
    total: Counter[str] = Counter()
    for tile, c in per_tile.items():
        if tile in letters:
            total.update(c)
    return {f: d for f, d in total.items() if d}


def _propose(rng: random.Random, regions: list[Region]) -> list[Region]:
    """One region, or two for a swap."""
    first = rng.choice(regions)
    if rng.random() < 0.4 and len(regions) > 1:
        second = rng.choice(regions)
        while second is first:
            second = rng.choice(regions)
        return [first, second]
    return [first]


def _mutate(rng: random.Random, moved: list[Region]) -> None:
    if len(moved) == 2:
        a, b = moved
        what = rng.randrange(3)
        if what == 0:
            a.terrain, b.terrain = b.terrain, a.terrain
        elif what == 1:
            a.balance, b.balance = b.balance, a.balance
        else:
            a.lost, b.lost = b.lost, a.lost
        return
    r = moved[0]
    what = rng.randrange(3)
    if what == 0:
        r.terrain = rng.choice(LAND)
    elif what == 1:
        r.balance = rng.choice(BALANCE_CHOICES)
    else:
        r.lost = not r.lost


# --------------------------------------------------------------------------------------
# Output and report.
# --------------------------------------------------------------------------------------

ABOUT = (
    "These faces are Realms Studio's own design: the rule texts list the 26 double-sided "
    "Realms tiles A-Z and how many regions a hex holds (1 to 3), but not what is printed on "
    "them, so the project ships this catalogue and documents it as its own. It was generated "
    "by tools/design_catalogue.py (fixed seed) in three stages: land-region counts and water "
    "per tile side chosen so that every booklet scenario's tile set gives about 9 land regions "
    "per player (7.5-10.5 in every set of scenarios 1-8 and 10); region shapes dealt from a "
    "library of sector fans, chords, bends, coasts and river bands; then terrains, "
    "cavern/mine/magic symbols and lost-tribe marks balanced by local search so that in every "
    "set each of the five land terrains and each symbol covers about one fifth of the land "
    "regions (within 2) and lost-tribe marks about 0.38 of them, never on mountains or water, "
    "with printed mountains kept at the low end because mountain overlays are added per "
    "scenario. Underground faces use the same five land terrain names plus water for "
    "underground rivers. See docs/catalogue.md."
)


def shape_json(region: Region) -> Json:
    if region.kind == "sectors":
        return {"sectors": list(region.shape)}
    pts: list[Any] = []
    for spec in region.shape:
        if isinstance(spec, str):
            pts.append(spec)
        else:
            assert isinstance(spec, tuple)
            pts.append([spec[0], spec[1]])
    return {"polygon": pts}


def catalogue_json(design: dict[str, dict[str, list[Region]]]) -> Json:
    tiles: Json = {}
    for tile in LETTERS:
        entry: Json = {}
        for side in SIDES:
            prefix = side[0]
            entry[side] = [
                {"id": f"{prefix}{k + 1}", "terrain": r.terrain, "symbols": r.symbols,
                 **shape_json(r)}
                for k, r in enumerate(design[side][tile])
            ]
        tiles[tile] = entry
    return {"catalogue_version": 1, "id": "realms-studio-standard",
            "name": "Realms Studio standard tiles", "about": ABOUT, "tiles": tiles}


def dumps(data: Json) -> str:
    """Stable JSON with one region per line: diff-friendly and readable."""
    head = {k: v for k, v in data.items() if k != "tiles"}
    lines = ["{"]
    for key, value in head.items():
        lines.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)},")
    lines.append('  "tiles": {')
    tiles = data["tiles"]
    assert isinstance(tiles, dict)
    for t_index, (tile, sides) in enumerate(tiles.items()):
        lines.append(f"    {json.dumps(tile)}: {{")
        for s_index, (side, regions) in enumerate(sides.items()):
            lines.append(f"      {json.dumps(side)}: [")
            for r_index, region in enumerate(regions):
                comma = "," if r_index < len(regions) - 1 else ""
                lines.append(f"        {json.dumps(region)}{comma}")
            lines.append("      ]" + ("," if s_index < len(sides) - 1 else ""))
        lines.append("    }" + ("," if t_index < len(tiles) - 1 else ""))
    lines.append("  }")
    lines.append("}")
    text = "\n".join(lines) + "\n"
    assert json.loads(text) == data
    return text


def parse_side(spec: list[Json]) -> list[list[Point]]:
    """Polygons of one side of a written catalogue (reads back what we wrote)."""
    polys = []
    for region in spec:
        if "sectors" in region:
            polys.append(sector_polygon(region["sectors"]))
        else:
            polys.append([resolve(p if isinstance(p, str) else (p[0], p[1]))
                          for p in region["polygon"]])
    return polys


def rule_problems(data: Json) -> list[str]:
    """Geometry and symbol rules of the format, checked on the written data."""
    problems = []
    tiles = data["tiles"]
    assert isinstance(tiles, dict)
    for tile, sides in tiles.items():
        for side, regions in sides.items():
            where = f"{tile}/{side}"
            ids = [r["id"] for r in regions]
            if ids != [f"{side[0]}{k + 1}" for k in range(len(regions))]:
                problems.append(f"{where}: ids {ids}")
            problems += [f"{where}: {p}" for p in side_problems(parse_side(regions))]
            for r in regions:
                sym, terrain = r["symbols"], r["terrain"]
                balance = [s for s in sym if s in BALANCE]
                if terrain == "water" and sym:
                    problems.append(f"{where}/{r['id']}: symbols on water")
                if LOST in sym and terrain == "mountain":
                    problems.append(f"{where}/{r['id']}: lost tribe on a mountain")
                if len(sym) > 2 or (len(balance) == 2 and (terrain != "mountain"
                                                           or set(balance) != {"cavern", "mine"})):
                    problems.append(f"{where}/{r['id']}: symbols {sym}")
                if "sectors" in r:
                    sector_polygon(r["sectors"])
    return problems


@dataclass
class SetReport:
    tileset: TileSet
    land: int
    water: int
    rivers: int
    counts: Counter[str]

    def failures(self) -> list[str]:
        n, p = self.land, self.tileset.players
        out = []
        if not LAND_WINDOW[0] <= n / p <= LAND_WINDOW[1]:
            out.append(f"land/player {n / p:.2f}")
        for name in (*LAND, *BALANCE):
            if abs(self.counts[name] - n / 5) > SHARE_TOLERANCE:
                out.append(f"{name} {self.counts[name]} vs {n / 5:.1f}")
        if not LOST_WINDOW[0] * n <= self.counts[LOST] <= LOST_WINDOW[1] * n:
            out.append(f"lost tribes {self.counts[LOST]} ({self.counts[LOST] / n:.2f})")
        if self.tileset.side == "surface":
            lo, hi = _set_water_bounds(len(self.tileset.letters))
            if not lo <= self.water <= hi:
                out.append(f"water parts {self.water} outside {lo}-{hi}")
        return out


def water_info(regions: list[Json]) -> tuple[int, int]:
    """(water parts, river bands) on one side."""
    polys = parse_side(regions)
    water = rivers = 0
    for r, poly in zip(regions, polys, strict=True):
        if r["terrain"] != "water":
            continue
        water += 1
        if crosses(poly):
            rivers += 1
    return water, rivers


def set_reports(data: Json, sets: list[TileSet]) -> list[SetReport]:
    tiles = data["tiles"]
    assert isinstance(tiles, dict)
    reports = []
    for ts in sets:
        counts: Counter[str] = Counter()
        land = water = rivers = 0
        for t in ts.letters:
            regions = tiles[t][ts.side]
            w, rv = water_info(regions)
            water, rivers = water + w, rivers + rv
            for r in regions:
                if r["terrain"] == "water":
                    continue
                land += 1
                counts[r["terrain"]] += 1
                counts.update(r["symbols"])
        reports.append(SetReport(ts, land, water, rivers, counts))
    return reports


def report_table(reports: list[SetReport]) -> str:
    """Markdown table: one row per scenario set (also pasted into docs/catalogue.md)."""
    head = ("| set | side | tiles | land | land/pl | farm | forest | hill | swamp | mount "
            "| cavern | mine | magic | lost (share) | water (rivers) | ok |")
    rule = "|" + "---|" * 16
    rows = [head, rule]
    for rep in reports:
        c, n = rep.counts, rep.land
        fails = rep.failures()
        mark = "yes" if not fails else "NO: " + "; ".join(fails)
        rows.append(
            f"| {rep.tileset.label} | {rep.tileset.side[:5]} | {len(rep.tileset.letters)} | {n} "
            f"| {n / rep.tileset.players:.2f} "
            + " ".join(f"| {c[t]}" for t in LAND) + " "
            + " ".join(f"| {c[s]}" for s in BALANCE)
            + f" | {c[LOST]} ({c[LOST] / n:.2f}) | {rep.water} ({rep.rivers}) | {mark} |")
    return "\n".join(rows)


def ranges_line(reports: list[SetReport]) -> str:
    """Worst deviations over all sets, in units of regions."""
    dev_t = max(abs(r.counts[t] - r.land / 5) for r in reports for t in LAND)
    dev_s = max(abs(r.counts[s] - r.land / 5) for r in reports for s in BALANCE)
    per = [r.land / r.tileset.players for r in reports]
    lost = [r.counts[LOST] / r.land for r in reports]
    return (f"land/player {min(per):.2f}-{max(per):.2f}; worst terrain deviation {dev_t:.1f}; "
            f"worst symbol deviation {dev_s:.1f}; lost-tribe share {min(lost):.2f}-{max(lost):.2f}")


def tile_table(data: Json) -> str:
    """Markdown table of the tiles, for docs/catalogue.md."""

    def describe(regions: list[Json]) -> str:
        parts = []
        for r in regions:
            sym = "+".join(str(s).replace("_", " ") for s in r["symbols"])
            parts.append(f"{r['terrain']}" + (f" ({sym})" if sym else ""))
        return "; ".join(parts)

    tiles = data["tiles"]
    assert isinstance(tiles, dict)
    shapes = {side: layouts(data, side) for side in SIDES}
    rows = ["| tile | surface layout | surface regions (s1, s2, s3) | underground layout "
            "| underground regions (u1, u2, u3) |", "|---|---|---|---|---|"]
    for t in LETTERS:
        rows.append(f"| {t} | {shapes['surface'][t]} | {describe(tiles[t]['surface'])} "
                    f"| {shapes['underground'][t]} | {describe(tiles[t]['underground'])} |")
    return "\n".join(rows)


def both_worlds_table(data: Json) -> str:
    """Scenarios 11 and 12 play both sides at once: the booklet's choice, shown for
    information (about twice 9 land regions per player, as two realms are in play)."""
    tiles = data["tiles"]
    assert isinstance(tiles, dict)
    rows = ["| set | tiles | surface land | underground land | land/player (both) | water parts |",
            "|---|---|---|---|---|---|"]
    for number, steps in BOTH_WORLDS_STEPS.items():
        for players, letters in _cumulative(steps):
            land = {side: sum(1 for t in letters for r in tiles[t][side] if r["terrain"] != "water")
                    for side in SIDES}
            water = sum(water_info(tiles[t][side])[0] for t in letters for side in SIDES)
            rows.append(f"| {number}/{players}p | {len(letters)} | {land['surface']} "
                        f"| {land['underground']} | {sum(land.values()) / players:.2f} | {water} |")
    return "\n".join(rows)


def taste_line(data: Json, side: str) -> str:
    """The per-tile design preferences of stage 3, as counts (0 is the aim for the first
    two; about 2 for the third)."""
    tiles = data["tiles"]
    assert isinstance(tiles, dict)
    repeated = unmarked = doubles = 0
    for t in LETTERS:
        land = [r for r in tiles[t][side] if r["terrain"] != "water"]
        terrains = [r["terrain"] for r in land]
        repeated += len(terrains) != len(set(terrains))
        non_mountain = [r for r in land if r["terrain"] != "mountain"]
        if len(non_mountain) >= 2 and not any(LOST in r["symbols"] for r in land):
            unmarked += 1
        doubles += sum(1 for r in land if len([x for x in r["symbols"] if x in BALANCE]) == 2)
    return (f"{side}: sides repeating a terrain {repeated}; sides with 2+ non-mountain regions "
            f"and no lost-tribe mark {unmarked}; cavern+mine mountains {doubles}")


def layouts(data: Json, side: str) -> dict[str, str]:
    tiles = data["tiles"]
    assert isinstance(tiles, dict)
    return {t: identify_layout(parse_side(tiles[t][side]),
                               [r["terrain"] == "water" for r in tiles[t][side]])
            for t in LETTERS}


DOC_PATH = REPO / "docs" / "catalogue.md"
DOC_BEGIN = "<!-- BEGIN generated by tools/design_catalogue.py -->"
DOC_END = "<!-- END generated -->"


def update_doc(data: Json, reports: list[SetReport], path: Path = DOC_PATH) -> bool:
    """Refresh the generated block of docs/catalogue.md so the doc cannot drift from the
    data. Returns False when the doc or its markers are missing."""
    if not path.exists():
        return False
    text = path.read_text(encoding="utf-8")
    if DOC_BEGIN not in text or DOC_END not in text:
        return False
    block = "\n\n".join([
        "### Tiles", tile_table(data),
        "### Per-scenario tallies (land regions only)",
        "Columns: land regions; land per player; count of each terrain; regions carrying each "
        "symbol; lost-tribe marks (share of land); water parts (of which river bands crossing "
        "the tile); whether every target holds.",
        report_table(reports), "All sets: " + ranges_line(reports) + ".",
        taste_line(data, "surface") + ".  \n" + taste_line(data, "underground") + ".",
        "### Both worlds (scenarios 11 and 12, for information)", both_worlds_table(data),
    ])
    head, rest = text.split(DOC_BEGIN, 1)
    tail = rest.split(DOC_END, 1)[1]
    path.write_text(f"{head}{DOC_BEGIN}\n\n{block}\n\n{DOC_END}{tail}", encoding="utf-8")
    return True


def loader_check(path: Path) -> str:
    """Run the project's own loader (schema + coverage) on the file, if it is importable."""
    sys.path.insert(0, str(REPO))
    try:
        from editor.model.catalogue import load_catalogue
    except Exception as exc:  # the loader is optional here
        return f"loader not available ({exc.__class__.__name__}); pure-python checks only"
    try:
        catalogue = load_catalogue(path)
    except Exception as exc:  # report whatever the loader says
        return f"LOADER REJECTED THE FILE: {exc}"
    return f"editor.model.catalogue.load_catalogue: OK ({len(catalogue.tiles)} tiles)"


# --------------------------------------------------------------------------------------
# Main.
# --------------------------------------------------------------------------------------

def design(seed: int = SEED) -> tuple[Json, dict[str, dict[str, str]]]:
    """Run the three stages for both sides; returns the catalogue and the classes chosen."""
    rng = random.Random(seed)
    sets = scenario_sets()
    result: dict[str, dict[str, list[Region]]] = {}
    chosen: dict[str, dict[str, str]] = {}
    for goals in (SURFACE_GOALS, UNDERGROUND_GOALS):
        classes = anneal_counts(sets, goals, rng)
        chosen[goals.side] = classes
        shapes = assign_shapes(classes, goals.side, rng)
        anneal_features(shapes, sets, rng)
        result[goals.side] = shapes
    return catalogue_json(result), chosen


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--check-only", action="store_true",
                        help="do not design: check and report an existing catalogue file")
    parser.add_argument("--markdown", action="store_true", help="also print the tile table")
    args = parser.parse_args(argv)
    check_templates()
    if args.check_only:
        data = json.loads(args.out.read_text(encoding="utf-8"))
    else:
        data, chosen = design()
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(dumps(data), encoding="utf-8")
        for side, classes in chosen.items():
            print(f"{side} classes: " + " ".join(f"{t}:{classes[t]}" for t in LETTERS))
    problems = rule_problems(data)
    reports = set_reports(data, scenario_sets())
    print(f"wrote {args.out}" if not args.check_only else f"checked {args.out}")
    print(f"geometry and symbol rules: {problems or 'OK'}")
    print(loader_check(args.out))
    tiles = data["tiles"]
    assert isinstance(tiles, dict)
    for side in SIDES:
        info = {t: water_info(tiles[t][side]) for t in LETTERS}
        wet = [t for t in LETTERS if info[t][0]]
        rivers = [t for t in LETTERS if info[t][1]]
        land = sum(1 for t in LETTERS for r in tiles[t][side] if r["terrain"] != "water")
        print(f"{side}: {land} land regions; water on {len(wet)} sides ({''.join(wet)}), "
              f"river bands on {len(rivers)} ({''.join(rivers)})")
    for side in SIDES:
        print(taste_line(data, side))
        print(f"{side} layouts: " + " ".join(f"{t}:{v}" for t, v in layouts(data, side).items()))
    print()
    print(report_table(reports))
    print()
    print("all sets: " + ranges_line(reports))
    print()
    print(both_worlds_table(data))
    failing = [r for r in reports if r.failures()]
    hard = [r for r in failing if r.tileset.scenario in MUST_HOLD]
    print(f"sets failing a target: {len(failing)} (of which must-hold: {len(hard)})")
    if args.markdown:
        print()
        print(tile_table(data))
    if not args.check_only and args.out == DEFAULT_OUT:
        print("docs/catalogue.md generated block " + ("refreshed" if update_doc(data, reports)
                                                      else "not found (left alone)"))
    return 1 if problems or hard else 0


if __name__ == "__main__":
    raise SystemExit(main())
