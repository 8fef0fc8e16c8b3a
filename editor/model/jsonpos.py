"""Map JSON paths to line:column in the source text.

Only computed for files that have findings, so it favours simplicity over
speed: one pass with the standard library's string scanner records where each
value starts, keyed by its JSON path as a tuple of keys and indexes.
"""

from __future__ import annotations

import contextlib
from json.decoder import scanstring  # type: ignore[attr-defined]

from editor.model.errors import SourcePosition

PathKey = tuple[str | int, ...]

_WHITESPACE = " \t\r\n"


class _Scanner:
    def __init__(self, text: str) -> None:
        self.text = text
        self.index = 0
        self.positions: dict[PathKey, int] = {}
        self.key_positions: dict[PathKey, int] = {}

    def skip(self) -> None:
        text, i = self.text, self.index
        while i < len(text) and text[i] in _WHITESPACE:
            i += 1
        self.index = i

    def value(self, path: PathKey, depth: int) -> None:
        if depth > 200:
            raise ValueError("nesting too deep")
        self.skip()
        self.positions[path] = self.index
        if self.index >= len(self.text):
            return
        char = self.text[self.index]
        if char == "{":
            self.obj(path, depth)
        elif char == "[":
            self.array(path, depth)
        elif char == '"':
            _, self.index = scanstring(self.text, self.index + 1)
        else:
            while self.index < len(self.text) and self.text[self.index] not in ",]}" + _WHITESPACE:
                self.index += 1

    def obj(self, path: PathKey, depth: int) -> None:
        self.index += 1
        while True:
            self.skip()
            if self.index >= len(self.text) or self.text[self.index] == "}":
                self.index += 1
                return
            if self.text[self.index] == ",":
                self.index += 1
                continue
            key_start = self.index
            key, self.index = scanstring(self.text, self.index + 1)
            self.key_positions[(*path, key)] = key_start
            self.skip()
            self.index += 1  # the colon
            self.value((*path, key), depth + 1)

    def array(self, path: PathKey, depth: int) -> None:
        self.index += 1
        item = 0
        while True:
            self.skip()
            if self.index >= len(self.text) or self.text[self.index] == "]":
                self.index += 1
                return
            if self.text[self.index] == ",":
                self.index += 1
                continue
            before = self.index
            self.value((*path, item), depth + 1)
            if self.index == before:  # "[1}": a bare "}" is no value (damaged text): stop
                raise ValueError("unexpected character in an array")
            item += 1


def offset_to_position(text: str, offset: int) -> SourcePosition:
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return SourcePosition(line, column)


class SourceMap:
    """Positions of every value (and object key) of a parsed JSON text."""

    def __init__(self, text: str) -> None:
        self.text = text
        scanner = _Scanner(text)
        # best effort: on damaged text the positions found so far stay usable
        with contextlib.suppress(ValueError, IndexError):
            scanner.value((), 0)
        self._values = scanner.positions
        self._keys = scanner.key_positions

    def position(self, path: PathKey, *, key: bool = False) -> SourcePosition:
        """Position of the value at ``path`` (or of its key when ``key``); falls back to the
        nearest enclosing value that was found."""
        table = self._keys if key else self._values
        if path in table:
            return offset_to_position(self.text, table[path])
        while path:
            path = path[:-1]
            if path in self._values:
                return offset_to_position(self.text, self._values[path])
        return SourcePosition(1, 1)


def format_json_path(path: PathKey) -> str:
    """``('boards', 0, 'tiles')`` -> ``$.boards[0].tiles``."""
    text = "$"
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        elif part.isidentifier():
            text += f".{part}"
        else:
            text += f"[{part!r}]"
    return text
