"""``realms export FILE --to FORMAT``: engine files, graphs and printable boards.

JSON and text formats never import Qt; the image formats load it only when asked.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from editor.cli.common import EXIT_ERROR, EXIT_OK, load_or_report

FORMAT_NAMES = ("engine", "smawg", "cestpasphoto", "geojson", "graphml", "dot", "svg", "png",
                "pdf")
CESTPASPHOTO_PLAYERS = (2, 3, 4)


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "export", help="export a scenario to an engine format, a graph or a printable board",
        description="Export the board of a scenario for one player count, or for each count "
                    "it supports (one file each, named <stem>.<N>p.<suffix>). See "
                    "docs/export.md.")
    parser.add_argument("file", type=Path, help="a *.realm.json file")
    parser.add_argument("--to", dest="format", required=True, choices=FORMAT_NAMES,
                        metavar="FORMAT", help=", ".join(FORMAT_NAMES))
    parser.add_argument("--players", type=int, metavar="N",
                        help="one player count (default: every count the scenario supports)")
    parser.add_argument("-o", "--output", type=Path, metavar="OUT",
                        help="output file (one player count), folder, or - for stdout "
                             "(default: next to the input)")
    parser.add_argument("--tile-mm", type=float, default=None, metavar="MM",
                        help="printed hex width in millimetres for pdf (default 40)")
    parser.set_defaults(handler=run)


def _stem(path: Path) -> str:
    name = path.name
    for suffix in (".realm.json", ".json"):
        if name.endswith(suffix):
            return name[: -len(suffix)]
    return path.stem


def _target(args: argparse.Namespace, players: int, suffix: str, single: bool) -> Path:
    name = f"{_stem(args.file)}.{players}p.{suffix}"
    out: Path | None = args.output
    source: Path = args.file
    if out is None:
        return source.parent / name
    if single and not out.is_dir() and not str(out).endswith(("/", "\\")):
        return out
    return out / name


def _counts(args: argparse.Namespace, supported: tuple[int, ...]) -> list[int] | None:
    shown = str(args.file)
    if args.players is not None:
        if args.players not in supported:
            print(f"{shown}: --players {args.players} is outside this scenario's "
                  f"{supported[0]}-{supported[-1]} players", file=sys.stderr)
            return None
        if args.format == "cestpasphoto" and args.players not in CESTPASPHOTO_PLAYERS:
            print(f"{shown}: cestpasphoto maps exist for 2-4 players, not {args.players}; "
                  "export with --players 2, 3 or 4", file=sys.stderr)
            return None
        return [args.players]
    counts = list(supported)
    if args.format == "cestpasphoto":
        skipped = [n for n in counts if n not in CESTPASPHOTO_PLAYERS]
        counts = [n for n in counts if n in CESTPASPHOTO_PLAYERS]
        if not counts:
            print(f"{shown}: cestpasphoto maps exist for 2-4 players; this scenario is for "
                  f"{supported[0]}-{supported[-1]}", file=sys.stderr)
            return None
        if skipped:
            print(f"{shown}: note: cestpasphoto has no maps for "
                  f"{', '.join(map(str, skipped))} players; skipped", file=sys.stderr)
    return counts


def run(args: argparse.Namespace) -> int:
    from editor.export import (
        FORMATS,
        ExportError,
        ExportOptions,
        export_realm,
        write_bytes_atomic,
    )
    from editor.topology import derive_realm

    if args.tile_mm is not None and not 5.0 <= args.tile_mm <= 500.0:
        print(f"realms export: --tile-mm {args.tile_mm:g} is out of range; use 5-500 mm",
              file=sys.stderr)
        return EXIT_ERROR
    loaded = load_or_report(args.file)
    if loaded is None:
        return EXIT_ERROR
    counts = _counts(args, loaded.scenario.player_counts)
    if counts is None:
        return EXIT_ERROR
    to_stdout = str(args.output) == "-"
    if to_stdout and len(counts) != 1:
        print(f"{args.file}: -o - writes one player count; add --players N", file=sys.stderr)
        return EXIT_ERROR
    spec = FORMATS[args.format]
    options = ExportOptions() if args.tile_mm is None else ExportOptions(tile_mm=args.tile_mm)
    for players in counts:
        realm = derive_realm(loaded, players)
        if realm.problems:
            print(f"{args.file}: warning: {len(realm.problems)} geometry problem(s) for "
                  f"{players} players; run `realms lint {args.file}`", file=sys.stderr)
        try:
            data = export_realm(loaded, realm, args.format, options)
        except ExportError as exc:
            print(f"{args.file}: {exc}", file=sys.stderr)
            return EXIT_ERROR
        if to_stdout:
            sys.stdout.buffer.write(data)
            sys.stdout.flush()
            continue
        target = _target(args, players, spec.suffix, args.players is not None)
        try:
            if not target.parent.exists():
                target.parent.mkdir(parents=True)
            write_bytes_atomic(target, data)
        except OSError as exc:
            print(f"{target}: cannot write ({exc.strerror}); check the folder exists and is "
                  "writable", file=sys.stderr)
            return EXIT_ERROR
        print(target)
    return EXIT_OK
