"""The balance score of a layout from its tallies: 0 when no default balance or inventory
threshold of ``realms lint`` is crossed; it grows with the distance from the thresholds so
a search can follow it down. The thresholds are the lint settings themselves."""

from __future__ import annotations

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


def fifth_penalty(t: Tallies, config: LintConfig) -> float:
    """Each terrain and symbol on about 1/5 of the land (B003/B004)."""
    b = config.balance
    fifth = t.land / 5
    penalty = 0.0
    for counts, names in ((t.terrains, b.terrains), (t.symbols, b.symbols)):
        for name in names:
            off = abs(counts.get(name, 0) - fifth)
            if off > b.fifth_rule_tolerance:
                penalty += HARD * (off - b.fifth_rule_tolerance) + 10.0
            penalty += 0.2 * off * off
    return penalty


def inventory_penalty(t: Tallies, config: LintConfig) -> float:
    over = sum(max(0, t.pieces.get(kind, 0) - limit) for kind, limit in config.inventory.items())
    return 10 * HARD * over


def balance_penalty(t: Tallies, players: int, config: LintConfig) -> float:
    return (region_count_penalty(t, players, config) + fifth_penalty(t, config)
            + inventory_penalty(t, config))


def violations(t: Tallies, players: int, config: LintConfig) -> int:
    """How many lint thresholds (B001-B004, I001) the tallies cross: 0 is worth a full lint."""
    b = config.balance
    low, high = b.regions_per_player_warn
    count = int(not low * players <= t.land <= high * players)
    fifth = t.land / 5
    for counts, names in ((t.terrains, b.terrains), (t.symbols, b.symbols)):
        count += sum(1 for n in names if abs(counts.get(n, 0) - fifth) > b.fifth_rule_tolerance)
    count += sum(1 for kind, limit in config.inventory.items() if t.pieces.get(kind, 0) > limit)
    return count
