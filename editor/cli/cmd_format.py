"""``realms format``: rewrite scenario files in the one canonical form.

Shared scenario collections review changes as diffs; a single canonical layout
(sorted keys, 2-space indent, trailing newline) keeps those diffs to what the
author meant. ``--check`` is the CI form: it writes nothing and fails when a
file would change. Every file is fully loaded first, so ``format`` doubles as a
validity check: exit status 2 (invalid input) wins over 1 (would reformat).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

SCENARIO_SUFFIX = ".realm.json"

EXIT_OK = 0
EXIT_WOULD_CHANGE = 1
EXIT_INVALID = 2


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "format",
        help="rewrite scenario files canonically (--check: only report)",
        description=(
            "Load each scenario with all checks and rewrite it in the canonical form "
            "(sorted keys, 2-space indent, trailing newline). Folders are searched "
            f"recursively for *{SCENARIO_SUFFIX}. Exit status: 0 nothing to do, "
            "1 files would be reformatted (--check), 2 a file is invalid."
        ),
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="write nothing; list files that would change and exit 1 if any",
    )
    parser.add_argument(
        "paths",
        nargs="+",
        metavar="PATH",
        type=Path,
        help=f"scenario files, or folders to search for *{SCENARIO_SUFFIX}",
    )
    parser.set_defaults(handler=run)


def _walk_folder(folder: Path) -> Iterator[Path]:
    """Scenario files under ``folder``, sorted, skipping hidden folders (.git, .venv)."""
    found: list[Path] = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        base = Path(root)
        # A folder named like a scenario is reported as such rather than silently skipped.
        names = [*files, *(d for d in dirs if d.endswith(SCENARIO_SUFFIX))]
        found.extend(base / name for name in names if name.endswith(SCENARIO_SUFFIX))
    yield from sorted(found)


def collect_files(paths: Iterable[Path]) -> list[Path]:
    """Expand folders, keep explicitly named files (even missing ones, so they are reported),
    and drop duplicates while keeping the order given."""
    result: list[Path] = []
    seen: set[Path] = set()
    for path in paths:
        if path.is_dir() and not path.name.endswith(SCENARIO_SUFFIX):
            candidates: Iterable[Path] = _walk_folder(path)
        else:
            candidates = (path,)
        for candidate in candidates:
            key = Path(os.path.abspath(candidate))
            if key not in seen:
                seen.add(key)
                result.append(candidate)
    return result


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _format_one(path: Path, check: bool) -> int:
    """Check or rewrite one file; returns its exit status and prints what happened."""
    from editor.model.errors import LoadError
    from editor.model.jsonio import write_text_atomic
    from editor.model.scenario_io import load_scenario, scenario_text

    try:
        loaded = load_scenario(path)
        canonical = scenario_text(loaded.scenario)
    except LoadError as exc:
        print(str(exc), file=sys.stderr)
        return EXIT_INVALID
    except Exception as exc:  # a model bug must still be one line, never a traceback
        print(f"{path}: internal error while loading ({type(exc).__name__}: "
              f"{' '.join(str(exc).split())[:200]}); please report this with the file",
              file=sys.stderr)
        return EXIT_INVALID
    if canonical == loaded.text:
        return EXIT_OK
    if check:
        print(f"would reformat: {path}")
        return EXIT_WOULD_CHANGE
    try:
        write_text_atomic(path, canonical)
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        print(f"{path}: cannot write the canonical form: {' '.join(reason.split())[:200]}; "
              "the file was left unchanged", file=sys.stderr)
        return EXIT_INVALID
    print(f"reformatted: {path}")
    return EXIT_WOULD_CHANGE


def run(args: argparse.Namespace) -> int:
    check: bool = args.check
    files = collect_files(args.paths)
    changed = invalid = 0
    for path in files:
        status = _format_one(path, check)
        changed += status == EXIT_WOULD_CHANGE
        invalid += status == EXIT_INVALID
    summary = _plural(len(files), "file") + " checked, "
    summary += f"{changed} {'would be reformatted' if check else 'reformatted'}"
    if invalid:
        summary += f", {invalid} invalid"
    print(summary)
    if invalid:
        return EXIT_INVALID
    if check and changed:
        return EXIT_WOULD_CHANGE
    return EXIT_OK
