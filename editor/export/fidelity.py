"""Which of a scenario's rules each engine export carries, and which it loses.

The list is data (``editor/data/engine-rules.json``): each rule, the test that tells whether
a board uses it, and per output whether the file carries it and how. Every engine export's
description is made here from that list and the board, and so are the tables of
docs/export.md (``python -m editor.export.fidelity`` prints them; a test checks that the
docs hold exactly that text), so a description and the docs cannot disagree.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from editor.model.paths import data_file
from editor.model.rules import water_rules
from editor.model.scenario import Scenario
from editor.model.terrains import engine_terrain
from editor.topology.realm import Realm

OUTPUTS = ("engine", "smawg", "smawg_plugin", "cestpasphoto")
LINK_EDGE_KINDS = frozenset({"tunnel", "access", "cloud_bridge", "custom"})


@dataclass(frozen=True)
class RuleFate:
    """One rule a board uses, and what one output does with it."""

    id: str
    rule: str
    carried: bool
    how: str


@cache
def catalogue() -> dict[str, Any]:
    with open(data_file("engine-rules.json"), encoding="utf-8") as stream:
        data: dict[str, Any] = json.load(stream)
    return data


def _any_region(test: Callable[[Any], bool]) -> Callable[[Realm], bool]:
    return lambda realm: any(test(r) for r in realm.regions.values())


def _links(realm: Realm) -> bool:
    if realm.scenario.links:
        return True
    return any(LINK_EDGE_KINDS & set(d["kinds"]) for _, _, d in realm.graph.edges(data=True))


def _river_rules(realm: Realm) -> bool:
    return water_rules(realm.scenario).river_rules and any(
        r.water_kind == "river" for r in realm.regions.values())


# The tests a rule's "when" names; "scoring:KIND" and "setup:KEY" are read in _uses_one,
# and "A|B" is either.
def scenario_notes(scenario: Scenario) -> str | None:
    """The scenario's notes as written, or None when it has none (blank counts as none)."""
    notes = scenario.sections.get("notes")
    return notes if isinstance(notes, str) and notes.strip() else None


CONDITIONS: dict[str, Callable[[Realm], bool]] = {
    "always": lambda realm: True,
    "notes": lambda realm: scenario_notes(realm.scenario) is not None,
    "entry_groups": _any_region(lambda r: bool(r.first_conquest_for - {"all"})),
    "exempt_powers": lambda realm: bool(realm.scenario.section("entry").get("exempt_powers")),
    "river_rules": _river_rules,
    "seas_or_lakes": _any_region(lambda r: r.water_kind in ("sea", "lake")),
    "impassable": _any_region(lambda r: r.kind == "water" and r.impassable and not r.chasm),
    "mountains": _any_region(lambda r: r.terrain == "mountain" and not r.chasm),
    "peaks": _any_region(lambda r: "peak" in r.marker_kinds() and not r.chasm),
    "chasms": _any_region(lambda r: r.chasm),
    "links": _links,
    "lost_tribes": _any_region(
        lambda r: "lost_tribe" in r.symbols or "lost_tribe" in r.marker_kinds()),
    "underground_terrains": _any_region(
        lambda r: r.is_land and engine_terrain(r.base_terrain) != r.base_terrain),
    "expansions": lambda realm: bool(realm.scenario.sections.get("expansions")),
    "dynamic": lambda realm: bool(realm.scenario.sections.get("dynamic")),
}


def _uses(when: str, realm: Realm) -> bool:
    return any(_uses_one(test, realm) for test in when.split("|"))


def _uses_one(when: str, realm: Realm) -> bool:
    section, _, key = when.partition(":")
    if section == "scoring":
        scoring = realm.scenario.sections.get("scoring") or []
        return any(isinstance(s, dict) and s.get("kind") == key for s in scoring)
    if section == "setup":
        return key in (realm.scenario.sections.get("setup") or {})
    return CONDITIONS[when](realm)


def fates(realm: Realm, output: str) -> list[RuleFate]:
    """The rules this board uses, in the catalogue's order, with what ``output`` does."""
    return [RuleFate(rule["id"], rule["rule"], rule[output]["carried"], rule[output]["how"])
            for rule in catalogue()["rules"] if _uses(rule["when"], realm)]


def _listed(items: Iterable[RuleFate]) -> str:
    return "; ".join(f"{f.rule}: {f.how}" for f in items)


def summary(realm: Realm, output: str) -> str:
    """"Carries: ... Loses: ..." for one output, each rule with how it is carried or lost."""
    found = fates(realm, output)
    carried = [f for f in found if f.carried]
    lost = [f for f in found if not f.carried]
    parts = [f"Carries: {_listed(carried)}."]
    parts.append(f"Loses: {_listed(lost)}." if lost else "Loses none of the scenario's rules.")
    return " ".join(parts)


def smawg_summary(realm: Realm) -> str:
    """The smawg file's own summary, then what its rules plugin adds and what even the
    plugin cannot play."""
    alone = {f.id: f for f in fates(realm, "smawg")}
    plugin = fates(realm, "smawg_plugin")
    gained = [f for f in plugin if f.carried and not alone[f.id].carried]
    still = [f for f in plugin if not f.carried]
    parts = [summary(realm, "smawg")]
    if gained:
        parts.append(f"With the Realms rules plugin (smawg play --rules=FILE) it also "
                     f"carries: {_listed(gained)}.")
    if still:
        parts.append(f"Even with the plugin it loses: {_listed(still)}.")
    return " ".join(parts)


# -- docs -------------------------------------------------------------------------------
def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def output_table(output: str) -> str:
    """The markdown table of one output: every rule, carried or lost, and how."""
    rows = ["| Rule | Id | In the file | How |", "| --- | --- | --- | --- |"]
    for rule in catalogue()["rules"]:
        fate = rule[output]
        rows.append(f"| {_cell(rule['rule'])} | `{rule['id']}` | "
                    f"{'carried' if fate['carried'] else '**lost**'} | {_cell(fate['how'])} |")
    return "\n".join(rows)


def scenario_table(boards: Sequence[tuple[str, Sequence[Realm]]]) -> str:
    """Per scenario (its name and its realms at every count it supports), the rules each
    output loses: the rules any of its boards uses that the output does not carry."""
    outputs = ("smawg", "smawg_plugin", "cestpasphoto")
    names = catalogue()["outputs"]
    rows = ["| Scenario | " + " | ".join(names[o].split(" (")[0] + " loses" for o in outputs)
            + " |", "| --- |" + " --- |" * len(outputs)]
    ids = [rule["id"] for rule in catalogue()["rules"]]
    for name, realms in boards:
        cells = []
        for output in outputs:
            lost = {f.id for realm in realms for f in fates(realm, output) if not f.carried}
            cells.append(", ".join(i for i in ids if i in lost) or "nothing")
        rows.append(f"| {_cell(name)} | " + " | ".join(cells) + " |")
    return "\n".join(rows)


def docs_tables(boards: Sequence[tuple[str, Sequence[Realm]]]) -> str:
    """The block docs/export.md holds between its fidelity markers."""
    names = catalogue()["outputs"]
    parts = []
    for output in OUTPUTS:
        parts += [f"#### {names[output]}", "", output_table(output), ""]
    parts += ["#### What each shipped scenario loses, at any of its counts", "",
              f"(A scenario built during play: the boards `--seed {REALISE_SEED}` realises.)", "",
              scenario_table(boards)]
    return "\n".join(parts)


REALISE_SEED = 1  # a scenario built during play: the boards `realms export --seed 1` writes


def shipped_boards(root: str = "scenarios") -> list[tuple[str, list[Realm]]]:
    """Every shipped scenario (not the blank templates) with its realm at each count; one
    built during play (booklet 9) with the boards :data:`REALISE_SEED` realises."""
    from pathlib import Path

    from editor.generate.confirm import loaded_from
    from editor.generate.realise import realise
    from editor.model.scenario_io import load_scenario
    from editor.topology import derive_realm

    out = []
    for path in sorted(Path(root).glob("**/*.realm.json")):
        if path.parent.name == "templates":
            continue
        loaded = load_scenario(path)
        realms = []
        for players in loaded.scenario.player_counts:
            realms.append(derive_realm(loaded, players))  # the scenario's own sections
            if loaded.scenario.built_during_play:  # and the board it gives
                realised = loaded_from(realise(loaded, players, REALISE_SEED).data)
                realms.append(derive_realm(realised, players))
        out.append((path.relative_to(root).as_posix(), realms))
    return out


if __name__ == "__main__":  # regenerate docs/export.md's tables from the repo root
    print(docs_tables(shipped_boards()))
