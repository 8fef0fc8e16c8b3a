"""The balance section of a scenario page, from ``realms balance``'s own report objects.

The figures and band texts are the analysis API's (``measure``, ``make_report``,
``number``, ``band_text``), so the page shows what ``realms balance`` prints. Only the
markup is the site's: a table that reflows at phone width, strips hidden from screen
readers (the row's text says the same), charts named by their values, headings in order.
Each count's heading is an ``<h2>`` "N players" beside the section's own and each metric row
starts with a ``<td>`` label, the layout tests/consistency's reader of balance HTML knows.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from markupsafe import Markup

from editor.analysis import standard
from editor.analysis.report import GROUPS, RealmReport, band_text, empty_message, number
from editor.analysis.svg_marks import bar_marks, strip_marks
from editor.site.pages import render

EN_DASH = "\u2013"
STRIP_WIDTH, STRIP_HEIGHT = 160, 14
CHART_HEIGHT = 120


@dataclass(frozen=True)
class Row:
    label: str
    value: str
    band: str
    outside: bool
    strip: Markup


@dataclass(frozen=True)
class Group:
    heading: str
    rows: tuple[Row, ...]


def strip_svg(value: float | None, low: float | None, high: float | None,
              outside: bool) -> Markup:
    """The standard's band shaded, the realm's value as a tick; hidden from screen readers,
    since the row's cells say the same in words."""
    if value is None and low is None:
        return Markup("")
    top = max(value or 0.0, high or 0.0, 1.0) * 1.15
    parts = [f'<svg class="strip" xmlns="http://www.w3.org/2000/svg" width="{STRIP_WIDTH}" '
             f'height="{STRIP_HEIGHT}" viewBox="0 0 {STRIP_WIDTH} {STRIP_HEIGHT}" '
             'aria-hidden="true" focusable="false">']
    shaded = (low, high) if low is not None or high is not None else None
    parts += strip_marks(value, shaded, top, STRIP_WIDTH, STRIP_HEIGHT, outside)
    parts.append("</svg>")
    return Markup("".join(parts))


def chart_svg(title: str, unit: str, bars: Sequence[tuple[str, float]],
              colour: str) -> Markup:
    """A bar chart named by its values (``role="img"`` with an ``aria-label``), every
    label written out in full: the bars are as wide as the longest label needs."""
    if not bars:
        return Markup("")
    step = max(34, int(7.5 * max(len(label) for label, _ in bars)) + 12)
    width = max(step * len(bars) + 20, 160)
    said = "; ".join(f"{label}: {number(value)} {unit}" for label, value in bars)
    parts = [f'<figure class="chart"><figcaption>{escape(title)}</figcaption>'
             f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" '
             f'height="{CHART_HEIGHT + 40}" viewBox="0 0 {width} {CHART_HEIGHT + 40}" '
             f'role="img" aria-label="{escape(title)}: {escape(said)}">']
    parts += bar_marks(bars, step, CHART_HEIGHT, colour,
                       lambda value: escape(number(value)), escape)
    parts.append("</svg></figure>")
    return Markup("".join(parts))


def _site_row(row: standard.Row) -> Row:
    """One metric as the page shows it. The only place that reads a report row's fields:
    when the analysis API's rows change shape, this is what follows."""
    low, high = (row.band.low, row.band.high) if row.band is not None else (None, None)
    return Row(row.label, row.shown, band_text(row, EN_DASH), row.outside,
               strip_svg(row.value, low, high, row.outside))


def _groups(report: RealmReport) -> list[Group]:
    groups = []
    for key, heading in GROUPS:
        rows = tuple(_site_row(r) for r in report.rows if r.group == key)
        if rows:
            groups.append(Group(heading, rows))
    return groups


def _charts(report: RealmReport) -> list[Markup]:
    m = report.metrics
    distances = Counter(d for d in m.edge_distance.values() if d is not None)
    charts = [
        chart_svg("Neighbours per region", "regions",
                  [(str(d), n) for d, n in sorted(m.degree_histogram.items())], "#4f79c9"),
        chart_svg("Steps from the nearest entry", "regions",
                  [(str(d), n) for d, n in sorted(distances.items())], "#7a5c99"),
        chart_svg("Entry regions by terrain", "regions",
                  list(m.entry_terrains.items()), "#6b8e23"),
        chart_svg("Land masses", "regions",
                  [(f"#{i}", n) for i, n in enumerate(m.land_mass_sizes, 1)][:20], "#b07a2a"),
    ]
    return [c for c in charts if c]


def balance_html(report: RealmReport, built_during_play: bool, note: str = "") -> str:
    """One player count's balance: the metrics against the balance standard, and charts.
    ``note`` says what was measured when it is not the file's own board (an example)."""
    m = report.metrics
    empty = not m.values.get("regions")
    return render("balance.html.j2", report=report, note=note, empty=empty,
                  empty_text=empty_message(built_during_play).capitalize() + ".",
                  groups=[] if empty else _groups(report),
                  charts=[] if empty else _charts(report),
                  chokepoints=", ".join(m.articulation_points),
                  bridges=", ".join(f"{a}{EN_DASH}{b}" for a, b in m.bridges))
