"""``realms balance`` as text and JSON: each metric of a realm beside its official band.

Pure Python. Scenario text (title, path, region ids) is untrusted and is shown through
:mod:`editor.escaping`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from editor.analysis.bands import Band, Comparison, ReferenceBands
from editor.analysis.metrics import BalanceMetrics, MetricInfo
from editor.escaping import display_path, display_text

REPORT_FORMAT = "realms-balance"
REPORT_VERSION = 1
GROUPS = (("tallies", "Tallies"), ("entry", "Entry regions"),
          ("distance", "Distances from the edge"), ("shape", "Shape of the graph of play"))
MAX_LISTED = 12  # chokepoints named in the text report before "and N more"


@dataclass(frozen=True)
class RealmReport:
    """One player count: the metrics and their comparisons."""

    metrics: BalanceMetrics
    comparisons: list[Comparison]

    @property
    def players(self) -> int:
        return self.metrics.players

    @property
    def flagged(self) -> list[Comparison]:
        return [c for c in self.comparisons if c.outside]


def make_report(metrics: BalanceMetrics, bands: ReferenceBands) -> RealmReport:
    return RealmReport(metrics, bands.compare(metrics))


def empty_message(built_during_play: bool) -> str:
    """Why there is nothing to compare at a player count."""
    if built_during_play:
        return ("no land regions: this scenario's board is built during play; measure a "
                "realised board instead")
    return "no land regions at this player count: nothing to compare"


def number(value: float | None, info: MetricInfo | None = None) -> str:
    """A metric value as shown: integers plain, shares and means with two decimals."""
    if value is None:
        return "n/a"
    if (info is None or info.integer) and float(value).is_integer():
        return str(int(value))
    return f"{value:.2f}"


def band_text(band: Band | None, info: MetricInfo, players: int, dash: str = "-",
              with_official: bool = True) -> str:
    """``"27-30 (3-player board: 27)"``; ``"no official reference"`` without a band."""
    if band is None:
        return "no official reference"
    low, high = number(band.low, info), number(band.high, info)
    text = low if low == high else f"{low}{dash}{high}"
    if with_official and band.official is not None:
        text += f" ({players}-player board: {number(band.official, info)})"
    return text


def _names(items: list[str]) -> str:
    shown = [display_text(i) for i in items[:MAX_LISTED]]
    more = len(items) - len(shown)
    return ", ".join(shown) + (f" and {more} more" if more > 0 else "")


def text_report(title: str, source: str, reports: list[RealmReport],
                bands: ReferenceBands, built_during_play: bool = False) -> str:
    """The human-readable report (``--format text``)."""
    official = ", ".join(str(n) for n in bands.players)
    lines = [f"{display_text(title)} ({display_path(source)})",
             f"Compared with the official Small World boards for {official} players; "
             "'!' marks a value outside their range.", ""]
    for report in reports:
        lines.append(f"== {report.players} players ==")
        if not report.metrics.values.get("regions"):
            lines += [f"  {empty_message(built_during_play)}", ""]
            continue
        width = max(len(c.info.label) for c in report.comparisons) + 2
        lines.append(f"  {'':{width}} {'your realm':>10}   official boards "
                     f"(scaled to {report.players} players)")
        for key, heading in GROUPS:
            lines.append(f"  {heading}")
            for c in (c for c in report.comparisons if c.info.group == key):
                mark = "!" if c.outside else " "
                lines.append(f"  {mark} {c.info.label:{width - 2}} {number(c.value, c.info):>10}"
                             f"   {band_text(c.band, c.info, report.players)}")
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
        flagged = len(report.flagged)
        lines.append(f"  {flagged} metric{'s' if flagged != 1 else ''} outside the official "
                     "range")
        lines.append("")
    return "\n".join(lines)


def _band_json(band: Band | None) -> dict[str, Any] | None:
    if band is None:
        return None
    return {"low": band.low, "high": band.high, "median": band.median,
            "official": band.official}


def _compared(report: RealmReport) -> list[Comparison]:
    """The comparisons a report shows: none without land, as the text and HTML say
    ("nothing to compare"), so the JSON never flags what they do not (issue 29)."""
    return report.comparisons if report.metrics.values.get("regions") else []


def json_report(title: str, source: str, reports: list[RealmReport],
                bands: ReferenceBands) -> dict[str, Any]:
    """The machine-readable report (``--format json``); keys sorted by the writer."""
    return {
        "format": REPORT_FORMAT,
        "version": REPORT_VERSION,
        "scenario": title,
        "source": source,
        "reference": {"players": bands.players, "source": bands.provenance.get("source"),
                      "command": bands.provenance.get("command")},
        "reports": [{
            **r.metrics.to_json(),
            "comparisons": [{"key": c.info.key, "label": c.info.label, "group": c.info.group,
                             "value": c.value, "band": _band_json(c.band),
                             "outside": c.outside} for c in _compared(r)],
            "outside": [c.info.key for c in _compared(r) if c.outside],
        } for r in reports],
    }
