"""Geometry family: what the derived realm says about the layout, per player count.

The derivation reports layout problems (overlaps, letters used twice, river
markers on land, references to missing regions); these rules give them stable
codes and JSON paths, and add the graph questions: is the realm one landmass,
can every land region be reached from a first conquest, and are overlays laid
where they can be.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING

from editor.lint.context import CountContext
from editor.lint.findings import Hit
from editor.lint.registry import rule
from editor.model.jsonpos import PathKey

if TYPE_CHECKING:
    from editor.model.scenario import Board
    from editor.topology import Problem, Region

PROBLEM_CODES = {
    "overlap": "G001",
    "duplicate-tile": "G002",
    "missing-reference": "G006",
    "river-marker-not-on-water": "G007",
}
# Reported by other rules with better locations (I002 counts tunnel tokens itself).
HANDLED_ELSEWHERE = {"tunnel-pairing"}
_COUNT_PHRASE = re.compile(r",? for \d+ players?")
BALANCE_SYMBOLS = ("cavern", "mine", "magic")


def _problem_path(ctx: CountContext, code: str, board: str | None,
                  regions: tuple[str, ...], tiles: tuple[str, ...]) -> PathKey:
    scenario = ctx.scenario
    if code == "river-marker-not-on-water" and tiles:
        return ctx.locate.river_marker(scenario, board, tiles[0])
    if code == "missing-reference" and regions:
        found = _reference_path(ctx, regions[0])
        if found:
            return found
    if tiles:
        return ctx.locate.tile(board, tiles[-1])
    return ctx.locate.board(board)


def _reference_path(ctx: CountContext, ref: str) -> PathKey:
    scenario = ctx.scenario
    for b_index, board in enumerate(scenario.boards):
        for m_index, marker in enumerate(board.markers):
            if marker.region == ref and ctx.doc.active(marker, ctx.players):
                return ("boards", b_index, "markers", m_index, "region")
            if marker.attrs.get("target") == ref and ctx.doc.active(marker, ctx.players):
                return ("boards", b_index, "markers", m_index, "target")
        for r_index, river in enumerate(board.river_markers):
            if river.tile == ref:
                return ("boards", b_index, "river_markers", r_index, "tile")
    for l_index, link in enumerate(scenario.links):
        if ref in (link.a, link.b):
            return ("links", l_index, "a" if link.a == ref else "b")
    bodies = scenario.section("water").get("bodies", [])
    for w_index, body in enumerate(bodies if isinstance(bodies, list) else []):
        if isinstance(body, dict) and body.get("region") == ref:
            return ("water", "bodies", w_index, "region")
    return ()


def _problems(ctx: CountContext, code: str) -> list[Hit]:
    """The derivation's problems that ``code`` reports, as hits: a list, not a generator,
    as four rules and G006 ask every count and most realms have no problem at all."""
    problems = ctx.realm.problems
    return list(_problem_hits(ctx, problems, code)) if problems else []


def _problem_hits(ctx: CountContext, problems: list[Problem], code: str) -> Iterator[Hit]:
    for problem in problems:
        mapped = PROBLEM_CODES.get(problem.code, "G000")
        if problem.code in HANDLED_ELSEWHERE or mapped != code:
            continue
        what = _COUNT_PHRASE.sub("", problem.message)
        if mapped == "G000":
            what = f"{problem.code}: {what}"
        yield Hit(code, what, problem.hint or "fix the layout",
                  _problem_path(ctx, problem.code, problem.board, problem.regions,
                                problem.tiles),
                  regions=problem.regions, tiles=problem.tiles)


@rule("G000", "error", "another layout problem reported by the derivation", "realm")
def other_problem(ctx: CountContext) -> list[Hit]:
    return _problems(ctx, "G000")


@rule("G001", "error", "two tiles overlap", "realm")
def overlap(ctx: CountContext) -> list[Hit]:
    return _problems(ctx, "G001")


@rule("G002", "error", "a tile letter is used twice (each letter is one two-sided piece)",
      "realm")
def duplicate_tile(ctx: CountContext) -> list[Hit]:
    return _problems(ctx, "G002")


def walkable(ctx: CountContext) -> list[str]:
    """Regions a race can move over: land and (passable) rivers, never chasms, and nothing on
    a necromancer-island board (the island sits apart in its lake)."""
    return ctx.facts.walkable


def land(ctx: CountContext) -> list[Region]:
    """The realm's land regions, once per count: several rules ask."""
    return ctx.facts.land


def walk_components(ctx: CountContext) -> list[list[str]]:
    if "walk_components" not in ctx.cache:
        ctx.cache["walk_components"] = connected_pieces(ctx, walkable(ctx))
    result: list[list[str]] = ctx.cache["walk_components"]
    return result


def connected_pieces(ctx: CountContext, nodes: list[str]) -> list[list[str]]:
    """The connected pieces of the graph of play restricted to ``nodes``, each sorted,
    largest first, ties by first id (the order of the answer does not depend on where a
    piece starts)."""
    found = grown_pieces(ctx.adjacency, nodes)
    for piece in found:
        piece.sort()
    if len(found) > 1:
        # largest first, ties by first id: two sorts in C (pieces are disjoint, so list
        # order is first-id order; a reversed sort keeps equal sizes in that order)
        found.sort()
        found.sort(key=len, reverse=True)
    return found


def grown_pieces(adj: Mapping[str, Iterable[str]], nodes: Iterable[str],
                 longer_than: int = 0) -> list[list[str]]:
    """The connected pieces of ``adj`` restricted to ``nodes`` that have more than
    ``longer_than`` regions, each in the order it was grown, in no set order: G003's and
    B006's largest cost. Breadth first with one Python step per neighbour: the graph of
    play has under four neighbours a region, so this beat growing a whole ring at a time
    by set intersections (which made a set per ring) by about a seventh. A region with no
    neighbour left (most of B006's empty land) is told in C, without growing a piece."""
    rest = set(nodes)
    found: list[list[str]] = []
    pop, remove = rest.pop, rest.remove
    while rest:
        start = pop()
        if rest.isdisjoint(adj[start]):
            if not longer_than:
                found.append([start])
            continue
        piece = [start]
        grow = piece.append
        for region in piece:  # (a list grows under its iterator: every region added is read)
            for near in adj[region]:
                if near in rest:
                    remove(near)
                    grow(near)
        if len(piece) > longer_than:
            found.append(piece)
    return found


def _short_list(ids: Iterable[str], limit: int = 6) -> str:
    items = sorted(ids)
    text = ", ".join(items[:limit])
    return text + (f" and {len(items) - limit} more" if len(items) > limit else "")


@rule("G003", "error", "the realm is not one connected landmass for a player count", "realm")
def connected(ctx: CountContext) -> Iterator[Hit]:
    pieces = walk_components(ctx)
    if len(pieces) < 2:
        return
    stray = [rid for piece in pieces[1:] for rid in piece]
    first = ctx.realm.regions[stray[0]]
    yield Hit("G003", f"the land falls apart into {len(pieces)} pieces; {_short_list(stray)} "
              f"{'is' if len(stray) == 1 else 'are'} cut off from the main landmass",
              ("move the tiles so they share sides with the rest (land, rivers, tunnels and "
               "bridges connect; seas, lakes and chasms do not)") if first.tiles else
              ("give the cut-off regions a border with the rest, or join them with a tunnel "
               "or a link (this board is a graph with no tiles; seas, lakes and chasms do "
               "not connect)"),
              ctx.locate.tile(first.board, first.tiles[0]) if first.tiles else
              ctx.locate.region(ctx.scenario, stray[0]),
              regions=tuple(stray))


@rule("G004", "warning", "land that no first conquest can ever reach", "realm")
def unreachable(ctx: CountContext) -> Iterator[Hit]:
    realm = ctx.realm
    starts = ctx.facts.starts
    if not starts:
        return  # G005 / R006 say it
    regions = realm.regions
    lost = [rid for piece in walk_components(ctx) if starts.isdisjoint(piece)
            for rid in piece if regions[rid].kind == "land"]
    if lost:
        first = realm.regions[lost[0]]
        yield Hit("G004", f"{_short_list(lost)}: land no race can reach from any "
                  "first-conquest region", "connect it by land, a river, a tunnel or a bridge, "
                  "or let races enter there",
                  ctx.locate.tile(first.board, first.tiles[0]) if first.tiles else
                  ctx.locate.region(ctx.scenario, lost[0]), regions=tuple(lost))


def has_entry_rules(ctx: CountContext) -> bool:
    return bool(ctx.scenario.section("entry").get("rules"))


@rule("G005", "error", "no region can be a first conquest (nothing at the board edge)", "realm")
def no_first_conquest(ctx: CountContext) -> Iterator[Hit]:
    if has_entry_rules(ctx):
        return  # R006 judges explicit entry rules
    facts = ctx.facts
    if facts.has_land and not facts.land_start:
        yield Hit("G005", "no land region can be a first conquest: none touches the board "
                  "edge or a sea that counts as an edge",
                  "open the layout to the board edge, or add entry rules", ("boards",))


def _targets(ctx: CountContext) -> bool:
    """Whether some marker of the document names a target region (once per document)."""
    found: bool | None = ctx.doc.cache.get("marker_targets")
    if found is None:
        found = ctx.doc.cache["marker_targets"] = any(
            marker.attrs.get("target") is not None
            for board in ctx.scenario.boards for marker in board.markers)
    return found


@rule("G006", "error",
      "a marker, link, water rule, entry rule or region note names a missing region", "realm")
def missing_reference(ctx: CountContext) -> Iterator[Hit]:
    problems = _problems(ctx, "G006")
    reported = {h.regions for h in problems} if problems else set()
    yield from problems
    on_board = ctx.on_board
    resolve = ctx.realm.resolve
    regions = ctx.realm.regions  # (a region id resolves to itself: the common case, first)
    markers = on_board.markers
    if not _targets(ctx):  # most files: every marker's region is one of the realm's, so
        # one set difference in C answers for all of them
        try:
            named = {marker.region for _, marker in markers}
            named.discard(None)
            if not named.difference(regions):
                markers = []
        except TypeError:  # a region that is not a string: the loop below skips it
            pass
    for _, marker in markers:
        for ref in (marker.region, marker.attrs.get("target")):
            if (not isinstance(ref, str) or ref in regions or (ref,) in reported
                    or ref.rpartition(".")[0] not in on_board.letters or resolve(ref)):
                continue
            yield Hit("G006", f"{marker.kind} marker names {ref}, but tile "
                      f"{ref.rpartition('.')[0]} has no such region",
                      "use one of the tile's region ids (see the catalogue)",
                      _reference_path(ctx, ref), regions=(ref,))
    # The derivation lets an untimed reference follow its tile: it only reports ids whose
    # tile is in no layout. A tile that is on the board for this count yet has no such
    # region (a wrong region number or side) is reported here.
    for l_index, link in on_board.links:
        for end, ref in (("a", link.a), ("b", link.b)):
            if (ref,) in reported or ref.rpartition(".")[0] not in on_board.letters or resolve(ref):
                continue
            yield Hit("G006", f"{link.kind} link names {ref}, but tile "
                      f"{ref.rpartition('.')[0]} has no such region",
                      "link two existing regions (see the catalogue)",
                      ("links", l_index, end), regions=(ref,))
    bodies = ctx.scenario.section("water").get("bodies") or []
    for w_index, body in enumerate(bodies if isinstance(bodies, list) else []):
        ref = body.get("region") if isinstance(body, dict) else None
        if not isinstance(ref, str) or (ref,) in reported:
            continue
        rid = ctx.realm.resolve(ref)
        if rid is not None and ctx.realm.regions[rid].is_land:
            yield Hit("G006", f"water rule names {ref}, a land region: there is no water body "
                      "there", "name a water part id such as C.s2",
                      ("water", "bodies", w_index, "region"), regions=(ref,))
        elif rid is None and ref.rpartition(".")[0] in on_board.letters:
            yield Hit("G006", f"water rule names {ref}, but tile {ref.rpartition('.')[0]} "
                      "has no such region", "name a water part id such as C.s2",
                      ("water", "bodies", w_index, "region"), regions=(ref,))
    notes = ctx.scenario.section("region_notes")  # a note left on a region now gone
    for ref in (n for n in notes if (n,) not in reported and not resolve(n)):
        letter = ref.rpartition(".")[0]
        if letter in on_board.letters:
            why = f"tile {letter} has no such region"
        elif letter and not any(p.tile == letter for b in ctx.scenario.boards for p in b.tiles):
            why = f"no tile {letter} is on the boards"
        else:
            continue  # a tile of another player count, or a graph-only board's region
        yield Hit("G006", f"the note on {ref} names a missing region: {why}",
                  "move the note to an existing region in the Inspector, or delete it",
                  ("region_notes", ref), regions=(ref,))
    rules = ctx.scenario.section("entry").get("rules") or []
    if not rules:
        return
    all_tiles = {p.tile for b in ctx.scenario.boards for p in b.tiles}
    graph_ids = {r.get("id") for b in ctx.scenario.boards if b.graph
                 for r in b.graph.get("regions", [])}
    for r_index, entry in enumerate(rules):
        for i, ref in enumerate(entry.get("regions", []) if isinstance(entry, dict) else []):
            if ctx.realm.resolve(ref) is not None:
                continue
            tile = ref.rpartition(".")[0]
            if (tile in all_tiles and tile not in on_board.letters) or ref in graph_ids:
                continue  # its tile is simply not used for this count
            yield Hit("G006", f"entry rule names {ref}, which is not a region of this scenario",
                      "name an existing region id such as C.s1",
                      ("entry", "rules", r_index, "regions", i), regions=(ref,))


@rule("G007", "error", "a river marker is not between two water parts", "realm")
def river_marker(ctx: CountContext) -> list[Hit]:
    return _problems(ctx, "G007")


def marked(ctx: CountContext) -> list[tuple[str, Region, set[str]]]:
    """The regions that carry markers, in the realm's order, with their marker kinds (most
    regions carry none, and several rules ask)."""
    return ctx.facts.marked


def _marker_path(ctx: CountContext, region_id: str, kind: str) -> PathKey:
    region = ctx.realm.regions[region_id]
    for marker in region.markers:
        if marker.kind == kind:
            return ctx.locate.of(marker)
    return ctx.locate.region(ctx.scenario, region_id)


@rule("G008", "error", "a peak is not on a mountain", "realm")
def peak_not_on_mountain(ctx: CountContext) -> Iterator[Hit]:
    if "peak" not in ctx.facts.marker_kinds:  # (most realms)
        return
    for rid, region, kinds in marked(ctx):
        if "peak" in kinds and region.terrain != "mountain":
            yield Hit("G008", f"peak on {rid}, a {region.terrain} region",
                      "peaks go on top of a mountain: add a mountain marker there or move "
                      "the peak", _marker_path(ctx, rid, "peak"), regions=(rid,),
                      tiles=region.tiles)


@rule("G009", "error", "a chasm is on water", "realm")
def chasm_on_water(ctx: CountContext) -> Iterator[Hit]:
    if "chasm" not in ctx.facts.marker_kinds:  # (most realms)
        return
    for rid, region, kinds in marked(ctx):
        if "chasm" in kinds and not region.is_land:
            yield Hit("G009", f"chasm on {rid}, a {region.terrain} region",
                      "chasms go on land regions", _marker_path(ctx, rid, "chasm"),
                      regions=(rid,), tiles=region.tiles)


@rule("G010", "warning", "a peak sits on a region with a symbol", "realm")
def symbol_on_peak(ctx: CountContext) -> Iterator[Hit]:
    if "peak" not in ctx.facts.marker_kinds:  # (most realms)
        return
    for rid, region, kinds in marked(ctx):
        if "peak" not in kinds:
            continue
        symbols = [s for s in region.symbols if s in BALANCE_SYMBOLS]
        if symbols:
            yield Hit("G010", f"peak on {rid}, which carries {', '.join(symbols)}",
                      "the rules never put a symbol on a peak: move the peak to a mountain "
                      "without symbols", _marker_path(ctx, rid, "peak"), regions=(rid,),
                      tiles=region.tiles)


EMPTY_BOARD = "G011"


@rule(EMPTY_BOARD, "error", "a board has no tiles, or no tile is in play for a player count "
      "(an empty realm is not a clean one)", "count")
def empty_board(ctx: CountContext) -> Iterator[Hit]:
    """A fresh ``realms new`` file has nothing to play on: say so rather than "All checks
    passed". A board whose tiles all wait for more players is a design choice (sky islands
    from 4 players), so only a board with no tiles at all, or a count with no tile in play
    anywhere, is reported. Boards built during play (booklet scenario 9's ``dynamic``
    block) start empty by design; graph-only boards have no tiles at all."""
    found: tuple[list[tuple[int, Board]], bool] | None = ctx.doc.cache.get(EMPTY_BOARD)
    if found is None:  # what holds for every count, once per document
        boards = [(index, board) for index, board in enumerate(ctx.scenario.boards)
                  if not board.is_graph_only]
        tiled = [(index, board) for index, board in boards if board.tiles]
        graph_only = len(boards) < len(ctx.scenario.boards)
        # (with no graph-only board, ``tiled`` holds every board that has tiles; boards
        # built during play say nothing)
        found = ctx.doc.cache[EMPTY_BOARD] = ([], False) if ctx.scenario.built_during_play \
            else ([(index, board) for index, board in boards if not board.tiles],
                  bool(tiled) and not graph_only)
    untiled, may_be_empty = found
    for index, board in untiled:
        yield Hit(EMPTY_BOARD, f"board {board.id} has no tiles",
                  "place tiles on it in the editor, or remove the board if the "
                  "scenario does not use it", ("boards", index, "tiles"))
    if may_be_empty and not any(tiles for _, tiles, _, _ in ctx.on_board.boards):
        yield Hit(EMPTY_BOARD, "no tile is in play",
                  "give some tiles these player counts (min_players or players), or narrow "
                  "the scenario's players", ("players",))
