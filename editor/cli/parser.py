"""argparse with per-subcommand names in errors and "did you mean" for near misses.

``realms lint --selct S`` should say ``realms lint: error: unrecognized
arguments: --selct (did you mean --select?)``, the way git and Python 3.14's
``suggest_on_error`` do, rather than blame ``realms`` for a subcommand's option.
"""

from __future__ import annotations

import argparse
import os
import re
import sys

TYPE_CHECKING = False  # typing costs a CLI start milliseconds; mypy reads the block
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any, NoReturn

_INVALID_CHOICE = re.compile(r"invalid choice: '([^']*)' \(choose from (.*)\)$")


def close_matches(word: str, candidates: Sequence[str]) -> list[str]:
    """Up to three candidates within a small edit distance of ``word`` (a candidate that
    differs only in case, such as ``png`` for ``PNG``, comes first)."""
    import difflib  # only a mistyped command line needs it

    same_case = [c for c in candidates if c.lower() == word.lower() and c != word]
    near = difflib.get_close_matches(word.lower(), list(candidates), n=3, cutoff=0.6)
    return list(dict.fromkeys(same_case + near))[:3]


def _did_you_mean(matches: Sequence[str]) -> str:
    return f" (did you mean {' or '.join(matches)}?)" if matches else ""


def unrecognized_message(parser: argparse.ArgumentParser, extras: Sequence[str]) -> str:
    """The argparse wording, with suggestions for each unknown option."""
    options = {o.lstrip("-"): o for o in parser._option_string_actions if o.startswith("--")}
    parts = []
    for extra in extras:
        name = extra.split("=", 1)[0]
        matches = close_matches(name.lstrip("-"), sorted(options)) if name.startswith("-") else []
        parts.append(extra + _did_you_mean([options[m] for m in matches]))
    return "unrecognized arguments: " + " ".join(parts)


def _terminal_columns() -> int:
    """``shutil.get_terminal_size().columns`` without importing shutil (which pulls in
    bz2 and lzma): ``COLUMNS``, else the terminal of stdout, else 80."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class _HelpFormatter(argparse.HelpFormatter):
    """argparse's formatter, sized like argparse sizes it, minus the shutil import."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        super().__init__(prog, indent_increment, max_help_position,
                         width if width is not None else _terminal_columns() - 2)


class RealmsArgumentParser(argparse.ArgumentParser):
    """Suggests close choices for a mistyped subcommand or choice value."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _HelpFormatter)
        # No abbreviations: `--player 3` must not silently mean `--players 3` (it is told
        # as unknown, with "did you mean --players?"), and adding an option can never
        # change what an existing command line means.
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)

    def subcommand(self, name: str) -> argparse.ArgumentParser | None:
        for action in self._actions:
            if isinstance(action, argparse._SubParsersAction):
                found: argparse.ArgumentParser | None = action.choices.get(name)
                return found
        return None

    def error(self, message: str) -> NoReturn:
        match = _INVALID_CHOICE.search(message)
        if match:
            choices = re.findall(r"'([^']*)'", match.group(2))
            message += _did_you_mean([repr(m) for m in close_matches(match.group(1), choices)])
        super().error(message)
