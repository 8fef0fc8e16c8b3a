"""Realise a scenario built during play: play its own building rules to one concrete board.

Booklet scenario 9 records its rules in its ``dynamic`` block: tiles are laid one by one,
each next to one already placed, until the realm has ``target_regions_per_player`` regions
per player; a tile with at least ``lost_tribe_min_non_mountain_regions`` non-mountain
regions gets a Lost Tribe; a Mountain and/or a Chasm may go on each tile. At every turn the
realisation draws a few legal moves (tile, board, hex, rotation, overlays) and plays the one
that keeps the realm closest to the booklet's balance advice, as a careful player would.
Regions are counted as ``realms lint`` counts them (land, chasms excluded). Tiles are always
laid next to a placed one, even if ``place_adjacent_to_placed`` is false: that is legal
either way and keeps the land in one piece.

Everything random comes from one ``random.Random(seed)`` and every choice iterates sorted
data, so the same file, player count, world and seed give the same bytes.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import partial
from typing import Any

from editor.generate.compact import touching
from editor.generate.layout import Layout, Placed, Tallies, play_graph, tallies, tile_tallies
from editor.generate.pieces import Part, box_tiles, side_facts
from editor.generate.runs import break_runs
from editor.generate.score import balance_penalty, fifth_penalty, inventory_penalty, violations
from editor.generate.shape import Figures
from editor.generate.standard import FlagsFor, standard_flags
from editor.generate.write import boards_data
from editor.lint.config import LintConfig, default_config
from editor.model.rules import water_rules
from editor.model.scenario_io import LoadedScenario

WORLDS = ("surface", "underground", "both")
CANDIDATES = 24  # legal moves drawn per tile laid
ATTEMPTS = 8  # realisations tried per world before the next world
TUNNELS = 2  # tunnel pairs linking the two boards when both worlds are played
# the shape's weight beside the balance tallies when a tile is laid (see shape_cost)
REALISE_WEIGHTS = {"missing_neighbours": 3.0, "entry_share": 40.0, "water_regions": 3.0,
                   "articulation_points": 1.0}


class RealiseError(Exception):
    """A scenario that cannot be realised; ``str()`` is the line the CLI prints."""


@dataclass(frozen=True)
class BuildRules:
    target_per_player: int
    adjacent: bool
    lost_tribe_min: int
    by_world: bool  # lint's 1/5 rule counts each world apart (format 2: the box's faces)

    @classmethod
    def of(cls, loaded: LoadedScenario) -> BuildRules:
        dynamic = loaded.scenario.section("dynamic")
        return cls(int(dynamic.get("target_regions_per_player", 9)),
                   bool(dynamic.get("place_adjacent_to_placed", True)),
                   int(dynamic.get("lost_tribe_min_non_mountain_regions", 2)),
                   loaded.scenario.format_version >= 2)


@dataclass(frozen=True)
class Realised:
    data: dict[str, Any]
    world: str
    errors: int
    warnings: tuple[str, ...]  # "CODE message" of the warnings left
    notes: tuple[str, ...] = ()  # why no clean board could be found, when it is known
    flags: tuple[str, ...] = ()  # what ``flags_for`` flags on the board (reported, not searched)


def _board_kinds(world: str) -> tuple[str, ...]:
    return ("surface", "underground") if world == "both" else (world,)


def _mountain_kind(board_kind: str) -> str:
    return "black_mountain" if board_kind == "underground" else "mountain"


def _lost_tribe_rule(layout: Layout, tile: str, rules: BuildRules,
                     rng: random.Random) -> None:
    """Lay a Lost Tribe on ``tile`` if the rule asks and no printed mark already starts one
    there."""
    side = layout.side_of(tile)
    plain = [r for r in side.land
             if layout.markers.get((tile, r.local_id)) is None and r.terrain != "mountain"]
    if len(plain) < rules.lost_tribe_min or any(r.printed_lost_tribe for r in plain):
        return
    target = plain[rng.randrange(len(plain))]
    layout.markers[(tile, target.local_id)] = "lost_tribe"


def _overlay_options(layout: Layout, tile: str, rng: random.Random) -> list[dict[Part, str]]:
    """No overlay, a mountain on each eligible land region, and now and then a chasm."""
    side = layout.side_of(tile)
    kind = _mountain_kind(layout.boards[layout.placed[tile].board])
    options: list[dict[Part, str]] = [{}]
    for region in side.land:
        if region.terrain != "mountain" and not region.printed_lost_tribe:
            options.append({(tile, region.local_id): kind})
    if rng.random() < 0.1:
        bare = [r for r in side.land if not r.symbols]
        if bare:
            options.append({(tile, bare[rng.randrange(len(bare))].local_id): "chasm"})
    return options


def _progress_penalty(t: Tallies, config: LintConfig, target: int, by_world: bool,
                      both: bool) -> float:
    """The balance of the realm so far (the build stops at the region target anyway), and
    the pieces it will need at this rate by the target: a realm that spends its Lost Tribes
    early runs out of them before the end. With ``both`` worlds, a mild pull towards as
    much land above as below: the 1/5 rule counts each world apart, so it no longer says
    which world a tile should go to, and one world would otherwise take nearly all."""
    penalty = fifth_penalty(t, config, by_world) + inventory_penalty(t, config)
    if both:
        penalty += 0.5 * abs(t.land - 2 * t.under_land)
    if t.land:
        for kind in ("lost_tribe", "mountain", "black_mountain", "chasm"):
            projected = t.pieces.get(kind, 0) * target / t.land
            penalty += 20.0 * max(0.0, projected - config.inventory.get(kind, 99) + 1)
    return penalty


def shape_cost(layout: Layout, board: int, spot: tuple[int, int], rivers: bool) -> float:
    """What a careful player weighs besides the tallies: lay the tile where it touches the
    most placed tiles (a compact blob, not a snake whose every tile is on the edge), turned
    so that few regions become entries and the water joins water already laid (few water
    bodies, as on the booklet's boards)."""
    taken = set(layout.occupied(board))
    figures = Figures(layout, play_graph(layout, rivers))
    cost = REALISE_WEIGHTS["missing_neighbours"] * (6 - touching(taken, spot))
    for key in ("entry_share", "water_regions", "articulation_points"):
        cost += REALISE_WEIGHTS[key] * figures.value(key)
    return cost


def build(loaded: LoadedScenario, players: int, world: str, rng: random.Random,
          config: LintConfig) -> Layout:
    """One play of the building rules."""
    rules = BuildRules.of(loaded)
    facts = side_facts(loaded.catalogue)
    kinds = _board_kinds(world)
    layout = Layout(kinds, facts)
    tiles = [t for t in box_tiles(loaded.catalogue)
             if all((t, k) in facts for k in kinds)]
    target = rules.target_per_player * players
    water = water_rules(loaded.scenario)
    rivers = water.default_kind == "river" or water.merge == "rivers_one_region"
    base = tallies(layout)
    while base.land < target:
        unused = [t for t in tiles if t not in layout.placed]
        if not unused:
            break
        scored: list[tuple[float, int, Layout]] = []
        for _ in range(CANDIDATES):
            trial = layout.copy()
            tile = unused[rng.randrange(len(unused))]
            bare = [b for b in range(len(kinds)) if not trial.occupied(b)]
            # each world gets a tile before either gets a second: both are played
            board = bare[0] if bare and len(bare) < len(kinds) else rng.randrange(len(kinds))
            empty = not trial.occupied(board)
            spots = [(0, 0)] if empty else trial.frontier(board)
            q, r = spots[rng.randrange(len(spots))]
            trial.placed[tile] = Placed(tile, kinds[board], board, q, r, rng.randrange(6))
            shape = shape_cost(trial, board, (q, r), rivers)
            for overlay in _overlay_options(trial, tile, rng):
                option = trial.copy()
                option.markers.update(overlay)
                _lost_tribe_rule(option, tile, rules, rng)
                t = base.plus(tile_tallies(option, tile))
                penalty = _progress_penalty(t, config, target, rules.by_world,
                                            world == "both")
                scored.append((penalty + shape, len(scored), option))
        chosen = None
        for _, _, option in sorted(scored, key=lambda s: (s[0], s[1])):
            if "chasm" in option.markers.values():
                graph = play_graph(option, rivers)
                if len(graph.components()) > 1 or not graph.first_conquest:
                    continue
            chosen = option
            break
        if chosen is None:
            break
        layout = chosen
        base = tallies(layout)
    if world == "both":
        _link_worlds(layout, rng)
    if world != "surface":
        _places_and_relics(layout, players, rng)
    return layout


def _places_and_relics(layout: Layout, players: int, rng: random.Random) -> None:
    """Underground: the first player puts a random Place or Relic on the very first tile and
    each player one on the first or second tile he lays, each with 2 Monsters; here the
    first ``players + 1`` tiles laid that have a free land region take one each (face
    down: drawn unseen). A tile whose land is all Lost Tribes and chasms is passed over, so
    the count stays players + 1 (lint R002) now that most tiles carry a Lost Tribe."""
    laid = 0
    for tile in layout.placed:
        if laid == players + 1:
            break
        spots = [r.local_id for r in layout.side_of(tile).land
                 if layout.markers.get((tile, r.local_id)) not in ("chasm", "lost_tribe")]
        if not spots:
            continue
        laid += 1
        part = (tile, spots[rng.randrange(len(spots))])
        kind = ("place", "relic")[rng.randrange(2)]
        layout.extras.append((part, {"kind": kind, "face": "down"}))
        layout.extras.append((part, {"kind": "monster_stack", "count": 2}))


def _link_worlds(layout: Layout, rng: random.Random) -> None:
    """Both worlds are one realm only through tunnels: lay a few pairs, one end per board."""
    ends: list[list[Part]] = []
    for board in range(len(layout.boards)):
        parts = [(t, r.local_id) for t in sorted(layout.placed)
                 if layout.placed[t].board == board for r in layout.side_of(t).land
                 if layout.markers.get((t, r.local_id)) != "chasm"]
        ends.append(parts)
    if not all(ends):
        return
    for _ in range(TUNNELS):
        a = ends[0].pop(rng.randrange(len(ends[0])))
        b = ends[1].pop(rng.randrange(len(ends[1])))
        layout.tunnels.append((a, b))
        if not ends[0] or not ends[1]:
            break


def scenario_data(loaded: LoadedScenario, layout: Layout, players: int, world: str,
                  seed: int) -> dict[str, Any]:
    """The realised scenario: the original's sections, one player count, concrete boards."""
    data = loaded.scenario.to_dict()
    data.pop("dynamic", None)
    data.pop("lint", None)
    ids_by_kind = {b.id: b.kind for b in loaded.scenario.boards}
    board_ids = tuple(next((i for i, k in ids_by_kind.items() if k == kind), kind)
                      for kind in layout.boards)
    data["boards"] = boards_data(layout, board_ids)
    data["players"] = {"min": players, "max": players}
    data["world"] = world
    if world == "surface":  # places, relics and monsters come with the underground board
        kept = [e for e in data.get("expansions", []) if e != "underground"]
        if kept:
            data["expansions"] = kept
        else:
            data.pop("expansions", None)
    base_id = str(data.get("id", "realm"))
    data["id"] = f"{base_id}-{players}p-seed{seed}"[:80]
    data["title"] = f"{loaded.scenario.title} (seed {seed})"[:200]
    data["layout_note"] = (
        f"Realised by `realms realise --players {players} --seed {seed}`: the scenario's "
        "building rules played once (tiles laid one by one, each next to one already placed, "
        "until the land regions reach the target; a Lost Tribe on each tile with enough "
        "non-mountain regions; a mountain or a chasm where it helps the balance). The same "
        "seed gives the same board.")
    return data


def _data_of(loaded: LoadedScenario, players: int, world: str, seed: int,
             layout: Layout) -> dict[str, Any]:
    return scenario_data(loaded, layout, players, world, seed)


def realise(loaded: LoadedScenario, players: int, seed: int, world: str | None = None,
            config: LintConfig | None = None,
            flags_for: FlagsFor | None = standard_flags) -> Realised:
    """A lint-clean concrete board, or the best one found (check ``errors``).

    The board is built as a careful player would (compact, few entries); ``flags_for`` then
    says what the balance standard still flags on it (``flags``), without a further search:
    the building rules, not a search, decide a realised board."""
    from editor.generate.confirm import confirm

    if not loaded.scenario.built_during_play:
        raise RealiseError("this scenario is not built during play (it has no 'dynamic' "
                           "section of kind build_during_play): its board is already laid, "
                           "export or edit it as it is")
    if players not in loaded.scenario.player_counts:
        counts = loaded.scenario.player_counts
        raise RealiseError(f"--players {players} is outside this scenario's "
                           f"{counts[0]}-{counts[-1]} players")
    config = config if config is not None else default_config()
    scenario_world = str(loaded.scenario.sections.get("world", "surface"))
    attempts = ATTEMPTS
    if world is None:
        worlds = list(WORLDS) if scenario_world == "both" else [scenario_world]
        attempts = max(2, ATTEMPTS // len(worlds))
    else:
        if scenario_world != "both" and world != scenario_world:
            raise RealiseError(f"this scenario is played on the {scenario_world} only; "
                               f"drop --world {world}")
        worlds = [world]
    by_world = BuildRules.of(loaded).by_world
    rng = random.Random(seed)
    tried: list[tuple[int, float, int, str, dict[str, Any]]] = []
    with_runs: tuple[str, dict[str, Any], int] | None = None  # clean but for B006 runs
    for chosen in worlds:
        for _ in range(attempts):
            layout = build(loaded, players, chosen, rng, config)
            t = tallies(layout)
            data = scenario_data(loaded, layout, players, chosen, seed)
            crossed = violations(t, players, config, by_world)
            if crossed == 0:
                errors, warnings = confirm(data, players, config)
                if errors == 0 and not warnings:
                    layout, runs = break_runs(
                        layout, partial(_data_of, loaded, players, chosen, seed), players,
                        config, add=False)
                    data = scenario_data(loaded, layout, players, chosen, seed)
                    if runs == 0:
                        return Realised(data, chosen, 0, (),
                                        flags=_flags(data, players, flags_for))
                    if with_runs is None or runs < with_runs[2]:
                        with_runs = (chosen, data, runs)
            penalty = balance_penalty(t, players, config, by_world)
            tried.append((crossed, penalty, len(tried), chosen, data))
    if with_runs is not None:  # lint-clean but for runs no rule tribe could break
        chosen, data, runs = with_runs
        notes = _runs_note(loaded, runs, config)
        data["layout_note"] = f"{data['layout_note']} Left as it is: {notes[0]}."
        return Realised(data, chosen, 0, (), notes, _flags(data, players, flags_for))
    _, _, _, chosen, data = min(tried)
    errors, warnings = confirm(data, players, config)
    return Realised(data, chosen, errors, warnings, _shortfall(loaded, data, config))


def _flags(data: dict[str, Any], players: int,
           flags_for: FlagsFor | None) -> tuple[str, ...]:
    if flags_for is None:
        return ()
    from editor.generate.confirm import loaded_from
    from editor.topology import derive_realm

    return tuple(str(f) for f in flags_for(derive_realm(loaded_from(data), players), players))


def _shortfall(loaded: LoadedScenario, data: dict[str, Any],
               config: LintConfig) -> tuple[str, ...]:
    """The rule's Lost Tribes against the box's: the rule says "must", so a realm that
    needs more than the box holds cannot be built as written, and the user should know
    that this, not bad luck, is why no seed works."""
    wanted = sum(1 for board in data["boards"] for m in board.get("markers", [])
                 if m["kind"] == "lost_tribe")
    held = config.inventory.get("lost_tribe")
    if held is None or wanted <= held:
        return ()
    rule = BuildRules.of(loaded).lost_tribe_min
    return (f"the building rule puts a Lost Tribe on every tile with {rule} or more "
            f"non-mountain regions: the best board found needs {wanted}, and the box holds "
            f"{held} (inventory.lost_tribe)",)


def _runs_note(loaded: LoadedScenario, runs: int, config: LintConfig) -> tuple[str, ...]:
    """Why a B006 info is left: the rule's tribes, one per tile, could not break every run."""
    rule = BuildRules.of(loaded).lost_tribe_min
    limit = config.balance.empty_run_length
    return (f"{runs} run(s) of more than {limit} adjacent empty land regions remain (lint "
            f"B006): the building rule gives one Lost Tribe to each tile with {rule} or more "
            "non-mountain regions, and no choice of those tiles' regions breaks them all",)
