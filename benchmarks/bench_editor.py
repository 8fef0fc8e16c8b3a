"""Editor benchmarks, event to idle (issue 14 item 10; pytest-benchmark, offscreen Qt).

Run:  QT_QPA_PLATFORM=offscreen python -m pytest benchmarks/bench_editor.py --benchmark-enable

Every timed round posts a real input event (a key press, a mouse click, a wheel notch)
to the window, then processes events until the queue is empty, repaint included: what a
user waits for. Window 1280 x 800.

* the 600-tile realm (``layouts.py``: 640 catalogue tiles, 600 placed): place a tile with
  a click (<= 30 ms), rotate the selected tile with R (<= 16 ms), a full repaint at
  several zooms (<= 16 ms each), a wheel notch, the exact frame once the wheel rests
  and the worst later frame until the canvas is exact (<= 16 ms each), and opening the
  file until the first frame is painted (<= 1 s). On a realm this big the analysis
  (derivation + lint) runs on a worker thread after the edits pause; its latency is
  measured too (no budget), but not inside the event rounds: each round starts with the
  worker idle;
* the 600-tile realm, a wheel notch until the canvas is sharp again (<= 100 ms, wall):
  at a zoom seen before, and the first notch into a zoom level, at once and after the
  view rested (the look-ahead drew that band's pictures);
* launch: a new process until the editor's first frame is painted (<= 1.5 s), booklet
  scenario 1 and the 600-tile realm, beside a bare Qt window launched the same way and,
  with ``BENCH_LAUNCH_BEFORE=<checkout>``, another checkout's code;
* every shipped scenario: rotate the selected tile with R and redraw (<= 8 ms); the
  re-analysis (on the UI thread for realms this small) follows 25 ms after the last edit
  and is timed on its own (no budget).

Beside each wall-clock median the process's CPU median is recorded (the machine may be
shared: wall time then includes waiting for a core, CPU time does not). The baseline, in
the same run: an empty event round trip (a key press to a bare widget, processed until
idle), i.e. what any event costs on this machine; the ratio says how many of those an
editor operation is worth.
"""

from __future__ import annotations

import itertools
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from bytecode import compile_all
from launch_script import EDITOR_WINDOW
from layouts import LETTERS, spiral
from PySide6.QtCore import (
    QCoreApplication,
    QEventLoop,
    QPoint,
    QPointF,
    QSettings,
    Qt,
    QTimer,
)
from PySide6.QtGui import QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget
from pytest_benchmark.fixture import BenchmarkFixture
from summary import Measured

from editor.gui.canvas.tile_cache import DESIGNS, EXTENT, SIZES
from editor.gui.canvas.tools import Tool
from editor.gui.canvas.view import RealmView
from editor.gui.document import ScenarioDocument, Selection
from editor.gui.main_window import MainWindow
from editor.gui.shapes import hex_centre
from editor.model import catalogue_check
from editor.model.catalogue import default_catalogue
from editor.model.scenario import Board, Placement, Scenario
from editor.model.scenario_io import load_scenario, save_scenario

ROOT = Path(__file__).resolve().parents[1]
SIZE = (1280, 800)
PLACED, CATALOGUE = 600, 640
BUDGET = {"place": 0.030, "rotate": 0.016, "repaint": 0.016, "open": 1.0,
          "rotate_shipped": 0.008, "launch": 1.5, "sharp": 0.100}
ZOOMS = (0.15, 0.3, 0.6, 1.0, 2.0)
SHIPPED = sorted(p for p in (ROOT / "scenarios").rglob("*.realm.json")
                 if load_scenario(p).scenario.boards
                 and any(b.tiles for b in load_scenario(p).scenario.boards))
_APP = QApplication.instance() or QApplication([])


@pytest.fixture(autouse=True)
def isolated_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    QCoreApplication.setOrganizationName("Realms Studio Bench")
    QCoreApplication.setApplicationName("Realms Studio Bench")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    QSettings.setPath(QSettings.Format.NativeFormat, QSettings.Scope.UserScope,
                      str(tmp_path / "config"))
    yield


def until_idle() -> None:
    """Deliver every posted event (repaints included) until the queue stays empty."""
    for _ in range(3):
        QCoreApplication.sendPostedEvents()
        QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents)


class CpuClock:
    """Wraps a benchmark target to keep the process's CPU time of each round (every
    thread: Qt's raster engine hands big blits to its thread pool; the analysis worker
    is idle during timed rounds)."""

    def __init__(self, target: Callable[[], object]) -> None:
        self.target, self.cpu = target, list[float]()

    def __call__(self) -> None:
        start = time.process_time()
        self.target()
        self.cpu.append(time.process_time() - start)

    @property
    def median(self) -> float | None:
        return statistics.median(self.cpu) if self.cpu else None


def median(benchmark: BenchmarkFixture) -> float | None:
    return benchmark.stats.stats.median if benchmark.stats is not None else None


def keep(record: dict[str, Measured], label: str, benchmark: BenchmarkFixture,
         clock: CpuClock, budget: float | None) -> float | None:
    """Record wall and UI-thread CPU medians; returns the wall median."""
    wall = median(benchmark)
    record[label] = Measured(wall, budget)
    record[f"{label} [CPU]"] = Measured(clock.median if wall is not None else None, budget)
    return wall


def discard(_parent: object, _name: str) -> QMessageBox.StandardButton:
    return QMessageBox.StandardButton.Discard


def write_big_realm(folder: Path) -> Path:
    """A 600-tile realm on disk: two custom catalogues of 320 tiles each (copies of the
    26 designs, keys ``A0``, ``B1`` ...), 600 of them placed in a compact spiral, 40 free."""
    raw = json.loads((ROOT / "editor" / "data" / "tiles.json").read_text(encoding="utf-8"))
    keys = [f"{LETTERS[i % 26]}{i}" for i in range(CATALOGUE)]
    names = []
    for part in range(2):
        chunk = keys[part * CATALOGUE // 2:(part + 1) * CATALOGUE // 2]
        name = f"stress-{part}.catalogue.json"
        (folder / name).write_text(json.dumps({
            "catalogue_version": 1, "id": f"stress-{part}", "name": f"Stress {part}",
            "tiles": {key: raw["tiles"][key[0]] for key in chunk}}), encoding="utf-8")
        names.append(name)
    tiles = [Placement(key, "surface", q, r, (i * 7) % 6)
             for i, (key, (q, r)) in enumerate(zip(keys, spiral(PLACED), strict=False))]
    scenario = Scenario("600 tiles", 2, 2, [Board("surface", "surface", tiles=tiles)],
                        sections={"catalogues": names})
    path = folder / "big.realm.json"
    save_scenario(scenario, path)
    return path


def open_window(doc: ScenarioDocument) -> MainWindow:
    window = MainWindow(doc, offer_recovery=False)
    window.close_prompt = discard  # type: ignore[method-assign,assignment]
    window.resize(*SIZE)
    window.show()
    until_idle()
    return window


def close(window: MainWindow) -> None:
    window.close()
    window.deleteLater()
    until_idle()


@pytest.fixture(scope="module")
def big_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_big_realm(tmp_path_factory.mktemp("big"))


@pytest.fixture(scope="module")
def big_window(big_path: Path) -> Iterator[MainWindow]:
    doc = ScenarioDocument.from_loaded(load_scenario(big_path))
    window = open_window(doc)
    doc.wait_for_analysis()
    until_idle()
    yield window
    close(window)


def settle(window: MainWindow) -> None:
    """Between rounds, untimed: the last edit's analysis runs and its findings are shown;
    then analysis is switched off for the timed round. The editor defers it (25 ms on
    the UI thread for a small realm, 120 ms then a worker thread for a big one); on a
    loaded machine a round can outlast that delay, and the round would then time the
    analysis of the previous edit, which is measured on its own instead."""
    doc = window.doc
    doc.analysis_enabled = True
    doc.schedule_analysis()
    doc.wait_for_analysis()
    until_idle()
    doc.analysis_enabled = False


def exact(window: MainWindow) -> list[tuple[float, float]]:
    """Run the event loop until the canvas shows every tile exactly (no scaled preview
    block, no borrowed tile picture left); the wall and CPU time of each pass of the
    loop that did something, i.e. of each frame the refinement cost."""
    view = window.view
    passes: list[tuple[float, float]] = []
    for _ in range(1000):
        if not view.previewing and not DESIGNS.pending:
            break
        time.sleep(0.002)
        start, cpu = time.perf_counter(), time.process_time()
        QCoreApplication.sendPostedEvents()
        QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents)
        passes.append((time.perf_counter() - start, time.process_time() - cpu))
    until_idle()
    return [p for p in passes if p[0] > 0.0002]


# ----- baseline ------------------------------------------------------------------------------
BASELINE = "empty event round trip (a key press to a bare widget, until idle)"


@pytest.mark.benchmark(group="baseline")
def test_baseline_empty_event(benchmark: BenchmarkFixture, record: dict[str, Measured]
                              ) -> None:
    widget = QWidget()
    widget.resize(200, 100)
    widget.show()
    until_idle()

    def empty() -> None:
        QTest.keyClick(widget, Qt.Key.Key_Shift)
        until_idle()

    clock = CpuClock(empty)
    benchmark.pedantic(clock, rounds=50, iterations=1, warmup_rounds=3)
    record[BASELINE] = Measured(median(benchmark))
    record[f"{BASELINE} [CPU]"] = Measured(clock.median if median(benchmark)
                                                     else None)
    widget.close()


# ----- the 600-tile realm ------------------------------------------------------------------
@pytest.mark.benchmark(group="600 tiles")
def test_rotate_600(big_window: MainWindow, benchmark: BenchmarkFixture,
                    record: dict[str, Measured]) -> None:
    window, doc = big_window, big_window.doc
    index = PLACED // 2
    doc.select(Selection(doc.board_id, index))
    window.view.centerOn(*hex_centre(doc.board.tiles[index].q, doc.board.tiles[index].r))
    window.view.setFocus()
    settle(window)
    rotations = [doc.board.tiles[index].rotation]

    def rotate() -> None:
        QTest.keyClick(window.view, Qt.Key.Key_R)
        until_idle()
        rotations.append(doc.board.tiles[index].rotation)

    clock = CpuClock(rotate)
    benchmark.pedantic(clock, setup=lambda: settle(window), rounds=25, iterations=1)
    assert all((b - a) % 6 == 1 for a, b in itertools.pairwise(rotations))
    keep(record, "600 tiles: rotate the selected tile (key R, until idle)", benchmark, clock,
         BUDGET["rotate"])


@pytest.mark.benchmark(group="600 tiles")
def test_place_600(big_window: MainWindow, benchmark: BenchmarkFixture,
                   record: dict[str, Measured]) -> None:
    window, doc = big_window, big_window.doc
    free = [k for k in doc.catalogue.tiles if not doc.tile_uses(k)]
    empty_cells = spiral(PLACED + 60)[PLACED:]
    placed: list[int] = []
    rounds = 15

    def arm() -> tuple[tuple[object, ...], dict[str, object]]:
        settle(window)
        if len(doc.board.tiles) > PLACED:
            doc.undo_stack.undo()  # untimed: back to 600 tiles
            settle(window)
        n = len(placed)
        q, r = empty_cells[n % len(empty_cells)]
        window.editor.set_tool(Tool("tile", free[n % len(free)], "surface"))
        window.view.centerOn(*hex_centre(q, r))
        until_idle()
        return (window.view.mapFromScene(QPointF(*hex_centre(q, r))),), {}

    def place(point: QPoint) -> None:
        QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=point)
        until_idle()
        placed.append(len(doc.board.tiles))

    clock = CpuClock(lambda: None)

    def timed(point: QPoint) -> None:
        start = time.process_time()
        place(point)
        clock.cpu.append(time.process_time() - start)

    benchmark.pedantic(timed, setup=arm, rounds=rounds, iterations=1)
    assert all(n == PLACED + 1 for n in placed), "every click placed a tile"
    doc.undo_stack.undo()
    window.editor.set_tool(Tool("select"))
    settle(window)
    keep(record, "600 tiles: place a tile (mouse click, until idle)", benchmark, clock,
         BUDGET["place"])


@pytest.mark.benchmark(group="600 tiles")
@pytest.mark.parametrize("zoom", ZOOMS)
def test_repaint_600(big_window: MainWindow, benchmark: BenchmarkFixture, zoom: float,
                     record: dict[str, Measured]) -> None:
    window = big_window
    window.view.set_zoom(zoom)
    window.view.centerOn(0, 0)
    window.view.viewport().repaint()  # untimed: the first frame at this zoom
    until_idle()
    exact(window)  # let the scene draw the exact tile pictures (slices of 5 ms)
    clock = CpuClock(window.view.viewport().repaint)
    benchmark.pedantic(clock, rounds=15, iterations=1)
    keep(record, f"600 tiles: full repaint at zoom {zoom:g}", benchmark, clock,
         BUDGET["repaint"])


def send_wheel_notch(viewport: QWidget, centre: QPoint, direction: int) -> None:
    """One wheel notch (120 eighths of a degree) at ``centre``, zooming in for 1, out for -1."""
    event = QWheelEvent(QPointF(centre), QPointF(viewport.mapToGlobal(centre)),
                        QPoint(0, 0), QPoint(0, 120 * direction),
                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
                        Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(viewport, event)


def wheel_swing(view: RealmView) -> Callable[[], None]:
    """Zoom 0.5 about the origin, until idle; then a function sending one wheel notch at
    the viewport's centre, until its first frame is painted (the posted events; not the
    timers, which run the exact frame: the callers time that), that turns back once the
    zoom leaves 0.2 .. 2.5."""
    viewport = view.viewport()
    view.set_zoom(0.5)
    view.centerOn(0, 0)
    until_idle()
    centre = viewport.rect().center()
    direction = [1]

    def notch() -> None:
        send_wheel_notch(viewport, centre, direction[0])
        QCoreApplication.sendPostedEvents()
        if not 0.2 < view.transform().m11() < 2.5:
            direction[0] = -direction[0]

    return notch


@pytest.mark.benchmark(group="600 tiles")
def test_wheel_600(big_window: MainWindow, benchmark: BenchmarkFixture,
                   record: dict[str, Measured]) -> None:
    """One wheel notch in or out, until its first frame: the frame at the new zoom (on a realm
    this big, the last exact frame scaled about the cursor; the exact frame follows when
    the wheel rests, timed by ``test_wheel_rests_600``)."""
    clock = CpuClock(wheel_swing(big_window.view))
    benchmark.pedantic(clock, rounds=30, iterations=1)
    keep(record, "600 tiles: wheel notch (zoom, its first frame)", benchmark, clock,
         BUDGET["repaint"])


@pytest.mark.benchmark(group="600 tiles")
def test_wheel_rests_600(big_window: MainWindow, benchmark: BenchmarkFixture,
                         record: dict[str, Measured]) -> None:
    """The exact frame once the wheel rests: the viewport blocks nearest the cursor drawn
    exactly (every tile item in them drawn again at the new scale), the rest of the
    scaled preview refined in later frames, and tile pictures of a new size band
    borrowed and then drawn exactly in slices; each later frame is timed too (the worst
    of each gesture). 30 notches swing the zoom from 0.5 up to 2.7 and down to 0.23."""
    window = big_window
    view = window.view
    swing = wheel_swing(view)
    later: list[tuple[float, float]] = []  # the worst later frame of each gesture

    def notch() -> tuple[tuple[object, ...], dict[str, object]]:
        frames = exact(window)  # the previous gesture's refinement, frame by frame
        if frames:
            later.append(max(frames))
        swing()
        assert view.previewing
        return (), {}

    def rest() -> None:
        view.refine_zoom()  # what the timer does when the wheel rests: the first slice
        # the repaints it posted; not the timers: the next slices are the later frames,
        # each timed by exact() (they follow at once, after the events that came meanwhile)
        QCoreApplication.sendPostedEvents()

    clock = CpuClock(rest)
    benchmark.pedantic(clock, setup=notch, rounds=30, iterations=1)
    frames = exact(window)
    if frames:
        later.append(max(frames))
    keep(record, "600 tiles: the exact frame once the wheel rests", benchmark,
         clock, BUDGET["repaint"])
    if median(benchmark) is not None and later:
        walls = sorted(wall for wall, _cpu in later)
        label = "600 tiles: the worst later frame of a gesture until all is exact"
        record[label] = Measured(statistics.median(walls), BUDGET["repaint"])
        record[f"{label} [CPU]"] = Measured(
            statistics.median(cpu for _wall, cpu in later), BUDGET["repaint"])
        # The worst single frame of the run, shown beside the medians the budget is about
        # (issue 14's budgets are medians; one late frame in 30 gestures is a stutter to
        # watch, not a miss of the budget).
        record[f"{label} [max, not a budget]"] = Measured(walls[-1])
        record[f"{label} [max CPU, not a budget]"] = Measured(max(cpu for _wall, cpu in later))


def until_sharp(window: MainWindow) -> None:
    """Run the event loop, timers included, until the canvas is exact: no scaled preview
    left and no borrowed tile picture waiting to be drawn; then until idle."""
    view = window.view
    while view.previewing or DESIGNS.pending:
        # as the editor's own event loop does: sleep until the next event or timer (the
        # rest timer and the refinement's timers run in real time), at most 5 ms (a
        # sleep between passes would add its length to every slice of the refinement)
        QTimer.singleShot(5, lambda: None)
        QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents)
    until_idle()


def band_edge_zoom(size: int) -> float:
    """A zoom whose tile pictures are the ``size`` band, one wheel notch in from the next."""
    return size / (EXTENT * window_ratio()) / 1.08


def window_ratio() -> float:
    return float(_APP.primaryScreen().devicePixelRatio()) if _APP.primaryScreen() else 1.0


@pytest.mark.benchmark(group="600 tiles")
@pytest.mark.parametrize("case", ["seen", "first", "rested"])
def test_wheel_sharp_600(big_window: MainWindow, benchmark: BenchmarkFixture, case: str,
                         record: dict[str, Measured]) -> None:
    """One wheel notch until the canvas is sharp again, wall time, what a user waits for:
    the scaled preview, the rest the view waits for, the exact frame block by block and
    any tile picture borrowed from another size band drawn exactly.

    * ``seen``: notches swinging the zoom between 0.23 and 2.7, pictures drawn before;
    * ``first``: the notch crosses into a size band no picture was drawn at (every picture
      is dropped before the round, the current band drawn again, untimed, and the look-ahead
      stopped), at once;
    * ``rested``: the same, after the view rested at its zoom long enough for the look-ahead
      to draw the next band's pictures of the tiles on screen (what a user who looked at
      the board before turning the wheel gets)."""
    window = big_window
    view = window.view
    centre = view.viewport().rect().center()
    swing = wheel_swing(view)
    bands = itertools.cycle(s for s in SIZES[1:-1] if band_edge_zoom(s) <= 2.5)
    drawn: list[int] = []

    def arm() -> tuple[tuple[object, ...], dict[str, object]]:
        until_sharp(window)
        if case != "seen":
            DESIGNS.clear()
            view.set_zoom(band_edge_zoom(next(bands)))
            view.centerOn(0, 0)
            view.viewport().repaint()  # the current band drawn (untimed)
            until_sharp(window)
            if case == "first":
                getattr(window.scene, "stop_look_ahead", lambda: None)()  # (older code: none)
            else:
                deadline = time.perf_counter() + 20
                while getattr(window.scene, "looking_ahead", False) and \
                        time.perf_counter() < deadline:
                    QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 5)
                    time.sleep(0.002)
        drawn.append(DESIGNS.drawn)
        return (), {}

    def notch() -> None:
        if case == "seen":
            swing()
        else:
            send_wheel_notch(view.viewport(), centre, 1)
        until_sharp(window)
        drawn[-1] = DESIGNS.drawn - drawn[-1]

    clock = CpuClock(notch)
    benchmark.pedantic(clock, setup=arm, rounds=20 if case == "seen" else 9, iterations=1)
    label = {"seen": "a zoom seen before",
             "first": "first time at a zoom level, at once",
             "rested": "first time at a zoom level, the view rested first"}[case]
    if median(benchmark) is not None:
        label += (f" ({statistics.median(drawn):g} tile pictures drawn, median; "
                  f"{min(drawn)}-{max(drawn)})")
    keep(record, f"600 tiles: wheel notch until sharp, {label}", benchmark, clock,
         BUDGET["sharp"])


@pytest.mark.benchmark(group="600 tiles")
def test_open_600(big_path: Path, benchmark: BenchmarkFixture,
                  record: dict[str, Measured]) -> None:
    windows: list[MainWindow] = []

    def open_realm() -> None:
        doc = ScenarioDocument.from_loaded(load_scenario(big_path))
        windows.append(open_window(doc))  # until idle: the first frame is painted

    def forget() -> None:
        """Untimed: the catalogue checker forgets the sides it found clean, so every
        round checks both catalogues in full, as the first open in a new process does."""
        catalogue_check._CLEAN_SIDES.clear()
        catalogue_check.owned_half_edges.cache_clear()

    clock = CpuClock(open_realm)
    benchmark.pedantic(clock, setup=forget, rounds=3, iterations=1)
    for window in windows:
        assert len(window.scene.tile_items) == PLACED
        window.doc.wait_for_analysis()
        assert window.doc.analysis.realm is not None
        close(window)
    keep(record, "600 tiles: open the file (read, check, window, scene, first frame)",
         benchmark, clock, BUDGET["open"])


@pytest.mark.benchmark(group="600 tiles")
def test_findings_follow_600(big_window: MainWindow, benchmark: BenchmarkFixture,
                             record: dict[str, Measured]) -> None:
    """Not a budget: how long after an edit the Issues dock shows fresh findings (the
    pause before the worker starts, derivation + lint on the worker, the dock update)."""
    window, doc = big_window, big_window.doc
    doc.select(Selection(doc.board_id, 10))
    window.view.setFocus()

    rotations = [doc.board.tiles[10].rotation]
    shown: list[bool] = []
    doc.derivationChanged.connect(lambda: shown.append(True))

    def edit_then_wait() -> None:
        doc.analysis_enabled = True
        shown.clear()
        window.editor.rotate_selected(1)  # what key R does
        rotations.append(doc.board.tiles[10].rotation)
        while not shown:  # the findings are in the Issues dock (the metrics follow)
            QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 5)
        until_idle()

    clock = CpuClock(edit_then_wait)
    benchmark.pedantic(clock, setup=lambda: settle(window), rounds=5, iterations=1)
    settle(window)
    assert window.issues.issues() == doc.analysis.issues
    assert len(set(rotations)) > 1, "the tile turned"
    record["600 tiles: findings shown after an edit (worker thread; not a UI stall)"] = \
        Measured(median(benchmark))


# ----- 8 and 600 tiles side by side, with each right-hand tab in front (issue 28) -----------
SMALL = 8


@pytest.fixture(scope="module")
def small_window() -> Iterator[MainWindow]:
    """An 8-tile realm of the bundled catalogue (A-H in the same spiral)."""
    tiles = [Placement(LETTERS[i], "surface", q, r, (i * 7) % 6)
             for i, (q, r) in enumerate(spiral(SMALL))]
    scenario = Scenario("8 tiles", 2, 2, [Board("surface", "surface", tiles=tiles)])
    doc = ScenarioDocument(scenario, default_catalogue())
    window = open_window(doc)
    doc.wait_for_analysis()
    until_idle()
    yield window
    close(window)


def in_front(window: MainWindow, dock: str) -> None:
    """Bring the Balance or the Overview tab to the front (untimed); the window is made
    the active one again (R and Ctrl+Z are window shortcuts, and the open benchmark
    showed other windows since)."""
    window.show_dock(dock)
    window.activateWindow()
    until_idle()


@pytest.mark.benchmark(group="issue 28")
@pytest.mark.parametrize("dock", ["balance", "overview"])
@pytest.mark.parametrize("size", ["8", "600"])
def test_edits_by_tab(request: pytest.FixtureRequest, size: str, dock: str,
                      benchmark: BenchmarkFixture, record: dict[str, Measured]) -> None:
    """Rotate (R), then undo (Ctrl+Z) the selected tile, event to idle, with the Balance
    or the Overview tab in front: the Overview paints the board itself since issue 28."""
    window: MainWindow = request.getfixturevalue(
        "small_window" if size == "8" else "big_window")
    doc = window.doc
    in_front(window, dock)
    index = len(doc.board.tiles) // 2
    doc.select(Selection(doc.board_id, index))
    window.view.centerOn(*hex_centre(doc.board.tiles[index].q, doc.board.tiles[index].r))
    window.view.setFocus()
    settle(window)
    turns = [doc.board.tiles[index].rotation]

    def rotate_then_undo() -> None:
        QTest.keyClick(window.view, Qt.Key.Key_R)
        until_idle()
        turns.append(doc.board.tiles[index].rotation)
        QTest.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
        until_idle()

    clock = CpuClock(rotate_then_undo)
    benchmark.pedantic(clock, setup=lambda: settle(window), rounds=20, iterations=1)
    in_front(window, "balance")
    assert len(set(turns)) == 2, f"each round turned the tile and undid it: {turns}"
    keep(record, f"{size} tiles, {dock} in front: rotate (R) then undo (Ctrl+Z), until idle",
         benchmark, clock, BUDGET["rotate"] * 2)


# ----- shipped scenarios -------------------------------------------------------------------
@pytest.mark.benchmark(group="shipped scenarios")
@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name.removesuffix(".realm.json"))
def test_rotate_shipped(path: Path, benchmark: BenchmarkFixture,
                        record: dict[str, Measured]) -> None:
    doc = ScenarioDocument.from_loaded(load_scenario(path))
    window = open_window(doc)
    index = next(i for i, _ in doc.visible_tiles())
    doc.select(Selection(doc.board_id, index))
    window.view.setFocus()
    until_idle()

    def rotate() -> None:
        QTest.keyClick(window.view, Qt.Key.Key_R)
        until_idle()  # the edit and its repaint; the findings follow 25 ms later

    clock = CpuClock(rotate)
    benchmark.pedantic(clock, setup=lambda: settle(window), rounds=20, iterations=1,
                       warmup_rounds=2)
    settle(window)
    assert window.issues.issues() == doc.analysis.issues and not doc.analysing
    keep(record, f"{path.name}: rotate (key R, redraw, until idle)", benchmark, clock,
         BUDGET["rotate_shipped"])
    analyse = []
    for _ in range(10):
        begin = time.perf_counter()
        doc.analyse_now()
        until_idle()
        analyse.append(time.perf_counter() - begin)
    record[f"{path.name}: the re-analysis after it (derive, lint, docks; no budget)"] = \
        Measured(statistics.median(analyse) if median(benchmark) else None)
    close(window)


# ----- launch: a new process until its window is painted -------------------------------------
LAUNCH_FILE = ROOT / "scenarios" / "booklet" / "01-my-precious-world.realm.json"
# EDITOR_WINDOW (tests/launch_script.py): what ``realms edit FILE`` does up to its first
# frame, then the frame grabbed and saved instead of the event loop: the analysis, which
# the editor starts 25 ms after the window is up (networkx, the derivation, lint), and the
# markers, laid out just after the first frame, are not in it.
# The least any Qt program pays to show a window here: the same size, grabbed and saved.
BARE_WINDOW = """
import sys
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication(sys.argv[:1])
window = QMainWindow()
window.resize(1440, 900)
window.show()
window.grab().save(sys.argv[2])
"""
LAUNCH_BASELINE = "a bare Qt window launched, painted, saved as PNG (the launch baseline)"


def launch_env(checkout: Path | None) -> dict[str, str]:
    """Offscreen, with bytecode as an install has it; ``checkout``'s code first on the path
    (another version of the editor, for a before/after run)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["QT_QPA_PLATFORM"] = "offscreen"
    env["XDG_CONFIG_HOME"] = env["XDG_DATA_HOME"]  # no saved window state of a user's
    if checkout is not None:
        env["PYTHONPATH"] = str(checkout)
    return env


def timed_process(command: list[str], env: dict[str, str], cwd: Path
                  ) -> tuple[float, float]:
    """Wall and CPU time (user + system) of one child process run to its end. ``cwd`` is
    outside any checkout: ``python -c`` puts the current folder first on the path, which
    would shadow ``PYTHONPATH``'s checkout."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, env=env, cwd=cwd, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


@pytest.mark.benchmark(group="launch")
def test_launch(big_path: Path, tmp_path: Path, benchmark: BenchmarkFixture,
                record: dict[str, Measured]) -> None:
    """A new process until the editor's window is painted: start the interpreter, import
    the editor, read and check the file, build the window, paint it (grabbed and saved as
    a PNG), exit; side by side with a bare Qt window doing the same, round by round,
    alternating, so each round shares the machine's load. ``BENCH_LAUNCH_BEFORE=<checkout>``
    adds the same launch with another checkout's code (a before/after run);
    ``BENCH_LAUNCH_ROUNDS`` sets the rounds (5)."""
    if benchmark.disabled:
        pytest.skip("timed only with --benchmark-enable")
    before = os.environ.get("BENCH_LAUNCH_BEFORE")
    checkouts = [ROOT] + ([Path(before)] if before else [])
    compile_all(checkouts)
    png = str(tmp_path / "launch.png")
    python = sys.executable
    runs: dict[str, tuple[list[str], dict[str, str], float | None]] = {
        LAUNCH_BASELINE: ([python, "-c", BARE_WINDOW, "-", png], launch_env(None), None)}
    for name, path in (("booklet scenario 1", LAUNCH_FILE), ("the 600-tile realm", big_path)):
        command = [python, "-c", EDITOR_WINDOW, str(path), png]
        runs[f"launch to the painted window, {name}"] = (command, launch_env(None),
                                                         BUDGET["launch"])
        if before:
            runs[f"launch to the painted window, {name} [before]"] = (
                command, launch_env(Path(before)), None)
    for command, env, _budget in runs.values():  # warm the file cache, untimed
        timed_process(command, env, tmp_path)
    times: dict[str, list[tuple[float, float]]] = {label: [] for label in runs}
    for _ in range(int(os.environ.get("BENCH_LAUNCH_ROUNDS", "5"))):
        for label, (command, env, _budget) in runs.items():
            times[label].append(timed_process(command, env, tmp_path))
    base_wall = statistics.median(w for w, _c in times[LAUNCH_BASELINE])
    base_cpu = statistics.median(c for _w, c in times[LAUNCH_BASELINE])
    for label, (_command, _env, budget) in runs.items():
        if label == LAUNCH_BASELINE:
            continue
        record[label] = Measured(statistics.median(w for w, _c in times[label]), budget)
        record[f"{label} [CPU]"] = Measured(statistics.median(c for _w, c in times[label]),
                                            budget)
        record[f"{LAUNCH_BASELINE}, beside {label}"] = Measured(base_wall, baseline_of=label)
        record[f"{LAUNCH_BASELINE} [CPU], beside {label}"] = Measured(
            base_cpu, baseline_of=f"{label} [CPU]")
