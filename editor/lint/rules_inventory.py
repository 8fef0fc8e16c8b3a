"""Inventory family: a scenario must be playable with the pieces in the boxes.

Counts are per player count (pieces of different layouts are never on the
table together); the box sizes are the ``[inventory]`` settings.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from typing import Any

from editor.lint.context import CountContext
from editor.lint.findings import Hit
from editor.lint.registry import rule
from editor.model.catalogue import TileSide
from editor.model.jsonpos import PathKey
from editor.model.scenario import Placement

NAMES = {
    "chasm": "chasms", "peak": "peaks", "black_mountain": "black mountains",
    "mountain": "mountains", "lost_tribe": "lost tribes", "coin_mine": "coin mines",
    "tunnel": "tunnel tokens", "river_marker": "river markers", "rusted_throne": "thrones",
}


# Lost tribes printed on a tile side, by the side object, for every file linted after
# (most use the same bundled sides). A catalogue side is frozen, down to its regions'
# symbols, so a count never goes stale: the side is kept beside it, so an id reused by a
# new side is never taken for the old one.
_PRINTED: dict[int, tuple[TileSide, int]] = {}
_PRINTED_KEPT = 2048


def _printed(side: TileSide) -> tuple[TileSide, int]:
    """``side`` with the number of lost tribes printed on it, remembered."""
    if len(_PRINTED) >= _PRINTED_KEPT:
        _PRINTED.clear()
    found = _PRINTED[id(side)] = (side, sum(1 for region in side.regions
                                            if "lost_tribe" in region.symbols))
    return found


def _tribe_tiles(ctx: CountContext) -> list[list[tuple[Placement, int]]]:
    """Per board, its tiles whose side has lost tribes printed on it, with how many, in
    document order; once per document (a tile side's count is looked up once)."""
    found: list[list[tuple[Placement, int]]] | None = ctx.doc.cache.get("tribe_tiles")
    if found is None:
        tiles = ctx.doc.loaded.catalogue.tiles
        known = _PRINTED
        found = ctx.doc.cache["tribe_tiles"] = []
        for board in ctx.scenario.boards:
            printing = []
            for placement in board.tiles:
                tile = tiles.get(placement.tile)
                side = tile.sides.get(placement.side) if tile else None
                if side is None:
                    continue
                printed = known.get(id(side))
                if printed is None or printed[0] is not side:
                    printed = _printed(side)
                if printed[1]:
                    printing.append((placement, printed[1]))
            found.append(printing)
    return found


def _pieces(ctx: CountContext) -> dict[str, list[Any]]:
    """The pieces of each kind used for this player count, in document order: the river
    marker or marker, a tile once per lost tribe printed on its side, or the JSON path of
    a graph-only region printed with one (paths are looked up only for the piece I001
    points at)."""
    used: dict[str, list[Any]] = defaultdict(list)
    players, least = ctx.players, ctx.scenario.players_min
    for (board, _, rivers, markers), printing in zip(ctx.on_board.boards, _tribe_tiles(ctx),
                                                     strict=True):
        if rivers:
            used["river_marker"] += rivers
        for marker in markers:
            used[marker.kind].append(marker)
        if printing:
            tribes = used["lost_tribe"]
            for placement, printed in printing:  # (the tiles in play: OnBoard's test)
                if placement.presence.includes(players, least):
                    if printed == 1:  # (most sides print one)
                        tribes.append(placement)
                    else:
                        tribes += [placement] * printed
        if board.graph is not None:
            for index, region in enumerate(board.graph.get("regions", [])):
                if "lost_tribe" in region.get("symbols", []):
                    used["lost_tribe"].append(
                        (*ctx.locate.of(board), "graph", "regions", index))
    return used


@rule("I001", "error", "more pieces of a kind than the boxes hold", "count")
def too_many(ctx: CountContext) -> Iterator[Hit]:
    used = _pieces(ctx)
    for kind, limit in ctx.config.inventory.items():
        places = used.get(kind, [])
        if len(places) > limit:
            name = NAMES.get(kind, kind)
            piece = places[limit]
            yield Hit("I001", f"{len(places)} {name} used, the boxes hold {limit}",
                      f"remove {len(places) - limit}, or raise inventory.{kind} in the lint "
                      "config if the collection assumes more boxes",
                      piece if isinstance(piece, tuple) else ctx.locate.of(piece))


@rule("I002", "error", "a tunnel number is not used by exactly two tunnel tokens", "count")
def tunnel_pairs(ctx: CountContext) -> Iterator[Hit]:
    tunnels = ctx.on_board.of_kind("tunnel")
    if not tunnels:  # (most realms)
        return
    by_number: dict[int, list[PathKey]] = defaultdict(list)
    regions: dict[int, list[str]] = defaultdict(list)
    for _, marker in tunnels:
        if isinstance(marker.attrs.get("number"), int):
            by_number[marker.attrs["number"]].append(ctx.locate.of(marker))
            if marker.region:
                regions[marker.attrs["number"]].append(marker.region)
    for number, places in sorted(by_number.items()):
        if len(places) != 2:
            yield Hit("I002", f"tunnel {number} is used {len(places)} time"
                      f"{'s' if len(places) != 1 else ''}, a tunnel joins exactly two regions",
                      "give each tunnel number to exactly two tunnel markers",
                      places[min(2, len(places) - 1)], regions=tuple(regions[number]))
