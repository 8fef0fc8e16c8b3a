"""What a rule reports (:class:`Hit`) and what the linter hands out (:class:`Finding`).

Rules describe a problem by JSON path and ids; positions in the source text are
filled in afterwards, once per file that has findings, because mapping paths to
line:column costs a scan of the text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypeVar

from editor.model.errors import SourcePosition
from editor.model.jsonpos import PathKey

SEVERITIES = ("info", "warning", "error")
SEVERITY_RANK = {name: rank for rank, name in enumerate(SEVERITIES)}

# The load rules' codes (registered by editor.lint.rules_schema): here, so that the runner
# can report them without importing the rules.
INTERNAL = "S000"
IO_ERROR = "S001"
SYNTAX = "S002"
SCHEMA = "S003"
VERSION = "S004"
REFERENCE = "S005"
ENGINE = "S006"
WORKER_DIED = "S007"


@dataclass(frozen=True)
class Hit:
    """One problem as a rule sees it: what is wrong, how to fix it, and where."""

    code: str
    what: str
    fix: str
    json_path: PathKey = ()
    key: bool = False  # point at the key at json_path rather than its value
    regions: tuple[str, ...] = ()
    tiles: tuple[str, ...] = ()
    position: SourcePosition | None = None  # when already known (JSON syntax errors)
    players: int | None = None


_Frozen = TypeVar("_Frozen")


def from_fields(cls: type[_Frozen], values: dict[str, Any]) -> _Frozen:
    """An instance of the frozen dataclass ``cls`` (a :class:`Hit` or :class:`Finding`)
    whose ``__dict__`` is ``values``, set at once: its ``__init__`` sets each field
    through ``object.__setattr__``, about three times the cost, and lint builds every
    finding (and a warm run every cached one) this way. ``values`` must hold every field;
    neither class has a ``__post_init__`` or slots, so the object equals the one
    ``__init__`` makes."""
    made = object.__new__(cls)
    object.__setattr__(made, "__dict__", values)
    return made


def _hit_init(self: Hit, code: str, what: str, fix: str, json_path: PathKey = (),
              key: bool = False, regions: tuple[str, ...] = (), tiles: tuple[str, ...] = (),
              position: SourcePosition | None = None, players: int | None = None) -> None:
    """The dataclass's ``__init__`` with the same fields, defaults and order, filling the
    instance's ``__dict__`` at once: a frozen dataclass sets each field through
    ``object.__setattr__``, three times the cost, and rules make ~16 hits per file."""
    object.__setattr__(self, "__dict__", {
        "code": code, "what": what, "fix": fix, "json_path": json_path, "key": key,
        "regions": regions, "tiles": tiles, "position": position, "players": players})


setattr(Hit, "__init__", _hit_init)  # noqa: B010 (mypy keeps the dataclass's signature)


@dataclass(frozen=True)
class Finding:
    """One finding, ready to print: the public result of every lint entry point."""

    code: str
    severity: str
    message: str
    path: str
    json_path: str
    line: int
    column: int
    players: int | None = None
    regions: tuple[str, ...] = ()
    tiles: tuple[str, ...] = ()
    # Every player count the finding holds for (identical findings are merged across counts).
    player_counts: tuple[int, ...] = field(default=())

    def at_least(self, severity: str) -> bool:
        return SEVERITY_RANK[self.severity] >= SEVERITY_RANK[severity]

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "severity": self.severity,
            "message": self.message,
            "path": self.path,
            "json_path": self.json_path,
            "line": self.line,
            "column": self.column,
            "players": self.players,
            "player_counts": list(self.player_counts),
            "regions": list(self.regions),
            "tiles": list(self.tiles),
        }


def describe_counts(counts: tuple[int, ...]) -> str:
    """``(3, 4, 5)`` -> ``"3-5 players"``; ``(2, 4)`` -> ``"2 and 4 players"``."""
    if not counts:
        return ""
    runs: list[tuple[int, int]] = []
    for count in sorted(counts):
        if runs and count == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], count)
        else:
            runs.append((count, count))
    parts = [str(a) if a == b else f"{a}-{b}" for a, b in runs]
    text = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return f"{text} players"


def compose(what: str, fix: str, counts: tuple[int, ...]) -> str:
    """The message: what is wrong (for which counts); how to fix it."""
    return what + count_suffix(counts) + ("; " + fix if fix else "")


_COUNT_SUFFIXES: dict[tuple[int, ...], str] = {(): ""}


def count_suffix(counts: tuple[int, ...]) -> str:
    """`` (for 3-5 players)``, empty without counts; worded once per set of counts (a few
    dozen: counts run from 2 to 6), as nearly every finding has one."""
    suffix = _COUNT_SUFFIXES.get(counts)
    if suffix is None:
        suffix = f" (for {describe_counts(counts)})"
        if len(_COUNT_SUFFIXES) < 256:
            _COUNT_SUFFIXES[counts] = suffix
    return suffix
