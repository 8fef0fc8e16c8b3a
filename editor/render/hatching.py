"""The hatch of a terrain as one repeating tile, Qt-free: the SVG pattern and the painted
PNG/PDF lines come from this one description, so paper and screen look alike.

Lines sit on a page-wide grid (every ``HATCH_SPACING`` units, through the page origin,
turned by the hatch's angle), so the hatches of neighbouring regions line up.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

HATCH_SPACING = 11.0
LINE_WIDTH = 1.6
DOT_RADIUS = 1.9
# hatch name -> (angle in degrees, with a line along the tile's x axis, along its y axis)
_LINES = {"horizontal": (0.0, True, False), "vertical": (0.0, False, True),
          "cross": (0.0, True, True), "fdiagonal": (-45.0, True, False),
          "bdiagonal": (45.0, True, False), "diagcross": (45.0, True, True)}
Bar = tuple[float, float, float, float]  # x, y, width, height in the tile


@dataclass(frozen=True)
class HatchTile:
    """One tile of a hatch, placed with its top-left corner at (-S/2, -S/2) of the grid and
    turned by ``angle`` about the page origin: bars (lines as thin rectangles) and dots."""

    angle: float
    width: float
    height: float
    bars: tuple[Bar, ...] = ()
    dots: tuple[tuple[float, float], ...] = ()
    dot_radius: float = DOT_RADIUS


@cache
def hatch_strokes(hatch: str) -> HatchTile:
    """The tile of ``hatch`` (a name of style.json); an empty tile for ``none``."""
    s, w = HATCH_SPACING, LINE_WIDTH
    if hatch == "dots":  # staggered rows: every other row shifted by half a step
        return HatchTile(0.0, s, 2 * s, dots=((s / 2, s / 2), (0.0, 1.5 * s), (s, 1.5 * s)))
    angle, along_x, along_y = _LINES.get(hatch, (0.0, False, False))
    bars: list[Bar] = []
    if along_x:
        bars.append((0.0, (s - w) / 2, s, w))
    if along_y:
        bars.append(((s - w) / 2, 0.0, w, s))
    return HatchTile(angle, s, s, tuple(bars))
