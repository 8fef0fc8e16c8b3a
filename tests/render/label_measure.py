"""Overlap counts of placed labels on a board, for the editor canvas and the printable boards.

Every box is in one board's coordinates. ``Boards`` lists, per board, the tile letters,
region names, symbol chips and markers ("+N" badges count as markers), and each label's
room (its region) so spills across borders are counted too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import shapely

from editor.export.board_layout import label_area, layout_page
from editor.gui.shapes import hex_centre, letter_box, side_label, side_shapes, tile_labels
from editor.model.scenario_io import LoadedScenario, load_scenario
from editor.render.labels import CHIP, MARKER, MORE, NAME, Box, LabelPlan, boxes_overlap
from editor.render.style import default_style
from editor.topology import derive_realm

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((ROOT / "scenarios").rglob("*.realm.json"))
PAIRS = (("marker", "letter"), ("marker", "marker"), ("marker", "name"), ("marker", "chip"),
         ("chip", "letter"), ("chip", "chip"), ("chip", "name"), ("name", "letter"),
         ("name", "name"))


@dataclass
class Board:
    """The boxes of one drawn board, by kind, and what each label must stay inside."""

    boxes: dict[str, list[Box]] = field(default_factory=lambda: {
        "letter": [], "name": [], "chip": [], "marker": []})
    # (label kind, the label's box or disc, the region it belongs in)
    rooms: list[tuple[str, shapely.Geometry, shapely.Geometry]] = field(default_factory=list)

    def add(self, plan: LabelPlan, dx: float, dy: float,
            regions: dict[str, shapely.Geometry]) -> None:
        kinds = {NAME: "name", CHIP: "chip", MARKER: "marker", MORE: "marker"}
        for label in plan.labels:
            x0, y0, x1, y1 = label.box
            box = (x0 + dx, y0 + dy, x1 + dx, y1 + dy)
            self.boxes[kinds[label.kind]].append(box)
            cx, cy = label.centre
            shape = (shapely.Point(cx + dx, cy + dy).buffer((x1 - x0) / 2, quad_segs=16)
                     if label.disc else shapely.box(*box))
            self.rooms.append((label.kind, shape, regions[label.region]))

    def overlaps(self) -> Counter[str]:
        counts: Counter[str] = Counter()
        for a, b in PAIRS:
            first, second = self.boxes[a], self.boxes[b]
            if a == b:
                hits = sum(boxes_overlap(first[i], first[j])
                           for i in range(len(first)) for j in range(i + 1, len(first)))
            else:
                hits = sum(boxes_overlap(p, q) for p in first for q in second)
            counts[f"{a}/{b}"] += hits
        for kind, shape, region in self.rooms:
            # a hair of tolerance: the border is a line, a label touching it is inside
            if not region.buffer(0.01).contains(shape):
                counts[f"{kind} spills"] += 1
        return counts


def shipped() -> Iterator[tuple[str, int, LoadedScenario]]:
    for path in SCENARIOS:
        loaded = load_scenario(path)
        for players in loaded.scenario.player_counts:
            yield path.relative_to(ROOT).as_posix(), players, loaded


def editor_boards(loaded: LoadedScenario, players: int) -> list[Board]:
    """What the editor canvas places on each geometric board: each tile's letter, names,
    chips and the markers laid on its regions (those shown at ``players``)."""
    scenario = loaded.scenario
    boards = []
    for spec in scenario.boards:
        if spec.is_graph_only:
            continue
        board = Board()
        square = _square_kinds()
        laid: dict[str, list[bool]] = {}
        for marker in spec.markers:  # in laying order, as the canvas lists them
            if marker.region and marker.hex is None and \
                    marker.presence.includes(players, scenario.players_min):
                laid.setdefault(marker.region, []).append(marker.kind in square)
        for placement in spec.tiles:
            if not placement.presence.includes(players, scenario.players_min):
                continue
            side = loaded.catalogue.side(placement.tile, placement.side)
            letter = side_label(placement.tile, placement.side)
            shapes = side_shapes(side, placement.rotation)
            per_region = tuple(tuple(laid.get(f"{placement.tile}.{s.local_id}", ()))
                               for s in shapes)
            plan = tile_labels(side, placement.rotation, per_region)
            dx, dy = hex_centre(placement.q, placement.r)
            x0, y0, x1, y1 = letter_box(letter)
            board.boxes["letter"].append((x0 + dx, y0 + dy, x1 + dx, y1 + dy))
            regions = {s.local_id: shapely.Polygon([(x + dx, y + dy) for x, y in s.outline])
                       for s in shapes}
            board.add(plan, dx, dy, regions)
        boards.append(board)
    return boards


def export_boards(loaded: LoadedScenario, players: int) -> list[Board]:
    """What the printable board places: names, chips and markers of every region."""
    realm = derive_realm(loaded, players)
    page = layout_page(realm)
    boards = []
    for shape_board in page.boards:
        board = Board()
        regions = {shape.region.id: label_area(shape) for shape in shape_board.regions}
        board.add(shape_board.labels, 0.0, 0.0, regions)
        boards.append(board)
    return boards


def _square_kinds() -> set[str]:
    return {kind for kind, badge in default_style().markers.items() if badge.shape == "square"}
