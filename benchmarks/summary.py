"""One measurement of a pytest-benchmark run, kept for the side-by-side table."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Measured:
    median: float | None  # seconds; None when benchmarking is disabled
    budget: float | None = None  # seconds, for the measured path
    baseline_of: str | None = None  # the measurement this one is the baseline of
