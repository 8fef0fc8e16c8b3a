"""Errors a user can act on: which file, where, what is wrong and how to fix it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SourcePosition:
    """1-based line and column in the source text."""

    line: int
    column: int


@dataclass
class LoadError(Exception):
    """A file could not be loaded. ``str()`` gives the one line the CLI prints."""

    path: str
    message: str
    json_path: str = "$"
    position: SourcePosition | None = None
    hint: str = ""
    code: str = "S001"

    def __post_init__(self) -> None:
        Exception.__init__(self, self.one_line())

    def one_line(self) -> str:
        where = self.path
        if self.position is not None:
            where += f":{self.position.line}:{self.position.column}"
        text = f"{where}: {self.message}"
        if self.json_path and self.json_path != "$":
            text += f" (at {self.json_path})"
        if self.hint:
            text += f"; {self.hint}"
        return text

    def __str__(self) -> str:
        return self.one_line()
