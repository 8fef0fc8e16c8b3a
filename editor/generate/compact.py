"""Compactness of a board's tile positions: the generators' measure of "a blob, not a snake".

A tile *hangs* when it touches only one other tile of its board (it is held by one
edge): such a tile is a peninsula that is also a chokepoint on the table. The booklet's
laid boards have none once a board has three tiles or more, so the generators hold it to 0.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from editor.model.lattice import NEIGHBOUR_DIRECTIONS

Hex = tuple[int, int]


def touching(hexes: set[Hex], h: Hex) -> int:
    """How many of ``h``'s six neighbours are in ``hexes``."""
    return sum(1 for dq, dr in NEIGHBOUR_DIRECTIONS if (h[0] + dq, h[1] + dr) in hexes)


def hanging(hexes: Iterable[Hex]) -> int:
    """Tiles held by one edge at most, on a board of three tiles or more (a board of one or
    two tiles cannot do better)."""
    taken = set(hexes)
    if len(taken) < 3:
        return 0
    return sum(1 for h in taken if touching(taken, h) <= 1)


def hanging_tiles(data: Mapping[str, Any]) -> int:
    """:func:`hanging` summed over the boards of scenario data (a ``.realm.json`` dict)."""
    total = 0
    for board in data.get("boards", []):
        total += hanging((int(t["q"]), int(t["r"])) for t in board.get("tiles", []))
    return total
