"""The measured part of the balance standard: each metric's range on boards of its kind.

Booklet-sourced metrics take their range from the booklet scenarios at each player count,
kept per count when the medians at the smallest and largest count differ by more than the
metric's tolerance (the data show the band moves with the count), else over every count.
Base-game metrics take the range of the official boards. Built by
``python tools/balance_standard.py``; a test rebuilds it in memory and compares.
"""

from __future__ import annotations

from statistics import median
from typing import Any

from editor.analysis.metrics import METRICS, BalanceMetrics
from editor.analysis.standard import Standard

DECIMALS = 4


def _summary(values: list[float]) -> dict[str, float]:
    return {"min": round(min(values), DECIMALS), "max": round(max(values), DECIMALS),
            "median": round(median(values), DECIMALS), "boards": len(values)}


def measured_bands(standard: Standard, booklet: dict[int, list[BalanceMetrics]],
                   base_game: dict[int, BalanceMetrics]) -> dict[str, Any]:
    """Per metric: {"source", "by_count", "all", "counts"} from the boards' values."""
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
        counts = {str(n): _summary(v) for n, v in per_count.items()}
        first, last = counts[min(counts, key=int)], counts[max(counts, key=int)]
        by_count = (spec.source == "booklet"
                    and abs(first["median"] - last["median"]) > spec.tolerance + 1e-9)
        bands[info.key] = {"source": spec.source, "by_count": by_count,
                           "all": _summary(pooled), "counts": counts}
    return bands
