"""Balance family: the Realms booklet's advice for building your own realm.

About 9 regions per player; each terrain and each symbol on about 1/5 of the
regions; lost tribes (or monsters) breaking up runs of empty land. Thresholds
come from the ``[balance]`` settings, whose defaults are the balance standard's rules
(``editor/data/balance-standard.json``: the same window and 1/5 tolerance as
``realms balance``); the 1/5 rule is counted by :mod:`editor.analysis.fifth`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from editor.analysis.fifth import (
    SURFACE,
    UNDERGROUND,
    FifthCheck,
    WorldCounts,
    count_world,
    fifth_checks,
    fifth_groups,
)
from editor.lint.context import CountContext
from editor.lint.findings import Hit
from editor.lint.registry import rule
from editor.lint.rules_geometry import grown_pieces

# Findings about a tally (the 1/5 rule): the regions they name are the ones counted, not
# culprits, so the editor selects them on a click but does not mark their tiles as faulty.
TALLY_CODES = frozenset({"B003", "B004"})


def _per_player(ctx: CountContext) -> tuple[int, float]:
    total = ctx.facts.total  # how many regions the balance rules count
    return total, total / ctx.players


def _kind_word(ctx: CountContext) -> str:
    return "regions" if ctx.config.balance.count_water else "land regions"


@rule("B001", "error", "regions per player far from 9 (outside the error range)", "realm")
def regions_far(ctx: CountContext) -> Iterator[Hit]:
    total, per = _per_player(ctx)
    low, high = ctx.config.balance.regions_per_player_error
    if total and not low <= per <= high:
        yield Hit("B001", f"{total} {_kind_word(ctx)} is {per:.1f} per player, outside "
                  f"{low:g}-{high:g}", _advice(ctx, per), ("boards",))


@rule("B002", "warning", "regions per player off 9 (outside the warning range)", "realm")
def regions_off(ctx: CountContext) -> Iterator[Hit]:
    total, per = _per_player(ctx)
    low, high = ctx.config.balance.regions_per_player_warn
    err_low, err_high = ctx.config.balance.regions_per_player_error
    if total and not low <= per <= high and err_low <= per <= err_high:
        yield Hit("B002", f"{total} {_kind_word(ctx)} is {per:.1f} per player, outside "
                  f"{low:g}-{high:g}", _advice(ctx, per), ("boards",))


def _advice(ctx: CountContext, per: float) -> str:
    target = ctx.config.balance.regions_per_player_target
    wanted = round(target * ctx.players)
    verb = "add tiles" if per < target else "remove tiles"
    return f"aim for about {wanted} ({target:g} per player): {verb} for this player count"


def _fifth(ctx: CountContext, code: str, check: FifthCheck) -> Iterator[Hit]:
    """One terrain or symbol of one world far from a fifth of that world's counted land."""
    tolerance = ctx.config.balance.fifth_rule_tolerance
    if not check.outside(tolerance):
        return
    where = {SURFACE: " surface", UNDERGROUND: " underground"}.get(check.world, "")
    if check.kind == "terrain" and check.world == SURFACE:
        where = ""  # (the surface is the realm's own world: said for symbols only)
    verb = "add" if check.count < check.target else "remove"
    yield Hit(code, f"{check.kind} {check.name} on {check.count} of {check.total}{where} "
              f"{_kind_word(ctx)}, the 1/5 rule wants about {check.target:.1f}",
              f"{verb} {check.name} regions (tolerance {tolerance:g} is "
              "balance.fifth-rule-tolerance)", ("boards",), regions=_named(ctx, check))


def _named(ctx: CountContext, check: FifthCheck) -> tuple[str, ...]:
    """The counted regions of the check's world that carry its terrain or symbol: what a
    click on the finding shows (none when the realm has none of it)."""
    if check.world == SURFACE or check.world == UNDERGROUND:
        below = ctx.doc.worlds.is_below
        wanted = check.world == UNDERGROUND
        pool = [r for r in ctx.realm.regions.values()
                if r.kind == "land" and not r.chasm and below(r) == wanted]
    else:
        pool = ctx.facts.counted
    if check.kind == "terrain":
        return tuple(r.id for r in pool if r.kind == "land" and r.terrain == check.name)
    return tuple(r.id for r in pool if check.name in r.symbols)


def _worlds(ctx: CountContext) -> tuple[WorldCounts, WorldCounts]:
    """(surface, underground) counts: the realm's counted regions, world by world.

    The lint facts count every world together; a format-2 realm with underground land is
    counted again here per world (a region counts in the world of its board), as the
    balance standard and the generator count it (:mod:`editor.analysis.fifth`)."""
    facts = ctx.facts
    whole = WorldCounts(facts.total, facts.terrains, facts.symbols)
    if not facts.underground_land or ctx.scenario.format_version < 2:
        return whole, WorldCounts()
    below = ctx.doc.worlds.is_below
    land = [r for r in ctx.realm.regions.values() if r.kind == "land" and not r.chasm]
    return (count_world((r.terrain, r.symbols) for r in land if not below(r)),
            count_world((r.terrain, r.symbols) for r in land if below(r)))


def _checks(ctx: CountContext, kind: str) -> list[FifthCheck]:
    b = ctx.config.balance
    surface, underground = _worlds(ctx)
    groups = fifth_groups(surface, underground, format_version=ctx.scenario.format_version,
                          terrains=b.terrains, underground_terrains=b.underground_terrains,
                          symbols=b.symbols)
    return [c for c in fifth_checks(groups) if c.kind == kind]


@rule("B003", "warning", "a land terrain far from 1/5 of the regions", "realm")
def terrain_fifth(ctx: CountContext) -> Iterator[Hit]:
    # each world's terrains against that world's land (format 2: the faces print different
    # terrains on each side; a mountain piece counts in the world it is laid in; tile E's
    # underground swamp is underground land, never surface swamp)
    for check in _checks(ctx, "terrain"):
        yield from _fifth(ctx, "B003", check)


@rule("B004", "warning", "a symbol far from 1/5 of the regions", "realm")
def symbol_fifth(ctx: CountContext) -> Iterator[Hit]:
    # regions per symbol (regions, not symbols). The box prints no symbol on its underground
    # faces (as far as the sources tell), so from format 2 the rule counts the surface land
    # only, and says nothing of a realm with no surface land.
    for check in _checks(ctx, "symbol"):
        yield from _fifth(ctx, "B004", check)


@rule("B005", "warning", "a lost tribe on a mountain or on water", "realm")
def lost_tribe_place(ctx: CountContext) -> Iterator[Hit]:
    # The same tribe is usually misplaced for several counts: its hit is made once per
    # document, keyed by all it is made of (the engine copies it for each count).
    made: dict[tuple[Any, ...], Hit] = ctx.doc.cache.setdefault("B005", {})
    for rid, region in ctx.facts.misplaced:  # lost tribes on a mountain or water
        marker = next((m for m in region.markers if m.kind == "lost_tribe"),
                      None) if region.markers else None
        key = (rid, region.terrain, region.tiles, id(marker))
        hit = made.get(key)
        if hit is None:
            path = ctx.locate.of(marker) if marker is not None else (
                ctx.locate.region(ctx.scenario, rid))  # a printed lost tribe: its tile
            hit = made[key] = Hit(
                "B005", f"lost tribe on {rid}, a {region.terrain} region",
                "lost tribes start on plain land: move it to a region that is neither "
                "mountain nor water", path, regions=(rid,), tiles=region.tiles)
        yield hit


def _run_from(graph: dict[str, list[str]], start: str, length: int) -> list[str] | None:
    """A simple path of ``length`` regions starting at ``start`` (depth-first, bounded)."""
    path = [start]
    return path if _extend(graph, path, {start}, length) else None


def _extend(graph: dict[str, list[str]], path: list[str], on_path: set[str],
            length: int) -> bool:
    # A module function, not a closure naming itself: that reference cycle kept the
    # realm's adjacency (reached through ``graph``) alive until the cyclic collector
    # found it, and the collector then walked every edge of it.
    if len(path) == length:
        return True
    for nxt in graph[path[-1]]:
        if nxt not in on_path:
            path.append(nxt)
            on_path.add(nxt)
            if _extend(graph, path, on_path, length):
                return True
            on_path.discard(path.pop())
    return False


class _Neighbours(dict[str, list[str]]):
    """Sorted neighbour lists within ``keep``, each made when the search first asks for it
    (a run is usually found after a few regions: :func:`adjacency` made all of them)."""

    def __init__(self, adj: Mapping[str, Iterable[str]], keep: set[str]) -> None:
        super().__init__()
        self.adj = adj
        self.keep = keep

    def __missing__(self, region: str) -> list[str]:
        found = self[region] = sorted(self.keep.intersection(self.adj[region]))
        return found


@rule("B006", "info", "a long run of adjacent empty land regions", "realm")
def empty_runs(ctx: CountContext) -> Iterator[Hit]:
    realm = ctx.realm
    limit = ctx.config.balance.empty_run_length
    empty = ctx.facts.empty  # walkable land, no mountain, lost tribe or monsters
    if len(empty) <= limit:
        return  # no piece of them is longer than the limit
    adj: _Neighbours | None = None  # sorted neighbour lists, for the long pieces
    # the pieces longer than the limit (most empty land lies in short ones), each sorted,
    # by first id (they are disjoint: list order is first-id order)
    long = grown_pieces(ctx.adjacency, empty, limit)
    for piece in long:
        piece.sort()
    long.sort()
    for component in long:
        if adj is None:
            adj = _Neighbours(ctx.adjacency, set(empty))
        run = None
        for start in component:
            run = _run_from(adj, start, limit + 1)
            if run:
                break
        if run:
            region = realm.regions[run[0]]
            yield Hit("B006", f"{len(run)} adjacent empty land regions in a row "
                      f"({' - '.join(run)}), and {len(component)} empty regions in that stretch",
                      f"break runs longer than {limit} with a lost tribe, monsters or a "
                      "mountain", ctx.locate.region(ctx.scenario, run[0]), regions=tuple(run),
                      tiles=region.tiles)
