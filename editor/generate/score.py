"""The balance score of a layout from its tallies: 0 when no default balance or inventory
threshold of ``realms lint`` is crossed; it grows with the distance from the thresholds so
a search can follow it down. The thresholds are the lint settings themselves."""

from __future__ import annotations

from collections import Counter

from editor.generate.layout import Tallies
from editor.lint.config import LintConfig

HARD = 100.0  # per region beyond a warning threshold or piece beyond the box


def region_count_penalty(t: Tallies, players: int, config: LintConfig) -> float:
    b = config.balance
    low, high = b.regions_per_player_warn
    penalty = 0.5 * abs(t.land - b.regions_per_player_target * players)
    if t.land < low * players:
        penalty += HARD * (low * players - t.land)
    elif t.land > high * players:
        penalty += HARD * (t.land - high * players)
    return penalty


def fifth_totals(land: int, under_land: int, by_world: bool = True) -> list[tuple[str, int]]:
    """(group, regions counted against) for each group lint's 1/5 rule checks; a group is
    ``terrains`` (the surface's, or all land's), ``underground_terrains`` or ``symbols``.

    As B003/B004 count them: with ``by_world`` (format 2, the box's faces) and land
    underground, surface terrains against the surface land, underground terrains against
    the underground land, and symbols against the surface land only (the box prints none
    underground); otherwise every terrain and symbol against all the land. The one place
    that says which counts go against which total: the tallies below and the generator's
    tally vectors (:mod:`editor.generate.search`) both read it."""
    if not by_world or not under_land:
        return [("terrains", land), ("symbols", land)]
    above = land - under_land
    groups = [("terrains", above), ("symbols", above)] if above else []
    return [*groups, ("underground_terrains", under_land)]


def fifth_groups(t: Tallies, config: LintConfig,
                 by_world: bool = True) -> list[tuple[Counter[str], tuple[str, ...], int]]:
    """(counts, names, regions counted) for each group of :func:`fifth_totals`."""
    b = config.balance
    split = by_world and bool(t.under_land)
    counts = {"terrains": t.terrains - t.under_terrains if split else t.terrains,
              "symbols": t.symbols, "underground_terrains": t.under_terrains}
    names = {"terrains": b.terrains, "symbols": b.symbols,
             "underground_terrains": b.underground_terrains}
    return [(counts[g], names[g], total) for g, total in fifth_totals(t.land, t.under_land,
                                                                       by_world)]


def fifth_penalty(t: Tallies, config: LintConfig, by_world: bool = True) -> float:
    """Each terrain and symbol on about 1/5 of the land of its world (B003/B004)."""
    tolerance = config.balance.fifth_rule_tolerance
    penalty = 0.0
    for counts, names, total in fifth_groups(t, config, by_world):
        fifth = total / 5
        for name in dict.fromkeys(names):
            off = abs(counts.get(name, 0) - fifth)
            if off > tolerance:
                penalty += HARD * (off - tolerance) + 10.0
            penalty += 0.2 * off * off
    return penalty


def inventory_penalty(t: Tallies, config: LintConfig) -> float:
    over = sum(max(0, t.pieces.get(kind, 0) - limit) for kind, limit in config.inventory.items())
    return 10 * HARD * over


def balance_penalty(t: Tallies, players: int, config: LintConfig,
                    by_world: bool = True) -> float:
    return (region_count_penalty(t, players, config) + fifth_penalty(t, config, by_world)
            + inventory_penalty(t, config))


def violations(t: Tallies, players: int, config: LintConfig, by_world: bool = True) -> int:
    """How many lint thresholds (B001-B004, I001) the tallies cross: 0 is worth a full lint."""
    b = config.balance
    low, high = b.regions_per_player_warn
    count = int(not low * players <= t.land <= high * players)
    for counts, names, total in fifth_groups(t, config, by_world):
        count += sum(1 for n in dict.fromkeys(names)
                     if abs(counts.get(n, 0) - total / 5) > b.fifth_rule_tolerance)
    count += sum(1 for kind, limit in config.inventory.items() if t.pieces.get(kind, 0) > limit)
    return count
