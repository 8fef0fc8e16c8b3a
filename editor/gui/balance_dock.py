"""The Balance panel: tallies against the booklet's targets, and every graph metric of
``realms balance`` against its range on the official boards.

Bar targets come from the lint defaults (``editor/data/lint-defaults.toml``,
``[balance]``): about 9 regions per player, each terrain and symbol on about 1/5 of the
land regions. The table below the bars shows :mod:`editor.analysis` metrics (entry
regions, distances from the edge, chokepoints, land masses, degrees, diameter) beside the
official boards' bands; clicking a row that names regions selects them in turn.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from dataclasses import dataclass
from functools import cache

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QBrush, QFontMetricsF, QPainter, QPaintEvent, QPen
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

from editor.analysis.bands import Comparison, load_bands
from editor.analysis.metrics import BalanceMetrics, measure
from editor.analysis.report import GROUPS, band_text, number
from editor.escaping import display_text
from editor.gui.document import ScenarioDocument
from editor.model.paths import data_file
from editor.render.paint import colour, font
from editor.render.style import Style, default_style


@dataclass(frozen=True)
class BalanceTargets:
    per_player: float
    per_player_warn: tuple[float, float]
    tolerance: float
    terrains: tuple[str, ...]
    symbols: tuple[str, ...]
    count_water: bool


@cache
def balance_targets() -> BalanceTargets:
    with data_file("lint-defaults.toml").open("rb") as handle:
        data = tomllib.load(handle).get("balance", {})
    warn = data.get("regions-per-player-warn", [7.5, 10.5])
    return BalanceTargets(float(data.get("regions-per-player-target", 9.0)),
                          (float(warn[0]), float(warn[1])),
                          float(data.get("fifth-rule-tolerance", 2.0)),
                          tuple(data.get("terrains", ("farmland", "forest", "hill", "swamp",
                                                      "mountain"))),
                          tuple(data.get("symbols", ("cavern", "mine", "magic"))),
                          bool(data.get("count-water", False)))


@dataclass(frozen=True)
class Bar:
    label: str
    value: float
    target: float
    ok: bool
    colour: str
    text: str


def balance_bars(doc: ScenarioDocument, style: Style) -> list[Bar]:
    """The bars for the shown player count, from the derived realm."""
    realm = doc.analysis.realm
    if realm is None:
        return []
    targets = balance_targets()
    regions = [r for r in realm.regions.values() if not r.chasm]
    land = [r for r in regions if r.is_land]
    if not land:  # nothing to balance yet: no bars, and no green tick for "0 / 0.0"
        return []
    counted = regions if targets.count_water else land
    players = doc.players
    per_player = len(counted) / players
    low, high = targets.per_player_warn
    bars = [Bar("Regions / player", per_player, targets.per_player, low <= per_player <= high,
                "#4f79c9", f"{per_player:.1f} ({len(counted)} for {players})")]
    fifth = len(land) / 5
    terrains = Counter(r.terrain for r in land)
    symbols = Counter(s for r in land for s in r.symbols)
    for name in targets.terrains:
        value = terrains.get(name, 0)
        bars.append(Bar(style.terrain(name).label, value, fifth,
                        abs(value - fifth) <= targets.tolerance, style.terrain(name).fill,
                        f"{value} / {fifth:.1f}"))
    for name in targets.symbols:
        value = symbols.get(name, 0)
        badge = style.symbol(name)
        bars.append(Bar(badge.label, value, fifth, abs(value - fifth) <= targets.tolerance,
                        badge.fill, f"{value} / {fifth:.1f}"))
    return bars


class BalanceBars(QWidget):
    """The tallies as bars, each with its target line."""

    ROW = 22

    def __init__(self, doc: ScenarioDocument, style: Style, parent: QWidget | None = None
                 ) -> None:
        super().__init__(parent)
        self.doc, self.theme = doc, style
        self.bars: list[Bar] = []
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

    def refresh(self) -> None:
        self.bars = balance_bars(self.doc, self.theme)
        self.setMinimumHeight(self.ROW * (len(self.bars) + 1) + 8)
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(300, self.ROW * (len(self.bars) + 1) + 8)

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
        label_w = 110
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


# Rows that name regions: clicking one selects the next of them on the board.
def _regions_of(key: str, metrics: BalanceMetrics) -> list[str]:
    if key == "articulation_points":
        return list(metrics.articulation_points)
    if key == "bridges":
        return [rid for pair in metrics.bridges for rid in pair]
    if key == "unreachable":
        return sorted(r for r, d in metrics.edge_distance.items() if d is None)
    if key == "edge_distance_max":
        deepest = metrics.values.get(key)
        return sorted(r for r, d in metrics.edge_distance.items()
                      if d is not None and d == deepest)
    return []


ROLE_KEY = Qt.ItemDataRole.UserRole
OUTSIDE_COLOUR = "#c62828"


class BandsTable(QTreeWidget):
    """Each metric of the realm beside the official boards' band, grouped; flagged rows
    are red with a warning sign. No ticks: an empty realm shows a message instead."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setColumnCount(3)
        self.setHeaderLabels(["Metric", "Realm", "Official boards"])
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

    def show_comparisons(self, comparisons: list[Comparison], players: int) -> None:
        self.clear()
        self.rows = {}
        for key, heading in GROUPS:
            group = QTreeWidgetItem([heading])
            self.addTopLevelItem(group)
            for c in (c for c in comparisons if c.info.group == key):
                text = band_text(c.band, c.info, players, "\u2013")
                short = band_text(c.band, c.info, players, "\u2013", with_official=False)
                row = QTreeWidgetItem([("\u26a0 " if c.outside else "") + c.info.label,
                                       number(c.value, c.info),
                                       "none" if c.band is None else short])
                row.setData(0, ROLE_KEY, c.info.key)
                row.setTextAlignment(1, Qt.AlignmentFlag.AlignRight |
                                     Qt.AlignmentFlag.AlignVCenter)
                if c.outside:
                    for column in range(3):
                        row.setForeground(column, QBrush(colour(OUTSIDE_COLOUR)))
                    row.setToolTip(0, f"{c.info.label}: outside the official range ({text})")
                else:
                    row.setToolTip(0, f"{c.info.label}: official boards {text}")
                row.setToolTip(2, f"official boards at {players} players: {text}")
                group.addChild(row)
                self.rows[c.info.key] = row
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
    """The Balance dock: a summary line, the tally bars and the metrics-vs-bands table."""

    ROW = BalanceBars.ROW

    def __init__(self, doc: ScenarioDocument, style: Style | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc, self.theme = doc, style or default_style()
        self.metrics: BalanceMetrics | None = None
        self.comparisons: list[Comparison] = []
        self._cycle: dict[str, int] = {}
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.chart = BalanceBars(doc, self.theme)
        self.table = BandsTable()
        self.table.itemClicked.connect(self._clicked)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(self.summary)
        layout.addWidget(self.chart)
        layout.addWidget(self.table, 1)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)
        doc.derivationChanged.connect(self.refresh)
        doc.metricsChanged.connect(self.refresh)
        self.refresh()

    @property
    def bars(self) -> list[Bar]:
        return self.chart.bars

    def refresh(self) -> None:
        self.chart.refresh()
        self.chart.setVisible(bool(self.chart.bars))
        realm = self.doc.analysis.realm
        if realm is not None and self.doc.measuring:
            return  # the worker's metrics follow (metricsChanged): not measured twice
        self.metrics = (None if realm is None
                        else self.doc.analysis.metrics or measure(realm))
        self._cycle = {}
        if self.metrics is None or not self.metrics.values.get("regions"):
            self.comparisons = []
            self.table.clear()
            self.table.rows = {}
            self.table.hide()
            self.summary.setText("No land on the board yet: nothing to compare with the "
                                 "official boards" if realm is not None
                                 else "No derived realm yet")
            return
        bands = load_bands()
        self.comparisons = bands.compare(self.metrics)
        self.table.show_comparisons(self.comparisons, self.metrics.players)
        self.table.show()
        self.table.updateGeometry()
        self.table.setMinimumHeight(self.table.sizeHint().height())
        outside = sum(c.outside for c in self.comparisons)
        official = ", ".join(str(n) for n in bands.players)
        self.summary.setText(f"{outside} metric{'s' if outside != 1 else ''} outside the "
                             f"range of the official {official}-player boards "
                             f"(at {self.metrics.players} players)")

    def row_item(self, key: str) -> QTreeWidgetItem | None:
        return self.table.rows.get(key)

    def _clicked(self, item: QTreeWidgetItem, _column: int) -> None:
        key = item.data(0, ROLE_KEY)
        if not isinstance(key, str) or self.metrics is None:
            return
        regions = _regions_of(key, self.metrics)
        if not regions:
            return
        index = self._cycle.get(key, 0) % len(regions)
        self._cycle[key] = index + 1
        self.doc.select_region(regions[index])
        self.summary.setToolTip(display_text(f"{item.text(0)}: {regions[index]}"))
