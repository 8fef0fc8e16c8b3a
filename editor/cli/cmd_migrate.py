"""``realms migrate``: upgrade scenario files of format 1 (invented tiles) to format 2 (the box).

Format 1 files were made on faces Realms Studio invented before the box's printed faces
were known; they keep deriving the board they always did. This command is the explicit
way over: tiles stay where they are, region references follow their area, and each one
that moved is listed, so the designer knows what to look at before linting again.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from editor.cli.common import report
from editor.escaping import ci_path

EXIT_OK = 0
EXIT_WOULD_CHANGE = 1
EXIT_ERROR = 2


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "migrate",
        help="upgrade format 1 scenarios (invented tiles) to format 2 (the box's tiles)",
        description=(
            "Rewrite scenario files of format_version 1, made on Realms Studio's earlier "
            "invented tile faces, as format 2 on the faces of the Realms box. Tiles keep "
            "their letter, side, place and rotation; each region reference moves to the "
            "box region over the same area, and every move is listed. Exit status: 0 done "
            "(or nothing to do), 1 files would be migrated (--check), 2 a file is invalid "
            "or cannot be written."),
    )
    parser.add_argument("paths", nargs="+", type=Path, metavar="FILE",
                        help="*.realm.json files to upgrade in place")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; list format 1 files and exit 1 if any")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    import json

    from editor.geometry.migrate import MigrateError, migrate_data
    from editor.model.errors import LoadError
    from editor.model.jsonio import canonical_json
    from editor.model.safe_write import WriteError, write_text
    from editor.model.scenario_io import load_scenario, parse_scenario

    status = EXIT_OK
    for path in args.paths:
        shown = ci_path(path)
        try:  # the one way to open a user path: links out of the collection, FIFOs refused
            data = json.loads(load_scenario(path).text)
        except LoadError as exc:
            report(str(exc))
            status = EXIT_ERROR
            continue
        if not isinstance(data, dict) or data.get("format_version") != 1:
            print(f"{shown}: already format {data.get('format_version')}; nothing to do")
            continue
        if args.check:
            print(f"{shown}: format 1 (invented tiles); `realms migrate {shown}` upgrades it")
            status = max(status, EXIT_WOULD_CHANGE)
            continue
        try:
            migrated = migrate_data(data)
            text = canonical_json(migrated.data)
            parse_scenario(text, str(path), path.parent)
        except (MigrateError, LoadError) as exc:
            report(f"{shown}: cannot migrate: {exc}")
            status = EXIT_ERROR
            continue
        try:
            write_text(path, text)
        except (WriteError, OSError) as exc:
            reason = exc.reason if isinstance(exc, WriteError) else (exc.strerror or exc)
            print(f"{shown}: cannot write: {reason}", file=sys.stderr)
            status = EXIT_ERROR
            continue
        print(f"{shown}: migrated to format 2 (the box's tiles); {len(migrated.notes)} "
              f"region reference{'s' if len(migrated.notes) != 1 else ''} moved")
        for note in migrated.notes:
            print(f"  {note}")
        print(f"  next: `realms lint {shown}`: the board is now the box's, so its balance "
              "and markers may need a look")
    return status
