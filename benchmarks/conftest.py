"""pytest-benchmark glue for ``benchmarks/``: a side-by-side table of each budget and its
baseline, printed at the end of the run (the numbers come from the same run)."""

from __future__ import annotations

import pytest
from summary import Measured

RESULTS = pytest.StashKey[dict[str, Measured]]()


def pytest_configure(config: pytest.Config) -> None:
    config.stash[RESULTS] = {}


@pytest.fixture
def record(request: pytest.FixtureRequest) -> dict[str, Measured]:
    """Where a benchmark stores its median under a label for the summary table."""
    return request.config.stash[RESULTS]


def _ms(value: float | None) -> str:
    return "-" if value is None else f"{value * 1000:,.1f} ms"


@pytest.hookimpl(trylast=True)  # after pytest-benchmark's own tables
def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter,
                            config: pytest.Config) -> None:
    results = config.stash.get(RESULTS, {})
    measured = {k: v for k, v in results.items() if v.baseline_of is None}
    if not measured:
        return
    baselines = {v.baseline_of: (k, v) for k, v in results.items() if v.baseline_of}
    write = terminalreporter.write_line
    write("")
    write("side by side (ratio = baseline median / Realms Studio median):")
    write("| benchmark | Realms Studio (median) | baseline | baseline (median) | ratio "
          "| budget | verdict |")
    write("| --- | --- | --- | --- | --- | --- | --- |")
    for label, m in measured.items():
        base_label, base = baselines.get(label, ("-", Measured(None)))
        ratio = (f"{base.median / m.median:.1f}x" if m.median and base.median else "-")
        if m.median is None:
            verdict = "not timed (add --benchmark-enable)"
        elif m.budget is None:
            verdict = ""
        else:
            verdict = "ok" if m.median <= m.budget else "MISSED"
        budget = f"<= {_ms(m.budget)}" if m.budget is not None else ""
        write(f"| {label} | {_ms(m.median)} | {base_label} | {_ms(base.median)} | {ratio} | "
              f"{budget} | {verdict} |")
