"""Edits of a multi-selection (several tiles and markers): move, rotate about the common
centre, delete, and the clipboard form used by copy, cut, paste and duplicate.

Each edit is one undo macro. The clipboard holds JSON text tagged with ``CLIP_FORMAT``; it
may come from another document or another program, so :func:`parse_clip` checks every field and
drops what it does not understand instead of failing.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

from editor.gui import commands as cmd
from editor.gui.document import ScenarioDocument, Selection
from editor.gui.shapes import hex_centre, scene_to_hex
from editor.model.scenario import Marker, Placement, Presence

CLIP_FORMAT = "realms-selection/1"
MAX_CLIP_ITEMS = 5000
SCALARS = (str, int, float, bool)


def rotate_offset(dq: int, dr: int, steps: int) -> tuple[int, int]:
    """An axial offset turned by ``steps`` sixths, the way a tile's rotation turns
    its edges (direction i becomes direction i + 1)."""
    for _ in range(steps % 6):
        dq, dr = dq + dr, -dq
    return dq, dr


def group_centre(cells: list[tuple[int, int]]) -> tuple[int, int]:
    """The hex nearest the centroid of ``cells`` (what a group turns about)."""
    points = [hex_centre(q, r) for q, r in cells]
    x = sum(p[0] for p in points) / len(points)
    y = sum(p[1] for p in points) / len(points)
    return scene_to_hex(x, y)


def free_for(doc: ScenarioDocument, cells: list[tuple[int, int]], moving: set[int],
             presences: list[Presence] | None = None) -> bool:
    """Whether every cell is empty once the tiles in ``moving`` have left: no other tile
    there shares a player count with the one landing (``presences``, one per cell; by
    default what new items get), shown or hidden at the current count."""
    if len(set(cells)) != len(cells):
        return False
    wanted = presences or [doc.new_presence()] * len(cells)
    return all(doc.tile_clash(q, r, presence, ignore=moving) is None
               for (q, r), presence in zip(cells, wanted, strict=True))


def move_tiles(doc: ScenarioDocument, indexes: list[int], dq: int, dr: int) -> bool:
    tiles = doc.board.tiles
    targets = [(tiles[i].q + dq, tiles[i].r + dr) for i in indexes]
    if (dq, dr) == (0, 0) or not free_for(doc, targets, set(indexes),
                                          [tiles[i].presence for i in indexes]):
        return False
    doc.undo_stack.beginMacro(f"Move {len(indexes)} tiles")
    for index, (q, r) in zip(indexes, targets, strict=True):
        doc.undo_stack.push(cmd.MoveTile(doc, doc.board_id, index, q, r))
    doc.undo_stack.endMacro()
    return True


def rotate_tiles(doc: ScenarioDocument, indexes: list[int], steps: int) -> bool:
    """Turn the tiles as one piece about their common centre hex."""
    tiles = doc.board.tiles
    cq, cr = group_centre([(tiles[i].q, tiles[i].r) for i in indexes])
    targets = []
    for i in indexes:
        dq, dr = rotate_offset(tiles[i].q - cq, tiles[i].r - cr, steps)
        targets.append((cq + dq, cr + dr))
    if not free_for(doc, targets, set(indexes), [tiles[i].presence for i in indexes]):
        return False
    doc.undo_stack.beginMacro(f"Rotate {len(indexes)} tiles")
    for index, (q, r) in zip(indexes, targets, strict=True):
        old = doc.board.tiles[index]
        new = replace(old, q=q, r=r, rotation=(old.rotation + steps) % 6)
        doc.undo_stack.push(cmd.ReplaceTile(doc, doc.board_id, index, new,
                                            f"Rotate tile {old.tile}"))
    doc.undo_stack.endMacro()
    return True


def delete_items(doc: ScenarioDocument, tiles: list[int], markers: list[int],
                 text: str) -> None:
    """Markers first (their indexes do not move when tiles go), then tiles, highest index
    first, so each command addresses what is still there."""
    board = doc.board_id
    doc.undo_stack.beginMacro(text)
    for index in sorted(markers, reverse=True):
        doc.undo_stack.push(cmd.RemoveMarker(doc, board, index))
    for index in sorted(tiles, reverse=True):
        doc.undo_stack.push(cmd.DeleteTile(doc, board, index))
    doc.undo_stack.endMacro()
    doc.select(Selection())


# ----- clipboard -----------------------------------------------------------------------------
def copy_items(doc: ScenarioDocument, tiles: list[int], markers: list[int]) -> dict[str, Any]:
    """The selection as plain data, tile positions relative to the first tile."""
    board = doc.board
    placed = [board.tiles[i] for i in sorted(tiles)]
    anchor = (placed[0].q, placed[0].r) if placed else (0, 0)
    chosen = [board.markers[i] for i in sorted(markers)]
    letters = {p.tile for p in placed}
    # Markers on a copied tile travel with it even when not selected themselves.
    chosen += [m for m in board.markers if m not in chosen and m.region is not None
               and m.region.rpartition(".")[0] in letters and doc.active(m)]
    return {
        "format": CLIP_FORMAT,
        "anchor": list(anchor),
        "tiles": [{"tile": p.tile, "side": p.side, "dq": p.q - anchor[0],
                   "dr": p.r - anchor[1], "rotation": p.rotation} for p in placed],
        "markers": [{"kind": m.kind, "region": m.region,
                     "hex": [m.hex[0] - anchor[0], m.hex[1] - anchor[1]] if m.hex else None,
                     "attrs": m.attrs} for m in chosen],
    }


@dataclass(frozen=True)
class Clip:
    anchor: tuple[int, int]
    tiles: tuple[tuple[str, str, int, int, int], ...]  # tile, side, dq, dr, rotation
    markers: tuple[tuple[str, str | None, tuple[int, int] | None, dict[str, Any]], ...]


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) \
        and abs(value) < 10_000 else None


def parse_clip(text: str) -> Clip | None:
    """A clipboard text as a Clip, or None when it is not a Realms selection."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or data.get("format") != CLIP_FORMAT:
        return None
    anchor = data.get("anchor")
    if not (isinstance(anchor, list) and len(anchor) == 2
            and all(_int(v) is not None for v in anchor)):
        anchor = [0, 0]
    tiles = []
    for entry in (data.get("tiles") or [])[:MAX_CLIP_ITEMS]:
        if not isinstance(entry, dict):
            continue
        tile, side = entry.get("tile"), entry.get("side")
        dq, dr, rot = _int(entry.get("dq")), _int(entry.get("dr")), _int(entry.get("rotation"))
        if isinstance(tile, str) and isinstance(side, str) and None not in (dq, dr, rot):
            assert dq is not None and dr is not None and rot is not None
            tiles.append((tile, side, dq, dr, rot % 6))
    markers = []
    for entry in (data.get("markers") or [])[:MAX_CLIP_ITEMS]:
        if not isinstance(entry, dict) or not isinstance(entry.get("kind"), str):
            continue
        region = entry.get("region")
        spot = entry.get("hex")
        cell = None
        if isinstance(spot, list) and len(spot) == 2:
            q, r = _int(spot[0]), _int(spot[1])
            cell = (q, r) if q is not None and r is not None else None
        attrs = entry.get("attrs")
        attrs = {k: v for k, v in attrs.items() if isinstance(k, str)
                 and isinstance(v, SCALARS)} if isinstance(attrs, dict) else {}
        if isinstance(region, str) or cell is not None:
            markers.append((entry["kind"], region if isinstance(region, str) else None,
                            cell, attrs))
    return Clip((anchor[0], anchor[1]), tuple(tiles), tuple(markers))


def count_text(count: int, clip: Clip) -> str:
    """"1 marker", "3 items": what a paste put down, in words."""
    noun = "marker" if not clip.tiles else "tile" if not clip.markers else "item"
    return f"{count} {noun}{'s' if count != 1 else ''}"


def paste_clip(doc: ScenarioDocument, clip: Clip, at: tuple[int, int] | None,
               text: str = "Paste", onto: str | None = None) -> tuple[int, list[str]]:
    """Paste ``clip`` with its first tile at ``at`` (its old place when None). Markers
    copied without their tile land on region ``onto``, the one under the mouse (issue 28,
    point 5; where they were when None), and crop spaces at ``at``. Returns how many
    items landed and why the others did not. One undo step."""
    aq, ar = at if at is not None else clip.anchor
    if not clip.tiles and at is not None:
        first = next((cell for _k, _r, cell, _a in clip.markers if cell is not None), None)
        if first is not None:  # crop spaces alone: the first one lands under the mouse
            aq, ar = at[0] - first[0], at[1] - first[1]
    notes: list[str] = []
    presence = doc.new_presence()
    placements = []
    refused: set[str] = set()  # markers on these copied tiles stay behind with them
    for tile, side, dq, dr, rotation in clip.tiles:
        if tile not in doc.catalogue.tiles:
            notes.append(f"tile {tile} is not in this scenario's catalogues")
            refused.add(tile)
            continue
        if doc.tile_uses(tile, presence):
            notes.append(f"tile {tile} is already placed (each tile exists once)")
            refused.add(tile)
            continue
        if side not in doc.catalogue.tiles[tile].sides:
            side = next(iter(doc.catalogue.tiles[tile].sides))
        placements.append(Placement(tile, side, aq + dq, ar + dr, rotation,
                                    presence))
    cells = [(p.q, p.r) for p in placements]
    if not free_for(doc, cells, set()):
        return 0, ["the tiles would land on tiles already there; paste somewhere empty"]
    letters = {p.tile for p in placements}
    markers = []
    for kind, region, cell, attrs in clip.markers:
        if region is not None:
            if not clip.tiles and onto is not None:
                region = onto
            tile = region.rpartition(".")[0]
            if tile in refused:
                continue
            if tile not in letters and doc.tile_index(tile) is None:
                notes.append(f"{kind.replace('_', ' ')} on {region}: no tile {tile} here")
                continue
            markers.append(Marker(kind, region, None, dict(attrs), presence))
        elif cell is not None:
            markers.append(Marker(kind, None, (aq + cell[0], ar + cell[1]), dict(attrs),
                                  presence))
    count = len(placements) + len(markers)
    if count == 0:
        return 0, notes
    board = doc.board_id
    first_tile = len(doc.board.tiles)
    first_marker = len(doc.board.markers)
    doc.undo_stack.beginMacro(f"{text} {count_text(count, clip)}")
    for placement in placements:
        doc.undo_stack.push(cmd.PlaceTile(doc, board, placement))
    for marker in markers:
        doc.undo_stack.push(cmd.AddMarker(doc, board, marker))
    doc.undo_stack.endMacro()
    doc.select(Selection(board, tiles=tuple(range(first_tile, first_tile + len(placements))),
                         markers=tuple(range(first_marker, first_marker + len(markers)))))
    return count, notes
