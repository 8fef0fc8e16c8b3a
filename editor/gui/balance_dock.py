"""The Balance panel: the balance standard's verdict on the shown realm, in one voice.

Everything here comes from :mod:`editor.analysis.standard`, as ``realms balance`` and lint
judge: the flags come first with what to change, then bars for the standard's rules
(regions per player in lint's window, each terrain and symbol on about 1/5 of its world's
land, world by world), the Playtest (:mod:`editor.gui.playtest_panel`: the realm played in
smawg, its conquests painted on the canvas) and the table shows every metric beside its
band. Clicking a flag selects and outlines every region its advice names, the inspector
showing the next one at each click, and shows them as the Issues dock does
(``flagActivated``); so does the playtest's row of land never conquered.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QBrush, QFontMetricsF, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QHeaderView,
    QLabel,
    QSizePolicy,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.escaping import display_text
from editor.gui.analysis import Issue
from editor.gui.document import ScenarioDocument
from editor.render.paint import colour, font
from editor.render.style import Style, default_style

if TYPE_CHECKING:  # the standard and its metrics (networkx) load after the first frame
    from editor.analysis.metrics import BalanceMetrics
    from editor.analysis.standard import Flag, Row


@dataclass(frozen=True)
class BalanceTargets:
    """The standard's rules, as the bars use them."""

    per_player: float
    per_player_warn: tuple[float, float]
    tolerance: float
    count_water: bool = False


def balance_targets() -> BalanceTargets:
    from editor.analysis.standard import load_standard

    standard = load_standard()
    return BalanceTargets(float(standard.rules["regions_per_player_target"]), standard.window,
                          standard.fifth_tolerance)


@dataclass(frozen=True)
class Bar:
    label: str
    value: float
    target: float
    ok: bool
    colour: str
    text: str
    key: str = ""


def _bar(row: Row, style: Style) -> Bar:
    from editor.analysis.fifth import UNDERGROUND

    kind, *rest = row.key.split(".")
    name = rest[-1]
    band = row.band
    assert band is not None and band.low is not None and band.high is not None
    target = (band.low + band.high) / 2
    under = len(rest) == 2 and rest[0] == UNDERGROUND
    if kind == "terrain":
        label, fill = style.terrain(name).label, style.terrain(name).fill
    else:
        badge = style.symbol(name)
        label, fill = badge.label, badge.fill
    label += " (underground)" if under else ""
    return Bar(label, float(row.value or 0), target, not row.outside, fill,
               f"{row.shown} / {target:.1f}", row.key)


def bars_of(rows: list[Row], metrics: BalanceMetrics, style: Style) -> list[Bar]:
    """The standard's rule rows as bars (regions per player, then the 1/5 rule)."""
    from editor.analysis.standard import load_standard

    bars = []
    for row in rows:
        if row.key == "regions_per_player" and row.band is not None:
            target = float(load_standard().rules["regions_per_player_target"])
            bars.append(Bar("Regions / player", float(row.value or 0), target,
                            not row.outside, "#4f79c9",
                            f"{row.shown} ({int(metrics.values.get('regions') or 0)} for "
                            f"{metrics.players})", row.key))
        elif row.key.startswith(("terrain.", "symbol.")) and row.band is not None:
            bars.append(_bar(row, style))
    return bars


def balance_bars(doc: ScenarioDocument, style: Style) -> list[Bar]:
    """The bars for the shown player count, from the derived realm (none without land)."""
    realm = doc.analysis.realm
    if realm is None:
        return []
    from editor.analysis.metrics import measure
    from editor.analysis.standard import load_standard

    metrics = doc.analysis.metrics or measure(realm)
    return bars_of(load_standard().rows(metrics), metrics, style)


class BalanceBars(QWidget):
    """The tallies as bars, each with its target line."""

    ROW = 22

    def __init__(self, doc: ScenarioDocument, style: Style, parent: QWidget | None = None
                 ) -> None:
        super().__init__(parent)
        self.doc, self.theme = doc, style
        self.bars: list[Bar] = []
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

    def show_bars(self, bars: list[Bar]) -> None:
        self.bars = bars
        self.setMinimumHeight(self.ROW * (len(self.bars) + 1) + 8)
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(300, self.ROW * (len(self.bars) + 1) + 8)

    def visible_rows(self) -> int:
        """How many bars are wholly on screen now, the dock's scrolling and size considered
        (the first layout must show five without dragging a splitter)."""
        shown = self.visibleRegion().boundingRect()
        return sum(1 for row in range(1, len(self.bars) + 1)
                   if shown.top() <= row * self.ROW + 4
                   and row * self.ROW + 4 + self.ROW - 4 <= shown.bottom() + 1)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setFont(font(11))
        if not self.bars:
            empty = ("No land on the board yet" if self.doc.analysis.realm is not None
                     else "No derived realm yet")
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, empty)
            return
        metrics = QFontMetricsF(painter.font())
        # the labels column fits the longest label (underground terrains are long)
        label_w = int(max(metrics.horizontalAdvance(b.label) for b in self.bars)) + 10
        # The figures column is as wide as its widest text (large realms have long numbers).
        text_w = int(max(metrics.horizontalAdvance("\u2713 " + b.text) for b in self.bars)) + 8
        width = max(40, self.width() - label_w - text_w - 12)
        scale = max(max(b.value for b in self.bars), max(b.target for b in self.bars)) * 1.25
        scale = scale or 1.0
        painter.drawText(QRectF(4, 2, self.width() - 8, self.ROW), Qt.AlignmentFlag.AlignLeft,
                         f"{self.doc.players} players \u00b7 line = target")
        for row, bar in enumerate(self.bars, start=1):
            y = row * self.ROW + 4
            painter.setPen(colour("#333333"))
            painter.drawText(QRectF(4, y, label_w - 6, self.ROW - 4),
                             Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight,
                             bar.label)
            track = QRectF(label_w, y + 3, width, self.ROW - 10)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(colour("#e6e1d6"))
            painter.drawRoundedRect(track, 3, 3)
            filled = QRectF(track.left(), track.top(), width * min(bar.value / scale, 1.0),
                            track.height())
            painter.setBrush(colour(bar.colour))
            painter.drawRoundedRect(filled, 3, 3)
            x = track.left() + width * bar.target / scale
            painter.setPen(QPen(colour("#222222"), 2))
            painter.drawLine(int(x), int(track.top() - 2), int(x), int(track.bottom() + 2))
            painter.setPen(colour("#2e7d32" if bar.ok else "#c62828"))
            painter.drawText(QRectF(label_w + width + 6, y, text_w, self.ROW - 4),
                             Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                             ("\u2713 " if bar.ok else "\u26a0 ") + bar.text)


ROLE_KEY = Qt.ItemDataRole.UserRole
NEVER_KEY = "playtest.never_conquered"  # the playtest's row of land never conquered
OUTSIDE_COLOUR = "#c62828"


class RowLabel(QLabel):
    """A word-wrapped row marked in red on its left; a click asks the panel to show the
    regions its ``key`` names (a flag, the playtest's regions never conquered)."""

    clicked = Signal(str)

    def __init__(self, key: str, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.key = key
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(True)
        self.setText(text)
        self.setToolTip("Click to select the regions this row names")
        self.set_marked(True)

    def set_marked(self, marked: bool) -> None:
        """Marked: red on its left, a hand under the mouse (there are regions to show)."""
        border = f"border-left: 3px solid {OUTSIDE_COLOUR};" if marked else ""
        self.setStyleSheet(f"QLabel {{ color: #222; {border} padding: 2px 4px; margin: 1px 0; }}")
        self.setCursor(Qt.CursorShape.PointingHandCursor if marked
                       else Qt.CursorShape.ArrowCursor)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self.isEnabled():
            self.clicked.emit(self.key)
        super().mousePressEvent(event)


class FlagLabel(RowLabel):
    """One flag: the message in red, what to change underneath."""

    def __init__(self, flag: Flag, parent: QWidget | None = None) -> None:
        super().__init__(flag.key, display_text(f"\u26a0 {flag.message}") + "\n"
                         + display_text(f"What to change: {flag.advice}"), parent)
        self.setToolTip("Click to select the regions this flag names")


class FlagList(QWidget):
    """The flags, one word-wrapped label each, in the order of the table."""

    clicked = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.box = QVBoxLayout(self)
        self.box.setContentsMargins(0, 0, 0, 0)
        self.box.setSpacing(2)
        self.items: dict[str, FlagLabel] = {}

    def show_flags(self, flags: list[Flag]) -> None:
        for label in self.items.values():
            self.box.removeWidget(label)
            label.hide()  # (deleted later: never drawn under the new ones meanwhile)
            label.deleteLater()
        self.items = {}
        for flag in flags:
            label = FlagLabel(flag, self)
            label.clicked.connect(self.clicked)
            self.box.addWidget(label)
            label.show()  # (a layout shows a new child only later, from the event loop)
            self.items[flag.key] = label


class BandsTable(QTreeWidget):
    """Each metric of the realm beside the standard's band, grouped; flagged rows are red
    with a warning sign. An empty realm shows a message instead."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setColumnCount(3)
        self.setHeaderLabels(["Metric", "Realm", "Standard"])
        self.setRootIsDecorated(True)
        self.setUniformRowHeights(True)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSizeAdjustPolicy(QAbstractScrollArea.SizeAdjustPolicy.AdjustToContents)
        self.setIndentation(12)
        self.setTextElideMode(Qt.TextElideMode.ElideRight)
        header = self.header()
        header.setStretchLastSection(False)
        header.setMinimumSectionSize(40)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)  # labels elide
        for column in (1, 2):  # the figures are never cut
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.rows: dict[str, QTreeWidgetItem] = {}

    def show_rows(self, rows: list[Row]) -> None:
        from editor.analysis.report import GROUPS, band_text

        self.clear()
        self.rows = {}
        for key, heading in GROUPS:
            group = QTreeWidgetItem([heading])
            self.addTopLevelItem(group)
            for r in (r for r in rows if r.group == key):
                short = "\u2014" if r.band is None else r.band.text()
                item = QTreeWidgetItem([("\u26a0 " if r.outside else "") + r.label, r.shown,
                                        short])
                item.setData(0, ROLE_KEY, r.key)
                item.setTextAlignment(1, Qt.AlignmentFlag.AlignRight |
                                      Qt.AlignmentFlag.AlignVCenter)
                tip = f"{r.label}: {band_text(r)}"
                if r.outside:
                    for column in range(3):
                        item.setForeground(column, QBrush(colour(OUTSIDE_COLOUR)))
                    tip += f". What to change: {r.advice}"
                item.setToolTip(0, display_text(tip))
                item.setToolTip(2, display_text(band_text(r)))
                group.addChild(item)
                self.rows[r.key] = item
            group.setFirstColumnSpanned(True)
            group.setExpanded(True)

    def sizeHint(self) -> QSize:
        rows = self.topLevelItemCount() + len(self.rows)
        first = self.topLevelItem(0)
        row_h = self.visualItemRect(first).height() if first is not None else 0
        row_h = row_h if row_h > 0 else self.fontMetrics().height() + 4
        height = self.header().sizeHint().height() + rows * row_h + 2 * self.frameWidth()
        return QSize(super().sizeHint().width(), height)


class BalancePanel(QWidget):
    """The Balance dock: a summary line, the rule bars, the flags with their advice and the
    metrics table, all from the balance standard."""

    ROW = BalanceBars.ROW
    flagActivated = Signal(object)  # an Issue naming the clicked flag's regions: show them

    def __init__(self, doc: ScenarioDocument, style: Style | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc, self.theme = doc, style or default_style()
        self.metrics: BalanceMetrics | None = None
        self.rows: list[Row] = []
        self.flags: list[Flag] = []
        self._cycle: dict[str, int] = {}
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.chart = BalanceBars(doc, self.theme)
        self.flag_list = FlagList()
        self.flag_list.clicked.connect(self.show_regions)
        self.table = BandsTable()
        self.table.itemClicked.connect(self._clicked)
        from editor.gui.playtest_panel import PlaytestPanel  # (it imports RowLabel from here)

        self.playtest = PlaytestPanel(doc)
        self.playtest.regionsClicked.connect(self.show_regions)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(self.summary)
        layout.addWidget(self.flag_list)  # first what to change: seen without scrolling
        layout.addWidget(self.chart)
        layout.addWidget(self.playtest)
        layout.addWidget(self.table, 1)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)
        doc.derivationChanged.connect(self.refresh)
        doc.metricsChanged.connect(self.refresh)
        self.refresh()

    @property
    def bars(self) -> list[Bar]:
        return self.chart.bars

    def refresh(self) -> None:
        realm = self.doc.analysis.realm
        if realm is not None and self.doc.measuring:
            return  # the worker's metrics follow (metricsChanged): not measured twice
        self.metrics = None if realm is None else self.doc.analysis.metrics
        if realm is not None and self.metrics is None:
            from editor.analysis.metrics import measure

            self.metrics = measure(realm)
        self._cycle = {}
        if self.metrics is None:
            self.rows = []
        else:
            from editor.analysis.standard import load_standard

            self.rows = load_standard().rows(self.metrics)
        self.flags = [r.flag() for r in self.rows if r.outside]
        self.chart.show_bars([] if self.metrics is None
                             else bars_of(self.rows, self.metrics, self.theme))
        self.chart.setVisible(bool(self.chart.bars))
        if not self.rows:  # no land: nothing judged (as realms balance says)
            self.table.clear()
            self.table.rows = {}
            self.table.hide()
            self.flag_list.show_flags([])
            self.flag_list.hide()
            self.summary.setText("No land on the board yet: nothing to judge"
                                 if realm is not None else "No derived realm yet")
            return
        assert self.metrics is not None
        self.flag_list.show_flags(self.flags)
        self.flag_list.setVisible(bool(self.flags))
        self.table.show_rows(self.rows)
        self.table.show()
        self.table.updateGeometry()
        self.table.setMinimumHeight(self.table.sizeHint().height())
        from editor.analysis.report import flag_count

        self.summary.setText(f"{flag_count(len(self.flags))} at {self.metrics.players} "
                             "players. Click a flag or a row to see its regions.")
        self.summary.setToolTip("Judged by the balance standard: bands from the booklet's "
                                "boards, the base game's where a metric transfers, and the "
                                "booklet's rules (docs/balance.md).")

    def row_item(self, key: str) -> QTreeWidgetItem | None:
        return self.table.rows.get(key)

    def flag_item(self, key: str) -> FlagLabel | None:
        return self.flag_list.items.get(key)

    def regions_of(self, key: str) -> list[str]:
        """The regions a row names: its advice's when flagged, else what the metric lists."""
        row = next((r for r in self.rows if r.key == key), None)
        if row is not None and row.regions:
            return list(row.regions)
        m = self.metrics
        if m is None:
            return []
        if key == NEVER_KEY:
            result = self.playtest.result
            return list(result.never_conquered) if result is not None else []
        if key == "articulation_points":
            return list(m.articulation_points)
        if key == "bridges":
            return list(dict.fromkeys(rid for pair in m.bridges for rid in pair))
        if key == "unreachable":
            return sorted(r for r, d in m.edge_distance.items() if d is None)
        if key == "edge_distance_max":
            deepest = m.values.get(key)
            return sorted(r for r, d in m.edge_distance.items()
                          if d is not None and d == deepest)
        return []

    def _clicked(self, item: QTreeWidgetItem, _column: int) -> None:
        key = item.data(0, ROLE_KEY)
        if isinstance(key, str):
            self.show_regions(key)

    def show_regions(self, key: str) -> None:
        """Select every region ``key``'s row or flag names (the inspector shows the next one
        at each click), and ask for them to be shown on the canvas (the Issues dock's way:
        ``flagActivated``)."""
        if self.metrics is None:
            return
        regions = self.regions_of(key)
        if not regions:
            return
        index = self._cycle.get(key, 0) % len(regions)
        self._cycle[key] = index + 1
        flag = next((f for f in self.flags if f.key == key), None)
        self.doc.select_finding(tuple(regions), focus=regions[index])
        row = next((r for r in self.rows if r.key == key), None)
        message = (flag.message if flag is not None else row.label if row is not None
                   else "Land no playtest game conquered" if key == NEVER_KEY else key)
        self.summary.setToolTip(display_text(f"{message}: {regions[index]}"))
        self.flagActivated.emit(Issue(key, "warning", message, tuple(regions),
                                      tuple(flag.tiles) if flag else (), source="balance"))
