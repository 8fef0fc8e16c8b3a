"""Helpers shared by subcommands: loading with one-line errors, player-count choice."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from editor.escaping import ci_path

if TYPE_CHECKING:  # the loader pulls in jsonschema: only the handlers that load pay for it
    from editor.model.safe_write import WriteError
    from editor.model.scenario_io import LoadedScenario

EXIT_OK = 0
EXIT_FINDINGS = 1
EXIT_ERROR = 2


def load_or_report(path: Path) -> LoadedScenario | None:
    """Load a scenario, printing the single error line on failure."""
    from editor.model.errors import LoadError
    from editor.model.scenario_io import load_scenario

    try:
        return load_scenario(path)
    except LoadError as exc:
        report(str(exc))
        return None


def overwrites_input(output: object, source: Path, force: bool = False,
                     can_force: bool = True) -> bool:
    """True (after saying so) when writing ``output`` would replace the command's own input
    ``source`` (the same file, through links too), unless ``force``: a typo in ``-o`` must
    not destroy the scenario being read."""
    from editor.model.user_paths import same_file

    if (force and can_force) or str(output) == "-" or not same_file(str(output), source):
        return False
    how = "choose another -o, or pass --force to replace it" if can_force else \
        "choose another -o"
    report(f"{output}: is this command's input file {source}; refusing to overwrite it; {how}")
    return True


def replaces_a_scenario(output: object) -> bool:
    """True (after saying so) when a report (balance, playtest) would be written over an
    existing scenario file: ``-o`` naming a realm is a slip that must not destroy it."""
    import os

    from editor.lint.runner import SCENARIO_SUFFIX

    text = str(output)
    if text == "-" or not text.endswith(SCENARIO_SUFFIX) or not os.path.lexists(text):
        return False
    report(f"{text}: is a scenario file; refusing to write a report over it; choose "
           "another -o")
    return True


def write_output(path: Path, data: str | bytes, *, force: bool | None = None,
                 verb: str = "write") -> bool:
    """Write a command's output file atomically (:mod:`editor.model.safe_write`); on failure
    say why on one line ("cannot VERB") and return False. ``force`` is the command's
    --force, for a command that has one (its hint then names it)."""
    from editor.model.safe_write import WriteError, write_bytes

    try:
        write_bytes(path, data.encode("utf-8") if isinstance(data, str) else data,
                    force=bool(force))
    except WriteError as exc:
        _say_cannot(verb, path, exc, force)
        return False
    except OSError as exc:
        print(f"{ci_path(path)}: cannot write ({(exc.strerror or str(exc)).lower()}); "
              "check the folder exists and is writable", file=sys.stderr)
        return False
    return True


def cannot_write(path: Path, *, force: bool | None = None) -> bool:
    """True (after saying why, as :func:`write_output` would) when ``path`` cannot be
    written as it is now: checked before a long run, whose work would otherwise be lost."""
    from editor.model.safe_write import WriteError, check_writable

    if str(path) == "-":
        return False
    try:
        check_writable(path)
    except WriteError as exc:
        if exc.read_only and force:
            return False
        _say_cannot("write", path, exc, force)
        return True
    return False


def _say_cannot(verb: str, path: Path, exc: WriteError, force: bool | None) -> None:
    """``PATH: cannot VERB: why``, with the hint a read-only file needs (``--force`` for a
    command that has it)."""
    fix = " first" if force is None else ", or pass --force"
    hint = f" (make it writable{fix})" if exc.read_only else ""
    print(f"{ci_path(path)}: cannot {verb}: {exc.reason}{hint}", file=sys.stderr)


def report(line: str) -> None:
    """Print one error line on stderr, escaped: it names a file (an untrusted name) and may
    quote the file's content, so it must neither start a GitHub Actions command nor put
    control characters on the terminal."""
    print(ci_path(line), file=sys.stderr)


def player_counts(loaded: LoadedScenario, wanted: int | None) -> list[int] | None:
    counts = list(loaded.scenario.player_counts)
    if wanted is None:
        return counts
    if wanted not in counts:
        name = ci_path(loaded.path) if loaded.path else "scenario"
        print(f"{name}: --players {wanted} is outside this scenario's "
              f"{counts[0]}-{counts[-1]} players", file=sys.stderr)
        return None
    return [wanted]
