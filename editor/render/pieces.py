"""The shapes of pieces that stand on the board, as outlines in units of their radius.

A mountain is a piece laid over a third of a tile, not a printed symbol: it is drawn as a
raised silhouette with a lit face, a shaded face, snow and a shadow, larger than the
symbol chips, so a realm with twelve mountains looks mountainous at every zoom. The
outlines are plain numbers (no Qt), so the canvas and printable boards (QPainter) and the
site (SVG) draw the same piece.
"""

from __future__ import annotations

Outline = tuple[tuple[float, float], ...]

# Two peaks on a base; y grows downwards as on screen. The piece spans about 2.5 radii
# across and 1.7 high, its base a little below the centre (it stands on the region).
MOUNTAIN_BODY: Outline = ((-1.25, 0.7), (-0.38, -0.95), (-0.02, -0.42), (0.42, -0.82),
                          (1.25, 0.7))
MOUNTAIN_LIT: Outline = ((-1.25, 0.7), (-0.38, -0.95), (-0.12, 0.7))  # faces the light
MOUNTAIN_SHADED: Outline = ((0.42, -0.82), (1.25, 0.7), (0.55, 0.7))  # the far face
MOUNTAIN_SNOW: tuple[Outline, ...] = (
    ((-0.38, -0.95), (-0.6, -0.52), (-0.45, -0.58), (-0.33, -0.47), (-0.2, -0.62)),
    ((0.42, -0.82), (0.26, -0.52), (0.38, -0.57), (0.5, -0.5), (0.58, -0.6)),
)
# The shadow it casts: an ellipse (centre x, centre y, half width, half height).
MOUNTAIN_SHADOW = (0.18, 0.74, 1.32, 0.24)
# Half its extent, for bounding boxes: what it covers around its centre.
MOUNTAIN_EXTENT = (1.5, 1.0)


def scaled(outline: Outline, radius: float, x: float = 0.0, y: float = 0.0) -> Outline:
    return tuple((x + px * radius, y + py * radius) for px, py in outline)
