"""What a label plan is made of (pure, no Qt, no numpy, no shapely).

The placement engine (:mod:`editor.render.labels`) needs numpy and shapely; what it returns
does not. The editor's first frame draws tiles from plans worked out ahead of time
(:mod:`editor.render.label_table`), so these types live apart from the engine and cost
the launch no heavy import.
"""

from __future__ import annotations

from dataclasses import dataclass

Point = tuple[float, float]
Box = tuple[float, float, float, float]  # x0, y0, x1, y1

NAME, CHIP, MARKER, MORE = "name", "chip", "marker", "more"
# Advance of a character as a share of the font's pixel size. The engine has no font
# metrics (it is Qt-free), so it over-estimates a little. The box drawn is the box placed.
_NARROW = frozenset(".,:;'|!iIjlft1()[]\u2032 ")
_WIDE = frozenset("MWmw@%")


def text_width(text: str, pixel_size: float) -> float:
    """An upper estimate of ``text``'s advance in a sans-serif bold font of ``pixel_size``."""
    share = 0.0
    for char in text:
        if char in _NARROW:
            share += 0.42
        elif char in _WIDE:
            share += 1.05
        elif char.isupper() or char.isdigit():
            share += 0.76
        else:
            share += 0.68
    return share * pixel_size


@dataclass(frozen=True)
class LabelSizes:
    """The size of everything placed, in the caller's units (scene units or page units)."""

    name_font: float  # pixel size of region names
    name_pad: float  # added to the name's width (the pill around it)
    name_height: float
    chip_radius: float
    marker_radius: float
    gap: float  # kept free between two labels
    clearance: float  # kept free between a label and its region's border
    step: float  # spacing of the candidate grid
    scales: tuple[float, ...] = (1.0, 0.85, 0.7)  # tried in turn, largest first
    last_resort: float = 0.55  # a chip or marker that would otherwise overlap another label
    # Candidates only this far from the region's interior point (None: the whole region).
    # A sea spanning dozens of tiles would otherwise offer tens of thousands of centres,
    # each measured to the border, for labels that settle near the interior point anyway.
    window: float | None = None

    def half(self, kind: str, text: str, scale: float) -> Point:
        if kind == NAME:
            width = text_width(text, self.name_font * scale) + self.name_pad * scale
            return (width / 2, self.name_height * scale / 2)
        radius = self.chip_radius if kind == CHIP else self.marker_radius
        return (radius * scale, radius * scale)


@dataclass(frozen=True)
class Label:
    """One placed label. ``fits`` is False when no free slot existed inside the region and
    the label was put where it overlaps least (the overlap test counts these)."""

    kind: str  # name | chip | marker | more
    region: str
    key: str  # the name, the chip's symbol, the marker's key, or "+N"
    centre: Point
    box: Box
    scale: float = 1.0
    hidden: tuple[str, ...] = ()  # a "+N" badge: the markers it stands for
    fits: bool = True
    disc: bool = False  # round: kept inside its region as a disc, not as its whole box


@dataclass(frozen=True)
class LabelPlan:
    labels: tuple[Label, ...]
    obstacles: tuple[Box, ...] = ()

    def of(self, kind: str, region: str | None = None) -> list[Label]:
        return [lab for lab in self.labels
                if lab.kind == kind and (region is None or lab.region == region)]

    def markers(self, region: str) -> dict[str, Label]:
        """Each marker key of ``region`` mapped to its label (a hidden one to its badge)."""
        result: dict[str, Label] = {}
        for lab in self.labels:
            if lab.region != region:
                continue
            if lab.kind == MARKER:
                result[lab.key] = lab
            elif lab.kind == MORE:
                result.update((key, lab) for key in lab.hidden)
        return result
