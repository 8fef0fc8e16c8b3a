"""Quick fixes for the server's own diagnostics: take a "did you mean" suggestion, or write
a ``lint.ignore`` entry (the file's own, reviewed record of a deliberate exception).

Only fixes that work are offered: an ignore entry never for the codes a file's ignore
cannot hide (the S family, R007), and a replacement never where it would leave a
duplicate key or text that is no longer JSON. Edits are small insertions and
replacements in the editor's text, never a rewrite of the file, so the user's layout and
the undo history stay as they were. ``source.fixAll`` takes every preferred replacement
that does not overlap another.
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass
from typing import Any

from lsprotocol import types

from editor.lsp.diagnostics import LONE_SURROGATE, LineIndex, string_end

SUGGESTION = re.compile(r"did you mean ((?:(?:'[^']*'|\"[^\"]*\")(?: or )?)+)\?")
CANDIDATE = re.compile(r"'[^']*'|\"[^\"]*\"")
TODO_REASON = "TODO: why this scenario breaks the rule on purpose"
FIX_ALL = "source.fixAll.realms"


@dataclass(frozen=True)
class Fix:
    """One offered fix: its title, kind, the diagnostic it answers, and its edit."""

    title: str
    diagnostic: types.Diagnostic
    edit: types.TextEdit
    preferred: bool = False


def suggestions(message: str) -> list[str]:
    """The values a message's "did you mean …?" offers, in its order."""
    match = SUGGESTION.search(message)
    if match is None:
        return []
    found = []
    for quoted in CANDIDATE.findall(match.group(1)):
        try:
            value = ast.literal_eval(quoted)
        except (ValueError, SyntaxError):
            continue
        if isinstance(value, str) and not LONE_SURROGATE.search(value):
            found.append(value)
    return found


def _duplicates(text: str) -> int | None:
    """How many keys repeat within their object; None when the text is not JSON."""
    count = 0

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        nonlocal count
        keys = [key for key, _ in items]
        count += len(keys) - len(set(keys))
        return dict(items)

    try:
        json.loads(text, object_pairs_hook=pairs)
    except (ValueError, RecursionError):
        return None
    return count


def apply(text: str, index: LineIndex, edits: list[types.TextEdit]) -> str:
    """``text`` with non-overlapping ``edits`` applied."""
    spans = []
    for edit in edits:
        start = index.offset(edit.range.start.line, edit.range.start.character)
        end = index.offset(edit.range.end.line, edit.range.end.character)
        if start is None or end is None:
            raise ValueError("an edit outside the text")
        spans.append((start, end, edit.new_text))
    for start, end, new in sorted(spans, reverse=True):
        text = text[:start] + new + text[end:]
    return text


def _keeps_json(text: str, index: LineIndex, edits: list[types.TextEdit],
                before: int | None) -> bool:
    """Whether the edits leave JSON with no more duplicate keys than ``before``."""
    after = _duplicates(apply(text, index, edits))
    return after is not None and (before is None or after <= before)


def replacements(text: str, index: LineIndex, diagnostic: types.Diagnostic,
                 before: int | None) -> list[Fix]:
    start = index.offset(diagnostic.range.start.line, diagnostic.range.start.character)
    end = None if start is None else string_end(text, start)
    if start is None or end is None:
        return []
    fixes: list[Fix] = []
    for value in suggestions(diagnostic.message):
        new = json.dumps(value, ensure_ascii=False)
        edit = types.TextEdit(index.range(start, end), new)
        if _keeps_json(text, index, [edit], before):
            fixes.append(Fix(f"Replace with {new}", diagnostic, edit, preferred=not fixes))
    return fixes


def ignore_entry(diagnostic: types.Diagnostic) -> dict[str, Any]:
    entry: dict[str, Any] = {"code": diagnostic.code}
    data = diagnostic.data if isinstance(diagnostic.data, dict) else {}
    regions = data.get("regions") or []
    if len(regions) == 1 and isinstance(regions[0], str):
        entry["region"] = regions[0]
    entry["reason"] = TODO_REASON
    return entry


def ignore_fix(text: str, index: LineIndex, diagnostic: types.Diagnostic) -> Fix | None:
    """Add a ``lint.ignore`` entry for the diagnostic's code (and its one region), with a
    reason to write: into ``lint.ignore`` if there is one, else a new section. None for
    a code a file's own ignore cannot hide."""
    from editor.lint.suppress import protected
    from editor.model.jsonpos import SourceMap

    code = diagnostic.code
    if not isinstance(code, str) or protected(code):
        return None
    try:
        document = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(document, dict):
        return None
    entry = json.dumps(ignore_entry(diagnostic), ensure_ascii=False)
    lint = document.get("lint")
    where: tuple[str, ...]
    if isinstance(lint, dict) and isinstance(lint.get("ignore"), list):
        where, new = ("lint", "ignore"), entry + (", " if lint["ignore"] else "")
    elif isinstance(lint, dict):
        where, new = ("lint",), f'"ignore": [{entry}]' + (", " if lint else "")
    elif "lint" not in document:
        where, new = (), f'"lint": {{"ignore": [{entry}]}}' + (", " if document else "")
    else:
        return None
    if where:
        opened = SourceMap(text).position(where)
        line_offset = index.offset(opened.line - 1, 0)
        offset = (line_offset or 0) + opened.column - 1
    else:
        offset = len(text) - len(text.lstrip())
    if offset >= len(text) or text[offset] not in "[{":
        return None
    edit = types.TextEdit(index.range(offset + 1, offset + 1), new)
    if _duplicates(apply(text, index, [edit])) is None:
        return None
    return Fix(f"Ignore {code} in this file (lint.ignore, with a reason)", diagnostic, edit)


def quick_fixes(text: str, diagnostics: list[types.Diagnostic]) -> list[Fix]:
    index = LineIndex(text)
    before = _duplicates(text)
    fixes: list[Fix] = []
    for diagnostic in diagnostics:
        fixes.extend(replacements(text, index, diagnostic, before))
        ignore = ignore_fix(text, index, diagnostic)
        if ignore is not None:
            fixes.append(ignore)
    return fixes


def fix_all(text: str, diagnostics: list[types.Diagnostic]) -> list[types.TextEdit]:
    """Every preferred replacement, skipping one that overlaps an edit already taken or
    would, with those taken, leave a duplicate key."""
    index = LineIndex(text)
    before = _duplicates(text)
    taken: list[types.TextEdit] = []
    spans: list[tuple[int, int]] = []
    for diagnostic in diagnostics:
        for fix in replacements(text, index, diagnostic, before):
            if not fix.preferred:
                continue
            start = index.offset(fix.edit.range.start.line, fix.edit.range.start.character)
            end = index.offset(fix.edit.range.end.line, fix.edit.range.end.character)
            assert start is not None and end is not None
            if any(start < b and a < end for a, b in spans):
                continue
            if _keeps_json(text, index, [*taken, fix.edit], before):
                taken.append(fix.edit)
                spans.append((start, end))
    return taken
