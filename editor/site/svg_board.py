"""An interactive SVG of one player count's board, written as text without Qt.

The printable SVG export (QSvgGenerator) flattens everything into anonymous paths; the
site needs one element per region carrying its id, so hovering in the browser can name
it. Shapes and anchors come from the same page layout as the printable boards, colours
and glyphs from the shared drawing style.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from html import escape

import networkx as nx

from editor.export.board_layout import (
    BADGE_RADIUS,
    CAPTION_CHAR_WIDTH,
    LABEL_SIZES,
    LINK_STUB,
    BoardShape,
    LinkMark,
    PageLayout,
    Point,
)
from editor.render import pieces
from editor.render.label_types import CHIP, MARKER, NAME
from editor.render.labels import pieces_first
from editor.render.style import BadgeStyle, Style, marker_glyph

NAME_FONT = LABEL_SIZES.name_font
# One stroke pattern per hatch name of style.json, on a 12-unit tile.
_HATCH_LINES = {
    "horizontal": ("M0 6H12",),
    "vertical": ("M6 0V12",),
    "cross": ("M0 6H12", "M6 0V12"),
    "fdiagonal": ("M0 12L12 0", "M-3 3L3 -3", "M9 15L15 9"),
    "bdiagonal": ("M0 0L12 12", "M-3 9L3 15", "M9 -3L15 3"),
    "diagcross": ("M0 12L12 0", "M0 0L12 12"),
}


def _num(value: float) -> str:
    """Fixed precision keeps the output byte-stable across platforms."""
    text = f"{value:.1f}"
    return "0.0" if text == "-0.0" else text


def _ring_path(rings: Iterable[tuple[Point, ...]]) -> str:
    parts = []
    for ring in rings:
        if len(ring) < 3:
            continue
        head, *rest = ring
        parts.append(f"M{_num(head[0])} {_num(head[1])}"
                     + "".join(f"L{_num(x)} {_num(y)}" for x, y in rest) + "Z")
    return "".join(parts)


def _pattern_id(terrain: str, side: str, prefix: str = "") -> str:
    """A pattern's id. A page holds one board per player count, the hidden ones in
    ``display: none``, where Chromium does not paint a pattern from: each board's patterns
    need ids of their own (``prefix``), or the regions of all but the first count were
    drawn white."""
    return f"{prefix}h-{side}-{terrain}"


def _patterns(page: PageLayout, style: Style, prefix: str = "") -> list[str]:
    """One <pattern> per (terrain, side) drawn on the page, hatch over fill."""
    seen: dict[str, str] = {}
    for board in page.boards:
        side = "underground" if board.kind == "underground" else "surface"
        for shape in board.regions:
            terrain = shape.region.drawn_terrain
            spec = style.terrain(terrain, side)
            key = _pattern_id(terrain, side, prefix)
            if key in seen:
                continue
            strokes = "".join(
                f'<path d="{d}" stroke="{spec.hatch_colour}" stroke-width="1.6"/>'
                for d in _HATCH_LINES.get(spec.hatch, ()))
            if spec.hatch == "dots":
                strokes = f'<circle cx="6" cy="6" r="1.6" fill="{spec.hatch_colour}"/>'
            seen[key] = (f'<pattern id="{key}" width="12" height="12" '
                         f'patternUnits="userSpaceOnUse"><rect width="12" height="12" '
                         f'fill="{spec.fill}"/>{strokes}</pattern>')
    return [seen[k] for k in sorted(seen)]


def _points(outline: pieces.Outline, r: float, x: float, y: float) -> str:
    return " ".join(f"{_num(px)},{_num(py)}" for px, py in pieces.scaled(outline, r, x, y))


def _mountain(x: float, y: float, r: float, badge: BadgeStyle, title: str) -> str:
    """The mountain piece of editor.render.pieces, as the canvas and print draw it."""
    sx, sy, sw, sh = pieces.MOUNTAIN_SHADOW
    snow = "".join(f'<polygon points="{_points(cap, r, x, y)}" fill="#f7f4ef"/>'
                   for cap in pieces.MOUNTAIN_SNOW)
    body = _points(pieces.MOUNTAIN_BODY, r, x, y)
    return (f'<g class="badge piece"><title>{escape(title)}</title>'
            f'<ellipse cx="{_num(x + sx * r)}" cy="{_num(y + sy * r)}" rx="{_num(sw * r)}" '
            f'ry="{_num(sh * r)}" fill="#0000004a"/>'
            f'<polygon points="{body}" fill="{badge.fill}"/>'
            f'<polygon points="{_points(pieces.MOUNTAIN_LIT, r, x, y)}" fill="#ffffff40"/>'
            f'<polygon points="{_points(pieces.MOUNTAIN_SHADED, r, x, y)}" fill="#00000052"/>'
            f'{snow}<polygon points="{body}" fill="none" stroke="#2b2420" '
            f'stroke-width="{_num(max(1.0, r * 0.09))}" stroke-linejoin="round"/></g>')


def _badge(x: float, y: float, r: float, badge: BadgeStyle, text: str, title: str) -> str:
    if badge.is_piece:
        return _mountain(x, y, r * badge.size, badge, title)
    if badge.shape == "square":
        body = (f'<rect x="{_num(x - r)}" y="{_num(y - r)}" width="{_num(2 * r)}" '
                f'height="{_num(2 * r)}" rx="3" fill="{badge.fill}"/>')
    elif badge.shape == "diamond":
        body = (f'<path d="M{_num(x)} {_num(y - r)}L{_num(x + r)} {_num(y)}L{_num(x)} '
                f'{_num(y + r)}L{_num(x - r)} {_num(y)}Z" fill="{badge.fill}"/>')
    elif badge.shape == "triangle":
        body = (f'<path d="M{_num(x)} {_num(y - r)}L{_num(x + r)} {_num(y + r * 0.8)}'
                f'L{_num(x - r)} {_num(y + r * 0.8)}Z" fill="{badge.fill}"/>')
    else:
        body = f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(r)}" fill="{badge.fill}"/>'
    glyph = (f'<text x="{_num(x)}" y="{_num(y + r * 0.35)}" style="font-size:{_num(r)}px" '
             f'fill="{badge.text}">{escape(text)}</text>')
    return f'<g class="badge"><title>{escape(title)}</title>{body}{glyph}</g>'


def _annotations(board: BoardShape, style: Style) -> list[str]:
    """Region names, symbol chips and markers where the shared label placement put them
    (the same plan the printable boards paint): inside their region, clear of each other,
    the surplus of a crowded region as one "+N" badge."""
    markers = {shape.region.id: shape.region.markers for shape in board.regions}
    out = []
    for label in pieces_first(board.labels.labels, markers, style):
        x, y = label.centre
        radius = BADGE_RADIUS * label.scale
        if label.kind == NAME:
            x0, y0, x1, y1 = label.box
            out.append(f'<rect class="pill" x="{_num(x0)}" y="{_num(y0)}" '
                       f'width="{_num(x1 - x0)}" height="{_num(y1 - y0)}" '
                       f'rx="{_num(6 * label.scale)}"/><text class="rid" x="{_num(x)}" '
                       f'y="{_num(y + 5 * label.scale)}" '
                       f'style="font-size:{_num(NAME_FONT * label.scale)}px">'
                       f"{escape(label.key)}</text>")
        elif label.kind == CHIP:
            badge = style.symbol(label.key)
            out.append(_badge(x, y, radius, badge, badge.glyph, badge.label))
        elif label.kind == MARKER:
            marker = markers[label.region][int(label.key)]
            badge = style.marker(marker.kind)
            out.append(_badge(x, y, radius, badge, marker_glyph(marker.kind, marker.attrs, style),
                              badge.label))
        else:
            hidden = [markers[label.region][int(k)] for k in label.hidden]
            names = ", ".join(style.marker(m.kind).label for m in hidden)
            out.append(_badge(x, y, radius, style.marker("more"), label.key,
                              f"{len(hidden)} more markers here: {names}"))
    return out


def _board(board: BoardShape, style: Style, details: dict[str, str] | None,
           caption: bool = True, prefix: str = "") -> list[str]:
    """One board's shapes (its labels come later, over the links, as on the printable
    board). On a page (``details``: each region's accessible name) every region is
    focusable and named, so a keyboard reaches every region a mouse can point at; a
    thumbnail (``None``) is a plain picture."""
    side = "underground" if board.kind == "underground" else "surface"
    out = []
    if board.caption and caption:
        out.append(f'<text class="caption" x="{_num(board.origin[0])}" '
                   f'y="{_num(board.origin[1] - 16)}">{escape(board.caption)}</text>')
    if board.empty:
        x, y = board.origin
        w, h = board.size
        out.append(f'<rect class="empty" x="{_num(x)}" y="{_num(y)}" width="{_num(w)}" '
                   f'height="{_num(h)}" rx="16"/><text class="empty-note" x="{_num(x + w / 2)}"'
                   f' y="{_num(y + h / 2)}">no tiles at this player count</text>')
    for ring in board.hole_hexes:
        out.append(f'<path class="hole" d="{_ring_path([ring])}"/>')
    for a, b in board.graph_edges:
        out.append(f'<line class="gedge" x1="{_num(a[0])}" y1="{_num(a[1])}" '
                   f'x2="{_num(b[0])}" y2="{_num(b[1])}"/>')
    for shape in board.regions:
        terrain = shape.region.drawn_terrain
        chasm = " chasm" if shape.region.chasm else ""
        rid = shape.region.id
        focus = ("" if details is None else
                 f' tabindex="0" role="button" aria-label="{escape(details.get(rid, rid))}"')
        fill = _pattern_id(terrain, side, prefix)
        out.append(f'<path class="region{chasm}" data-region="{escape(rid)}"{focus} '
                   f'fill="url(#{fill})" d="{_ring_path(shape.rings)}"/>')
    if board.tile_outlines:
        out.append(f'<path class="tile" d="{_ring_path(board.tile_outlines)}"/>')
    for a, b in board.river_markers:
        out.append(f'<line class="river-marker" x1="{_num(a[0])}" y1="{_num(a[1])}" '
                   f'x2="{_num(b[0])}" y2="{_num(b[1])}"/>')
    return out


def _labels(board: BoardShape, style: Style) -> list[str]:
    return ['<g class="labels" aria-hidden="true">', *_annotations(board, style), "</g>"]


def _link_lines(marks: Iterable[LinkMark]) -> list[str]:
    """The printable board's link strokes, from the layout's own marks: a dashed line
    between two regions of one board, a short arrow from each end of a link between
    boards (never a line across the page)."""
    out = []
    for mark in marks:
        (x1, y1), (x2, y2) = mark.start, mark.end
        kind = escape(mark.kind)
        across = " across" if mark.across else ""
        out.append(f'<line class="link link-{kind}{across}" x1="{_num(x1)}" y1="{_num(y1)}" '
                   f'x2="{_num(x2)}" y2="{_num(y2)}"/>')
        if mark.across:
            out.append(f'<path class="link-arrow" d="{_ring_path([mark.arrow])}"/>')
    return out


def _link_notes(marks: Iterable[LinkMark]) -> list[str]:
    """Each link's label, or where a link to another board leads, on a pill where the
    layout put it (the label placement kept names and tokens clear of it). Read aloud:
    the notes say what no region's name says."""
    out = []
    for mark in marks:
        if not mark.text:
            continue
        x0, y0, x1, y1 = mark.box
        out.append(f'<g class="link-note"><rect x="{_num(x0)}" y="{_num(y0)}" '
                   f'width="{_num(x1 - x0)}" height="{_num(y1 - y0)}" rx="6"/>'
                   f'<text x="{_num((x0 + x1) / 2)}" '
                   f'y="{_num(y0 + mark.pad + mark.line_height / 2 + 0.35 * mark.font)}" '
                   f'style="font-size:{_num(mark.font)}px">')
        for index, line in enumerate(mark.lines):
            dy = "" if index == 0 else f' dy="{_num(mark.line_height)}"'
            out.append(f'<tspan x="{_num((x0 + x1) / 2)}"{dy}>{escape(line)}</tspan>')
        out.append("</text></g>")
    return out


def _graph(graph: nx.Graph, anchors: dict[str, Point], boards: dict[str, str]) -> list[str]:
    """The graph of play ``realms balance`` measures (``play_graph``): one line per
    adjacency between region anchors, hidden by default. Seas and lakes are not in it. An
    edge between two boards (a link) is two short stubs, one from each end towards the
    other, as the link is drawn: a line across the page would run over the boards between."""
    out = ['<g class="graph" aria-hidden="true">']
    for a, b in sorted(tuple(sorted(e)) for e in graph.edges):
        if a not in anchors or b not in anchors:
            continue
        (x1, y1), (x2, y2) = anchors[a], anchors[b]
        if boards[a] == boards[b]:
            out.append(f'<line x1="{_num(x1)}" y1="{_num(y1)}" x2="{_num(x2)}" y2="{_num(y2)}"/>')
            continue
        length = math.hypot(x2 - x1, y2 - y1) or 1.0
        ux, uy = (x2 - x1) / length * LINK_STUB, (y2 - y1) / length * LINK_STUB
        for (x, y), sign in (((x1, y1), 1.0), ((x2, y2), -1.0)):
            out.append(f'<line class="across" x1="{_num(x)}" y1="{_num(y)}" '
                       f'x2="{_num(x + sign * ux)}" y2="{_num(y + sign * uy)}"/>')
    for node in sorted(graph.nodes):
        if node in anchors:
            x, y = anchors[node]
            out.append(f'<circle data-node="{escape(str(node))}" cx="{_num(x)}" cy="{_num(y)}" '
                       'r="7"/>')
    out.append("</g>")
    return out


def _bounds(page: PageLayout) -> tuple[float, float, float, float]:
    """The boards, their captions and the links' notes (a note may stand past a board's
    edge), with a margin: left, top, width, height of the site's picture. Not the page's
    width: a narrow board is centred on a page at least MIN_WIDTH wide, and on a phone,
    where the board scrolls in its frame, it began with a blank stretch and ran off the
    right edge."""
    pad = 40.0
    boxes = [(b.origin[0], b.origin[1] - (60 if b.caption else 20),
              b.origin[0] + max(b.size[0], len(b.caption) * CAPTION_CHAR_WIDTH),
              b.origin[1] + b.size[1]) for b in page.boards]
    boxes += [m.box for m in page.link_marks if m.text]
    if not boxes:
        return 0.0, 0.0, page.width, 300.0
    left = min(x0 for x0, _y0, _x1, _y1 in boxes) - pad
    top = min(y0 for _x0, y0, _x1, _y1 in boxes) - pad
    right = max(x1 for _x0, _y0, x1, _y1 in boxes) + pad
    bottom = max(y1 for _x0, _y0, _x1, y1 in boxes) + pad
    return left, top, right - left, bottom - top


def board_svg(page: PageLayout, style: Style, graph: nx.Graph, *, name: str,
              details: dict[str, str], ids: str = "") -> str:
    """The boards of the printable page (title and legend left to the HTML) as one
    ``<svg>``: a named group of focusable regions (``details``: each region's accessible
    name), the links as the printable board draws them. The boards are those the page
    draws (``page.left_out`` names the others), where the page draws them. ``ids``
    prefixes the picture's ids, unique on its page."""
    box = _bounds(page)
    # --units: the picture's width in page units, so a phone's style sheet can keep a hex
    # big enough to tap and read (the board then scrolls sideways in its frame)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="board" '
           f'viewBox="{" ".join(_num(v) for v in box)}" style="--units:{box[2]:.0f}" '
           f'role="group" aria-label="{escape(name)}">',
           "<defs>", *_patterns(page, style, ids), "</defs>"]
    anchors: dict[str, Point] = {}
    on_board: dict[str, str] = {}
    for board in page.boards:
        out.append(f'<g class="board-shapes" data-board="{escape(board.id)}">')
        out += _board(board, style, details, prefix=ids)
        out.append("</g>")
        anchors.update((shape.region.id, shape.anchor) for shape in board.regions)
        on_board.update((shape.region.id, board.id) for shape in board.regions)
    out.append('<g class="links" aria-hidden="true">')
    out += _link_lines(page.link_marks)
    out.append("</g>")
    for board in page.boards:
        out += _labels(board, style)
    out += _link_notes(page.link_marks)
    out += _graph(graph, anchors, on_board)
    out.append("</svg>")
    return "".join(out)


def _main_board(page: PageLayout) -> BoardShape | None:
    """The board with the most regions (the first of equals): a card's thumbnail."""
    boards = [b for b in page.boards if b.regions]
    return max(boards, key=lambda b: len(b.regions)) if boards else None


def thumbnail_svg(page: PageLayout, style: Style, css: str, max_aspect: float) -> str:
    """A card-sized picture: the whole page when it is no wider than ``max_aspect`` times its
    height, else the main board alone (a row of four boards at card size is a strip)."""
    top = min((b.origin[1] for b in page.boards), default=0.0) - 60
    height = max((b.origin[1] + b.size[1] for b in page.boards), default=300.0) + 40 - top
    boards = page.boards
    links = [m for m in page.link_marks if not m.across]  # a note is unreadable at card size
    box = (0.0, top, page.width, height)
    main = _main_board(page)
    if page.width > max_aspect * height and main is not None:
        pad = 20.0
        boards, links = [main], []
        box = (main.origin[0] - pad, main.origin[1] - pad, main.size[0] + 2 * pad,
               main.size[1] + 2 * pad)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="board thumb" '
           f'viewBox="{" ".join(_num(v) for v in box)}">',
           f"<defs><style>{css}</style>", *_patterns(page, style), "</defs>"]
    for board in boards:
        out += _board(board, style, None, caption=len(boards) > 1)
    out += _link_lines(links)
    out.append("</svg>")
    return "".join(out)
