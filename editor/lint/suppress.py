"""Per-file suppressions: the scenario's ``lint.ignore`` entries, each with a reason.

JSON has no comments, so a scenario that breaks a rule on purpose says so in
its own lint section (``{"code": "B003", "reason": "...", "players": [3],
"region": "C.s1"}``). An entry that suppresses nothing is reported (R007), as
ruff reports an unused ``noqa``, so stale entries do not pile up. The file is
untrusted, so its entries never hide the S family (schema, loading, internal
errors) or R007; only the collection's config can ignore those.

An engine file's entries come from its provenance (editor/export/engine_lint.py), which
anyone can write: lint applies them unless ``--no-provenance`` says not to
(:mod:`editor.lint.run_settings`), and counts the findings they hid, so the summary says so.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from editor.lint.findings import Hit
from editor.lint.registry import Rule, register
from editor.model.scenario import Scenario

UNUSED = "R007"
PROTECTED_FAMILY = "S"
"""Schema, loading and internal errors (S000): a file's own ``lint.ignore`` cannot hide
them (a broken file could otherwise declare itself clean); the collection's config can."""


def protected(code: str) -> bool:
    """Codes a scenario's own suppressions never match: the S family and R007 itself."""
    return code.startswith(PROTECTED_FAMILY) or code == UNUSED


@dataclass(frozen=True)
class Suppression:
    index: int
    code: str
    reason: str
    players: tuple[int, ...] | None
    region: str | None

    def matches(self, hit: Hit) -> bool:
        if not hit.code.startswith(self.code) or protected(hit.code):
            return False
        if self.players is not None and hit.players is not None and (
                hit.players not in self.players):
            return False
        return self.region is None or self.region in hit.regions or self.region in hit.tiles


def suppressions(scenario: Scenario) -> list[Suppression]:
    entries = scenario.section("lint").get("ignore", [])
    result = []
    for index, entry in enumerate(entries if isinstance(entries, list) else []):
        if not isinstance(entry, dict) or not isinstance(entry.get("code"), str):
            continue
        players = entry.get("players")
        result.append(Suppression(index, entry["code"], str(entry.get("reason", "")),
                                  tuple(players) if isinstance(players, list) else None,
                                  entry.get("region")))
    return result


def apply(hits: Iterable[Hit], entries: list[Suppression]) -> tuple[list[Hit], set[int]]:
    """The hits no entry suppresses, and the indexes of the entries that were used."""
    kept: list[Hit] = []
    used: set[int] = set()
    for hit in hits:
        matching = [entry.index for entry in entries if entry.matches(hit)]
        if matching:
            used.update(matching)
        else:
            kept.append(hit)
    return kept, used


def unused(entries: list[Suppression], used: set[int], enabled: frozenset[str],
           counts: tuple[int, ...] | None = None) -> list[Hit]:
    """Entries that suppressed nothing, among those whose codes were checked at all, at a
    player count they name (``counts``: the counts linted; an entry for 6 players says
    nothing about a lint of 4 players only, in the CLI's --players or the editor)."""
    hits = []
    for entry in entries:
        if entry.index in used:
            continue
        if protected(entry.code):
            hits.append(Hit(UNUSED, f"lint.ignore cannot silence {entry.code}: schema, loading "
                            "and internal errors, and this rule itself, always show",
                            "fix what the finding says, or ignore the code in the collection's "
                            "config (realms.toml or pyproject.toml)",
                            ("lint", "ignore", entry.index)))
            continue
        if not any(code.startswith(entry.code) and code != UNUSED for code in enabled):
            continue  # its rules were not run (e.g. --select S): nothing to say
        if counts is not None and (not counts or (entry.players is not None
                                                  and not set(entry.players) & set(counts))):
            continue  # its player counts were not linted: nothing to say
        hits.append(Hit(UNUSED, f"lint.ignore entry for {entry.code} suppresses nothing",
                        "remove the entry, or fix its code, players or region",
                        ("lint", "ignore", entry.index)))
    return hits



register(Rule(UNUSED, "info", "a lint.ignore entry of the scenario suppresses nothing", "load"))
