"""Quick fixes for the linter's diagnostics: take a "did you mean" suggestion, or write a
``lint.ignore`` entry (the file's own, reviewed record of a deliberate exception).

Edits are small insertions and replacements in the editor's text, never a rewrite of the
file, so the user's layout and the undo history stay as they were.
"""

from __future__ import annotations

import ast
import json
import re
from json.decoder import scanstring  # type: ignore[attr-defined]
from typing import Any

SUGGESTION = re.compile(r"did you mean ((?:(?:'[^']*'|\"[^\"]*\")(?: or )?)+)\?")
CANDIDATE = re.compile(r"'[^']*'|\"[^\"]*\"")
TODO_REASON = "TODO: why this scenario breaks the rule on purpose"


def offset_of(text: str, line: int, character: int) -> int | None:
    """The string offset of an LSP position (0-based line, UTF-16 column)."""
    starts = [0]
    for index, char in enumerate(text):
        if char == "\n":
            starts.append(index + 1)
            if len(starts) > line:
                break
    if line >= len(starts):
        return None
    offset, units = starts[line], 0
    while units < character and offset < len(text) and text[offset] != "\n":
        units += 2 if ord(text[offset]) > 0xFFFF else 1
        offset += 1
    return offset


def position_of(text: str, offset: int) -> dict[str, int]:
    """The LSP position (0-based line, UTF-16 column) of a string offset."""
    line = text.count("\n", 0, offset)
    start = text.rfind("\n", 0, offset) + 1
    return {"line": line, "character": len(text[start:offset].encode("utf-16-le")) // 2}


def _edit(uri: str, text: str, start: int, end: int, new: str) -> dict[str, Any]:
    return {"changes": {uri: [{"range": {"start": position_of(text, start),
                                         "end": position_of(text, end)},
                               "newText": new}]}}


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
        if isinstance(value, str):
            found.append(value)
    return found


def _string_at(text: str, offset: int) -> int | None:
    """The end of the JSON string starting at ``offset`` (its opening quote), if one does."""
    if offset >= len(text) or text[offset] != '"':
        return None
    try:
        return int(scanstring(text, offset + 1, True)[1])
    except ValueError:
        return None


def suggestion_actions(uri: str, text: str, diagnostic: dict[str, Any]) -> list[dict[str, Any]]:
    start = diagnostic["range"]["start"]
    offset = offset_of(text, start["line"], start["character"])
    end = None if offset is None else _string_at(text, offset)
    if offset is None or end is None:
        return []
    return [{"title": f"Replace with {json.dumps(value, ensure_ascii=False)}",
             "kind": "quickfix", "diagnostics": [diagnostic], "isPreferred": index == 0,
             "edit": _edit(uri, text, offset, end, json.dumps(value, ensure_ascii=False))}
            for index, value in enumerate(suggestions(diagnostic.get("message", "")))]


def ignore_entry(diagnostic: dict[str, Any]) -> dict[str, Any]:
    entry: dict[str, Any] = {"code": diagnostic["code"]}
    regions = (diagnostic.get("data") or {}).get("regions") or []
    if len(regions) == 1:
        entry["region"] = regions[0]
    entry["reason"] = TODO_REASON
    return entry


def ignore_action(uri: str, text: str, diagnostic: dict[str, Any]) -> dict[str, Any] | None:
    """Add a ``lint.ignore`` entry for the diagnostic's code (and its one region), with a
    reason to write: inserted into ``lint.ignore`` if there is one, else a new section."""
    from editor.model.jsonpos import SourceMap

    try:
        document = json.loads(text)
    except ValueError:
        return None
    if not isinstance(document, dict) or not isinstance(diagnostic.get("code"), str):
        return None
    entry = json.dumps(ignore_entry(diagnostic), ensure_ascii=False)
    places = SourceMap(text)
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
    opened = places.position(where) if where else None
    offset = (offset_of(text, opened.line - 1, 0) or 0) + opened.column - 1 if opened \
        else len(text) - len(text.lstrip())
    if offset >= len(text) or text[offset] not in "[{":
        return None
    return {"title": f"Ignore {diagnostic['code']} in this file (lint.ignore, with a reason)",
            "kind": "quickfix", "diagnostics": [diagnostic],
            "edit": _edit(uri, text, offset + 1, offset + 1, new)}


def code_actions(uri: str, text: str, diagnostics: list[dict[str, Any]]) -> list[dict[str, Any]]:
    actions: list[dict[str, Any]] = []
    for diagnostic in diagnostics:
        actions.extend(suggestion_actions(uri, text, diagnostic))
        ignore = ignore_action(uri, text, diagnostic)
        if ignore is not None:
            actions.append(ignore)
    return actions
