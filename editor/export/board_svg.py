"""The printable board as SVG text, written in one join (no QSvgGenerator).

QSvgGenerator wrote one ``<g>`` with every attribute for each drawing call and had no
pattern fill, so each region's hatch lines were cut with shapely and written one by one:
most of a big board's export time and 19 MB for 2,000 tiles. Here each terrain's hatch is
one ``<pattern>`` in ``<defs>`` (the page-wide grid of lines the PNG and PDF draw, so
neighbouring regions' hatches line up), a region is one path, and the page is the same
layout the PNG and PDF paint (:mod:`editor.export.board_render`).
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from editor.export.board_layout import (
    BADGE_RADIUS,
    LABEL_SIZES,
    BoardShape,
    LinkMark,
    PageLayout,
    Point,
)
from editor.render.hatching import HATCH_SPACING, hatch_strokes
from editor.render.label_types import CHIP, MARKER, NAME
from editor.render.paint import PRINT
from editor.render.style import BadgeStyle, Style, marker_glyph
from editor.topology.realm import Realm

FONT = "DejaVu Sans, Verdana, sans-serif"
NAME_FONT = LABEL_SIZES.name_font
BASELINE = 0.35  # of the font size: a line centred on y has its baseline there (DejaVu)


def _n(value: float) -> str:
    text = f"{value:.1f}"
    return "0" if text in ("0.0", "-0.0") else text.removesuffix(".0")


def _d(rings: Iterable[tuple[Point, ...]]) -> str:
    parts = []
    for ring in rings:
        if len(ring) < 3:
            continue
        if ring[0] == ring[-1]:
            ring = ring[:-1]
        parts.append("M" + "L".join(f"{_n(x)} {_n(y)}" for x, y in ring) + "Z")
    return "".join(parts)


def _text(x: float, y: float, size: float, text: str, fill: str, *, bold: bool = False,
          anchor: str = "start", extra: str = "") -> str:
    weight = ' font-weight="bold"' if bold else ""
    middle = ' text-anchor="middle"' if anchor == "middle" else ""
    return (f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}"{weight}{middle} '
            f'fill="{fill}"{extra}>{escape(text, quote=False)}</text>')


def _line(a: Point, b: Point, stroke: str, width: float, extra: str = "") -> str:
    return (f'<line x1="{_n(a[0])}" y1="{_n(a[1])}" x2="{_n(b[0])}" y2="{_n(b[1])}" '
            f'stroke="{stroke}" stroke-width="{_n(width)}"{extra}/>')


def _dash(width: float) -> str:
    """Qt's DashLine: dashes of 4 pen widths, gaps of 2."""
    return f' stroke-dasharray="{_n(4 * width)} {_n(2 * width)}"'


# -- hatching as patterns ----------------------------------------------------------------
def pattern_id(fill: str, hatch: str, colour: str) -> str:
    return f"t{fill[1:]}-{hatch}-{colour[1:]}"


def _pattern(fill: str, hatch: str, colour: str) -> str:
    """One tile of a terrain: its fill and the hatch lines (or dots) through it, on the
    page-wide grid :func:`editor.render.hatching.hatch_strokes` describes."""
    spec = hatch_strokes(hatch)
    s = HATCH_SPACING
    body = [f'<rect width="{_n(spec.width)}" height="{_n(spec.height)}" fill="{fill}"/>']
    for x, y, w, h in spec.bars:
        body.append(f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" fill="{colour}"/>')
    for cx, cy in spec.dots:
        body.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="{spec.dot_radius:g}" fill="{colour}"/>')
    turn = f' patternTransform="rotate({spec.angle:g})"' if spec.angle else ""
    return (f'<pattern id="{pattern_id(fill, hatch, colour)}" patternUnits="userSpaceOnUse" '
            f'x="{-s / 2:g}" y="{-s / 2:g}" width="{spec.width:g}" height="{spec.height:g}"'
            f'{turn}>{"".join(body)}</pattern>')


def _fill_of(fill: str, hatch: str, colour: str, patterns: dict[str, str]) -> str:
    """The fill of a terrain: its colour, or the pattern of its colour and hatch."""
    tile = hatch_strokes(hatch)
    if not (tile.bars or tile.dots):
        return fill
    key = pattern_id(fill, hatch, colour)
    if key not in patterns:
        patterns[key] = _pattern(fill, hatch, colour)
    return f"url(#{key})"


# -- badges and labels ------------------------------------------------------------------
def badge(centre: Point, radius: float, spec: BadgeStyle, text: str | None = None) -> str:
    """A token as the print look draws it (dark edge, pointed shapes pushed out)."""
    x, y = centre
    r = radius
    out = PRINT.spread
    paint = f'fill="{spec.fill}" stroke="{PRINT.edge}" stroke-width="{_n(PRINT.edge_width or 1.4)}"'
    if spec.shape == "square":
        body = (f'<rect x="{_n(x - r)}" y="{_n(y - r)}" width="{_n(2 * r)}" '
                f'height="{_n(2 * r)}" rx="{_n(r * 0.25)}" {paint}/>')
    elif spec.shape == "diamond":
        body = (f'<path d="M{_n(x)} {_n(y - r - out)}L{_n(x + r + out)} {_n(y)}L{_n(x)} '
                f'{_n(y + r + out)}L{_n(x - r - out)} {_n(y)}Z" {paint}/>')
    elif spec.shape == "triangle":
        base = y + r
        body = (f'<path d="M{_n(x)} {_n(y - r - out)}L{_n(x + r + out)} {_n(base)}'
                f'L{_n(x - r - out)} {_n(base)}Z" {paint}/>')
    else:
        body = f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" {paint}/>'
    glyph = spec.glyph if text is None else text
    if glyph:
        size = r * PRINT.glyph_scale[min(len(glyph), 3) - 1]
        body += _text(x, y + BASELINE * size, size, glyph, spec.text, bold=True,
                      anchor="middle")
    return body


def _annotations(board: BoardShape, style: Style) -> list[str]:
    markers = {shape.region.id: shape.region.markers for shape in board.regions}
    out = []
    label_colour = style.canvas["label"]
    for label in board.labels.labels:
        radius = BADGE_RADIUS * label.scale
        if label.kind == NAME:
            x0, y0, x1, y1 = label.box
            size = NAME_FONT * label.scale
            out.append(f'<rect x="{_n(x0)}" y="{_n(y0)}" width="{_n(x1 - x0)}" '
                       f'height="{_n(y1 - y0)}" rx="{_n(6 * label.scale)}" fill="#ffffff" '
                       f'fill-opacity="0.843"/>')
            out.append(_text((x0 + x1) / 2, (y0 + y1) / 2 + BASELINE * size, size, label.key,
                             label_colour, bold=True, anchor="middle"))
        elif label.kind == CHIP:
            out.append(badge(label.centre, radius, style.symbol(label.key)))
        elif label.kind == MARKER:
            marker = markers[label.region][int(label.key)]
            out.append(badge(label.centre, radius, style.marker(marker.kind),
                             marker_glyph(marker.kind, marker.attrs, style)))
        else:
            out.append(badge(label.centre, radius, style.marker("more"), label.key))
    return out


def _board(board: BoardShape, style: Style, patterns: dict[str, str]) -> list[str]:
    side = "underground" if board.kind == "underground" else "surface"
    canvas = style.canvas
    out = []
    if board.caption:
        out.append(_text(board.origin[0], board.origin[1] - 16, 26, board.caption,
                         canvas["label"], bold=True))
    if board.empty:
        (x, y), (w, h) = board.origin, board.size
        out.append(f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" rx="16" '
                   f'fill="{canvas["background"]}" stroke="{canvas["ghost"]}" '
                   f'stroke-width="3"{_dash(3)}/>')
        out.append(_text(x + w / 2, y + h / 2 + BASELINE * 24, 24, "no tiles on this board yet",
                         canvas["ghost"], anchor="middle"))
    if board.hole_hexes:
        out.append(f'<path d="{_d(board.hole_hexes)}" fill="{canvas["background"]}" '
                   f'stroke="{canvas["hole"]}" stroke-width="2"{_dash(2)}/>')
    if board.graph_edges:
        out.append(f'<g stroke="{canvas["graph_edge"]}" stroke-width="3">')
        out += [_line(a, b, canvas["graph_edge"], 3) for a, b in board.graph_edges]
        out.append("</g>")
    border = canvas["region_border"]
    out.append(f'<g stroke="{border}" stroke-linejoin="round" fill-rule="evenodd">')
    for shape in board.regions:
        region = shape.region
        spec = style.terrain(region.drawn_terrain, side)
        fill = _fill_of(spec.fill, spec.hatch, spec.hatch_colour, patterns)
        d = _d(shape.rings)
        stroke = "3" if shape.node else "2.4"
        if region.chasm:
            out.append(f'<path d="{d}" fill="{fill}" stroke="none"/>')
            out.append(f'<path d="{d}" fill="#141414" fill-opacity="0.588" '
                       f'stroke-width="{stroke}"/>')
        else:
            out.append(f'<path d="{d}" fill="{fill}" stroke-width="{stroke}"/>')
    out.append("</g>")
    if board.tile_outlines:
        out.append(f'<path d="{_d(board.tile_outlines)}" fill="none" '
                   f'stroke="{canvas["tile_outline"]}" stroke-width="5" stroke-linejoin="round"/>')
    plank = style.marker("river_marker")
    for a, b in board.river_markers:
        for width, ink in ((18.0, plank.fill), (6.0, plank.text)):
            out.append(_line(a, b, ink, width, ' stroke-linecap="round"'))
    return out


def link_lines(marks: Iterable[LinkMark], style: Style) -> list[str]:
    """Links between two regions of one board (a dashed line) and the ends of links
    between boards (a short arrow from the region): under the region names."""
    colour = style.canvas["graph_link"]
    out = []
    for mark in marks:
        if mark.across:
            out.append(_line(mark.start, mark.end, colour, 4, ' stroke-linecap="round"'))
            out.append(f'<path d="{_d([mark.arrow])}" fill="{colour}"/>')
        else:
            out.append(_line(mark.start, mark.end, colour, 4, _dash(4)))
    return out


def link_notes(marks: Iterable[LinkMark], style: Style) -> list[str]:
    """Each link's label, or where a link to another board leads, on a pill (the label
    placement kept names and tokens clear of it)."""
    colour = style.canvas["graph_link"]
    out = []
    for mark in marks:
        if mark.text:
            x0, y0, x1, y1 = mark.box
            out.append(f'<rect x="{_n(x0)}" y="{_n(y0)}" width="{_n(x1 - x0)}" '
                       f'height="{_n(y1 - y0)}" rx="6" fill="#ffffff" fill-opacity="0.9" '
                       f'stroke="{colour}" stroke-width="1.5"/>')
            for index, line in enumerate(mark.lines):
                y = y0 + mark.pad + (index + 0.5) * mark.line_height + BASELINE * mark.font
                out.append(_text((x0 + x1) / 2, y, mark.font, line, style.canvas["label"],
                                 anchor="middle"))
    return out


def _legend(page: PageLayout, realm: Realm, style: Style, patterns: dict[str, str]
            ) -> list[str]:
    from editor.export.board_legend import SWATCH, legend_items, legend_positions

    left = page.width / 2 - page.legend_width / 2
    label = style.canvas["label"]
    out = [_line((left, page.legend_top - 20), (left + page.legend_width, page.legend_top - 20),
                 "#b9ad9c", 1.5),
           _text(left, page.legend_top + 14, 24, "Legend", label, bold=True)]
    for item, x, y in legend_positions(page, legend_items(page, realm, style)):
        top, (w, h) = y - SWATCH[1] / 2, SWATCH
        mid = (x + w / 2, y)
        if item.kind == "terrain":
            spec = style.terrain(item.key, item.side)
            fill = _fill_of(spec.fill, spec.hatch, spec.hatch_colour, patterns)
            out.append(f'<rect x="{_n(x)}" y="{_n(top)}" width="{_n(w)}" height="{_n(h)}" '
                       f'fill="{fill}" stroke="{style.canvas["region_border"]}" '
                       f'stroke-width="2"/>')
        elif item.kind == "symbol":
            out.append(badge(mid, BADGE_RADIUS, style.symbol(item.key)))
        elif item.kind == "marker":
            out.append(badge(mid, BADGE_RADIUS, style.marker(item.key),
                             marker_glyph(item.key, {}, style)))
        elif item.kind == "river_marker":
            plank = style.marker("river_marker")
            for width, ink in ((18.0, plank.fill), (6.0, plank.text)):
                out.append(_line((x + 4, y), (x + w - 4, y), ink, width,
                                 ' stroke-linecap="round"'))
        elif item.kind == "link":
            out.append(_line((x, y), (x + w, y), style.canvas["graph_link"], 4, _dash(4)))
        else:
            out.append(_line((x, y), (x + w, y), style.canvas["tile_outline"], 5))
        out.append(_text(x + w + 12.0, y + 7, 20, item.label, label))
    return out


def board_svg_text(page: PageLayout, realm: Realm, style: Style, scale: float) -> str:
    """The whole page: title, boards, links, crop spaces and legend; ``scale`` sets the
    SVG's nominal size (the drawing is in page units through the viewBox)."""
    patterns: dict[str, str] = {}
    body = [f'<rect width="{_n(page.width)}" height="{_n(page.height)}" fill="#ffffff"/>']
    for index, line in enumerate(page.title_lines):
        body.append(_text(70, page.title_baseline + index * page.title_line_height,
                          page.title_size, line, style.canvas["label"], bold=True))
    body.append(_text(70, page.subtitle_baseline, 22, page.subtitle, "#5b5148"))
    for board in page.boards:
        body += _board(board, style, patterns)
    body += link_lines(page.link_marks, style)
    for board in page.boards:
        body += _annotations(board, style)
    body += link_notes(page.link_marks, style)
    for point in page.crop_spaces:
        body.append(badge(point, 20, style.marker("crop_space")))
    body += _legend(page, realm, style, patterns)
    head = (f'<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(page.width * scale)}" '
            f'height="{_n(page.height * scale)}" viewBox="0 0 {_n(page.width)} '
            f'{_n(page.height)}" font-family="{FONT}">'
            f"<title>{escape(page.title, quote=False)}</title>"
            f"<desc>{escape(page.subtitle, quote=False)}. Drawn by Realms Studio.</desc>"
            f'<defs>{"".join(patterns[k] for k in sorted(patterns))}</defs>')
    return head + "\n".join(body) + "\n</svg>\n"
