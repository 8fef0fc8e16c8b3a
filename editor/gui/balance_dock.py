"""The Balance panel: regions per player and terrain/symbol tallies against their targets.

Targets come from the lint defaults (``editor/data/lint-defaults.toml``,
``[balance]``): about 9 regions per player, each terrain and symbol on about
1/5 of the land regions.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from dataclasses import dataclass
from functools import cache

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QFontMetricsF, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

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


class BalancePanel(QWidget):
    ROW = 22

    def __init__(self, doc: ScenarioDocument, style: Style | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc, self.theme = doc, style or default_style()
        self.bars: list[Bar] = []
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)
        doc.derivationChanged.connect(self.refresh)
        self.refresh()

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
