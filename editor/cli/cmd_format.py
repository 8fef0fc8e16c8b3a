"""``realms format``: rewrite scenario files in the one canonical form.

Shared scenario collections review changes as diffs; a single canonical layout
(sorted keys, 2-space indent, trailing newline) keeps those diffs to what the
author meant. ``--check`` is the CI form: it writes nothing and fails when a
file would change; ``--diff`` is the same check showing the change as a unified
diff (like ``ruff format --diff`` and ``black --diff``). Every file is fully
loaded first, so ``format`` doubles as a validity check: exit status 2 (invalid
input, or a file or folder that cannot be read or written) wins over 1 (would
reformat). File names are printed through :mod:`editor.escaping`, so a hostile
name can neither start a GitHub Actions command nor rewrite the terminal.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from editor.cli.common import report
from editor.escaping import ci_path

SCENARIO_SUFFIX = ".realm.json"

EXIT_OK = 0
EXIT_WOULD_CHANGE = 1
EXIT_INVALID = 2
# _format_one's answer for a valid file left as it was (read-only, a write that failed,
# a canonical form over the size limit): exit 2 as well, but not counted as invalid
_NOT_WRITTEN = -2


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "format",
        help="rewrite scenario files canonically (--check: only report)",
        description=(
            "Load each scenario with all checks and rewrite it in the canonical form "
            "(sorted keys, 2-space indent, trailing newline). Folders are searched "
            f"recursively for *{SCENARIO_SUFFIX}. Exit status: 0 nothing to do, "
            "1 files would be reformatted (--check, --diff), 2 a file is invalid or "
            "cannot be read or written."
        ),
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="write nothing; list files that would change and exit 1 if any",
    )
    parser.add_argument(
        "--diff",
        action="store_true",
        help="write nothing; print a unified diff of each change and exit 1 if any",
    )
    parser.add_argument(
        "--force",
        action="store_true",
        help="rewrite read-only files too (their mode is kept)",
    )
    parser.add_argument(
        "paths",
        nargs="+",
        metavar="PATH",
        type=Path,
        help=f"scenario files, or folders to search for *{SCENARIO_SUFFIX}",
    )
    parser.set_defaults(handler=run)


class WalkError(Exception):
    """A folder that could not be read while searching for scenario files."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


def _walk_folder(folder: Path, errors: list[WalkError]) -> list[Path]:
    """Scenario files under ``folder``, sorted, skipping hidden folders (.git, .venv).

    An unreadable folder is an error, not an empty one (a check that silently skips files
    would pass in CI while checking nothing): each is added to ``errors``.
    """
    found: list[Path] = []
    problems: list[OSError] = []
    for root, dirs, files in os.walk(folder, onerror=problems.append):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        base = Path(root)
        # A folder named like a scenario is reported as such rather than silently skipped.
        names = [*files, *(d for d in dirs if d.endswith(SCENARIO_SUFFIX))]
        found.extend(base / name for name in names if name.endswith(SCENARIO_SUFFIX))
    for problem in problems:
        where = (os.fspath(problem.filename) if problem.filename is not None
                 else os.fspath(folder))
        reason = (problem.strerror or type(problem).__name__).lower()
        errors.append(WalkError(where, f"cannot read this folder ({reason}); its scenario "
                                       "files were not checked"))
    return sorted(found)


def collect_files(paths: Iterable[Path], errors: list[WalkError] | None = None) -> list[Path]:
    """Expand folders, keep explicitly named files (even missing ones, so they are reported),
    and drop duplicates while keeping the order given.

    Folders that cannot be read are added to ``errors`` (if given)."""
    errors = [] if errors is None else errors
    result: list[Path] = []
    seen: set[Path] = set()
    for path in paths:
        if path.is_dir() and not path.name.endswith(SCENARIO_SUFFIX):
            from editor.model.errors import LoadError
            from editor.model.user_paths import check_user_folder

            try:  # a folder that is a link out of the collection is not searched
                check_user_folder(path)
            except LoadError as exc:
                errors.append(WalkError(str(path), f"{exc.message}; {exc.hint}"))
                continue
            candidates: Iterable[Path] = _walk_folder(path, errors)
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


def _lines(text: str) -> list[str]:
    """Lines split at ``\\n`` only: JSON strings may hold U+2028 or U+0085, which
    ``str.splitlines`` would wrongly treat as line ends."""
    parts = text.split("\n")
    lines = [part + "\n" for part in parts[:-1]]
    if parts[-1]:
        lines.append(parts[-1])
    return lines


def unified_diff(path: Path, before: str, after: str) -> str:
    """The change as ``ruff format --diff`` / ``black --diff`` show it (a/ and b/ names).

    The names are shown escaped (a file name may hold a newline); the JSON lines cannot
    start a GitHub Actions command, as every diff line starts with ``+``, ``-`` or a space.
    """
    name = ci_path(os.fspath(path).replace(os.sep, "/").lstrip("/"))
    import difflib  # only --diff needs it

    out = []
    for line in difflib.unified_diff(_lines(before), _lines(after),
                                     fromfile=f"a/{name}", tofile=f"b/{name}"):
        out.append(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n")
    return "".join(out)


def too_big_to_read(canonical: str) -> str | None:
    """Why the loader would refuse the canonical text (indenting grows a compact file),
    or None: ``format`` never writes a file that no command could read again."""
    from editor.model.limits import MAX_FILE_BYTES, count_text

    size = len(canonical.encode("utf-8"))
    if size <= MAX_FILE_BYTES:
        return None
    return (f"{count_text(size, 'byte')}, over the {MAX_FILE_BYTES:,}-byte "
            f"({MAX_FILE_BYTES // 1_048_576} MiB) limit every command reads")


def _format_one(path: Path, mode: str, force: bool) -> int:
    """Check, diff or rewrite one file; returns its exit status and prints what happened."""
    from editor.model.errors import LoadError
    from editor.model.safe_write import WriteError, write_text
    from editor.model.scenario_io import load_scenario, scenario_text

    shown = ci_path(path)
    try:
        loaded = load_scenario(path)
        canonical = scenario_text(loaded.scenario)
    except LoadError as exc:
        report(str(exc))
        return EXIT_INVALID
    except Exception as exc:  # a model bug must still be one line, never a traceback
        print(f"{shown}: internal error while loading ({type(exc).__name__}: "
              f"{' '.join(str(exc).split())[:200]}); please report this with the file",
              file=sys.stderr)
        return EXIT_INVALID
    if canonical == loaded.text:
        return EXIT_OK
    too_big = too_big_to_read(canonical)
    if too_big is not None:  # every command would then refuse the file
        print(f"{shown}: the canonical form would be {too_big}; the file was left "
              "unchanged: split the scenario into several files", file=sys.stderr)
        return _NOT_WRITTEN
    if mode == "check":
        print(f"would reformat: {shown}")
        return EXIT_WOULD_CHANGE
    if mode == "diff":
        diff = unified_diff(path, loaded.text, canonical)
        sys.stdout.write(diff)
        return EXIT_WOULD_CHANGE
    try:
        write_text(path, canonical, force=force)
    except WriteError as exc:
        hint = " (make it writable, or pass --force)" if exc.read_only else ""
        print(f"{shown}: cannot write the canonical form: {exc.reason}{hint}", file=sys.stderr)
        return _NOT_WRITTEN
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        print(f"{shown}: cannot write the canonical form: {' '.join(reason.split())[:200]}; "
              "the file was left unchanged", file=sys.stderr)
        return _NOT_WRITTEN
    print(f"reformatted: {shown}")
    return EXIT_WOULD_CHANGE


def run(args: argparse.Namespace) -> int:
    mode = "diff" if args.diff else "check" if args.check else "write"
    unreadable: list[WalkError] = []
    files = collect_files(args.paths, unreadable)
    for problem in unreadable:
        print(f"{ci_path(problem.path)}: {problem.reason}", file=sys.stderr)
    if not files and not unreadable:  # as `realms lint` says: a wrong path is not a pass
        print("realms format: warning: no *.realm.json files found", file=sys.stderr)
    changed, invalid, missing, unwritten = 0, len(unreadable), 0, 0
    for path in files:
        status = _format_one(path, mode, args.force)
        changed += status == EXIT_WOULD_CHANGE
        unwritten += status == _NOT_WRITTEN
        invalid += status == EXIT_INVALID
        # a path that names nothing was not checked: it is told apart from invalid files
        missing += status == EXIT_INVALID and not os.path.lexists(path)
    summary = _plural(len(files) - missing, "file") + " checked, "
    summary += f"{changed} {'reformatted' if mode == 'write' else 'would be reformatted'}"
    if invalid - missing > len(unreadable):
        summary += f", {invalid - missing - len(unreadable)} invalid"
    if unwritten:
        summary += f", {unwritten} left unchanged (could not be written)"
    if missing:
        summary += f", {missing} not found"
    if unreadable:
        summary += f", {_plural(len(unreadable), 'folder')} unreadable"
    print(summary, file=sys.stderr if mode == "diff" else sys.stdout)
    if invalid or unwritten:
        return EXIT_INVALID
    if mode != "write" and changed:
        return EXIT_WOULD_CHANGE
    return EXIT_OK
