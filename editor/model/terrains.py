"""The terrain vocabulary, read from ``editor/data/terrains.json`` (data, not code).

Surface and underground faces print different land terrains; a mountain is the terrain a
mountain piece gives the region under it. Everything that lists terrains (the catalogue,
the derivation, metrics, legends, exporters) asks here, so adding a terrain is one edit of
the data file and the schemas' enums.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from editor.model.paths import data_file


@cache
def _data() -> dict[str, Any]:
    with open(data_file("terrains.json"), encoding="utf-8") as stream:
        data: dict[str, Any] = json.load(stream)
    return data


def _tuple(key: str) -> tuple[str, ...]:
    return tuple(_data()[key])


SURFACE_TERRAINS: tuple[str, ...] = _tuple("surface")
UNDERGROUND_TERRAINS: tuple[str, ...] = tuple(
    t for t in _tuple("underground") if t not in SURFACE_TERRAINS)
MOUNTAIN: str = _data()["mountain"]
WATER: str = _data()["water"]
# Every land terrain a region can have, printed or from a piece: the 1/5 rule, metrics and
# legends list them in this order.
LAND_TERRAINS: tuple[str, ...] = (*SURFACE_TERRAINS, MOUNTAIN, *UNDERGROUND_TERRAINS)
PRINTED_TERRAINS: tuple[str, ...] = (*SURFACE_TERRAINS, *UNDERGROUND_TERRAINS, WATER)


def face_terrains(side: str) -> tuple[str, ...]:
    """The terrains a region of a ``side`` face ("surface" or "underground") may be given in
    the tile designer: that world's printed terrains and water, never a mountain (a piece)."""
    faces: dict[str, list[str]] = _data()["faces"]
    return tuple(faces[side])


def engine_terrain(terrain: str) -> str:
    """The base-game terrain an engine that knows only the base game gets for ``terrain``."""
    mapping: dict[str, str] = _data()["engine_terrain"]
    return mapping.get(terrain, terrain)
