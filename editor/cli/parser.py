"""argparse with per-subcommand names in errors and "did you mean" for near misses.

``realms lint --selct S`` should say ``realms lint: error: unrecognized
arguments: --selct (did you mean --select?)``, the way git and Python 3.14's
``suggest_on_error`` do, rather than blame ``realms`` for a subcommand's option.
"""

from __future__ import annotations

import argparse
import re

TYPE_CHECKING = False  # typing costs a CLI start milliseconds; mypy reads the block
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import NoReturn

_INVALID_CHOICE = re.compile(r"invalid choice: '([^']*)' \(choose from (.*)\)$")


def close_matches(word: str, candidates: Sequence[str]) -> list[str]:
    """Up to three candidates within a small edit distance of ``word``."""
    import difflib  # only a mistyped command line needs it

    return difflib.get_close_matches(word, list(candidates), n=3, cutoff=0.6)


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


class RealmsArgumentParser(argparse.ArgumentParser):
    """Suggests close choices for a mistyped subcommand or choice value."""

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
