"""The open scenario as a Qt document: the model, its undo stack and fine-grained signals.

Commands (:mod:`editor.gui.commands`) are the only writers; they call the
``insert_*``/``remove_*``/``replace_*`` methods here, which change the plain
dataclasses of :mod:`editor.model.scenario` and emit one signal per kind of
change. Views follow the signals. Re-analysis is debounced with a short timer
(:data:`ANALYSIS_DELAY_MS`): a burst of edits (a macro, an undo of a macro, keys held
down) derives once, and the edit's own repaint is on screen before the derivation and
lint run.

A big realm (over :data:`BACKGROUND_TILES` placed tiles) is analysed on a worker thread
instead, after :data:`BACKGROUND_DELAY_MS` without edits: the edit itself returns at
once and the Issues and Balance docks follow a moment later. The worker reads a snapshot
(commands replace items, never mutate them, so copying the lists is enough); a result
that an edit overtook is dropped and the analysis runs again.
"""

from __future__ import annotations

import copy
from collections.abc import Container
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from PySide6.QtCore import QCoreApplication, QDeadlineTimer, QObject, QTimer, Signal
from PySide6.QtGui import QUndoStack

import editor.qtcompat  # noqa: F401  (must run before any painting)
from editor.gui.analysis import Analysis, analyse, make_deriver, measure_realm
from editor.model.catalogue import Catalogue
from editor.model.catalogue_refs import ReferenceRefused, resolve_reference
from editor.model.disk_stamp import DiskStamp
from editor.model.scenario import (
    Board,
    Link,
    Marker,
    Placement,
    Presence,
    RiverMarker,
    Scenario,
)
from editor.model.scenario_io import (
    LoadedScenario,
    MissingCatalogue,
    save_scenario,
    scenario_text,
)

if TYPE_CHECKING:  # networkx and the derivation load after the window's first frame
    from concurrent.futures import Future, ThreadPoolExecutor

    from editor.analysis.metrics import BalanceMetrics
    from editor.topology import RealmDeriver

Collection = Literal["tiles", "river_markers", "markers"]
BACKGROUND_TILES = 150  # above this many placed tiles, analysis leaves the UI thread
BACKGROUND_DELAY_MS = 120  # quiet time before a background analysis starts
ANALYSIS_DELAY_MS = 25  # small realms: the edit's repaint first, the findings just after
Item = Placement | RiverMarker | Marker


@dataclass(frozen=True)
class Selection:
    """What the inspector shows: a tile (board, index), a region id, a marker or a link."""

    board: str | None = None
    tile_index: int | None = None
    region: str | None = None
    marker_index: int | None = None
    link_index: int | None = None  # into scenario.links (links belong to no single board)
    # A multi-selection (rubber band, Ctrl+click): every tile and marker index chosen.
    tiles: tuple[int, ...] = ()
    markers: tuple[int, ...] = ()
    # Every region a clicked finding names, outlined together (``region`` is the one the
    # inspector shows).
    regions: tuple[str, ...] = ()

    @property
    def tile_set(self) -> frozenset[int]:
        extra = () if self.tile_index is None else (self.tile_index,)
        return frozenset(self.tiles + extra)

    @property
    def marker_set(self) -> frozenset[int]:
        extra = () if self.marker_index is None else (self.marker_index,)
        return frozenset(self.markers + extra)

    @property
    def is_group(self) -> bool:
        return len(self.tile_set) + len(self.marker_set) > 1


@dataclass(frozen=True)
class MetaState:
    """The scenario fields EditProperties swaps as one unit."""

    title: str
    players_min: int
    players_max: int
    sections: dict[str, Any]


class ScenarioDocument(QObject):
    tilesChanged = Signal(str, list)  # board id, indexes touched ([] = resync the board)
    riverMarkersChanged = Signal(str)
    markersChanged = Signal(str)
    linksChanged = Signal()
    metaChanged = Signal()
    scenarioReset = Signal()
    pathChanged = Signal()
    viewChanged = Signal()  # shown board or player count
    selectionChanged = Signal()
    derivationChanged = Signal()
    analysingChanged = Signal(bool)  # a background analysis started (True) or ended
    modelChanged = Signal()  # any change to the scenario, after the specific signal
    metricsChanged = Signal()  # the balance metrics of the shown analysis arrived
    _analysed = Signal(int, object)  # from the worker thread: generation, Analysis
    _measured = Signal(int, object)  # then: generation, its BalanceMetrics (or None)

    def __init__(self, scenario: Scenario, catalogue: Catalogue, path: Path | None = None,
                 parent: QObject | None = None, *, unsaved: bool = False) -> None:
        super().__init__(parent)
        # Work that exists in no file yet (a generated realm): unsaved until first saved,
        # even with nothing on the undo stack (issue 28, point 3).
        self.unsaved_origin = unsaved and path is None
        self.scenario = scenario
        self.catalogue = catalogue
        self.path = path
        self.undo_stack = QUndoStack(self)
        # How the scenario file and its catalogues looked when last read or written: Save
        # asks before writing over a file another program changed since.
        self.disk: dict[Path, DiskStamp] = {}
        # Catalogue references whose files are missing: their tiles are placeholders, drawn
        # marked and left out of the analysed realm (File → Locate catalogue… fixes them).
        self.missing: tuple[MissingCatalogue, ...] = ()
        self.players = scenario.players_min
        self.board_id = scenario.boards[0].id if scenario.boards else ""
        self.selection = Selection()
        self.analysis = Analysis(self.players)
        self.analysis_enabled = True
        self._deriver: RealmDeriver | None = None  # made on the first analysis
        self._generation = 0  # bumped by every request for analysis
        self._worker: ThreadPoolExecutor | None = None
        self._running: Future[None] | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._analyse_due)
        self._analysed.connect(self._take_analysis)
        self._measured.connect(self._take_metrics)
        self.modelChanged.connect(self.schedule_analysis)
        self.undo_stack.cleanChanged.connect(self._clean_changed)

    @property
    def deriver(self) -> RealmDeriver:
        """The caching deriver (placed polygons survive between edits), made when first
        needed so opening a window does not wait for the derivation's imports."""
        if self._deriver is None:
            self._deriver = make_deriver()
        return self._deriver

    @deriver.setter
    def deriver(self, deriver: RealmDeriver) -> None:
        self._deriver = deriver

    def _clean_changed(self, _clean: bool) -> None:
        self.pathChanged.emit()

    # ----- reading -------------------------------------------------------------------------
    @property
    def board(self) -> Board:
        return self.scenario.board(self.board_id)

    @property
    def dirty(self) -> bool:
        """Whether closing now would lose work: edits since the last save, or a
        document born unsaved (generated) that was never written to a file."""
        return not self.undo_stack.isClean() or self.unsaved_origin

    @property
    def display_name(self) -> str:
        return self.path.name if self.path is not None else "untitled"

    def loaded(self) -> LoadedScenario:
        return LoadedScenario(self.scenario, self.catalogue, self.path,
                              scenario_text(self.scenario), self.missing)

    def is_placeholder(self, placement: Placement) -> bool:
        """Whether a placed tile stands in for one of a missing catalogue."""
        tile = self.catalogue.tiles.get(placement.tile)
        return tile is None or any(side.missing for side in tile.sides.values())

    def snapshot(self) -> LoadedScenario:
        """The scenario as it is now, safe to read on another thread while edits go on;
        no text (the Issues dock shows no line:column)."""
        s = self.scenario
        boards = [replace(b, tiles=[p for p in b.tiles if not self.is_placeholder(p)]
                          if self.missing else list(b.tiles),
                          river_markers=list(b.river_markers),
                          markers=list(b.markers)) for b in s.boards]
        copied = replace(s, boards=boards, links=list(s.links), sections=dict(s.sections))
        return LoadedScenario(copied, self.catalogue, self.path, "", self.missing)

    @property
    def big(self) -> bool:
        """Whether the realm is analysed on a worker thread (see the module's docstring)."""
        return sum(len(b.tiles) for b in self.scenario.boards) > BACKGROUND_TILES

    @property
    def analysing(self) -> bool:
        """Whether fresher findings are on their way (an analysis is due or running)."""
        return self._running is not None or self._timer.isActive()

    @property
    def measuring(self) -> bool:
        """Whether the shown analysis's balance metrics are still being measured on the
        worker thread (they follow with ``metricsChanged``)."""
        return self._running is not None and self.analysis.metrics is None

    def text(self) -> str:
        return scenario_text(self.scenario)

    def active(self, item: Placement | RiverMarker | Marker | Link) -> bool:
        """Whether an item is on the board for the shown player count."""
        return item.presence.includes(self.players, self.scenario.players_min)

    def visible_tiles(self, board_id: str | None = None) -> list[tuple[int, Placement]]:
        board = self.scenario.board(board_id or self.board_id)
        return [(i, p) for i, p in enumerate(board.tiles) if self.active(p)]

    def tile_at(self, q: int, r: int, board_id: str | None = None) -> int | None:
        board = self.scenario.board(board_id or self.board_id)
        for index, placement in enumerate(board.tiles):  # no list: called per marker
            if placement.q == q and placement.r == r and self.active(placement):
                return index
        return None

    def tile_clash(self, q: int, r: int, presence: Presence | None = None,
                   board_id: str | None = None, ignore: Container[int] = ()) -> int | None:
        """A tile on hex (q, r) at a player count ``presence`` shares (by default what a
        new item gets), hidden or not: a tile placed there would overlap it at that
        count (lint's G001), so the hex is taken (issue 28, point 4)."""
        presence = presence or self.new_presence()
        low = self.scenario.players_min
        counts = [c for c in self.scenario.player_counts if presence.includes(c, low)]
        board = self.scenario.board(board_id or self.board_id)
        for index, placement in enumerate(board.tiles):
            if (placement.q == q and placement.r == r and index not in ignore
                    and any(placement.presence.includes(c, low) for c in counts)):
                return index
        return None

    def tile_index(self, tile: str, board_id: str | None = None) -> int | None:
        board = self.scenario.board(board_id or self.board_id)
        for index, placement in enumerate(board.tiles):
            if placement.tile == tile and self.active(placement):
                return index
        return None

    def tiles_in_use(self) -> set[str]:
        """Tile letters placed for the shown player count on any board (each tile exists once)."""
        return {p.tile for board in self.scenario.boards if board.graph is None
                for p in board.tiles if self.active(p)}

    def new_presence(self) -> Presence:
        """New items belong to the shown count and up (the cumulative sets of the booklet)."""
        players = self.players
        return Presence(players if players > self.scenario.players_min else None)

    def tile_uses(self, tile: str, presence: Presence | None = None
                  ) -> list[tuple[Board, Placement]]:
        """Where a tile letter is placed at any player count (each letter is one piece);
        with ``presence``, only the placements sharing a player count with it."""
        return self.placements_by_tile(presence).get(tile, [])

    def placements_by_tile(self, presence: Presence | None = None,
                           only: set[str] | None = None
                           ) -> dict[str, list[tuple[Board, Placement]]]:
        """:meth:`tile_uses` for every letter (or the letters in ``only``) at once, in one
        pass over the boards."""
        low = self.scenario.players_min
        counts = [c for c in self.scenario.player_counts
                  if presence is None or presence.includes(c, low)]
        found: dict[str, list[tuple[Board, Placement]]] = {}
        for board in self.scenario.boards:
            if board.graph is not None:
                continue
            for p in board.tiles:
                if only is not None and p.tile not in only:
                    continue
                if presence is None or any(p.presence.includes(c, low) for c in counts):
                    found.setdefault(p.tile, []).append((board, p))
        return found

    def describe_use(self, board: Board, placement: Placement) -> str:
        """"board Surface at (1, 0), 3+ players": where a placed tile is, for messages."""
        presence, low = placement.presence, self.scenario.players_min
        if presence.players is not None:
            counts = f"{', '.join(map(str, presence.players))} players only"
        else:
            counts = f"{presence.min_players or low}+ players"
        return f"board {board.title or board.id} at ({placement.q}, {placement.r}), {counts}"

    def next_tunnel_number(self) -> int:
        used = {m.attrs.get("number") for b in self.scenario.boards for m in b.markers
                if m.kind == "tunnel"}
        number = 1
        while number in used:
            number += 1
        return number

    def meta_state(self) -> MetaState:
        s = self.scenario
        return MetaState(s.title, s.players_min, s.players_max, copy.deepcopy(s.sections))

    # ----- writing (commands only) ------------------------------------------------------------
    def _collection(self, board_id: str, collection: Collection) -> list[Any]:
        items: list[Any] = getattr(self.scenario.board(board_id), collection)
        return items

    def _changed(self, board_id: str, collection: Collection, indexes: list[int]) -> None:
        if collection == "tiles":
            self.tilesChanged.emit(board_id, indexes)
        elif collection == "river_markers":
            self.riverMarkersChanged.emit(board_id)
        else:
            self.markersChanged.emit(board_id)
        self.modelChanged.emit()

    def insert_item(self, board_id: str, collection: Collection, index: int, item: Item) -> None:
        self._collection(board_id, collection).insert(index, item)
        self._changed(board_id, collection, [] if index < len(
            self._collection(board_id, collection)) - 1 else [index])

    def remove_item(self, board_id: str, collection: Collection, index: int) -> Item:
        item: Item = self._collection(board_id, collection).pop(index)
        if collection == "tiles" or self.selection.marker_index is not None:
            self.select(Selection())
        self._changed(board_id, collection, [])
        return item

    def replace_item(self, board_id: str, collection: Collection, index: int, item: Item) -> Item:
        items = self._collection(board_id, collection)
        old: Item = items[index]
        items[index] = item
        if collection == "tiles":
            self._prune_selection(board_id, index)
        self._changed(board_id, collection, [index])
        return old

    def _prune_selection(self, board_id: str, index: int) -> None:
        """A replaced tile (flipped, turned, given other player counts) may no longer
        carry the selected region or be on the shown board: the inspector must not go
        on showing it (issue 28, point 7)."""
        sel = self.selection
        if sel.board != board_id or index not in sel.tile_set:
            return
        placement = self.scenario.board(board_id).tiles[index]
        if not self.active(placement):
            tiles = tuple(i for i in sel.tile_set if i != index)
            if sel.is_group:
                self.select(replace(sel, tile_index=None, region=None, tiles=tiles))
            else:
                self.select(Selection())
            return
        if sel.region is not None and sel.tile_index == index:
            tile, _, local = sel.region.rpartition(".")
            side = self.catalogue.side(placement.tile, placement.side)
            if tile == placement.tile and all(r.local_id != local for r in side.regions):
                self.select(replace(sel, region=None))

    def insert_link(self, index: int, link: Link) -> None:
        self.scenario.links.insert(index, link)
        if self.selection.link_index is not None and self.selection.link_index >= index:
            self.select(Selection())
        self.linksChanged.emit()
        self.modelChanged.emit()

    def remove_link(self, index: int) -> Link:
        link = self.scenario.links.pop(index)
        if self.selection.link_index is not None:  # indexes shift: never point at the wrong one
            self.select(Selection())
        self.linksChanged.emit()
        self.modelChanged.emit()
        return link

    def replace_link(self, index: int, link: Link) -> Link:
        old = self.scenario.links[index]
        self.scenario.links[index] = link
        self.linksChanged.emit()
        self.modelChanged.emit()
        return old

    def set_meta(self, state: MetaState) -> None:
        s = self.scenario
        s.title, s.players_min, s.players_max = state.title, state.players_min, state.players_max
        s.sections = copy.deepcopy(state.sections)
        if not s.players_min <= self.players <= s.players_max:
            self.players = min(max(self.players, s.players_min), s.players_max)
            self.viewChanged.emit()
        self.metaChanged.emit()
        self.modelChanged.emit()

    def replace_scenario(self, scenario: Scenario) -> Scenario:
        """Swap the whole scenario (recovery); returns the previous one."""
        old, self.scenario = self.scenario, scenario
        if self.board_id not in {b.id for b in scenario.boards}:
            self.board_id = scenario.boards[0].id if scenario.boards else ""
        self.players = min(max(self.players, scenario.players_min), scenario.players_max)
        self.selection = Selection()
        self.scenarioReset.emit()
        self.modelChanged.emit()
        return old

    # ----- view state (not undoable) ----------------------------------------------------------
    def set_players(self, players: int) -> None:
        if players != self.players:
            self.players = players
            self.select(Selection())
            self.viewChanged.emit()
            self.schedule_analysis()

    def set_board(self, board_id: str) -> None:
        if board_id != self.board_id:
            self.board_id = board_id
            self.select(Selection())
            self.viewChanged.emit()

    def select(self, selection: Selection) -> None:
        if selection != self.selection:
            self.selection = selection
            self.selectionChanged.emit()

    def select_region(self, rid: str) -> None:
        """Select a region (any board), showing its board."""
        tile = rid.rpartition(".")[0]
        for board in self.scenario.boards:
            for index, placement in enumerate(board.tiles):
                if placement.tile == tile and self.active(placement):
                    self.set_board(board.id)
                    self.select(Selection(board.id, index, rid))
                    return
        self.select(Selection(region=rid))

    def select_finding(self, regions: tuple[str, ...], tiles: tuple[str, ...] = (),
                       focus: str | None = None) -> None:
        """Select what a finding names: its regions, all outlined, ``focus`` (else the
        first) in the inspector, on the board of that one; else its tiles."""
        if regions:
            focus = focus if focus in regions else regions[0]
            self.select_region(focus)
            if len(regions) > 1:
                self.select(replace(self.selection, region=focus, regions=regions))
            return
        placed = [(board, index) for letter in dict.fromkeys(tiles)
                  for board in self.scenario.boards if board.graph is None
                  for index, p in enumerate(board.tiles)
                  if p.tile == letter and self.active(p)]
        if not placed:
            return
        board = placed[0][0]
        indexes = tuple(dict.fromkeys(i for b, i in placed if b is board))
        self.set_board(board.id)
        self.select(Selection(board.id, indexes[0] if len(indexes) == 1 else None,
                              tiles=indexes if len(indexes) > 1 else ()))

    def select_same_terrain(self) -> int:
        """The magic wand: with a region selected, select every region of its terrain on
        its board (all outlined, the clicked one still in the inspector). How many regions
        are selected now; 0 when no derived region is selected."""
        rid = self.selection.region
        region = self.analysis.region(rid) if rid else None
        realm = self.analysis.realm
        if rid is None or region is None or realm is None:
            return 0
        same = tuple(r.id for r in realm.regions.values()
                     if r.board == region.board and r.terrain == region.terrain)
        self.select(replace(self.selection, regions=same))
        return len(same)

    def select_tile(self, tile: str) -> None:
        for board in self.scenario.boards:
            for index, placement in enumerate(board.tiles):
                if placement.tile == tile and self.active(placement):
                    self.set_board(board.id)
                    self.select(Selection(board.id, index))
                    return

    # ----- analysis ------------------------------------------------------------------------
    def schedule_analysis(self) -> None:
        if self.analysis_enabled:
            self._generation += 1
            self._timer.start(BACKGROUND_DELAY_MS if self.big else ANALYSIS_DELAY_MS)

    def analyse_first(self, *, now: bool = True) -> None:
        """The analysis of a document just opened: at once for a small realm (``now``
        False: as soon as the event loop runs, i.e. after the window's first frame, which
        then does not wait for the derivation's and lint's imports), on the worker for a
        big one once the window has shown its first frame (the same short pause as after
        an edit: started at once, the worker's Python competed with the window's for the
        interpreter lock and slowed the first frame)."""
        if self.big and self.analysis_enabled:
            self.schedule_analysis()
        elif now:
            self.analyse_now()
        else:
            self._generation += 1
            self._timer.start(0)  # analysing stays True until it has run

    def _analyse_due(self) -> None:
        if self.big:
            self._start_background()
        else:
            self.analyse_now()

    def analyse_now(self) -> None:
        """Analyse on this thread and show the result (waits for a running worker)."""
        self._timer.stop()
        if self._running is not None:
            self._running.result()  # the deriver's cache serves one caller at a time
        self._generation += 1
        self.analysis = analyse(self.snapshot(), self.players, deriver=self.deriver)
        self.derivationChanged.emit()

    def _start_background(self) -> None:
        if self._running is not None:
            return  # _take_metrics starts again once this one is in
        if self._worker is None:
            from concurrent.futures import ThreadPoolExecutor  # (a big realm's, after its frame)

            self._worker = ThreadPoolExecutor(1, thread_name_prefix="realm-analysis")
        generation, loaded, players = self._generation, self.snapshot(), self.players

        def work() -> None:
            # The findings first, then the balance metrics (the diameter of a big realm
            # takes longer than its lint): the Issues dock does not wait for the Balance dock.
            analysis = analyse(loaded, players, deriver=self.deriver, with_metrics=False)
            self._analysed.emit(generation, analysis)
            self._measured.emit(generation, measure_realm(analysis.realm))

        self._running = self._worker.submit(work)
        self.analysingChanged.emit(True)

    def _take_analysis(self, generation: int, analysis: Analysis) -> None:
        if generation == self._generation:
            self.analysis = analysis
            self.derivationChanged.emit()

    def _take_metrics(self, generation: int, metrics: BalanceMetrics | None) -> None:
        """The worker's run is over: its metrics join the analysis it sent before."""
        self._running = None
        if generation == self._generation:
            self.analysis.metrics = metrics
            self.analysingChanged.emit(False)
            self.metricsChanged.emit()
        elif not self._timer.isActive():
            self._start_background()  # an edit overtook it: analyse the newer state

    def wait_for_analysis(self, timeout_s: float = 30.0) -> None:
        """Block until the pending analysis is shown (tests, benchmarks)."""
        deadline = QDeadlineTimer(int(timeout_s * 1000))
        while self.analysing and not deadline.hasExpired():
            QCoreApplication.processEvents()
            if self._running is not None:
                self._running.result()
                QCoreApplication.processEvents()

    def shutdown_analysis(self) -> None:
        """Stop the worker thread (the window closes)."""
        self._timer.stop()
        if self._worker is not None:
            self._worker.shutdown(wait=True, cancel_futures=True)
            self._worker = None

    # ----- files ---------------------------------------------------------------------------
    def save(self, path: Path | None = None) -> None:
        target = path or self.path
        if target is None:
            raise ValueError("no file name yet; use Save As")
        save_scenario(self.scenario, target)
        if target != self.path:
            self.disk = {}
        self.path = target
        self.record_disk(target)
        self.unsaved_origin = False
        self.undo_stack.setClean()
        self.pathChanged.emit()

    def watched_files(self) -> list[Path]:
        """The scenario file and the catalogue files it references (none while untitled)."""
        if self.path is None:
            return []
        files = [self.path]
        references = self.scenario.sections.get("catalogues", [])
        for reference in references if isinstance(references, list) else []:
            try:
                files.append(resolve_reference(str(reference), self.path.parent))
            except ReferenceRefused:
                continue
        return files

    def record_disk(self, *only: Path) -> None:
        """Remember how ``only`` (by default every watched file) looks on disk now."""
        for path in only or tuple(self.watched_files()):
            stamp = DiskStamp.of(path)
            if stamp is None:
                self.disk.pop(path, None)
            else:
                self.disk[path] = stamp

    def changed_on_disk(self) -> list[Path]:
        """The watched files whose content is no longer what was last read or written."""
        return [path for path, stamp in self.disk.items() if not stamp.same_content(path)]

    @classmethod
    def from_loaded(cls, loaded: LoadedScenario, parent: QObject | None = None
                    ) -> ScenarioDocument:
        doc = cls(loaded.scenario, loaded.catalogue, loaded.path, parent)
        doc.missing = loaded.missing
        doc.record_disk()
        return doc
