"""``realms lint --show-source``: the finding's source line with a caret under its column.

Like ruff's full output, one line of context above the line a finding points at, then a
caret. The text comes from untrusted files, so every shown line goes through
``display_text`` (control characters made visible) and very long lines (minified JSON)
are cut to a window around the column. Only regular files under the size cap are read.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path

from editor.escaping import display_text
from editor.model.errors import LoadError
from editor.model.user_paths import read_user_file

CONTEXT_LINES = 1
WINDOW = 60  # characters shown on each side of the column in a long line


class SourceCache:
    """The lines of each file shown so far (None: not readable as text)."""

    def __init__(self) -> None:
        self._lines: dict[str, list[str] | None] = {}

    def lines(self, path: str) -> list[str] | None:
        if path not in self._lines:
            self._lines[path] = _read_lines(path)
        return self._lines[path]


def _read_lines(path: str) -> list[str] | None:
    try:  # the same checks as every input: never a FIFO, a device or a link out of the
        data = read_user_file(Path(path))  # collection, whose content must not be quoted
    except LoadError:
        return None
    text = data.decode("utf-8", "replace").removeprefix("\ufeff")
    return text.splitlines()


def _width(text: str) -> int:
    """Terminal columns ``text`` takes (wide East Asian characters take two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else
               0 if unicodedata.combining(c) else 1 for c in text)


def _window(line: str, column: int) -> tuple[str, int]:
    """The part of ``line`` to show and the caret's character offset in it."""
    start = max(0, column - 1 - WINDOW)
    end = column - 1 + WINDOW
    before = "…" if start > 0 else ""
    after = "…" if end < len(line) else ""
    return before + line[start:end] + after, column - 1 - start + len(before)


def snippet(lines: list[str] | None, line: int, column: int) -> str:
    """The numbered source lines ending at ``line`` and a caret under ``column``
    (empty when the position is outside the text)."""
    if not lines or not 1 <= line <= len(lines):
        return ""
    first = max(1, line - CONTEXT_LINES)
    gutter = len(str(line))
    out = [f"{' ' * gutter} |"]
    for number in range(first, line + 1):
        text = lines[number - 1]
        if number == line:
            shown, offset = _window(text, max(1, min(column, len(text) + 1)))
            out.append(f"{number:>{gutter}} | {display_text(shown)}".rstrip())
            pad = _width(display_text(shown[:offset]))
            out.append(f"{' ' * gutter} | {' ' * pad}^")
        else:
            shown, _ = _window(text, 1)
            out.append(f"{number:>{gutter}} | {display_text(shown)}".rstrip())
    out.append(f"{' ' * gutter} |")
    return "\n".join(out) + "\n"
