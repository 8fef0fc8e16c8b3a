"""What to change for each flag of the balance standard, naming tiles and regions.

Pure Python over :class:`BalanceMetrics` (its regions' tiles, terrains, symbols and the
graph of play), so every output (CLI text, JSON, HTML, the dock, the site) gives the same
words. Each advice names the regions a designer should look at; the dock selects them.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING

from editor.analysis.metrics import BalanceMetrics

if TYPE_CHECKING:
    from editor.analysis.standard import Row, Standard

LISTED = 4  # regions or tiles named in one sentence before "and N more"


def _list(items: Iterable[str], word: str = "") -> str:
    items = list(dict.fromkeys(items))
    shown = items[:LISTED]
    more = len(items) - len(shown)
    text = ", ".join(shown[:-1]) + (" and " if len(shown) > 1 else "") + shown[-1] \
        if shown else "none"
    if more > 0:
        text = ", ".join(shown) + f" and {more} more"
    if word:
        text = f"{word}{'s' if len(items) > 1 else ''} {text}"
    return text


def _tiles(m: BalanceMetrics, regions: Iterable[str]) -> list[str]:
    return sorted({t for r in regions for t in m.tiles.get(r, ())})


def _where(m: BalanceMetrics, regions: list[str]) -> str:
    """``tiles A and B``, or the regions themselves on a board without tiles."""
    tiles = _tiles(m, regions)
    return _list(tiles, "tile") if tiles else _list(regions, "region")


def _named(m: BalanceMetrics, rid: str) -> str:
    tiles = m.tiles.get(rid, ())
    return f"{rid} ({_list(tiles, 'tile')})" if tiles else rid


def _count(count: int, noun: str) -> str:
    """"1 region", "2 regions": the advice is read as a sentence."""
    return f"{count} {noun}{'s' * (count != 1)}"


def _regions_text(m: BalanceMetrics, regions: list[str]) -> str:
    shown = [_named(m, r) for r in regions[:LISTED]]
    more = len(regions) - len(shown)
    return ", ".join(shown) + (f" and {more} more" if more > 0 else "")


# The scenario's entry rules in words, and what to change in each (see _entry_fix).
_RULE_WORDS = {"arrows": "entry arrows", "regions": "listed entry regions",
               "compass_edge": "a compass edge", "own_world": "each world's own edge",
               "anywhere": "anywhere", "board_edge": "the board's edge"}
_OPEN_RULES = ("board_edge", "own_world", "anywhere")


def _rule_words(m: BalanceMetrics) -> str:
    words = []
    for rule in m.entry_rules:
        kind, _, side = rule.partition(" ")
        words.append(f"the {side} edge" if kind == "compass_edge" and side else
                     _RULE_WORDS.get(kind, kind))
    return " and ".join(dict.fromkeys(words))


def restricted(m: BalanceMetrics) -> bool:
    """Whether the scenario's entry rule lets races in at fewer places than the board's edge
    (entry arrows, listed regions, one compass edge)."""
    return any(r.partition(" ")[0] not in _OPEN_RULES for r in m.entry_rules)


def _entry_fix(m: BalanceMetrics) -> str:
    kinds = {r.partition(" ")[0] for r in m.entry_rules}
    if "arrows" in kinds:
        return "lay more entry arrows (at least one a player), away from the ones there"
    if "regions" in kinds:
        return "list more entry regions in the scenario's entry rule, apart from each other"
    if "compass_edge" in kinds:
        return ("lay more tiles along that edge, or let the rule take a second side "
                "(or the whole board edge)")
    return ("open the edge: lay the tiles so more regions face the edge or an entry sea, "
            "spread around the board")


def _rule_cause(m: BalanceMetrics) -> str:
    """The entry rule as the cause of a flag, or "" when races enter anywhere on the edge."""
    if not restricted(m):
        return ""
    return (f"the entry rule ({_rule_words(m)}) lets races in at only {len(m.entries)} "
            f"region{'s' * (len(m.entries) != 1)}, {_regions_text(m, sorted(m.entries))}; ")


def _entry_doors(m: BalanceMetrics) -> tuple[str, list[str]]:
    doors = sorted(m.entries)
    many = "s" * (len(doors) != 1)
    where = (f"the entry rule ({_rule_words(m)}) lets races in at only {len(doors)} "
             f"region{many}" if restricted(m) else f"only {len(doors)} entry region{many}")
    return (f"{where}, {_regions_text(m, doors)}, for {m.players} players: a player without "
            f"a door of its own enters through another race's; {_entry_fix(m)}"), doors


def _seat_text(m: BalanceMetrics) -> tuple[str, list[str]]:
    seats = list(m.seats)
    worst = min(seats, key=lambda s: (s.territory, s.entry or ""))
    doors = [s.entry for s in seats if s.entry]
    cause = _rule_cause(m)
    if worst.entry is None:
        missing = sum(1 for s in seats if s.entry is None)
        lead = cause or (f"only {len(doors)} entry region{'s' * (len(doors) != 1)}, "
                         f"{_regions_text(m, doors)}; ")
        return (f"{lead}{missing} of the {m.players} seats start with no door and no land "
                f"of their own; {_entry_fix(m)}"), sorted(m.entries)
    found = _nearest_door(m, worst.entry, [d for d in doors if d != worst.entry])
    crowd = [worst.entry] + ([found[0]] if found else [])
    where = (f": its entry {_named(m, worst.entry)} lies {found[1]} "
             f"step{'s' * (found[1] != 1)} from {_named(m, found[0])}, another seat's"
             if found else "")
    fix = _entry_fix(m) if cause else ("open the edge elsewhere: lay tiles so regions "
                                       "far from the crowded entries face the edge")
    return (f"{cause}seating {m.players} players as fairly as the entries allow still "
            f"leaves one seat {worst.territory:.2f} of a fair share of the land{where}; "
            f"{fix}"), crowd


def _nearest_door(m: BalanceMetrics, start: str, others: list[str]
                  ) -> tuple[str, int] | None:
    """The other seat's entry nearest ``start`` and its steps away."""
    if not others:
        return None
    dist, queue = {start: 0}, deque([start])
    while queue:
        node = queue.popleft()
        if node in others:
            return node, dist[node]
        for nxt in sorted(m.adjacency.get(node, ())):
            if nxt not in dist:
                dist[nxt] = dist[node] + 1
                queue.append(nxt)
    return None


def _spread_text(m: BalanceMetrics, symbol: str, row: Row) -> tuple[str, list[str]]:
    word = "magic source" if symbol == "magic" else symbol
    holders = sorted(r for r, s in m.symbols.items() if symbol in s and r in m.adjacency)
    tiles = _tiles(m, holders)
    far = _far_from(m, holders)
    fix = (f"swap or turn {_list(tiles[:2], 'tile')} so a {word} lies elsewhere" if tiles
           else "move some of them to other regions")
    return (f"the {word} regions cluster in one part of the realm ({row.shown} of the "
            f"spread of any two regions): {_regions_text(m, holders)}; {fix}, such as "
            f"near {_where(m, far)}"), holders


def _far_from(m: BalanceMetrics, regions: list[str]) -> list[str]:
    """The land regions farthest from ``regions`` (where the missing symbols could go)."""
    dist = {r: 0 for r in regions}
    queue = deque(regions)
    while queue:
        node = queue.popleft()
        for nxt in sorted(m.adjacency.get(node, ())):
            if nxt not in dist:
                dist[nxt] = dist[node] + 1
                queue.append(nxt)
    land = [r for r in dist if r not in m.water and r in m.terrain]
    if not land:
        return []
    top = max(dist[r] for r in land)
    return sorted(r for r in land if dist[r] == top)


def _pocket_text(m: BalanceMetrics) -> tuple[str, list[str]]:
    assert m.pocket is not None
    door, regions = m.pocket.door, list(m.pocket.regions)
    river = door in m.water
    through = (f"only across the river {_named(m, door)}" if river
               else f"only through {_named(m, door)}")
    entry = (f"open an entry in it ({_entry_fix(m)})" if restricted(m)
             else "let part of it face the board's edge or an entry sea")
    link = ("a tile or a tunnel linking it to the land across the river" if river
            else "a tile touching both sides, or a tunnel")
    return (f"{_side(m, regions)} {'are' if len(regions) > 1 else 'is'} reachable {through} "
            f"and {'have' if len(regions) > 1 else 'has'} no entry of "
            f"{'their' if len(regions) > 1 else 'its'} own (a pocket): whoever holds "
            f"{door} holds them; add a second way in ({link}), or {entry}"), [door, *regions]


def _pieces_without(m: BalanceMetrics, cut: set[str], cut_edge: tuple[str, str] | None = None
                    ) -> list[list[str]]:
    """Connected pieces of the graph of play once ``cut`` (or the border) is gone, largest
    first."""
    seen: set[str] = set(cut)
    pieces: list[list[str]] = []
    for start in sorted(m.adjacency):
        if start in seen:
            continue
        piece, queue = [start], deque([start])
        seen.add(start)
        while queue:
            node = queue.popleft()
            for nxt in m.adjacency[node]:
                if nxt in seen or (cut_edge and {node, nxt} == set(cut_edge)):
                    continue
                seen.add(nxt)
                piece.append(nxt)
                queue.append(nxt)
        pieces.append(sorted(piece))
    return sorted(pieces, key=lambda p: (-len(p), p))


def _side(m: BalanceMetrics, piece: list[str]) -> str:
    return f"{_where(m, piece)} ({len(piece)} region{'s' * (len(piece) > 1)})"


def _chokepoint(m: BalanceMetrics, rid: str) -> tuple[str, list[str]]:
    pieces = _pieces_without(m, {rid})
    tile = ", ".join(m.tiles.get(rid, ())) or rid
    if len(pieces) < 2:
        return f"{_named(m, rid)} is a chokepoint", [rid]
    small = [r for p in pieces[1:] for r in p]
    text = (f"{_named(m, rid)} is the only land link between {_side(m, pieces[1])} and "
            f"the rest (a chokepoint): add a tile touching both sides, or turn tile {tile} "
            "so more of its land meets its neighbours")
    return text, [rid, *small]


def _bridge(m: BalanceMetrics, a: str, b: str) -> tuple[str, list[str]]:
    pieces = _pieces_without(m, set(), (a, b))
    ta, tb = (", ".join(m.tiles.get(r, ())) or r for r in (a, b))
    side = _side(m, pieces[1]) if len(pieces) > 1 else "the rest"
    same = ta == tb
    fix = (f"add a tile touching both tile {ta} and its neighbours" if same else
           f"add a tile touching both tiles {ta} and {tb}, or turn tile {tb} so its land "
           f"meets tile {ta} along a second region")
    return (f"the border {a}-{b} (tiles {ta} and {tb}) is the only land link to {side} "
            f"(a bridge): {fix}"), [a, b]


def _far_pair(m: BalanceMetrics) -> tuple[str, str, int]:
    def bfs(src: str) -> dict[str, int]:
        dist, queue = {src: 0}, deque([src])
        while queue:
            node = queue.popleft()
            for nxt in m.adjacency[node]:
                if nxt not in dist:
                    dist[nxt] = dist[node] + 1
                    queue.append(nxt)
        return dist

    start = min(m.adjacency)
    first = bfs(start)
    a = max(sorted(first), key=lambda r: first[r])
    second = bfs(a)
    b = max(sorted(second), key=lambda r: second[r])
    return a, b, second[b]


def _depth(m: BalanceMetrics, deepest: bool) -> list[str]:
    reached = {r: d for r, d in m.edge_distance.items() if d is not None and r in m.terrain}
    if not reached:
        return []
    target = max(reached.values()) if deepest else 0
    return sorted(r for r, d in reached.items() if d == target)


def _edge_only_tiles(m: BalanceMetrics) -> list[str]:
    """Tiles all of whose walkable regions are entry regions (they have no inside)."""
    entries = set(m.entries)
    tiles: dict[str, list[bool]] = {}
    for rid in m.adjacency:
        for tile in m.tiles.get(rid, ()):
            tiles.setdefault(tile, []).append(rid in entries)
    return sorted(t for t, flags in tiles.items() if all(flags))


def _fifth(m: BalanceMetrics, row: Row) -> tuple[str, list[str]]:
    kind, *rest = row.key.split(".")
    name = rest[-1]
    under = len(rest) == 2
    target = (row.band.low + row.band.high) / 2 if row.band and row.band.low is not None \
        and row.band.high is not None else 0.0
    count = int(row.value or 0)
    word = "magic source" if name == "magic" else name
    in_world = [r for r in m.terrain if r not in m.water
                and (name == m.terrain[r] if kind == "terrain" else name in
                     m.symbols.get(r, ()))]
    if kind == "terrain" and m.below and m.format_version >= 2:
        in_world = [r for r in in_world if (r in m.below) == under]
    if count > target:
        extra = round(count - target)
        if kind == "terrain" and name == "mountain":
            fix = "take the mountain piece off one of them"
        elif kind == "terrain":
            fix = ("lay a mountain piece on one of them, or swap one of their tiles for a "
                   f"tile with less {word}")
        else:
            fix = f"swap one of their tiles for a tile without a {word}"
        return (f"{count} regions of {word}, about {extra} more than a fifth: they are "
                f"{_regions_text(m, sorted(in_world))}; {fix}"), sorted(in_world)
    short = round(target - count)
    if kind == "terrain" and name == "mountain":
        land = [r for r in m.adjacency if r not in m.water and m.terrain.get(r) != "mountain"]
        # inland regions first; a realm that is all edge offers its edge regions
        inland = sorted(r for r in land if r not in m.entries)
        plain = inland or sorted(land)
        where = "inland regions" if inland else "regions"
        return (f"only {_count(count, 'mountain region')}, about {short} fewer than a "
                f"fifth: lay a mountain piece on {where} such as {_regions_text(m, plain)}"),\
            plain
    fix = (f"turn or swap a tile for one printing {word}" if kind == "terrain" else
           f"swap a tile for one printing a {word}")
    return (f"only {_count(count, 'region')} of {word}, about {short} fewer than a fifth: {fix}"
            + (f" (now on {_regions_text(m, sorted(in_world))})" if in_world else "")), \
        sorted(in_world)


def advise(row: Row, m: BalanceMetrics, standard: Standard) -> Row:
    """``row`` (outside its band) with its advice and the regions and tiles it names."""
    text, regions = _advice(row, m, standard)
    return replace(row, advice=text, regions=tuple(regions), tiles=tuple(_tiles(m, regions)))


def _advice(row: Row, m: BalanceMetrics, standard: Standard) -> tuple[str, list[str]]:
    key = row.key
    band = row.band
    high = band is not None and band.high is not None and row.value is not None \
        and round(row.value, row.decimals) > band.high
    if key.startswith(("terrain.", "symbol.")):
        return _fifth(m, row)
    if key == "regions_per_player":
        target = standard.rules["regions_per_player_target"]
        wanted = round(target * m.players)
        have = int(m.values.get("regions") or 0)
        tiles = abs(wanted - have) / 3
        if high:
            edge = _edge_only_tiles(m)
            named = [r for r in m.adjacency if set(m.tiles.get(r, ())) & set(edge)]
            such = _list(edge, "tile") if edge else "one on the edge"
            return (f"{have} land regions for {m.players} players; aim for about {wanted}: "
                    f"remove about {tiles:.0f} tile{'s' * (tiles >= 1.5)} from the edge, "
                    f"such as {such}"), named
        edge = sorted(m.entries) or sorted(m.adjacency)
        return (f"{have} land regions for {m.players} players; aim for about {wanted}: add "
                f"about {max(tiles, 1):.0f} tile{'s' * (tiles >= 1.5)} (3 regions each) "
                f"along the edge, next to {_where(m, edge)}"), edge
    if key == "water_regions":
        water = list(m.water)
        if high:
            return ("too many separate water regions: join neighbouring water parts (take a "
                    "river marker off) or swap a water tile for a land one; the water is on "
                    f"{_where(m, water)}"), water
        return ("too little water: add a tile with a lake or a river part, or split a long "
                "river with a river marker"), water
    if key == "entry_share":
        if high:
            edge = _edge_only_tiles(m)
            regions = sorted(r for r in m.entries if set(m.tiles.get(r, ())) & set(edge))
            if not edge:  # a board without tiles: name the entry regions themselves
                regions = sorted(m.entries)
                return (f"{len(m.entries)} of {int(m.values.get('regions') or 0)} land "
                        "regions are entries, so the realm has little interior: take the "
                        f"board edge off some of {_regions_text(m, regions)}"), regions
            them = "them" if len(edge) > 1 else "it"
            return (f"{row.shown} of the land regions are entries, so the realm has little "
                    f"interior: every region of {_list(edge, 'tile')} is on the edge; lay "
                    f"tiles around {them} (or make the board rounder) so some regions leave "
                    "the edge"), regions
        deep = _depth(m, True)
        if restricted(m):
            return (f"{_rule_cause(m)}races crowd through them: {_entry_fix(m)}"), \
                sorted(m.entries)
        return (f"few entry regions: races crowd through {len(m.entries)} doors; open an "
                f"entry near the deepest regions {_regions_text(m, deep)} (a sea used as a "
                "board edge, or a tile removed between them and the edge)"), deep
    if key == "entry_per_player":
        return _entry_doors(m)
    if key == "seat_territory_min":
        return _seat_text(m)
    if key.startswith("symbol_spread."):
        return _spread_text(m, key.split(".", 1)[1], row)
    if key == "pocket_share" and m.pocket is not None:
        return _pocket_text(m)
    if key in ("edge_distance_max", "edge_distance_mean"):
        deep = _depth(m, True)
        if high and restricted(m):
            return (f"{_rule_cause(m)}regions {_regions_text(m, deep)} lie "
                    f"{int(m.values.get('edge_distance_max') or 0)} steps from any of them: "
                    f"{_entry_fix(m)}"), deep
        if high:
            are = "regions" if len(deep) > 1 else "region"
            verb = "are" if len(deep) > 1 else "is"
            return (f"{are} {_regions_text(m, deep)} {verb} "
                    f"{int(m.values.get('edge_distance_max') or 0)} steps from any entry: "
                    "remove a tile between them and the edge, or make a sea near them an "
                    "entry edge"), deep
        return ("the realm has no defensible core: the regions farthest in, "
                f"{_regions_text(m, deep)}, are close to an entry; lay tiles around "
                f"{_where(m, deep)} so they move inland"), deep
    if key == "unreachable":
        lost = sorted(r for r, d in m.edge_distance.items() if d is None)
        return (f"no entry leads to {_regions_text(m, lost)}: link them to the rest (a tile "
                "touching both, or a tunnel), or make one of them an entry"), lost
    if key.startswith("symbol_distance."):
        symbol = key.split(".", 1)[1]
        where = [r for r, s in m.symbols.items() if symbol in s]
        far = sorted(where, key=lambda r: (-(m.edge_distance.get(r) or 0), r))
        word = "magic source" if symbol == "magic" else symbol
        if restricted(m):
            return (f"{_rule_cause(m)}the {word} regions lie deep from them (farthest: "
                    f"{_regions_text(m, far)}): {_entry_fix(m)}"), far
        return (f"the {word} regions lie deep (farthest: {_regions_text(m, far)}): turn "
                f"{_where(m, far[:2])} so a {word} faces the edge, or swap "
                f"one for a tile with a {word} on its outer side"), far
    if key == "articulation_points":
        texts, regions = [], []
        for rid in m.articulation_points[:2]:
            text, named = _chokepoint(m, rid)
            texts.append(text)
            regions += named
        more = len(m.articulation_points) - 2
        tail = f"; {more} more: {_list(list(m.articulation_points[2:]))}" if more > 0 else ""
        return "; ".join(texts) + tail, list(dict.fromkeys(
            [*m.articulation_points, *regions]))
    if key == "bridges":
        texts, regions = [], []
        for a, b in m.bridges[:2]:
            text, named = _bridge(m, a, b)
            texts.append(text)
            regions += named
        more = len(m.bridges) - 2
        tail = f"; {more} more" if more > 0 else ""
        return "; ".join(texts) + tail, [r for pair in m.bridges for r in pair]
    if key == "land_masses":
        pieces = _pieces_without(m, set())
        apart = [r for p in pieces[1:] for r in p]
        apart_tiles = _tiles(m, pieces[1])
        verb = "are" if len(apart_tiles or pieces[1]) > 1 else "is"
        return (f"the land is in {len(pieces)} pieces: {_side(m, pieces[1])} {verb} cut off "
                f"from {_side(m, pieces[0])}; add a tile touching both, or a tunnel "
                "between them"), apart
    if key == "degree_mean":
        fewest = min(len(v) for v in m.adjacency.values())
        thin = sorted(r for r, v in m.adjacency.items() if len(v) == fewest)
        return (f"regions have few neighbours (a corridor): {_regions_text(m, thin)} touch "
                f"only {fewest}; fill the gaps next to {_where(m, thin)} "
                "or make the realm rounder so tiles share more borders"), thin
    if key == "diameter":
        a, b, steps = _far_pair(m)
        return (f"the realm is long and thin: {_named(m, a)} and {_named(m, b)} are {steps} "
                f"steps apart; move a tile from one end (tile "
                f"{', '.join(m.tiles.get(a, ())) or a}) next to the middle"), [a, b]
    return "", []
