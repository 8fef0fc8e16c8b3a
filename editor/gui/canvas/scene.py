"""The scene follows the document: it rebuilds only what a signal says changed."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QPainter, QPainterPath, QPen, QPixmapCache
from PySide6.QtWidgets import QGraphicsScene

from editor.gui.analysis import Issue
from editor.gui.canvas.feedback import GhostTileItem, PendingLinkItem, SeamsItem
from editor.gui.canvas.heat import HeatOverlayItem, HeatShape
from editor.gui.canvas.items import (
    Z_TILE,
    FlashItem,
    Layers,
    LinkItem,
    MarkerItem,
    MoreMarkersItem,
    RegionHighlightItem,
    RiverMarkerItem,
    TileItem,
)
from editor.gui.canvas.overlay import GraphOverlayItem
from editor.gui.canvas.tile_cache import DESIGNS, Design, Key
from editor.gui.document import ScenarioDocument
from editor.gui.painting import hex_path, parts_path, side_label
from editor.gui.shapes import (
    HEX_SIZE,
    RegionShape,
    edge_segment,
    hex_centre,
    letter_box,
    tile_labels,
)
from editor.model.lattice import Point
from editor.model.scenario import Marker, Placement, split_region_id
from editor.play.settings import settings as play_settings
from editor.render.label_types import MARKER, MORE
from editor.render.paint import colour
from editor.render.style import Style, default_style

if TYPE_CHECKING:
    from editor.play.heatmap import RegionHeat

SQRT3 = math.sqrt(3)
MAX_GRID_CELLS = 12_000
MARKER_SPACING = 22.0
# Borrowed tile pictures: wait, then draw them in slices with a short gap between slices
# (events are handled in the gap), so the canvas is sharp soon after a zoom.
REFINE_DELAY_MS, REFINE_SLICE_S, REFINE_GAP_MS = 15, 0.005, 1
# Once the view rests, the next notch's pictures are drawn in the same slices, further apart.
AHEAD_DELAY_MS, AHEAD_GAP_MS = 150, 20
GRID_BLOCK = 8  # the grid is drawn in blocks of 8 x 8 cells (even: the pattern repeats)
OTHER_COUNT_OPACITY = 0.3  # tiles of other player counts: seen, clearly not on this board
PIXMAP_CACHE_KB = 192 * 1024  # Qt's item caches live in QPixmapCache (10 MB by default)


class RealmScene(QGraphicsScene):
    def __init__(self, doc: ScenarioDocument, style: Style | None = None) -> None:
        super().__init__()
        self.doc = doc
        self.theme = style or default_style()
        self.show_grid = True
        self.show_graph = False
        self.layers = Layers()
        self.tile_items: dict[int, TileItem] = {}
        # Tiles placed for other player counts only, drawn dimmed and never hit: a hex
        # they hold is taken for a tile sharing their counts (issue 28, point 4).
        self.other_items: dict[int, TileItem] = {}
        self._realm_rect: QRectF | None = None  # union of the tiles' rects, kept up to date
        self._chosen: frozenset[int] = frozenset()  # tile indexes drawn as selected
        self._grid_block: QPainterPath | None = None
        if QPixmapCache.cacheLimit() < PIXMAP_CACHE_KB:
            # 600 tiles' device caches outgrow 10 MB at a middle zoom: every frame
            # would evict and draw the pictures again.
            QPixmapCache.setCacheLimit(PIXMAP_CACHE_KB)
        self._refine_timer = QTimer(self)  # draws borrowed tile designs exactly, in slices
        self._refine_timer.setSingleShot(True)
        self._refine_timer.setInterval(REFINE_DELAY_MS)
        self._refine_timer.timeout.connect(self._refine_designs)
        self._ahead_timer = QTimer(self)  # draws the next zoom band's pictures when idle
        self._ahead_timer.setSingleShot(True)
        self._ahead_timer.timeout.connect(self._draw_ahead)
        self._marker_items: list[MarkerItem] = []
        # Markers are laid out after the scene's first frame: placing them needs the label
        # engine (shapely, numpy: about 0.2 s to import), and the window is shown first.
        # Whoever reads ``marker_items`` before then has them placed at once.
        self._painted = False
        self._markers_due = False
        self._old_markers: dict[tuple[object, ...], MarkerItem] = {}
        self.river_items: list[RiverMarkerItem] = []
        self.link_items: list[LinkItem] = []
        self.highlight = RegionHighlightItem(self.theme)
        self.addItem(self.highlight)
        self.overlay = GraphOverlayItem(self.theme)
        self.overlay.setVisible(False)
        self.addItem(self.overlay)
        self.heat: Mapping[str, RegionHeat] | None = None  # the playtest's, when shown
        self.heat_item = HeatOverlayItem(play_settings()["heat"])
        self.heat_item.setVisible(False)
        self.addItem(self.heat_item)
        self.flash_item = FlashItem(self.theme, self)
        self.addItem(self.flash_item)
        self.ghost = GhostTileItem(self.theme)
        self.addItem(self.ghost)
        self.pending_item = PendingLinkItem(self.theme)
        self.addItem(self.pending_item)
        self.seams = SeamsItem(self.theme)
        self.addItem(self.seams)
        self.setBackgroundBrush(colour(self.theme.canvas["background"]))
        doc.tilesChanged.connect(self._on_tiles)
        doc.markersChanged.connect(self._on_board_items)
        doc.riverMarkersChanged.connect(self._on_board_items)
        doc.linksChanged.connect(self.sync_links)
        doc.scenarioReset.connect(self.rebuild)
        doc.viewChanged.connect(self.rebuild)
        doc.selectionChanged.connect(self.sync_selection)
        doc.derivationChanged.connect(self.sync_analysis)
        self.rebuild()

    # ----- positions ---------------------------------------------------------------------
    def part_anchor(self, part: str) -> Point | None:
        """Scene point of a part's label anchor on the shown board."""
        tile, local = split_region_id(part)
        index = self.doc.tile_index(tile)
        if index is None:
            return None
        item = self.tile_items.get(index)
        if item is None:
            return None
        for shape in item.region_shapes():
            if shape.local_id == local:
                return (item.pos().x() + shape.anchor[0], item.pos().y() + shape.anchor[1])
        return None

    def anchors(self) -> dict[str, Point]:
        result: dict[str, Point] = {}
        for item in self.tile_items.values():
            x, y = item.pos().x(), item.pos().y()
            for shape in item.region_shapes():
                result[f"{item.placement.tile}.{shape.local_id}"] = (x + shape.anchor[0],
                                                                     y + shape.anchor[1])
        return result

    def _parts(self, rid: str) -> tuple[str, ...]:
        """The part ids of a region (a water body spans several tiles), else ``rid``."""
        region = self.doc.analysis.region(rid)
        return tuple(region.parts) if region is not None and region.parts else (rid,)

    def part_shapes(self, rid: str) -> list[tuple[Point, RegionShape]]:
        """Every drawn part of a region (a water body spans several tiles)."""
        result = []
        for part in self._parts(rid):
            tile, local = split_region_id(part)
            index = self.doc.tile_index(tile)
            item = self.tile_items.get(index) if index is not None else None
            if item is None:
                continue
            for shape in item.region_shapes():
                if shape.local_id == local:
                    result.append(((item.pos().x(), item.pos().y()), shape))
        return result

    # ----- sync ---------------------------------------------------------------------------
    def rebuild(self) -> None:
        for item in [*self.tile_items.values(), *self.other_items.values()]:
            self.removeItem(item)
        self.tile_items.clear()
        self.other_items.clear()
        self._on_tiles(self.doc.board_id, [])
        self._sync_heat()

    def _on_tiles(self, board: str, indexes: list[int]) -> None:
        if board != self.doc.board_id:
            return
        tiles = self.doc.board.tiles
        if indexes:
            for index in indexes:
                self._sync_tile(index, tiles[index] if index < len(tiles) else None)
                item = self.tile_items.get(index)
                if item is not None and self._realm_rect is not None:
                    # Grows only: a tile moved inward leaves the frame a little wide
                    # until the next full resync, instead of a scan of every tile.
                    self._realm_rect = self._realm_rect.united(item.sceneBoundingRect())
        else:
            self._realm_rect = None
            wanted = {i for i, _ in self.doc.visible_tiles()}
            for index in list(self.tile_items):
                if index not in wanted:
                    self.removeItem(self.tile_items.pop(index))
            for index in sorted(wanted):
                self._sync_tile(index, tiles[index])
            for index in list(self.other_items):
                if index >= len(tiles):
                    self.removeItem(self.other_items.pop(index))
            for index, placement in enumerate(tiles):
                if index not in wanted:
                    self._sync_other(index, placement)
        self._update_rect()
        self._on_board_items(board)
        self.sync_links()
        self.sync_selection()

    def _sync_tile(self, index: int, placement: Placement | None) -> None:
        self._sync_other(index, placement)
        item = self.tile_items.get(index)
        if placement is None or not self.doc.active(placement):
            if item is not None:
                self.removeItem(self.tile_items.pop(index))
                self._realm_rect = None
            return
        side = self.doc.catalogue.side(placement.tile, placement.side)
        if item is None:
            item = TileItem(index, placement, side, self.theme, self.layers)
            item.setVisible(self.layers.tiles)
            item.selected = index in self._chosen
            self.tile_items[index] = item
            self.addItem(item)
        else:
            item.set_placement(placement, side)

    def _sync_other(self, index: int, placement: Placement | None) -> None:
        """The dimmed picture of tile ``index`` when it is placed for other player counts
        only (and that layer is on); else none."""
        item = self.other_items.get(index)
        if placement is None or self.doc.active(placement) or not self.layers.others:
            if item is not None:
                self.removeItem(self.other_items.pop(index))
            return
        side = self.doc.catalogue.side(placement.tile, placement.side)
        if item is None:
            item = TileItem(index, placement, side, self.theme, self.layers)
            item.setOpacity(OTHER_COUNT_OPACITY)
            item.setZValue(Z_TILE - 1)
            item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            self.other_items[index] = item
            self.addItem(item)
        else:
            item.set_placement(placement, side)
        counts = self.doc.describe_use(self.doc.board, placement).rpartition(", ")[2]
        item.setToolTip(f"Tile {placement.tile}, {counts}: not on the board for "
                        f"{self.doc.players} players")

    def _update_rect(self) -> None:
        rect = self.framed_rect()
        margin = 30 * HEX_SIZE  # room to pan and to place tiles well beyond the realm
        self.setSceneRect(rect.adjusted(-margin, -margin, margin, margin))

    def realm_rect(self) -> QRectF:
        if self._realm_rect is None:
            rect = QRectF()
            for item in self.tile_items.values():
                rect = rect.united(item.sceneBoundingRect())
            self._realm_rect = rect
        return QRectF(self._realm_rect)

    def framed_rect(self) -> QRectF:
        """What a view fits to: the realm, or on an empty board a few hexes around the
        origin."""
        rect = self.realm_rect()
        if rect.isEmpty():
            rect = QRectF(-4 * HEX_SIZE, -4 * HEX_SIZE, 8 * HEX_SIZE, 8 * HEX_SIZE)
        return rect

    def _on_board_items(self, board: str) -> None:
        if board != self.doc.board_id:
            return
        self.sync_rivers()
        self.sync_markers()

    @property
    def marker_items(self) -> list[MarkerItem]:
        """The markers drawn on the shown board (placed now if still due)."""
        if self._markers_due:
            self.place_due_markers()
        return self._marker_items

    def place_due_markers(self) -> None:
        """Lay out the markers now if they wait for the first frame to be done."""
        if self._markers_due:
            self._markers_due = False
            self._lay_markers()
            self.sync_selection()

    def sync_markers(self) -> None:
        if not self._painted:  # before the first frame: placed just after it
            self._markers_due = True
            return
        self._lay_markers()

    def _lay_markers(self) -> None:
        # Items whose marker, place and size did not change are kept: a tile turned
        # elsewhere then repaints only its own markers, not every marker of the board.
        self._old_markers = {_marker_key(item): item for item in self._marker_items}
        self._marker_items = []
        groups: dict[str, list[tuple[int, Marker]]] = {}
        for index, marker in enumerate(self.doc.board.markers):
            if self.doc.active(marker):
                key = f"hex{marker.hex}" if marker.hex is not None else marker.region or ""
                groups.setdefault(key, []).append((index, marker))
        for hex_markers in (m for m in groups.values() if m[0][1].hex is not None):
            self._add_hex_markers(hex_markers)
        self._add_region_markers({k: m for k, m in groups.items() if m[0][1].hex is None})
        for item in self._old_markers.values():
            self.removeItem(item)
        self._old_markers = {}

    def _add_marker(self, item: MarkerItem) -> None:
        kept = self._old_markers.pop(_marker_key(item), None)
        if kept is not None:
            self._marker_items.append(kept)
            return
        item.setVisible(self.layers.markers)
        self._marker_items.append(item)
        self.addItem(item)

    def _add_hex_markers(self, members: list[tuple[int, Marker]]) -> None:
        """Markers on an empty hex (crop spaces): a row across its centre."""
        cx, cy = hex_centre(*members[0][1].hex)  # type: ignore[misc]
        count = len(members)
        for k, (index, marker) in enumerate(members):
            centre = (cx + (k - (count - 1) / 2) * MARKER_SPACING, cy)
            self._add_marker(MarkerItem(index, marker, centre, self.theme))

    def _add_region_markers(self, groups: dict[str, list[tuple[int, Marker]]]) -> None:
        """Markers on regions, where the shared label placement puts them: inside their
        region, clear of the tile letter, names, chips and each other; the surplus of a
        crowded region as one "+N" badge. One placement per tile, cached."""
        by_tile: dict[int, dict[str, list[tuple[int, Marker]]]] = {}
        for part, members in groups.items():
            tile, local = split_region_id(part)
            index = self.doc.tile_index(tile)
            if index is not None and index in self.tile_items:
                by_tile.setdefault(index, {})[local] = members
        for index, on_tile in sorted(by_tile.items()):
            self._add_tile_markers(self.tile_items[index], on_tile)

    def _add_tile_markers(self, item: TileItem,
                          on_tile: dict[str, list[tuple[int, Marker]]]) -> None:
        shapes = item.region_shapes()
        laid = tuple(tuple(self.theme.marker(m.kind).shape == "square"
                           for _i, m in on_tile.get(shape.local_id, ()))
                     for shape in shapes)
        plan = tile_labels(item.side, item.placement.rotation, laid)
        x, y = item.pos().x(), item.pos().y()
        for shape in shapes:
            members = on_tile.get(shape.local_id)
            if not members:
                continue
            for label in plan.of(MARKER, shape.local_id):
                index, marker = members[int(label.key)]
                centre = (x + label.centre[0], y + label.centre[1])
                self._add_marker(MarkerItem(index, marker, centre, self.theme, label.scale))
            for label in plan.of(MORE, shape.local_id):
                hidden = [members[int(key)] for key in label.hidden]
                centre = (x + label.centre[0], y + label.centre[1])
                self._add_marker(MoreMarkersItem(hidden, centre, self.theme, label.scale))

    def sync_rivers(self) -> None:
        for river in self.river_items:
            self.removeItem(river)
        self.river_items = []
        for index, marker in enumerate(self.doc.board.river_markers):
            tile_index = self.doc.tile_index(marker.tile)
            if not self.doc.active(marker) or tile_index is None:
                continue
            tile = self.tile_items.get(tile_index)
            if tile is None:
                continue
            start, end = edge_segment(tile.placement.rotation, marker.edge)
            x, y = tile.pos().x(), tile.pos().y()
            item = RiverMarkerItem(index, (x + start[0], y + start[1]), (x + end[0], y + end[1]),
                                   self.theme)
            item.setVisible(self.layers.markers)
            self.river_items.append(item)
            self.addItem(item)

    def sync_links(self) -> None:
        for link_item in self.link_items:
            self.removeItem(link_item)
        self.link_items = []
        for index, link in enumerate(self.doc.scenario.links):
            if not self.doc.active(link):
                continue
            a, b = self.part_anchor(link.a), self.part_anchor(link.b)
            if a is None or b is None:
                continue
            item = LinkItem(index, a, b, link, self.theme)
            item.setVisible(self.layers.links)
            item.selected = self.doc.selection.link_index == index
            self.link_items.append(item)
            self.addItem(item)

    def sync_selection(self) -> None:
        sel = self.doc.selection
        on_board = sel.board in (None, self.doc.board_id)
        tiles = sel.tile_set if on_board else frozenset()
        # Only the tiles whose state may change: not a walk over every tile of a big realm.
        for index in tiles | self._chosen:
            item = self.tile_items.get(index)
            if item is not None and item.selected != (index in tiles):
                item.selected = index in tiles
                item.update()
        self._chosen = tiles
        for marker in self._marker_items:
            chosen = on_board and marker.index in sel.marker_set
            if marker.selected != chosen:
                marker.selected = chosen
                marker.update()
        for link in self.link_items:
            chosen = sel.link_index == link.index
            if link.selected != chosen:
                link.selected = chosen
                link.update()
        named = tuple(dict.fromkeys((sel.region, *sel.regions) if sel.region else sel.regions))
        if named and on_board:
            self.highlight.set_parts(
                [part for rid in named for part in self.part_shapes(rid)],
                self.letter_rects({t for rid in named for t in self.region_tiles(rid)}))
        else:
            self.highlight.set_parts([])

    def letter_rects(self, tiles: set[str]) -> list[QRectF]:
        """Scene rectangles of the letters of ``tiles``: highlights keep off them."""
        rects = []
        for tile in sorted(tiles):
            index = self.doc.tile_index(tile)
            item = self.tile_items.get(index) if index is not None else None
            if item is not None:
                x0, y0, x1, y1 = letter_box(side_label(tile, item.placement.side))
                rects.append(QRectF(x0, y0, x1 - x0, y1 - y0).translated(item.pos()))
        return rects

    def region_tiles(self, rid: str) -> set[str]:
        """The tile letters a region lies on (every tile of a water body)."""
        return {split_region_id(part)[0] for part in self._parts(rid)}

    def issue_tiles(self, issue: Issue) -> set[str]:
        """Every tile a finding names, directly or through one of its regions."""
        tiles = set(issue.tiles)
        for rid in issue.regions:
            tiles |= self.region_tiles(rid)
        return tiles

    def sync_analysis(self) -> None:
        worst: dict[str, str] = {}
        issues = self.doc.analysis.issues
        if issues:  # (lint is imported by then; the first frame, with none, does without)
            from editor.lint.rules_balance import TALLY_CODES
        for issue in issues:
            if issue.severity not in ("error", "warning") or issue.code in TALLY_CODES:
                continue
            for tile in self.issue_tiles(issue):
                if worst.get(tile) != "error":
                    worst[tile] = issue.severity
        for item in self.tile_items.values():
            flagged = worst.get(item.placement.tile)
            if item.issue != flagged:
                item.issue = flagged
                item.update()
        if self.show_graph:
            self.overlay.set_realm(self.doc.analysis.realm, self.doc.board_id, self.anchors(),
                                  self.realm_rect())
        self._sync_heat()  # a water body's parts come with the derivation
        self.sync_selection()

    def issue_path(self, issue: Issue) -> QPainterPath:
        """The outline of what a finding names on the shown board: its regions, else its
        tiles (a finding about a whole tile, or regions not drawn here)."""
        path = parts_path(part for rid in issue.regions for part in self.part_shapes(rid))
        if path.isEmpty():
            for tile in issue.tiles or tuple(sorted(self.issue_tiles(issue))):
                index = self.doc.tile_index(tile)
                item = self.tile_items.get(index) if index is not None else None
                if item is not None:
                    path.addPath(hex_path().translated(item.pos()))
        return path

    def flash(self, path: QPainterPath) -> None:
        self.flash_item.flash(path)

    # ----- tile pictures -----------------------------------------------------------------
    def refine_designs_soon(self) -> None:
        """A tile showed a borrowed picture (a zoom into a new size band): draw the exact
        pictures shortly, a slice at a time, so zooming never waits for them."""
        if not self._refine_timer.isActive():
            self._refine_timer.start(REFINE_DELAY_MS)

    def _refine_designs(self) -> None:
        if any(getattr(view, "previewing", False) for view in self.views()):
            # a wheel zoom is shown scaled or its exact frame drawn block by block (whose
            # timer would otherwise fire with this one, two slices in one frame); the
            # exact frame asks again
            return
        done = DESIGNS.refine(REFINE_SLICE_S)
        for item in self.tile_items.values():
            if (item.design, item.placement.rotation) in done:
                item.update()
        if DESIGNS.pending:
            self._refine_timer.start(REFINE_GAP_MS)
        else:
            self.look_ahead_soon()

    def missing_designs(self, shown: QRectF, scale: float, pixel_ratio: float
                        ) -> list[tuple[Key, Design]]:
        """The exact tile pictures not drawn yet that the tiles in ``shown`` need at
        ``scale``, each once."""
        wanted: dict[Key, Design] = {}
        asked: set[tuple[int, int, int, bool, bool]] = set()  # tiles of one design ask once
        for item in self.items(shown, Qt.ItemSelectionMode.IntersectsItemBoundingRect):
            if not isinstance(item, TileItem) or not item.isVisible() or item.side.missing:
                continue
            layers = item.layers
            base = (item.design, item.placement.rotation, id(item.theme), layers.names,
                    layers.symbols)
            if base in asked:
                continue
            asked.add(base)
            found = DESIGNS.missing(item.side, item.placement.rotation, item.theme, scale,
                                    names=layers.names, symbols=layers.symbols,
                                    pixel_ratio=pixel_ratio)
            if found is not None:
                wanted.setdefault(*found)
        return list(wanted.items())

    def look_ahead_soon(self, *_zoom: float) -> None:
        """Once the view rests, draw the pictures the next wheel notch into another size
        band will need, for the tiles on screen (a zoom level's first notch then finds
        them drawn instead of borrowing blurred ones)."""
        DESIGNS.ahead.clear()  # planned again for what is on screen then
        self._ahead_timer.start(AHEAD_DELAY_MS)

    @property
    def looking_ahead(self) -> bool:
        """Whether look-ahead pictures are still to be drawn (benchmarks wait for it)."""
        return self._ahead_timer.isActive()

    def stop_look_ahead(self) -> None:
        DESIGNS.ahead.clear()
        self._ahead_timer.stop()

    def _draw_ahead(self) -> None:
        views = self.views()
        if not views:
            return
        if DESIGNS.pending or any(getattr(v, "previewing", False) for v in views):
            self._ahead_timer.start(AHEAD_DELAY_MS)  # the shown frame comes first
            return
        if not DESIGNS.ahead:
            view = views[0]
            ratio = view.viewport().devicePixelRatioF()
            detail = view.transform().m11()
            shown = view.mapToScene(view.viewport().rect()).boundingRect()
            for item in self.items(shown, Qt.ItemSelectionMode.IntersectsItemBoundingRect):
                if isinstance(item, TileItem) and item.isVisible():
                    DESIGNS.plan_ahead(item.side, item.placement.rotation, item.theme, detail,
                                       names=item.layers.names, symbols=item.layers.symbols,
                                       pixel_ratio=ratio)
            if not DESIGNS.ahead:
                return
        DESIGNS.draw_ahead(REFINE_SLICE_S)
        if DESIGNS.ahead:
            self._ahead_timer.start(AHEAD_GAP_MS)

    # ----- tool feedback --------------------------------------------------------------------
    def show_ghost(self, tile: str, side: str, rotation: int, q: int, r: int) -> bool:
        """Preview ``tile`` landing on (q, r); returns whether it may land there."""
        tiles = self.doc.catalogue.tiles
        if tile not in tiles:
            self.ghost.setVisible(False)
            return False
        if side not in tiles[tile].sides:
            side = next(iter(tiles[tile].sides))
        blocked = (self.doc.tile_clash(q, r) is not None
                   or bool(self.doc.tile_uses(tile, self.doc.new_presence())))
        label = side_label(tile, side)
        self.ghost.show_at(self.doc.catalogue.side(tile, side), label, rotation, q, r, blocked)
        return not blocked

    def hide_ghost(self) -> None:
        self.ghost.setVisible(False)

    def show_pending(self, pending: tuple[str, str] | None) -> None:
        """Mark the first end of a tunnel or link (when it is on the shown board)."""
        if pending is None or pending[0] != self.doc.board_id:
            self.pending_item.clear()
            return
        region = pending[1]
        self.pending_item.set_first(self.part_shapes(region), self.part_anchor(region))

    def show_seams(self, segments: list[tuple[Point, Point]] | None) -> None:
        """Highlight the seams a river marker may lie on (None: hide them)."""
        self.seams.set_seams(segments or [])
        self.seams.setVisible(segments is not None)

    def set_show_graph(self, show: bool) -> None:
        self.show_graph = show
        self.overlay.setVisible(show)
        if show:
            self.overlay.set_realm(self.doc.analysis.realm, self.doc.board_id, self.anchors(),
                                  self.realm_rect())

    def set_heat(self, heat: Mapping[str, RegionHeat] | None) -> None:
        """Paint the playtest's conquests per region over the map (None: take them off)."""
        self.heat = heat
        self._sync_heat()

    def _sync_heat(self) -> None:
        """The heat layer's shapes: the regions of the shown board, as drawn now."""
        self.heat_item.setVisible(self.heat is not None)
        if self.heat is None:
            if self.heat_item.shapes:
                self.heat_item.set_shapes([], [])
            return
        shapes, tiles = [], set()
        for rid, heat in self.heat.items():
            parts = self.part_shapes(rid)
            if not parts:
                continue  # on another board
            (x, y), first = parts[0]
            shapes.append(HeatShape(heat, parts_path(parts),
                                    (x + first.anchor[0], y + first.anchor[1])))
            tiles |= self.region_tiles(rid)
        self.heat_item.set_shapes(shapes, self.letter_rects(tiles))

    def set_layer(self, name: str, shown: bool) -> None:
        """Show or hide one layer: tiles, other counts' tiles, names, symbols, markers or
        links."""
        setattr(self.layers, name, shown)
        if name in ("names", "symbols"):
            for tile in self.tile_items.values():
                tile.update()
        elif name == "tiles":
            for tile in self.tile_items.values():
                tile.setVisible(shown)
        elif name == "others":
            self._on_tiles(self.doc.board_id, [])
        elif name == "markers":
            for item in [*self._marker_items, *self.river_items]:
                item.setVisible(shown)
        else:
            for link in self.link_items:
                link.setVisible(shown)

    def set_show_grid(self, show: bool) -> None:
        self.show_grid = show
        for view in self.views():
            view.resetCachedContent()  # the views keep the drawn grid (CacheBackground)
        self.update()

    # ----- background grid ------------------------------------------------------------------
    def drawBackground(self, painter: QPainter, rect: QRectF | object) -> None:
        if not self._painted:  # the first frame is under way: markers follow it
            self._painted = True
            if self._markers_due:
                QTimer.singleShot(0, self, self.place_due_markers)
        super().drawBackground(painter, rect)  # type: ignore[arg-type]
        if not self.show_grid or not isinstance(rect, QRectF):
            return
        height = 1.5 * HEX_SIZE
        width = SQRT3 * HEX_SIZE
        r0, r1 = math.floor(rect.top() / height) - 1, math.ceil(rect.bottom() / height) + 1
        if (r1 - r0) * (rect.width() / width + 2) > MAX_GRID_CELLS:
            return
        # One block path, built once and drawn shifted: a repaint costs a few calls
        # instead of building every cell's outline again.
        block = self._grid_path()
        block_w, block_h = GRID_BLOCK * width, GRID_BLOCK * height
        bx0, bx1 = math.floor((rect.left() - width) / block_w), math.floor(
            (rect.right() + width) / block_w)
        by0, by1 = math.floor((rect.top() - HEX_SIZE) / block_h), math.floor(
            (rect.bottom() + HEX_SIZE) / block_h)
        pen = QPen(colour(self.theme.canvas["grid"]), 1.0)
        pen.setCosmetic(True)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for by in range(by0, by1 + 1):
            for bx in range(bx0, bx1 + 1):
                painter.drawPath(block.translated(bx * block_w, by * block_h))

    def _grid_path(self) -> QPainterPath:
        """The outlines of the cells whose centres lie in one grid block at the origin."""
        if self._grid_block is None:
            path = QPainterPath()
            cell = hex_path()
            for r in range(GRID_BLOCK):
                for q in range(-(r // 2), GRID_BLOCK - r // 2):
                    path.addPath(cell.translated(QPointF(*hex_centre(q, r))))
            self._grid_block = path
        return self._grid_block


def _marker_key(item: MarkerItem) -> tuple[object, ...]:
    """What a marker item shows: the same key means the old item can stay on the scene."""
    shown = (tuple((i, id(m)) for i, m in item.hidden) if isinstance(item, MoreMarkersItem)
             else ((item.index, id(item.marker)),))
    return (type(item).__name__, shown, item.pos().x(), item.pos().y(), item.radius)
