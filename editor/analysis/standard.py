"""The one balance standard: each metric judged against the band of boards of its kind.

``editor/data/balance-standard.json`` says, per metric, what it measures, why it matters in
play, where its band comes from (the booklet's boards, the base game's where a metric
transfers, or the booklet's rules) and its tolerance. Lint's B rules, ``realms balance``
(text, JSON, HTML), the editor's Balance dock, the site and the generator all judge
through this module, so they show the same flags, numbers and advice.

The generator's entry point is :func:`flags` (``flags(realm, players) -> list[Flag]``).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from editor.analysis.fifth import SURFACE, UNDERGROUND, FifthCheck, fifth_checks, fifth_groups
from editor.analysis.metrics import METRICS, BalanceMetrics, MetricInfo, measure
from editor.topology.realm import Realm

STANDARD_FILE = "balance-standard.json"
STANDARD_FORMAT = "realms-balance-standard"
EN_DASH = "\u2013"
SOURCE_WORDS = {"booklet": "the booklet's boards", "base_game": "the base game's boards",
                "rules": "the booklet's rules", "fair_play": "fair seating",
                "none": "not judged"}


@dataclass(frozen=True)
class Band:
    """What the standard accepts for one metric at one player count.

    ``low``/``high`` are None on the side the standard does not judge. ``seen`` is the range
    the source boards themselves span (None for the rules' bands)."""

    low: float | None
    high: float | None
    decimals: int
    source: str
    tolerance: float
    seen: tuple[float, float] | None = None

    def contains(self, shown: float) -> bool:
        """Judged on the value as shown (rounded to ``decimals``), so a value never reads
        inside its band while flagged."""
        return ((self.low is None or shown >= self.low - 1e-9)
                and (self.high is None or shown <= self.high + 1e-9))

    def text(self, dash: str = "-") -> str:
        low, high = (None if v is None else fmt(v, self.decimals) for v in (self.low, self.high))
        if low is not None and high is not None:
            return low if low == high else f"{low}{dash}{high}"
        if high is not None:
            return f"at most {high}"
        return f"at least {low}" if low is not None else "any"


def fmt(value: float, decimals: int) -> str:
    """A number as every output shows it."""
    return f"{value:.{decimals}f}" if decimals else str(round(value))


@dataclass(frozen=True)
class Row:
    """One metric of a realm, as judged (``band`` None: shown, not judged)."""

    key: str
    label: str
    group: str
    value: float | None
    decimals: int
    band: Band | None
    advice: str = ""
    regions: tuple[str, ...] = ()
    tiles: tuple[str, ...] = ()

    @property
    def shown(self) -> str:
        return "n/a" if self.value is None else fmt(self.value, self.decimals)

    @property
    def outside(self) -> bool:
        if self.value is None or self.band is None:
            return False
        return not self.band.contains(round(self.value, self.decimals))

    def flag(self) -> Flag:
        assert self.band is not None
        return Flag(self.key, self.label, self.shown, self.band.text(),
                    SOURCE_WORDS[self.band.source], self.advice, self.regions, self.tiles,
                    self.band.source)


@dataclass(frozen=True)
class Flag:
    """A metric outside the standard, with what to change (naming tiles and regions)."""

    key: str
    label: str
    value: str
    band: str
    source: str
    advice: str
    regions: tuple[str, ...]
    tiles: tuple[str, ...]
    source_key: str = ""  # the source's key ("booklet", "fair_play"...) behind ``source``

    @property
    def message(self) -> str:
        return f"{self.label} {self.value}, outside {self.band} ({self.source})"

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "label": self.label, "value": self.value, "band": self.band,
                "source": self.source, "message": self.message, "advice": self.advice,
                "regions": list(self.regions), "tiles": list(self.tiles)}


@dataclass(frozen=True)
class Spec:
    """The hand-written part of one metric: meaning, why it matters, source, tolerance."""

    measures: str
    matters: str
    source: str
    judged: str  # "both" | "below" | "above" | "no"
    tolerance: float
    band: tuple[float | None, float | None] | None = None  # a fair-play rule's own band
    per_seat: bool = False  # the band is in fair shares (divided by the player count)


class Standard:
    """The shipped standard (the data file, read once)."""

    def __init__(self, document: dict[str, Any]) -> None:
        self.document = document
        self.rules: dict[str, Any] = document["rules"]

    @property
    def window(self) -> tuple[float, float]:
        low, high = self.rules["regions_per_player"]
        return float(low), float(high)

    @property
    def fifth_tolerance(self) -> float:
        """The 1/5 rule's tolerance (the rules', which the terrain and symbol specs repeat)."""
        return float(self.rules["fifth_rule_tolerance"])

    @property
    def measured(self) -> dict[str, Any]:
        found: dict[str, Any] = self.document.get("measured", {})
        return found

    @property
    def booklet_counts(self) -> list[int]:
        return sorted({n for b in self.measured.get("boards", []) for n in b["players"]})

    def spec(self, key: str) -> Spec:
        """The spec of ``key``, or of its family (``terrain.forest`` -> ``terrain``)."""
        specs = self.document["metrics"]
        raw = specs.get(key) or specs.get(key.split(".", 1)[0])
        if raw is None:
            return Spec("", "", "none", "no", 0.0)
        band = raw.get("band")
        return Spec(raw["measures"], raw["matters"], raw["source"], raw["judged"],
                    float(raw["tolerance"]), None if band is None else (band[0], band[1]),
                    bool(raw.get("per_seat", False)))

    def band(self, info: MetricInfo, players: int) -> Band | None:
        """The band of ``info``: the same at every player count (the band rule pools the
        counts), ``players`` kept for callers that show it per count."""
        spec = self.spec(info.key)
        decimals = 0 if info.integer else 2
        if info.key == "regions_per_player":
            low, high = self.window
            return Band(low, high, 2, "rules", 0.0)
        if spec.judged == "no":
            return None
        if spec.source == "fair_play" and spec.band is not None:
            floor, ceiling = spec.band
            if spec.per_seat:  # a share of one seat's fair 1/n of the land, kept inside
                floor = None if floor is None else _outward(floor / players, decimals, False)
                ceiling = (None if ceiling is None
                           else _outward(ceiling / players, decimals, True))
            return Band(floor, ceiling, decimals, spec.source, spec.tolerance)
        if spec.source not in ("booklet", "base_game"):
            return None
        measured = self.measured.get("bands", {}).get(info.key)
        if measured is None:
            return None
        seen: Mapping[str, Any] = measured["all"]
        tol = spec.tolerance
        low = _outward(seen.get("low", seen["min"]) - tol, decimals, down=True)
        high = _outward(seen.get("high", seen["max"]) + tol, decimals, down=False)
        return Band(max(low, 0.0) if spec.judged in ("both", "below") else None,
                    high if spec.judged in ("both", "above") else None, decimals,
                    spec.source, tol, (seen["min"], seen["max"]))

    def rows(self, metrics: BalanceMetrics) -> list[Row]:
        """Every row of the report, judged; none for a realm without land (a board built
        during play has nothing to judge)."""
        from editor.analysis.advice import advise

        if not metrics.values.get("regions"):
            return []
        rows: list[Row] = []
        fifth_done = False
        for info in METRICS:
            if info.key.startswith(("terrain.", "symbol.")):
                if not fifth_done:
                    rows += self.fifth_rows(metrics)
                    fifth_done = True
                continue
            rows.append(self._row(info, metrics))
        rows = [advise(row, metrics, self) if row.outside else row for row in rows]
        return rows

    def _row(self, info: MetricInfo, metrics: BalanceMetrics) -> Row:
        value = metrics.values.get(info.key)
        decimals = 0 if info.integer else 2
        band = self.band(info, metrics.players)
        if info.key == "regions":  # shown with the window it follows from, not judged twice
            return Row(info.key, info.label, info.group, value, decimals, None)
        return Row(info.key, info.label, info.group, value, decimals, band)

    def fifth(self, metrics: BalanceMetrics) -> list[FifthCheck]:
        """The 1/5 rule's checks, world by world (the same function lint counts with)."""
        r = self.rules
        groups = fifth_groups(metrics.surface, metrics.underground,
                              format_version=metrics.format_version, terrains=r["terrains"],
                              underground_terrains=r["underground_terrains"],
                              symbols=r["symbols"])
        return fifth_checks(groups)

    def fifth_rows(self, metrics: BalanceMetrics) -> list[Row]:
        tol = self.fifth_tolerance
        rows = []
        for check in self.fifth(metrics):
            target = check.target
            band = Band(target - tol, target + tol, 1, "rules", tol)
            rows.append(Row(fifth_key(check), fifth_label(check), "tallies", check.count, 0,
                            band))
        return rows

    def flags(self, metrics: BalanceMetrics) -> list[Flag]:
        return [row.flag() for row in self.rows(metrics) if row.outside]


def fifth_key(check: FifthCheck) -> str:
    world = ".underground" if check.world == UNDERGROUND else ""
    return f"{check.kind}{world}.{check.name}"


def fifth_label(check: FifthCheck) -> str:
    name = "Magic source" if check.name == "magic" else check.name.capitalize()
    if check.world == UNDERGROUND:
        return f"{name} (underground, of {check.total})"
    where = " surface" if check.world == SURFACE else ""
    return f"{name} (of {check.total}{where} land)"


def _outward(value: float, decimals: int, down: bool) -> float:
    scale = 10 ** decimals
    rounded = (math.floor if down else math.ceil)(round(value * scale, 6)) / scale
    return float(rounded)


@cache
def load_standard() -> Standard:
    """The bundled standard."""
    from editor.model.paths import data_file

    with data_file(STANDARD_FILE).open(encoding="utf-8") as handle:
        return Standard(json.load(handle))


def judge(metrics: BalanceMetrics) -> list[Row]:
    """Every metric of ``metrics`` judged against the bundled standard."""
    return load_standard().rows(metrics)


def flags(realm: Realm, players: int) -> list[Flag]:
    """The standard's flags for ``realm`` derived at ``players`` (empty: balanced).

    Kept stable for the generator: ``flags(realm, players) -> list[Flag]``."""
    if realm.players != players:
        raise ValueError(f"the realm was derived for {realm.players} players, not {players}")
    return load_standard().flags(measure(realm))
