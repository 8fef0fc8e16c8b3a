"""Label placement shared by the editor canvas and the printable boards (pure, no Qt).

It works like a map labelling engine (QGIS's PAL). Each region offers candidate
positions inside its polygon, nearest its most interior point (``polylabel``) first.
Labels are placed greedily by priority: fixed obstacles (tile letters) first, then every
region name, then every symbol chip, then every marker. Each label takes the nearest
candidate that stays inside its region, clear of the border, and overlaps nothing placed
before it. A chip or marker with no free slot is drawn smaller. If even that fails, the
region's surplus markers collapse into one "+N" badge.

A crowded region tries a few other layouts (its tokens gathered round another roomy
point, its name moved, everything a size smaller) and keeps the best. In ``stable`` mode
names and chips are placed before any marker and never move for one, so they depend on
the geometry alone: the editor caches a tile's drawing per design and rotation. The output
is deterministic: ties are broken by grid order, never by hashing.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np
import shapely
from shapely.ops import polylabel

from editor.render.label_types import (
    CHIP,
    MARKER,
    MORE,
    NAME,
    Box,
    Label,
    LabelPlan,
    LabelSizes,
    Point,
)

QUICK_TRY = 12  # nearest candidates tried one by one
FIRST_TRY = 48  # candidates tried before the whole region is searched
SETTLE = 16  # free candidates whose exact containment is tested at once
FOCUSES = 4  # other points a crowded region's tokens may gather round
MAX_LAYOUTS = 12  # layouts tried for a crowded region's labels
SPILL_COST = 1000.0  # per squared unit a last-resort label reaches out of its region

if TYPE_CHECKING:
    from editor.model.scenario import Marker
    from editor.render.style import Style



@dataclass(frozen=True)
class RegionLabels:
    """What one region shows: its name, its printed symbol chips and the markers laid on it.

    ``markers`` are the caller's keys (e.g. indexes), in the order they are drawn;
    ``geometry`` is where they may go (already cut free of anything to avoid). Chips and
    markers are round: they must stay inside as discs, while their boxes (what overlap is
    measured on) must not overlap; a name, a square marker (``boxed``) keeps its whole box in.
    """

    key: str
    geometry: shapely.Geometry
    name: str | None = None
    chips: tuple[str, ...] = ()
    markers: tuple[str, ...] = ()
    anchor: Point | None = None  # the most interior point, when the caller knows it
    boxed: frozenset[str] = frozenset()  # markers drawn square: they need their whole box
    grid: Candidates | None = field(default=None, compare=False)  # when the caller cached it


@dataclass(frozen=True, eq=False)
class Candidates:
    """A region's candidate grid: centres inside it, nearest its interior point first, with
    their room to the border. It depends on the geometry alone, so callers may cache it.
    Whether a centre can hold a box of some size is worked out when first asked, and kept."""

    inner: shapely.Geometry  # the region shrunk by the clearance (prepared)
    xs: np.ndarray
    ys: np.ndarray
    room: np.ndarray  # distance from each centre to the region's border
    bounds: Box
    clearance: float
    _states: dict[tuple[float, float, bool], tuple[np.ndarray, np.ndarray]] = field(
        default_factory=dict)
    _inner: list[Box] = field(default_factory=list)

    def states(self, hw: float, hh: float, disc: bool = False
               ) -> tuple[np.ndarray, np.ndarray]:
        """For a box of half-size (hw, hh), or a disc of radius ``hw``: per centre 1 (fits
        inside the region, clear of its border), 0 (never) or -1 (not known yet), and the
        indexes not ruled out. A disc is decided by the room alone."""
        key = (round(hw, 4), round(hh, 4), disc)
        found = self._states.get(key)
        if found is None:
            sure = hw if disc else math.hypot(hw, hh)
            state = np.where(self.room >= sure + self.clearance, 1, -1)
            state[self.room < min(hw, hh) + self.clearance] = 0
            state = state.astype(np.int8)
            found = (state, np.flatnonzero(state))
            self._states[key] = found
        return found

    def settle(self, state: np.ndarray, indexes: np.ndarray, hw: float, hh: float) -> None:
        """Decide the unknown ``indexes`` of ``state`` by an exact (vectorised) test.

        A box reaching past the shrunk region's bounding box is not inside it: that
        comparison, on the very coordinates the box would be built from, rules out most
        candidates of a long name in a small region (three in four on the big boards)
        without a shapely call; only the rest are tested with ``contains``."""
        xs, ys = self.xs[indexes], self.ys[indexes]
        left, bottom, right, top = xs - hw, ys - hh, xs + hw, ys + hh
        x0, y0, x1, y1 = self.inner_bounds()
        maybe = (left >= x0) & (bottom >= y0) & (right <= x1) & (top <= y1)
        state[indexes] = 0
        if maybe.any():
            inside = shapely.contains(self.inner, shapely.box(left[maybe], bottom[maybe],
                                                              right[maybe], top[maybe]))
            state[indexes[maybe]] = np.where(inside, 1, 0)

    def inner_bounds(self) -> Box:
        """The bounding box of ``inner``, made once."""
        if not self._inner:
            x0, y0, x1, y1 = shapely.bounds(self.inner).tolist()
            self._inner.append((x0, y0, x1, y1))
        return self._inner[0]

    def gathered(self, focus: Point) -> Candidates:
        """The same grid ordered nearest ``focus`` first (sizes already worked out kept)."""
        fx, fy = focus
        order = np.lexsort((np.round(self.xs, 6), np.round(self.ys, 6),
                            np.round(np.hypot(self.xs - fx, self.ys - fy), 6)))
        states = {key: (state[order], np.flatnonzero(state[order]))
                  for key, (state, _usable) in self._states.items()}
        return Candidates(self.inner, self.xs[order], self.ys[order], self.room[order],
                          self.bounds, self.clearance, states)

    def moved(self, dx: float, dy: float) -> Candidates:
        """The same grid shifted by (dx, dy), for a region of the same shape elsewhere.

        What fits where is a property of the shape, so the copy shares the sizes already
        worked out (and settles more for both); the shrunk region is moved only when an
        exact test needs it."""
        return _Moved(self.inner, self.xs + dx, self.ys + dy, self.room,
                      (self.bounds[0] + dx, self.bounds[1] + dy, self.bounds[2] + dx,
                       self.bounds[3] + dy), self.clearance, self._states, offset=(dx, dy))

    def turned(self, cos: float, sin: float, geometry: shapely.Geometry) -> Candidates:
        """The same grid turned about (0, 0): a tile's other rotations reuse its room and
        order. ``geometry`` is the region as turned."""
        inner = geometry.buffer(-self.clearance) if self.clearance > 0 else geometry
        shapely.prepare(inner)
        return Candidates(inner, cos * self.xs - sin * self.ys, sin * self.xs + cos * self.ys,
                          self.room, geometry.bounds, self.clearance)


@dataclass(frozen=True, eq=False)
class _Moved(Candidates):
    """A grid moved by ``offset`` from the one whose ``inner`` it keeps: the exact tests
    move the boxes back instead of moving the region."""

    offset: Point = (0.0, 0.0)

    def moved(self, dx: float, dy: float) -> Candidates:
        return self._base().moved(self.offset[0] + dx, self.offset[1] + dy)

    def _base(self) -> Candidates:
        """The grid this one was moved from (sharing its sizes)."""
        dx, dy = self.offset
        x0, y0, x1, y1 = self.bounds
        return Candidates(self.inner, self.xs - dx, self.ys - dy, self.room,
                          (x0 - dx, y0 - dy, x1 - dx, y1 - dy), self.clearance, self._states,
                          _inner=self._inner_base())

    def settle(self, state: np.ndarray, indexes: np.ndarray, hw: float, hh: float) -> None:
        self._base().settle(state, indexes, hw, hh)

    def _inner_base(self) -> list[Box]:
        x0, y0, x1, y1 = shapely.bounds(self.inner).tolist()
        return [(x0, y0, x1, y1)]

    def inner_bounds(self) -> Box:
        if not self._inner:
            dx, dy = self.offset
            x0, y0, x1, y1 = self._inner_base()[0]
            self._inner.append((x0 + dx, y0 + dy, x1 + dx, y1 + dy))
        return self._inner[0]

    def gathered(self, focus: Point) -> Candidates:
        dx, dy = self.offset
        return self._base().gathered((focus[0] - dx, focus[1] - dy)).moved(dx, dy)


@dataclass
class _Region:
    spec: RegionLabels
    grid: Candidates
    placed: list[Label] = field(default_factory=list)


def _anchor(geometry: shapely.Geometry) -> Point:
    parts = list(getattr(geometry, "geoms", [geometry]))
    largest = max(parts, key=lambda p: p.area)
    point = polylabel(largest, tolerance=0.5)
    return (float(point.x), float(point.y))


def candidates(geometry: shapely.Geometry, sizes: LabelSizes,
               anchor: Point | None = None) -> Candidates | None:
    """The candidate grid of a region (None for an empty one)."""
    if geometry is None or geometry.is_empty or geometry.area <= 0:
        return None
    ax, ay = anchor if anchor is not None else _anchor(geometry)
    x0, y0, x1, y1 = geometry.bounds
    if sizes.window is not None:
        reach = sizes.window
        x0, y0, x1, y1 = max(x0, ax - reach), max(y0, ay - reach), min(x1, ax + reach), \
            min(y1, ay + reach)
    step = sizes.step
    ix = np.arange(math.floor((x0 - ax) / step), math.ceil((x1 - ax) / step) + 1)
    iy = np.arange(math.floor((y0 - ay) / step), math.ceil((y1 - ay) / step) + 1)
    gx, gy = np.meshgrid(ax + ix * step, ay + iy * step)
    xs, ys = gx.ravel(), gy.ravel()
    inside = shapely.contains_xy(geometry, xs, ys)
    xs, ys = xs[inside], ys[inside]
    if shapely.contains_xy(geometry, ax, ay):  # a sliver may hold no grid point
        xs, ys = np.append(xs, ax), np.append(ys, ay)
    if len(xs) == 0:
        return None
    room = shapely.distance(geometry.boundary, shapely.points(xs, ys))
    # nearest the anchor first; ties by row then column, so the order never depends on
    # floating-point noise in the sort
    cost = np.round(np.hypot(xs - ax, ys - ay), 6)
    order = np.lexsort((np.round(xs, 6), np.round(ys, 6), cost))
    inner = geometry.buffer(-sizes.clearance) if sizes.clearance > 0 else geometry
    shapely.prepare(inner)
    return Candidates(inner, xs[order], ys[order], room[order], geometry.bounds,
                      sizes.clearance)


def _overlap_area(boxes: np.ndarray, others: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """For each of ``boxes``: the area it shares with ``others``, each weighted."""
    if len(others) == 0:
        return np.zeros(len(boxes))
    a, b = boxes[:, None, :], others[None, :, :]
    w = np.clip(np.minimum(a[..., 2], b[..., 2]) - np.maximum(a[..., 0], b[..., 0]), 0, None)
    h = np.clip(np.minimum(a[..., 3], b[..., 3]) - np.maximum(a[..., 1], b[..., 1]), 0, None)
    result: np.ndarray = (w * h * weights[None, :]).sum(axis=1)
    return result


# How much hiding each kind of box costs a label that fits nowhere: a letter or a marker
# must stay readable, a name a little less, a printed chip least.
_WEIGHT = {"obstacle": 100.0, MARKER: 100.0, MORE: 100.0, NAME: 4.0, CHIP: 2.0}


class _Boxes:
    """The boxes placed so far, in the order they were placed, with a grid index over them.

    Each label looks only at the boxes near its region; scanning every box placed on the
    board made placement quadratic in the board's size (a 2,000-tile board took most of
    a minute). A box is listed in every grid cell it touches; a query gathers the cells its
    area touches and returns the boxes in placement order, as the plain list did, so the
    weighted overlap sums (and so every placement) stay the same to the last bit.
    """

    CELL = 128.0  # units; about a region's size, so a query reads a few cells

    def __init__(self) -> None:
        self._items: dict[int, tuple[Box, float]] = {}  # placement number -> (box, weight)
        self._cells: dict[tuple[int, int], list[int]] = {}
        self._numbers: dict[tuple[Box, float], list[int]] = {}  # an item's numbers, oldest first
        self._next = 0

    def _span(self, x0: float, y0: float, x1: float, y1: float
              ) -> tuple[range, range]:
        cell = self.CELL
        return (range(math.floor(x0 / cell), math.floor(x1 / cell) + 1),
                range(math.floor(y0 / cell), math.floor(y1 / cell) + 1))

    def append(self, item: tuple[Box, float]) -> None:
        number = self._next
        self._next += 1
        self._items[number] = item
        self._numbers.setdefault(item, []).append(number)
        columns, rows = self._span(*item[0])
        cells = self._cells
        for cx in columns:
            for cy in rows:
                cells.setdefault((cx, cy), []).append(number)

    def remove(self, item: tuple[Box, float]) -> None:
        """Remove the oldest box equal to ``item`` (as ``list.remove`` did)."""
        numbers = self._numbers[item]
        number = numbers.pop(0)
        if not numbers:
            del self._numbers[item]
        del self._items[number]
        columns, rows = self._span(*item[0])
        for cx in columns:
            for cy in rows:
                self._cells[(cx, cy)].remove(number)

    def near(self, x0: float, y0: float, x1: float, y1: float) -> list[tuple[Box, float]]:
        """The boxes that overlap the open area (x0, x1) x (y0, y1), in placement order."""
        columns, rows = self._span(x0, y0, x1, y1)
        cells, found = self._cells, set()
        for cx in columns:
            for cy in rows:
                listed = cells.get((cx, cy))
                if listed:
                    found.update(listed)
        items = self._items
        near = []
        for number in sorted(found):
            item = items[number]
            b = item[0]
            if b[0] < x1 and x0 < b[2] and b[1] < y1 and y0 < b[3]:
                near.append(item)
        return near


class _Board:
    """The boxes placed so far, and the greedy search for the next one."""

    def __init__(self, sizes: LabelSizes, obstacles: Iterable[Box]) -> None:
        self.sizes = sizes
        self.obstacles = tuple(obstacles)
        self.boxes = _Boxes()
        for box in self.obstacles:
            self.boxes.append((box, _WEIGHT["obstacle"]))

    def _near(self, bounds: Box, reach: float) -> tuple[np.ndarray, np.ndarray]:
        x0, y0, x1, y1 = bounds
        near = self.boxes.near(x0 - reach, y0 - reach, x1 + reach, y1 + reach)
        boxes = np.array([b for b, _w in near], dtype=float).reshape(-1, 4)
        return boxes, np.array([w for _b, w in near], dtype=float)

    def find(self, region: _Region, kind: str, text: str, scale: float,
             disc: bool = False, near: list[tuple[Box, float]] | None = None
             ) -> Point | None:
        """The nearest free centre for a label of ``kind`` inside ``region``, if any.

        The nearest few candidates are tried first: most labels find their slot there, and
        only the free ones near the border need the exact containment test. ``near`` may
        hold the boxes near the region for a larger label (a box too far to block that
        one blocks no smaller one), so the sizes of one label share one index query.
        """
        hw, hh = self.sizes.half(kind, text, scale)
        grid = region.grid
        state, usable = grid.states(hw, hh, disc)
        if len(usable) == 0 or not state.any():  # (settled to 0 since, for this shape)
            return None
        gap = self.sizes.gap
        reach = 2 * (math.hypot(hw, hh) + gap)
        if near is None:
            bx0, by0, bx1, by1 = grid.bounds
            near = self.boxes.near(bx0 - reach, by0 - reach, bx1 + reach, by1 + reach)
        # a centre is blocked when its box comes within ``gap`` of another box: when it
        # lies inside that box grown by the label's half size and the gap
        ex, ey = hw + gap, hh + gap
        # the nearest few one by one, in plain Python: most labels stop at the first ones,
        # where a vectorised pass would cost more than it saves; only those few become
        # Python floats, and only the boxes that can block one of them are looked at
        head = usable[:QUICK_TRY]
        quick, qx, qy = head.tolist(), grid.xs[head].tolist(), grid.ys[head].tolist()
        x_min, x_max, y_min, y_max = min(qx), max(qx), min(qy), max(qy)
        keep_out = [(b[0] - ex, b[1] - ey, b[2] + ex, b[3] + ey) for b, _w in near
                    if b[0] - ex < x_max and b[2] + ex > x_min
                    and b[1] - ey < y_max and b[3] + ey > y_min]
        ix0, iy0, ix1, iy1 = grid.inner_bounds()
        free: list[int] = []  # the free ones among them that may hold the box, nearest first
        for i, x, y in zip(quick, qx, qy, strict=True):
            if keep_out and any(a < x < c and b < y < d for a, b, c, d in keep_out):
                continue
            known = state[i]
            if known < 0 and (x - hw < ix0 or y - hh < iy0 or x + hw > ix1 or y + hh > iy1):
                state[i] = known = 0  # past the bounding box: what settle would find
            if known > 0 and not free:
                return (x, y)
            if known:
                free.append(i)
                if known > 0:  # none after it can win
                    break
        if free:  # one exact test for all of them (the nearest that fits wins, as before)
            unknown = [i for i in free if state[i] < 0]
            if unknown:
                grid.settle(state, np.array(unknown), hw, hh)
            for i in free:
                if state[i] > 0:
                    return (float(grid.xs[i]), float(grid.ys[i]))
        if len(usable) <= QUICK_TRY:
            return None
        keep_out = [(b[0] - ex, b[1] - ey, b[2] + ex, b[3] + ey) for b, _w in near]
        out = np.array(keep_out, dtype=float).reshape(-1, 4)
        x0, y0, x1, y1 = out[:, 0], out[:, 1], out[:, 2], out[:, 3]
        for window in (usable[QUICK_TRY:FIRST_TRY], usable[FIRST_TRY:]):
            if len(window) == 0:
                break
            if len(keep_out):
                xs, ys = grid.xs[window, None], grid.ys[window, None]
                blocked = ((xs > x0) & (xs < x1) & (ys > y0) & (ys < y1)).any(axis=1)
                window = window[~blocked]
            unknown = window[state[window] < 0]
            if len(unknown):  # past the bounding box, all at once (as settle would find)
                xs, ys = grid.xs[unknown], grid.ys[unknown]
                state[unknown[(xs - hw < ix0) | (ys - hh < iy0) | (xs + hw > ix1)
                              | (ys + hh > iy1)]] = 0
            # (``usable`` keeps the ones settled to 0 since: a label that found no room
            # before, asked again, meets only those, and is answered here at once)
            window = window[state[window] != 0]
            for start in range(0, len(window), SETTLE):
                chunk = window[start:start + SETTLE]
                unknown = chunk[state[chunk] < 0]
                if len(unknown):
                    grid.settle(state, unknown, hw, hh)
                ok = np.flatnonzero(state[chunk] > 0)
                if len(ok):
                    best = int(chunk[ok[0]])
                    return (float(grid.xs[best]), float(grid.ys[best]))
        return None

    def least_bad(self, region: _Region, kind: str, text: str, scale: float,
                  disc: bool = False) -> Point:
        """Where a label that fits nowhere hides the least: over chips and names rather
        than letters and markers, and as little outside its region as can be."""
        hw, hh = self.sizes.half(kind, text, scale)
        grid = region.grid
        boxes = np.column_stack((grid.xs - hw, grid.ys - hh, grid.xs + hw, grid.ys + hh))
        others, weights = self._near(grid.bounds, 2 * math.hypot(hw, hh))
        area = _overlap_area(boxes, others, weights)
        reach = hw if disc else math.hypot(hw, hh)
        spill = np.clip(reach + self.sizes.clearance - grid.room, 0, None)
        best = int(np.argmin(np.round(area + SPILL_COST * spill * spill, 6)))
        return (float(grid.xs[best]), float(grid.ys[best]))

    def put(self, region: _Region, kind: str, key: str, text: str, centre: Point,
            scale: float, hidden: tuple[str, ...] = (), fits: bool = True,
            disc: bool = False) -> Label:
        hw, hh = self.sizes.half(kind, text, scale)
        x, y = centre
        label = Label(kind, region.spec.key, key, centre, (x - hw, y - hh, x + hw, y + hh),
                      scale, hidden, fits, disc)
        self.boxes.append((label.box, _WEIGHT[kind]))
        region.placed.append(label)
        return label

    def take_back(self, region: _Region, label: Label) -> None:
        self.boxes.remove((label.box, _WEIGHT[label.kind]))
        region.placed.remove(label)

    def try_scales(self, region: _Region, kind: str, text: str, disc: bool = False,
                   scales: tuple[float, ...] | None = None) -> tuple[Point, float] | None:
        sizes = self.sizes.scales if scales is None else scales
        near: list[tuple[Box, float]] | None = None  # the boxes near, for the largest size
        for scale in sizes:
            if near is None:
                hw, hh = self.sizes.half(kind, text, max(sizes))
                reach = 2 * (math.hypot(hw, hh) + self.sizes.gap)
                bx0, by0, bx1, by1 = region.grid.bounds
                near = self.boxes.near(bx0 - reach, by0 - reach, bx1 + reach, by1 + reach)
            centre = self.find(region, kind, text, scale, disc, near)
            if centre is not None:
                return centre, scale
        return None

    def put_anyway(self, region: _Region, kind: str, key: str, text: str,
                   hidden: tuple[str, ...] = (), disc: bool = False) -> Label:
        """A label with no free slot, at its smallest, where it hides the least."""
        scale = self.sizes.scales[-1]
        centre = self.least_bad(region, kind, text, scale, disc)
        return self.put(region, kind, key, text, centre, scale, hidden, False, disc)


def _place_chips(board: _Board, region: _Region, scales: tuple[float, ...]) -> None:
    last = board.sizes.last_resort
    for chip in region.spec.chips:
        spot = board.try_scales(region, CHIP, "", True, (*scales, last))
        if spot is None:
            board.put_anyway(region, CHIP, chip, "", (), True)
        else:
            board.put(region, CHIP, chip, "", spot[0], spot[1], disc=True)


def _place_markers(board: _Board, region: _Region, scales: tuple[float, ...]) -> None:
    """Every marker in its own slot; when one does not fit, the surplus becomes "+N"."""
    keys, boxed = region.spec.markers, region.spec.boxed
    last = board.sizes.last_resort
    shown: list[Label] = []
    for index, key in enumerate(keys):
        disc = key not in boxed
        spot = board.try_scales(region, MARKER, "", disc, scales)
        if spot is not None:
            shown.append(board.put(region, MARKER, key, "", spot[0], spot[1], disc=disc))
            continue
        hidden = list(keys[index:])
        while True:  # give back shown markers until the badge finds a slot
            if len(hidden) > 1:  # (a "+1" badge would say less than the marker itself)
                text = f"+{len(hidden)}"
                spot = board.try_scales(region, MORE, text, True, scales)
                if spot is not None:
                    board.put(region, MORE, text, text, spot[0], spot[1], tuple(hidden),
                              disc=True)
                    return
            if not shown:
                break
            last_shown = shown.pop()
            board.take_back(region, last_shown)
            hidden.insert(0, last_shown.key)
        # one marker, or no room for the badge at all: smaller still, and if even that
        # fails, where it hides least
        if len(hidden) == 1:
            disc = hidden[0] not in boxed
            spot = board.try_scales(region, MARKER, "", disc, (last,))
            if spot is None:
                board.put_anyway(region, MARKER, hidden[0], "", (), disc)
            else:
                board.put(region, MARKER, hidden[0], "", spot[0], spot[1], disc=disc)
        else:
            text = f"+{len(hidden)}"
            spot = board.try_scales(region, MORE, text, True, (last,))
            if spot is None:
                board.put_anyway(region, MORE, text, text, tuple(hidden), True)
            else:
                board.put(region, MORE, text, text, spot[0], spot[1], tuple(hidden),
                          disc=True)
        return


def _score(labels: list[Label], sizes: LabelSizes, anchor: Point
           ) -> tuple[int, int, int, float, float]:
    """Lower is better: labels that fit nowhere, markers hidden behind a badge, labels at
    their last-resort size, size lost, then how far the labels strayed from the centre."""
    return (sum(not lab.fits for lab in labels),
            sum(len(lab.hidden) for lab in labels),
            sum(lab.scale <= sizes.last_resort for lab in labels),
            round(sum(1.0 - lab.scale for lab in labels), 6),
            round(sum(math.dist(lab.centre, anchor) for lab in labels), 6))


def _focuses(board: _Board, region: _Region, count: int) -> list[Point]:
    """Other places a region's tokens may gather: roomy points far from its name and from
    each other (farthest-point sampling), for when gathering around the name failed."""
    grid = region.grid
    small = min(board.sizes.chip_radius, board.sizes.marker_radius) * board.sizes.last_resort
    roomy = grid.room >= small + board.sizes.clearance
    xs, ys = grid.xs[roomy], grid.ys[roomy]
    if len(xs) == 0:
        return []
    taken = [lab.centre for lab in region.placed if lab.kind == NAME] or [(grid.xs[0],
                                                                           grid.ys[0])]
    distance = np.full(len(xs), np.inf)
    for x, y in taken:
        distance = np.minimum(distance, np.hypot(xs - x, ys - y))
    result: list[Point] = []
    for _ in range(count):
        best = int(np.argmax(np.round(distance, 6)))
        if distance[best] <= small:
            break
        point = (float(xs[best]), float(ys[best]))
        result.append(point)
        distance = np.minimum(distance, np.hypot(xs - point[0], ys - point[1]))
    return result


def _place_tokens(board: _Board, region: _Region, move_chips: bool) -> None:
    """The region's markers (and its chips, if ``move_chips``), gathered around its name.
    If that leaves a label without room or hides markers, other layouts are tried (the
    tokens gathered round another roomy point, the name moved there instead when it may
    move, or every token a size smaller from the start) and the best one kept."""
    spec, sizes = region.spec, board.sizes
    if not spec.markers and not (move_chips and spec.chips):
        return
    anchor = (float(region.grid.xs[0]), float(region.grid.ys[0]))
    name = next((lab for lab in region.placed if lab.kind == NAME), None)
    best: tuple[tuple[int, int, int, float, float], list[Label], Label | None] | None = None
    tried = 0
    # (where the name goes, if it moves, and its sizes; where the tokens gather; theirs)
    Layout = tuple[Candidates | None, tuple[float, ...], Candidates, tuple[float, ...]]
    layouts: list[Layout] = [(None, (), region.grid, sizes.scales)]
    while layouts and tried < MAX_LAYOUTS:
        name_grid, name_scales, grid, scales = layouts.pop(0)
        tried += 1
        shown = name
        if name_grid is not None and name is not None:
            shown = _move_name(board, region, name, name_grid, name_scales)
            if shown is None:
                continue
        trial = _Region(spec, grid, [])
        if move_chips:
            _place_chips(board, trial, scales)
        _place_markers(board, trial, scales)
        placed = list(trial.placed)
        for label in reversed(placed):
            board.take_back(trial, label)
        if shown is not name and name is not None and shown is not None:
            board.take_back(_Region(spec, grid, [shown]), shown)
            board.boxes.append((name.box, _WEIGHT[NAME]))
        score = _score(placed + ([shown] if shown is not None else []), sizes, anchor)
        if best is None or score < best[0]:
            best = (score, placed, shown)
        if best[0][:3] == (0, 0, 0):
            break
        if tried == 1:  # gathering round the name failed: line up the alternatives
            focuses = _focuses(board, region, FOCUSES)
            full, grid = sizes.scales, region.grid
            layouts += [(None, (), grid.gathered(f), full) for f in focuses]
            if move_chips:  # names and chips stay put when markers must not move them
                layouts += [(grid.gathered(f), full, grid, full) for f in focuses]
            layouts += [(grid if move_chips else None, full[k:], grid, full[k:])
                        for k in range(1, len(full))]
    assert best is not None
    placed, shown = best[1], best[2]
    if shown is not name and name is not None and shown is not None:
        board.take_back(region, name)
        board.boxes.append((shown.box, _WEIGHT[NAME]))
        region.placed.append(shown)
    for label in placed:
        board.boxes.append((label.box, _WEIGHT[label.kind]))
        region.placed.append(label)


def _move_name(board: _Board, region: _Region, name: Label, grid: Candidates,
               scales: tuple[float, ...]) -> Label | None:
    """Try the region's name elsewhere (nearest first in ``grid``'s order) or smaller. On
    success the old box is given back and the new one holds its place (not yet in
    ``region.placed``)."""
    board.boxes.remove((name.box, _WEIGHT[NAME]))
    trial = _Region(region.spec, grid, [])
    spot = board.try_scales(trial, NAME, name.key, scales=scales)
    if spot is None:
        board.boxes.append((name.box, _WEIGHT[NAME]))
        return None
    return board.put(trial, NAME, name.key, name.key, spot[0], spot[1])


def place_labels(regions: Sequence[RegionLabels], sizes: LabelSizes,
                 obstacles: Iterable[Box] = (), *, stable: bool = False) -> LabelPlan:
    """Place every region's name, chips and markers; see the module docstring.

    ``stable``: names and chips are placed for all regions before any marker and never
    move for one, so they depend on the geometry alone (the editor caches a tile's
    drawing by design). Otherwise a crowded region may move its name and chips to make
    room for its markers.
    """
    board = _Board(sizes, obstacles)
    grids = []
    for spec in regions:
        grid = spec.grid or candidates(spec.geometry, sizes, spec.anchor)
        if grid is not None:
            grids.append(_Region(spec, grid))
    for region in grids:  # names first: they say which region this is
        name = region.spec.name
        if name:
            spot = board.try_scales(region, NAME, name)
            if spot is None:
                board.put_anyway(region, NAME, name, name)
            else:
                board.put(region, NAME, name, name, spot[0], spot[1])
    if stable:
        for region in grids:
            _place_chips(board, region, sizes.scales)
    for region in grids:  # then the printed symbols and the markers laid on them
        _place_tokens(board, region, move_chips=not stable)
    return LabelPlan(tuple(lab for region in grids for lab in region.placed), board.obstacles)


# -- measuring -------------------------------------------------------------------------
def boxes_overlap(a: Box, b: Box) -> bool:
    """Whether two boxes share some area (touching edges do not count)."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def pieces_first(labels: Iterable[Label], markers: Mapping[str, Sequence[Marker]],
                 style: Style) -> list[Label]:
    """The labels in drawing order: pieces (mountains) first, so they stand under the
    chips and tokens laid beside them, as on the table; otherwise as placed."""
    def piece(label: Label) -> bool:
        if label.kind != MARKER:
            return False
        return style.marker(markers[label.region][int(label.key)].kind).is_piece
    return sorted(labels, key=lambda label: not piece(label))
