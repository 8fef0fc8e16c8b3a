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
    for board in ctx.scenario.boards:
        for river in board.river_markers:
            if ctx.doc.active(river, ctx.players):
                used["river_marker"].append(ctx.locate.of(river))
        for marker in board.markers:
            if ctx.doc.active(marker, ctx.players):
                used[marker.kind].append(ctx.locate.of(marker))
        for placement in board.tiles:
            if not ctx.doc.active(placement, ctx.players):
                continue
            tile = catalogue.tiles.get(placement.tile)
            side = tile.sides.get(placement.side) if tile else None
            for region in side.regions if side else ():
                if "lost_tribe" in region.symbols:
                    used["lost_tribe"].append(ctx.locate.of(placement))
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
