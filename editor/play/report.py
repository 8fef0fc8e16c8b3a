"""The playtest report as text, JSON and a self-contained HTML page.

Every figure is printed with its 95 % interval in brackets. The text is what a designer
reads in a terminal; JSON (:meth:`PlaytestResult.as_dict`) is for scripts; the HTML page
holds the same tables and the heat map drawn on the board. Nothing here imports Qt.
"""

from __future__ import annotations

import json
from html import escape

from editor.escaping import document_line
from editor.play.playtest import PlaytestResult
from editor.play.stats import Estimate

SHOWN_REGIONS = 12  # regions listed by name in a line of the text report


def percent(e: Estimate) -> str:
    return f"{100 * e.value:.1f} % [{100 * e.low:.1f}, {100 * e.high:.1f}]"


def points(e: Estimate) -> str:
    """A difference of two shares, in percentage points, signed."""
    return f"{100 * e.value:+.1f} points [{100 * e.low:+.1f}, {100 * e.high:+.1f}]"


def number(e: Estimate, digits: int = 1) -> str:
    return f"{e.value:.{digits}f} [{e.low:.{digits}f}, {e.high:.{digits}f}]"


def _names(ids: list[str] | tuple[str, ...]) -> str:
    if not ids:
        return "none"
    shown = ", ".join(ids[:SHOWN_REGIONS])
    return shown + (f" and {len(ids) - SHOWN_REGIONS} more" if len(ids) > SHOWN_REGIONS else "")


def headline(result: PlaytestResult) -> str:
    bots = ", ".join(dict.fromkeys(result.bots))
    kind = "bots" if len(set(result.bots)) > 1 else "bot"
    return (f"{document_line(result.title)}: {result.players} players, {result.turns} turns; "
            f"{result.games} games in smawg with the scenario's rules plugin; {bots} {kind}, "
            f"seed {result.seed}")


def summary_lines(result: PlaytestResult) -> list[tuple[str, str]]:
    """The figures after the seat table, as (what, value) pairs: text and HTML share them."""
    land = [r for r in result.regions if r.land]
    entries = [r for r in result.regions if r.entry]
    used = result.entries_used
    fair = 100 / result.players
    contact = (number(result.first_contact, 2) if result.games_without_contact < result.games
               else "never")
    if 0 < result.games_without_contact < result.games:
        contact += f" (no contact in {result.games_without_contact} games)"
    rows = [
        ("Spread between seats (best minus worst win rate)", points(result.spread)),
        (f"First player's advantage (seat 1 minus a fair {fair:.1f} %)",
         points(result.first_player_advantage)),
    ]
    rows += [(f"Win rate of the {bot} bot (over every seat)", percent(rate))
             for bot, rate in sorted(result.bot_win_rates.items())]
    rows += [
        (f"Land regions never conquered (of {len(land)})", _names(result.never_conquered)),
        ("Land left unconquered in a game", percent(result.unconquered_share)),
        (f"Entry regions used (of {len(entries)} the rules allow)",
         f"{len(used)}: " + _names([f"{k} {v}" for k, v in
                                    sorted(used.items(), key=lambda kv: (-kv[1], kv[0]))])
         if used else "none"),
        ("Entry regions no race used", _names(result.entries_unused)),
    ]
    if result.entered_elsewhere:
        rows.append(("Races that entered elsewhere (powers exempt from the entry rule)",
                     str(result.entered_elsewhere)))
    rows += [
        ("Turn of the first contact (a conquest from another player)", contact),
    ]
    return rows


def text_report(result: PlaytestResult) -> str:
    lines = [headline(result), "Figures are followed by their 95 % interval in brackets.", "",
             f"{'seat':<6}{'win rate':<28}mean score"]
    for seat in result.seats:
        first = " (plays first)" if seat.seat == 1 else ""
        lines.append(f"{seat.seat:<6}{percent(seat.win_rate):<28}"
                     f"{number(seat.mean_score)}{first}")
    lines.append("")
    width = max(len(what) for what, _ in summary_lines(result)) + 2
    lines += [f"{what + ':':<{width}}{value}" for what, value in summary_lines(result)]
    ranked = sorted((r for r in result.regions if r.land), key=lambda r: (-r.conquests, r.id))
    lines += ["", "Conquests per game, most to fewest: "
              + ", ".join(f"{r.id} {r.conquests:.2f}" for r in ranked)]
    return "\n".join(lines) + "\n"


def json_report(result: PlaytestResult) -> str:
    return json.dumps(result.as_dict(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


STYLE = """body{font-family:DejaVu Sans,Verdana,sans-serif;margin:2rem auto;max-width:70rem;
color:#1d1a16;padding:0 1rem}table{border-collapse:collapse;margin:1rem 0}
th,td{padding:.3rem .8rem;border-bottom:1px solid #ddd6c8;text-align:left}
td.n{text-align:right;font-variant-numeric:tabular-nums}figure{margin:1.5rem 0}
figure svg{max-width:100%;height:auto}.note{color:#5b5148}"""


def seats_html(result: PlaytestResult) -> str:
    """The seat table: each turn position's win rate and mean score with intervals."""
    rows = "".join(
        f"<tr><td>{s.seat}{' (plays first)' if s.seat == 1 else ''}</td>"
        f'<td class="n">{escape(percent(s.win_rate))}</td>'
        f'<td class="n">{escape(number(s.mean_score))}</td></tr>' for s in result.seats)
    return ("<table><thead><tr><th>seat (turn position)</th><th>win rate</th>"
            f"<th>mean score</th></tr></thead><tbody>{rows}</tbody></table>")


def figures_html(result: PlaytestResult) -> str:
    """The board's figures after the seat table, one row each."""
    rows = "".join(f"<tr><th>{escape(what)}</th><td>{escape(value)}</td></tr>"
                   for what, value in summary_lines(result))
    return f"<table><tbody>{rows}</tbody></table>"


def inline_svg(svg: str) -> str:
    """An SVG document as an element to put in a page (its XML declaration dropped)."""
    return svg.split("?>", 1)[-1].strip()


def html_report(result: PlaytestResult, heatmap_svg: str | None) -> str:
    """The whole page; ``heatmap_svg`` (from :mod:`editor.play.heatmap`) is inlined."""
    title = escape(document_line(result.title))
    ranked = sorted((r for r in result.regions if r.land), key=lambda r: (-r.conquests, r.id))
    regions = "".join(
        f'<tr><td>{escape(r.id)}</td><td class="n">{r.conquests:.2f}</td>'
        f'<td class="n">{r.entered}</td><td>{"yes" if r.entry else ""}</td></tr>'
        for r in ranked)
    picture = ""
    if heatmap_svg is not None:
        picture = (f"<figure>{inline_svg(heatmap_svg)}<figcaption>Conquests per game on the "
                   "board.</figcaption></figure>")
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Playtest: {title}</title><style>{STYLE}</style></head><body>
<h1>Playtest: {title}</h1>
<p>{escape(headline(result))}. Each figure is followed by its 95 % interval in brackets.</p>
<h2>Seats</h2>
{seats_html(result)}
<h2>Board</h2>
{figures_html(result)}
{picture}
<h2>Regions</h2>
<table><thead><tr><th>region</th><th>conquests per game</th><th>races entered here</th>
<th>entry region</th></tr></thead><tbody>{regions}</tbody></table>
<p class="note">Made by <code>realms playtest</code> (Realms Studio); docs/playtest.md says
how the bots play and what they do not model.</p>
</body></html>
"""


def site_section(result: PlaytestResult, heatmap_svg: str) -> str:
    """A scenario page's playtest part on the site: the headline, the seat table, the
    board's figures and the heat map."""
    return (f'<p>{escape(headline(result))}. Each figure is followed by its 95 % interval in '
            f"brackets.</p>{seats_html(result)}{figures_html(result)}"
            f'<figure class="heatmap">{inline_svg(heatmap_svg)}<figcaption>Conquests per game '
            "on the board.</figcaption></figure>")
