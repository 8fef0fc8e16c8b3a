"""Tile designs drawn once per size band and shared by every placement that shows them.

A zoom step invalidates each tile item's device cache, and a big realm would then run the
polygon, hatch and symbol painting of every visible tile again. Instead an item blits a
picture of its design (tile side, rotation, layer switches, detail band) from here, drawn
at the next power-of-two size at or above its on-screen size, so a zoom within a band
only rescales, and a band costs one drawing per design, not per tile.

Crossing into a band not drawn yet, the first frame borrows the nearest band already
drawn (a bigger one, shrunk, if there is one; else briefly soft) and the exact pictures
are drawn afterwards, a few milliseconds at a time (:meth:`DesignCache.refine`), so a
zoom step never stalls the UI.
Tiles shown larger than the biggest band are painted as vectors (few fit on screen then).
"""

from __future__ import annotations

import time
from collections import OrderedDict
from dataclasses import dataclass

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter, QPixmap

from editor.gui.painting import paint_tile
from editor.gui.shapes import HEX_SIZE
from editor.model.catalogue import TileSide
from editor.render.style import Style

EXTENT = 2 * HEX_SIZE + 6  # the tile item's bounding square, scene units
SIZES = (24, 48, 96, 192, 384, 768)  # pixmap edge per band, device pixels
MAX_PIXMAPS = 1200  # least recently used pictures beyond this are dropped...
MAX_BYTES = 160 * 1024 * 1024  # ...or beyond this much memory (a 768 px picture: 2.3 MB)

Band = tuple[bool, bool, bool]
Base = tuple[int, int, int, bool, bool]  # design, style, rotation, names, symbols
Key = tuple[Base, int, Band]


_DESIGN_IDS: dict[int, tuple[TileSide, int]] = {}
_DESIGNS_SEEN: dict[tuple[str, tuple[object, ...]], int] = {}


def design_id(side: TileSide) -> int:
    """One number per distinct design (side name and regions): tiles of a big custom
    catalogue that copy a design share its pictures."""
    known = _DESIGN_IDS.get(id(side))
    if known is not None and known[0] is side:
        return known[1]
    number = _DESIGNS_SEEN.setdefault((side.side, side.regions), len(_DESIGNS_SEEN))
    _DESIGN_IDS[id(side)] = (side, number)  # the side is kept: its id() stays its own
    return number


def band(detail: float) -> Band:
    """The detail thresholds of :func:`paint_tile` (hatches, symbols, names) a scale meets."""
    return (detail > 0.25, detail >= 0.3, detail >= 0.45)


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
        self.bytes = 0

    def clear(self) -> None:
        self._pixmaps.clear()
        self.bytes = 0
        self._by_base.clear()
        self.pending.clear()
        self.ahead.clear()

    def plan_ahead(self, side: TileSide, rotation: int, style: Style, detail: float, *,
                   names: bool, symbols: bool, pixel_ratio: float = 1.0) -> None:
        """Queue the pictures a wheel notch from ``detail`` into the next size band up or
        down would ask for (the biggest band is left out: a few tiles fill the screen)."""
        wanted = detail * pixel_ratio * EXTENT
        size = next((s for s in SIZES if s >= wanted), None)
        if size is None:
            return
        here = SIZES.index(size)
        base: Base = (design_id(side), id(style), rotation, names, symbols)
        for there in (here + 1, here - 1):
            if not 0 <= there < len(SIZES) - 1:
                continue
            # the scale just across the border between the two bands
            edge = SIZES[here] if there > here else SIZES[there]
            near = edge / (pixel_ratio * EXTENT) * (1.001 if there > here else 0.999)
            key: Key = (base, SIZES[there], band(near))
            if key not in self._pixmaps and key not in self.pending:
                self.ahead[key] = Design(side, style, rotation, names, symbols, near,
                                         SIZES[there])

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

    def pixmap(self, side: TileSide, rotation: int, style: Style, detail: float, *,
               names: bool, symbols: bool, pixel_ratio: float = 1.0,
               borrow: bool = True) -> tuple[QPixmap, bool] | None:
        """The design for the on-screen scale ``detail`` and whether it is exact (False:
        borrowed from another band, the exact one is pending); None when the tile is
        shown bigger than the biggest band."""
        wanted = detail * pixel_ratio * EXTENT
        size = next((s for s in SIZES if s >= wanted), None)
        if size is None:
            return None
        base: Base = (design_id(side), id(style), rotation, names, symbols)
        key: Key = (base, size, band(detail))
        found = self._pixmaps.get(key)
        if found is not None:
            self._pixmaps.move_to_end(key)
            return found[1], True
        design = Design(side, style, rotation, names, symbols, detail, size)
        if borrow:
            # the nearest bigger band first: shrunk, it stays sharp; enlarged, it blurs
            near = min(self._by_base.get(base, ()),
                       key=lambda k: (k[1] < size, abs(k[1] - size)), default=None)
            if near is not None:
                self.pending[key] = design
                return self._pixmaps[near][1], False
        return self._draw(key, design), True

    def _draw(self, key: Key, design: Design) -> QPixmap:
        size = design.size
        pixmap = QPixmap(size, size)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        painter.setRenderHints(QPainter.RenderHint.Antialiasing
                               | QPainter.RenderHint.TextAntialiasing)
        painter.translate(size / 2, size / 2)
        painter.scale(size / EXTENT, size / EXTENT)
        paint_tile(painter, design.side, design.rotation, design.style, labels=design.names,
                   detail=design.detail, symbols=design.symbols)
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
