"""Inventory family: a scenario must be playable with the pieces in the boxes.

Counts are per player count (pieces of different layouts are never on the
table together); the box sizes are the ``[inventory]`` settings.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from editor.lint.context import CountContext
from editor.lint.findings import Hit
from editor.lint.registry import rule
from editor.model.jsonpos import PathKey

NAMES = {
    "chasm": "chasms", "peak": "peaks", "black_mountain": "black mountains",
    "mountain": "mountains", "lost_tribe": "lost tribes", "coin_mine": "coin mines",
    "tunnel": "tunnel tokens", "river_marker": "river markers", "rusted_throne": "thrones",
}


def _pieces(ctx: CountContext) -> dict[str, list[PathKey]]:
    """Where each kind of piece is used for this player count."""
    used: dict[str, list[PathKey]] = defaultdict(list)
    catalogue = ctx.doc.loaded.catalogue
    where = ctx.locate.of
    tribes: dict[tuple[str, str], int] = ctx.doc.cache.setdefault("printed_tribes", {})
    for board, tiles, rivers, markers in ctx.on_board.boards:
        for river in rivers:
            used["river_marker"].append(where(river))
        for marker in markers:
            used[marker.kind].append(where(marker))
        for placement in tiles:
            key = (placement.tile, placement.side)
            printed = tribes.get(key)
            if printed is None:
                tile = catalogue.tiles.get(placement.tile)
                side = tile.sides.get(placement.side) if tile else None
                printed = tribes[key] = sum(1 for region in (side.regions if side else ())
                                            if "lost_tribe" in region.symbols)
            if printed:
                used["lost_tribe"].extend([where(placement)] * printed)
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
            yield Hit("I001", f"{len(places)} {name} used, the boxes hold {limit}",
                      f"remove {len(places) - limit}, or raise inventory.{kind} in the lint "
                      "config if the collection assumes more boxes", places[limit])


@rule("I002", "error", "a tunnel number is not used by exactly two tunnel tokens", "count")
def tunnel_pairs(ctx: CountContext) -> Iterator[Hit]:
    by_number: dict[int, list[PathKey]] = defaultdict(list)
    regions: dict[int, list[str]] = defaultdict(list)
    for _, marker in ctx.doc.active_markers(ctx.players):
        if marker.kind == "tunnel" and isinstance(marker.attrs.get("number"), int):
            by_number[marker.attrs["number"]].append(ctx.locate.of(marker))
            if marker.region:
                regions[marker.attrs["number"]].append(marker.region)
    for number, places in sorted(by_number.items()):
        if len(places) != 2:
            yield Hit("I002", f"tunnel {number} is used {len(places)} time"
                      f"{'s' if len(places) != 1 else ''}, a tunnel joins exactly two regions",
                      "give each tunnel number to exactly two tunnel markers",
                      places[min(2, len(places) - 1)], regions=tuple(regions[number]))
