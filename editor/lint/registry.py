"""The rule registry: every code, its family, default severity, summary and check.

Codes are a family letter and three digits, as in ruff (``B003``). Selectors
are code prefixes (``B``, ``B00``, ``B003``) or ``ALL``; the most specific
selector wins and, at equal specificity, ``ignore`` beats ``select``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from editor.lint.findings import Hit

FAMILIES = {
    "S": "schema",
    "G": "geometry",
    "B": "balance",
    "I": "inventory",
    "R": "scenario rules",
}

# Scopes: "load" rules are emitted by the loading pipeline (no check function of
# their own); "document" rules run once per file; "count" rules run once per
# player count without the derived realm; "realm" rules need the derivation.
SCOPES = ("load", "document", "count", "realm")

Check = Callable[[Any], Iterable[Hit]]


@dataclass(frozen=True)
class Rule:
    code: str
    severity: str
    summary: str
    scope: str
    check: Check | None = None

    @property
    def family(self) -> str:
        return FAMILIES[self.code[0]]


# all_rules() and enabled_codes() are asked for every linted file: both are answered from
# these, emptied whenever the registry changes.
_SORTED: dict[str, Rule] = {}
_ENABLED: dict[tuple[tuple[str, ...], tuple[str, ...]], frozenset[str]] = {}
# What the engine runs for a set of enabled codes: (document rules, count and realm rules),
# each in code order.
_PLANS: dict[frozenset[str], tuple[tuple[Rule, ...], tuple[Rule, ...]]] = {}


class _Rules(dict[str, Rule]):
    """The registry's dict: any change empties the answers derived from it."""

    def __setitem__(self, code: str, item: Rule) -> None:
        super().__setitem__(code, item)
        _forget()

    def __delitem__(self, code: str) -> None:
        super().__delitem__(code)
        _forget()


def _forget() -> None:
    _SORTED.clear()
    _ENABLED.clear()
    _PLANS.clear()


RULES: dict[str, Rule] = _Rules()


def rule(code: str, severity: str, summary: str, scope: str) -> Callable[[Check], Check]:
    """Register a check function under ``code``."""

    def decorate(check: Check) -> Check:
        register(Rule(code, severity, summary, scope, check))
        return check

    return decorate


def register(item: Rule) -> None:
    if item.code in RULES:
        raise ValueError(f"rule code {item.code} registered twice")
    if item.code[0] not in FAMILIES or item.scope not in SCOPES:
        raise ValueError(f"bad rule definition {item}")
    RULES[item.code] = item


def all_rules() -> dict[str, Rule]:
    """Every rule, sorted by code (importing the family modules registers them). The same
    dict is returned on every call: do not change it."""
    if _SORTED:
        return _SORTED
    from editor.lint import (  # noqa: F401  (imported for their registrations)
        rules_balance,
        rules_geometry,
        rules_inventory,
        rules_pieces,
        rules_scenario,
        rules_schema,
        suppress,
    )

    _SORTED.update(sorted(RULES.items()))
    return _SORTED


class SelectorError(ValueError):
    """A --select/--ignore entry that matches no rule."""


def check_selectors(selectors: Iterable[str], known: Iterable[str]) -> None:
    codes = list(known)
    for selector in selectors:
        if selector == "ALL":
            continue
        if not any(code.startswith(selector) for code in codes):
            raise SelectorError(
                f"unknown rule selector {selector!r}; use a code or prefix such as "
                f"{', '.join(sorted(FAMILIES))}, or ALL (see `realms lint --show-rules`)")


def _specificity(code: str, selectors: Sequence[str]) -> int:
    best = -1
    for selector in selectors:
        if selector == "ALL":
            best = max(best, 0)
        elif code.startswith(selector):
            best = max(best, len(selector))
    return best


def is_enabled(code: str, select: Sequence[str], ignore: Sequence[str]) -> bool:
    chosen = _specificity(code, select)
    return chosen >= 0 and chosen > _specificity(code, ignore)


def enabled_codes(select: Sequence[str], ignore: Sequence[str]) -> frozenset[str]:
    key = (tuple(select), tuple(ignore))
    found = _ENABLED.get(key)
    if found is None:
        found = frozenset(code for code in all_rules() if is_enabled(code, *key))
        _ENABLED[key] = found
    return found


def plan(enabled: frozenset[str]) -> tuple[tuple[Rule, ...], tuple[Rule, ...]]:
    """The enabled rules that have a check, split into the document rules and the count and
    realm rules, each in code order; built once per selection, as ``enabled_codes``."""
    found = _PLANS.get(enabled)
    if found is None:
        rules = [r for code, r in all_rules().items() if code in enabled and r.check is not None]
        found = (tuple(r for r in rules if r.scope == "document"),
                 tuple(r for r in rules if r.scope in ("count", "realm")))
        _PLANS[enabled] = found
    return found
