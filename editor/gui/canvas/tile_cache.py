"""Tile designs drawn once per size band and shared by every placement that shows them.

A zoom step invalidates each tile item's device cache, and a big realm would then run the
polygon, hatch and symbol painting of every visible tile again. Instead an item blits a
picture of its design (tile side, rotation, layer switches, detail band) from here, drawn
at the next band size at or above its on-screen size, so a zoom within a band only
rescales, and a band costs one drawing per design, not per tile. The bands are a square
root of two apart: a picture is at most 1.41x the size shown (half the pixels that doubling
sizes would draw), so the first notch into a band, which must draw its pictures before the
canvas is sharp, costs about 0.6-0.7 of what it did, for up to twice the pictures kept.

Crossing into a band not drawn yet, the first frame borrows the nearest band already
drawn (a bigger one, shrunk, if there is one; else briefly soft) and the exact pictures
are drawn afterwards, a few milliseconds at a time (:meth:`DesignCache.refine`), so a
zoom step never stalls the UI.
Tiles shown larger than the biggest band are painted as vectors (few fit on screen then).

A design's drawing depends on the size only through the detail band, so it is recorded
once per band as a QPicture and each size band's pixmap replays it: the same pixels as
painting it (the tests compare them) for less time, since the painting's Python work and
per-call costs are paid once per recording, not per picture (the raster work remains).
"""

from __future__ import annotations

import time
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter, QPicture, QPixmap

from editor.gui.painting import paint_tile
from editor.gui.shapes import HEX_SIZE
from editor.model.catalogue import TileSide
from editor.render.style import Style

EXTENT = 2 * HEX_SIZE + 6  # the tile item's bounding square, scene units
SIZES = (24, 34, 48, 68, 96, 136, 192, 272, 384, 543, 768)  # pixmap edges, device pixels
MAX_PIXMAPS = 2400  # least recently used pictures beyond this are dropped (11 bands)...
MAX_BYTES = 160 * 1024 * 1024  # ...or beyond this much memory (a 768 px picture: 2.3 MB)
MAX_RECORDINGS = 4000  # least recently used recordings beyond this are dropped (~3 KB each)

HINTS = QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing

Band = tuple[bool, bool, bool]
Base = tuple[int, int, int, bool, bool]  # design, style, rotation, names, symbols
Key = tuple[Base, int, Band]


_DESIGN_IDS: dict[int, tuple[TileSide, int]] = {}
_DESIGNS_SEEN: dict[tuple[str, tuple[object, ...]], int] = {}
_FIRST_SIDES: list[TileSide] = []  # per design id, the first side seen with that design


def design_id(side: TileSide) -> int:
    """One number per distinct design (side name and regions): tiles of a big custom
    catalogue that copy a design share its pictures."""
    known = _DESIGN_IDS.get(id(side))
    if known is not None and known[0] is side:
        return known[1]
    number = _DESIGNS_SEEN.setdefault((side.side, side.regions), len(_DESIGNS_SEEN))
    if number == len(_FIRST_SIDES):
        _FIRST_SIDES.append(side)
    _DESIGN_IDS[id(side)] = (side, number)  # the side is kept: its id() stays its own
    return number


def design_side(side: TileSide) -> TileSide:
    """The first side seen with ``side``'s design: pictures are drawn from it, so the label
    placement (cached per side object and rotation) is worked out once per design, not
    once per tile that copies it."""
    return _FIRST_SIDES[design_id(side)]


def band(detail: float) -> Band:
    """The detail thresholds of :func:`paint_tile` (hatches, symbols, names) a scale meets."""
    return (detail > 0.25, detail >= 0.3, detail >= 0.45)


@lru_cache(maxsize=64)
def size_band(detail: float, pixel_ratio: float) -> tuple[int, Band] | None:
    """The picture size and detail band of a scale (None: bigger than the biggest band).
    Every tile item of a frame asks with the same scale: worked out once per zoom."""
    wanted = detail * pixel_ratio * EXTENT
    size = next((s for s in SIZES if s >= wanted), None)
    return None if size is None else (size, band(detail))


@dataclass(frozen=True)
class Design:
    """What to draw for one key (the objects are kept so their ids stay valid)."""

    side: TileSide
    style: Style
    rotation: int
    names: bool
    symbols: bool
    detail: float
    size: int


class DesignCache:
    """Pixmaps of tile designs, least recently used dropped beyond :data:`MAX_PIXMAPS`."""

    def __init__(self, limit: int = MAX_PIXMAPS) -> None:
        self.limit = limit
        self._pixmaps: OrderedDict[Key, tuple[Design, QPixmap]] = OrderedDict()
        self._by_base: dict[Base, set[Key]] = {}
        self.pending: dict[Key, Design] = {}  # borrowed for a frame; to draw exactly
        # The next wheel notch's pictures (one size band up and one down) of the tiles on
        # screen, drawn while the view rests, so a zoom to a new band finds them drawn.
        self.ahead: dict[Key, Design] = {}
        self.drawn = 0  # how many pictures were painted (tests and benchmarks read it)
        self.recorded = 0  # how many drawings were recorded (tests read it)
        self.bytes = 0
        # each design's drawing per detail band, replayed at every size of that band (the
        # design is kept so the ids in its key stay its own)
        self._recordings: OrderedDict[tuple[Base, Band], tuple[Design, QPicture]] = \
            OrderedDict()

    def clear(self) -> None:
        self._pixmaps.clear()
        self._recordings.clear()
        self.bytes = 0
        self._by_base.clear()
        self.pending.clear()
        self.ahead.clear()

    def plan_ahead(self, side: TileSide, rotation: int, style: Style, detail: float, *,
                   names: bool, symbols: bool, pixel_ratio: float = 1.0) -> None:
        """Queue the pictures a wheel notch from ``detail`` into the next size band up or
        down would ask for (the biggest band is left out: a few tiles fill the screen)."""
        found = size_band(detail, pixel_ratio)
        if found is None:
            return
        here = SIZES.index(found[0])
        base: Base = (design_id(side), id(style), rotation, names, symbols)
        for there in (here + 1, here - 1):
            if not 0 <= there < len(SIZES) - 1:
                continue
            # the scale just across the border between the two bands
            edge = SIZES[here] if there > here else SIZES[there]
            near = edge / (pixel_ratio * EXTENT) * (1.001 if there > here else 0.999)
            key: Key = (base, SIZES[there], band(near))
            if key not in self._pixmaps and key not in self.pending:
                self.ahead[key] = Design(design_side(side), style, rotation, names, symbols,
                                         near, SIZES[there])

    def draw_ahead(self, budget_s: float) -> None:
        """Draw queued look-ahead pictures for about ``budget_s``."""
        start = time.perf_counter()
        slowest = 0.0
        while self.ahead:
            before = time.perf_counter()
            if before - start + slowest > budget_s and slowest:
                break
            key, design = self.ahead.popitem()
            if key not in self._pixmaps:
                self._draw(key, design)
            slowest = max(slowest, time.perf_counter() - before)

    @staticmethod
    def _key(side: TileSide, rotation: int, style: Style, detail: float, names: bool,
             symbols: bool, pixel_ratio: float) -> Key | None:
        """The picture a tile shown at scale ``detail`` needs (None: bigger than any band)."""
        found = size_band(detail, pixel_ratio)
        if found is None:
            return None
        return (design_id(side), id(style), rotation, names, symbols), *found

    def missing(self, side: TileSide, rotation: int, style: Style, detail: float, *,
                names: bool, symbols: bool, pixel_ratio: float = 1.0
                ) -> tuple[Key, Design] | None:
        """The exact picture a tile shown at ``detail`` needs, if it is not drawn yet (the
        view draws these before the exact frame after a wheel zoom: no tile then shows a
        borrowed picture only to be drawn again when the exact one is in)."""
        key = self._key(side, rotation, style, detail, names, symbols, pixel_ratio)
        if key is None or key in self._pixmaps:
            return None
        return key, Design(design_side(side), style, rotation, names, symbols, detail, key[1])

    def draw(self, key: Key, design: Design) -> None:
        """Draw a picture :meth:`missing` named, unless another tile's call drew it."""
        if key not in self._pixmaps:
            self._draw(key, design)

    def pixmap(self, side: TileSide, rotation: int, style: Style, detail: float, *,
               names: bool, symbols: bool, pixel_ratio: float = 1.0,
               borrow: bool = True) -> tuple[QPixmap, bool] | None:
        """The design for the on-screen scale ``detail`` and whether it is exact (False:
        borrowed from another band, the exact one is pending); None when the tile is
        shown bigger than the biggest band."""
        key = self._key(side, rotation, style, detail, names, symbols, pixel_ratio)
        if key is None:
            return None
        found = self._pixmaps.get(key)
        if found is not None:
            self._pixmaps.move_to_end(key)
            return found[1], True
        base, size = key[0], key[1]
        design = Design(design_side(side), style, rotation, names, symbols, detail, size)
        if borrow:
            # the nearest bigger band first: shrunk, it stays sharp; enlarged, it blurs
            near = min(self._by_base.get(base, ()),
                       key=lambda k: (k[1] < size, abs(k[1] - size)), default=None)
            if near is not None:
                self.pending[key] = design
                return self._pixmaps[near][1], False
        return self._draw(key, design), True

    def _recording(self, key: Key, design: Design) -> QPicture:
        """The drawing of ``key``'s design at its detail band, recorded on first use."""
        at = (key[0], key[2])
        found = self._recordings.get(at)
        if found is not None:
            self._recordings.move_to_end(at)
            return found[1]
        recording = QPicture()
        painter = QPainter(recording)
        painter.setRenderHints(HINTS)
        paint_tile(painter, design.side, design.rotation, design.style, labels=design.names,
                   detail=design.detail, symbols=design.symbols)
        painter.end()
        self.recorded += 1
        self._recordings[at] = (design, recording)
        if len(self._recordings) > MAX_RECORDINGS:
            self._recordings.popitem(last=False)
        return recording

    def _draw(self, key: Key, design: Design) -> QPixmap:
        size = design.size
        pixmap = QPixmap(size, size)
        pixmap.fill(Qt.GlobalColor.transparent)
        recording = self._recording(key, design)
        painter = QPainter(pixmap)
        painter.setRenderHints(HINTS)
        painter.translate(size / 2, size / 2)
        painter.scale(size / EXTENT, size / EXTENT)
        painter.drawPicture(0, 0, recording)
        painter.end()
        self.drawn += 1
        self.pending.pop(key, None)
        self._pixmaps[key] = (design, pixmap)
        self._by_base.setdefault(key[0], set()).add(key)
        self.bytes += size * size * 4
        while len(self._pixmaps) > 1 and (len(self._pixmaps) > self.limit
                                          or self.bytes > MAX_BYTES):
            old, (dropped, _) = self._pixmaps.popitem(last=False)
            self.bytes -= dropped.size * dropped.size * 4
            self._by_base.get(old[0], set()).discard(old)
        return pixmap

    def refine(self, budget_s: float) -> set[tuple[int, int]]:
        """Draw pending pictures for about ``budget_s``; the (design id, rotation) pairs
        drawn, whose tiles should repaint."""
        start = time.perf_counter()
        slowest = 0.0  # a big band's picture takes milliseconds: stop before overrunning
        done: set[tuple[int, int]] = set()
        while self.pending:
            before = time.perf_counter()
            if before - start + slowest > budget_s and done:
                break
            key, design = next(iter(self.pending.items()))
            self._draw(key, design)
            done.add((design_id(design.side), design.rotation))
            slowest = max(slowest, time.perf_counter() - before)
        return done


def draw_design(painter: QPainter, pixmap: QPixmap) -> None:
    """Blit a design pixmap over the tile item's bounding square."""
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    painter.drawPixmap(QRectF(-EXTENT / 2, -EXTENT / 2, EXTENT, EXTENT), pixmap,
                       QRectF(pixmap.rect()))


DESIGNS = DesignCache()
