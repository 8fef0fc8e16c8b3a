"""The booklet's 1/5 rule ("each terrain type and each symbol in about 1/5 of the regions"),
counted world by world: one rule for lint (B003/B004), the balance standard and the
generator, so tile E's underground swamp is never counted as surface swamp by one and not
by another.

A region counts in the world of its board. From format 2 (the box's faces, which print
different terrains on each side), a realm with land on an underground board is counted
per world: surface terrains against the surface land, underground terrains against the
underground land, and symbols against the surface land only (the box prints none
underground). Otherwise every terrain and symbol is counted against all the land.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

SURFACE, UNDERGROUND, WHOLE = "surface", "underground", ""


@dataclass(frozen=True)
class WorldCounts:
    """Land regions of one world, and how many carry each terrain and each symbol."""

    land: int = 0
    terrains: Mapping[str, int] = field(default_factory=dict)
    symbols: Mapping[str, int] = field(default_factory=dict)

    def plus(self, other: WorldCounts) -> WorldCounts:
        return WorldCounts(self.land + other.land, _add(self.terrains, other.terrains),
                           _add(self.symbols, other.symbols))


def _add(a: Mapping[str, int], b: Mapping[str, int]) -> dict[str, int]:
    out = dict(a)
    for key, value in b.items():
        out[key] = out.get(key, 0) + value
    return out


def count_world(regions: Iterable[tuple[str, Iterable[str]]]) -> WorldCounts:
    """Counts from (terrain, symbols) of each counted land region (a symbol once a region)."""
    land = 0
    terrains: dict[str, int] = {}
    symbols: dict[str, int] = {}
    for terrain, marks in regions:
        land += 1
        terrains[terrain] = terrains.get(terrain, 0) + 1
        for symbol in set(marks):
            symbols[symbol] = symbols.get(symbol, 0) + 1
    return WorldCounts(land, terrains, symbols)


@dataclass(frozen=True)
class FifthGroup:
    """Names counted against one world's land (``world`` is "" for the whole realm)."""

    kind: str  # "terrain" | "symbol"
    world: str
    names: tuple[str, ...]
    counts: Mapping[str, int]
    total: int


@dataclass(frozen=True)
class FifthCheck:
    """One terrain or symbol of one world against a fifth of that world's land."""

    kind: str
    world: str
    name: str
    count: int
    total: int

    @property
    def target(self) -> float:
        return self.total / 5

    def outside(self, tolerance: float) -> bool:
        return abs(self.count - self.target) > tolerance + 1e-9


def by_world(format_version: int, underground: WorldCounts) -> bool:
    """Whether the rule counts the worlds apart (format 2 and land underground)."""
    return format_version >= 2 and underground.land > 0


def fifth_groups(surface: WorldCounts, underground: WorldCounts, *, format_version: int,
                 terrains: Iterable[str], underground_terrains: Iterable[str],
                 symbols: Iterable[str]) -> list[FifthGroup]:
    """The groups the 1/5 rule checks, in the order lint reports them."""
    names_t, names_u, names_s = (tuple(dict.fromkeys(n)) for n in
                                 (terrains, underground_terrains, symbols))
    if not by_world(format_version, underground):
        whole = surface.plus(underground)
        return [FifthGroup("terrain", WHOLE, names_t, whole.terrains, whole.land),
                FifthGroup("symbol", WHOLE, names_s, whole.symbols, whole.land)]
    groups: list[FifthGroup] = []
    if surface.land:
        groups.append(FifthGroup("terrain", SURFACE, names_t, surface.terrains, surface.land))
    groups.append(FifthGroup("terrain", UNDERGROUND, names_u or names_t, underground.terrains,
                             underground.land))
    if surface.land:
        groups.append(FifthGroup("symbol", SURFACE, names_s, surface.symbols, surface.land))
    return groups


def fifth_checks(groups: Iterable[FifthGroup]) -> list[FifthCheck]:
    """Every (group, name) of the groups, in order; none for a group with no land."""
    return [FifthCheck(g.kind, g.world, name, int(g.counts.get(name, 0)), g.total)
            for g in groups if g.total > 0 for name in g.names]
