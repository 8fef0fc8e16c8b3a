"""The measured part of the balance standard: each metric's band on boards of its kind, and
the leave-one-out check of how well those bands judge a board they were not built from.

The band rule (stated once, in the standard's ``rules.band_rule``, and in docs/balance.md):
a booklet-sourced metric's band is built from the booklet boards **pooled over every player
count** (five to ten boards at one count are too few to set an edge), as the wider of their
range and the **prediction interval** for one more board drawn like them (Student's t at
the rule's confidence on the boards' mean and spread; counts on a log(1 + x) scale, since
they are skewed), then widened by the metric's tolerance (:class:`Standard.band`).
Base-game metrics take the range of the official boards. Built by
``python tools/balance_standard.py``; a test rebuilds it in memory and compares.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from statistics import mean, median, stdev
from typing import Any

from editor.analysis.metrics import METRIC_INFO, METRICS, BalanceMetrics
from editor.analysis.standard import Flag, Standard

DECIMALS = 4
MEASURED_SOURCES = ("booklet", "base_game")  # the sources leaving a board out can move


@dataclass(frozen=True)
class Board:
    """One booklet scenario measured at one player count."""

    file: str
    players: int
    metrics: BalanceMetrics


@dataclass(frozen=True)
class HeldOut:
    """A booklet board judged by bands built without it."""

    board: Board
    flags: tuple[Flag, ...]

    @property
    def measured_flags(self) -> tuple[Flag, ...]:
        """The flags of bands measured on boards (the ones leaving a board out can move)."""
        return tuple(f for f in self.flags if f.source_key in MEASURED_SOURCES)


def _t_quantile(rule: Mapping[str, Any], df: int) -> float:
    table: Sequence[float] = rule["t_quantiles"]
    return float(table[df - 1]) if df <= len(table) else float(rule["t_beyond"])


def _summary(values: list[float], rule: Mapping[str, Any] | None, counts: bool
             ) -> dict[str, float]:
    low, high = min(values), max(values)
    if rule is not None and len(values) >= 3:
        to, back = ((math.log1p, math.expm1) if counts and rule["log_counts"]
                    else (float, float))
        scaled = [to(v) for v in values]
        k = len(values)
        margin = _t_quantile(rule, k - 1) * stdev(scaled) * math.sqrt(1 + 1 / k)
        centre = mean(scaled)
        low = min(low, back(centre - margin))
        high = max(high, back(centre + margin))
    return {"min": round(min(values), DECIMALS), "max": round(max(values), DECIMALS),
            "median": round(median(values), DECIMALS), "boards": len(values),
            "low": round(low, DECIMALS), "high": round(high, DECIMALS)}


def measured_bands(standard: Standard, booklet: Mapping[int, list[BalanceMetrics]],
                   base_game: Mapping[int, BalanceMetrics]) -> dict[str, Any]:
    """Per metric: {"source", "all", "counts"} from the boards' values (see the module)."""
    rule = standard.rules["band_rule"]
    bands: dict[str, Any] = {}
    for info in METRICS:
        spec = standard.spec(info.key)
        if spec.source == "booklet":
            per_count = {n: [float(v) for m in ms if (v := m.values.get(info.key)) is not None]
                         for n, ms in sorted(booklet.items())}
        elif spec.source == "base_game":
            per_count = {n: [float(v)] for n, m in sorted(base_game.items())
                         if (v := m.values.get(info.key)) is not None}
        else:
            continue
        per_count = {n: v for n, v in per_count.items() if v}
        if not per_count:
            continue
        pooled = [v for values in per_count.values() for v in values]
        widen = rule if spec.source == "booklet" else None
        bands[info.key] = {
            "source": spec.source,
            "all": _summary(pooled, widen, METRIC_INFO[info.key].integer),
            "counts": {str(n): _summary(v, None, False) for n, v in per_count.items()}}
    return bands


def with_bands(standard: Standard, bands: dict[str, Any]) -> Standard:
    """``standard`` with its measured bands replaced (the hand-written part kept)."""
    document = copy.deepcopy(standard.document)
    document.setdefault("measured", {})["bands"] = bands
    return Standard(document)


def leave_one_out(standard: Standard, boards: Sequence[Board],
                  base_game: Mapping[int, BalanceMetrics]) -> list[HeldOut]:
    """Each booklet board judged by bands built from every other board (the same scenario
    at its other player counts stays in: a board is one scenario at one count)."""
    held = []
    for board in boards:
        others: dict[int, list[BalanceMetrics]] = {}
        for other in boards:
            if other is not board:
                others.setdefault(other.players, []).append(other.metrics)
        judge = with_bands(standard, measured_bands(standard, others, base_game))
        held.append(HeldOut(board, tuple(judge.flags(board.metrics))))
    return held
