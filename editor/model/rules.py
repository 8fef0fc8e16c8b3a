"""Typed, read-only views of a scenario's rule sections, with their defaults in one place."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from editor.model.scenario import Scenario


@dataclass(frozen=True)
class WaterBodyRule:
    region: str
    kind: str | None
    entry_edge: bool | None
    impassable: bool
    name: str | None


@dataclass(frozen=True)
class WaterRules:
    river_rules: bool
    default_kind: str  # auto | river | sea | lake
    merge: str  # seams | all_one_sea | rivers_one_region
    seas_are_entry_edges: bool
    bodies: tuple[WaterBodyRule, ...]


@dataclass(frozen=True)
class EntryRule:
    kind: str  # board_edge | arrows | regions | compass_edge | own_world | anywhere
    applies_to: str  # all | surface_races | underground_races
    board: str | None
    side: str | None
    regions: tuple[str, ...]


def water_rules(scenario: Scenario) -> WaterRules:
    data: dict[str, Any] = scenario.section("water")
    river_rules = bool(data.get("river_rules", False))
    default_kind = data.get("default_kind", "river" if river_rules else "auto")
    bodies = tuple(
        WaterBodyRule(b["region"], b.get("kind"), b.get("entry_edge"),
                      bool(b.get("impassable", False)), b.get("name"))
        for b in data.get("bodies", [])
    )
    return WaterRules(river_rules, default_kind, data.get("merge", "seams"),
                      bool(data.get("seas_are_entry_edges", True)), bodies)


def entry_rules(scenario: Scenario) -> tuple[EntryRule, ...]:
    rules = scenario.section("entry").get("rules") or [{"kind": "board_edge"}]
    return tuple(
        EntryRule(r["kind"], r.get("applies_to", "all"), r.get("board"), r.get("side"),
                  tuple(r.get("regions", ())))
        for r in rules
    )


def holes_are_board_edge(scenario: Scenario) -> bool:
    return bool(scenario.sections.get("holes_are_board_edge", False))
