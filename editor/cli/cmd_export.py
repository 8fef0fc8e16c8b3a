"""``realms export FILE --to FORMAT``: engine files, graphs and printable boards.

JSON and text formats never import Qt; the image formats load it only when asked.
Output goes where the user said: ``-o`` naming a file (it has an extension) is a file,
never a folder; with several player counts the count goes into that name
(``x.png`` → ``x.3p.png``, ``x.4p.png``). Files are written by
:mod:`editor.model.safe_write` and names are printed through :mod:`editor.escaping`.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from editor.cli.cmd_realise import seed_value
from editor.cli.common import EXIT_ERROR, EXIT_OK, load_or_report, overwrites_input, write_output
from editor.escaping import ci_path

BINARY_FORMATS = ("png", "pdf")  # bytes a terminal would take as control sequences
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
    parser.add_argument("-o", "--output", metavar="OUT",  # a str: Path drops a trailing /
                        help="output file, folder (an existing folder, or a name ending in / "
                             "or without an extension), or - for stdout (default: next to "
                             "the input); a file name gets .<N>p before its extension when "
                             "several player counts are written")
    parser.add_argument("--tile-mm", type=float, default=None, metavar="MM",
                        help="printed hex width in millimetres for pdf (default 40)")
    parser.add_argument("--force", action="store_true",
                        help="overwrite read-only output files too (their mode is kept), "
                             "and the input file itself when -o names it")
    parser.add_argument("--plugin", action="store_true",
                        help="smawg only: also write a rules plugin beside each assets file "
                             "(realms_<name>_rules.py; smawg play --rules=FILE ASSETS) that "
                             "plays the scenario's entry regions, river rules, impassable "
                             "water, peaks and coin mines; it runs inside smawg (GPL-3.0)")
    parser.add_argument("--seed", type=seed_value, default=None, metavar="S",
                        help="for a scenario built during play: export the board its building "
                             "rules give with this seed (as `realms realise`)")
    parser.set_defaults(handler=run)


def _stem(path: Path) -> str:
    name = path.name
    for suffix in (".realm.json", ".json"):
        if name.endswith(suffix):
            return name[: -len(suffix)]
    return path.stem


def _names_a_folder(raw: str) -> bool:
    """``-o OUT`` is a folder when it is one already, ends in a separator, or does not exist
    yet and has no extension; anything else (``x.png``, ``board.smawg.json``, an existing
    file or device) names a file."""
    out = Path(raw)
    if raw.endswith(("/", os.sep)) or out.is_dir():
        return True
    return not out.exists() and not out.suffix


def _is_stream(out: str | Path | None) -> bool:
    """``-`` or an existing non-regular file (``/dev/stdout``, a pipe): one document only."""
    from editor.model.safe_write import is_stream_target

    if out is None:
        return False
    return str(out) == "-" or is_stream_target(out)


def _numbered(out: Path, players: int, suffix: str) -> Path:
    """``x.png`` → ``x.3p.png``; ``x.smawg.json`` → ``x.3p.smawg.json``."""
    name = out.name
    ending = f".{suffix}" if name.endswith(f".{suffix}") and name != f".{suffix}" else out.suffix
    return out.with_name(f"{name[: len(name) - len(ending)]}.{players}p{ending}")


def _target(args: argparse.Namespace, players: int, suffix: str, single: bool) -> Path:
    name = f"{_stem(args.file)}.{players}p.{suffix}"
    raw: str | None = args.output
    source: Path = args.file
    if raw is None:
        return source.parent / name
    if _names_a_folder(raw):
        return Path(raw) / name
    return Path(raw) if single else _numbered(Path(raw), players, suffix)


def _counts(args: argparse.Namespace, supported: tuple[int, ...]) -> list[int] | None:
    shown = ci_path(args.file)
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


def _realised(loaded: Any, players: int, seed: int, shown: str) -> Any:
    """The scenario realised for one count (``realms realise``), or None after saying why."""
    from editor.generate.confirm import loaded_from
    from editor.generate.realise import RealiseError, realise

    try:
        result = realise(loaded, players, seed)
    except RealiseError as exc:
        print(f"{shown}: cannot realise: {exc}", file=sys.stderr)
        return None
    if result.errors:
        print(f"{shown}: no lint-clean board found for {players} players with seed {seed}; "
              "try another seed", file=sys.stderr)
        return None
    realised = loaded_from(result.data, str(loaded.path or "<realised>"))
    realised.path = loaded.path
    return realised


def _stdout_is_a_terminal() -> bool:
    try:
        return os.isatty(sys.stdout.fileno())
    except (AttributeError, ValueError, OSError):  # replaced or closed: not a terminal
        return False


def run(args: argparse.Namespace) -> int:
    from editor.export import FORMATS, ExportError, ExportOptions, export_realm
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
    shown = ci_path(args.file)
    if _is_stream(args.output) and len(counts) != 1:
        print(f"{shown}: -o {ci_path(args.output)} writes one player count; add --players N",
              file=sys.stderr)
        return EXIT_ERROR
    if args.seed is not None and not loaded.scenario.built_during_play:
        print(f"{shown}: --seed realises scenarios built during play, and this one has its "
              "board already; drop --seed", file=sys.stderr)
        return EXIT_ERROR
    if to_stdout and args.format in BINARY_FORMATS and _stdout_is_a_terminal():
        print(f"{shown}: {args.format.upper()} is binary and standard output is a terminal; "
              f"pipe it (| program) or write a file (-o board.{args.format})", file=sys.stderr)
        return EXIT_ERROR
    if args.plugin and args.format != "smawg":
        print(f"{shown}: --plugin writes smawg's rules plugin; use it with --to smawg",
              file=sys.stderr)
        return EXIT_ERROR
    if args.plugin and _is_stream(args.output):
        print(f"{shown}: --plugin writes a file beside the assets file; give -o a file or "
              "folder, not a stream", file=sys.stderr)
        return EXIT_ERROR
    spec = FORMATS[args.format]
    options = ExportOptions() if args.tile_mm is None else ExportOptions(tile_mm=args.tile_mm)
    source = loaded
    for players in counts:
        if args.seed is not None:
            realised = _realised(source, players, args.seed, shown)
            if realised is None:
                return EXIT_ERROR
            loaded = realised
        realm = derive_realm(loaded, players)
        if realm.problems:
            print(f"{shown}: warning: {len(realm.problems)} geometry problem(s) for "
                  f"{players} players; run `realms lint` on it for the details",
                  file=sys.stderr)
        try:
            data = export_realm(loaded, realm, args.format, options)
        except ExportError as exc:
            print(f"{shown}: {exc}", file=sys.stderr)
            return EXIT_ERROR
        if to_stdout:
            sys.stdout.buffer.write(data)
            sys.stdout.flush()
            continue
        target = _target(args, players, spec.suffix, len(counts) == 1)
        if overwrites_input(target, args.file, args.force):
            return EXIT_ERROR
        if not _write(target, data, args.force):
            return EXIT_ERROR
        if args.plugin:  # the smawg rules plugin beside the assets file just written
            from editor.export.smawg_plugin import plugin_name, plugin_text

            plugin = target.parent / plugin_name(target)
            text = plugin_text(realm, json.loads(data))
            if not _write(plugin, text.encode("utf-8"), args.force):
                return EXIT_ERROR
    return EXIT_OK


def _write(target: Path, data: bytes, force: bool) -> bool:
    """Write one output file and print its name; False after saying why it was not."""
    try:
        if not target.parent.exists():
            target.parent.mkdir(parents=True)
    except OSError as exc:
        print(f"{ci_path(target)}: cannot write ({(exc.strerror or str(exc)).lower()}); "
              "check the folder exists and is writable", file=sys.stderr)
        return False
    if not write_output(target, data, force=force, verb="export"):
        return False
    if not _is_stream(target):  # a stream (/dev/stdout) gets the document only
        print(ci_path(target))
    return True
