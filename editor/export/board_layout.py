"""Where everything goes on a printable board, in page units, without Qt.

One unit is 1/100 of the hex size (centre to corner), so a hex is 173.2 units
across its flats. Boards sit side by side under the title; the legend lists
only what appears on the page. Graph-only boards (imported, no geometry) are
drawn as a node-link diagram with a fixed-seed layout so output is stable.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely.ops import polylabel

from editor.escaping import document_line
from editor.model import lattice
from editor.render.label_types import Box, LabelPlan, LabelSizes, text_width
from editor.render.labels import Candidates, RegionLabels, candidates, place_labels
from editor.render.style import default_style
from editor.topology import euclidean
from editor.topology.realm import Realm, Region

U = 100.0  # page units per hex size
MARGIN = 70.0
TITLE_BLOCK = 150.0
BOARD_CAPTION = 50.0
BOARD_GAP = 140.0
# A generous average advance of the 26 px bold caption font: the layout has no font
# metrics (it is Qt-free), and a caption must never run past the next board or the page.
CAPTION_CHAR_WIDTH = 17.0
LEGEND_GAP = 70.0
TITLE_FONT = 48.0  # bold; a long title is set smaller, down to TITLE_MIN, then wrapped
TITLE_MIN = 34.0
LINK_STUB = 70.0  # the arrow drawn from a region towards a link's other board
LINK_NOTE_CHARS = 28  # a link note wraps at about this many characters
NODE_RADIUS = 42.0
MIN_WIDTH = 1100.0
EMPTY_BOARD = (520.0, 300.0)
BADGE_RADIUS = 13.0  # a printed symbol chip or a marker, at full size
RIVER_MARKER_WIDTH = 18.0  # the plank drawn along a closed seam
WINDOW = 150.0  # label candidates at most this far (1.5 hex sizes) from a region's centre
# Region names (15 px bold on a pill), chips and markers as the printable board draws them;
# a marker's pointed shapes reach 2 units past its circle.
LABEL_SIZES = LabelSizes(name_font=15.0, name_pad=10.0, name_height=20.0,
                         chip_radius=BADGE_RADIUS + 0.7, marker_radius=BADGE_RADIUS + 2.0,
                         gap=3.0, clearance=3.5, step=5.0, window=WINDOW)
Point = tuple[float, float]
Ring = tuple[Point, ...]
BOARD_NAMES = {"surface": "Surface", "underground": "Underground", "sky_islands": "Sky islands",
               "necromancer_island": "Necromancer island"}


@dataclass
class RegionShape:
    region: Region
    geometry: shapely.Geometry  # page units; hatching is cut from it (no clip paths needed)
    anchor: Point
    node: bool = False  # drawn as a circle (graph-only board)

    @property
    def rings(self) -> list[Ring]:
        """Exterior and interior rings, for an even-odd filled path."""
        return _rings(self.geometry, 0.0, 0.0)


@dataclass
class BoardShape:
    id: str
    kind: str
    caption: str
    origin: Point  # page position of the board's top-left
    size: Point
    regions: list[RegionShape] = field(default_factory=list)
    tile_outlines: list[Ring] = field(default_factory=list)
    hole_hexes: list[Ring] = field(default_factory=list)
    river_markers: list[tuple[Point, Point]] = field(default_factory=list)
    graph_edges: list[tuple[Point, Point]] = field(default_factory=list)
    shift: Point = (0.0, 0.0)  # euclidean board coordinates -> page coordinates
    empty: bool = False  # no tile for this player count: drawn as a labelled frame
    labels: LabelPlan = field(default_factory=lambda: LabelPlan(()))  # names, chips, markers


@dataclass(frozen=True)
class LinkMark:
    """A link as printed. Both ends on one board: a dashed line between the regions, its
    label (if any) on the middle. Ends on two boards: a line across the page would run
    over other boards, so each end gets its own mark: a short arrow from the region towards
    the other board, and a note at its tip saying where it leads."""

    kind: str
    start: Point
    end: Point
    across: bool
    text: str = ""
    lines: tuple[str, ...] = ()
    box: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)  # the note's pill
    arrow: Ring = ()  # the arrow head (across only)
    font: float = 14.0
    line_height: float = 18.0
    pad: float = 5.0


@dataclass
class PageLayout:
    width: float
    height: float
    title: str
    subtitle: str
    boards: list[BoardShape]
    links: list[tuple[Point, Point, str]]  # links within one board (both ends on it)
    crop_spaces: list[Point]
    legend_top: float
    legend_width: float
    link_marks: list[LinkMark] = field(default_factory=list)  # every link as printed
    title_lines: tuple[str, ...] = ()  # the title, wrapped to the page's width
    title_size: float = TITLE_FONT
    title_baseline: float = MARGIN + 44.0
    title_line_height: float = TITLE_FONT * 1.2
    subtitle_baseline: float = MARGIN + 84.0
    left_out: tuple[str, ...] = ()  # captions of the boards with no tile at this count


def _ring(coords: object, dx: float, dy: float) -> Ring:
    return tuple((float(x) + dx, float(y) + dy) for x, y in coords)  # type: ignore[attr-defined]


def _rings(geometry: shapely.Geometry, dx: float, dy: float) -> list[Ring]:
    rings = []
    for polygon in getattr(geometry, "geoms", [geometry]):
        rings.append(_ring(polygon.exterior.coords, dx, dy))
        rings.extend(_ring(hole.coords, dx, dy) for hole in polygon.interiors)
    return rings


def _moved(geometry: shapely.Geometry, dx: float, dy: float) -> shapely.Geometry:
    shift = np.array([dx, dy])
    return shapely.transform(geometry, lambda xy: xy + shift)


def _anchor(geometry: shapely.Geometry) -> Point:
    parts = list(getattr(geometry, "geoms", [geometry]))
    largest = max(parts, key=lambda p: p.area)
    point = polylabel(largest, tolerance=1.0)
    return (float(point.x), float(point.y))


# Label grids by shape, worked out on the shape its key describes (at its corner, to a
# thousandth) so each is the same whichever page or region met it first, and kept by the
# process: a collection's boards are laid from the same catalogues, so a worker building
# page after page meets the same tile designs (at each rotation, with the same most
# interior point) again. Emptied when full (a grid never depends on what the table held).
_GRIDS_KEPT = 2_000  # the shipped scenarios need 128 (25 kB each)
_GRIDS: dict[tuple[bytes, Point], Candidates | None] = {}  # (key, anchor) -> label grid


def shape_grid(key: bytes, where: Point) -> Candidates | None:
    """A fresh copy of the label grid of the shape ``key`` around ``where`` (both from its
    corner; None: no room): what it learns of which sizes fit stays with this board."""
    if (key, where) in _GRIDS:
        grid = _GRIDS[(key, where)]
    else:
        if len(_GRIDS) >= _GRIDS_KEPT:
            _GRIDS.clear()
        grid = _GRIDS[(key, where)] = candidates(shapely.from_wkb(key), LABEL_SIZES, where)
    if grid is None:
        return None
    return Candidates(grid.inner, grid.xs, grid.ys, grid.room, grid.bounds, grid.clearance)


def shape_keys(geometries: np.ndarray) -> tuple[list[bytes], np.ndarray]:
    """What each region looks like wherever it lies (its outline moved to its bounding
    box's corner, to a thousandth of a unit), and those corners. Tiles repeat on a board
    (every copy of a design at one rotation), so work that depends on the shape alone (the
    most interior point, the label candidates) is done once per shape and moved into place.
    One vectorised pass for all the regions of a board."""
    if len(geometries) == 0:
        return [], np.zeros((0, 2))
    corners = shapely.bounds(geometries)[:, :2]
    coords, index = shapely.get_coordinates(geometries, return_index=True)
    local = shapely.set_coordinates(shapely.transform(geometries, lambda xy: xy),
                                    np.round(coords - corners[index], 3))
    return list(shapely.to_wkb(local)), corners


def _hex_ring(q: int, r: int) -> list[Point]:
    cx, cy = lattice.hex_centre(q, r)
    return [lattice.to_euclidean((cx + x, cy + y), U) for x, y in lattice.CORNERS]


def _geometric_board(realm: Realm, board_id: str, regions: list[Region]) -> BoardShape:
    drawn = [r for r in regions if r.polygon is not None]
    geometries = euclidean(np.array([r.polygon for r in drawn], dtype=object), U)
    hexes = [_hex_ring(p.q, p.r) for p in realm.placements(board_id)]
    holes = [_hex_ring(q, r) for h in realm.holes if h.board == board_id for q, r in h.hexes]
    points = [pt for ring in hexes + holes for pt in ring]
    if not points:
        return BoardShape(board_id, "", "", (0.0, 0.0), EMPTY_BOARD, empty=True)
    min_x, min_y = min(p[0] for p in points), min(p[1] for p in points)
    max_x, max_y = max(p[0] for p in points), max(p[1] for p in points)
    dx, dy = -min_x, -min_y
    board = BoardShape(board_id, "", "", (0.0, 0.0), (max_x - min_x, max_y - min_y),
                       shift=(dx, dy))
    anchors: dict[bytes, Point] = {}  # shape -> its most interior point, from its corner
    keys, corners = shape_keys(geometries)
    moved = _moved(geometries, dx, dy)
    for index, region in enumerate(drawn):
        key, (x0, y0) = keys[index], corners[index].tolist()
        if key not in anchors:
            ax, ay = _anchor(geometries[index])
            anchors[key] = (ax - x0, ay - y0)
        ax, ay = anchors[key][0] + x0, anchors[key][1] + y0
        board.regions.append(RegionShape(region, moved[index], (ax + dx, ay + dy)))
    board.tile_outlines = [tuple((x + dx, y + dy) for x, y in ring) for ring in hexes]
    board.hole_hexes = [tuple((x + dx, y + dy) for x, y in ring) for ring in holes]
    for border in realm.borders:
        if border.board == board_id and "river_marker" in border.kinds:
            a = lattice.to_euclidean(border.start, U)
            b = lattice.to_euclidean(border.end, U)
            board.river_markers.append(((a[0] + dx, a[1] + dy), (b[0] + dx, b[1] + dy)))
    return board


def _graph_board(realm: Realm, board_id: str, regions: list[Region]) -> BoardShape:
    # networkx only here: a board drawn from tiles never needs it, and importing it was
    # 0.14 s of CPU of every printable export's start, 0.75 s without bytecode (issue 27)
    import networkx as nx

    ids = sorted(r.id for r in regions)
    # nodes and edges in a fixed order: spring_layout's result depends on it, and the
    # realm's graph is built from sets (their order changes from run to run)
    graph = nx.Graph()
    graph.add_nodes_from(ids)
    graph.add_edges_from(sorted(tuple(sorted(e)) for e in realm.graph.subgraph(ids).edges))
    spread = max(2.0, math.sqrt(len(ids))) * 150.0
    positions = nx.spring_layout(graph, seed=7, scale=spread) if len(ids) > 1 else \
        {rid: (0.0, 0.0) for rid in ids}
    xs = [float(positions[i][0]) for i in ids] or [0.0]
    ys = [float(positions[i][1]) for i in ids] or [0.0]
    dx, dy = NODE_RADIUS - min(xs), NODE_RADIUS - min(ys)
    size = (max(xs) - min(xs) + 2 * NODE_RADIUS, max(ys) - min(ys) + 2 * NODE_RADIUS)
    board = BoardShape(board_id, "", "", (0.0, 0.0), size)
    centre = {rid: (float(positions[rid][0]) + dx, float(positions[rid][1]) + dy) for rid in ids}
    for region in regions:
        cx, cy = centre[region.id]
        circle = shapely.Point(cx, cy).buffer(NODE_RADIUS, quad_segs=12)
        board.regions.append(RegionShape(region, circle, (cx, cy), node=True))
    board.graph_edges = [(centre[a], centre[b]) for a, b in sorted(graph.edges)]
    return board


def _offset(board: BoardShape, dx: float, dy: float) -> None:
    def move(p: Point) -> Point:
        return (p[0] + dx, p[1] + dy)

    board.origin = move(board.origin)
    board.shift = move(board.shift)
    moved = _moved(np.array([s.geometry for s in board.regions], dtype=object), dx, dy)
    for shape, geometry in zip(board.regions, moved, strict=True):
        shape.geometry = geometry
        shape.anchor = move(shape.anchor)
    board.tile_outlines = [tuple(move(p) for p in ring) for ring in board.tile_outlines]
    board.hole_hexes = [tuple(move(p) for p in ring) for ring in board.hole_hexes]
    board.river_markers = [(move(a), move(b)) for a, b in board.river_markers]
    board.graph_edges = [(move(a), move(b)) for a, b in board.graph_edges]


def _crop_spaces(realm: Realm, boards: dict[str, BoardShape]) -> list[Point]:
    """Crop spaces sit on empty hexes (usually holes), not on regions."""
    points = []
    for board in realm.scenario.boards:
        shape = boards.get(board.id)
        if shape is None or board.is_graph_only:
            continue
        for marker in board.markers:
            if marker.kind != "crop_space" or marker.hex is None or \
                    not marker.presence.includes(realm.players, realm.scenario.players_min):
                continue
            cx, cy = lattice.to_euclidean(lattice.hex_centre(*marker.hex), U)
            points.append((cx + shape.shift[0], cy + shape.shift[1]))
    return points


def _caption(kind: str, title: str | None, many: bool) -> str:
    label = BOARD_NAMES.get(kind, kind)
    return f"{label}: {document_line(title)}" if title else (label if many else "")


def marker_order(region: Region) -> list[int]:
    """The order a region's markers are laid in (by kind), as indexes into its markers."""
    return sorted(range(len(region.markers)), key=lambda i: region.markers[i].kind)


def label_area(shape: RegionShape, planks: shapely.Geometry | None = None) -> shapely.Geometry:
    """Where a region's labels may go: the region less the river marker planks on its
    border. A node of a graph-only board is a small circle, so its name may also reach out
    sideways on a band through its centre (as on any node-link diagram)."""
    geometry = shape.geometry
    if shape.node:
        cx, cy = shape.anchor
        half = (text_width(shape.region.id, LABEL_SIZES.name_font) + LABEL_SIZES.name_pad) / 2
        half += 2 * LABEL_SIZES.clearance
        band = LABEL_SIZES.name_height / 2 + 2 * LABEL_SIZES.clearance
        geometry = geometry.union(shapely.box(cx - half, cy - band, cx + half, cy + band))
    return geometry if planks is None else geometry.difference(planks)


def place_board_labels(board: BoardShape, square: frozenset[str] = frozenset(),
                       obstacles: tuple[Box, ...] = ()) -> LabelPlan:
    """Names, chips and markers of every region, by the shared placement step: inside their
    region, clear of river marker planks, of each other, of ``obstacles`` (the notes of
    links) and of the region's border. ``square`` names the marker kinds drawn square
    (they keep their whole box inside)."""
    planks = shapely.union_all([shapely.LineString([a, b]).buffer(RIVER_MARKER_WIDTH / 2)
                                for a, b in board.river_markers]) if board.river_markers else None
    regions = []
    grids: dict[tuple[bytes, Point], Candidates | None] = {}  # this board's copies
    areas = [label_area(shape, planks) for shape in board.regions]
    keys, corners = shape_keys(np.array(areas, dtype=object))
    for index, shape in enumerate(board.regions):
        region = shape.region
        geometry = areas[index]
        order = marker_order(region)
        boxed = frozenset(str(i) for i in order if region.markers[i].kind in square)
        # one candidate grid per shape and anchor, moved to each region of that shape
        key, (x0, y0) = keys[index], corners[index].tolist()
        ax, ay = shape.anchor
        where = (round(ax - x0, 3), round(ay - y0, 3))
        if (key, where) not in grids:
            grids[(key, where)] = shape_grid(key, where)
        found = grids[(key, where)]
        grid = None if found is None else found.moved(x0, y0)
        if grid is None:
            continue  # no room at all (as place_labels would find)
        regions.append(RegionLabels(region.id, geometry, region.id, tuple(sorted(region.symbols)),
                                    tuple(str(i) for i in order), shape.anchor, boxed,
                                    grid))
    return place_labels(regions, LABEL_SIZES, obstacles)


def wrap_words(text: str, fits: Callable[[str], bool]) -> list[str]:
    """``text`` in lines that each ``fits`` (a single word too long keeps its own line)."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and fits(f"{lines[-1]} {word}"):
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines or [""]


def title_layout(title: str, width: float) -> tuple[float, list[str]]:
    """The title's font size and lines: whole at full size if it fits ``width``, else set
    smaller (down to TITLE_MIN), else wrapped at TITLE_MIN."""
    for size in (TITLE_FONT, 44.0, 40.0, 37.0, TITLE_MIN):
        if text_width(title, size) <= width:
            return size, [title]
    return TITLE_MIN, wrap_words(title, lambda line: text_width(line, TITLE_MIN) <= width)


def _board_name(kind: str, title: str | None, kinds: list[str]) -> str:
    label = BOARD_NAMES.get(kind, kind)
    if kinds.count(kind) > 1 and title:  # two boards of one kind: say which
        label = f"{label} ({document_line(title)})"
    return f"{label} board"


def _note(mark: LinkMark, text: str, centre: Point) -> LinkMark:
    """``mark`` with its note ``text`` wrapped, in a pill centred on ``centre``."""
    lines = wrap_words(text, lambda line: len(line) <= LINK_NOTE_CHARS)
    half_w = max(text_width(line, mark.font) * 0.9 for line in lines) / 2 + 2 * mark.pad
    half_h = (len(lines) * mark.line_height) / 2 + mark.pad
    x, y = centre
    return LinkMark(mark.kind, mark.start, mark.end, mark.across, text, tuple(lines),
                    (x - half_w, y - half_h, x + half_w, y + half_h), mark.arrow)


def _stub(kind: str, start: Point, direction: Point, text: str) -> LinkMark:
    """One end of a link between boards: an arrow from ``start`` along ``direction`` (a
    unit vector), its note just past the tip."""
    ux, uy = direction
    tip = (start[0] + ux * LINK_STUB, start[1] + uy * LINK_STUB)
    head = 14.0
    back = (tip[0] - ux * head, tip[1] - uy * head)
    arrow = ((tip[0] + ux * 4, tip[1] + uy * 4), (back[0] - uy * head * 0.6,
                                                  back[1] + ux * head * 0.6),
             (back[0] + uy * head * 0.6, back[1] - ux * head * 0.6))
    mark = _note(LinkMark(kind, start, back, True, arrow=arrow), text, tip)
    x0, y0, x1, y1 = mark.box
    reach = abs(ux) * (x1 - x0) / 2 + abs(uy) * (y1 - y0) / 2 + 8.0  # the box's edge
    return _note(mark, text, (tip[0] + ux * reach, tip[1] + uy * reach))


class _NoteSpace:
    """Where a link's note may go: over as little of the boards' regions, their captions
    and the notes already placed as can be, and inside the page's width."""

    def __init__(self, boards: list[BoardShape], left: float, right: float) -> None:
        self.regions = [s.geometry for b in boards for s in b.regions]
        self.tree = shapely.STRtree(self.regions)
        self.taken = [shapely.box(b.origin[0], b.origin[1] - BOARD_CAPTION,
                                  b.origin[0] + len(b.caption) * CAPTION_CHAR_WIDTH,
                                  b.origin[1]) for b in boards if b.caption]
        self.left, self.right = left, right

    def cost(self, mark: LinkMark) -> float:
        box = shapely.box(*mark.box)
        hidden = sum(self.regions[i].intersection(box).area for i in self.tree.query(box))
        hidden += sum(10.0 * t.intersection(box).area for t in self.taken)
        x0, _y0, x1, _y1 = mark.box
        outside = max(0.0, self.left - x0) + max(0.0, x1 - self.right)
        return float(hidden) + 1000.0 * outside * (mark.box[3] - mark.box[1])

    def place(self, kind: str, start: Point, towards: Point, text: str) -> LinkMark:
        """The stub whose note hides least: pointing at the other end first, then the
        eight compass points (the first of equal cost wins)."""
        dx, dy = towards[0] - start[0], towards[1] - start[1]
        length = math.hypot(dx, dy) or 1.0
        directions = [(dx / length, dy / length)] + [
            (math.cos(k * math.pi / 4), math.sin(k * math.pi / 4)) for k in range(8)]
        tries = [_stub(kind, start, d, text) for d in directions]
        costs = [round(self.cost(t), 3) for t in tries]
        best = tries[costs.index(min(costs))]
        self.taken.append(shapely.box(*best.box))
        return best


def link_marks(realm: Realm, boards: list[BoardShape], left: float = 0.0,
               right: float = math.inf) -> list[LinkMark]:
    """Every link present at this count whose two ends are drawn, as printed; notes stay
    between ``left`` and ``right`` where they can."""
    scenario = realm.scenario
    where = {s.region.id: (b, s.anchor) for b in boards for s in b.regions}
    kinds = [b.kind for b in scenario.boards]
    titles = {b.id: b.title for b in scenario.boards}
    marks = []
    space: _NoteSpace | None = None
    for link in scenario.links:
        if not link.presence.includes(realm.players, scenario.players_min):
            continue
        a, b = realm.resolve(link.a), realm.resolve(link.b)
        if a not in where or b not in where or a == b:
            continue
        (board_a, at_a), (board_b, at_b) = where[a], where[b]
        label = document_line(link.label) if link.label else ""
        if board_a is board_b:
            mark = LinkMark(link.kind, at_a, at_b, False)
            if label:
                mark = _note(mark, label, ((at_a[0] + at_b[0]) / 2, (at_a[1] + at_b[1]) / 2))
            marks.append(mark)
            continue
        space = space or _NoteSpace(boards, left, right)
        for (here, there), (other_id, other) in (((at_a, at_b), (b, board_b)),
                                                 ((at_b, at_a), (a, board_a))):
            name = _board_name(other.kind, titles.get(other.id), kinds)
            marks.append(space.place(link.kind, here, there,
                                     f"to {label or other_id} on the {name}"))
    return marks


_LAST: list[tuple[weakref.ref[Realm], PageLayout]] = []  # the last realm laid out, weakly


def layout_page(realm: Realm, source: str | None = None) -> PageLayout:
    """Where everything of ``realm``'s printable page goes. The page of the last realm is
    kept (a site page lays it out for its SVG, then renders the same realm as PNG and PDF:
    three layouts of one realm were most of a big board's page); it is the same object
    each time: callers only read it (render_board sets its height, to the same value)."""
    if source is None and _LAST and _LAST[0][0]() is realm:
        return _LAST[0][1]
    page = _layout_page(realm, source)
    if source is None:
        _LAST[:] = [(weakref.ref(realm), page)]
    return page


def _layout_page(realm: Realm, source: str | None) -> PageLayout:
    scenario = realm.scenario
    many = len(scenario.boards) > 1
    shapes: list[BoardShape] = []
    for board in scenario.boards:
        regions = [r for r in realm.regions.values() if r.board == board.id]
        shape = (_graph_board(realm, board.id, regions) if board.is_graph_only
                 else _geometric_board(realm, board.id, regions))
        shape.kind = board.kind
        shape.caption = _caption(board.kind, board.title, many)
        shapes.append(shape)
    # A board with no tile at this player count (the Sky Islands at 2-3 players) is left
    # out; an empty frame is drawn only when no board has anything to show.
    drawn = [s for s in shapes if not s.empty and s.regions] or shapes[:1]
    left_out = tuple(s.caption or s.id for s in shapes if s not in drawn)
    title = document_line(scenario.title)
    widths = [max(s.size[0], len(s.caption) * CAPTION_CHAR_WIDTH) for s in drawn]
    boards_width = sum(widths) + BOARD_GAP * (len(drawn) - 1) if drawn else 0.0
    content_width = max(MIN_WIDTH, boards_width)
    size, lines = title_layout(title, content_width)
    line_height = size * 1.2
    extra = line_height * (len(lines) - 1)
    title_baseline = MARGIN + 44.0 - (TITLE_FONT - size) * 0.7
    top = MARGIN + TITLE_BLOCK + extra
    x = MARGIN + (content_width - boards_width) / 2  # a narrow board sits centred
    for shape, width in zip(drawn, widths, strict=True):
        caption = BOARD_CAPTION if shape.caption else 0.0
        _offset(shape, x, top + caption)
        x += width + BOARD_GAP
    boards = drawn
    by_id = {b.id: b for b in boards}
    marks = link_marks(realm, boards, MARGIN, MARGIN + content_width)
    notes = tuple(m.box for m in marks if m.text)
    square = frozenset(k for k, badge in default_style().markers.items()
                       if badge.shape == "square")
    for shape in boards:
        shape.labels = place_board_labels(shape, square, notes)
    board_bottom = max((b.origin[1] + b.size[1] for b in boards), default=top)
    board_bottom = max([board_bottom, *(m.box[3] + 10.0 for m in marks if m.text)])
    links = [(m.start, m.end, m.kind) for m in marks if not m.across]
    land = sum(1 for r in realm.regions.values() if r.counts_as_land)
    subtitle = (f"{realm.players} players \u00b7 {scenario.turns(realm.players)} turns \u00b7 "
                f"{land} land regions, {len(realm.regions) - land} other")
    if source:
        subtitle += f" \u00b7 {source}"
    # Title and file name come from the user's file: one line, no character that SVG/PDF
    # cannot hold (a control character would make the SVG invalid XML).
    return PageLayout(content_width + 2 * MARGIN, board_bottom + LEGEND_GAP,
                      title, document_line(subtitle), boards, links,
                      _crop_spaces(realm, by_id),
                      board_bottom + LEGEND_GAP, content_width, marks, tuple(lines), size,
                      title_baseline, line_height,
                      title_baseline + extra + 40.0, left_out)
