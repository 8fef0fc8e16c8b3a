"""``realms balance --format html``: one self-contained page (inline CSS and SVG, no script,
no external reference) with the board picture, each metric judged by the balance standard
(the same rows, numbers and advice as the text and JSON reports) and charts.

Every string that comes from the scenario goes through :func:`esc` (``document_line`` then
``html.escape``), so a hostile title or region id is shown, never interpreted.
"""

from __future__ import annotations

import base64
import html
from collections import Counter
from collections.abc import Sequence

import networkx as nx

from editor.analysis.metrics import play_graph
from editor.analysis.report import (
    GROUPS,
    STANDARD_LINE,
    RealmReport,
    band_text,
    empty_message,
    flag_count,
)
from editor.analysis.standard import Band, Row, Standard, fmt
from editor.analysis.svg_marks import bar_marks, strip_marks
from editor.escaping import document_line
from editor.render.style import default_style
from editor.topology.realm import Realm

EN_DASH = "\u2013"
MAX_DRAWN_REGIONS = 600  # past this the graph picture is left out (layout cost)
CSS = """
body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#222;max-width:1100px}
h1{font-size:22px;margin:0 0 4px} h2{font-size:18px;margin:28px 0 8px;border-bottom:1px solid #ccc}
h3{font-size:15px;margin:16px 0 6px} .muted{color:#666}
table{border-collapse:collapse;margin:6px 0} td,th{padding:2px 8px;text-align:left}
th{font-weight:600;border-bottom:1px solid #bbb} td.num{text-align:right}
tr.out td{background:#fdecea} tr.out td.flag{color:#c62828;font-weight:700}
ol.flags li{margin:4px 0} .advice{color:#444}
.charts{display:flex;flex-wrap:wrap;gap:24px} .board img,.board svg{max-width:100%;height:auto}
"""


def esc(text: object) -> str:
    """Untrusted text as HTML: one line, XML-safe characters, markup escaped."""
    return html.escape(document_line(str(text)), quote=True)


def band_svg(value: float | None, band: Band | None, outside: bool) -> str:
    """A small horizontal chart: the accepted band shaded, the realm's value as a tick (an
    open side runs to the chart's end)."""
    width, height = 160, 14
    if value is None or band is None:
        return ""
    top = max(value or 0.0, band.high or 0.0, band.low or 0.0, 1.0) * 1.15
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" role="img">',
             *strip_marks(value, (band.low, band.high), top, width, height, outside)]
    parts.append("</svg>")
    return "".join(parts)


def bar_chart(title: str, bars: Sequence[tuple[str, float]], colour: str = "#4f79c9") -> str:
    """A vertical bar chart as inline SVG; labels are ours (numbers), values counts."""
    if not bars:
        return ""
    # wide enough for the longest label at 11 px (terrain names are written out in full)
    step, chart_h = max(34, int(6.5 * max(len(label) for label, _ in bars)) + 10), 120
    width = max(step * len(bars) + 20, 160)
    parts = [f'<figure><figcaption>{esc(title)}</figcaption>'
             f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{chart_h + 40}" '
             f'viewBox="0 0 {width} {chart_h + 40}" role="img">']
    parts += bar_marks(bars, step, chart_h, colour, lambda value: esc(fmt(value, 0)), esc)
    parts.append("</svg></figure>")
    return "".join(parts)


def graph_picture(realm: Realm, chokepoints: Sequence[str]) -> str:
    """A node-link drawing of the graph of play, coloured by terrain (for boards without
    geometry, such as imported engine boards). Region ids are escaped tooltips."""
    graph = play_graph(realm)
    if not 0 < graph.number_of_nodes() <= MAX_DRAWN_REGIONS:
        return ""
    style = default_style()
    pos = nx.spring_layout(graph, seed=0)
    size, pad = 520, 18
    xs = [p[0] for p in pos.values()]
    ys = [p[1] for p in pos.values()]
    span_x, span_y = (max(xs) - min(xs)) or 1.0, (max(ys) - min(ys)) or 1.0

    def at(node: str) -> tuple[float, float]:
        x, y = pos[node]
        return (pad + (x - min(xs)) / span_x * (size - 2 * pad),
                pad + (y - min(ys)) / span_y * (size - 2 * pad))

    cut = set(chokepoints)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
             f'viewBox="0 0 {size} {size}" role="img">']
    for a, b in sorted(graph.edges()):
        (x1, y1), (x2, y2) = at(a), at(b)
        parts.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                     'stroke="#999" stroke-width="1.2"/>')
    for node in sorted(graph.nodes):
        region = realm.regions[node]
        x, y = at(node)
        stroke = ' stroke="#c62828" stroke-width="3"' if node in cut else \
            ' stroke="#222" stroke-width="1"'
        ring = ' stroke-dasharray="3 2"' if region.first_conquest else ""
        fill = style.terrain(region.terrain).fill
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="8" fill="{esc(fill)}"{stroke}'
                     f'{ring}><title>{esc(node)}: {esc(region.terrain)}</title></circle>')
    parts.append("</svg>")
    return "".join(parts)


def picture_html(realm: Realm, report: RealmReport, picture: bytes | None) -> str:
    if picture:  # the printable board, as an image: its own text stays inside the SVG
        data = base64.b64encode(picture).decode("ascii")
        return (f'<div class="board"><img alt="the board for {report.players} players" '
                f'src="data:image/svg+xml;base64,{data}"></div>')
    drawing = graph_picture(realm, report.metrics.articulation_points)
    if not drawing:
        return ""
    return ('<div class="board">' + drawing + '<p class="muted">Graph of play (no board '
            'geometry): dashed rings are entry regions, red rings chokepoints.</p></div>')


def _row(row: Row) -> str:
    css = ' class="out"' if row.outside else ""
    flag = "flag" if row.outside else ""
    return (f"<tr{css}><td>{esc(row.label)}</td><td class=\"num\">{esc(row.shown)}</td>"
            f"<td>{esc(band_text(row))}</td>"
            f"<td>{band_svg(row.value, row.band, row.outside)}</td>"
            f"<td class=\"flag\">{flag}</td></tr>")


def flags_html(report: RealmReport) -> str:
    """The flags with what to change, in the order of the table."""
    flags = report.flags
    if not flags:
        return "<p><strong>0 flags</strong>: every judged metric is inside the standard.</p>"
    items = "".join(f'<li><strong>{esc(f.message)}</strong><br><span class="advice">'
                    f"What to change: {esc(f.advice)}</span></li>" for f in flags)
    return (f"<p><strong>{esc(flag_count(len(flags)))}</strong>: their rows are shaded red, "
            'and in each row\'s strip the green band is what the standard accepts.</p>'
            f'<ol class="flags">{items}</ol>')


def _section(realm: Realm, report: RealmReport, picture: bytes | None,
             built_during_play: bool, show_picture: bool = True) -> str:
    m = report.metrics
    out = [f"<section><h2>{report.players} players</h2>"]
    if report.empty:
        out.append(f"<p>{esc(empty_message(built_during_play).capitalize())}.</p></section>")
        return "".join(out)
    out.append(flags_html(report))
    if show_picture:
        out.append(picture_html(realm, report, picture))
    out.append(f"<table><tr><th>metric</th><th>your realm</th><th>standard at "
               f"{report.players} players</th><th></th><th></th></tr>")
    for key, heading in GROUPS:
        out.append(f'<tr><th colspan="5"><h3>{esc(heading)}</h3></th></tr>')
        out += [_row(row) for row in report.rows if row.group == key]
    out.append("</table>")
    distances = Counter(d for d in m.edge_distance.values() if d is not None)
    out.append('<div class="charts">')
    out.append(bar_chart("Neighbours per region (regions)",
                         [(str(d), n) for d, n in sorted(m.degree_histogram.items())]))
    out.append(bar_chart("Steps from the nearest entry (regions)",
                         [(str(d), n) for d, n in sorted(distances.items())], "#7a5c99"))
    out.append(bar_chart("Entry regions by terrain",
                         [(t, n) for t, n in m.entry_terrains.items()], "#6b8e23"))
    out.append(bar_chart("Land masses (regions each)",
                         [(f"#{i}", n) for i, n in enumerate(m.land_mass_sizes, 1)][:20],
                         "#b07a2a"))
    out.append("</div>")
    if m.articulation_points:
        out.append("<p>Chokepoints: " + ", ".join(esc(r) for r in m.articulation_points)
                   + "</p>")
    if m.bridges:
        out.append("<p>Bridges: " + ", ".join(f"{esc(a)}{EN_DASH}{esc(b)}" for a, b in m.bridges)
                   + "</p>")
    out.append("</section>")
    return "".join(out)


def balance_section(realm: Realm, report: RealmReport, built_during_play: bool = False) -> str:
    """One player count's metrics, bands and charts, without a board picture: for pages that
    already show the board (``realms site``)."""
    return _section(realm, report, None, built_during_play, show_picture=False)


def html_report(title: str, source: str,
                items: Sequence[tuple[Realm, RealmReport, bytes | None]],
                standard: Standard, built_during_play: bool = False) -> str:
    """The whole page; ``items`` are (realm, report, printable board SVG or None)."""
    booklet = esc(standard.document["sources"]["booklet"])
    head = (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f"<title>Balance: {esc(title)}</title><style>{CSS}</style></head><body>"
            f"<h1>Balance report: {esc(title)}</h1><p class=\"muted\">{esc(source)}</p>"
            f"<p>{esc(STANDARD_LINE)}</p><p class=\"muted\">{booklet}</p>")
    body = "".join(_section(realm, report, picture, built_during_play)
                   for realm, report, picture in items)
    return head + body + "</body></html>\n"
