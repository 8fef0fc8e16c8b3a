"""The Balance dock's Playtest: games of the shown realm played in smawg, off the GUI thread.

The games are :func:`editor.play.playtest` itself (what ``realms playtest`` runs), on a
worker thread with the document's snapshot, so the window keeps drawing and answering; the
worker reports each game, and Cancel stops it after the game being played. The result
becomes stale with the next edit of the realm (or another player count on show): it says
so, and its heat map leaves the canvas. Without smawg the control is disabled and gives
the install line ``realms playtest`` prints (:class:`editor.play.engine.SmawgMissing`).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QLinearGradient, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from editor.gui.balance_dock import NEVER_KEY, OUTSIDE_COLOUR, RowLabel
from editor.gui.document import ScenarioDocument
from editor.play.settings import settings
from editor.render.paint import colour, font

if TYPE_CHECKING:
    from editor.model.scenario_io import LoadedScenario
    from editor.play.heatmap import RegionHeat
    from editor.play.playtest import PlaytestResult

WHAT = "The Balance dock's playtest"  # how the smawg-missing message names us


class Cancelled(Exception):
    """Raised in the worker after the game being played once Cancel was pressed."""


@dataclass(frozen=True)
class Run:
    """What a run was asked for, and the edit it started from (stale after the next)."""

    players: int
    games: int
    seed: int
    bot: str
    edit: int  # the panel's count of edits when the run started


class PlaytestWorker(QObject):
    """One run at a time of :func:`editor.play.playtest` on a worker thread."""

    progressed = Signal(int, int)  # games done, games in all (from the worker thread)
    done = Signal(object, object)  # the Run, then a PlaytestResult or the exception

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self, run: Run, loaded: LoadedScenario) -> None:
        self._stop = stop = threading.Event()

        def progress(done: int, total: int) -> None:
            self.progressed.emit(done, total)
            if stop.is_set():
                raise Cancelled

        def work() -> None:
            from editor.play import playtest

            outcome: object
            try:
                outcome = playtest(loaded, run.players, run.games, run.seed, run.bot,
                                   progress=progress)
            except Exception as exc:  # shown in the panel, never a dead editor
                outcome = exc
            self.done.emit(run, outcome)

        self._thread = threading.Thread(target=work, name="realm-playtest", daemon=True)
        self._thread.start()

    def cancel(self) -> None:
        """Stop after the game being played (a fraction of a second)."""
        self._stop.set()

    def join(self, timeout_s: float | None = None) -> None:
        """Wait for the thread to end (it ends right after ``done``)."""
        if self._thread is not None:
            self._thread.join(timeout_s)
            if not self._thread.is_alive():
                self._thread = None

    def stop(self, timeout_s: float = 30.0) -> None:
        """Cancel and wait for the thread (the window closes)."""
        self.cancel()
        self.join(timeout_s)


class HeatLegend(QWidget):
    """The heat map's colour scale, from ``editor/data/playtest.json`` as the SVG's, with its
    two ends, and under it the colour of land no game conquered."""

    HEIGHT = 58

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.peak = 1.0
        self.setMinimumHeight(self.HEIGHT)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def sizeHint(self) -> QSize:
        return QSize(240, self.HEIGHT)

    def paintEvent(self, event: QPaintEvent) -> None:
        from editor.play.heatmap import figure

        heat = settings()["heat"]
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setFont(font(11))
        bar = QRectF(4, 2, max(60, self.width() - 8), 16)
        gradient = QLinearGradient(bar.topLeft(), bar.topRight())
        stops = heat["scale"]
        for index, stop in enumerate(stops):  # blended between stops, as heat_colour does
            gradient.setColorAt(index / (len(stops) - 1), colour(stop))
        painter.setPen(QPen(colour(heat["border"]), 1))
        painter.setBrush(gradient)
        painter.drawRect(bar)
        painter.setPen(colour(heat["text"]))
        below = QRectF(bar.left(), bar.bottom() + 2, bar.width(), 18)
        painter.drawText(below, Qt.AlignmentFlag.AlignLeft, "0")
        painter.drawText(below, Qt.AlignmentFlag.AlignRight, figure(self.peak))
        painter.drawText(below, Qt.AlignmentFlag.AlignHCenter, "conquests per game")
        swatch = QRectF(bar.left(), below.bottom() + 3, 22, 14)
        painter.setPen(QPen(colour(heat["border"]), 1))
        painter.setBrush(colour(heat["never"]))
        painter.drawRect(swatch)
        painter.setPen(colour(heat["text"]))
        painter.drawText(QRectF(swatch.right() + 6, swatch.top() - 2, bar.width(), 18),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                         "never conquered")


class PlaytestPanel(QGroupBox):
    """Run a playtest of the shown realm and read it: seat win rates, the conquests per
    region on the canvas, the land never conquered (a click selects it)."""

    heatChanged = Signal(object)  # dict[str, RegionHeat] to paint, or None: take it off
    regionsClicked = Signal(str)  # NEVER_KEY: select the regions of that row

    def __init__(self, doc: ScenarioDocument, parent: QWidget | None = None) -> None:
        super().__init__("Playtest: play the realm in smawg", parent)
        from editor.play.bots import BOTS
        from editor.play.engine import SmawgMissing, smawg_installed

        self.doc = doc
        defaults = settings()["editor"]
        self.result: PlaytestResult | None = None
        self.run: Run | None = None  # the run shown (or running)
        self._edits = 0
        self.worker = PlaytestWorker(self)
        self.worker.progressed.connect(self._progressed)
        self.worker.done.connect(self._done)

        self.about = QLabel()
        self.about.setWordWrap(True)
        self.games = QSpinBox()
        self.games.setRange(1, 100_000)
        self.games.setSingleStep(100)
        self.games.setValue(int(defaults["games"]))
        self.games.setToolTip("Games to play; the 95 % intervals narrow with more")
        self.bot = QComboBox()
        self.bot.addItems(list(BOTS))
        self.bot.setCurrentText(str(defaults["bot"]))
        self.bot.setToolTip("The bot every seat plays (docs/playtest.md)")
        self.seed = QSpinBox()
        self.seed.setRange(0, 99_999)
        self.seed.setValue(int(defaults["seed"]))
        self.seed.setToolTip("The same seed plays the same games, as `realms playtest --seed`")
        self.run_button = QPushButton("Run")
        self.run_button.clicked.connect(self.start)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.clicked.connect(self.cancel)
        self.cancel_button.setEnabled(False)
        self.progress = QProgressBar()
        self.progress.setFormat("%v / %m games")
        self.progress.hide()
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.show_heat = QCheckBox("Show conquests on the map")
        self.show_heat.toggled.connect(self._emit_heat)
        self.legend = HeatLegend()
        self.seats = QGridLayout()
        self.seats.setContentsMargins(0, 0, 0, 0)
        self.seats.setHorizontalSpacing(10)
        self.seats.setVerticalSpacing(1)
        self.seat_rows: list[QLabel] = []
        self.never = RowLabel(NEVER_KEY, "")
        self.never.clicked.connect(self.regionsClicked)
        self.results = QWidget()
        box = QVBoxLayout(self.results)
        box.setContentsMargins(0, 0, 0, 0)
        box.setSpacing(3)
        box.addWidget(self.show_heat)
        box.addWidget(self.legend)
        self.extremes = QLabel()
        self.extremes.setWordWrap(True)
        box.addWidget(self.extremes)
        box.addLayout(self.seats)
        box.addWidget(self.never)
        self.results.hide()

        form = QGridLayout()  # two rows: the dock is narrow (290 pixels by default)
        for row, column, text, field in ((0, 0, "Games", self.games), (0, 2, "Seed", self.seed),
                                         (1, 0, "Bot", self.bot)):
            label = QLabel(text)
            label.setBuddy(field)
            form.addWidget(label, row, column)
            form.addWidget(field, row, column + 1)
        form.setColumnStretch(4, 1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.run_button)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.progress, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.setSpacing(4)
        layout.addWidget(self.about)
        layout.addLayout(form)
        layout.addLayout(buttons)
        layout.addWidget(self.status)
        layout.addWidget(self.results)

        self.missing = None if smawg_installed() else str(SmawgMissing(WHAT))
        if self.missing is not None:
            for widget in (self.games, self.bot, self.seed, self.run_button):
                widget.setEnabled(False)
            self.status.setText(self.missing)
        doc.modelChanged.connect(self._edited)
        doc.viewChanged.connect(self._refresh)
        # the realm's regions the games never played on (peaks...) are known once derived
        doc.derivationChanged.connect(self._rederived)
        self._refresh()

    # ----- state -------------------------------------------------------------------------------
    @property
    def stale(self) -> str | None:
        """Why the result shown no longer describes the realm on show; None while it does."""
        if self.run is None:
            return None
        if self.run.edit != self._edits:
            return "the realm was edited after this run"
        if self.run.players != self.doc.players:
            return (f"it was played at {self.run.players} players; the realm is shown at "
                    f"{self.doc.players}")
        return None

    @property
    def heat(self) -> dict[str, RegionHeat] | None:
        """What the canvas paints: every region's heat while the toggle is on and the
        result is fresh, else None."""
        if self.result is None or self.stale is not None or not self.show_heat.isChecked():
            return None
        from editor.play.heatmap import region_heat

        realm = self.doc.analysis.realm
        return region_heat(self.result, realm.regions if realm is not None else ())

    def _edited(self) -> None:
        self._edits += 1
        self._refresh()

    def _refresh(self) -> None:
        self.about.setText(f"Plays games of this realm at {self.doc.players} players (the "
                           "count on show) in the smawg engine, as `realms playtest` does.")
        running = self.worker.running
        self.run_button.setEnabled(self.missing is None and not running)
        self.cancel_button.setEnabled(running)
        if self.result is not None:
            stale = self.stale
            self.show_heat.setEnabled(stale is None)
            self.never.setEnabled(stale is None)
            if not running:
                self.status.setText(self._headline() if stale is None else
                                    f"Stale: {stale}. Run again for figures of this realm.")
            self.status.setStyleSheet("" if stale is None else "QLabel { color: #b45309; }")
        self._emit_heat()

    def _rederived(self) -> None:
        if self.heat is not None:
            self._emit_heat()

    def _emit_heat(self) -> None:
        self.heatChanged.emit(self.heat)

    def _headline(self) -> str:
        result = self.result
        assert result is not None
        return (f"{result.games} games at {result.players} players, {result.bots[0]} bot, "
                f"seed {result.seed}. Win rate by turn position, with its 95 % interval:")

    # ----- running -----------------------------------------------------------------------------
    def start(self) -> None:
        """Play the games asked for, on the worker thread."""
        if self.missing is not None or self.worker.running:
            return
        self.run = Run(self.doc.players, self.games.value(), self.seed.value(),
                       self.bot.currentText(), self._edits)
        self.result = None
        self.results.hide()
        self.progress.setRange(0, self.run.games)
        self.progress.setValue(0)
        self.progress.show()
        self.status.setStyleSheet("")
        self.status.setText(f"Playing {self.run.games} games at {self.run.players} players\u2026")
        self.worker.start(self.run, self.doc.snapshot())
        self._refresh()

    def cancel(self) -> None:
        if self.worker.running:
            self.worker.cancel()
            self.cancel_button.setEnabled(False)
            self.status.setText("Cancelling after this game\u2026")

    def wait(self, timeout_s: float = 30.0) -> None:
        """Block until the run's result is shown (tests, screenshots)."""
        from PySide6.QtCore import QCoreApplication, QDeadlineTimer

        deadline = QDeadlineTimer(int(timeout_s * 1000))
        while (self.worker.running or self.progress.isVisible()) and not deadline.hasExpired():
            QCoreApplication.processEvents()
            self.worker.join(0.02)

    def _progressed(self, done: int, total: int) -> None:
        self.progress.setValue(done)

    def _done(self, run: Run, outcome: Any) -> None:
        from editor.model.errors import LoadError
        from editor.play.engine import PlayError, SmawgMissing
        from editor.play.playtest import PlaytestResult

        self.worker.join()  # it has sent its last word and ends now
        self.progress.hide()
        self.status.setStyleSheet("")
        if isinstance(outcome, PlaytestResult):
            self.result = outcome
            self._show_result(outcome)
        else:
            self.run = None
            if isinstance(outcome, Cancelled):
                text = f"Cancelled after {self.progress.value()} of {run.games} games."
            elif isinstance(outcome, SmawgMissing):
                self.missing = str(SmawgMissing(WHAT))
                text = self.missing
            elif isinstance(outcome, PlayError | LoadError | ValueError):
                text = f"This board cannot be played at {run.players} players: {outcome}"
            else:
                text = f"The playtest failed: {outcome!r}"
            self.status.setText(text)
        self._refresh()

    def _show_result(self, result: PlaytestResult) -> None:
        from editor.play.heatmap import heat_peak
        from editor.play.report import percent

        for label in self.seat_rows:
            self.seats.removeWidget(label)
            label.deleteLater()
        self.seat_rows = []
        fair = 1.0 / result.players
        for row, seat in enumerate(result.seats):
            cells = [f"Seat {seat.seat}" + (" (first)" if seat.seat == 1 else ""),
                     percent(seat.win_rate)]
            for column, text in enumerate(cells):
                label = QLabel(text)
                if column == 1:
                    label.setAlignment(Qt.AlignmentFlag.AlignRight)
                    off = seat.win_rate.high < fair or seat.win_rate.low > fair
                    if off:  # the interval leaves out a fair share: this seat is favoured
                        label.setStyleSheet(f"QLabel {{ color: {OUTSIDE_COLOUR}; }}")
                        label.setToolTip(f"The 95 % interval leaves out a fair "
                                         f"{100 * fair:.1f} %")
                self.seats.addWidget(label, row, column)
                self.seat_rows.append(label)
        self.seats.setColumnStretch(2, 1)
        self.legend.peak = heat_peak(result)
        self.legend.update()
        land = [r for r in result.regions if r.land]
        fewest = min(land, key=lambda r: r.conquests, default=None)
        most = max(land, key=lambda r: r.conquests, default=None)
        self.extremes.setText(
            f"Fewest {fewest.conquests:.2f} ({fewest.id}), most {most.conquests:.2f} "
            f"({most.id}) conquests per game" if fewest is not None and most is not None
            else "No land on the board")
        never = result.never_conquered
        self.never.setText(f"\u26a0 Never conquered: {len(never)} land region"
                           f"{'s' if len(never) != 1 else ''} ({', '.join(never)}). "
                           "Click to select them." if never
                           else "Every land region was conquered in some game.")
        self.never.set_marked(bool(never))
        self.results.show()
