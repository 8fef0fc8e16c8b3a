"""The CLI's findings as LSP diagnostics for the editor's text.

Each diagnostic is a ``realms lint`` finding for the buffer (unsaved edits included), with
the settings the CLI would use for the file, converted to LSP's 0-based lines and UTF-16
columns, and widened from the finding's first character to the key or value it names.
A text that cannot be linted still gets a verdict: a lone surrogate (which no file can
hold) is an S002 error at its place, and a text over the CLI's size limit is S002 too, so
an editor never keeps showing diagnostics of an older text.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from functools import cache
from json.decoder import scanstring  # type: ignore[attr-defined]
from pathlib import Path
from typing import Any

from lsprotocol import types

from editor.lint.findings import SYNTAX, Finding

SEVERITY = {"error": types.DiagnosticSeverity.Error,
            "warning": types.DiagnosticSeverity.Warning,
            "info": types.DiagnosticSeverity.Information}
SOURCE = "realms"
LONE_SURROGATE = re.compile("[\ud800-\udfff]")
LITERAL = re.compile(r"-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null")
KEY_BEFORE = re.compile(r'"((?:[^"\\\n]|\\.)*)"\s*:\s*$')
REPO_LABELS = ("repository", "source", "source code", "homepage")


@cache
def _repository_address() -> str | None:
    """The repository address the installed package's metadata gives (``[project.urls]``),
    if any."""
    from importlib import metadata

    try:
        urls = metadata.metadata("realms-studio").get_all("Project-URL") or []
    except metadata.PackageNotFoundError:
        return None
    labelled = {}
    for entry in urls:
        label, _, address = entry.partition(",")
        labelled[label.strip().lower()] = address.strip().rstrip("/")
    return next((labelled[label] for label in REPO_LABELS if labelled.get(label)), None)


def rule_address(code: str) -> str:
    """Where ``code``'s rule is documented: its row of docs/lint.md in the repository the
    package metadata names, else the address the SARIF log uses."""
    from editor.lint.rule_docs import rule_anchor, rule_help_uri

    repository = _repository_address()
    if repository is None:
        return rule_help_uri(code)
    return f"{repository}/blob/main/docs/lint.md#{rule_anchor(code)}"


def over_limit(text: str) -> bool:
    """Whether ``text`` is over the size every command reads (S002 says so): hover and
    formatting leave such a text alone rather than parse megabytes on every request."""
    from editor.model.limits import MAX_FILE_BYTES

    return len(text) > MAX_FILE_BYTES or len(text.encode("utf-8", "surrogatepass")) \
        > MAX_FILE_BYTES


class LineIndex:
    """Offsets <-> LSP positions (0-based line, UTF-16 column) for one text, with the
    line starts found once (a 10 MiB text has many findings to place)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def position(self, offset: int) -> types.Position:
        offset = max(0, min(offset, len(self.text)))
        line = bisect.bisect_right(self.starts, offset) - 1
        start = self.starts[line]
        before = self.text[start:offset]
        return types.Position(line, len(before) + sum(ord(c) > 0xFFFF for c in before))

    def offset(self, line: int, character: int) -> int | None:
        """The offset of an LSP position; None past the last line."""
        if line < 0 or line >= len(self.starts):
            return None
        offset, units = self.starts[line], 0
        text = self.text
        while units < character and offset < len(text) and text[offset] != "\n":
            units += 2 if ord(text[offset]) > 0xFFFF else 1
            offset += 1
        return offset

    def line_end(self, offset: int) -> int:
        end = self.text.find("\n", offset)
        return len(self.text) if end < 0 else end

    def range(self, start: int, end: int) -> types.Range:
        return types.Range(self.position(start), self.position(end))


def normalised(text: str) -> str:
    """The text with universal newlines, as the linter places its findings in it."""
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


def string_end(text: str, offset: int) -> int | None:
    """The end of the JSON string opening at ``offset``, if one does."""
    if offset >= len(text) or text[offset] != '"':
        return None
    try:
        return int(scanstring(text, offset + 1, True)[1])
    except ValueError:
        return None


def extent(index: LineIndex, offset: int, whole_line: bool) -> tuple[int, int]:
    """The span a finding at ``offset`` covers: the string (key or value) or literal that
    starts there; for an object or array, the key that names it, else its first line; for
    the whole document (``whole_line``), the line; else the run of text up to a space."""
    text = index.text
    line_end = index.line_end(offset)
    if whole_line:
        start = offset if offset < line_end else index.starts[bisect.bisect_right(
            index.starts, offset) - 1]
        return start, max(line_end, start)
    end = string_end(text, offset)
    if end is not None:
        return offset, end
    literal = LITERAL.match(text, offset)
    if literal is not None:
        return offset, literal.end()
    if offset < len(text) and text[offset] in "{[":
        line_start = index.starts[bisect.bisect_right(index.starts, offset) - 1]
        key = KEY_BEFORE.search(text, line_start, offset)
        if key is not None:
            return key.start(), key.start() + len(key.group(0).rstrip().rstrip(":").rstrip())
        return offset, max(len(text[offset:line_end].rstrip()) + offset, offset + 1)
    stop = offset
    while stop < line_end and not text[stop].isspace() and (stop == offset
                                                              or text[stop] not in ",:]}"):
        stop += 1
    return offset, max(stop, min(offset + 1, line_end))


def to_diagnostic(finding: Finding, index: LineIndex) -> types.Diagnostic:
    whole = finding.json_path in ("", "$")
    line = max(finding.line - 1, 0)
    if line >= len(index.starts):
        line = len(index.starts) - 1
    start = index.starts[line] + max(finding.column - 1, 0)
    start = min(start, index.line_end(index.starts[line]))
    begin, end = extent(index, start, whole)
    where = "" if whole else f"{finding.json_path}: "
    data: dict[str, Any] = {"json_path": finding.json_path, "regions": list(finding.regions),
                            "tiles": list(finding.tiles), "players": list(finding.player_counts)}
    return types.Diagnostic(
        range=index.range(begin, end),
        severity=SEVERITY.get(finding.severity, types.DiagnosticSeverity.Error),
        code=finding.code,
        code_description=types.CodeDescription(href=rule_address(finding.code)),
        source=SOURCE,
        message=where + finding.message,
        data=data)


def unlintable(index: LineIndex, offset: int, message: str) -> types.Diagnostic:
    return types.Diagnostic(
        range=index.range(offset, min(offset + 1, len(index.text))),
        severity=types.DiagnosticSeverity.Error, code=SYNTAX,
        code_description=types.CodeDescription(href=rule_address(SYNTAX)),
        source=SOURCE, message=message, data={"json_path": "", "regions": [], "tiles": [],
                                              "players": []})


def failed(text: str, error: Exception) -> types.Diagnostic:
    """The verdict on a text the server failed to lint (a bug): S000, saying so."""
    from editor.lint.findings import INTERNAL

    diagnostic = unlintable(LineIndex(normalised(text)), 0,
                            f"linting failed: {type(error).__name__}: {error}"[:300]
                            + "; please report this with the file")
    diagnostic.code = INTERNAL
    diagnostic.code_description = types.CodeDescription(href=rule_address(INTERNAL))
    return diagnostic


@dataclass(frozen=True)
class Subject:
    """What to lint: the buffer's text, and the path whose settings and folder apply (the
    file's own, or a stand-in in the workspace for an untitled buffer)."""

    text: str
    path: Path


def lint(subject: Subject) -> list[types.Diagnostic]:
    """The diagnostics ``realms lint`` would give ``subject``'s text."""
    from editor.lint.runner import lint_path

    text = normalised(subject.text)
    index = LineIndex(text)
    surrogate = LONE_SURROGATE.search(text)
    if surrogate is not None:
        found = f"U+{ord(surrogate.group()):04X}"
        return [unlintable(index, surrogate.start(),
                           f"the text holds a lone surrogate ({found}), which is not a "
                           "character: no UTF-8 file can hold it, so the text cannot be "
                           "linted; delete it (or write the character it stood for)")]
    findings = lint_path(subject.path, raw=subject.text.encode("utf-8"))
    return [to_diagnostic(finding, index) for finding in findings]
