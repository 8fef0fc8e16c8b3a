"""``realms balance`` as text and JSON: each metric of a realm judged by the balance standard.

Pure Python. The rows, numbers, bands and advice all come from
:mod:`editor.analysis.standard`, so text, JSON, HTML, the site and the editor's dock agree.
Scenario text (title, path, region ids) is untrusted and is shown through
:mod:`editor.escaping`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from editor.analysis.metrics import BalanceMetrics
from editor.analysis.standard import SOURCE_WORDS, Flag, Row, Standard, fmt
from editor.escaping import display_path, display_text

REPORT_FORMAT = "realms-balance"
REPORT_VERSION = 3  # 3: entry rules, seats and the pocket; a band has no per_count
GROUPS = (("tallies", "Tallies"), ("entry", "Entry regions"),
          ("distance", "Distances from the edge"), ("shape", "Shape of the graph of play"))
MAX_LISTED = 12  # chokepoints named in the text report before "and N more"
STANDARD_LINE = ("Judged by the balance standard (docs/balance.md): bands from the booklet's "
                 "boards at this player count, the base game's where a metric transfers, and "
                 "the booklet's rules; '!' marks a flag.")


@dataclass(frozen=True)
class RealmReport:
    """One player count: the metrics and their judged rows (none without land)."""

    metrics: BalanceMetrics
    rows: list[Row]

    @property
    def players(self) -> int:
        return self.metrics.players

    @property
    def flagged(self) -> list[Row]:
        return [r for r in self.rows if r.outside]

    @property
    def flags(self) -> list[Flag]:
        return [r.flag() for r in self.flagged]

    @property
    def empty(self) -> bool:
        return not self.rows


def make_report(metrics: BalanceMetrics, standard: Standard) -> RealmReport:
    return RealmReport(metrics, standard.rows(metrics))


def empty_message(built_during_play: bool) -> str:
    """Why there is nothing to judge at a player count."""
    if built_during_play:
        return ("no land regions: this scenario's board is built during play; measure a "
                "realised board instead")
    return "no land regions at this player count: nothing to judge"


def number(value: float | None, decimals: int = 2) -> str:
    """A value as the reports show it (integers plain): kept for callers of the API."""
    if value is None:
        return "n/a"
    return fmt(value, 0 if float(value).is_integer() else decimals)


def band_text(row: Row, dash: str = "-") -> str:
    """The band the row is judged against and its source; "not judged" without one."""
    if row.band is None:
        return "not judged"
    return f"{row.band.text(dash)} ({SOURCE_WORDS[row.band.source]})"


def flag_count(n: int) -> str:
    return f"{n} flag{'s' if n != 1 else ''}"


def _names(items: list[str]) -> str:
    shown = [display_text(i) for i in items[:MAX_LISTED]]
    more = len(items) - len(shown)
    return ", ".join(shown) + (f" and {more} more" if more > 0 else "")


def text_report(title: str, source: str, reports: list[RealmReport],
                standard: Standard, built_during_play: bool = False) -> str:
    """The human-readable report (``--format text``)."""
    lines = [f"{display_text(title)} ({display_path(source)})", STANDARD_LINE, ""]
    for report in reports:
        lines.append(f"== {report.players} players ==")
        if report.empty:
            lines += [f"  {empty_message(built_during_play)}", ""]
            continue
        width = max(len(r.label) for r in report.rows) + 2
        lines.append(f"  {'':{width}} {'your realm':>10}   standard at {report.players} "
                     "players")
        for key, heading in GROUPS:
            lines.append(f"  {heading}")
            for row in (r for r in report.rows if r.group == key):
                mark = "!" if row.outside else " "
                lines.append(f"  {mark} {display_text(row.label):{width - 2}} "
                             f"{row.shown:>10}   {band_text(row)}")
        m = report.metrics
        lines.append("  Details")
        lines.append(f"    land masses (regions each): "
                     f"{', '.join(str(s) for s in m.land_mass_sizes) or 'none'}")
        lines.append("    neighbours per region: " + ", ".join(
            f"{d}: {n}" for d, n in sorted(m.degree_histogram.items())))
        if m.articulation_points:
            lines.append(f"    chokepoints: {_names(list(m.articulation_points))}")
        if m.bridges:
            lines.append("    bridges: " + _names([f"{a}-{b}" for a, b in m.bridges]))
        if not m.diameter_exact:
            lines.append("    (diameter estimated: the realm is too large for the exact one)")
        flags = report.flags
        lines.append(f"  {flag_count(len(flags))}" + (":" if flags else ""))
        for flag in flags:
            lines.append(f"  ! {display_text(flag.message)}")
            lines.append(f"    what to change: {display_text(flag.advice)}")
        lines.append("")
    return "\n".join(lines)


def row_json(row: Row) -> dict[str, Any]:
    band = None if row.band is None else {
        "low": row.band.low, "high": row.band.high, "text": row.band.text(),
        "source": row.band.source, "tolerance": row.band.tolerance,
        "seen": None if row.band.seen is None else list(row.band.seen)}
    return {"key": row.key, "label": row.label, "group": row.group, "value": row.value,
            "shown": row.shown, "band": band, "outside": row.outside, "advice": row.advice,
            "regions": list(row.regions), "tiles": list(row.tiles)}


def json_report(title: str, source: str, reports: list[RealmReport],
                standard: Standard, built_during_play: bool = False) -> dict[str, Any]:
    """The machine-readable report (``--format json``); keys sorted by the writer."""
    return {
        "format": REPORT_FORMAT,
        "version": REPORT_VERSION,
        "scenario": title,
        "source": source,
        "standard": {"file": "editor/data/balance-standard.json",
                     "command": standard.measured.get("command"),
                     "booklet_players": standard.booklet_counts},
        "reports": [{
            **r.metrics.to_json(),
            "comparisons": [row_json(row) for row in r.rows],
            "flags": [f.to_json() for f in r.flags],
            "outside": [row.key for row in r.flagged],
            **({"note": empty_message(built_during_play)} if r.empty else {}),
        } for r in reports],
    }
