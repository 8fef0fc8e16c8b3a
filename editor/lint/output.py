"""Finding formats: text for people, JSON for scripts, SARIF 2.1.0 for code scanning,
GitHub workflow commands for pull-request annotations, and a GitLab Code Quality report
and JUnit XML for other CI systems (editor/lint/ci_reports.py)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from editor.escaping import (
    display_text,
    github_escape_data,
    github_escape_property,
    in_github_actions,
    line_path,
    without_surrogates,
)
from editor.lint.findings import SEVERITIES, Finding
from editor.lint.registry import all_rules
from editor.lint.source import SourceCache, snippet

FORMATS = ("text", "json", "sarif", "github", "gitlab", "junit")
WHOLE_RUN_FORMATS = ("sarif", "gitlab", "junit")  # one document of every finding, at the end
GITHUB_LEVEL = {"error": "error", "warning": "warning", "info": "notice"}


def text_line(finding: Finding) -> str:
    """``path:line:col: CODE [severity] $.json.path: message`` (the JSON path is left out
    for findings about the whole file)."""
    where = f"{finding.json_path}: " if finding.json_path not in ("", "$") else ""
    return (f"{line_path(finding.path)}:{finding.line}:{finding.column}: {finding.code} "
            f"[{finding.severity}] {display_text(where)}{display_text(finding.message)}")


def summary(findings: Sequence[Finding], files: int, missing: int = 0, hidden: int = 0) -> str:
    """The last line of text output; paths that do not exist are counted there too, so
    "All checks passed" never stands for a run that skipped one, and so are the findings
    engine files' provenance hid (``hidden``), so it never stands for those either."""
    lost = (f" {missing} path{'s' if missing != 1 else ''} given "
            f"{'do' if missing != 1 else 'does'} not exist.") if missing else ""
    kept = f" {hidden_note(hidden)}." if hidden else ""
    if not findings:
        passed = "No findings" if missing else "All checks passed"
        return f"{passed} ({files} file{'s' if files != 1 else ''}).{kept}{lost}"
    counts = Counter(f.severity for f in findings)
    parts = [f"{counts[s]} {s}{'s' if counts[s] != 1 and s != 'info' else ''}"
             for s in reversed(SEVERITIES) if counts[s]]
    return (f"Found {len(findings)} finding{'s' if len(findings) != 1 else ''} "
            f"({', '.join(parts)}) in {files} file{'s' if files != 1 else ''}.{kept}{lost}")


def hidden_note(hidden: int) -> str:
    """What the summary says of the findings engine files' provenance hid."""
    return (f"{hidden} finding{'s' if hidden != 1 else ''} hidden by the reasons (lint."
            "ignore, turns_reason) engine files carry in their provenance (--no-provenance "
            f"shows {'them' if hidden != 1 else 'it'})")


def statistics(findings: Sequence[Finding]) -> str:
    """One line per code, most frequent first (as ``ruff --statistics``)."""
    rules = all_rules()
    counts = Counter(f.code for f in findings)
    lines = []
    for code, count in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
        item = rules.get(code)
        severity = item.severity if item else "error"
        lines.append(f"{count:>6}  {code}  [{severity}] {item.summary if item else ''}".rstrip())
    return "\n".join(lines)


def to_json(findings: Sequence[Finding]) -> str:
    """``json.dumps([...], indent=2, ensure_ascii=False)``, byte for byte, built from the C
    string encoder: with ``indent`` json falls back to its pure-Python encoder, which
    cost more than reading a warm cache entry per file."""
    if not findings:
        return "[]\n"
    return "[\n" + json_items(findings) + "\n]\n"


def json_items(findings: Sequence[Finding]) -> str:
    """The findings' objects as :func:`to_json` lists them, without the list's brackets:
    ``realms lint`` joins each file's with ``,\\n`` as results arrive."""
    return ",\n".join(map(_json_fields, findings))


_PLAIN = json.encoder.encode_basestring


def _encode_string(value: str) -> str:
    """json's string encoder, with lone surrogates (a file name that is not UTF-8) written
    ``\\udcff`` as ``ensure_ascii`` writes them, so the output stays UTF-8 (a raw byte made
    it invalid JSON for every strict reader)."""
    return without_surrogates(str(_PLAIN(value)))


_ENCODE = _encode_string


def _json_scalar(value: Any) -> str:
    if isinstance(value, str):
        return str(_ENCODE(value))
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return int.__repr__(value)
    return json.dumps(value, ensure_ascii=False)


# Finding.to_dict()'s keys in order, each field's text from _json_scalar or _json_list.
# (a %-template: filling it costs half of str.format's parse of the same template)
_FINDING_JSON = ("  {\n" + ",\n".join(
    f"    {_ENCODE(key)}: %s" for key in ("code", "severity", "message", "path", "json_path",
                                         "line", "column", "players", "player_counts",
                                         "regions", "tiles")) + "\n  }")


def _json_list(values: tuple[Any, ...]) -> str:
    if not values:
        return "[]"
    return "[\n      " + ",\n      ".join(map(_json_scalar, values)) + "\n    ]"


def _json_typed(values: tuple[Any, ...], kind: type, encode: Callable[[Any], str]) -> str:
    """:func:`_json_list` of values nearly always of exactly ``kind`` (player counts: int;
    regions, tiles: str), then each encoded straight by ``encode``."""
    if not values:
        return "[]"
    for value in values:
        if type(value) is not kind:
            return _json_list(values)
    return "[\n      " + ",\n      ".join(map(encode, values)) + "\n    ]"


def _json_fields(f: Finding) -> str:
    """``f.to_dict()`` as ``json.dumps(indent=2)`` prints it inside the list, filled into
    one template rather than built key by key from the dict: a warm run prints ~10,000
    findings, and this takes about half the time. The usual types (str, int) are encoded
    straight, the rest through :func:`_json_scalar`."""
    enc = _ENCODE
    line, column, players = f.line, f.column, f.players
    return _FINDING_JSON % (
        enc(f.code) if type(f.code) is str else _json_scalar(f.code),
        enc(f.severity) if type(f.severity) is str else _json_scalar(f.severity),
        enc(f.message) if type(f.message) is str else _json_scalar(f.message),
        enc(f.path) if type(f.path) is str else _json_scalar(f.path),
        enc(f.json_path) if type(f.json_path) is str else _json_scalar(f.json_path),
        int.__repr__(line) if type(line) is int else _json_scalar(line),
        int.__repr__(column) if type(column) is int else _json_scalar(column),
        "null" if players is None else _json_scalar(players),
        _json_typed(f.player_counts, int, int.__repr__), _json_typed(f.regions, str, enc),
        _json_typed(f.tiles, str, enc))


def to_sarif(findings: Sequence[Finding], *, root: Path | None = None,
             errors: Sequence[tuple[str, str]] = (), successful: bool = True
             ) -> dict[str, Any]:
    """The SARIF log of one run (:func:`editor.lint.sarif.sarif_log`, imported only when
    SARIF is asked for)."""
    from editor.lint.sarif import sarif_log

    return sarif_log(findings, root=root, errors=errors, successful=successful)


def sarif_text(findings: Sequence[Finding], *, root: Path | None = None,
               errors: Sequence[tuple[str, str]] = (), successful: bool = True) -> str:
    return json.dumps(to_sarif(findings, root=root, errors=errors, successful=successful),
                      indent=2, ensure_ascii=False) + "\n"


def empty_document(fmt: str, *, root: Path | None = None,
                   errors: Sequence[tuple[str, str]] = ()) -> str:
    """What a run that linted nothing prints in ``fmt``: in a machine format one valid
    document (``[]``, a SARIF log whose invocation lists ``errors``), as ruff does, so a
    ``jq`` or upload-sarif step never reads an empty file; for people, nothing (the
    warning or error went to stderr), except a GitHub annotation per error."""
    if fmt in ("json", "gitlab"):
        return "[]\n"
    if fmt == "sarif":
        return sarif_text([], root=root, errors=errors)
    if fmt == "junit":
        return report([], fmt, root=root, errors=errors)
    if fmt == "github":
        return "".join(github_error(message) + "\n" for _, message in errors)
    return ""


def github_error(message: str) -> str:
    """``::error title=realms lint::message``: a run-level error (a missing path) as a
    GitHub annotation, with no file, since there is none to point at."""
    return f"::error title=realms lint::{github_escape_data(message)}"


def github_line(finding: Finding) -> str:
    """``::error file=F,line=L,col=C,title=CODE::message`` with GitHub's escaping."""
    properties = ",".join([
        f"file={github_escape_property(finding.path)}",
        f"line={finding.line}",
        f"col={finding.column}",
        f"title={github_escape_property(finding.code)}",
    ])
    where = f"{finding.json_path}: " if finding.json_path not in ("", "$") else ""
    message = github_escape_data(where + finding.message)
    return f"::{GITHUB_LEVEL[finding.severity]} {properties}::{message}"


def report(findings: Sequence[Finding], fmt: str, *, root: Path | None = None,
           errors: Sequence[tuple[str, str]] = (), successful: bool = True,
           files: Sequence[str] = ()) -> str:
    """The one document of a whole run in a :data:`WHOLE_RUN_FORMATS` format; ``files``:
    every linted file's shown path (JUnit lists the clean ones as passing tests)."""
    if fmt == "gitlab":
        from editor.lint.ci_reports import gitlab_report

        return gitlab_report(findings, root=root)
    if fmt == "junit":
        from editor.lint.ci_reports import junit_report

        return junit_report(findings, files, errors)
    return sarif_text(findings, root=root, errors=errors, successful=successful)


def default_format() -> str:
    """GitHub annotations inside GitHub Actions, text elsewhere (as yamllint does)."""
    return "github" if in_github_actions() else "text"


def render_all(findings: Iterable[Finding], fmt: str,
               sources: SourceCache | None = None) -> str:
    """Every finding in ``fmt``; with ``sources`` (``--show-source``), text findings are
    followed by their source line and a caret."""
    items = list(findings)
    if fmt == "json":
        return to_json(items)
    if fmt in WHOLE_RUN_FORMATS:
        return report(items, fmt, files=sorted({f.path for f in items}))
    if fmt == "github":
        return "".join(github_line(f) + "\n" for f in items)
    if sources is not None:
        return "".join(text_line(f) + "\n" + snippet(sources.lines(f.path), f.line, f.column)
                       for f in items)
    return "".join(text_line(f) + "\n" for f in items)
