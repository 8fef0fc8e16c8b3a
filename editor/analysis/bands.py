"""Reference bands: each metric's range on the official Small World boards (2-5 players).

The bands ship as ``editor/data/reference-bands.json``, built by
``python tools/reference_bands.py`` from the official boards (see docs/balance.md).
A metric that grows with the board is kept *per player* and scaled to the realm's
player count when compared; the others are compared as they are.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from statistics import median
from typing import Any

from editor.analysis.metrics import METRIC_INFO, METRICS, BalanceMetrics, MetricInfo

BANDS_FILE = "reference-bands.json"
BANDS_FORMAT = "realms-reference-bands"
BANDS_VERSION = 1
DECIMALS = 4


@dataclass(frozen=True)
class Band:
    """The official range of one metric, in the realm's own units at its player count."""

    low: float
    high: float
    median: float
    official: float | None  # the official board for exactly this player count, if any

    def contains(self, value: float) -> bool:
        return self.low - 1e-9 <= value <= self.high + 1e-9


@dataclass(frozen=True)
class Comparison:
    """One metric of a realm beside its band; ``outside`` is the flag."""

    info: MetricInfo
    value: float | None
    band: Band | None

    @property
    def outside(self) -> bool:
        return self.value is not None and self.band is not None and \
            not self.band.contains(self.value)


@dataclass(frozen=True)
class ReferenceBands:
    """The shipped reference: per-metric bands and each official board's own values."""

    document: dict[str, Any]

    @property
    def players(self) -> list[int]:
        return sorted(int(n) for n in self.document["boards"])

    @property
    def provenance(self) -> dict[str, Any]:
        result: dict[str, Any] = self.document["provenance"]
        return result

    def band(self, key: str, players: int) -> Band | None:
        spec = self.document["bands"].get(key)
        info = METRIC_INFO.get(key)
        if spec is None or info is None:
            return None
        board = self.document["boards"].get(str(players), {})
        official = board.get(key)
        if info.scale == "per_player":
            low, high = spec["min"] * players, spec["max"] * players
            mid = spec["median"] * players
            if info.integer:
                low, high = math.floor(low + 1e-9), math.ceil(high - 1e-9)
            return Band(low, high, round(mid, 2), official)
        return Band(spec["min"], spec["max"], spec["median"], official)

    def compare(self, metrics: BalanceMetrics) -> list[Comparison]:
        return [Comparison(info, metrics.values.get(info.key),
                           self.band(info.key, metrics.players)) for info in METRICS]


@cache
def load_bands() -> ReferenceBands:
    """The bundled reference bands."""
    from editor.model.paths import data_file

    with data_file(BANDS_FILE).open(encoding="utf-8") as handle:
        return ReferenceBands(json.load(handle))


def build_bands(boards: dict[int, BalanceMetrics],
                provenance: dict[str, Any]) -> dict[str, Any]:
    """The reference-bands document for the official boards' metrics (by player count)."""
    values = {str(n): {k: v for k, v in sorted(m.values.items()) if v is not None}
              for n, m in sorted(boards.items())}
    bands: dict[str, Any] = {}
    for info in METRICS:
        seen = []
        for n, m in sorted(boards.items()):
            value = m.values.get(info.key)
            if value is None:
                continue
            seen.append(value / n if info.scale == "per_player" else value)
        if not seen:
            continue  # no official board has it (e.g. popular places): no band
        bands[info.key] = {"min": round(min(seen), DECIMALS), "max": round(max(seen), DECIMALS),
                           "median": round(median(seen), DECIMALS), "scale": info.scale}
    return {"format": BANDS_FORMAT, "version": BANDS_VERSION, "provenance": provenance,
            "boards": values, "bands": bands}
