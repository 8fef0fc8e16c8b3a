"""Scenario-rules family: turn track, Underground pieces, expansion tokens, entry rules."""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from typing import Any

from editor.lint.context import CountContext
from editor.lint.findings import Hit
from editor.lint.registry import rule
from editor.lint.rules_geometry import land as land_regions
from editor.model.paths import data_file

SKY_ISLANDS = "sky_islands"


def expected_turns(ctx: CountContext) -> int | None:
    settings = ctx.config.scenario
    turns = settings.default_turns.get(ctx.players)
    if turns is not None and SKY_ISLANDS in _expansions(ctx) and (
            ctx.players in settings.sky_islands_turn_less):
        turns -= 1
    return turns


def _expansions(ctx: CountContext) -> list[str]:
    value = ctx.scenario.sections.get("expansions", [])
    return value if isinstance(value, list) else []


@rule("R001", "warning", "turns differ from the turn track (10/10/9/8/8) without a reason",
      "count")
def turns_without_reason(ctx: CountContext) -> Iterator[Hit]:
    turns = ctx.scenario.section("turns")
    actual = turns.get(str(ctx.players))
    if actual is None:  # (no turns written for this count: the track's)
        return
    expected = expected_turns(ctx)
    reason = ctx.scenario.sections.get("turns_reason")
    if expected is None or actual == expected:
        return
    if isinstance(reason, str) and reason.strip():
        return
    yield Hit("R001", f"{actual} turns where the turn track gives {expected}",
              "say why in turns_reason, or use the standard count",
              ("turns", str(ctx.players)))


def uses_underground(ctx: CountContext) -> bool:
    """Whether the scenario uses Underground pieces (once per document: R002 asks per count)."""
    found: bool | None = ctx.doc.cache.get("uses_underground")
    if found is None:
        scenario = ctx.scenario
        found = ctx.doc.cache["uses_underground"] = (
            scenario.sections.get("world") in ("underground", "both")
            or "underground" in _expansions(ctx)
            or any(b.kind == "underground" for b in scenario.boards)
            or any(p.side == "underground" for b in scenario.boards for p in b.tiles))
    return found


@rule("R002", "info", "with Underground pieces, places plus relics differ from players + 1",
      "count")
def places_and_relics(ctx: CountContext) -> Iterator[Hit]:
    if not uses_underground(ctx) or not (ctx.on_board.tiles or any(
            b.graph is not None for b in ctx.scenario.boards)):
        return  # no Underground, or nothing laid out yet (a blank template)
    laid = [m for _, m in ctx.on_board.markers if m.kind in ("place", "relic")]
    setup = ctx.scenario.section("setup").get("places_relics")
    count = len(laid)
    where: tuple[str | int, ...] = ("boards",)
    if not laid and isinstance(setup, dict):
        if setup.get("count_rule", "players_plus_one") == "players_plus_one" and (
                "count" not in setup):
            return
        count = int(setup.get("count", 0))
        where = ("setup", "places_relics")
    if count != ctx.players + 1:
        yield Hit("R002", f"{count} popular places and righteous relics where Underground "
                  "uses players + 1",
                  "lay players + 1 place/relic markers, or set setup.places_relics.count_rule "
                  "to players_plus_one", where)


def _sky_tokens(ctx: CountContext) -> list[tuple[str, tuple[str | int, ...]]]:
    tokens = []
    for _, marker in ctx.on_board.of_kind("sky_access"):
        if marker.region is not None:
            rid = ctx.realm.resolve(marker.region)
            if rid is not None:
                tokens.append((rid, ctx.locate.of(marker)))
    return tokens


@rule("R003", "warning", "a sky-island access token is on an edge region", "realm")
def sky_access_on_edge(ctx: CountContext) -> Iterator[Hit]:
    for rid, path in _sky_tokens(ctx):
        if ctx.realm.regions[rid].board_edge:
            yield Hit("R003", f"sky-island access token on {rid}, an edge region",
                      "the Sky Islands rules recommend inland regions for the staircase and "
                      "the beanstalk", path, regions=(rid,))


def _steps(adjacency: dict[str, dict[str, Any]], keep: set[str], a: str,
           b: str) -> int | None:
    """The number of edges on a shortest path from ``a`` to ``b`` through ``keep`` (a
    breadth-first search over the realm's adjacency); None when either is outside
    ``keep`` or no path joins them."""
    if a not in keep or b not in keep:
        return None
    seen, frontier, steps = {a}, [a], 0
    while frontier:
        if b in seen:
            return steps
        steps += 1
        ahead = []
        for node in frontier:
            for other in adjacency[node]:
                if other in keep and other not in seen:
                    seen.add(other)
                    ahead.append(other)
        frontier = ahead
    return None


@rule("R004", "warning", "sky-island access tokens are too close together", "realm")
def sky_access_spacing(ctx: CountContext) -> Iterator[Hit]:
    tokens = _sky_tokens(ctx)
    minimum = ctx.config.scenario.sky_access_min_distance
    realm = ctx.realm
    for i, (a, _) in enumerate(tokens):
        for b, path in tokens[i + 1:]:
            board = realm.regions[a].board
            keep = {r for r, reg in realm.regions.items() if reg.board == board and not reg.chasm}
            steps = _steps(realm.adjacency, keep, a, b)
            if steps is None:
                continue
            if steps < minimum:
                yield Hit("R004", f"sky-island access tokens on {a} and {b} are {steps} "
                          f"step{'s' if steps != 1 else ''} apart",
                          f"keep at least {minimum - 1} regions between them "
                          "(scenario.sky-access-min-distance)", path, regions=(a, b))


@rule("R005", "error", "a necromancer island is not in a lake", "realm")
def necromancer_in_lake(ctx: CountContext) -> Iterator[Hit]:
    for _, marker in ctx.on_board.of_kind("necromancer_island"):
        if marker.region is None:
            continue
        rid = ctx.realm.resolve(marker.region)
        if rid is None:
            continue  # G006 reports the missing region
        region = ctx.realm.regions[rid]
        if region.water_kind != "lake":
            yield Hit("R005", f"necromancer island on {rid}, a {region.terrain} region",
                      "the island sits in a lake: put the marker on a lake, or make that water "
                      "body a lake in water.bodies", ctx.locate.of(marker), regions=(rid,))


@rule("R006", "error", "the entry rules leave no legal first conquest", "realm")
def entry_leaves_nothing(ctx: CountContext) -> Iterator[Hit]:
    rules = ctx.scenario.section("entry").get("rules")
    if not rules:
        return  # the default (board edge) is G005's business
    land = [r for r in land_regions(ctx) if not r.chasm]
    if not land:
        return
    groups = sorted({r.get("applies_to", "all") for r in rules if isinstance(r, dict)})
    for group in groups:
        if not any(group in r.first_conquest_for or "all" in r.first_conquest_for
                   for r in land):
            who = "races" if group == "all" else group.replace("_", " ")
            yield Hit("R006", f"the entry rules leave {who} no region to enter",
                      "check the rules' kinds, boards, sides and listed regions, or add an "
                      "entry arrow", ("entry", "rules"))


@cache
def _scored_markers() -> dict[str, tuple[str, ...]]:
    """Scoring rule kind -> the marker kinds it scores (editor/data/scoring-markers.json)."""
    kinds = json.loads(data_file("scoring-markers.json").read_text("utf-8"))["kinds"]
    return {kind: tuple(markers) for kind, markers in kinds.items()}


@rule("R008", "warning", "a scoring rule has no marker to score on the board", "count")
def scoring_without_markers(ctx: CountContext) -> Iterator[Hit]:
    """The Rusted Throne's tribute with no throne, coin mines with no mine: the file says
    the scenario scores something the board does not hold, and every export carries the
    rule as if it did (found removing the markers from booklet scenarios)."""
    scoring = ctx.scenario.sections.get("scoring")
    if not isinstance(scoring, list):
        return
    wanted = _scored_markers()
    for index, item in enumerate(scoring):
        kind = item.get("kind") if isinstance(item, dict) else None
        markers = wanted.get(kind) if isinstance(kind, str) else None
        if not markers or any(ctx.on_board.of_kind(m) for m in markers):
            continue
        names = " or ".join(m.replace("_", " ") for m in markers)
        yield Hit("R008", f"the {str(kind).replace('_', ' ')} scoring rule has no {names} marker "
                  f"on the board", f"lay the {names} marker where the rule scores, or remove "
                  "the rule", ("scoring", index))
