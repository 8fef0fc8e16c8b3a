"""95 % intervals for the playtest's figures, in plain Python (no SciPy for four formulas).

Win rates use Wilson's score interval (sound near 0 and 1, where a board's unfair seat
lives); means use the normal interval of the sample mean; a figure made of several seats
at once (the spread between the best and the worst seat) uses a seeded bootstrap over
games, so it is as deterministic as the games themselves.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

Z95 = 1.959963984540054  # the normal quantile of a two-sided 95 % interval
BOOTSTRAP_ROUNDS = 1000


@dataclass(frozen=True)
class Estimate:
    """A figure and its 95 % interval (``low`` <= ``value`` <= ``high``)."""

    value: float
    low: float
    high: float

    def as_dict(self, digits: int = 4) -> dict[str, float]:
        return {"value": round(self.value, digits), "low": round(self.low, digits),
                "high": round(self.high, digits)}

    def shifted(self, by: float) -> Estimate:
        return Estimate(self.value + by, self.low + by, self.high + by)


def wilson(successes: float, trials: int) -> Estimate:
    """The share ``successes / trials`` with Wilson's 95 % score interval (a tie counts as
    a fraction of a win, which the formula takes as it is)."""
    if trials <= 0:
        return Estimate(0.0, 0.0, 1.0)
    p = successes / trials
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z95 * math.sqrt(max(p * (1 - p) / trials + z2 / (4 * trials * trials), 0.0))
    half /= 1 + z2 / trials
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: Sequence[float]) -> Estimate:
    """The sample mean with its normal 95 % interval (zero width for fewer than 2 values)."""
    n = len(values)
    if n == 0:
        return Estimate(0.0, 0.0, 0.0)
    mean = math.fsum(values) / n
    if n < 2:
        return Estimate(mean, mean, mean)
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return Estimate(mean, mean - half, mean + half)


def bootstrap(rows: Sequence[Sequence[float]], statistic: Callable[[np.ndarray], np.ndarray],
              seed: int, rounds: int = BOOTSTRAP_ROUNDS) -> Estimate:
    """``statistic`` of the column means of ``rows`` (one row per game), with a percentile
    bootstrap interval over games drawn from ``seed``. ``statistic`` maps an array of
    column means (one row per resample) to one value per row."""
    n = len(rows)
    if n == 0:
        return Estimate(0.0, 0.0, 0.0)
    data = np.asarray(rows, dtype=float)
    value = float(statistic(data.mean(axis=0)[None, :])[0])
    # each resample as how many times it draws each game: one matrix product for all
    weights = np.random.default_rng(seed).multinomial(n, np.full(n, 1.0 / n), size=rounds)
    draws = statistic(weights @ data / n)
    low, high = np.quantile(draws, [0.025, 0.975])
    return Estimate(value, min(float(low), value), max(float(high), value))
