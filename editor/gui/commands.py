"""Undoable edits: one QUndoCommand class per kind of edit, each changing only the document.

Commands address items by (board id, index); indexes stay valid because the
undo stack replays commands in strict reverse order.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtGui import QUndoCommand

from editor.gui.document import Collection, Item, MetaState, ScenarioDocument
from editor.model.scenario import Link, Marker, Placement, Presence, RiverMarker, Scenario


class _DocCommand(QUndoCommand):
    def __init__(self, doc: ScenarioDocument, text: str) -> None:
        super().__init__(text)
        self.doc = doc


def _take(doc: ScenarioDocument, board: str, collection: Collection,
          indexes: list[int]) -> list[Item]:
    """Remove the items at ``indexes`` (ascending), last first; what was removed, in that
    order, for :func:`_give_back`."""
    return [doc.remove_item(board, collection, i) for i in reversed(indexes)]


def _give_back(doc: ScenarioDocument, board: str, collection: Collection,
               indexes: list[int], removed: list[Item]) -> None:
    """Undo :func:`_take`: each item back at its index, first first."""
    for i, item in zip(indexes, reversed(removed), strict=True):
        doc.insert_item(board, collection, i, item)


class PlaceTile(_DocCommand):
    def __init__(self, doc: ScenarioDocument, board: str, placement: Placement) -> None:
        super().__init__(doc, f"Place tile {placement.tile}")
        self.board, self.placement = board, placement
        self.index = len(doc.scenario.board(board).tiles)

    def redo(self) -> None:
        self.doc.insert_item(self.board, "tiles", self.index, self.placement)

    def undo(self) -> None:
        self.doc.remove_item(self.board, "tiles", self.index)


class ReplaceTile(_DocCommand):
    """Swap one placement for a changed copy, named by the caller (a group rotation moves
    and turns); subclasses say what changes."""

    def __init__(self, doc: ScenarioDocument, board: str, index: int, new: Placement,
                 text: str) -> None:
        super().__init__(doc, text)
        self.board, self.index = board, index
        self.old = doc.scenario.board(board).tiles[index]
        self.new = new

    def redo(self) -> None:
        self.doc.replace_item(self.board, "tiles", self.index, self.new)

    def undo(self) -> None:
        self.doc.replace_item(self.board, "tiles", self.index, self.old)


class MoveTile(ReplaceTile):
    """A whole drag: the tile jumps from its old hex to the hex where the mouse was released."""

    def __init__(self, doc: ScenarioDocument, board: str, index: int, q: int, r: int) -> None:
        old = doc.scenario.board(board).tiles[index]
        super().__init__(doc, board, index, replace(old, q=q, r=r),
                         f"Move tile {old.tile} to ({q}, {r})")


class RotateTile(ReplaceTile):
    def __init__(self, doc: ScenarioDocument, board: str, index: int, steps: int) -> None:
        old = doc.scenario.board(board).tiles[index]
        super().__init__(doc, board, index, replace(old, rotation=(old.rotation + steps) % 6),
                         f"Rotate tile {old.tile}")


class FlipTile(ReplaceTile):
    """Turn a tile over, with the markers laid on regions of the side that goes face down
    (the other side has other regions: they were left naming regions no longer there,
    hidden on the canvas and an error in the file); undo lays them again."""

    def __init__(self, doc: ScenarioDocument, board: str, index: int) -> None:
        old = doc.scenario.board(board).tiles[index]
        sides = doc.catalogue.tiles[old.tile].sides
        other = next((s for s in sides if s != old.side), old.side)
        b = doc.scenario.board(board)
        kept = {f"{old.tile}.{r.local_id}" for r in sides[other].regions}
        twin = any(p.tile == old.tile and p.side == old.side
                   for i, p in enumerate(b.tiles) if i != index)
        self.markers = [] if twin else [
            i for i, m in enumerate(b.markers)
            if m.region is not None and m.region.rpartition(".")[0] == old.tile
            and m.region not in kept]
        gone = len(self.markers)
        text = f"Flip tile {old.tile} to {other}" + (
            f" (removes {gone} marker{'s' if gone > 1 else ''})" if gone else "")
        super().__init__(doc, board, index, replace(old, side=other), text)
        self.removed_markers: list[Item] = []

    def redo(self) -> None:
        self.removed_markers = _take(self.doc, self.board, "markers", self.markers)
        super().redo()

    def undo(self) -> None:
        super().undo()
        _give_back(self.doc, self.board, "markers", self.markers, self.removed_markers)


class SetTilePresence(ReplaceTile):
    def __init__(self, doc: ScenarioDocument, board: str, index: int, presence: Presence) -> None:
        old = doc.scenario.board(board).tiles[index]
        super().__init__(doc, board, index, replace(old, presence=presence),
                         f"Set player counts of tile {old.tile}")


class DeleteTile(_DocCommand):
    """Remove a placement with the river markers and markers that only it carried."""

    def __init__(self, doc: ScenarioDocument, board: str, index: int) -> None:
        placement = doc.scenario.board(board).tiles[index]
        super().__init__(doc, f"Delete tile {placement.tile}")
        self.board, self.index, self.placement = board, index, placement
        b = doc.scenario.board(board)
        still_there = any(p.tile == placement.tile for i, p in enumerate(b.tiles) if i != index)
        self.rivers: list[int] = [] if still_there else [
            i for i, m in enumerate(b.river_markers) if m.tile == placement.tile]
        self.markers: list[int] = [] if still_there else [
            i for i, m in enumerate(b.markers)
            if m.region is not None and m.region.rpartition(".")[0] == placement.tile]
        self.removed_rivers: list[Item] = []
        self.removed_markers: list[Item] = []

    def redo(self) -> None:
        self.removed_markers = _take(self.doc, self.board, "markers", self.markers)
        self.removed_rivers = _take(self.doc, self.board, "river_markers", self.rivers)
        self.doc.remove_item(self.board, "tiles", self.index)

    def undo(self) -> None:
        self.doc.insert_item(self.board, "tiles", self.index, self.placement)
        _give_back(self.doc, self.board, "river_markers", self.rivers, self.removed_rivers)
        _give_back(self.doc, self.board, "markers", self.markers, self.removed_markers)


class _AddItem(_DocCommand):
    collection: Collection

    def __init__(self, doc: ScenarioDocument, board: str, item: Item, text: str) -> None:
        super().__init__(doc, text)
        self.board, self.item = board, item
        self.index = len(getattr(doc.scenario.board(board), self.collection))

    def redo(self) -> None:
        self.doc.insert_item(self.board, self.collection, self.index, self.item)

    def undo(self) -> None:
        self.doc.remove_item(self.board, self.collection, self.index)


class _RemoveItem(_DocCommand):
    collection: Collection

    def __init__(self, doc: ScenarioDocument, board: str, index: int, text: str) -> None:
        super().__init__(doc, text)
        self.board, self.index = board, index
        self.item: Item = getattr(doc.scenario.board(board), self.collection)[index]

    def redo(self) -> None:
        self.doc.remove_item(self.board, self.collection, self.index)

    def undo(self) -> None:
        self.doc.insert_item(self.board, self.collection, self.index, self.item)


def _marker_text(marker: Marker) -> str:
    where = marker.region or (f"hex {marker.hex}" if marker.hex else "")
    number = f" {marker.attrs['number']}" if "number" in marker.attrs else ""
    return f"{marker.kind.replace('_', ' ')}{number} on {where}"


class AddMarker(_AddItem):
    collection = "markers"

    def __init__(self, doc: ScenarioDocument, board: str, marker: Marker) -> None:
        super().__init__(doc, board, marker, f"Add {_marker_text(marker)}")


class RemoveMarker(_RemoveItem):
    collection = "markers"

    def __init__(self, doc: ScenarioDocument, board: str, index: int) -> None:
        marker = doc.scenario.board(board).markers[index]
        super().__init__(doc, board, index, f"Remove {_marker_text(marker)}")


class AddRiverMarker(_AddItem):
    collection = "river_markers"

    def __init__(self, doc: ScenarioDocument, board: str, marker: RiverMarker) -> None:
        super().__init__(doc, board, marker,
                         f"Lay river marker on tile {marker.tile} edge {marker.edge}")


class RemoveRiverMarker(_RemoveItem):
    collection = "river_markers"

    def __init__(self, doc: ScenarioDocument, board: str, index: int) -> None:
        marker = doc.scenario.board(board).river_markers[index]
        super().__init__(doc, board, index,
                         f"Remove river marker from tile {marker.tile} edge {marker.edge}")


class AddLink(_DocCommand):
    def __init__(self, doc: ScenarioDocument, link: Link) -> None:
        super().__init__(doc, f"Link {link.a} and {link.b} ({link.kind.replace('_', ' ')})")
        self.link, self.index = link, len(doc.scenario.links)

    def redo(self) -> None:
        self.doc.insert_link(self.index, self.link)

    def undo(self) -> None:
        self.doc.remove_link(self.index)


class RemoveLink(_DocCommand):
    def __init__(self, doc: ScenarioDocument, index: int) -> None:
        self.link = doc.scenario.links[index]
        super().__init__(doc, f"Remove link {self.link.a} - {self.link.b}")
        self.index = index

    def redo(self) -> None:
        self.doc.remove_link(self.index)

    def undo(self) -> None:
        self.doc.insert_link(self.index, self.link)


class EditLink(_DocCommand):
    """Change one link in place (its label); the index and everything else stay."""

    def __init__(self, doc: ScenarioDocument, index: int, link: Link, text: str) -> None:
        super().__init__(doc, text)
        self.index, self.new, self.old = index, link, doc.scenario.links[index]

    def redo(self) -> None:
        self.doc.replace_link(self.index, self.new)

    def undo(self) -> None:
        self.doc.replace_link(self.index, self.old)


class EditProperties(_DocCommand):
    """Scenario-wide fields (title, players, turns, rule sections) as one swap."""

    def __init__(self, doc: ScenarioDocument, new: MetaState, text: str = "Edit properties"
                 ) -> None:
        super().__init__(doc, text)
        self.old, self.new = doc.meta_state(), new

    def redo(self) -> None:
        self.doc.set_meta(self.new)

    def undo(self) -> None:
        self.doc.set_meta(self.old)


class RestoreScenario(_DocCommand):
    """Replace the whole scenario, e.g. with a recovered autosave (undo goes back to the file)."""

    def __init__(self, doc: ScenarioDocument, scenario: Scenario, text: str) -> None:
        super().__init__(doc, text)
        self.other = scenario

    def redo(self) -> None:
        self.other = self.doc.replace_scenario(self.other)

    def undo(self) -> None:
        self.other = self.doc.replace_scenario(self.other)


def add_tunnel(doc: ScenarioDocument, board_a: str, a: str, board_b: str, b: str,
               presence: Presence | None = None) -> None:
    """Lay a numbered tunnel pair (the next free number) as one undo step."""
    number = doc.next_tunnel_number()
    stack = doc.undo_stack
    stack.beginMacro(f"Tunnel {number}: {a} - {b}")
    for board, region in ((board_a, a), (board_b, b)):
        stack.push(AddMarker(doc, board, Marker("tunnel", region, None, {"number": number},
                                                presence or Presence())))
    stack.endMacro()


class EditMarker(_DocCommand):
    """A marker's attributes changed (count, vein, face, label...)."""

    def __init__(self, doc: ScenarioDocument, board: str, index: int, new: Marker,
                 text: str) -> None:
        super().__init__(doc, text)
        self.board, self.index, self.new = board, index, new
        self.old: Item = doc.scenario.board(board).markers[index]

    def redo(self) -> None:
        self.doc.replace_item(self.board, "markers", self.index, self.new)

    def undo(self) -> None:
        self.doc.replace_item(self.board, "markers", self.index, self.old)
