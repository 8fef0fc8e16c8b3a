"""Conquests per region drawn on the board: the playtest's heat map, as SVG or PNG.

The SVG is written as text over the printable board's own layout
(:func:`editor.export.board_layout.layout_page`) with the site's SVG path writer, both
Qt-free, so it has the same region shapes
as the exports; each land region is filled by its mean conquests per game on the colour
scale of ``editor/data/playtest.json``, land no game conquered in its own colour, and the
entry regions races used are outlined; a river, conquered only to be crossed, has its
figure in blue. The PNG is that SVG drawn by Qt (offscreen): only it
needs the ``gui`` extra.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from html import escape

from editor.export.board_layout import PageLayout, layout_page
from editor.play.playtest import PlaytestResult
from editor.play.settings import settings
from editor.site.svg_board import _num as _n
from editor.site.svg_board import _ring_path as _d
from editor.topology.realm import Realm

FONT = "DejaVu Sans, Verdana, sans-serif"  # the printable board's
LEGEND_HEIGHT = 190.0
BAR = (520.0, 26.0)
PNG_SCALE = 0.8  # pixels per page unit, as the printable board's PNG
PNG_MAX_SIDE = 6000


def _text(x: float, y: float, size: float, text: str, fill: str, *, bold: bool = False,
          anchor: str = "start", extra: str = "") -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}"{weight} '
            f'text-anchor="{anchor}" fill="{fill}"{extra}>{escape(text, quote=False)}</text>')


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def heat_colour(share: float) -> str:
    """The colour at ``share`` (0..1) along the heat scale, blended between its stops."""
    stops = [_rgb(c) for c in settings()["heat"]["scale"]]
    share = min(max(share, 0.0), 1.0) * (len(stops) - 1)
    low = min(int(share), len(stops) - 2)
    t = share - low
    mixed = (round(a + (b - a) * t) for a, b in zip(stops[low], stops[low + 1], strict=True))
    return "#" + "".join(f"{v:02x}" for v in mixed)


def figure(value: float) -> str:
    """Conquests per game as the heat map writes them on a region."""
    return f"{value:.1f}" if value < 10 else f"{value:.0f}"


@dataclass(frozen=True)
class RegionHeat:
    """One region as the heat map draws it: the SVG here and the editor's canvas overlay
    both paint these, so they cannot disagree."""

    id: str
    land: bool
    conquests: float  # mean conquests per game
    fill: str  # on the scale (conquered land), "never" (land no game conquered) or "water"
    entered: bool  # races entered the board through it: outlined


def heat_peak(result: PlaytestResult) -> float:
    """The top of the colour scale: the most conquests per game of a land region. A river
    is conquered to be crossed, and emptied again, many more times a game than any land
    region, and would leave the land one pale colour."""
    return max((r.conquests for r in result.regions if r.land), default=0.0) or 1.0


def region_heat(result: PlaytestResult, others: Iterable[str] = ()) -> dict[str, RegionHeat]:
    """Every region of ``result`` with its colour on the heat scale, and each of ``others``
    (the realm's regions) the games never played on, as water (an impassable region, a
    peak: no race may hold it)."""
    heat = settings()["heat"]
    peak = heat_peak(result)
    found = {r.id: RegionHeat(r.id, r.land, r.conquests,
                              (heat_colour(r.conquests / peak) if r.conquests
                               else heat["never"]) if r.land else heat["water"],
                              bool(r.entered))
             for r in result.regions}
    for rid in others:
        found.setdefault(rid, RegionHeat(rid, False, 0.0, heat["water"], False))
    return found


def _legend(page: PageLayout, peak: float, top: float) -> list[str]:
    heat = settings()["heat"]
    x, (w, h) = 70.0, BAR
    out = [_text(x, top, 24, "Conquests per game", heat["text"], bold=True)]
    steps = 40
    for i in range(steps):
        out.append(f'<rect x="{_n(x + w * i / steps)}" y="{_n(top + 16)}" '
                   f'width="{_n(w / steps + 0.5)}" height="{_n(h)}" '
                   f'fill="{heat_colour(i / (steps - 1))}"/>')
    for share in (0.0, 0.5, 1.0):
        out.append(_text(x + w * share, top + 16 + h + 26, 20, figure(peak * share),
                         heat["text"], anchor="middle"))
    sx = x + w + 60
    out.append(f'<rect x="{_n(sx)}" y="{_n(top + 16)}" width="40" height="{_n(h)}" '
               f'fill="{heat["never"]}" stroke="{heat["border"]}" stroke-width="2"/>')
    out.append(_text(sx + 52, top + 16 + h - 6, 20, "never conquered", heat["text"]))
    ex = sx + 250
    out.append(f'<rect x="{_n(ex)}" y="{_n(top + 16)}" width="40" height="{_n(h)}" '
               f'fill="#ffffff" stroke="{heat["entry"]}" stroke-width="6"/>')
    out.append(_text(ex + 52, top + 16 + h - 6, 20, "entry used (races entered)",
                     heat["text"]))
    out.append(_text(x, top + 16 + h + 62, 20, "Blue italic figures on water: a river "
                     "conquered to be crossed, times per game (not on the scale).",
                     heat["river"]))
    return out


def heatmap_svg(realm: Realm, result: PlaytestResult) -> str:
    """The heat map of ``result`` on ``realm``'s board (the realm it was played on)."""
    heat = settings()["heat"]
    page = layout_page(realm)
    figures = region_heat(result)
    peak = heat_peak(result)
    body = [f'<rect width="{_n(page.width)}" height="{_n(page.legend_top + LEGEND_HEIGHT)}" '
            'fill="#ffffff"/>']
    for index, line in enumerate(page.title_lines):
        body.append(_text(70, page.title_baseline + index * page.title_line_height,
                          page.title_size, line, heat["text"], bold=True))
    bots = ", ".join(dict.fromkeys(result.bots))
    subtitle = (f"{result.players} players \u00b7 conquests per game over {result.games} "
                f"games \u00b7 {bots} bot{'s' if len(set(result.bots)) > 1 else ''} "
                f"\u00b7 seed {result.seed}")
    body.append(_text(70, page.subtitle_baseline, 22, subtitle, "#5b5148"))
    labels = []
    for board in page.boards:
        if board.caption:
            body.append(_text(board.origin[0], board.origin[1] - 16, 26, board.caption,
                              heat["text"], bold=True))
        body.append(f'<g stroke="{heat["border"]}" stroke-width="2.4" '
                    'stroke-linejoin="round" fill-rule="evenodd">')
        outlines = []
        for shape in board.regions:
            region = figures.get(shape.region.id)
            d = _d(shape.rings)
            if region is None or not region.land:
                body.append(f'<path d="{d}" fill="{heat["water"]}"/>')
                if region is not None and region.conquests:  # a river, crossed
                    x, y = shape.anchor
                    labels.append(_text(x, y + 8, 22, figure(region.conquests),
                                        heat["river"], anchor="middle",
                                        extra=' font-style="italic"'))
                continue
            name = escape(region.id, quote=True)
            body.append(f'<path d="{d}" fill="{region.fill}"><title>{name}: '
                        f'{region.conquests:.2f} conquests per game</title></path>')
            if region.entered:
                outlines.append(f'<path d="{d}" fill="none" stroke="{heat["entry"]}" '
                                'stroke-width="7"/>')
            x, y = shape.anchor
            labels.append(_text(x, y + 8, 24, figure(region.conquests), heat["text"],
                                bold=True, anchor="middle"))
        body.append("</g>")
        body += outlines
    body += labels
    body += _legend(page, peak, page.legend_top)
    height = page.legend_top + LEGEND_HEIGHT
    title = f"Conquests per region: {page.title}"
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(page.width * 0.6)}" '
            f'height="{_n(height * 0.6)}" viewBox="0 0 {_n(page.width)} {_n(height)}" '
            f'font-family="{FONT}" role="img">'
            f"<title>{escape(title, quote=False)}</title>"
            f"<desc>{escape(subtitle, quote=False)}. Drawn by Realms Studio.</desc>\n"
            + "\n".join(body) + "\n</svg>\n")


def heatmap_png(svg: str) -> bytes:
    """The heat map SVG drawn as a PNG by Qt (raises ImportError without the gui extra)."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF
    from PySide6.QtGui import QColor, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    from editor.export.board_render import _ensure_app

    _ensure_app()
    renderer = QSvgRenderer(QByteArray(svg.encode("utf-8")))
    box = renderer.viewBoxF()
    scale = min(PNG_SCALE, PNG_MAX_SIDE / max(box.width(), box.height(), 1.0))
    image = QImage(max(1, round(box.width() * scale)), max(1, round(box.height() * scale)),
                   QImage.Format.Format_RGB32)
    image.fill(QColor("#ffffff"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    renderer.render(painter, QRectF(0, 0, image.width(), image.height()))
    painter.end()
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")  # type: ignore[call-overload]
    data = bytes(QByteArray(buffer.data()).data())
    buffer.close()
    return data
