"""``realms import FILE --from FORMAT -o OUT``: a board from another engine as a scenario.

The result is a graph-only scenario (regions and adjacency, no geometry) that
``realms lint`` and ``realms export`` accept. Untrusted input is never executed.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from editor.cli.common import EXIT_ERROR, EXIT_OK, overwrites_input, report
from editor.escaping import ci_path

IMPORT_FORMATS = ("smawg", "cestpasphoto", "engine")


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "import", help="turn a smawg, cestpasphoto or engine board into a scenario file",
        description="Import a board made elsewhere as a graph-only scenario (regions and "
                    "adjacency, no geometry). See docs/export.md.")
    parser.add_argument("file", type=Path, help="the file to import")
    parser.add_argument("--from", dest="format", required=True, choices=IMPORT_FORMATS,
                        metavar="FORMAT", help=", ".join(IMPORT_FORMATS))
    parser.add_argument("-o", "--output", type=Path, required=True, metavar="OUT",
                        help="the scenario file to write (*.realm.json)")
    parser.add_argument("--players", type=int, metavar="N",
                        help="player count for a cestpasphoto module not named "
                             "SmallworldMaps_<N>pl.py")
    parser.add_argument("--force", action="store_true",
                        help="overwrite OUT if it exists (even when read-only)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from editor.export.importers import ImportFailed, import_scenario
    from editor.model.safe_write import WriteError, write_bytes

    if overwrites_input(args.output, args.file, can_force=False):
        return EXIT_ERROR
    if os.path.lexists(args.output) and not args.force:  # as realms new: a realm is work
        report(f"{args.output}: already exists; choose another name or pass --force to "
               "overwrite it")
        return EXIT_ERROR
    said: list[str] = []
    try:
        text = import_scenario(args.file, args.format, args.players, said)
    except ImportFailed as exc:
        report(str(exc))
        return EXIT_ERROR
    try:
        write_bytes(args.output, text.encode("utf-8"), force=args.force)
    except WriteError as exc:
        hint = " (make it writable first)" if exc.read_only else ""
        print(f"{ci_path(args.output)}: cannot write: {exc.reason}{hint}", file=sys.stderr)
        return EXIT_ERROR
    print(ci_path(args.output))
    for line in said:
        report(f"realms import: note: {line}")
    if args.format == "engine":
        _say_what_the_provenance_gave(args.file, text)
    return EXIT_OK


def _say_what_the_provenance_gave(source: Path, text: str) -> None:
    """One stderr line each: the lint.ignore entries the new scenario took from the engine
    file's provenance (anyone can write those: a reviewer should read them), and those
    left out because no export could have written them (editor/export/engine_lint.py)."""
    import json

    from editor.export.engine_lint import refused_entries
    from editor.model.errors import LoadError
    from editor.model.jsonio import read_json_text

    written = json.loads(text)
    taken = written.get("lint", {}).get("ignore", [])
    if taken:
        print(f"realms import: {len(taken)} lint.ignore entr{'y' if len(taken) == 1 else 'ies'}"
              " came from the engine file's provenance; review them like any other",
              file=sys.stderr)
    if isinstance(written.get("turns_reason"), str):
        print("realms import: turns_reason came from the engine file's provenance (it "
              "silences R001, turns off the turn track); review it like any other",
              file=sys.stderr)
    try:
        left = refused_entries(json.loads(read_json_text(source)))
    except (LoadError, OSError, ValueError):
        return
    if left:
        codes = ", ".join(sorted({str(e.get("code")) if isinstance(e, dict) else "?"
                                  for e in left}))
        print(f"realms import: left out {len(left)} lint.ignore entr"
              f"{'y' if len(left) == 1 else 'ies'} of the provenance ({codes}): no export "
              "writes a family, a prefix or a code that cannot be ignored", file=sys.stderr)
