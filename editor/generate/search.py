"""``realms generate``: a balanced realm found by search, not drawn from a template.

Two simulated-annealing stages, each scored with cheap tallies:

1. *Which pieces*: the set of tiles on each board (each letter once, its side fixed by the
   board), and at most one mountain overlay per tile, scored on the booklet's balance
   advice and the box inventory exactly as ``realms lint`` counts them (9 land regions per
   player, each terrain and each symbol on about 1/5 of them, no more pieces than the
   boxes hold). A move adds, drops or swaps a tile, moves it to the other board, or moves
   its mountain; each updates the totals by one tile's vector.
2. *Where they go*: positions on a compact hex blob and rotations, scored on the
   combinatorial graph of play (:mod:`editor.generate.layout`): one landmass, no holes, no
   tile hanging by one edge, then the shape against the booklet boards' spread at this
   player count (:mod:`editor.generate.shape`, :mod:`editor.generate.standard`). Moves swap
   two tiles, turn one, or move an outer tile to another outer spot.

The full ``realms lint`` then confirms the result; a result with any error or warning is
thrown away and the search goes on from the next random state. A lint-clean result is
derived and judged by ``flags_for``; the first with no flag is kept, else the one with the
fewest flags of ``JUDGED`` lint-clean tries. All randomness comes from
one ``random.Random(seed)``; iteration is over sorted data only.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from editor.generate.compact import hanging
from editor.generate.layout import (
    Hex,
    Layout,
    Placed,
    graph_penalty,
    hexes_connected,
    neighbours,
    outside_hexes,
    play_graph,
)
from editor.generate.pieces import SideFacts, box_tiles, side_facts
from editor.generate.runs import break_runs
from editor.generate.score import fifth_totals
from editor.generate.shape import shape_penalty
from editor.generate.standard import FlagsFor, Spread, spread, standard_flags
from editor.generate.write import boards_data
from editor.lint.config import LintConfig, default_config
from editor.model.catalogue import Catalogue, default_catalogue
from editor.model.scenario import FORMAT_VERSION

WORLDS = ("surface", "underground", "both")
BOARD_KINDS = {"surface": ("surface",), "underground": ("underground",),
               "both": ("surface", "underground")}
ROUNDS = 60  # rounds before giving up: a count, not a clock, so a seed always gives one file
PIECE_STEPS = 4000
POLISH_STEPS = 150  # greedy piece moves after every threshold is met
PLACE_STEPS = 400  # enough to reach the booklet's shape; then a fresh restart
# (benchmarks/bench_generate_balance.py)
TUNNELS = 2
HARD = 100.0
HOPELESS = 6.0  # a move costing this many temperatures more is refused unmeasured
# (annealing would accept it with a chance below e**-6)
STALL = 120  # placement steps without a better layout before the round gives up
JUDGED = 3  # lint-clean realms measured before the one with the fewest flags is kept
WATER_PULL = 1.5  # per water part chosen: water breaks the land graph and, on the edge,
# turns its shores into entries


class GenerateError(Exception):
    """Arguments no realm can satisfy; ``str()`` is the line the CLI prints."""


@dataclass(frozen=True)
class Generated:
    data: dict[str, Any]
    errors: int
    warnings: tuple[str, ...]
    rounds: int
    seconds: float
    flags: tuple[str, ...] = ()  # what ``flags_for`` flagged on the result (none when clean)


# -- stage 1: the pieces ----------------------------------------------------------------

# Vector layout: land, underground land, the surface terrains, the underground terrains,
# the configured symbols, then pieces. The two worlds print different terrains, so the 1/5
# rule is held world by world, as lint's B003 does.
PIECE_KINDS = ("lost_tribe", "mountain", "black_mountain")


class PieceScorer:
    """Per-tile tally vectors (cached) and the penalty of their sum."""

    def __init__(self, facts: dict[tuple[str, str], SideFacts], players: int,
                 config: LintConfig, regions: tuple[float, float] | None = None) -> None:
        self.facts = facts
        # the booklet boards' land regions at this count (min, max): a realm inside it
        # is the size of a table board, not just inside lint's wider window
        self.regions = regions
        self.players = players
        self.config = config
        self.terrains = config.balance.terrains
        self.under_terrains = config.balance.underground_terrains or self.terrains
        self.symbols = config.balance.symbols
        self.first_under = 2 + len(self.terrains)
        self.first_symbol = self.first_under + len(self.under_terrains)
        self.first_piece = self.first_symbol + len(self.symbols)
        self.water = self.first_piece + len(PIECE_KINDS)  # water parts: fewer is closer
        self.size = self.water + 1  # to the booklet, whose boards hold 1-5 water bodies
        self.cache: dict[tuple[str, str, str | None], tuple[int, ...]] = {}

    def vector(self, tile: str, side: str, mountain: str | None) -> tuple[int, ...]:
        key = (tile, side, mountain)
        hit = self.cache.get(key)
        if hit is not None:
            return hit
        v = [0] * self.size
        below = side == "underground"
        names, first = ((self.under_terrains, self.first_under) if below
                        else (self.terrains, 2))
        for region in self.facts[(tile, side)].regions:
            if region.printed_lost_tribe:
                v[self.first_piece] += 1
            if not region.is_land:
                v[self.water] += 1
                continue
            v[0] += 1
            if below:
                v[1] += 1
            terrain = "mountain" if region.local_id == mountain else region.terrain
            if terrain in names:
                v[first + names.index(terrain)] += 1
            for symbol in region.symbols:
                if symbol in self.symbols:
                    v[self.first_symbol + self.symbols.index(symbol)] += 1
        if mountain is not None:
            kind = "black_mountain" if below else "mountain"
            v[self.first_piece + PIECE_KINDS.index(kind)] += 1
        result = tuple(v)
        self.cache[key] = result
        return result

    def fifths(self, total: Sequence[int]) -> list[tuple[int, float]]:
        """(count, a fifth of the land it is counted against) for every name of each group
        lint's 1/5 rule checks (:func:`editor.generate.score.fifth_totals`)."""
        starts = {"terrains": (2, len(self.terrains)),
                  "underground_terrains": (self.first_under, len(self.under_terrains)),
                  "symbols": (self.first_symbol, len(self.symbols))}
        out: list[tuple[int, float]] = []
        for group, counted in fifth_totals(total[0], total[1]):
            first, size = starts[group]
            out += [(total[first + i], counted / 5) for i in range(size)]
        return out

    def over_inventory(self, total: Sequence[int]) -> list[int]:
        """How many pieces of each kind above the boxes' inventory (0 when within)."""
        return [total[self.first_piece + i] - self.config.inventory.get(kind, 10**6)
                for i, kind in enumerate(PIECE_KINDS)]

    def penalty(self, total: Sequence[int]) -> tuple[float, float]:
        """(hard, soft): hard is 0 when no threshold is crossed (with half a region of
        margin, so the result does not sit on a threshold's edge); soft pulls towards the
        booklet's exact aims."""
        b = self.config.balance
        land = total[0]
        n = self.players
        low, high = b.regions_per_player_warn
        hard = 0.0
        soft = 0.5 * abs(land - b.regions_per_player_target * n)
        if land < low * n + 0.5:
            hard += HARD * (low * n + 0.5 - land)
        elif land > high * n - 0.5:
            hard += HARD * (land - high * n + 0.5)
        tolerance = b.fifth_rule_tolerance
        for value, fifth in self.fifths(total):
            off = abs(value - fifth)
            if off > tolerance - 0.5:
                hard += HARD * (off - tolerance + 0.5) + 10.0
            soft += 0.3 * off * off
        for over in self.over_inventory(total):
            if over > 0:
                hard += 10 * HARD * over
        if self.regions is not None:
            least, most = self.regions
            hard += HARD * (max(0.0, least - land) + max(0.0, land - most))
        soft += WATER_PULL * total[self.water]
        return hard, soft


@dataclass
class Pieces:
    board_of: dict[str, int]  # tile -> board index (only tiles in play)
    mountain: dict[str, str | None]  # tile -> local id under a mountain overlay


def _eligible_mountains(side: SideFacts) -> list[str]:
    return [r.local_id for r in side.land if r.terrain != "mountain"
            and not r.printed_lost_tribe]


def choose_pieces(pool: list[str], kinds: tuple[str, ...], scorer: PieceScorer,
                  rng: random.Random, steps: int) -> tuple[Pieces, float]:
    facts = scorer.facts
    usable = [t for t in pool if all((t, k) in facts for k in kinds)] if len(kinds) == 1 \
        else [t for t in pool if any((t, k) in facts for k in kinds)]
    order = usable[:]
    rng.shuffle(order)
    board_of: dict[str, int] = {}
    mountain: dict[str, str | None] = {}
    total = [0] * scorer.size
    target = scorer.config.balance.regions_per_player_target * scorer.players

    def sides_for(tile: str) -> list[int]:
        return [i for i, k in enumerate(kinds) if (tile, k) in facts]

    def vec(tile: str, board: int, m: str | None) -> tuple[int, ...]:
        return scorer.vector(tile, kinds[board], m)

    for tile in order:  # start: random tiles until the land target
        if total[0] >= target:
            break
        options = sides_for(tile)
        board = options[rng.randrange(len(options))]
        board_of[tile] = board
        mountain[tile] = None
        for i, x in enumerate(vec(tile, board, None)):
            total[i] += x
    hard, soft = scorer.penalty(total)
    score = hard + soft
    temperature = 30.0
    cooling = (0.05 / temperature) ** (1.0 / max(1, steps))
    polish = 0
    for _ in range(steps):
        if hard == 0:  # every threshold met: a few greedy moves that keep it so and
            polish += 1  # lower the soft aims (fewer water parts, nearer the exact fifths)
            if polish > POLISH_STEPS:
                break
        used = sorted(board_of)
        unused = [t for t in usable if t not in board_of]
        move = rng.randrange(6)
        changes: list[tuple[str, int | None, str | None]] = []  # (tile, board|None, mountain)
        if move == 0 and unused:  # add
            tile = unused[rng.randrange(len(unused))]
            options = sides_for(tile)
            changes.append((tile, options[rng.randrange(len(options))], None))
        elif move == 1 and len(used) > 1:  # drop
            changes.append((used[rng.randrange(len(used))], None, None))
        elif move == 2 and unused and used:  # swap
            out = used[rng.randrange(len(used))]
            tile = unused[rng.randrange(len(unused))]
            options = sides_for(tile)
            changes.append((out, None, None))
            changes.append((tile, options[rng.randrange(len(options))], None))
        elif move == 3 and used and len(kinds) > 1:  # other board
            tile = used[rng.randrange(len(used))]
            other = 1 - board_of[tile]
            if (tile, kinds[other]) not in facts:
                continue
            changes.append((tile, other, None))
        elif used:  # mountain on, off or elsewhere
            tile = used[rng.randrange(len(used))]
            spots = _eligible_mountains(facts[(tile, kinds[board_of[tile]])])
            choice = [None, *spots]
            changes.append((tile, board_of[tile], choice[rng.randrange(len(choice))]))
        else:
            continue
        new_total = total[:]
        for tile, dest, m in changes:
            if tile in board_of:
                for i, x in enumerate(vec(tile, board_of[tile], mountain[tile])):
                    new_total[i] -= x
            if dest is not None:
                for i, x in enumerate(vec(tile, dest, m)):
                    new_total[i] += x
        new_hard, new_soft = scorer.penalty(new_total)
        new_score = new_hard + new_soft
        if polish:
            accept = new_hard == 0 and new_score <= score
        else:
            accept = new_score <= score or \
                rng.random() < math.exp((score - new_score) / temperature)
        if accept:
            total, score, hard = new_total, new_score, new_hard
            for tile, dest, m in changes:
                if dest is None:
                    board_of.pop(tile, None)
                    mountain.pop(tile, None)
                else:
                    board_of[tile] = dest
                    mountain[tile] = m
        temperature *= cooling
    return Pieces(board_of, mountain), score


# -- stage 2: the places ----------------------------------------------------------------

def compact_blob(count: int, rng: random.Random) -> list[Hex]:
    """``count`` hexes grown from (0, 0), each new one where most neighbours are taken."""
    taken: list[Hex] = [(0, 0)]
    taken_set = {(0, 0)}
    while len(taken) < count:
        frontier = sorted({n for h in taken for n in neighbours(h) if n not in taken_set})
        best = max(sum(1 for m in neighbours(h) if m in taken_set) for h in frontier)
        choices = [h for h in frontier if sum(1 for m in neighbours(h) if m in taken_set)
                   == best]
        pick = choices[rng.randrange(len(choices))]
        taken.append(pick)
        taken_set.add(pick)
    return taken


def place(pieces: Pieces, kinds: tuple[str, ...], facts: dict[tuple[str, str], SideFacts],
          rng: random.Random, steps: int, target: Spread) -> tuple[Layout, float]:
    layout = Layout(kinds, facts)
    for board in range(len(kinds)):
        tiles = sorted(t for t, b in pieces.board_of.items() if b == board)
        rng.shuffle(tiles)
        for tile, (q, r) in zip(tiles, compact_blob(len(tiles), rng), strict=False):
            layout.placed[tile] = Placed(tile, kinds[board], board, q, r, rng.randrange(6))
    for tile, local in sorted(pieces.mountain.items()):
        if local is not None:
            kind = "black_mountain" if kinds[pieces.board_of[tile]] == "underground" \
                else "mountain"
            layout.markers[(tile, local)] = kind
    if len(kinds) > 1:
        _tunnels(layout, rng)
    hard, soft = _place_score(layout, target)
    score = hard + soft
    best = (score, dict(layout.placed))
    temperature = 20.0
    cooling = (0.05 / temperature) ** (1.0 / max(1, steps))
    tiles = sorted(layout.placed)
    stalled = 0
    for _ in range(steps):
        if hard == 0:  # inside the booklet's spread, structure sound: good enough
            break
        stalled += 1
        if stalled > STALL:  # no better placement for a while: a fresh round does better
            break
        move = rng.randrange(3)
        saved = dict(layout.placed)
        a = tiles[rng.randrange(len(tiles))]
        pa = layout.placed[a]
        if move == 0:
            layout.placed[a] = Placed(a, pa.side, pa.board, pa.q, pa.r, rng.randrange(6))
        elif move == 1:
            b = tiles[rng.randrange(len(tiles))]
            pb = layout.placed[b]
            if pb.board != pa.board or a == b:
                continue
            layout.placed[a] = Placed(a, pa.side, pa.board, pb.q, pb.r, rng.randrange(6))
            layout.placed[b] = Placed(b, pb.side, pb.board, pa.q, pa.r, pb.rotation)
        else:
            taken = set(layout.occupied(pa.board))
            rest = taken - {pa.hex}
            if not hexes_connected(rest):
                continue
            outside, _ = outside_hexes(rest)
            spots = sorted(h for h in outside if h != pa.hex
                           and sum(1 for n in neighbours(h) if n in rest) >= 2)
            if not spots:
                continue
            q, r = spots[rng.randrange(len(spots))]
            layout.placed[a] = Placed(a, pa.side, pa.board, q, r, rng.randrange(6))
        new_hard, new_soft = _place_score(layout, target, score + HOPELESS * temperature)
        new_score = new_hard + new_soft
        if new_score <= score or rng.random() < math.exp((score - new_score) / temperature):
            score, hard = new_score, new_hard
            if score < best[0]:
                best = (score, dict(layout.placed))
                stalled = 0
        else:
            layout.placed = saved
        temperature *= cooling
    layout.placed = best[1]
    return layout, _structure(layout)


def _structure(layout: Layout) -> float:
    """0 for one landmass that entries reach, without holes, with no tile hanging by one
    edge: what a placement must have to be worth a full lint."""
    hang = sum(hanging(layout.occupied(board)) for board in range(len(layout.boards)))
    return graph_penalty(play_graph(layout, rivers=False), spread_weight=0.0) + HARD * hang


def _place_score(layout: Layout, target: Spread,
                 give_up: float = math.inf) -> tuple[float, float]:
    """(hard, soft): hard is 0 for one landmass that entries reach, without holes, whose
    shape lies inside the booklet's spread (an interior, few chokepoints, no tile hanging
    by one edge); soft pulls towards the booklet's medians. The spread is a goal, not a
    gate: :func:`generate` lets ``flags_for`` judge the derived result. When the landmass
    and holes alone, or with the shape measured so far, already cost ``give_up`` or more,
    the rest is not measured (the move will be refused anyway)."""
    graph = play_graph(layout, rivers=False)
    structure = graph_penalty(graph, holes_weight=HARD, spread_weight=0.0)
    if structure >= give_up:
        return structure, 0.0
    outside, pull = shape_penalty(layout, graph, target, give_up - structure)
    return structure + outside, pull


def _tunnels(layout: Layout, rng: random.Random) -> None:
    ends: list[list[tuple[str, str]]] = []
    for board in range(len(layout.boards)):
        ends.append([(t, r.local_id) for t in sorted(layout.placed)
                     if layout.placed[t].board == board for r in layout.side_of(t).land])
    for _ in range(TUNNELS):
        if not ends[0] or not ends[1]:
            break
        layout.tunnels.append((ends[0].pop(rng.randrange(len(ends[0]))),
                               ends[1].pop(rng.randrange(len(ends[1])))))


def _places_and_relics(layout: Layout, players: int, rng: random.Random) -> None:
    """With an underground board, players + 1 places and relics, 2 monsters each, on
    underground land (Small World Underground's set-up)."""
    spots = [(t, r.local_id) for t in sorted(layout.placed)
             if layout.boards[layout.placed[t].board] == "underground"
             for r in layout.side_of(t).land if (t, r.local_id) not in layout.markers]
    rng.shuffle(spots)
    for index, part in enumerate(spots[: players + 1]):
        kind = "relic" if index % 2 else "place"
        layout.extras.append((part, {"kind": kind, "face": "down"}))
        layout.extras.append((part, {"kind": "monster_stack", "count": 2}))


# -- the whole search -------------------------------------------------------------------

def scenario_data(layout: Layout, players: int, world: str, seed: int,
                  tiles_arg: str | None) -> dict[str, Any]:
    ids = {"surface": "surface", "underground": "underground"}
    command = f"realms generate --players {players} --world {world} --seed {seed}"
    if tiles_arg:
        command += f" --tiles {tiles_arg}"
    data: dict[str, Any] = {
        "format_version": FORMAT_VERSION,
        "id": f"generated-{players}p-{world}-seed{seed}"[:80],
        "title": f"Generated realm ({players} players, {world}, seed {seed})",
        "author": "Realms Studio generator",
        "world": world,
        "players": {"min": players, "max": players},
        "boards": boards_data(layout, tuple(ids[k] for k in layout.boards)),
        "layout_note": f"Generated by `{command}`: a search over tiles, sides, rotations, "
                       "positions and mountains for a realm that meets every default "
                       "`realms lint` threshold. The same command gives the same file.",
    }
    if "underground" in layout.boards:
        data["expansions"] = ["underground"]
    return data


def tile_pool(catalogue: Catalogue, tiles: Sequence[str] | None) -> list[str]:
    known = box_tiles(catalogue)
    if tiles is None:
        return list(known)
    unknown = sorted({t for t in tiles if t not in catalogue.tiles})
    if unknown:
        raise GenerateError(f"unknown tile(s) {', '.join(unknown)}; use letters of the "
                            f"catalogue ({''.join(known)})")
    return sorted(set(tiles))


def generate(players: int, world: str = "surface", seed: int = 0,
             tiles: Sequence[str] | None = None, config: LintConfig | None = None,
             catalogue: Catalogue | None = None,
             flags_for: FlagsFor = standard_flags) -> Generated:
    """A realm with 0 lint errors, 0 warnings and nothing ``flags_for`` flags, or the best
    found (check ``errors``, ``warnings`` and ``flags``).

    ``flags_for(realm, players)`` judges the derived realm against the balance standard;
    by default the booklet's spread of the metrics the search aims at."""
    from editor.generate.confirm import confirm

    if world not in WORLDS:
        raise GenerateError(f"unknown world {world!r}; use {', '.join(WORLDS)}")
    if not 2 <= players <= 6:
        raise GenerateError(f"--players {players}: Small World is for 2-6 players")
    started = time.perf_counter()
    config = config if config is not None else default_config()
    catalogue = catalogue if catalogue is not None else default_catalogue()
    facts = side_facts(catalogue)
    pool = tile_pool(catalogue, tiles)
    kinds = BOARD_KINDS[world]
    target = spread(players)
    scorer = PieceScorer(facts, players, config, _region_range(target, players, config))
    most = sum(max(scorer.vector(t, k, None)[0] for k in kinds if (t, k) in facts)
               for t in pool if any((t, k) in facts for k in kinds))
    if most < config.balance.regions_per_player_warn[0] * players:
        raise GenerateError(f"the tiles given hold at most {most} land regions on the "
                            f"{world}; {players} players need at least "
                            f"{math.ceil(config.balance.regions_per_player_warn[0] * players)}"
                            "; give more tiles or fewer players")
    tiles_arg = ",".join(sorted(set(tiles))) if tiles is not None else None
    rng = random.Random(seed)
    best: Generated | None = None
    judged = 0
    for round_ in range(1, ROUNDS + 1):
        pieces, _ = choose_pieces(pool, kinds, scorer, rng, PIECE_STEPS)
        if _violates(scorer, pieces, kinds):
            continue
        layout, place_score = place(pieces, kinds, facts, rng, PLACE_STEPS, target)
        if place_score > 0:
            continue
        if "underground" in kinds:
            _places_and_relics(layout, players, rng)
        data = scenario_data(layout, players, world, seed, tiles_arg)
        errors, warnings = confirm(data, players, config)
        if errors == 0 and not warnings:  # Lost Tribe tokens break the long empty runs
            layout, runs = break_runs(
                layout, lambda lay: scenario_data(lay, players, world, seed, tiles_arg),
                players, config, add=True)
            data = scenario_data(layout, players, world, seed, tiles_arg)
            if runs:
                data["layout_note"] += (
                    f" {runs} run(s) of more than {config.balance.empty_run_length} adjacent "
                    "empty land regions remain (lint B006): the box's "
                    f"{config.inventory.get('lost_tribe', 18)} Lost Tribe tokens could not "
                    "break them all.")
        flags = _flags(data, players, flags_for) if errors == 0 else ("not measured",)
        found = Generated(data, errors, warnings, round_, time.perf_counter() - started,
                          flags)
        if errors == 0 and not warnings and not flags:
            return found
        if best is None or _rank(found) < _rank(best):
            best = found
        if errors == 0 and not warnings:
            judged += 1
            if judged == JUDGED:  # lint-clean, the fewest flags of JUDGED tries
                return best
    if best is None:
        raise GenerateError(f"no balanced realm found for {players} players on the {world} "
                            f"with seed {seed} after {ROUNDS} rounds; try another seed, "
                            "more tiles or --world both")
    return best


def _flags(data: dict[str, Any], players: int, flags_for: FlagsFor) -> tuple[str, ...]:
    """What the balance standard flags on the derived realm, as text."""
    from editor.generate.confirm import loaded_from
    from editor.topology import derive_realm

    return tuple(str(f) for f in flags_for(derive_realm(loaded_from(data), players), players))


def _rank(found: Generated) -> tuple[int, int, int]:
    return found.errors, len(found.warnings), len(found.flags)


def _region_range(target: Spread, players: int,
                  config: LintConfig) -> tuple[float, float] | None:
    """The booklet's land-region range at this count, inside lint's window (B001)."""
    if "regions" not in target:
        return None
    low, high = config.balance.regions_per_player_warn
    least = max(target["regions"][0], low * players + 0.5)
    most = min(target["regions"][2], high * players - 0.5)
    return (least, most) if least <= most else None


def _violates(scorer: PieceScorer, pieces: Pieces, kinds: tuple[str, ...]) -> bool:
    """Whether the chosen pieces cross a lint threshold (the margins of the score aside)."""
    total = [0] * scorer.size
    for tile, board in pieces.board_of.items():
        for i, x in enumerate(scorer.vector(tile, kinds[board], pieces.mountain[tile])):
            total[i] += x
    b = scorer.config.balance
    land = total[0]
    low, high = b.regions_per_player_warn
    if not low * scorer.players <= land <= high * scorer.players:
        return True
    if any(abs(v - fifth) > b.fifth_rule_tolerance for v, fifth in scorer.fifths(total)):
        return True
    return any(over > 0 for over in scorer.over_inventory(total))
