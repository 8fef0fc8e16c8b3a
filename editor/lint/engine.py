"""Run the enabled rules over one document and turn their hits into findings.

Order: document rules, then per player count the count and realm rules; the
scenario's own suppressions; merging of identical findings across player
counts ("for 3-5 players"); and last, line:column for the files that have
findings. A rule that crashes becomes an S000 finding, never a traceback.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from operator import attrgetter
from typing import TYPE_CHECKING

from editor.lint import run_settings, suppress
from editor.lint.config import LintConfig
from editor.lint.context import CountContext, DocContext
from editor.lint.findings import INTERNAL, Finding, Hit, compose, from_fields
from editor.lint.registry import Rule, all_rules, enabled_codes, plan
from editor.model.jsonpos import PathKey, SourceMap, format_json_path
from editor.model.scenario_io import LoadedScenario

# The rule an engine file's carried turns_reason silences (the scenario's reason for turns
# off the turn track): lint applies it as it applies the carried lint.ignore entries.
TURNS_WITHOUT_REASON = "R001"

if TYPE_CHECKING:
    from editor.topology import Realm


def _failed(rule: Rule, exc: Exception, players: int | None) -> Hit:
    return Hit(INTERNAL, f"rule {rule.code} failed: {type(exc).__name__}: {exc}"[:300],
               "please report this with the file", players=players)


def _run_all(rules: Sequence[Rule], context: object, players: int | None,
             hits: list[Hit]) -> None:
    """Add each rule's hits to ``hits``; a rule that fails adds one S000 hit instead of
    whatever it had yielded (a bug in a rule or the derivation: report, keep linting).
    Every rule :func:`plan` hands out has a check."""
    extend = hits.extend
    for rule in rules:
        mark = len(hits)
        try:
            extend(rule.check(context))  # type: ignore[misc]
        except Exception as exc:
            del hits[mark:]
            hits.append(_failed(rule, exc, players))


def run_rules(loaded: LoadedScenario, config: LintConfig, counts: Sequence[int],
              enabled: frozenset[str], realm: Realm | None = None) -> list[Hit]:
    """Hits of every enabled document, count and realm rule, before suppressions;
    ``realm`` is an already derived realm, used for its own player count."""
    doc_rules, per_count = plan(enabled)
    doc = DocContext(loaded, config, enabled)
    hits: list[Hit] = []
    _run_all(doc_rules, doc, None, hits)
    if per_count:
        for players in counts:
            given = realm if realm is not None and realm.players == players else None
            start = len(hits)
            _run_all(per_count, CountContext(doc, players, given), players, hits)
            # the count's hits carry it (a rule's own count, if it set one, stays): each
            # hit's fields copied with the count, :func:`from_fields`
            for index in range(start, len(hits)):
                hit = hits[index]
                if hit.players is None:
                    hits[index] = from_fields(Hit, {**hit.__dict__, "players": players})
    return [h for h in hits if h.code in enabled or h.code == INTERNAL]


def merge_counts(hits: Iterable[Hit]) -> list[tuple[Hit, tuple[int, ...]]]:
    """Identical hits for several player counts become one hit with all the counts (the
    merge key read in one C call, :data:`_MERGE_KEY`)."""
    merged: dict[tuple[object, ...], tuple[Hit, list[int]]] = {}
    for hit in hits:
        key = _MERGE_KEY(hit)
        entry = merged.get(key)
        if entry is None:
            entry = merged[key] = (hit, [])
        if hit.players is not None:
            entry[1].append(hit.players)
    return [(hit, tuple(sorted(set(counts))) if counts else ())
            for hit, counts in merged.values()]


# What makes two hits the same finding (:func:`merge_counts`'s key).
_MERGE_KEY = attrgetter("code", "what", "fix", "json_path", "key", "regions", "tiles",
                        "position")


# format_json_path of the paths seen lately (the same tiles and markers, file after file)
_SHOWN_PATHS: dict[PathKey, str] = {}
_SHOWN_PATHS_KEPT = 4096


def _shown_path(path: PathKey) -> str:
    shown = _SHOWN_PATHS.get(path)
    if shown is None:
        if len(_SHOWN_PATHS) >= _SHOWN_PATHS_KEPT:
            _SHOWN_PATHS.clear()
        shown = _SHOWN_PATHS[path] = format_json_path(path)
    return shown


# The order findings are shown in (each key read in C, not by a function per finding).
_ORDER = attrgetter("path", "line", "column", "code", "player_counts", "message")


def to_findings(hits: Iterable[Hit], shown: str, text: str) -> list[Finding]:
    """The findings of ``hits`` (merged across counts, :func:`merge_counts`, placed,
    sorted). Built straight from each hit's fields, as a file has ~16 hits and ~10
    findings: each finding's dict filled in one expression."""
    merged = merge_counts(hits)
    if not merged:
        return []
    rules = all_rules()
    # line:column of every hit without one, placed together (one walk over the text)
    asked = [(hit.json_path, hit.key) for hit, _ in merged if hit.position is None]
    placed = iter(SourceMap(text).positions(asked) if text and asked else ())
    findings = []
    for hit, counts in merged:
        position = hit.position
        if position is None and text:
            position = next(placed)
        code = hit.code
        rule = rules.get(code)
        findings.append(from_fields(Finding, {
            "code": code, "severity": rule.severity if rule is not None else "error",
            "message": compose(hit.what, hit.fix, counts),
            "path": shown, "json_path": _shown_path(hit.json_path),
            "line": position.line if position else 1,
            "column": position.column if position else 1,
            "players": counts[0] if len(counts) == 1 else None, "regions": hit.regions,
            "tiles": hit.tiles, "player_counts": counts}))
    findings.sort(key=_ORDER)
    return findings


def lint_document(loaded: LoadedScenario, config: LintConfig, players: int | None,
                  pre_hits: Sequence[Hit] = (), *, realm: Realm | None = None
                  ) -> list[Finding]:
    """Findings for a loaded scenario; ``pre_hits`` are the loading pipeline's own;
    ``realm`` an already derived realm (see :func:`run_rules`)."""
    enabled = enabled_codes(config.select, config.ignore)
    scenario = loaded.scenario
    counts: tuple[int, ...] = scenario.player_counts
    if players is not None:
        counts = (players,) if players in scenario.player_counts else ()
    hits = [h for h in pre_hits if h.code in enabled] + run_rules(loaded, config, counts,
                                                                     enabled, realm)
    entries = suppress.suppressions(scenario)
    honour, count = run_settings.provenance_settings()
    if loaded.ignore_from_provenance and not honour:
        entries = []  # --no-provenance: the engine file's carried entries are left out
    hidden = 0
    reason = loaded.turns_reason_from_provenance
    if honour and reason is not None and reason.strip():  # what R001 itself would accept
        silenced = [h for h in hits if h.code == TURNS_WITHOUT_REASON]
        hits = [h for h in hits if h.code != TURNS_WITHOUT_REASON]
        if count:
            hidden += len(merge_counts(silenced))
    if entries:
        before = hits
        hits, used = suppress.apply(hits, entries)
        if suppress.UNUSED in enabled:
            hits += suppress.unused(entries, used, enabled, counts)
        if loaded.ignore_from_provenance and count:
            kept = {id(hit) for hit in hits}
            hidden += len(merge_counts(h for h in before if id(h) not in kept))
    shown = str(loaded.path) if loaded.path is not None else "<memory>"
    findings = to_findings(hits, shown, loaded.text)
    if hidden:
        findings.append(from_fields(Finding, {
            "code": run_settings.HIDDEN, "severity": "info", "message": str(hidden),
            "path": shown, "json_path": "$", "line": 1, "column": 1, "players": None,
            "regions": (), "tiles": (), "player_counts": ()}))
    if players is not None and counts:
        # a lint of one count (--players N) judged every finding at that count, the
        # document-wide ones too: each says so in its counts (JSON, SARIF, the LSP)
        findings = [f if f.player_counts else replace(f, players=players,
                                                      player_counts=counts)
                    for f in findings]
    return findings
