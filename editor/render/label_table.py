"""Label anchors and tile label plans of the bundled tile designs, worked out ahead of time.

A region's most interior point (polylabel) and a tile side's names and chips depend on the
side's regions and rotation alone (the editor places names and chips in ``stable`` mode),
so for the designs the program ships they are the same on every run. Working them out took
shapely and numpy (about 0.2 s to import) and the placement itself on every launch, before
the first frame could be painted. ``editor/data/tile-labels.json`` holds them, written by
``tools/tile_labels.py`` and checked against a fresh computation by
``tests/render/test_label_table.py``. Any other side (a custom design) is worked out as
before. Pure Python: no Qt, no numpy, no shapely.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from editor.model.catalogue import RegionTemplate
from editor.model.paths import data_file
from editor.render.label_types import Box, Label, LabelPlan, Point

TABLE_FILE = "tile-labels.json"
TABLE_VERSION = 1


@dataclass(frozen=True)
class SideLabels:
    """One tile side at one rotation: each region's anchor and room (in region order), and
    the names and chips with no marker laid."""

    anchors: tuple[tuple[Point, float], ...]
    plan: LabelPlan


def side_key(regions: Sequence[RegionTemplate]) -> str:
    """What a side's labels depend on (its regions' ids, symbols and polygons), hashed:
    a custom catalogue's copy of a bundled design finds the bundled design's entry."""
    text = repr(tuple((r.local_id, r.symbols, r.polygon) for r in regions))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:24]


def settings_stamp(hex_size: float, sizes: object, obstacles: Sequence[Box]) -> str:
    """The placement's settings the table was made with: a table made with others is
    ignored (worked out afresh) rather than drawn wrong."""
    return repr((hex_size, sizes, tuple(obstacles)))


def encode(entry: SideLabels) -> list[Any]:
    anchors = [[x, y, radius] for (x, y), radius in entry.anchors]
    labels = [[lab.kind, lab.region, lab.key, *lab.centre, *lab.box, lab.scale, lab.fits,
               lab.disc] for lab in entry.plan.labels]
    return [anchors, labels]


def decode(raw: list[Any], obstacles: tuple[Box, ...]) -> SideLabels:
    anchors, labels = raw
    return SideLabels(
        tuple(((float(x), float(y)), float(radius)) for x, y, radius in anchors),
        LabelPlan(tuple(Label(kind, region, key, (cx, cy), (x0, y0, x1, y1), scale,
                              (), fits, disc)
                        for kind, region, key, cx, cy, x0, y0, x1, y1, scale, fits, disc
                        in labels), obstacles))


@cache
def _table(stamp: str) -> dict[str, list[Any]]:
    """The table's sides, or none when it was made with other settings (or is unreadable:
    the labels are then worked out, as for a custom design)."""
    try:
        data = json.loads(data_file(TABLE_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if data.get("version") != TABLE_VERSION or data.get("settings") != stamp:
        return {}
    sides: dict[str, list[Any]] = data["sides"]
    return sides


def lookup(regions: Sequence[RegionTemplate], rotation: int, stamp: str,
           obstacles: tuple[Box, ...]) -> SideLabels | None:
    """The stored labels of a side at ``rotation``, if the table has that design."""
    found = _table(stamp).get(side_key(regions))
    if found is None:
        return None
    return decode(found[rotation % 6], obstacles)
