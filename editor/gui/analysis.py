"""Live analysis of the document: the derived realm and the issues shown in the Issues dock.

The derivation (``editor.topology``) and the lint engine (``editor.lint``) are
imported lazily and guarded: the editor keeps working while either is missing
or fails, and a failure becomes an issue instead of a traceback. Pure Python.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

from editor.model.scenario_io import LoadedScenario

SEVERITY_ORDER = {"error": 0, "warning": 1, "info": 2}


@dataclass(frozen=True)
class Issue:
    """One entry of the Issues dock, from a lint finding or a derivation problem."""

    code: str
    severity: str
    message: str
    regions: tuple[str, ...] = ()
    tiles: tuple[str, ...] = ()
    board: str | None = None
    source: str = "lint"


@dataclass
class Analysis:
    players: int
    realm: Any | None = None  # editor.topology.Realm when the derivation is available
    issues: list[Issue] = field(default_factory=list)
    lint_available: bool = False

    def region(self, rid: str) -> Any | None:
        if self.realm is None:
            return None
        resolved = self.realm.resolve(rid) if hasattr(self.realm, "resolve") else rid
        return self.realm.regions.get(resolved) if resolved else None


def _optional(module: str, name: str) -> Any | None:
    try:
        return getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError):
        return None


def _from_problem(problem: Any) -> Issue:
    return Issue(str(problem.code), "error", str(problem.message),
                 tuple(problem.regions), tuple(problem.tiles), problem.board, "derivation")


def _from_finding(finding: Any) -> Issue:
    return Issue(str(finding.code), str(finding.severity), str(finding.message),
                 tuple(getattr(finding, "regions", ()) or ()),
                 tuple(getattr(finding, "tiles", ()) or ()),
                 getattr(finding, "board", None), "lint")


def make_deriver() -> Any | None:
    """A caching ``RealmDeriver`` (placed polygons survive between edits), if available."""
    factory = _optional("editor.topology", "RealmDeriver")
    return factory() if factory is not None else None


def analyse(loaded: LoadedScenario, players: int, *, deriver: Any | None = None,
            with_lint: bool = True) -> Analysis:
    """Derive the realm for ``players`` and collect issues; never raises."""
    result = Analysis(players)
    derive = deriver.derive if deriver is not None else _optional("editor.topology",
                                                                 "derive_realm")
    if derive is not None:
        try:
            result.realm = derive(loaded, players)
        except Exception as exc:  # a bug or unsupported input must not kill the editor
            result.issues.append(Issue("E-DERIVE", "error",
                                       f"the realm could not be derived: {exc}",
                                       source="derivation"))
    lint = _optional("editor.lint", "lint_loaded") if with_lint else None
    if lint is not None:
        result.lint_available = True
        try:
            findings = lint(loaded, players)
            result.issues.extend(_from_finding(f) for f in findings)
        except Exception as exc:
            result.issues.append(Issue("E-LINT", "error", f"lint failed: {exc}", source="lint"))
    elif result.realm is not None:
        result.issues.extend(_from_problem(p) for p in result.realm.problems)
    result.issues.sort(key=lambda i: (SEVERITY_ORDER.get(i.severity, 3), i.code, i.message))
    return result
