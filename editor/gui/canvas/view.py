"""The canvas view: zoom with the wheel, pan with middle-drag or space+drag, fit, drop tiles.

Mouse presses go to the :class:`CanvasEditor` of the current tool; a tile drag
is shown live by moving its item and becomes one MoveTile command on release.
"""

from __future__ import annotations

import time

from PySide6.QtCore import (
    QEvent,
    QMimeData,
    QPoint,
    QPointF,
    QRect,
    QRectF,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QAction,
    QColor,
    QContextMenuEvent,
    QCursor,
    QDragEnterEvent,
    QDragLeaveEvent,
    QDragMoveEvent,
    QDropEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPixmap,
    QRegion,
    QWheelEvent,
)
from PySide6.QtWidgets import QGraphicsView, QMenu, QRubberBand, QToolTip, QWidget

from editor.gui.canvas.items import LinkItem, MarkerItem, RiverMarkerItem
from editor.gui.canvas.overlay import paint_graph_legend
from editor.gui.canvas.scene import RealmScene
from editor.gui.canvas.tile_cache import DESIGNS, Design, Key
from editor.gui.canvas.tools import CanvasEditor
from editor.gui.document import Selection
from editor.gui.shapes import hex_centre, scene_to_hex
from editor.model.scenario import Placement

TILE_MIME = "application/x-realms-tile"
PAN_STEP = 60  # pixels per arrow key press (Shift: four times that)
EMPTY_HINT = ("Pick a tile on the left, click to place it \u2014 or drag it here. "
              "Wheel zooms, middle drag pans.")
ZOOM_STEP = 1.15
MIN_SCALE, MAX_SCALE = 0.03, 6.0
# Wheel zoom on a big realm: the frames while the wheel turns are the last exact frame,
# scaled; the exact frame (every tile item drawn again at the new scale) follows once the
# wheel has rested this long, or at once on a key press or a mouse press.
PREVIEW_TILES = 150  # from this many tile items on the canvas
ZOOM_SETTLE_MS = 40  # a wheel spun by hand sends a notch every 10-30 ms
# A lone notch (none in the ZOOM_SETTLE_MS before it while the preview showed: a single
# notch, or the first of a spin) waits for nothing: the preview frame is painted, then the
# tile pictures its zoom lacks and the exact frame's blocks follow in slices, each after
# the events that came meanwhile, so a spin's next notch (10-30 ms later) is handled within
# a slice and only the blocks drawn by then are drawn again (a picture is never thrown
# away). Waiting one frame (16 ms) first made every lone notch 16 ms later to be sharp.
FIRST_NOTCH_SETTLE_MS = 0
# Once the wheel rests the exact frame is drawn a few viewport blocks at a time, nearest the
# cursor first (each frame about this long), the rest still the scaled preview. The next
# slice waits for no timer (a zero gap): the event loop delivers whatever came meanwhile
# (a notch, a key) first, and a first notch's dozen slices lose no 1-2 ms each.
REFINE_SLICE_S, REFINE_GAP_MS, REFINE_BLOCKS = 0.007, 0, (4, 4)


class RealmView(QGraphicsView):
    hoverChanged = Signal(str)
    zoomChanged = Signal(float)  # the new scale, 1.0 = 100 %

    def __init__(self, scene: RealmScene, editor: CanvasEditor,
                 parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.realm_scene = scene
        self.editor = editor
        self.setRenderHints(QPainter.RenderHint.Antialiasing
                            | QPainter.RenderHint.TextAntialiasing)
        # zoom() keeps its own anchor (the mouse for the wheel, the centre for keys): Qt's
        # AnchorUnderMouse reads a cursor position that offscreen and tablet input never set.
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        # The grid is drawn once per zoom and scroll position, not on every repaint.
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setMouseTracking(True)
        self.setAcceptDrops(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._pan_from: QPoint | None = None
        self._space = False
        self._drag: tuple[int, QPointF, tuple[int, int]] | None = None  # index, press, hex
        self._dragging = False
        self._group_drag: tuple[list[int], tuple[int, int]] | None = None  # tiles, press hex
        self.band = QRubberBand(QRubberBand.Shape.Rectangle, self.viewport())
        self._band_from: QPoint | None = None
        self._band_add = False
        self.hover_hex: tuple[int, int] | None = None  # where Paste lands; None: mouse away
        self.wheel_scrolls = False  # View menu: the wheel scrolls, Ctrl+wheel zooms
        self.hover_region: str | None = None  # where pasted markers land (issue 28, point 5)
        self._menu_allowed = True
        self._hint_shown = False  # whether the empty-board hint was last drawn
        self.context_menu: QMenu | None = None
        self.shared_actions: list[QAction] = []  # cut, copy, paste, properties (the window's)
        self._refused_hex: tuple[int, int] | None = None  # the taken hex a drag was told of
        # (the last exact frame, the scene rect it shows) while a wheel zoom is previewed
        self._preview: tuple[QPixmap, QRectF] | None = None
        self._last_notch = -1.0  # time.perf_counter() of the last wheel zoom
        self._settle = QTimer(self)
        self._settle.setSingleShot(True)
        self._settle.setInterval(ZOOM_SETTLE_MS)
        self._settle.timeout.connect(self.refine_zoom)
        # While the exact frame is drawn block by block: the viewport part drawn exactly,
        # the blocks still to draw (nearest the cursor first), the cursor.
        self._exact = QRegion()
        self._blocks: list[QRect] = []
        self._pictures: list[tuple[Key, Design]] = []  # tile pictures to draw before them
        self._pictures_for: tuple[float, QRectF] | None = None  # the zoom and area they serve
        self._cursor = QPointF()
        self._refine = QTimer(self)
        self._refine.setSingleShot(True)
        self._refine.setInterval(REFINE_GAP_MS)
        self._refine.timeout.connect(self._refine_slice)
        # once the view rests at a new zoom, the next band's tile pictures are drawn ahead
        self.zoomChanged.connect(scene.look_ahead_soon)
        editor.toolChanged.connect(self.sync_tool_feedback)
        editor.pendingChanged.connect(self.sync_tool_feedback)
        for signal in (editor.doc.tilesChanged, editor.doc.riverMarkersChanged):
            signal.connect(self._board_changed)
        editor.doc.viewChanged.connect(self.sync_tool_feedback)
        editor.doc.scenarioReset.connect(self.sync_tool_feedback)

    # ----- tool feedback ----------------------------------------------------------------------
    def sync_tool_feedback(self) -> None:
        """Show what the armed tool will do: seams for river markers, the first end of a
        link; the ghost tile follows the mouse (``mouseMoveEvent``)."""
        tool = self.editor.tool
        scene = self.realm_scene
        if tool.kind == "river":
            scene.show_seams([(seam.start, seam.end) for seam in self.editor.water_seams()])
        else:
            scene.show_seams(None)
        scene.show_pending(self.editor.pending)
        if tool.kind != "tile":
            scene.hide_ghost()
        else:
            self._update_ghost(self.viewport().mapFromGlobal(QCursor.pos()))
        self._hint_shown = self.empty_hint() is not None
        self.viewport().update()

    def _tool_feedback_needed(self) -> bool:
        """Whether the armed tool shows something that depends on the tiles."""
        return self.editor.tool.kind in ("river", "tile") or self.editor.pending is not None

    def _board_changed(self, *_args: object) -> None:
        """After an edit of tiles or river markers: the tool's feedback follows, and the
        viewport repaints whole only if the empty-board hint came or went (the scene
        repaints what the edit touched; a full repaint per edit cost a big realm dearly)."""
        hint = self.empty_hint() is not None
        if self._tool_feedback_needed() or hint != self._hint_shown:
            self.sync_tool_feedback()

    def _update_ghost(self, pos: QPoint) -> None:
        tool = self.editor.tool
        if tool.kind != "tile" or not self.viewport().rect().contains(pos):
            self.realm_scene.hide_ghost()
            return
        scene_pos = self.mapToScene(pos)
        self.realm_scene.show_ghost(tool.name, tool.side, tool.rotation,
                                    *scene_to_hex(scene_pos.x(), scene_pos.y()))

    def empty_hint(self) -> str | None:
        """The hint drawn over an empty board, or None when the board has tiles."""
        if self.realm_scene.tile_items:
            return None
        return EMPTY_HINT

    def drawForeground(self, painter: QPainter, rect: QRectF | object) -> None:
        super().drawForeground(painter, rect)  # type: ignore[arg-type]
        if self.realm_scene.show_graph:
            painter.save()
            painter.resetTransform()
            paint_graph_legend(painter, self.viewport().rect(), self.realm_scene.theme)
            painter.restore()
        hint = self.empty_hint()
        if hint is None:
            return
        painter.save()
        painter.resetTransform()
        font = painter.font()
        font.setPixelSize(18)
        painter.setFont(font)
        painter.setPen(QColor(self.realm_scene.theme.canvas["label"]))
        area = QRectF(self.viewport().rect()).adjusted(20, 0, -20, -40)
        painter.drawText(area, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom
                         | Qt.TextFlag.TextWordWrap, hint)
        painter.restore()

    def leaveEvent(self, event: QEvent) -> None:
        self.realm_scene.hide_ghost()
        self.hover_hex = None
        self.hover_region = None
        QToolTip.hideText()  # a region's tool tip must not outlive the mouse on the map
        self.hoverChanged.emit("")
        super().leaveEvent(event)

    # ----- zoom and pan -----------------------------------------------------------------------
    def wheelEvent(self, event: QWheelEvent) -> None:
        if self.wheel_scrolls and not event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            super().wheelEvent(event)  # the scroll bars take it (Shift: sideways)
            return
        delta = event.angleDelta().y() or event.angleDelta().x()
        if delta == 0:
            return
        now = time.perf_counter()
        # a spin: notches close together while the canvas still shows the preview (a notch
        # after the last one's exact frame is complete is a lone notch however soon it came)
        spinning = self._preview is not None and now - self._last_notch < ZOOM_SETTLE_MS / 1000
        self._last_notch = now
        if self._preview is None and len(self.realm_scene.tile_items) >= PREVIEW_TILES:
            # Every tile item's device cache is dropped by a scale change, and drawing
            # hundreds of them again takes longer than a frame: while the wheel turns the
            # view shows its last exact frame scaled, and draws exactly when it rests.
            shown = self.mapToScene(self.viewport().rect()).boundingRect()
            self._preview = (self.viewport().grab(), shown)
        self.zoom(ZOOM_STEP ** (delta / 120), event.position())
        if self._preview is not None:
            self._cursor = event.position()
            self._exact = QRegion()  # a notch while refining: the preview again
            self._blocks = []
            self._pictures = []
            self._pictures_for = None
            self._refine.stop()
            self._settle.start(ZOOM_SETTLE_MS if spinning else FIRST_NOTCH_SETTLE_MS)
            if not spinning:
                self._pictures = self._missing_pictures()
                if self._pictures:
                    self._refine.start()  # after the preview's frame
        event.accept()

    @property
    def refining(self) -> bool:
        """Whether the exact frame after a wheel zoom is being drawn block by block."""
        return bool(self._blocks) and self._preview is not None

    @property
    def previewing(self) -> bool:
        """Whether the canvas shows a scaled copy of its last exact frame (a wheel zoom of
        a big realm in progress)."""
        return self._preview is not None

    def end_zoom_preview(self) -> None:
        """Draw the canvas exactly again at once (a key or mouse press during a zoom)."""
        self._settle.stop()
        self._refine.stop()
        self._blocks = []
        self._pictures = []
        self._pictures_for = None
        self._exact = QRegion()
        if self._preview is not None:
            self._preview = None
            self.viewport().update()

    def refine_zoom(self) -> None:
        """The wheel rested: draw the exact frame over the preview a few blocks per frame,
        nearest the cursor first. At a new scale every tile item draws its picture again
        (hundreds on a big realm, more than a frame's work); block by block each frame
        stays short and the tiles the user looks at are sharp first. Tile pictures of a
        size band not drawn yet are drawn first, in the same slices (a tile item drawn with
        a borrowed picture would be drawn again once the exact one is in)."""
        self._settle.stop()
        if self._preview is None:
            return
        columns, rows = REFINE_BLOCKS
        area = self.viewport().rect()
        width, height = -(-area.width() // columns), -(-area.height() // rows)
        blocks = [QRect(x * width, y * height, width, height)
                  for x in range(columns) for y in range(rows)]
        cursor = self._cursor
        blocks.sort(key=lambda block: (QPointF(block.center()) - cursor).manhattanLength())
        self._exact = QRegion()
        self._blocks = blocks
        self._pictures = self._missing_pictures()
        if not self._refine.isActive():  # (else a slice of pictures just ran: wait a frame)
            self._refine_slice()

    def _missing_pictures(self) -> list[tuple[Key, Design]]:
        """The tile pictures the tiles in view lack at this zoom (a size band not drawn);
        the list a lone notch made, while the view still shows the same zoom and area."""
        shown = self.mapToScene(self.viewport().rect()).boundingRect()
        here = (self.scale_factor, shown)
        if here == self._pictures_for:
            return self._pictures
        self._pictures_for = here
        return self.realm_scene.missing_designs(shown, self.scale_factor,
                                                self.viewport().devicePixelRatioF())

    def _refine_slice(self) -> None:
        """Draw missing tile pictures, then blocks of the exact frame, for about
        :data:`REFINE_SLICE_S`."""
        start = time.perf_counter()
        slowest = 0.0
        spent = bool(self._pictures)  # pictures drawn in this slice: the time counts
        while self._pictures and self._preview is not None:
            before = time.perf_counter()
            if slowest and before - start + slowest > REFINE_SLICE_S:
                self._refine.start()
                return
            DESIGNS.draw(*self._pictures.pop())
            slowest = max(slowest, time.perf_counter() - before)
        if self._settle.isActive():
            return  # a lone notch's pictures, drawn before the wheel rests: blocks after
        slowest = 0.0
        viewport = self.viewport()
        while self._blocks and self._preview is not None:
            before = time.perf_counter()
            if (slowest or spent) and before - start + slowest > REFINE_SLICE_S:
                break  # the next block would likely make this frame too long
            block = self._blocks.pop(0)
            self._exact = self._exact.united(block)
            viewport.repaint(block)
            slowest = max(slowest, time.perf_counter() - before)
        if self._blocks:
            self._refine.start()
        elif self._preview is not None:
            self._preview = None  # every block is exact: the plain view paints again
            if DESIGNS.pending:  # tile pictures borrowed by the blocks: drawn exactly now
                self.realm_scene.refine_designs_soon()
            rest = QRegion(viewport.rect()).subtracted(self._exact)
            self._exact = QRegion()
            if not rest.isEmpty():  # scrolled while refining: a strip the blocks missed
                viewport.update(rest)

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        if not self._exact.isEmpty():
            self._exact.translate(dx, dy)  # the exact part moves with the viewport's pixels
        super().scrollContentsBy(dx, dy)

    def paintEvent(self, event: QPaintEvent) -> None:
        if self._preview is None:
            super().paintEvent(event)
            return
        region = event.region()
        exact = region.intersected(self._exact)
        if not exact.isEmpty():  # first: the view draws its background beyond the region
            super().paintEvent(QPaintEvent(exact))
        rough = region.subtracted(self._exact)
        if not rough.isEmpty():
            pixmap, shown = self._preview
            painter = QPainter(self.viewport())
            painter.setClipRegion(rough)
            painter.fillRect(rough.boundingRect(), self.realm_scene.backgroundBrush())
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
            painter.drawPixmap(self.viewportTransform().mapRect(shown), pixmap,
                               QRectF(pixmap.rect()))
            painter.end()


    @property
    def scale_factor(self) -> float:
        return self.transform().m11()

    def zoom(self, factor: float, anchor: QPointF | None = None) -> None:
        """Scale by ``factor`` keeping the scene point under ``anchor`` (viewport pixels;
        the centre when None) where it is on screen."""
        current = self.scale_factor
        factor = max(MIN_SCALE / current, min(MAX_SCALE / current, factor))
        self._scale_about(factor, anchor)

    def set_zoom(self, scale: float, anchor: QPointF | None = None) -> None:
        """Zoom to an absolute scale (1.0 = 100 %)."""
        self.zoom(scale / self.scale_factor, anchor)

    def _scale_about(self, factor: float, anchor: QPointF | None) -> None:
        point = anchor if anchor is not None else QPointF(self.viewport().rect().center())
        fixed = self.viewportTransform().inverted()[0].map(point)  # sub-pixel exact
        self.scale(factor, factor)
        self._grow_scene_for(fixed, point)
        shift = self.viewportTransform().map(fixed) - point
        bars = self.horizontalScrollBar(), self.verticalScrollBar()
        bars[0].setValue(bars[0].value() + round(shift.x()))
        bars[1].setValue(bars[1].value() + round(shift.y()))
        self.zoomChanged.emit(self.scale_factor)

    def _grow_scene_for(self, fixed: QPointF, point: QPointF) -> None:
        """Widen the scene rect so the scroll bars can bring ``fixed`` under ``point``
        (zoomed far out, a small scene would otherwise be centred and the anchor lost)."""
        scale = self.scale_factor
        width, height = self.viewport().width() / scale, self.viewport().height() / scale
        need = QRectF(fixed.x() - point.x() / scale, fixed.y() - point.y() / scale,
                      width, height)
        rect = self.realm_scene.sceneRect()
        if not rect.contains(need):
            self.realm_scene.setSceneRect(rect.united(need))

    def zoom_to(self, rect: QRectF) -> None:
        """Fill the view with ``rect`` (plus a margin), no closer than MAX_SCALE."""
        margin = max(rect.width(), rect.height()) * 0.25 + 10
        self.fitInView(rect.adjusted(-margin, -margin, margin, margin),
                       Qt.AspectRatioMode.KeepAspectRatio)
        if self.scale_factor > MAX_SCALE:
            self.set_zoom(MAX_SCALE)
        self.centerOn(rect.center())
        self.zoomChanged.emit(self.scale_factor)

    def fit_to_realm(self) -> None:
        rect = self.realm_scene.framed_rect()
        self.fitInView(rect.adjusted(-20, -20, 20, 20), Qt.AspectRatioMode.KeepAspectRatio)
        self.zoomChanged.emit(self.scale_factor)

    def _pan(self, pos: QPoint) -> None:
        assert self._pan_from is not None
        delta = pos - self._pan_from
        self._pan_from = pos
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - delta.x())
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() - delta.y())

    # ----- mouse ------------------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.end_zoom_preview()
        button = event.button()
        pos = event.position().toPoint()
        if button == Qt.MouseButton.MiddleButton or (
                button == Qt.MouseButton.LeftButton and self._space):
            self._pan_from = pos
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            return
        if button == Qt.MouseButton.RightButton:
            self._menu_allowed = self.editor.tool.kind == "select"
            self.editor.disarm()
            return
        if button != Qt.MouseButton.LeftButton:
            return
        self.setFocus()
        scene_pos = self.mapToScene(pos)
        if self.editor.tool.kind == "erase":
            self.editor.erase(self.editor.hit(scene_pos.x(), scene_pos.y()), self._item_at(pos))
            return
        if self.editor.tool.kind != "select":
            self.editor.click(scene_pos.x(), scene_pos.y())
            return
        doc = self.editor.doc
        item = self._item_at(pos)
        hit = self.editor.hit(scene_pos.x(), scene_pos.y())
        modifiers = event.modifiers()
        ctrl = bool(modifiers & Qt.KeyboardModifier.ControlModifier)
        if ctrl or modifiers & Qt.KeyboardModifier.ShiftModifier:
            # Tiled's conventions: Ctrl+click toggles, Shift+click adds; either on an
            # empty spot starts a band that adds to the selection.
            if item is not None and item[0] == "marker":
                self.editor.extend_selection(marker=item[1], toggle=ctrl)
            elif hit.tile_index is not None:
                self.editor.extend_selection(tile=hit.tile_index, toggle=ctrl)
            else:
                self._start_band(pos, add=True)
            return
        if item is not None and item[0] == "marker":
            doc.select(Selection(doc.board_id, marker_index=item[1]))
            return
        if item is not None and item[0] == "link":
            doc.select(Selection(doc.board_id, link_index=item[1]))
            return
        sel = doc.selection
        if hit.tile_index is not None and sel.is_group and sel.board == doc.board_id \
                and hit.tile_index in sel.tile_set:
            self._group_drag = (sorted(sel.tile_set), (hit.q, hit.r))
            self._dragging = False
            return
        self.editor.click(scene_pos.x(), scene_pos.y())
        if hit.tile_index is None and item is None:
            self._start_band(pos, add=False)
            return
        index = doc.selection.tile_index
        if index is not None and index in self.realm_scene.tile_items:
            placement = doc.board.tiles[index]
            self._drag = (index, scene_pos, (placement.q, placement.r))
            self._dragging = False

    # ----- rubber band and group drag -----------------------------------------------------
    def _start_band(self, pos: QPoint, *, add: bool) -> None:
        self._band_from, self._band_add = pos, add
        self.band.setGeometry(QRect(pos, QSize()))
        self.band.show()

    def _finish_band(self, pos: QPoint) -> None:
        origin, self._band_from = self._band_from, None
        self.band.hide()
        if origin is None or (pos - origin).manhattanLength() < 4:
            return
        area = self.mapToScene(QRect(origin, pos).normalized()).boundingRect()
        tiles = {i for i, item in self.realm_scene.tile_items.items()
                 if area.contains(item.pos())}
        markers = {item.index for item in self.realm_scene.marker_items
                   if area.contains(item.pos())}
        sel = self.editor.doc.selection
        if self._band_add and sel.board == self.editor.doc.board_id:
            tiles |= sel.tile_set
            markers |= sel.marker_set
        self.editor.select_group(tiles, markers)

    def _drag_group_to(self, cell: tuple[int, int]) -> None:
        assert self._group_drag is not None
        indexes, (q0, r0) = self._group_drag
        dq, dr = cell[0] - q0, cell[1] - r0
        tiles = self.editor.doc.board.tiles
        for index in indexes:
            item = self.realm_scene.tile_items.get(index)
            if item is not None:
                item.setPos(QPointF(*hex_centre(tiles[index].q + dq, tiles[index].r + dr)))
                item.setZValue(1)

    def _drop_group(self, cell: tuple[int, int]) -> None:
        assert self._group_drag is not None
        (indexes, (q0, r0)), self._group_drag = self._group_drag, None
        dragged, self._dragging = self._dragging, False
        moved = dragged and self.editor.move_group(indexes, cell[0] - q0, cell[1] - r0)
        if not moved:  # put the previews back where the model has them
            tiles = self.editor.doc.board.tiles
            for index in indexes:
                item = self.realm_scene.tile_items.get(index)
                if item is not None:
                    item.setPos(QPointF(*hex_centre(tiles[index].q, tiles[index].r)))
        for index in indexes:
            item = self.realm_scene.tile_items.get(index)
            if item is not None:
                item.setZValue(0)

    def _item_at(self, pos: QPoint) -> tuple[str, int] | None:
        """The marker, river marker or link badge under ``pos`` (topmost first)."""
        for item in self.items(pos):
            if isinstance(item, MarkerItem):
                return ("marker", item.index)
            if isinstance(item, LinkItem):
                return ("link", item.index)
            if isinstance(item, RiverMarkerItem):
                return ("river", item.index)
        return None

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        super().mouseMoveEvent(event)  # hover and tool tips of items, Qt's own mouse anchor
        pos = event.position().toPoint()
        if self._pan_from is not None:
            self._pan(pos)
            return
        scene_pos = self.mapToScene(pos)
        self._update_ghost(pos)
        if self.editor.pending is not None:
            self.realm_scene.pending_item.set_cursor(scene_pos)
        hit = self.editor.hit(scene_pos.x(), scene_pos.y())
        self.hover_hex = (hit.q, hit.r)
        self.hover_region = hit.region
        text = f"hex ({hit.q}, {hit.r})"
        if hit.region:
            region = self.editor.doc.analysis.region(hit.region)
            terrain = region.terrain if region is not None else ""
            text += f" \u00b7 {hit.region} {terrain}".rstrip()
        self.hoverChanged.emit(text)
        if self._band_from is not None:
            self.band.setGeometry(QRect(self._band_from, pos).normalized())
            return
        if self._group_drag is not None and event.buttons() & Qt.MouseButton.LeftButton:
            if (hit.q, hit.r) != self._group_drag[1]:
                self._dragging = True
            if self._dragging:
                self._drag_group_to((hit.q, hit.r))
            return
        if self._drag is not None and event.buttons() & Qt.MouseButton.LeftButton:
            index, press, _origin = self._drag
            if not self._dragging and (scene_pos - press).manhattanLength() < 6:
                return
            self._dragging = True
            item = self.realm_scene.tile_items.get(index)
            if item is not None:
                item.setPos(QPointF(*hex_centre(*scene_to_hex(scene_pos.x(), scene_pos.y()))))
                item.setZValue(1)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._pan_from is not None:
            self._pan_from = None
            self.viewport().unsetCursor()
            return
        pos = event.position().toPoint()
        if self._band_from is not None:
            self._finish_band(pos)
            return
        if self._group_drag is not None:
            scene_pos = self.mapToScene(pos)
            self._drop_group(scene_to_hex(scene_pos.x(), scene_pos.y()))
            return
        drag, self._drag = self._drag, None
        if drag is None or not self._dragging:
            return
        self._dragging = False
        index, _press, _origin = drag
        scene_pos = self.mapToScene(event.position().toPoint())
        q, r = scene_to_hex(scene_pos.x(), scene_pos.y())
        item = self.realm_scene.tile_items.get(index)
        if item is not None:
            item.setZValue(0)
        if not self.editor.move_tile(index, q, r) and item is not None:
            placement = self.editor.doc.board.tiles[index]
            item.setPos(QPointF(*hex_centre(placement.q, placement.r)))

    # ----- context menu ---------------------------------------------------------------------
    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        """Right click in the select tool: what can be done to the thing under the mouse
        (it is selected first, unless it belongs to the current multi-selection)."""
        allowed, self._menu_allowed = self._menu_allowed, True
        if not allowed:
            return
        pos = event.pos()
        scene_pos = self.mapToScene(pos)
        doc, editor = self.editor.doc, self.editor
        item = self._item_at(pos)
        hit = editor.hit(scene_pos.x(), scene_pos.y())
        sel = doc.selection
        in_group = sel.is_group and (hit.tile_index in sel.tile_set or (
            item is not None and item[0] == "marker" and item[1] in sel.marker_set))
        menu = QMenu(self)
        if not in_group:
            if item is not None and item[0] == "marker":
                doc.select(Selection(doc.board_id, marker_index=item[1]))
            elif item is not None and item[0] == "link":
                doc.select(Selection(doc.board_id, link_index=item[1]))
            elif hit.tile_index is not None:
                editor.select_at(hit)
        sel = doc.selection
        if sel.tile_set and sel.board == doc.board_id:
            menu.addAction("Rotate left (R)", lambda: editor.rotate_selected(1))
            menu.addAction("Rotate right (Shift+R)", lambda: editor.rotate_selected(-1))
            if not sel.is_group:
                menu.addAction("Flip (F)", editor.flip_selected)
        if sel.tile_set or sel.marker_set or sel.link_index is not None:
            menu.addAction("Delete", lambda: editor.delete_selected())
            menu.addAction("Centre on it", self.centre_on_selection)
        if sel.tile_set and sel.board == doc.board_id and not sel.is_group:
            placed = doc.board.tiles[next(iter(sel.tile_set))]
            menu.addAction("Edit this tile\u2026", lambda: self.edit_tile(placed))
        menu.addSeparator()
        for action in self.shared_actions:
            menu.addAction(action)
        self.context_menu = menu
        menu.popup(event.globalPos())

    def edit_tile(self, placed: Placement) -> None:
        """Open the tile designer on a placed tile's side (the main window owns designers)."""
        from editor.gui.designer.integration import edit_placed_tile

        edit_placed_tile(self.window(), placed.tile, placed.side)

    def selection_rect(self) -> QRectF:
        """The scene rect of what is selected (tiles, markers, a region, a link)."""
        scene, sel = self.realm_scene, self.editor.doc.selection
        rect = QRectF()
        for index in sel.tile_set:
            if index in scene.tile_items:
                rect = rect.united(scene.tile_items[index].sceneBoundingRect())
        for marker in scene.marker_items:
            if marker.index in sel.marker_set:
                rect = rect.united(marker.sceneBoundingRect())
        for link in scene.link_items:
            if link.index == sel.link_index:
                rect = rect.united(link.sceneBoundingRect())
        if rect.isEmpty() and sel.region:
            rect = scene.highlight.sceneBoundingRect()
        return rect

    def centre_on_selection(self) -> bool:
        rect = self.selection_rect()
        if rect.isEmpty():
            return False
        self.centerOn(rect.center())
        return True

    # ----- keys -------------------------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:
        self.end_zoom_preview()
        step = PAN_STEP * (4 if event.modifiers() & Qt.KeyboardModifier.ShiftModifier else 1)
        arrows = {Qt.Key.Key_Left: (-step, 0), Qt.Key.Key_Right: (step, 0),
                  Qt.Key.Key_Up: (0, -step), Qt.Key.Key_Down: (0, step)}
        if event.key() in arrows:
            dx, dy = arrows[Qt.Key(event.key())]
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + dx)
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() + dy)
            return
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = True
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            return
        if event.key() == Qt.Key.Key_Escape:
            self.editor.disarm()
            return
        super().keyPressEvent(event)

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = False
            self.viewport().unsetCursor()
            return
        super().keyReleaseEvent(event)

    # ----- drag and drop from the palette -----------------------------------------------------
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasFormat(TILE_MIME):
            event.acceptProposedAction()
            self._drop_preview(event)

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        if not event.mimeData().hasFormat(TILE_MIME):
            return
        if self._drop_preview(event):
            event.acceptProposedAction()
            self._refused_hex = None
        else:
            event.ignore()  # the cursor shows "no drop" over a taken hex
            ghost = self.realm_scene.ghost.hex
            if ghost != self._refused_hex:  # the status bar says why, once per hex
                self._refused_hex = ghost
                self.editor.explain_taken(*ghost)

    def dragLeaveEvent(self, event: QDragLeaveEvent) -> None:
        # not QGraphicsView's: it never saw the enter (dragEnterEvent is ours), and warned
        # "drag leave received before drag enter" on stderr at each refused drop
        self.realm_scene.hide_ghost()
        self._refused_hex = None
        event.accept()

    def _drop_preview(self, event: QDragMoveEvent | QDropEvent) -> bool:
        """The drop target: the dragged tile where it would land, red on a taken hex."""
        tile, side = _dragged_tile(event.mimeData())
        scene_pos = self.mapToScene(event.position().toPoint())
        return self.realm_scene.show_ghost(tile, side, 0,
                                           *scene_to_hex(scene_pos.x(), scene_pos.y()))

    def dropEvent(self, event: QDropEvent) -> None:
        self.realm_scene.hide_ghost()
        data = event.mimeData()
        if not data.hasFormat(TILE_MIME):
            return
        tile, side = _dragged_tile(data)
        scene_pos = self.mapToScene(event.position().toPoint())
        q, r = scene_to_hex(scene_pos.x(), scene_pos.y())
        if self.editor.place_tile(tile, side, q, r):
            event.acceptProposedAction()


def _dragged_tile(data: QMimeData) -> tuple[str, str]:
    tile, _, side = bytes(data.data(TILE_MIME).data()).decode(errors="replace").partition(":")
    return tile, side or "surface"
