"""An interactive SVG of one player count's board, written as text without Qt.

The printable SVG export (QSvgGenerator) flattens everything into anonymous paths; the
site needs one element per region carrying its id, so hovering in the browser can name
it. Shapes and anchors come from the same page layout as the printable boards, colours
and glyphs from the shared drawing style.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

import networkx as nx

from editor.export.board_layout import (
    BADGE_RADIUS,
    CAPTION_CHAR_WIDTH,
    LABEL_SIZES,
    MARGIN,
    BoardShape,
    PageLayout,
    Point,
)
from editor.render.labels import CHIP, MARKER, NAME
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


def _pattern_id(terrain: str, side: str) -> str:
    return f"h-{side}-{terrain}"


def _patterns(page: PageLayout, style: Style) -> list[str]:
    """One <pattern> per (terrain, side) drawn on the page, hatch over fill."""
    seen: dict[str, str] = {}
    for board in page.boards:
        side = "underground" if board.kind == "underground" else "surface"
        for shape in board.regions:
            terrain = shape.region.drawn_terrain
            spec = style.terrain(terrain, side)
            key = _pattern_id(terrain, side)
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


def _badge(x: float, y: float, r: float, badge: BadgeStyle, text: str, title: str) -> str:
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
    for label in board.labels.labels:
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
           caption: bool = True) -> list[str]:
    """One board. On a page (``details``: each region's accessible name) every region is
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
        out.append(f'<path class="region{chasm}" data-region="{escape(rid)}"{focus} '
                   f'fill="url(#{_pattern_id(terrain, side)})" d="{_ring_path(shape.rings)}"/>')
    if board.tile_outlines:
        out.append(f'<path class="tile" d="{_ring_path(board.tile_outlines)}"/>')
    for a, b in board.river_markers:
        out.append(f'<line class="river-marker" x1="{_num(a[0])}" y1="{_num(a[1])}" '
                   f'x2="{_num(b[0])}" y2="{_num(b[1])}"/>')
    out.append('<g class="labels" aria-hidden="true">')
    out += _annotations(board, style)
    out.append("</g>")
    return out


def _graph(graph: nx.Graph, anchors: dict[str, Point]) -> list[str]:
    """The graph of play ``realms balance`` measures (``play_graph``): one line per
    adjacency between region anchors, hidden by default. Seas and lakes are not in it."""
    out = ['<g class="graph" aria-hidden="true">']
    for a, b in sorted(tuple(sorted(e)) for e in graph.edges):
        if a in anchors and b in anchors:
            (x1, y1), (x2, y2) = anchors[a], anchors[b]
            out.append(f'<line x1="{_num(x1)}" y1="{_num(y1)}" x2="{_num(x2)}" y2="{_num(y2)}"/>')
    for node in sorted(graph.nodes):
        if node in anchors:
            x, y = anchors[node]
            out.append(f'<circle data-node="{escape(str(node))}" cx="{_num(x)}" cy="{_num(y)}" '
                       'r="7"/>')
    out.append("</g>")
    return out


def unused_boards(page: PageLayout) -> list[str]:
    """Captions of the boards with no tile at this count, when others have tiles: the page
    names them instead of drawing empty boxes (Sky Islands at 2-3 players)."""
    if all(b.empty for b in page.boards):
        return []
    return [b.caption or b.id for b in page.boards if b.empty]


def _shifts(page: PageLayout) -> list[tuple[BoardShape, float]]:
    """The boards drawn, each with the leftward shift that closes the gaps of the unused
    boards before it (the layout puts the boards in one row)."""
    if not unused_boards(page):
        return [(b, 0.0) for b in page.boards]
    kept, shift = [], 0.0
    for i, board in enumerate(page.boards):
        if board.empty:
            following = page.boards[i + 1].origin[0] if i + 1 < len(page.boards) else None
            shift += (following - board.origin[0]) if following is not None else 0.0
            continue
        kept.append((board, -shift))
    return kept


def _shifted(point: Point, dx: float) -> Point:
    return (point[0] + dx, point[1])


def board_svg(page: PageLayout, style: Style, graph: nx.Graph, *, name: str,
              details: dict[str, str]) -> str:
    """The boards of the page (title and legend left to the HTML) as one ``<svg>``: a named
    group of focusable regions (``details``: each region's accessible name). Unused boards
    are left out (``unused_boards`` names them) and the others close up."""
    top = min((b.origin[1] for b in page.boards), default=0.0) - 60
    height = max((b.origin[1] + b.size[1] for b in page.boards), default=300.0) + 40 - top
    drawn = _shifts(page)
    left, width = 0.0, page.width
    if len(drawn) < len(page.boards):
        left = min(b.origin[0] + dx for b, dx in drawn) - MARGIN
        width = max(b.origin[0] + dx + max(b.size[0], len(b.caption) * CAPTION_CHAR_WIDTH)
                    for b, dx in drawn) + MARGIN - left
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="board" '
           f'viewBox="{_num(left)} {_num(top)} {_num(width)} {_num(height)}" role="group" '
           f'aria-label="{escape(name)}">',
           "<defs>", *_patterns(page, style), "</defs>"]
    moved: dict[Point, float] = {}
    anchors: dict[str, Point] = {}
    for board, dx in drawn:
        out.append(f'<g transform="translate({_num(dx)} 0)">' if dx else "<g>")
        out += _board(board, style, details)
        out.append("</g>")
        for shape in board.regions:
            moved[shape.anchor] = dx
            anchors[shape.region.id] = _shifted(shape.anchor, dx)
    for a, b, kind in page.links:
        if a not in moved or b not in moved:
            continue
        (x1, y1), (x2, y2) = _shifted(a, moved[a]), _shifted(b, moved[b])
        out.append(f'<line class="link link-{escape(kind)}" x1="{_num(x1)}" y1="{_num(y1)}"'
                   f' x2="{_num(x2)}" y2="{_num(y2)}"/>')
    out += _graph(graph, anchors)
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
    boards, links = page.boards, page.links
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
    for a, b, kind in links:
        out.append(f'<line class="link link-{escape(kind)}" x1="{_num(a[0])}" y1="{_num(a[1])}"'
                   f' x2="{_num(b[0])}" y2="{_num(b[1])}"/>')
    out.append("</svg>")
    return "".join(out)
