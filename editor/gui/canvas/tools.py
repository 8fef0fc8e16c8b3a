"""Editing tools: what a click on the canvas does. Every change goes through a command."""

from __future__ import annotations

from dataclasses import dataclass, replace

from PySide6.QtCore import QObject, Signal

from editor.gui import commands as cmd
from editor.gui import group
from editor.gui.document import ScenarioDocument, Selection
from editor.gui.shapes import (
    HEX_SIZE,
    edge_segment,
    hex_centre,
    local_point,
    nearest_edge,
    region_at,
    seam_has_water,
)
from editor.model.lattice import neighbour
from editor.model.scenario import Link, Marker, Placement, Presence, RiverMarker

LOCKABLE = ("tiles", "markers", "links")  # layers the Layers panel can lock
PAIR_TOOLS = ("tunnel", "cloud_bridge", "sky_access", "custom_link")
# Tools whose name differs from the link kind they draw.
LINK_KIND = {"custom_link": "custom"}
DEFAULT_CUSTOM_LABEL = "custom"
HEX_MARKERS = ("crop_space",)
DEFAULT_ATTRS: dict[str, dict[str, object]] = {
    "gold_vein": {"vein": "A"},
    "monster_stack": {"count": 2},
    "place": {"face": "down"},
    "relic": {"face": "down"},
}


@dataclass(frozen=True)
class Tool:
    """``kind``: select | tile | marker | river | erase. ``name``: tile key or marker/link
    kind."""

    kind: str = "select"
    name: str = ""
    side: str = "surface"
    rotation: int = 0  # how an armed tile will land (R / Shift+R turn it before placing)


@dataclass(frozen=True)
class Hit:
    """What lies under a scene point on the shown board."""

    q: int
    r: int
    tile_index: int | None
    region: str | None


@dataclass(frozen=True)
class Seam:
    """A side shared by two placed tiles, as tile ``index`` sees it (its local edge)."""

    index: int
    edge: int
    start: tuple[float, float]  # scene end points of the shared side
    end: tuple[float, float]


class CanvasEditor(QObject):
    toolChanged = Signal()
    pendingChanged = Signal()  # a pair tool's first end was picked or dropped
    message = Signal(str)

    def __init__(self, doc: ScenarioDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.tool = Tool()
        self.pending: tuple[str, str] | None = None  # (board, region) of a pair tool's first end
        self.custom_label = DEFAULT_CUSTOM_LABEL  # what custom markers and links are called
        self.locked: set[str] = set()  # layers (LOCKABLE) the tools must leave alone

    def set_locked(self, layer: str, locked: bool) -> None:
        """Lock or unlock a layer (the Layers panel's "Locked" box)."""
        if locked:
            self.locked.add(layer)
        else:
            self.locked.discard(layer)

    def refuse_locked(self, layer: str) -> bool:
        """True (and say so in the status bar) when ``layer`` is locked."""
        if layer not in self.locked:
            return False
        self.message.emit(f"The {layer} layer is locked (Layers panel)")
        return True

    # ----- tools ---------------------------------------------------------------------------
    def set_tool(self, tool: Tool) -> None:
        self.tool = tool
        self._set_pending(None)
        self.toolChanged.emit()
        hints = {
            "tile": f"Click an empty hex to place tile {tool.name} ({tool.side}); "
                    "right-click or Esc to stop",
            "marker": f"Click a region to lay a {tool.name.replace('_', ' ')}",
            "river": "Click a highlighted seam (water on both sides) to lay or lift a river "
                     "border marker",
        }
        if tool.kind == "marker" and tool.name in PAIR_TOOLS:
            named = f" \u201c{self.custom_label}\u201d" if tool.name in LINK_KIND else ""
            self.message.emit(f"{tool.name.replace('_', ' ')}{named}: click the first region")
        elif tool.kind in hints:
            self.message.emit(hints[tool.kind])

    def _set_pending(self, pending: tuple[str, str] | None) -> None:
        if pending != self.pending:
            self.pending = pending
            self.pendingChanged.emit()

    def rotate_tool(self, steps: int) -> bool:
        """Turn the armed tile before it lands; False when no tile is armed."""
        if self.tool.kind != "tile":
            return False
        self.tool = replace(self.tool, rotation=(self.tool.rotation + steps) % 6)
        self.toolChanged.emit()
        return True

    def disarm(self) -> None:
        if self.tool.kind != "select":
            self.set_tool(Tool())
            self.message.emit("Select")

    # ----- hit testing ----------------------------------------------------------------------
    def hit(self, x: float, y: float) -> Hit:
        from editor.gui.shapes import scene_to_hex

        q, r = scene_to_hex(x, y)
        index = self.doc.tile_at(q, r)
        region = None
        if index is not None:
            placement = self.doc.board.tiles[index]
            side = self.doc.catalogue.side(placement.tile, placement.side)
            local = region_at(side, placement.rotation, local_point(x, y, q, r))
            region = f"{placement.tile}.{local}" if local else None
        return Hit(q, r, index, region)

    def _presence(self) -> Presence:
        return self.doc.new_presence()

    def tile_refusal(self, tile: str) -> str | None:
        """Why ``tile`` cannot be placed now (it is on a board for a count the new placement
        would share: lint's G002), or None."""
        uses = self.doc.tile_uses(tile, self._presence())
        if not uses:
            return None
        where = "; ".join(self.doc.describe_use(board, p) for board, p in uses)
        return (f"Tile {tile} is already placed ({where}); each tile exists once. Move that "
                "one, or change its player counts in the inspector")

    # ----- clicks ---------------------------------------------------------------------------
    def click(self, x: float, y: float) -> None:
        hit = self.hit(x, y)
        kind = self.tool.kind
        if kind == "tile":
            if self.place_tile(self.tool.name, self.tool.side, hit.q, hit.r,
                               self.tool.rotation):
                self._arm_next_tile()
        elif kind == "marker":
            self._marker_click(hit)
        elif kind == "river":
            self._river_click(x, y, hit)
        elif kind == "erase":
            self.erase(hit)
        else:
            self.select_at(hit)

    def _arm_next_tile(self) -> None:
        """The tile tool stays armed after a placement, as the marker tool does (Tiled's
        stamp): each tile exists once, so it takes the next free tile of the catalogue
        (same side, same turn); with none left it goes back to select."""
        keys = list(self.doc.catalogue.tiles)
        start = keys.index(self.tool.name) + 1 if self.tool.name in keys else 0
        used = self.doc.placements_by_tile(self._presence())  # one pass over the boards
        for key in keys[start:] + keys[:start]:
            if self.tool.side in self.doc.catalogue.tiles[key].sides and key not in used:
                self.tool = replace(self.tool, name=key)
                self.toolChanged.emit()
                self.message.emit(f"Tile {key} armed next; Esc or right click to stop")
                return
        self.disarm()

    def erase(self, hit: Hit, item: tuple[str, int] | None = None) -> None:
        """Remove ``item`` (("marker" | "river" | "link", index), what lies on top) or else
        the tile under ``hit``; one undo step."""
        board = self.doc.board_id
        if self.refuse_locked("tiles" if item is None else
                              "links" if item[0] == "link" else "markers"):
            return
        if item is not None:
            kind, index = item
            if kind == "marker":
                self.doc.undo_stack.push(cmd.RemoveMarker(self.doc, board, index))
            elif kind == "river":
                self.doc.undo_stack.push(cmd.RemoveRiverMarker(self.doc, board, index))
            else:
                self.doc.undo_stack.push(cmd.RemoveLink(self.doc, index))
            self.doc.select(Selection())
            return
        if hit.tile_index is None:
            self.message.emit("Nothing to erase here")
            return
        self.doc.undo_stack.push(cmd.DeleteTile(self.doc, board, hit.tile_index))

    def select_at(self, hit: Hit) -> None:
        if hit.tile_index is None:
            self.doc.select(Selection())
        else:
            self.doc.select(Selection(self.doc.board_id, hit.tile_index, hit.region))

    def place_tile(self, tile: str, side: str, q: int, r: int, rotation: int = 0) -> bool:
        if self.refuse_locked("tiles"):
            return False
        refusal = self.tile_refusal(tile)
        if refusal is not None:
            self.message.emit(refusal)
            return False
        if not self._hex_free(q, r, self._presence()):
            return False
        if side not in self.doc.catalogue.tiles[tile].sides:
            side = next(iter(self.doc.catalogue.tiles[tile].sides))
        placement = Placement(tile, side, q, r, rotation % 6, self._presence())
        self.doc.undo_stack.push(cmd.PlaceTile(self.doc, self.doc.board_id, placement))
        index = len(self.doc.board.tiles) - 1
        self.doc.select(Selection(self.doc.board_id, index))
        self.message.emit(f"Placed tile {tile} at ({q}, {r})")
        return True

    def explain_taken(self, q: int, r: int) -> None:
        """Say in the status bar why a new tile cannot go on (q, r), if it cannot (a drag
        over a taken hex: the drop is refused, and nothing else would say why)."""
        self._hex_free(q, r, self._presence())

    def _hex_free(self, q: int, r: int, presence: Presence, moving: int | None = None) -> bool:
        """Whether a tile with ``presence`` may lie on (q, r): no tile there shares one of
        its player counts, shown or not (else the status bar says which)."""
        clash = self.doc.tile_clash(q, r, presence, ignore=() if moving is None else (moving,))
        if clash is None:
            return True
        other = self.doc.board.tiles[clash]
        if self.doc.active(other):
            self.message.emit(f"Hex ({q}, {r}) is taken by tile {other.tile}; pick an empty hex")
        else:
            where = self.doc.describe_use(self.doc.board, other).rpartition(", ")[2]
            self.message.emit(f"Hex ({q}, {r}) holds tile {other.tile} at {where} (shown "
                              "dimmed): a tile here would overlap it there")
        return False

    def _marker_click(self, hit: Hit) -> None:
        name = self.tool.name
        if self.refuse_locked("links" if name in ("cloud_bridge", "custom_link")
                              else "markers"):
            return
        board = self.doc.board_id
        if name in HEX_MARKERS:
            if hit.tile_index is not None:
                self.message.emit("A crop space goes on an empty hex")
                return
            self.doc.undo_stack.push(cmd.AddMarker(self.doc, board, Marker(
                name, None, (hit.q, hit.r), {}, self._presence())))
            return
        if hit.region is None:
            self.message.emit("Click inside a region")
            return
        if name in PAIR_TOOLS:
            self._pair_click(board, hit.region)
            return
        attrs = dict(DEFAULT_ATTRS.get(name, {}))
        if name == "custom":
            attrs["label"] = self.custom_label
        self.doc.undo_stack.push(cmd.AddMarker(self.doc, board, Marker(
            name, hit.region, None, attrs, self._presence())))
        self.doc.select(Selection(board, hit.tile_index, hit.region))

    def _pair_click(self, board: str, region: str) -> None:
        name = self.tool.name
        if self.pending is None:
            self._set_pending((board, region))
            self.message.emit(f"{name.replace('_', ' ')} from {region}: click the other region")
            return
        first_board, first = self.pending
        self._set_pending(None)
        if first == region:
            self.message.emit("Pick two different regions")
            return
        if name == "tunnel":
            cmd.add_tunnel(self.doc, first_board, first, board, region, self._presence())
        elif name == "sky_access":
            token = "staircase" if not any(
                m.kind == "sky_access" and m.attrs.get("token") == "staircase"
                for b in self.doc.scenario.boards for m in b.markers) else "beanstalk"
            self.doc.undo_stack.push(cmd.AddMarker(self.doc, first_board, Marker(
                "sky_access", first, None, {"token": token, "target": region},
                self._presence())))
        else:
            kind = LINK_KIND.get(name, name)
            label = self.custom_label if kind == "custom" else None
            self.doc.undo_stack.push(cmd.AddLink(self.doc, Link(kind, first, region, label,
                                                                self._presence())))
        self.message.emit(f"Linked {first} and {region}")

    def _river_click(self, x: float, y: float, hit: Hit) -> None:
        if self.refuse_locked("markers"):
            return
        self._lay_river_marker(x, y, hit)

    def _lay_river_marker(self, x: float, y: float, hit: Hit) -> None:
        refusal = ("No river border marker here: it lies on a seam where water meets water "
                   "on both sides (the highlighted seams)")
        if hit.tile_index is None:
            self.message.emit(refusal)
            return
        placement = self.doc.board.tiles[hit.tile_index]
        edge, distance = nearest_edge(placement.rotation, local_point(x, y, hit.q, hit.r))
        if distance > HEX_SIZE * 0.6:
            self.message.emit(refusal)
            return
        board = self.doc.board
        existing = self._river_marker_index(placement, edge)
        if existing is not None:  # lifting is always allowed, even from a seam gone dry
            self.doc.undo_stack.push(cmd.RemoveRiverMarker(self.doc, board.id, existing))
            return
        if not self.water_seam(hit.tile_index, edge):
            self.message.emit(refusal)
            return
        self.doc.undo_stack.push(cmd.AddRiverMarker(self.doc, board.id, RiverMarker(
            placement.tile, edge, self._presence())))

    def water_seam(self, index: int, edge: int) -> bool:
        """Whether tile ``index``'s local ``edge`` meets another tile with water on both
        sides of at least one half (what the derivation accepts for a river marker)."""
        placement = self.doc.board.tiles[index]
        direction = (edge + placement.rotation) % 6
        other_index = self.doc.tile_at(*neighbour(placement.q, placement.r, direction))
        if other_index is None:
            return False
        other = self.doc.board.tiles[other_index]
        other_edge = (direction + 3 - other.rotation) % 6
        here = self.doc.catalogue.side(placement.tile, placement.side)
        there = self.doc.catalogue.side(other.tile, other.side)
        return seam_has_water(here, edge, there, other_edge)

    def water_seams(self) -> list[Seam]:
        """Every seam of the shown board a river marker may lie on, each once."""
        seams: list[Seam] = []
        seen: set[frozenset[tuple[int, int]]] = set()
        for index, placement in self.doc.visible_tiles():
            for edge in range(6):
                direction = (edge + placement.rotation) % 6
                cell = neighbour(placement.q, placement.r, direction)
                key = frozenset(((placement.q, placement.r), cell))
                if key in seen or not self.water_seam(index, edge):
                    continue
                seen.add(key)
                (sx, sy), (ex, ey) = edge_segment(placement.rotation, edge)
                cx, cy = hex_centre(placement.q, placement.r)
                seams.append(Seam(index, edge, (cx + sx, cy + sy), (cx + ex, cy + ey)))
        return seams

    def _river_marker_index(self, placement: Placement, edge: int) -> int | None:
        """A marker already on this seam, laid from either side."""
        direction = (edge + placement.rotation) % 6
        other_cell = neighbour(placement.q, placement.r, direction)
        other_index = self.doc.tile_at(*other_cell)
        other = self.doc.board.tiles[other_index] if other_index is not None else None
        for index, marker in enumerate(self.doc.board.river_markers):
            if not self.doc.active(marker):
                continue
            if marker.tile == placement.tile and marker.edge == edge:
                return index
            if other is not None and marker.tile == other.tile and \
                    (marker.edge + other.rotation) % 6 == (direction + 3) % 6:
                return index
        return None

    # ----- selection commands -----------------------------------------------------------------
    def _selected_tile(self) -> int | None:
        sel = self.doc.selection
        if sel.board == self.doc.board_id and sel.tile_index is not None:
            return sel.tile_index
        return None

    def _group(self) -> tuple[list[int], list[int]] | None:
        """(tiles, markers) of a multi-selection on the shown board, else None."""
        sel = self.doc.selection
        if sel.board != self.doc.board_id or not sel.is_group:
            return None
        return sorted(sel.tile_set), sorted(sel.marker_set)

    def extend_selection(self, tile: int | None = None, marker: int | None = None, *,
                         toggle: bool = False) -> None:
        """Shift+click adds the tile or marker to the selection; with ``toggle``
        (Ctrl+click) one already chosen is taken out instead."""
        sel = self.doc.selection
        same_board = sel.board == self.doc.board_id
        tiles = set(sel.tile_set) if same_board else set()
        markers = set(sel.marker_set) if same_board else set()
        for chosen, index in ((tiles, tile), (markers, marker)):
            if index is None:
                continue
            if toggle and index in chosen:
                chosen.discard(index)
            else:
                chosen.add(index)
        self.select_group(tiles, markers)

    def select_group(self, tiles: set[int], markers: set[int]) -> None:
        if len(tiles) + len(markers) == 1:
            index = next(iter(tiles), None)
            self.doc.select(Selection(self.doc.board_id, index,
                                      marker_index=next(iter(markers), None)))
        elif tiles or markers:
            self.doc.select(Selection(self.doc.board_id, tiles=tuple(sorted(tiles)),
                                      markers=tuple(sorted(markers))))
        else:
            self.doc.select(Selection())

    def select_all(self) -> None:
        self.select_group({i for i, _ in self.doc.visible_tiles()},
                          {i for i, m in enumerate(self.doc.board.markers)
                           if self.doc.active(m)})

    def move_group(self, tiles: list[int], dq: int, dr: int) -> bool:
        if self.refuse_locked("tiles"):
            return False
        if group.move_tiles(self.doc, tiles, dq, dr):
            return True
        if (dq, dr) != (0, 0):
            self.message.emit("The tiles would land on other tiles; move them somewhere empty")
        return False

    def copy_selection(self) -> dict[str, object] | None:
        sel = self.doc.selection
        if sel.board != self.doc.board_id or not (sel.tile_set or sel.marker_set):
            return None
        return group.copy_items(self.doc, sorted(sel.tile_set), sorted(sel.marker_set))

    def paste(self, text: str, at: tuple[int, int] | None, verb: str = "Paste",
              region: str | None = None) -> int:
        """Paste the clipboard's tiles with the first at hex ``at``; markers alone land
        on ``region`` (the one under the mouse), else where they were copied."""
        clip = group.parse_clip(text)
        if clip is None:
            self.message.emit("The clipboard holds no Realms tiles or markers")
            return 0
        count, notes = group.paste_clip(self.doc, clip, at, verb, region)
        summary = f"{verb}: {group.count_text(count, clip)}"
        if count and not clip.tiles and region is not None and any(
                m[1] is not None for m in clip.markers):
            summary += f" on {region}"
        self.message.emit(summary + (f"; skipped: {'; '.join(notes[:3])}" if notes else ""))
        return count

    def rotate_selected(self, steps: int) -> None:
        """Turn the armed tile if one is armed, a multi-selection about its centre, else
        the selected tile (one undo step)."""
        if self.rotate_tool(steps) or self.refuse_locked("tiles"):
            return
        chosen = self._group()
        if chosen is not None and chosen[0]:
            if not group.rotate_tiles(self.doc, chosen[0], steps):
                self.message.emit("Turning the group would put tiles on other tiles")
            return
        index = self._selected_tile()
        if index is not None:
            self.doc.undo_stack.push(cmd.RotateTile(self.doc, self.doc.board_id, index, steps))

    def flip_selected(self) -> None:
        if self.refuse_locked("tiles"):
            return
        index = self._selected_tile()
        if index is not None:
            self.doc.undo_stack.push(cmd.FlipTile(self.doc, self.doc.board_id, index))

    def delete_selected(self, text: str | None = None) -> None:
        sel = self.doc.selection
        if sel.board != self.doc.board_id:
            return
        if self.refuse_locked("links" if sel.link_index is not None else
                              "markers" if sel.marker_set and not sel.tile_set else "tiles"):
            return
        chosen = self._group()
        if chosen is not None:
            tiles, markers = chosen
            group.delete_items(self.doc, tiles, markers,
                               text or f"Delete {len(tiles) + len(markers)} items")
            return
        if sel.link_index is not None:
            self.doc.undo_stack.push(cmd.RemoveLink(self.doc, sel.link_index))
        elif sel.marker_index is not None:
            self.doc.undo_stack.push(cmd.RemoveMarker(self.doc, sel.board, sel.marker_index))
            self.doc.select(Selection())
        elif sel.tile_index is not None:
            self.doc.undo_stack.push(cmd.DeleteTile(self.doc, sel.board, sel.tile_index))

    def set_custom_label(self, label: str) -> None:
        """The name the next custom marker or link gets (a blank name keeps the default)."""
        self.custom_label = label.strip() or DEFAULT_CUSTOM_LABEL

    def set_link_label(self, index: int, label: str) -> None:
        link = self.doc.scenario.links[index]
        label = label.strip()
        if link.kind != "custom" or not label or label == link.label:
            return
        self.doc.undo_stack.push(cmd.EditLink(
            self.doc, index, replace(link, label=label),
            f"Rename link {link.a} - {link.b} to \u201c{label}\u201d"))

    def move_tile(self, index: int, q: int, r: int) -> bool:
        if self.refuse_locked("tiles"):
            return False
        placement = self.doc.board.tiles[index]
        if (placement.q, placement.r) == (q, r):
            return False
        if not self._hex_free(q, r, placement.presence, index):
            return False
        self.doc.undo_stack.push(cmd.MoveTile(self.doc, self.doc.board_id, index, q, r))
        self.doc.select(Selection(self.doc.board_id, index))
        return True

    def set_tile_players(self, index: int, players: int, *, only: bool = False) -> None:
        """Put a tile on the board from ``players`` up (cumulative sets) or for that count
        alone (scenarios whose layouts differ per player count)."""
        placement = self.doc.board.tiles[index]
        if only:
            presence = Presence(players=(players,))
        else:
            presence = Presence(players if players > self.doc.scenario.players_min else None)
        if presence != placement.presence:
            self.doc.undo_stack.push(cmd.SetTilePresence(self.doc, self.doc.board_id, index,
                                                         presence))
