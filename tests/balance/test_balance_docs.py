"""docs/balance.md's metric table shows the bands the standard applies: it says it is the
data file's own text, and its bands had drifted (chokepoints "at most 30" where
`realms balance` judged at most 28, the symbol distances a third too narrow)."""

from __future__ import annotations

import re
from pathlib import Path

from editor.analysis.metrics import METRICS
from editor.analysis.standard import load_standard

DOC = Path(__file__).resolve().parents[2] / "docs" / "balance.md"
SPREADS = ("cavern", "mine", "magic")


def _bands_shown() -> dict[str, str]:
    lines = DOC.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines)
                 if line.startswith("| metric | what it measures |"))
    shown = {}
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        key = re.match(r"\| `([a-z_.*]+)`", line)
        if key:
            shown[key.group(1)] = line.rstrip(" |").rsplit(" | ", 1)[1]
    return shown


def test_the_docs_table_shows_the_bands_balance_judges_by() -> None:
    standard, shown = load_standard(), _bands_shown()
    checked = 0
    for info in METRICS:
        band = standard.band(info, 4)
        if band is None or info.key not in shown or standard.spec(info.key).per_seat:
            continue  # per seat: a share of one seat's land, told in words
        assert shown[info.key] == band.text(), info.key
        checked += 1
    spreads = [standard.band(i, 4) for k in SPREADS for i in METRICS
               if i.key == f"symbol_spread.{k}"]
    lows = " / ".join(band.text().removeprefix("at least ") for band in spreads if band)
    assert shown["symbol_spread.*"].startswith(f"at least {lows} ")
    assert checked >= 12
