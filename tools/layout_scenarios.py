"""Lay out the booklet scenarios (1-12) of the Realms box as scenario files.

The booklet gives each scenario's tile letters per player count, its rules and a map
picture that is not in the texts. This script is how Realms Studio made its *own*
layouts for those letters: tiles are put on hexes ring by ring around a core (the
lower player counts' tiles in the middle, higher counts' tiles around them), then a
seeded local search over which tile of a group goes where and how it is turned joins
water parts into rivers, lakes and seas and avoids water running into land. Markers
(peaks, chasms, coin mines, entry arrows, tunnels, gold veins...) are then put on
regions chosen from the derived graph of play. The result is written canonically to
``scenarios/booklet/`` and linted.

    python tools/layout_scenarios.py            # all twelve
    python tools/layout_scenarios.py 2 7        # only these

The output is reproducible (fixed seeds); the shipped JSON files are the product and
may be touched up by hand afterwards.
"""

from __future__ import annotations

import json
import math
import random
import re
import sys
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from editor.lint.config import default_config  # noqa: E402
from editor.lint.engine import lint_document  # noqa: E402
from editor.lint.runner import lint_path  # noqa: E402
from editor.model.catalogue import default_catalogue  # noqa: E402
from editor.model.jsonio import canonical_json  # noqa: E402
from editor.model.scenario_io import parse_scenario, scenario_text  # noqa: E402
from editor.topology.derive import compass_extremes, derive_realm  # noqa: E402
from editor.topology.realm import Realm  # noqa: E402

OUT = REPO / "scenarios" / "booklet"
CAT = default_catalogue()
DIRS = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
Hex = tuple[int, int]

LAYOUT_NOTE = (
    "The booklet's map pictures are not in the rule texts: this board layout (positions, "
    "rotations, river markers, mountain pieces and marker regions) is Realms Studio's own, "
    "made by tools/layout_scenarios.py on the faces of the Realms box's tiles. The tile "
    "letters, player counts, turns and rules come from the booklet.")
RIVER_RULES_TEXT = (
    "Small World Underground river rules apply: unlike other empty regions, a river costs "
    "only 1 token to conquer, but must be emptied during the player's redeployment, so "
    "rivers cannot be occupied unless a special power allows it.")


# --- hex helpers ----------------------------------------------------------------------------

def add(h: Hex, d: int) -> Hex:
    return (h[0] + DIRS[d][0], h[1] + DIRS[d][1])


def dist(a: Hex, b: Hex = (0, 0)) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def xy(h: Hex) -> tuple[float, float]:
    """Screen position of a hex centre (x east, y south), hex size 1."""
    return (math.sqrt(3) * (h[0] + h[1] / 2), 1.5 * h[1])


def spiral(count: int, centre: Hex = (0, 0), start_angle: float = 0.0) -> list[Hex]:
    """``count`` hexes around ``centre`` by distance, then angle (so partial rings are arcs)."""
    cells = [(q, r) for q in range(-8, 9) for r in range(-8, 9)]
    cx, cy = xy(centre)

    def key(h: Hex) -> tuple[int, float]:
        x, y = xy(h)
        angle = (math.atan2(-(y - cy), x - cx) - start_angle) % (2 * math.pi)
        return (dist(h, centre), round(angle, 6))

    return sorted(cells, key=key)[:count]


def grow(core: Sequence[Hex], count: int, towards: Hex = (0, 0),
         avoid: Iterable[Hex] = ()) -> list[Hex]:
    """``count`` new hexes around ``core``, each touching the shape so far; the ones with
    most neighbours first, then closest to ``towards`` (keeps the shape round)."""
    taken = set(core)
    banned = set(avoid)
    out: list[Hex] = []
    tx, ty = xy(towards)
    for _ in range(count):
        frontier = {add(h, d) for h in taken for d in range(6)} - taken - banned
        def key(h: Hex) -> tuple[int, float, Hex]:
            x, y = xy(h)
            return (-sum(add(h, d) in taken for d in range(6)),
                    round(math.hypot(x - tx, y - ty), 6), h)
        best = min(frontier, key=key)
        taken.add(best)
        out.append(best)
    return out


# --- tile sides -----------------------------------------------------------------------------

def owner(tile: str, side: str, rot: int, direction: int, half: int) -> str:
    return CAT.side(tile, side).half_edge_owner[2 * ((direction - rot) % 6) + half]


def water_ids(tile: str, side: str) -> set[str]:
    return {r.local_id for r in CAT.side(tile, side).regions if r.is_water}


_INNER: dict[tuple[str, str], list[tuple[str, str]]] = {}


def inner_land_pairs(tile: str, side: str) -> list[tuple[str, str]]:
    """Pairs of land parts of one tile side that share a border (rotation does not matter)."""
    key = (tile, side)
    if key not in _INNER:
        import shapely
        regions = [r for r in CAT.side(tile, side).regions if not r.is_water]
        polys = {r.local_id: shapely.Polygon(r.polygon) for r in regions}
        pairs = []
        for i, a in enumerate(regions):
            for b in regions[i + 1:]:
                if polys[a.local_id].intersection(polys[b.local_id]).length > 1e-9:
                    pairs.append((a.local_id, b.local_id))
        _INNER[key] = pairs
    return _INNER[key]


# --- layout search --------------------------------------------------------------------------

class Layout:
    """Tiles of one board: hex -> (tile, rotation, min count); groups are the cumulative sets."""

    def __init__(self, side: str, groups: list[tuple[int, list[str], list[Hex]]],
                 pins: dict[str, Hex] | None = None) -> None:
        self.side = side
        self.groups = groups  # (min players, tiles, hexes) — same lengths
        self.place: dict[Hex, list[Any]] = {}
        self.pinned: set[Hex] = set()
        pins = pins or {}
        for count, tiles, hexes in groups:
            assert len(tiles) == len(hexes), (count, tiles, hexes)
            free = [h for h in hexes if h not in pins.values()]
            for tile in tiles:
                h = pins[tile] if tile in pins else free.pop(0)
                self.place[h] = [tile, 0, count]
                if tile in pins:
                    self.pinned.add(h)

    def active(self, players: int) -> dict[Hex, list[Any]]:
        return {h: v for h, v in self.place.items() if v[2] <= players}

    def seam_halves(self, players: int, directions: Iterable[int] = range(6)
                    ) -> Iterator[tuple[Hex, int, str, str]]:
        """Each half of each seam between two placed tiles: (hex, direction, part, part).

        Parts are full ids ("T.s1"); with ``directions`` = range(3) each seam comes once.
        """
        act = self.active(players)
        for h, (tile, rot, _) in act.items():
            for d in directions:
                n = add(h, d)
                if n not in act:
                    continue
                t2, r2, _ = act[n]
                for half in (0, 1):
                    a = owner(tile, self.side, rot, d, half)
                    b = owner(t2, self.side, r2, (d + 3) % 6, 1 - half)
                    yield h, d, f"{tile}.{a}", f"{t2}.{b}"

    def water_graph(self, players: int) -> tuple[dict[str, set[str]], int, int, int]:
        """Water parts joined across seams, plus counts of joins, dead ends, edge outlets."""
        act = self.active(players)
        adj: dict[str, set[str]] = defaultdict(set)
        joins = dead = outlets = 0
        for h, (tile, rot, _) in act.items():
            wet = water_ids(tile, self.side)
            for w in wet:
                adj[f"{tile}.{w}"]
            for d in range(6):
                n = add(h, d)
                for half in (0, 1):
                    mine = owner(tile, self.side, rot, d, half)
                    if mine not in wet:
                        continue
                    if n not in act:
                        outlets += 1
                        continue
                    t2, r2, _ = act[n]
                    theirs = owner(t2, self.side, r2, (d + 3) % 6, 1 - half)
                    if theirs in water_ids(t2, self.side):
                        joins += 1
                        adj[f"{tile}.{mine}"].add(f"{t2}.{theirs}")
                    else:
                        dead += 1
        return adj, joins // 2, dead, outlets


def land_pieces(layout: Layout, players: int) -> int:
    """How many pieces the land falls into when water does not connect."""
    act = layout.active(players)
    adj: dict[str, set[str]] = defaultdict(set)
    for tile, _rot, _ in act.values():
        for r in CAT.side(tile, layout.side).regions:
            if not r.is_water:
                adj[f"{tile}.{r.local_id}"]
        for a, b in inner_land_pairs(tile, layout.side):
            adj[f"{tile}.{a}"].add(f"{tile}.{b}")
            adj[f"{tile}.{b}"].add(f"{tile}.{a}")
    wet = {f"{tile}.{w}" for tile, _, _ in act.values() for w in water_ids(tile, layout.side)}
    for _h, _d, a, b in layout.seam_halves(players, range(3)):
        if a not in wet and b not in wet:
            adj[a].add(b)
            adj[b].add(a)
    return len(bodies(adj))


def connected(layout: Layout, players: int) -> float:
    return -float(land_pieces(layout, players) - 1)


SEA_CUT = 100.0


def sea_score(layout: Layout, players: int) -> float:
    """Water as seas and lakes: join it, and keep the land one piece around it."""
    return default_score(layout, players) - SEA_CUT * (land_pieces(layout, players) - 1)


def bodies(adj: dict[str, set[str]]) -> list[list[str]]:
    seen: set[str] = set()
    out = []
    for start in sorted(adj):
        if start in seen:
            continue
        stack, comp = [start], []
        seen.add(start)
        while stack:
            cur = stack.pop()
            comp.append(cur)
            for n in adj[cur]:
                if n not in seen:
                    seen.add(n)
                    stack.append(n)
        out.append(sorted(comp))
    return out


Score = Callable[[Layout, int], float]


def default_score(layout: Layout, players: int) -> float:
    adj, joins, dead, outlets = layout.water_graph(players)
    comps = bodies(adj)
    singles = sum(1 for c in comps if len(c) == 1)
    return 3.0 * joins - 2.0 * dead - 1.0 * len(comps) - 1.0 * singles + 0.1 * outlets


def _anneal(layout: Layout, rng: random.Random, fn: Score, judged: Sequence[int],
            movable: Sequence[Hex], turnable: Sequence[Hex], budget: int,
            floor: float | None, hard: Score | None, temp0: float,
            until_zero: bool = False) -> None:
    """Simulated annealing on turns (of ``turnable``) and swaps (within ``movable``)."""
    def measure(f: Score) -> float:
        return sum(f(layout, n) for n in judged)

    current = measure(fn)
    for step in range(budget):
        if until_zero and current >= 0:
            return
        temp = temp0 * (1 - step / budget) + 0.05
        if rng.random() < 0.6 or len(movable) < 2:
            h = rng.choice(list(turnable))
            move: tuple[Any, ...] = (h, layout.place[h][1])
            layout.place[h][1] = rng.randrange(6)
        else:
            a, b = rng.sample(list(movable), 2)
            move = (a, b, layout.place[a], layout.place[b])
            layout.place[a], layout.place[b] = move[3], move[2]
        if floor is not None and hard is not None and measure(hard) < floor:
            _undo(layout, move)
            continue
        new = measure(fn)
        if new >= current or rng.random() < math.exp((new - current) / temp):
            current = new
        else:
            _undo(layout, move)


def _undo(layout: Layout, move: tuple[Any, ...]) -> None:
    if len(move) == 2:
        layout.place[move[0]][1] = move[1]
    else:
        layout.place[move[0]], layout.place[move[1]] = move[2], move[3]


def optimise(layout: Layout, counts: Sequence[int], score: Score = default_score,
             seed: int = 1, steps: int = 4000, hard: Score | None = None) -> None:
    """Group by group, lowest player count first: each group's tiles are swapped among its
    hexes and turned to make the board at that count score best, the core staying fixed.
    ``hard`` (0 is best, lower is worse) is reached first and then never made worse."""
    rng = random.Random(seed)
    for v in layout.place.values():
        v[1] = rng.randrange(6)
    for count, _, hexes in layout.groups:
        movable = [h for h in hexes if h not in layout.pinned]
        turnable = list(hexes)
        judged = [n for n in counts if n == count] or [count]
        per_group = max(3000, steps * len(hexes) // max(1, len(layout.place)))
        floor = None
        if hard is not None:
            _anneal(layout, rng, hard, judged, movable, turnable, per_group * 2, None, None,
                    0.5, until_zero=True)
            floor = sum(hard(layout, n) for n in judged)
        _anneal(layout, rng, score, judged, movable, turnable, per_group, floor, hard, 3.0)


# --- scenario assembly ----------------------------------------------------------------------

def presence(count: int, lowest: int) -> dict[str, Any]:
    return {} if count <= lowest else {"min_players": count}


def placements(layout: Layout, lowest: int, exact: Sequence[int] | None = None
               ) -> list[dict[str, Any]]:
    out = []
    for h, (tile, rot, count) in sorted(layout.place.items(), key=lambda kv: (kv[1][2], kv[1][0])):
        item = {"tile": tile, "side": layout.side, "q": h[0], "r": h[1], "rotation": rot}
        if exact is not None:
            item["players"] = list(exact)
        else:
            item.update(presence(count, lowest))
        out.append(item)
    return out


def realm_of(data: dict[str, Any], players: int) -> Realm:
    loaded = parse_scenario(canonical_json(data), "<layout>", OUT)
    return derive_realm(loaded, players)


def neighbours(realm: Realm, rid: str) -> list[str]:
    return sorted(realm.graph.neighbors(rid)) if rid in realm.graph else []


def land(realm: Realm, board: str | None = None) -> list[str]:
    return sorted(rid for rid, r in realm.regions.items()
                  if r.is_land and not r.chasm and (board is None or r.board == board))


def centre_of(realm: Realm, rids: Iterable[str]) -> tuple[float, float]:
    pts = [realm.regions[r].centroid for r in rids]
    return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))


def spread(realm: Realm, candidates: Sequence[str], k: int, avoid: Iterable[str] = (),
           first: str | None = None) -> list[str]:
    """``k`` regions far from each other and from ``avoid`` (farthest-point sampling)."""
    chosen: list[str] = []
    anchors = list(avoid)
    pool = [c for c in candidates if c not in anchors]
    if first is not None:
        chosen.append(first)
        pool.remove(first)
    while len(chosen) < k and pool:
        ref = chosen + anchors
        if not ref:
            cx, cy = centre_of(realm, pool)
            best = min(pool, key=lambda c: (math.dist(realm.regions[c].centroid, (cx, cy)), c))
        else:
            best = max(pool, key=lambda c: (min(math.dist(realm.regions[c].centroid,
                                                          realm.regions[o].centroid)
                                                for o in ref), c))
        chosen.append(best)
        pool.remove(best)
    return chosen


def base(number: int, title: str, stars: int, world: str, pmin: int, pmax: int,
         turns: dict[int, int], fr: str | None, notes: str, **extra: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format_version": 2,
        "id": f"booklet-{number:02d}",
        "title": title,
        "stars": stars,
        "world": world,
        "players": {"min": pmin, "max": pmax},
        "author": "Realms booklet scenario; layout by Realms Studio",
        "notes": notes,
        "layout_note": LAYOUT_NOTE,
        "boards": [],
    }
    if turns:
        data["turns"] = {str(k): v for k, v in sorted(turns.items())}
    if world in ("underground", "both"):
        data["expansions"] = ["underground"]
    if fr:
        data["translations"] = {"fr": {"title": fr}}
    data.update(extra)
    return data


def cumulative(groups: list[tuple[int, str]], shape: Callable[[list[int]], list[list[Hex]]]
               ) -> list[tuple[int, list[str], list[Hex]]]:
    sizes = [len(t.split()) for _, t in groups]
    hexes = shape(sizes)
    return [(n, t.split(), hs) for (n, t), hs in zip(groups, hexes, strict=True)]


def ring_shape(sizes: list[int], start_angle: float = 0.0) -> list[list[Hex]]:
    """Core around (0, 0), each further group grown around what is there."""
    out: list[list[Hex]] = []
    taken: list[Hex] = []
    for i, size in enumerate(sizes):
        cells = spiral(size, start_angle=start_angle) if i == 0 else grow(taken, size)
        out.append(cells)
        taken += cells
    return out


def river_markers_for(layout: Layout, counts: Sequence[int], budget: int, seg: int = 3
                      ) -> list[dict[str, Any]]:
    """Split long water bodies (at the largest count) into stretches of about ``seg`` parts
    with river-border markers (attached to the tile of lower ``min players``)."""
    top = max(counts)
    act = layout.active(top)
    adj, *_ = layout.water_graph(top)
    seam_of = water_seams(layout, top)
    markers: list[dict[str, Any]] = []
    for comp in sorted(bodies(adj), key=len, reverse=True):
        if len(comp) <= seg + 1:
            continue
        # walk the body from an end (a part with the fewest water neighbours), cutting
        ends = sorted(comp, key=lambda p: (len(adj[p]), p))
        order: list[str] = []
        seen = {ends[0]}
        stack = [ends[0]]
        while stack:
            cur = stack.pop()
            order.append(cur)
            for n in sorted(adj[cur]):
                if n not in seen:
                    seen.add(n)
                    stack.append(n)
        run = 0
        for i in range(1, len(order)):
            run += 1
            prev, cur = order[i - 1], order[i]
            key = frozenset((prev, cur))
            if run >= seg and key in seam_of and len(comp) - i >= 2 and len(markers) < budget:
                h, d = seam_of[key]
                tile, rot, count = act[h]
                n = add(h, d)
                t2, r2, c2 = act[n]
                # attach to the later tile so the marker appears with the seam
                if c2 > count:
                    h, d, tile, rot, count = n, (d + 3) % 6, t2, r2, c2
                item = {"tile": tile, "edge": (d - rot) % 6}
                if count > min(counts):
                    item["min_players"] = count
                markers.append(item)
                run = 0
    return markers


def lint_data(data: dict[str, Any]) -> list[Any]:
    loaded = parse_scenario(canonical_json(data), "<layout>", OUT)
    return lint_document(loaded, default_config(), None)


def mountain_marker(realm: Realm, rid: str, count: int, lowest: int) -> dict[str, Any]:
    item: dict[str, Any] = {"kind": "mountain", "region": rid, **presence(count, lowest)}
    for sym in realm.regions[rid].symbols:
        if sym in ("cavern", "mine", "magic"):
            item["symbol"] = sym
    return item


def first_run(data: dict[str, Any], lowest: int) -> tuple[Any, int] | None:
    """The first long run of empty land lint reports (B006) and the lowest player count it
    appears at; None when there is none."""
    runs = [f for f in lint_data(data) if f.code == "B006"]
    if not runs:
        return None
    f = runs[0]
    return f, (f.player_counts[0] if f.player_counts else lowest)


def break_runs(data: dict[str, Any], board: int, lowest: int, kind: str = "mountain",
               limit: int = 12) -> None:
    """Break each long run of empty land (B006) with a mountain (or black mountain) in its
    middle, at the lowest player count the run appears."""
    for _ in range(limit):
        first = first_run(data, lowest)
        if first is None:
            return
        f, count = first
        realm = realm_of(data, count)
        run = [r for r in f.regions if realm.regions[r].board == data["boards"][board]["id"]]
        if not run:
            run = list(f.regions)
        tally: dict[str, int] = defaultdict(int)
        for r in land(realm):
            tally[realm.regions[r].terrain] += 1
        inner = run[1:-1] or run
        mid = max(inner, key=lambda r: (tally[realm.regions[r].terrain],
                                        -abs(run.index(r) - len(run) // 2), r))
        crowded = False
        for later in range(count, data["players"]["max"] + 1):
            rl = realm_of(data, later)
            hills = [r for r in land(rl) if rl.regions[r].terrain == "mountain"]
            crowded |= len(hills) + 1 > len(land(rl)) / 5 + 1.5
        if crowded:
            mid = min(inner, key=lambda r: (realm.regions[r].terrain == "mountain",
                                            -abs(run.index(r) - len(run) // 2), r))
            item = {"kind": "lost_tribe", "region": mid, **presence(count, lowest)}
        else:
            item = mountain_marker(realm, mid, count, lowest)
            item["kind"] = kind
        data["boards"][board].setdefault("markers", []).append(
            with_presence(item, data, count))


B003 = re.compile(r"terrain (\w+) on \d+ of \d+( underground)? land regions.*; (add|remove) ")


def board_of_world(data: dict[str, Any], underground: bool) -> int | None:
    for index, board in enumerate(data["boards"]):
        if (board["kind"] == "underground") == underground and board.get("tiles"):
            return index
    return None


def balance_mountains(data: dict[str, Any], limit: int = 80) -> None:
    """Mountains are pieces: lay (or lift) mountain pieces until each world's terrains are
    near a fifth of its land (B003) at every count. A terrain with too many regions gets a
    mountain on one of them; too few mountains, one on the most common terrain; too many,
    the last piece laid there is lifted; too few of a printed terrain, a piece laid on it
    is lifted. Black mountains underground. Stops when no finding can be helped."""
    for _ in range(limit):
        hits = [f for f in lint_data(data) if f.code == "B003"]
        if not any(_mountain_step(data, f) for f in hits):
            return


def _mountain_step(data: dict[str, Any], f: Any) -> bool:
    """One piece laid or lifted for the B003 finding ``f``; False if it cannot be helped."""
    lowest = data["players"]["min"]
    match = B003.search(f.message)
    if match is None:
        return False
    terrain, below, verb = match.group(1), bool(match.group(2)), match.group(3)
    count = f.player_counts[0] if f.player_counts else lowest
    index = board_of_world(data, below) if any(
        b["kind"] == "underground" for b in data["boards"]) else 0
    if index is None:
        return False
    board = data["boards"][index]
    kind = "black_mountain" if board["kind"] == "underground" else "mountain"
    realm = realm_of(data, count)
    busy = used_regions(data, count)
    mine = [r for r in land(realm, board["id"]) if r not in busy
            and realm.regions[r].terrain != "mountain"
            and "lost_tribe" not in realm.regions[r].symbols]

    def liftable(m: dict[str, Any]) -> bool:
        return (m["kind"] in ("mountain", "black_mountain")
                and m.get("min_players", lowest) <= count
                and count in m.get("players", [count]) and m.get("region") in realm.regions
                and not any(p["kind"] == "peak" and p.get("region") == m["region"]
                            for p in board.get("markers", [])))

    if terrain == "mountain" and verb == "remove":
        laid = [m for m in board.get("markers", []) if liftable(m)]
        if not laid:
            return False
        board["markers"].remove(laid[-1])
        return True
    if terrain == "mountain":
        tally: dict[str, int] = defaultdict(int)
        for r in land(realm, board["id"]):
            tally[realm.regions[r].terrain] += 1
        fifth = len(land(realm, board["id"])) / 5
        above = [r for r in mine if tally[realm.regions[r].terrain] > fifth]
        mine = sorted(above or mine, key=lambda r: (-tally[realm.regions[r].terrain], r))
    elif verb == "remove":
        mine = sorted(r for r in mine if realm.regions[r].terrain == terrain)
    else:  # too few of a printed terrain: lift a mountain piece laid on it
        covering = [m for m in board.get("markers", []) if liftable(m)
                    and realm.regions[m["region"]].base_terrain == terrain]
        if not covering:
            return False
        board["markers"].remove(covering[-1])
        return True
    if not mine:
        return False
    same = [m["region"] for m in all_markers(data) if m["kind"] == kind
            and m.get("region") in realm.regions]
    pick = spread(realm, mine, 1, avoid=same)[0] if len(mine) > 1 else mine[0]
    item = {**mountain_marker(realm, pick, count, lowest), "kind": kind}
    board.setdefault("markers", []).append(with_presence(item, data, count))
    return True


SYMBOLS_FIXED = (
    "{message}: the booklet's tiles for this player count print these symbols, and its "
    "tile letters cannot change{split}; the 1/5 rule is the booklet's advice for building "
    "a realm ('about'), not a rule of play.")


def symbol_ignores(data: dict[str, Any]) -> None:
    """What mountain pieces cannot fix: a symbol off a fifth (B004), from the booklet's own
    tile set, is suppressed for its player counts with the reason."""
    split = (" (which of them go underground is this layout's choice)"
             if len(data["boards"]) > 1 and data.get("world") == "both" else "")
    for f in lint_data(data):
        if f.code != "B004":
            continue
        message = f.message.split(" (for ")[0]
        data.setdefault("lint", {}).setdefault("ignore", []).append(
            {"code": "B004", "players": list(f.player_counts),
             "reason": SYMBOLS_FIXED.format(message=message, split=split)})


def with_presence(item: dict[str, Any], data: dict[str, Any], count: int) -> dict[str, Any]:
    """``item`` laid for ``count``, its presence (if any) replaced by :func:`piece_presence`."""
    kept = {k: v for k, v in item.items() if k not in ("min_players", "players")}
    return {**kept, **piece_presence(data, count)}


def piece_presence(data: dict[str, Any], count: int) -> dict[str, Any]:
    """When a piece laid for ``count`` is on the table: from that count up, or only at that
    count in a scenario whose counts each have a layout of their own (booklet 8)."""
    exact = any("players" in t for b in data["boards"] for t in b.get("tiles", []))
    return {"players": [count]} if exact else presence(count, data["players"]["min"])


def tribes_for_runs(data: dict[str, Any], limit: int = 40) -> None:
    """Break what runs of empty land are left (B006) with a Lost Tribe token in the run's
    middle, while the base game's 18 tokens last at that count."""
    lowest = data["players"]["min"]
    for _ in range(limit):
        first = first_run(data, lowest)
        if first is None:
            return
        f, count = first
        tribes = sum(1 for m in all_markers(data) if m["kind"] == "lost_tribe"
                     and m.get("min_players", lowest) <= count
                     and count in m.get("players", [count]))
        if tribes >= 18:
            return
        realm = realm_of(data, count)
        mountains = {m.get("region") for m in all_markers(data)
                     if m["kind"] in ("mountain", "black_mountain")}
        run = [r for r in f.regions if r not in mountains] or list(f.regions)
        mid = run[len(run) // 2]
        board = next(i for i, b in enumerate(data["boards"])
                     if b["id"] == realm.regions[mid].board)
        data["boards"][board].setdefault("markers", []).append(
            {"kind": "lost_tribe", "region": mid, **piece_presence(data, count)})


def write(data: dict[str, Any], name: str) -> Path:
    balance_mountains(data)
    tribes_for_runs(data)
    symbol_ignores(data)
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / name
    loaded = parse_scenario(canonical_json(data), name, OUT)
    path.write_text(scenario_text(loaded.scenario), encoding="utf-8")
    return path


def report(path: Path) -> int:
    findings = lint_path(path)
    for f in findings:
        print(f"  {f.code} {f.severity} {f.message}")
    return len(findings)


# --- marker helpers -------------------------------------------------------------------------

def all_markers(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [m for b in data["boards"] for m in b.get("markers", [])]


def used_regions(data: dict[str, Any], players: int) -> set[str]:
    out = set()
    for m in all_markers(data):
        if "region" in m and m.get("min_players", 0) <= players and \
                players in m.get("players", [players]):
            out.add(m["region"])
    return out


def keeps_connected(realm: Realm, rid: str, removed: Iterable[str] = ()) -> bool:
    import networkx as nx
    gone = {rid, *removed}
    keep = [r for r, reg in realm.regions.items() if r not in gone and not reg.chasm
            and not reg.impassable and (reg.is_land or reg.water_kind == "river")]
    graph = realm.graph.subgraph(keep)
    return nx.is_connected(graph) if keep else False


def add_per_count(data: dict[str, Any], board: int, kind: str, counts: Sequence[int],
                  new: dict[int, int], ok: Callable[[Realm, str], bool],
                  extra: dict[str, Any] | None = None) -> list[str]:
    """Add ``new[n]`` markers of ``kind`` at count n (min_players n), spread out."""
    lowest = min(counts)
    chosen: list[str] = []
    for n in counts:
        k = new.get(n, 0)
        if not k:
            continue
        realm = realm_of(data, n)
        busy = used_regions(data, n)
        same = [m["region"] for m in all_markers(data) if m["kind"] == kind
                and m.get("min_players", 0) <= n]
        cands = [r for r in land(realm) if r not in busy and ok(realm, r)]
        picks = spread(realm, cands, k, avoid=same)
        for rid in picks:
            item = {"kind": kind, "region": rid, **(extra or {}), **presence(n, lowest)}
            data["boards"][board].setdefault("markers", []).append(item)
            chosen.append(rid)
    return chosen


def plain(realm: Realm, rid: str) -> bool:
    r = realm.regions[rid]
    return r.terrain != "mountain" and not set(r.symbols) - {"lost_tribe"} \
        and "lost_tribe" not in r.symbols


def bare_mountain(realm: Realm, rid: str) -> bool:
    r = realm.regions[rid]
    return r.terrain == "mountain" and not r.symbols and "peak" not in r.marker_kinds()


def inland(realm: Realm, rid: str) -> bool:
    return not realm.regions[rid].board_edge


def land_layout(side: str, groups: list[tuple[int, str]], counts: Sequence[int],
                shape: Callable[[list[int]], list[list[Hex]]] = ring_shape,
                score: Score = default_score, seed: int = 1,
                pins: dict[str, Hex] | None = None, steps: int = 6000,
                restarts: int = 3) -> Layout:
    """The best of a few seeded searches."""
    best: tuple[float, Layout] | None = None
    for k in range(restarts):
        layout = Layout(side, cumulative(groups, shape), pins)
        optimise(layout, counts, score, seed=seed * 10 + k, steps=steps,
                 hard=connected if score is sea_score else None)
        value = sum(score(layout, n) for n in counts)
        if best is None or value > best[0]:
            best = (value, layout)
    assert best is not None
    return best[1]


# --- the twelve scenarios -------------------------------------------------------------------

def s01() -> tuple[dict[str, Any], str]:
    counts = [2, 3, 4, 5, 6]
    groups = [(2, "C D F L O R T X Y"), (3, "H I Q W"), (4, "E K N P Z"), (5, "B J M V"),
              (6, "A G S U")]
    layout = land_layout("surface", groups, counts, seed=101)
    data = base(1, "My Precious (World)!", 1, "surface", 2, 6, {}, "Mon(de) Précieux...",
                "A nice introductory scenario to discover Rivers and Chasms, and to reach new "
                "Peaks. " + RIVER_RULES_TEXT,
                water={"river_rules": True, "default_kind": "river", "merge": "seams"})
    data["boards"].append({"id": "surface", "kind": "surface",
                           "tiles": placements(layout, 2),
                           "river_markers": river_markers_for(layout, counts, 4)})
    peaks_per_count(data, 0, counts, {2: 1, 4: 1, 6: 1})
    for n in (2, 4, 6):  # a chasm on plain land if there is one, else on any flat land
        for ok in (lambda rl, r: plain(rl, r) and inland(rl, r),
                   lambda rl, r: rl.regions[r].terrain != "mountain" and inland(rl, r),
                   lambda rl, r: rl.regions[r].terrain != "mountain"):
            def fits(rl: Realm, r: str, ok: Callable[[Realm, str], bool] = ok) -> bool:
                return ok(rl, r) and keeps_connected(rl, r)
            if add_per_count(data, 0, "chasm", counts, {n: 1}, fits):
                break
    break_runs(data, 0, 2)
    lost_tribe_ignore(data, [6])
    return data, "01-my-precious-world.realm.json"


LOST_TRIBES_6P = (
    "Realms Studio's own catalogue prints lost-tribe marks on about 0.38 of the land regions, "
    "so this 6-player tile set carries {n} marks, more than the base game's 18 Lost Tribe "
    "tokens: at 6 players leave the surplus marks of the outermost tiles empty (or use a "
    "second box). The booklet's letters cannot change.")


def lost_tribe_ignore(data: dict[str, Any], counts: Sequence[int]) -> None:
    """Suppress I001 (lost tribes only) where the printed marks exceed the 18 tokens."""
    for n in counts:
        realm = realm_of(data, n)
        marks = sum(1 for r in realm.regions.values()
                    if "lost_tribe" in r.symbols or "lost_tribe" in r.marker_kinds())
        if marks > 18:
            data.setdefault("lint", {}).setdefault("ignore", []).append(
                {"code": "I001", "players": [n],
                 "reason": LOST_TRIBES_6P.format(n=marks)})


def peaks_per_count(data: dict[str, Any], board: int, counts: Sequence[int],
                    new: dict[int, int]) -> list[str]:
    """Peaks on bare mountains; where there are too few, lay a mountain first."""
    lowest = min(counts)
    out = []
    for n in counts:
        for _ in range(new.get(n, 0)):
            realm = realm_of(data, n)
            busy = used_regions(data, n)
            peaks = [m["region"] for m in all_markers(data) if m["kind"] == "peak"
                     and m.get("min_players", 0) <= n]
            cands = [r for r in land(realm) if r not in busy and bare_mountain(realm, r)]
            if not cands:
                flat = [r for r in land(realm) if r not in busy and inland(realm, r)
                        and not realm.regions[r].symbols]
                site = spread(realm, flat, 1, avoid=peaks)[0]
                data["boards"][board].setdefault("markers", []).append(
                    {"kind": "mountain", "region": site, **presence(n, lowest)})
            else:
                site = spread(realm, cands, 1, avoid=peaks)[0]
            data["boards"][board].setdefault("markers", []).append(
                {"kind": "peak", "region": site, **presence(n, lowest)})
            out.append(site)
    return out


# Life Is a Long River: one river from the west edge to the east edge at every count.
# Each count's tiles hold exactly two water tiles, one with a water third and one with
# two: one goes on each end of the river, so the river grows by a tile at both ends and
# its ends stay on the board's edge. The river zigzags between two hex rows (every bend
# a 120-degree turn, which a tile with one water third can make); each count's land
# tiles go one in the row above the river and one in the row below, at opposite ends,
# so every count's board is a band with the river across its middle.
RIVER_PATH: list[Hex] = [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1), (3, 0), (3, 1),
                         (4, 0), (4, 1), (5, 0), (5, 1)]
# water sides (board directions) of a river tile in the top row (in from SW, out SE) and
# in the bottom row (in from NW, out NE); a tile with two water thirds has two more
# sides of water, turned so they face land and never the next tile of its own row
# (which would close the river into a loop)
RIVER_SIDES = {(0, 1): {4, 5}, (0, 2): {4, 5, 0, 1}, (1, 1): {1, 2}, (1, 2): {5, 0, 1, 2}}
# (count, river tiles for the west and east ends, land hexes above and below the river)
RIVER_GROWTH: list[tuple[int, list[Hex], list[Hex]]] = [
    (2, RIVER_PATH[4:8], [(2, -1), (3, -1), (2, 2), (3, 2)]),
    (3, [RIVER_PATH[3], RIVER_PATH[8]], [(4, -1), (1, 2)]),
    (4, [RIVER_PATH[2], RIVER_PATH[9]], [(1, -1), (4, 2)]),
    (5, [RIVER_PATH[1], RIVER_PATH[10]], [(5, -1), (0, 2)]),
    (6, [RIVER_PATH[0], RIVER_PATH[11]], [(0, -1), (5, 2)]),
]


def water_thirds(tile: str, side: str) -> int:
    """How many of a tile side's six edges are water, in thirds (0 to 3)."""
    wet = water_ids(tile, side)
    return sum(owner(tile, side, 0, d, 0) in wet for d in range(6)) // 2


def river_band(groups: list[tuple[int, str]], seed: int) -> Layout:
    """The river band (see RIVER_PATH): each group's water tiles on its river hexes, in
    the order given (west end first), turned to carry the river; its land tiles on its
    land hexes, turned at random (seeded)."""
    rng = random.Random(seed)
    shaped: list[tuple[int, list[str], list[Hex]]] = []
    turns: dict[str, int] = {}
    for (count, letters), (grown, river, ground) in zip(groups, RIVER_GROWTH, strict=True):
        assert count == grown, (count, grown)
        tiles = letters.split()
        wet = [t for t in tiles if water_thirds(t, "surface")]
        dry = [t for t in tiles if not water_thirds(t, "surface")]
        assert len(wet) == len(river) and len(dry) == len(ground), (count, wet, dry)
        shaped.append((count, wet + dry, river + ground))
        for tile, h in zip(wet, river, strict=True):
            want = RIVER_SIDES[(h[1], water_thirds(tile, "surface"))]
            water = water_ids(tile, "surface")
            turns[tile] = next(rot for rot in range(6) if {
                d for d in range(6) if owner(tile, "surface", rot, d, 0) in water} == want)
        for tile in dry:
            turns[tile] = rng.randrange(6)
    layout = Layout("surface", shaped)
    for v in layout.place.values():
        v[1] = turns[v[0]]
    return layout


def s02() -> tuple[dict[str, Any], str]:
    counts = [2, 3, 4, 5, 6]
    # each group's water tiles west end first; a river end in the top row gets the tile
    # with one water third, whose two land thirds border it (the other tile's spare water
    # sides would face off the board there, leaving the end one land neighbour)
    groups = [(2, "R U S Y A C G L"), (3, "V M B J"), (4, "Z N E K"), (5, "W Q H I"),
              (6, "X O D F")]
    layout = river_band(groups, seed=202)
    data = base(2, "Life Is a Long \u2013 But Not So Quiet \u2013 River", 1, "surface", 2, 6,
                {2: 10, 3: 10, 4: 9, 5: 8, 6: 8},
                "La vie est un long fleuve (à peine) tranquille",
                RIVER_RULES_TEXT + " Unless a special power lets them enter anywhere, new "
                "races must enter through one of the 6 regions marked with an arrow: the 2 "
                "ends of the river and the 4 regions immediately bordering them (the arrows "
                "on the river ends are river regions, conquered under the river rules; the "
                "4 land regions are the usual first conquests).",
                water={"river_rules": True, "default_kind": "river", "merge": "seams"},
                entry={"rules": [{"kind": "arrows"}], "exempt_powers": ["Flying"]})
    rivers: list[dict[str, Any]] = []
    data["boards"].append({"id": "surface", "kind": "surface",
                           "tiles": placements(layout, 2), "river_markers": rivers})
    # per count: the longest river from end to end, cut into stretches; its two end
    # stretches and two land regions beside each carry the entry arrows
    for n in counts:
        adj, *_ = layout.water_graph(n)
        path = longest_path(adj, max(bodies(adj), key=len))
        seams = water_seams(layout, n)
        cuts = [1, len(path) - 1, *range(3, len(path) - 2, 3)]
        pairs = [frozenset((path[i - 1], path[i])) for i in sorted(set(cuts))]
        # each end is a stretch of its own even where the body has a loop: cut every seam
        # of an end part, then the path's own cuts, within the box's 6 markers
        ends = [frozenset((e, q)) for e in (path[0], path[-1]) for q in sorted(adj[e])]
        for pair in list(dict.fromkeys(ends + pairs))[:6]:
            h, d = seams[pair]
            tile, rot, _ = layout.place[h]
            rivers.append({"tile": tile, "edge": (d - rot) % 6, "players": [n]})
        realm = realm_of(data, n)
        chosen: list[str] = []  # 4 distinct land regions by the ends (2 each where possible)
        spare: list[str] = []
        first = realm.resolve(path[0])
        last = next((i for i in range(len(path) - 1, 0, -1)
                     if realm.resolve(path[i]) != first), len(path) - 1)
        for end, inner in ((path[0], path[1]), (path[last], path[last - 1])):
            rid = realm.resolve(end)
            data["boards"][0].setdefault("markers", []).append(
                {"kind": "entry_arrow", "region": rid, "players": [n]})
            near = [r for r in neighbours(realm, rid) if realm.regions[r].is_land
                    and r not in chosen]
            near.sort(key=lambda r: (not realm.regions[r].board_edge,
                                     realm.resolve(inner) in neighbours(realm, r), r))
            chosen += near[:2]
            spare += near[2:] + sorted(r for r in neighbours(realm, realm.resolve(inner))
                                       if realm.regions[r].is_land)
        for r in spare:
            if len(chosen) < 4 and r not in chosen:
                chosen.append(r)
        for r in chosen:
            data["boards"][0]["markers"].append(
                {"kind": "entry_arrow", "region": r, "players": [n]})
    merge_river_markers(data)
    merge_players(data)
    break_runs(data, 0, 2)
    lost_tribe_ignore(data, counts)
    return data, "02-life-is-a-long-river.realm.json"


def longest_path(adj: dict[str, set[str]], body: list[str]) -> list[str]:
    """The longest simple path through a (small) water body, by depth-first search."""
    best: list[str] = []

    def walk(path: list[str]) -> None:
        nonlocal best
        if len(path) > len(best):
            best = list(path)
        for nxt in sorted(adj[path[-1]]):
            if nxt not in path:
                path.append(nxt)
                walk(path)
                path.pop()

    for start in body:
        walk([start])
    return best


def water_seams(layout: Layout, players: int) -> dict[frozenset[str], tuple[Hex, int]]:
    """Seam (hex, board direction) between each pair of joined water parts."""
    act = layout.active(players)
    wet = {f"{tile}.{w}" for tile, _, _ in act.values() for w in water_ids(tile, layout.side)}
    return {frozenset((a, b)): (h, d) for h, d, a, b in layout.seam_halves(players)
            if a in wet and b in wet}


def merge_river_markers(data: dict[str, Any]) -> None:
    for board in data["boards"]:
        merged: dict[tuple[str, int], dict[str, Any]] = {}
        for m in board.get("river_markers", []):
            key = (m["tile"], m["edge"])
            if key in merged:
                merged[key]["players"] = sorted(set(merged[key]["players"]) | set(m["players"]))
            else:
                merged[key] = dict(m)
        out = list(merged.values())
        for m in out:
            ps = m.get("players")
            if ps and ps == list(range(ps[0], data["players"]["max"] + 1)):
                del m["players"]
                if ps[0] > data["players"]["min"]:
                    m["min_players"] = ps[0]
        board["river_markers"] = out


def merge_players(data: dict[str, Any]) -> None:
    """Markers that differ only by ``players`` become one marker with all the counts."""
    for board in data["boards"]:
        merged: dict[str, dict[str, Any]] = {}
        out = []
        for m in board.get("markers", []):
            if "players" not in m:
                out.append(m)
                continue
            key = json.dumps({k: v for k, v in m.items() if k != "players"}, sort_keys=True)
            if key in merged:
                merged[key]["players"] = sorted(set(merged[key]["players"]) | set(m["players"]))
            else:
                merged[key] = m
                out.append(m)
        for m in out:
            ps = m.get("players")
            if ps and ps == list(range(ps[0], data["players"]["max"] + 1)):
                del m["players"]
                if ps[0] > data["players"]["min"]:
                    m["min_players"] = ps[0]
        board["markers"] = out


def eastern_regions(layout: Layout, players: int) -> list[str]:
    """The easternmost regions, as the entry rules read "westernmost" mirrored: land
    holding an outer E, NE or SE side of a tile with no tile further east in its row."""
    act = layout.active(players)
    furthest = compass_extremes(act)["east"]
    out = set()
    for h, (tile, rot, _) in act.items():
        if h not in furthest:
            continue
        for d in (0, 1, 5):
            if add(h, d) in act:
                continue
            for half in (0, 1):
                lid = owner(tile, layout.side, rot, d, half)
                if lid not in water_ids(tile, layout.side):
                    out.add(f"{tile}.{lid}")
    return sorted(out)


def band_row(r: int, columns: Iterable[int]) -> list[Hex]:
    """Hexes of row ``r`` at columns ``columns``: odd rows sit half a hex east, so the
    columns make straight west and east edges."""
    return [(c - r // 2, r) for c in columns]


def east_band(sizes: list[int]) -> list[list[Hex]]:
    """Go East: a band with straight west and east edges, widened to the east at 5 players."""
    shapes = [band_row(0, range(4)) + band_row(1, range(4)), band_row(-1, range(1, 4)),
              band_row(2, range(4)), [h for r in (-1, 0, 1, 2) for h in band_row(r, [4])],
              band_row(3, range(1, 5))]
    assert [len(s) for s in shapes] == sizes, sizes
    return shapes


def s03() -> tuple[dict[str, Any], str]:
    counts = [2, 3, 4, 5, 6]
    groups = [(2, "A D F G N O U X"), (3, "C E K"), (4, "B J M V"), (5, "H I S W"),
              (6, "L Q R Y")]
    layout = land_layout("surface", groups, counts, shape=east_band, score=sea_score,
                         seed=303, restarts=8)
    data = base(3, "Go East", 1, "surface", 2, 6, {}, "À l'est, du nouveau",
                "Set-up: a Victory Coin Mine on each of the easternmost regions. Unless a "
                "special power lets them enter anywhere, new races may only enter through the "
                "western edges of the westernmost regions. Active races occupying the "
                "easternmost regions score 1 extra Victory Coin per such region in their "
                "scoring phase, as the mines (left on the board) remind everyone.",
                entry={"rules": [{"kind": "compass_edge", "side": "west"}],
                       "exempt_powers": ["Flying"]},
                scoring=[{"kind": "coin_mine", "coins": 1,
                          "text": "Active races score 1 extra Victory Coin per easternmost "
                                  "region (Victory Coin Mine) they occupy."}])
    data["boards"].append({"id": "surface", "kind": "surface",
                           "tiles": placements(layout, 2),
                           "river_markers": river_markers_for(layout, counts, 3)})
    for n in counts:
        for rid in eastern_regions(layout, n)[:10]:
            data["boards"][0].setdefault("markers", []).append(
                {"kind": "coin_mine", "region": rid, "players": [n]})
    merge_players(data)
    break_runs(data, 0, 2)
    lost_tribe_ignore(data, counts)
    return data, "03-go-east.realm.json"


def s04() -> tuple[dict[str, Any], str]:
    counts = [3, 4, 5, 6]
    groups = [(3, "D E F I J K L M O P V X Y"), (4, "A B R"), (5, "C H Q W"),
              (6, "G U N S Z")]
    layout = land_layout("surface", groups, counts, seed=404)
    data = base(4, "I've Been to the Mountaintop", 1, "surface", 3, 6,
                {3: 10, 4: 9, 5: 8, 6: 8}, "Là-haut sur la montagne",
                "Set-up: 4 Victory Coins of value 1 on top of each Peak. " + RIVER_RULES_TEXT +
                " A player whose active or in-decline race occupies a Peak takes 1 Victory "
                "Coin from each occupied Peak at the end of his turn (until they run out). "
                "Each time a player goes into decline, after scoring he takes 3 Victory Coins "
                "of value 1 from the stash and puts them on the Peaks of his choice, not all 3 "
                "on the same Peak.",
                water={"river_rules": True, "default_kind": "river", "merge": "seams"},
                setup={"peak_coins": {"per_peak": 4, "reseed_on_decline": True}},
                scoring=[{"kind": "peak_coins",
                          "text": "At the end of your turn take 1 coin from each Peak your "
                                  "active or in-decline races occupy; on going into decline "
                                  "put 3 coins on the Peaks, not all on one.",
                          "options": {"reseed_coins": 3, "reseed_max_per_peak": 2}}])
    data["boards"].append({"id": "surface", "kind": "surface",
                           "tiles": placements(layout, 3),
                           "river_markers": river_markers_for(layout, counts, 4)})
    peaks_per_count(data, 0, counts, {3: 3, 5: 1})
    break_runs(data, 0, 3)
    lost_tribe_ignore(data, counts)
    return data, "04-ive-been-to-the-mountaintop.realm.json"


THRONE_LINK = "borders the Peak"  # drawn on the board: short (the notes say why)


def s05() -> tuple[dict[str, Any], str]:
    counts = [4, 5]
    groups = [(4, "B C D E F H I J M Q R S V W Y Z"), (5, "A G K")]
    layout = land_layout("surface", groups, counts, score=sea_score, seed=505)
    data = base(5, "The Rusted Throne", 2, "surface", 4, 5, {}, "Le trône rouillé",
                "Set-up: the Rusted Throne on top of the realm's only Peak. The Rusted Throne "
                "is a Popular Place whose power goes to whoever occupies its Peak. The player "
                "whose active or in-decline race occupies the Peak receives a tribute of 1 "
                "Victory Coin from each player for each of that player's (active or in-decline) "
                "piles on one of the 5 regions bordering the Peak; for a Lost Tribe there, the "
                "tribute comes from the stash.",
                scoring=[{"kind": "throne_tribute", "coins": 1,
                          "text": "The Throne's occupant collects 1 coin per occupied region "
                                  "bordering the Peak, paid by its occupant (Lost Tribes pay "
                                  "from the stash)."}])
    data["boards"].append({"id": "surface", "kind": "surface",
                           "tiles": placements(layout, 4),
                           "river_markers": river_markers_for(layout, counts, 3)})
    # the throne: "the 5 Regions sharing a border with the Peak". A third of a hex borders
    # at most 4 regions (its tile's two other thirds and one part across each of its two
    # sides), so the Peak is a central third with 4 land neighbours at both counts, and a
    # custom link gives it the fifth: a land region its third touches at a hex corner,
    # where the box's uneven faces may well share a border that the thirds do not show
    r4, r5 = realm_of(data, 4), realm_of(data, 5)
    cx, cy = centre_of(r4, land(r4))

    def fifth(rid: str) -> list[str]:
        """Land regions touching ``rid`` at a point only, at both counts."""
        out = []
        for rl in (r4, r5):
            shape = rl.part_polygons[rid]
            out.append({o for o in land(rl) if o != rid and o not in neighbours(rl, rid)
                        and shape.intersects(rl.part_polygons[o])
                        and not rl.regions[o].board_edge})
        return sorted(out[0] & out[1])

    def good(rid: str) -> tuple[int, int, float, str]:
        misses = 0
        for rl in (r4, r5):
            near = neighbours(rl, rid)
            misses += abs(len(near) - 4) + sum(not rl.regions[x].is_land for x in near)
        r = r4.regions[rid]
        return (misses + (3 if r.board_edge or r5.regions[rid].board_edge else 0)
                + (3 if r.symbols else 0) + (0 if fifth(rid) else 5),
                0 if r.terrain == "mountain" else 1, math.dist(r.centroid, (cx, cy)), rid)

    site = min(land(r4), key=good)
    corner = fifth(site)[0]
    board = data["boards"][0]
    board["markers"] = []
    if r4.regions[site].terrain != "mountain":
        board["markers"].append(mountain_marker(r4, site, 4, 4))
    board["markers"] += [{"kind": "peak", "region": site},
                         {"kind": "rusted_throne", "region": site, "name": "The Rusted Throne"}]
    data["links"] = [{"kind": "custom", "a": site, "b": corner, "label": THRONE_LINK}]
    data["notes"] += (f" The Peak and Throne are on {site}. The booklet's Peak borders 5 "
                      "regions; the catalogue draws each region as a third of its hex, which "
                      f"borders at most 4, so a link joins {corner}, which the Peak's third "
                      "touches at a hex corner (the box's uneven faces may well share a "
                      "border there), as the fifth.")
    break_runs(data, 0, 4)
    return data, "05-the-rusted-throne.realm.json"


def s06() -> tuple[dict[str, Any], str]:
    counts = [2, 3, 4, 5, 6]
    groups = [(2, "F H I L O S U Y"), (3, "A E P Q Z"), (4, "G K M X"), (5, "D J N T V"),
              (6, "B C R W")]
    for seed in range(606, 640):  # the first seed whose land is one piece at every count
        layout = land_layout("surface", groups, counts, score=sea_score, seed=seed)
        if all(land_pieces(layout, n) == 1 for n in counts):
            break
    wet = sorted(f"{t}.{w}" for t, _, _ in layout.place.values()
                 for w in water_ids(t, "surface"))
    data = base(6, "Adrift", 2, "surface", 2, 6, {2: 10, 3: 10, 4: 9, 5: 8, 6: 8}, "Pangea",
                "Set-up: assemble the tiles for the player count into one roughly circular "
                "landmass; its exact shape and the tiles' positions and turns do not matter, "
                "they will soon drift (the layout here is one such start). Players using Small "
                "World Underground may add 1 Place or Relic per set of tiles (2, 3, 4, 5, 6 "
                "players), each on a different terrain type if possible. At the start of each "
                "turn (even in decline) a player may set one tile adrift: only tiles on the "
                "perimeter may move (pushed, not lifted); a tile may be turned in place; all "
                "tiles must stay one landmass, which may contain holes; tiles cannot drift off "
                "the table. All water regions are seas: impassable, and new races cannot enter "
                "through them; adjacent water regions form a single sea, with no separation.",
                water={"river_rules": False, "default_kind": "sea", "merge": "all_one_sea",
                       "seas_are_entry_edges": False,
                       "bodies": [{"region": w, "kind": "sea", "impassable": True,
                                   "entry_edge": False} for w in wet]},
                dynamic={"kind": "drift", "perimeter_tiles_only": True,
                         "landmass_stays_connected": True, "holes_allowed": True,
                         "text": "At the start of each turn, even in decline, a player may "
                                 "push one perimeter tile to another place or turn it in "
                                 "place; the tiles must stay one landmass (holes allowed)."})
    data["boards"].append({"id": "surface", "kind": "surface",
                           "tiles": placements(layout, 2)})
    break_runs(data, 0, 2)
    lost_tribe_ignore(data, counts)
    return data, "06-adrift.realm.json"


CROP_HOLES = [(0, 0), (2, -1), (1, -2), (1, 1), (-1, -1), (3, 0)]


def crop_shape(sizes: list[int]) -> list[list[Hex]]:
    """Tiles around holes on the (q - r) % 3 == 0 lattice: 2 holes for the 10 tiles of 2
    players, one more hole with each later set of 3 tiles."""
    taken: list[Hex] = []
    out = []
    holes = set(CROP_HOLES)
    for i, size in enumerate(sizes):
        ring: list[Hex] = []
        for hole in (CROP_HOLES[:2] if i == 0 else [CROP_HOLES[i + 1]]):
            ring += [add(hole, d) for d in range(6) if add(hole, d) not in taken + ring]
        assert len(ring) == size and not holes & set(ring), (i, ring)
        out.append(ring)
        taken += ring
    return out


def s07() -> tuple[dict[str, Any], str]:
    counts = [2, 3, 4, 5, 6]
    groups = [(2, "A I M N Q R S U X Z"), (3, "C G L"), (4, "E K O"), (5, "B J F"),
              (6, "D H W")]
    layout = land_layout("surface", groups, counts, shape=crop_shape, seed=707)
    excluded = ["Cursed", "Historian", "Spirit", "Wealthy", "Wise", "Reborn"]
    data = base(7, "Crops of Power", 2, "surface", 2, 6, {2: 10, 3: 10, 4: 9, 5: 8, 6: 8},
                "Le cercle des pouvoirs disparus",
                "Set-up: put a Special Power, drawn at random, face up in each empty space "
                "surrounded by 6 terrain tiles (a crop space); if drawn, Cursed, Historian, "
                "Spirit, Wealthy and Wise (and Reborn with Small World Underground) cannot "
                "crop up: discard them and draw again. " + RIVER_RULES_TEXT + " A player whose "
                "active race occupies at least 5 regions bordering a crop space may use its "
                "Special Power at once (even mid-turn), and must stop as soon as he occupies "
                "fewer than 5 of them. The powers stay in their crop spaces all game.",
                water={"river_rules": True, "default_kind": "river", "merge": "seams"},
                setup={"crop_powers_excluded": excluded},
                scoring=[{"kind": "custom", "coins": 0,
                          "text": "An active race holding at least 5 regions bordering a crop "
                                  "space may use that space's Special Power.",
                          "options": {"crop_space_min_regions": 5}}])
    data["boards"].append({"id": "surface", "kind": "surface",
                           "tiles": placements(layout, 2),
                           "river_markers": river_markers_for(layout, counts, 4)})
    markers = data["boards"][0].setdefault("markers", [])
    for i, hole in enumerate(CROP_HOLES[:6]):
        count = 2 if i < 2 else i + 1
        markers.append({"kind": "crop_space", "hex": {"q": hole[0], "r": hole[1]},
                        "name": f"Crop circle {i + 1}", **presence(count, 2)})
    break_runs(data, 0, 2)
    lost_tribe_ignore(data, counts)
    return data, "07-crops-of-power.realm.json"


def impassable_seas(tiles: Iterable[str], side: str) -> list[dict[str, Any]]:
    return [{"region": f"{t}.{w}", "kind": "sea", "impassable": True, "entry_edge": False}
            for t in sorted(set(tiles)) for w in sorted(water_ids(t, side))]


def s08() -> tuple[dict[str, Any], str]:
    sets = {3: "A B E F G H N O R S V", 4: "A B C D E F G H I M N R V Y Z",
            5: "A B C D E F G H I J K L Q U V W X Y"}
    data = base(8, "The Sword in the Cavern", 2, "underground", 3, 5, {3: 10, 4: 9, 5: 8},
                "De caves et d'épée",
                "Set-up: the Sword of the Killer Rabbit face up in the central region, defended "
                "by 2 Monster tokens; discard all the other Relics. Draw Popular Places at "
                "random and place them face down, defended by 2 Monster tokens each, in the "
                "marked regions (players + 1 of them, as the booklet's token counts imply: 10, "
                "12 and 14 Monsters for 3, 4 and 5 players). All water regions are seas that "
                "are impassable unless a special power allows otherwise. Each player count "
                "has its own layout.",
                water={"river_rules": False, "default_kind": "sea", "merge": "seams",
                       "seas_are_entry_edges": False,
                       "bodies": impassable_seas(" ".join(sets.values()).split(),
                                                 "underground")},
                setup={"places_relics": {"count_rule": "players_plus_one", "monsters_each": 2,
                                         "face": "down"}},
                lint={"ignore": [{"code": "R002", "reason":
                                  "The booklet puts players + 1 face-down Popular Places and "
                                  "the Sword of the Killer Rabbit (a Relic) on the board, one "
                                  "more than the Underground rule of thumb (the booklet's "
                                  "10/12/14 Monster tokens are 2 per place plus 2 for the "
                                  "Sword)."}]})
    board: dict[str, Any] = {"id": "underground", "kind": "underground", "tiles": [],
                             "markers": []}
    data["boards"].append(board)
    for n, letters in sets.items():
        tiles = letters.split()
        layout = Layout("underground", [(n, tiles, spiral(len(tiles)))])
        best = None
        for k in range(3):
            trial = Layout("underground", [(n, tiles, spiral(len(tiles)))])
            optimise(trial, [n], sea_score, seed=800 + 10 * n + k, steps=6000, hard=connected)
            value = sea_score(trial, n)
            if best is None or value > best[0]:
                best = (value, trial)
        assert best is not None
        layout = best[1]
        board["tiles"] += placements(layout, 3, exact=[n])
        realm = realm_of(data, n)
        center_tile = layout.place[(0, 0)][0]
        core = [r for r in land(realm) if realm.regions[r].tiles == (center_tile,)]
        cx, cy = centre_of(realm, land(realm))
        sword = min(core, key=lambda r: (math.dist(realm.regions[r].centroid, (cx, cy)), r))
        board["markers"] += [
            {"kind": "relic", "region": sword, "face": "up",
             "name": "Sword of the Killer Rabbit", "players": [n]},
            {"kind": "monster_stack", "region": sword, "count": 2, "players": [n]}]
        cands = [r for r in land(realm) if realm.regions[r].terrain != "mountain"
                 and "lost_tribe" not in realm.regions[r].symbols]
        for rid in spread(realm, cands, n + 1, avoid=[sword]):
            board["markers"] += [
                {"kind": "place", "region": rid, "face": "down", "players": [n]},
                {"kind": "monster_stack", "region": rid, "count": 2, "players": [n]}]
    merge_players(data)
    break_runs(data, 0, 3, kind="black_mountain")
    return data, "08-the-sword-in-the-cavern.realm.json"


def s09() -> tuple[dict[str, Any], str]:
    data = base(9, "A Game of Gods", 3, "both", 2, 6, {}, "Les Dieux sont tombés sur la tête",
                "The board is built during play, so this file has no tiles: the rules below "
                "are its data (see `dynamic`). Set-up (3-6 players): deal 3 races and 3 "
                "special powers to each player, kept secret; either discard the harder ones "
                "or give them a bonus the first time they enter: Cursed +12 VC, Dwarves +4 VC, "
                "White Ladies +4 VC, Shadow Mimes +2 VC, Homunculi +2 Homunculi, Iron Dwarves "
                "-4 VC. Set-up (2 players): draw 7 races and 7 powers (redraw Cursed, "
                "Homunculi and Shadow Mimes), lay them face up and take turns picking until "
                "each player has 3 of each. " + RIVER_RULES_TEXT + " Contiguous river regions "
                "form a single region. Building the board: spread all the tiles on the table; "
                "the first player (at random) puts a tile in the centre and may put a "
                "Mountain and/or a Chasm on it; he may put a Lost Tribe on it, and must if "
                "the tile has at least two non-mountain regions. Each other player does the "
                "same, each tile adjacent to a tile already placed. Then the game proceeds as "
                "usual, except that: while the board has fewer regions (not tiles) than 9 "
                "times the number of players, each player adds a tile at the start of his "
                "turn by the same rules; there is no race and power display: on his first "
                "turn and after each decline a player makes up his own combo from the items "
                "he drew, each item used in one combo only, unplayed items kept secret. The "
                "scenario may be played on the surface, underground or with both: then each "
                "player also draws a Place or Relic unseen and puts it, with 2 Monsters, on "
                "the first or second tile he lays, and the first player puts a random Place "
                "or Relic on the very first tile.",
                water={"river_rules": True, "default_kind": "river",
                       "merge": "rivers_one_region"},
                dynamic={"kind": "build_during_play", "target_regions_per_player": 9,
                         "place_adjacent_to_placed": True,
                         "lost_tribe_min_non_mountain_regions": 2,
                         "text": "Players lay tiles, each adjacent to one already placed, "
                                 "until the board has at least 9 regions per player; a tile "
                                 "with at least two non-mountain regions gets a Lost Tribe; "
                                 "a Mountain and/or a Chasm may be added to each tile."})
    data["layout_note"] = ("There is no layout: the board is built during play from any "
                           "of the 26 tiles, on the surface, underground or both (one board "
                           "each). The empty boards are Realms Studio's encoding of that.")
    data["boards"] = [{"id": "surface", "kind": "surface", "tiles": []},
                      {"id": "underground", "kind": "underground", "tiles": []}]
    return data, "09-a-game-of-gods.realm.json"


def northmost(realm: Realm, rids: Iterable[str]) -> str:
    return min(rids, key=lambda r: (realm.regions[r].centroid[1], r))


def s10() -> tuple[dict[str, Any], str]:
    counts = [3, 4]
    groups = [(3, "A B D E F G H N O P R S U"), (4, "C L M Q")]
    def north_shape(sizes: list[int]) -> list[list[Hex]]:
        """The 4-player tiles go on the north side, where the Popular Places are."""
        core = spiral(sizes[0], start_angle=math.pi)  # ring 2 filled from the west, south
        return [core, grow(core, sizes[1], towards=(1, -3))]

    shape = north_shape([13, 4])
    pins = {"H": min(shape[0], key=lambda h: (xy(h)[1], abs(xy(h)[0]))),
            "C": min(shape[1], key=lambda h: (xy(h)[1], abs(xy(h)[0])))}
    layout = land_layout("underground", groups, counts, shape=north_shape, seed=1010,
                         pins=pins)
    stacks = {"A": [1, 1, 1, 1, 3, 3], "B": [1, 1, 3, 3, 5, 5], "C": [5, 5, 5, 10]}
    data = base(10, "A Dig Too Far", 3, "underground", 3, 4, {3: 10, 4: 9}, "Un filon trop loin",
                "Set-up: three veins of Gold run deep underground (west, centre, east), each "
                "through an upper (A), middle (B) and deep (C) region. Make 3 stacks of Victory "
                "Coins, A: 1 1 1 1 3 3, B: 1 1 3 3 5 5, C: 5 5 5 10; from each stack draw a "
                "coin at random and place it face down on each region of that level until all "
                "have one; discard the rest unseen. Only the A regions are open at first; once "
                "all A regions have been conquered the B regions open, then the C regions. "
                "Place 2 Popular Places, each with 2 Monsters, on the northern regions marked "
                "(the French text names hexes H and C; at 3 players, without C, the second "
                "goes on another northern region), and a face-down stack of all Relics next to "
                "the veins, off the board. Flames are not used; Skeletons, Sorcerers and "
                "Mummies are Monsters: 1 Skeleton on each region of the western vein, 1 "
                "Sorcerer on each of the centre vein, 1 Mummy on each of the eastern vein. " +
                RIVER_RULES_TEXT + " Digging: a vein region is conquered by the usual rules "
                "(2 tokens + 1 per Monster); take its coin, and if it is a 5 or a 10 add a "
                "Relic to the region. Discard 1 of its defending Monsters and move the others "
                "to the next unconquered region of the same vein (A to B, B to C); then add "
                "as many Monsters to the conquered region as the coin's value. Monsters "
                "attack: after every player has played a turn, before the turn marker moves, "
                "the Monsters of each vein, west to east, attack the least protected regions "
                "with the usual combat rules (all their Monsters but 1 per region they hold, "
                "a reinforcement die for the last attack); unused and attacked Monsters go "
                "back to the highest unconquered region of their vein, or to the region the "
                "attack came from if the whole vein has been conquered.",
                water={"river_rules": True, "default_kind": "river", "merge": "seams"},
                setup={"gold_veins": stacks,
                       "places_relics": {"count": 2, "count_rule": "fixed",
                                         "monsters_each": 2, "face": "up"}},
                scoring=[{"kind": "gold_veins",
                          "text": "Conquering a gold-vein region takes its hidden coin; a 5 or "
                                  "10 also brings a Relic."}],
                lint={"ignore": [{"code": "R002", "reason":
                                  "The booklet puts exactly 2 Popular Places on the board; "
                                  "the Relics wait in a stack off the board and come into "
                                  "play from the gold veins (coins of 5 and 10)."}]})
    data["boards"].append({"id": "underground", "kind": "underground",
                           "tiles": placements(layout, 3),
                           "river_markers": river_markers_for(layout, counts, 3),
                           "markers": []})
    markers = data["boards"][0]["markers"]
    realm = realm_of(data, 3)
    # places: north, on H (and C from 4 players; another northern region at 3)
    h_site = northmost(realm, [r for r in land(realm) if realm.regions[r].tiles == ("H",)])
    realm4 = realm_of(data, 4)
    c_site = northmost(realm4, [r for r in land(realm4) if realm4.regions[r].tiles == ("C",)])
    others = [r for r in land(realm) if realm.regions[r].tiles != ("H",)
              and r not in neighbours(realm, h_site)]
    alt = northmost(realm, others)
    for rid, extra in ((h_site, {}), (c_site, {"players": [4]}), (alt, {"players": [3]})):
        markers += [{"kind": "place", "region": rid, "face": "up", **extra},
                    {"kind": "monster_stack", "region": rid, "count": 2, **extra}]
    # veins: three north-to-south chains of adjacent regions, west / centre / east
    busy = {h_site, alt, c_site}
    pool = [r for r in land(realm) if r not in busy]
    xs = sorted(realm.regions[r].centroid[0] for r in land(realm))
    cuts = [xs[len(xs) // 3], xs[2 * len(xs) // 3]]
    monsters = ["Skeleton", "Sorcerer", "Mummy"]
    taken: set[str] = set(busy)
    for column, (name, monster) in enumerate(zip(("west", "centre", "east"), monsters,
                                                 strict=True)):
        def in_column(r: str, column: int = column) -> bool:
            x = realm.regions[r].centroid[0]
            return (x < cuts[0], cuts[0] <= x < cuts[1], x >= cuts[1])[column]

        best: tuple[float, list[str]] | None = None
        for a in pool:
            if a in taken:
                continue
            for b in neighbours(realm, a):
                if b in taken or b not in pool or not realm.regions[b].is_land:
                    continue
                for c in neighbours(realm, b):
                    if c in taken or c in (a, b) or c not in pool:
                        continue
                    ya, yb, yc = (realm.regions[x].centroid[1] for x in (a, b, c))
                    if not ya < yb < yc:
                        continue
                    touching = sum(1 for x in (a, b, c) for t in taken
                                   if t in neighbours(realm, x))
                    lost = sum("lost_tribe" in realm.regions[x].symbols for x in (a, b, c))
                    value = ((yc - ya) + 0.5 * yc - 1.0 * touching - 0.5 * lost
                             - 3.0 * sum(not in_column(x) for x in (a, b, c)))
                    if best is None or value > best[0]:
                        best = (value, [a, b, c])
        assert best is not None, name
        for level, rid in zip("ABC", best[1], strict=True):
            markers += [{"kind": "gold_vein", "region": rid, "vein": level,
                         "name": f"{name.capitalize()} vein, {level}"},
                        {"kind": "monster_stack", "region": rid, "count": 1, "name": monster}]
            taken.add(rid)
    break_runs(data, 0, 3, kind="black_mountain")
    return data, "10-a-dig-too-far.realm.json"


def split_sides(groups: list[tuple[int, str]], seed: int) -> list[tuple[int, list[str], list[str]]]:
    """Share each group's tiles between the surface and underground boards (each letter is
    one two-sided piece): about half each, land terrains and symbols near 1/5 overall."""
    rng = random.Random(seed)

    def tally(sides: list[tuple[list[str], list[str]]]) -> float:
        terr: dict[str, int] = defaultdict(int)
        per_board = [0, 0]
        total = 0
        for surf, under in sides:
            for k, (tiles, side) in enumerate(((surf, "surface"), (under, "underground"))):
                for t in tiles:
                    for r in CAT.side(t, side).regions:
                        if r.is_water:
                            continue
                        total += 1
                        per_board[k] += 1
                        terr[r.terrain] += 1
                        for sym in r.symbols:
                            terr[sym] += 1
        fifth = total / 5
        keys = ["farmland", "forest", "hill", "swamp", "mountain", "cavern", "mine", "magic"]
        return sum((terr[k] - fifth) ** 2 for k in keys) + (per_board[0] - per_board[1]) ** 2

    best: tuple[float, list[tuple[list[str], list[str]]]] | None = None
    for _ in range(4000):
        sides = []
        for _, letters in groups:
            tiles = letters.split()
            rng.shuffle(tiles)
            half = len(tiles) // 2
            sides.append((sorted(tiles[:half]), sorted(tiles[half:])))
        value = tally(sides)
        if best is None or value < best[0]:
            best = (value, sides)
    assert best is not None
    return [(n, surf, under) for (n, _), (surf, under) in zip(groups, best[1], strict=True)]


def both_boards(groups: list[tuple[int, str]], counts: Sequence[int], seed: int
                ) -> tuple[Layout, Layout]:
    split = split_sides(groups, seed)
    surf = land_layout("surface", [(n, " ".join(s)) for n, s, _ in split], counts,
                       seed=seed + 1)
    under = land_layout("underground", [(n, " ".join(u)) for n, _, u in split], counts,
                        seed=seed + 2)
    return surf, under


def add_tunnels(data: dict[str, Any], counts: Sequence[int], new: dict[int, int]) -> None:
    """Tunnel pairs (one surface region, one underground region), spread out, numbered in
    order; each new count's tunnels prefer regions of that count's tiles."""
    lowest = min(counts)
    number = 0
    for n in counts:
        k = new.get(n, 0)
        if not k:
            continue
        realm = realm_of(data, n)
        ends: list[list[str]] = []
        for board in ("surface", "underground"):
            old = [m["region"] for m in all_markers(data) if m["kind"] == "tunnel"
                   and m.get("min_players", 0) <= n and m["region"] in realm.regions]
            busy = used_regions(data, n)
            cands = [r for r in land(realm, board) if r not in busy
                     and realm.regions[r].terrain != "mountain"]
            fresh = [r for r in cands if n > lowest and any(
                p.get("min_players") == n and p["tile"] in realm.regions[r].tiles
                for b in data["boards"] for p in b["tiles"])]
            mine = [r for r in old if realm.regions[r].board == board]
            ends.append(spread(realm, fresh or cands, k, avoid=mine))
        surface_ends, under_ends = ends

        def angle(r: str, realm: Realm = realm) -> float:
            x, y = realm.regions[r].centroid
            return math.atan2(y, x)

        for a, b in zip(sorted(surface_ends, key=angle), sorted(under_ends, key=angle),
                        strict=True):
            number += 1
            for board, rid in ((0, a), (1, b)):
                data["boards"][board].setdefault("markers", []).append(
                    {"kind": "tunnel", "region": rid, "number": number,
                     **presence(n, lowest)})


def s11() -> tuple[dict[str, Any], str]:
    counts = [5]
    groups = [(5, "A B C D E F G H I J K M N Q S U V X Y Z")]
    surf, under = both_boards(groups, counts, 1100)
    data = base(11, "All Together Now", 3, "both", 5, 5, {5: 8}, "Ensemble, c'est tout",
                "Set-up: one stack of Small World race banners, one of Small World Underground "
                "race banners, and a single stack of special powers. Lay out 4 columns: 6 "
                "Small World races, 6 special powers, an empty column for the Victory Coins "
                "paid to skip combos, and 6 Small World Underground races. Seats are drawn at "
                "random: players 1 and 4 are a team playing only Small World races, adding "
                "their scores at the end; players 2 and 5 a team playing only Underground "
                "races; player 3 plays alone, may pick from either race stack and doubles "
                "her points at the end. Combos are not preset: pick a race from your team's "
                "column and any visible special power; pay 1 coin per row skipped for the "
                "more expensive item into the coin column, collect the coins lying on the row "
                "of that item, then shift races, powers and coins up. " + RIVER_RULES_TEXT +
                " Tunnels connect the regions carrying the same tunnel number in the other "
                "world. Small World races first enter above ground, Underground races "
                "underground. Special powers apply whenever possible, per Underground's "
                "compatibility rules. Monsters defend all regions holding Popular Places or "
                "Righteous Relics, by the Underground rules. Each tile is one two-sided "
                "piece, so the 20 tiles are shared between the two boards.",
                water={"river_rules": True, "default_kind": "river", "merge": "seams"},
                entry={"rules": [{"kind": "own_world", "applies_to": "surface_races"},
                                 {"kind": "own_world", "applies_to": "underground_races"}],
                       "exempt_powers": ["Flying"]},
                setup={"places_relics": {"count_rule": "players_plus_one",
                                         "monsters_each": 2, "face": "up"}})
    data["boards"] += [
        {"id": "surface", "kind": "surface", "tiles": placements(surf, 5),
         "river_markers": river_markers_for(surf, counts, 3)},
        {"id": "underground", "kind": "underground", "tiles": placements(under, 5),
         "river_markers": river_markers_for(under, counts, 3)}]
    add_tunnels(data, counts, {5: 4})
    realm = realm_of(data, 5)
    for board, kinds in ((0, ("place", "relic", "place")), (1, ("place", "relic", "relic"))):
        bid = data["boards"][board]["id"]
        busy = used_regions(data, 5)
        cands = [r for r in land(realm, bid) if r not in busy
                 and realm.regions[r].terrain != "mountain"]
        for kind, rid in zip(kinds, spread(realm, cands, 3), strict=True):
            data["boards"][board].setdefault("markers", []).extend(
                [{"kind": kind, "region": rid, "face": "up"},
                 {"kind": "monster_stack", "region": rid, "count": 2}])
    for board, kind in ((0, "mountain"), (1, "black_mountain")):
        break_runs(data, board, 5, kind=kind)
    return data, "11-all-together-now.realm.json"


def s12() -> tuple[dict[str, Any], str]:
    counts = [3, 4, 5]
    groups = [(3, "B C E H I K L N R S V Y"), (4, "A D O U"), (5, "F M Q Z")]
    surf, under = both_boards(groups, counts, 1200)
    data = base(12, "Night and Day", 3, "both", 3, 5, {}, "Ombre et lumière",
                "Set-up: shuffle separate stacks of Small World and Small World Underground "
                "races, and likewise of special powers; put 6 race and power combos in a "
                "column alternating Small World and Underground, and keep alternating as new "
                "combos appear. " + RIVER_RULES_TEXT + " A player whose Small World race goes "
                "into decline may take his next race from Underground (and vice versa). "
                "Small World races must enter the board through one of the northern regions, "
                "Underground races through the southern ones. Small World races score 1 bonus "
                "Victory Coin each turn for each Underground region they occupy, and for each "
                "Small World region previously occupied by an Underground race; and vice "
                "versa. Special powers apply whenever possible, per Underground's "
                "compatibility rules. Tunnels as in scenario 11: the two regions with the "
                "same tunnel number are adjacent. Each tile is one two-sided piece, so each "
                "player count's tiles are shared between the two boards. The booklet says "
                "nothing of Places and Relics here, and Small World Underground's rules apply "
                "unless stated otherwise: players + 1 Places and Relics lie underground, 2 "
                "Monsters each.",
                water={"river_rules": True, "default_kind": "river", "merge": "seams"},
                entry={"rules": [{"kind": "compass_edge", "side": "north", "board": "surface",
                                  "applies_to": "surface_races"},
                                 {"kind": "compass_edge", "side": "south",
                                  "board": "underground", "applies_to": "underground_races"}],
                       "exempt_powers": ["Flying"]},
                scoring=[{"kind": "other_world_bonus", "coins": 1,
                          "text": "1 bonus coin per region of the other world occupied, and "
                                  "per region of your world taken from a race of the other "
                                  "world."}])
    data["boards"] += [
        {"id": "surface", "kind": "surface", "tiles": placements(surf, 3),
         "river_markers": river_markers_for(surf, counts, 3)},
        {"id": "underground", "kind": "underground", "tiles": placements(under, 3),
         "river_markers": river_markers_for(under, counts, 3)}]
    add_tunnels(data, counts, {3: 3, 4: 1, 5: 1})
    # the booklet is silent, so Underground's own set-up applies: players + 1 Places and
    # Relics underground, 2 Monsters each
    data["setup"] = {"places_relics": {"count_rule": "players_plus_one", "monsters_each": 2,
                                       "face": "up"}}
    for kind, new_at in (("place", {3: 2, 4: 1}), ("relic", {3: 2, 5: 1})):
        sites = add_per_count(data, 1, kind, counts, new_at,
                              lambda rl, r: rl.regions[r].board == "underground"
                              and rl.regions[r].terrain != "mountain", {"face": "up"})
        for m in list(data["boards"][1]["markers"]):
            if m["kind"] == kind and m["region"] in sites:
                data["boards"][1]["markers"].append(
                    {"kind": "monster_stack", "region": m["region"], "count": 2,
                     **({"min_players": m["min_players"]} if "min_players" in m else {})})
    for board, kind in ((0, "mountain"), (1, "black_mountain")):
        break_runs(data, board, 3, kind=kind)
    return data, "12-night-and-day.realm.json"


SCENARIOS: dict[int, Callable[[], tuple[dict[str, Any], str]]] = {
    1: s01, 2: s02, 3: s03, 4: s04, 5: s05, 6: s06, 7: s07, 8: s08, 9: s09,
    10: s10, 11: s11, 12: s12}


def main(argv: Sequence[str]) -> int:
    wanted = [int(a) for a in argv] or sorted(SCENARIOS)
    bad = 0
    for number in wanted:
        data, name = SCENARIOS[number]()
        path = write(data, name)
        print(path.relative_to(REPO))
        bad += report(path)
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
