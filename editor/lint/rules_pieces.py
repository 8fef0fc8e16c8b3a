"""Geometry family, continued: pieces and links that are laid but mean nothing.

A crop space on a hex that holds a tile, a tunnel or a link whose two ends are one region,
and the same link written twice all pass the schema and the derivation silently (the graph
of play just ignores them), yet each is a designer's mistake. Every check is one pass over
the markers or links, so a file with hundreds of links stays fast.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from editor.lint.context import CountContext
from editor.lint.findings import Hit
from editor.lint.registry import rule
from editor.model.jsonpos import PathKey
from editor.model.worlds import board_face, wrong_faces

CROP_ON_TILE = "G012"
TUNNEL_ONE_REGION = "G013"
SELF_LINK = "G014"
DUPLICATE_LINK = "G015"
WRONG_WORLD = "G016"


@rule(CROP_ON_TILE, "error", "a crop space is on a hex that holds a tile", "count")
def crop_space_on_tile(ctx: CountContext) -> Iterator[Hit]:
    if not ctx.on_board.of_kind("crop_space"):
        return
    for board, tiles, _, markers in ctx.on_board.boards:
        crops = [m for m in markers if m.kind == "crop_space" and m.hex is not None]
        if not crops:
            continue
        occupied = {(p.q, p.r): p.tile for p in tiles}
        for marker in crops:
            if marker.hex not in occupied:
                continue
            letter = occupied[marker.hex]
            q, r = marker.hex
            yield Hit(CROP_ON_TILE, f"crop space at hex ({q}, {r}) of board {board.id}, where "
                      f"tile {letter} lies", "crop spaces go on an empty hex (a hole the tiles "
                      "surround): move the crop space or the tile",
                      (*ctx.locate.of(marker), "hex"), tiles=(letter,))


def _region(ctx: CountContext, ref: str) -> str:
    """The region a reference names for this count (a water part names its body)."""
    return ctx.realm.resolve(ref) or ref


@rule(TUNNEL_ONE_REGION, "error", "a tunnel's two ends are in one region", "realm")
def tunnel_in_one_region(ctx: CountContext) -> Iterator[Hit]:
    tunnels = ctx.on_board.of_kind("tunnel")
    if not tunnels:  # (most realms)
        return
    ends: dict[int, list[tuple[str, PathKey]]] = defaultdict(list)
    for _, marker in tunnels:
        number = marker.attrs.get("number")
        if isinstance(number, int) and marker.region:
            ends[number].append((marker.region, (*ctx.locate.of(marker), "region")))
    for number, pair in sorted(ends.items()):
        if len(pair) != 2:
            continue  # I002 counts the tokens
        (a, _), (b, path) = pair
        region = _region(ctx, a)
        if region == _region(ctx, b):
            same = f"both on {a}" if a == b else f"on {a} and {b}, both part of {region}"
            yield Hit(TUNNEL_ONE_REGION, f"tunnel {number} has its two ends {same}",
                      "a tunnel joins two different regions: move one of its tokens",
                      path, regions=(region,))


@rule(SELF_LINK, "error", "a link joins a region to itself", "realm")
def self_link(ctx: CountContext) -> Iterator[Hit]:
    for index, link in ctx.on_board.links:
        region = _region(ctx, link.a)
        if region == _region(ctx, link.b):
            same = f"{link.a} to itself" if link.a == link.b else (
                f"{link.a} to {link.b}, both part of {region}")
            yield Hit(SELF_LINK, f"{link.kind} link joins {same}",
                      "a link joins two different regions: change one end or remove it",
                      ("links", index, "b"), regions=(region,))


@rule(DUPLICATE_LINK, "warning", "the same link (kind and ends, in either order) is written "
      "twice", "realm")
def duplicate_link(ctx: CountContext) -> Iterator[Hit]:
    first: dict[tuple[str, frozenset[str]], int] = {}
    for index, link in ctx.on_board.links:
        a, b = _region(ctx, link.a), _region(ctx, link.b)
        if a == b:
            continue  # G014 says it
        key = (link.kind, frozenset((a, b)))
        if key not in first:
            first[key] = index
            continue
        yield Hit(DUPLICATE_LINK, f"{link.kind} link between {link.a} and {link.b} repeats "
                  f"links[{first[key]}]", "remove it: one link already joins these regions",
                  ("links", index), regions=tuple(sorted((a, b))))


@rule(WRONG_WORLD, "error", "a tile shows the face of the other world than its board's (an "
      "underground face on a surface board, or the reverse)", "count")
def wrong_world(ctx: CountContext) -> Iterator[Hit]:
    """One stray flip lays a tile's underground face on the surface (or the reverse): its
    regions would be counted as the board's land. The message offers the board's face as a
    "did you mean" (the language server's quick fix writes it)."""
    found = ctx.doc.cache.get(WRONG_WORLD)
    if found is None:  # (once per document; most have none)
        found = ctx.doc.cache[WRONG_WORLD] = list(wrong_faces(ctx.scenario.boards))
    least = ctx.scenario.players_min
    for b_index, t_index, board, placement in found:
        if not placement.presence.includes(ctx.players, least):
            continue
        wanted = board_face(board.kind)
        kind = board.kind.replace("_", " ")
        yield Hit(WRONG_WORLD, f"tile {placement.tile} lies with its {placement.side} face on "
                  f"board {board.id}, a{'n' if kind[0] in 'aeiou' else ''} {kind} board; did "
                  f"you mean '{wanted}'?",
                  f"turn it over to its {wanted} face (F in the editor), or move it to a "
                  f"board of its {placement.side} world",
                  ("boards", b_index, "tiles", t_index, "side"), tiles=(placement.tile,))
