"""Live analysis of the document: the derived realm and the issues shown in the Issues dock.

The derivation (:mod:`editor.topology`) and the lint engine (:mod:`editor.lint`) are
part of the package and imported directly. A failure of either (a bug, an input they do
not support) becomes an issue instead of a traceback, and the editor keeps working.
Pure Python.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the derivation, lint and metrics load after the window's first frame
    from editor.analysis.metrics import BalanceMetrics
    from editor.lint.findings import Finding
    from editor.model.scenario_io import LoadedScenario
    from editor.topology import Problem, Realm, RealmDeriver, Region

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
    realm: Realm | None = None
    issues: list[Issue] = field(default_factory=list)
    lint_available: bool = False  # False: the issues are the derivation's own problems
    # The Balance dock's metrics of ``realm``, measured with it (on the worker thread for a
    # big realm: the diameter of a 600-tile realm is a few tenths of a second); None when
    # not measured, and the dock measures itself.
    metrics: BalanceMetrics | None = None

    def region(self, rid: str) -> Region | None:
        if self.realm is None:
            return None
        resolved = self.realm.resolve(rid)
        return self.realm.regions.get(resolved) if resolved else None


def _from_problem(problem: Problem) -> Issue:
    return Issue(problem.code, "error", problem.message, tuple(problem.regions),
                 tuple(problem.tiles), problem.board, "derivation")


def _from_finding(finding: Finding) -> Issue:
    return Issue(finding.code, finding.severity, finding.message, tuple(finding.regions),
                 tuple(finding.tiles), None, "lint")


def make_deriver() -> RealmDeriver:
    """A caching deriver: placed polygons survive between edits."""
    from editor.topology import RealmDeriver

    return RealmDeriver()


def analyse(loaded: LoadedScenario, players: int, *, deriver: RealmDeriver | None = None,
            with_lint: bool = True, with_metrics: bool = True) -> Analysis:
    """Derive the realm for ``players`` and collect issues; never raises. Pure Python and
    touching nothing but its arguments, so it may run on a worker thread; give it a
    ``loaded`` with empty text (positions are not shown) to skip the line:column scan.
    ``with_metrics`` measures the balance metrics too, for the Balance dock."""
    from editor.lint import lint_loaded
    from editor.topology import derive_realm

    result = Analysis(players)
    try:
        result.realm = (deriver.derive(loaded, players) if deriver is not None
                        else derive_realm(loaded, players))
    except Exception as exc:  # a bug or unsupported input must not kill the editor
        result.issues.append(Issue("E-DERIVE", "error",
                                   f"the realm could not be derived: {exc}",
                                   source="derivation"))
    if with_lint:
        result.lint_available = True
        try:
            # The realm just derived is handed over: lint does not derive it again.
            result.issues.extend(_from_finding(f)
                                 for f in lint_loaded(loaded, players, realm=result.realm))
        except Exception as exc:
            result.issues.append(Issue("E-LINT", "error", f"lint failed: {exc}", source="lint"))
    elif result.realm is not None:
        result.issues.extend(_from_problem(p) for p in result.realm.problems)
    result.issues.extend(Issue("S005", "error", m.message(), tiles=m.tiles, source="load")
                         for m in loaded.missing)
    result.issues.sort(key=lambda i: (SEVERITY_ORDER.get(i.severity, 3), i.code, i.message))
    if with_metrics:
        result.metrics = measure_realm(result.realm)
    return result


def measure_realm(realm: Realm | None) -> BalanceMetrics | None:
    """The Balance dock's metrics of ``realm``; None without a realm or when measuring
    fails (the dock measures again and shows what it can). Never raises."""
    if realm is None:
        return None
    from editor.analysis.metrics import measure  # networkx: only once there is a realm

    try:
        return measure(realm)
    except Exception:
        return None
