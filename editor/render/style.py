"""The drawing style (``editor/data/style.json``) as typed, read-only records.

Colours are data so designers and the printable exports share one palette; this
module stays free of Qt so exporters can read the same records.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from editor.model.jsonio import load_json
from editor.model.paths import data_file

STYLE_PATH = data_file("style.json")
HATCHES = ("none", "horizontal", "vertical", "cross", "fdiagonal", "bdiagonal", "diagcross",
           "dots")
SHAPES = ("disc", "square", "triangle", "diamond", "mountain")


@dataclass(frozen=True)
class TerrainStyle:
    label: str
    fill: str
    edge: str
    hatch: str
    hatch_colour: str


@dataclass(frozen=True)
class BadgeStyle:
    """A round or shaped token with a short glyph: printed symbols and laid markers."""

    label: str
    glyph: str
    fill: str
    text: str
    shape: str = "disc"
    size: float = 1.0  # a piece's size beside a symbol chip's (a mountain stands larger)

    @property
    def is_piece(self) -> bool:
        """A piece standing on the board (drawn under the chips), not a flat chip."""
        return self.shape == "mountain"


@dataclass(frozen=True)
class Style:
    terrains: dict[str, TerrainStyle]
    underground: dict[str, str]  # terrain -> fill on underground sides
    symbols: dict[str, BadgeStyle]
    markers: dict[str, BadgeStyle]
    canvas: dict[str, str]

    def terrain(self, terrain: str, side: str = "surface") -> TerrainStyle:
        base = self.terrains.get(terrain) or self.terrains["water"]
        fill = self.underground.get(terrain) if side == "underground" else None
        if fill is None:
            return base
        return TerrainStyle(base.label, fill, base.edge, base.hatch, base.hatch_colour)

    def marker(self, kind: str) -> BadgeStyle:
        return self.markers.get(kind) or self.markers["custom"]

    def symbol(self, name: str) -> BadgeStyle:
        return self.symbols.get(name) or BadgeStyle(name, name[:1].upper(), "#555555", "#ffffff")


def _badge(spec: dict[str, Any]) -> BadgeStyle:
    shape = spec.get("shape", "disc")
    if shape not in SHAPES:
        raise ValueError(f"unknown badge shape {shape!r}; use one of {', '.join(SHAPES)}")
    return BadgeStyle(spec["label"], spec.get("glyph", ""), spec["fill"], spec["text"], shape,
                      float(spec.get("size", 1.0)))


def parse_style(data: dict[str, Any]) -> Style:
    terrains = {}
    for name, spec in data["terrains"].items():
        if spec["hatch"] not in HATCHES:
            raise ValueError(f"terrain {name}: unknown hatch {spec['hatch']!r}; "
                             f"use one of {', '.join(HATCHES)}")
        terrains[name] = TerrainStyle(spec["label"], spec["fill"], spec["edge"], spec["hatch"],
                                      spec["hatch_colour"])
    return Style(
        terrains,
        {name: spec["fill"] for name, spec in data.get("underground", {}).items()},
        {name: _badge(spec) for name, spec in data["symbols"].items()},
        {name: _badge(spec) for name, spec in data["markers"].items()},
        dict(data["canvas"]),
    )


def load_style(path: Path = STYLE_PATH) -> Style:
    data, _text = load_json(path)
    return parse_style(data)


@cache
def default_style() -> Style:
    return load_style()


def marker_glyph(kind: str, attrs: dict[str, object], style: Style) -> str:
    """The short text on a laid marker's badge: its attribute when it has one that matters."""
    glyph = style.marker(kind).glyph
    if kind == "tunnel" and "number" in attrs:
        return f"T{attrs['number']}"
    if kind == "gold_vein" and "vein" in attrs:
        return str(attrs["vein"])
    if kind == "monster_stack" and "count" in attrs:
        return f"{glyph}{attrs['count']}"
    if kind == "custom" and "label" in attrs:
        from editor.escaping import document_line  # the label is the user's text
        return document_line(str(attrs["label"]))[:3]
    return glyph
