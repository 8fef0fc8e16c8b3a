"""``realms catalogue``: check, show, start and compare tile catalogues.

``check`` lists every defect (codes C001-C017, docs/tiles.md) lint-style; ``show`` draws a
tile sheet to compare with the physical tiles; ``new`` writes a skeleton of 26 tiles that
passes ``check``; ``diff`` says which tiles, sides and regions differ. Exit status: 0 clean
(or same), 1 defects (or different), 2 a file that cannot be read or written, or a usage
error. Qt is imported only by ``show``.
"""

from __future__ import annotations

import argparse
import json
import string
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from editor.cli.common import report
from editor.escaping import ci_path, display_text

if TYPE_CHECKING:
    from editor.model.catalogue_check import CatalogueDefect

EXIT_OK = 0
EXIT_DEFECTS = 1
EXIT_ERROR = 2
IMAGE_KINDS = ("png", "svg", "pdf")
SKELETON_TERRAIN = "farmland"


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "catalogue",
        help="check, show, start and compare tile catalogues",
        description="Work on a tile catalogue (the JSON file describing two-sided hex tiles). "
                    "Exit status: 0 clean or same, 1 defects or different, 2 unreadable "
                    "file or usage error.",
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION")
    parser.set_defaults(handler=lambda _args: _no_action(parser))

    check = actions.add_parser(
        "check", help="list every defect of catalogue files",
        description="Check catalogue files against the schema and the tile rules (gaps, "
                    "overlaps, borders off the corners and midpoints, more than 3 regions, "
                    "water without a full edge, symbols on water...). Every defect is "
                    "listed as PATH:LINE:COL: CODE message. Exit 0 clean, 1 defects, 2 a "
                    "file cannot be read.")
    check.add_argument("files", nargs="+", type=Path, metavar="FILE")
    check.add_argument("--format", choices=("text", "json"), default="text",
                       help="output format (default: text)")
    check.set_defaults(handler=run_check)

    show = actions.add_parser(
        "show", help="draw a tile sheet (PNG, SVG or PDF)",
        description="Draw every tile (or the LETTERs given), both sides, with region ids, "
                    "terrains, symbols and edge numbers 0-5, to compare with the printed "
                    "tiles. A catalogue with defects is still drawn; one that does not match "
                    "the schema is refused (exit 2).")
    show.add_argument("file", type=Path, metavar="FILE")
    show.add_argument("letters", nargs="*", metavar="LETTER", help="tile keys to draw "
                      "(default: all)")
    show.add_argument("--to", choices=IMAGE_KINDS, default=None,
                      help="image format (default: from OUT's suffix, else png)")
    show.add_argument("-o", "--output", type=Path, required=True, metavar="OUT",
                      help="file to write ('-' for standard output)")
    show.add_argument("--force", action="store_true", help="overwrite a read-only OUT")
    show.set_defaults(handler=run_show)

    new = actions.add_parser(
        "new", help="write a skeleton catalogue of 26 tiles that passes check",
        description="Write a catalogue with tiles A-Z (or PREFIX+A ... PREFIX+Z); each side "
                    f"holds one region covering the whole hex, terrain {SKELETON_TERRAIN}, "
                    "no symbols: a valid starting point to edit in the tile designer or by "
                    "hand.")
    new.add_argument("-o", "--output", type=Path, required=True, metavar="FILE")
    new.add_argument("--id", default="my-tiles", help="catalogue id, a slug (default: "
                     "my-tiles)")
    new.add_argument("--name", default="My tiles", help="catalogue name")
    new.add_argument("--prefix", default="", help="put this before every letter (e.g. BOX "
                     "gives BOXA ... BOXZ), so the tiles can sit beside the standard A-Z "
                     "in a scenario's catalogues list")
    new.add_argument("--force", action="store_true", help="overwrite FILE if it exists")
    new.set_defaults(handler=run_new)

    diff = actions.add_parser(
        "diff", help="which tiles, sides and regions differ between two catalogues",
        description="Compare two catalogues: tiles only in one, sides missing, regions "
                    "added or removed, and terrain, symbols or shape changes (shapes are "
                    "compared as areas, so sectors and an equal polygon are the same). Exit "
                    "0 same, 1 different, 2 a file cannot be read or is not a catalogue.")
    diff.add_argument("first", type=Path, metavar="A")
    diff.add_argument("second", type=Path, metavar="B")
    diff.add_argument("--format", choices=("text", "json"), default="text")
    diff.set_defaults(handler=run_diff)


def _no_action(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return EXIT_ERROR


# --- check -----------------------------------------------------------------------------------

def run_check(args: argparse.Namespace) -> int:
    from editor.model.catalogue_check import check_catalogue_file
    from editor.model.errors import LoadError

    found: list[CatalogueDefect] = []
    unreadable: list[str] = []
    for path in args.files:
        try:
            found.extend(check_catalogue_file(path))
        except LoadError as exc:
            unreadable.append(str(exc))
    if args.format == "json":
        json.dump({"defects": [d.to_dict() for d in found],
                   "unreadable": unreadable}, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        for defect in found:
            print(ci_path(defect.one_line()))
        for line in unreadable:
            report(line)
        errors = sum(1 for d in found if d.severity == "error")
        files = len(args.files) - len(unreadable)  # checked; the others said why above
        lost = f"; {len(unreadable)} could not be read" if unreadable else ""
        print(f"{len(found)} defect{'s' if len(found) != 1 else ''} ({errors} "
              f"error{'s' if errors != 1 else ''}, {len(found) - errors} warning"
              f"{'s' if len(found) - errors != 1 else ''}) in {files} "
              f"file{'s' if files != 1 else ''}{lost}", file=sys.stderr)
    if unreadable:
        return EXIT_ERROR
    return EXIT_DEFECTS if found else EXIT_OK


# --- reading for show and diff ---------------------------------------------------------------

def _read_valid(path: Path) -> tuple[dict[str, Any], list[CatalogueDefect]] | None:
    """The catalogue's JSON and its defects; None (after reporting) when it cannot be read
    or does not match the schema (nothing sensible to draw or compare)."""
    from editor.model.catalogue_check import check_catalogue
    from editor.model.errors import LoadError
    from editor.model.jsonio import EMPTY_CATALOGUE_HINT, parse_json_text, read_json_text

    try:
        text = read_json_text(path)
        data = parse_json_text(text, str(path), empty_hint=EMPTY_CATALOGUE_HINT)
    except LoadError as exc:
        report(str(exc))
        return None
    defects = check_catalogue(data, text=text, shown=str(path))
    schema = [d for d in defects if d.code in ("C001", "C002")]
    if schema:
        for defect in schema:
            report(defect.one_line())
        report(f"{path}: not a catalogue; fix it first (realms catalogue check {path})")
        return None
    assert isinstance(data, dict)
    return data, defects


# --- show ------------------------------------------------------------------------------------

def run_show(args: argparse.Namespace) -> int:
    from editor.model.safe_write import WriteError, is_stream_target, write_bytes

    read = _read_valid(args.file)
    if read is None:
        return EXIT_ERROR
    data, defects = read
    tiles = data["tiles"]
    missing = [letter for letter in args.letters if letter not in tiles]
    if missing:
        known = " ".join(list(tiles)[:40]) + (" ..." if len(tiles) > 40 else "")
        report(f"{args.file}: no tile {', '.join(repr(m) for m in missing)}; "
               f"tiles: {display_text(known)}")
        return EXIT_ERROR
    kind = args.to or _kind_from_suffix(args.output)
    from editor.extras import qt_unavailable

    if (reason := qt_unavailable(f"the {kind.upper()} tile sheet")) is not None:
        report(f"realms catalogue show: {reason}")
        return EXIT_ERROR
    from editor.export.tile_sheet import render_sheet, sheet_tiles

    title = f"{data.get('name') or data.get('id')} ({data.get('id')})"
    count = len(args.letters) or len(tiles)
    subtitle = (f"{count} tile{'s' if count != 1 else ''} from {Path(args.file).name}: surface "
                "side left, underground right; region ids, terrains and printed symbols")
    image = render_sheet(sheet_tiles(data, list(args.letters)), kind,
                         display_text(title), display_text(subtitle))
    target = str(args.output)
    try:
        if target == "-":
            sys.stdout.buffer.write(image)
            sys.stdout.flush()
        else:
            write_bytes(args.output, image, force=args.force)
    except WriteError as exc:
        report(str(exc))
        return EXIT_ERROR
    if defects:
        report(f"{args.file}: {len(defects)} defect{'s' if len(defects) != 1 else ''}; "
               f"run `realms catalogue check {args.file}` for the list")
    if target != "-" and not is_stream_target(target):
        print(f"wrote {ci_path(target)} ({kind}, {count} tile{'s' if count != 1 else ''})",
              file=sys.stderr)
    return EXIT_OK


def _kind_from_suffix(path: Path) -> str:
    suffix = path.suffix.lower().lstrip(".")
    return suffix if suffix in IMAGE_KINDS else "png"


# --- new -------------------------------------------------------------------------------------

def skeleton(catalogue_id: str, name: str, prefix: str = "") -> dict[str, Any]:
    """26 tiles, each side one whole-hex region of a placeholder terrain, no symbols."""
    whole = [0, 1, 2, 3, 4, 5]
    tiles = {
        f"{prefix}{letter}": {
            "surface": [{"id": "s1", "terrain": SKELETON_TERRAIN, "sectors": whole}],
            "underground": [{"id": "u1", "terrain": SKELETON_TERRAIN, "sectors": whole}],
        }
        for letter in string.ascii_uppercase
    }
    return {"catalogue_version": 1, "id": catalogue_id, "name": name,
            "about": "Skeleton from `realms catalogue new`: every side is one whole-hex "
                     f"{SKELETON_TERRAIN} region until you transcribe the printed tile.",
            "tiles": tiles}


def run_new(args: argparse.Namespace) -> int:
    from editor.model.catalogue_check import check_catalogue
    from editor.model.jsonio import canonical_json
    from editor.model.safe_write import WriteError, write_text

    output: Path = args.output
    if output.is_dir():
        report(f"{output}: is a folder; name the file to write, e.g. {output / 'tiles.json'}")
        return EXIT_ERROR
    if output.exists() and not args.force:
        report(f"{output}: already exists; pass --force to overwrite it")
        return EXIT_ERROR
    data = skeleton(args.id, args.name, args.prefix)
    problems = check_catalogue(data)
    if problems:  # a bad --id, --name or --prefix: say which, write nothing
        for defect in problems:
            report(f"{output}: not written: {defect.message} (at {defect.json_path}); "
                   f"{defect.hint}")
        return EXIT_ERROR
    try:
        write_text(output, canonical_json(data), force=args.force)
    except WriteError as exc:
        report(str(exc))
        return EXIT_ERROR
    print(f"wrote {ci_path(output)}: 26 tiles ({args.prefix}A-{args.prefix}Z), each side one "
          f"whole-hex {SKELETON_TERRAIN} region", file=sys.stderr)
    return EXIT_OK


# --- diff ------------------------------------------------------------------------------------

def _diff_names(first: Path, second: Path) -> tuple[str, str]:
    """How a change names the two files: by file name, or as typed when the names match
    (the line is made safe to print as a whole, :func:`display_text`)."""
    if first.name != second.name:
        return first.name, second.name
    return str(first), str(second)


def run_diff(args: argparse.Namespace) -> int:
    from editor.model.catalogue_diff import diff_catalogues

    first, second = _read_valid(args.first), _read_valid(args.second)
    if first is None or second is None:
        return EXIT_ERROR
    changes = diff_catalogues(first[0], second[0])
    if args.format == "json":
        json.dump({"a": str(args.first), "b": str(args.second),
                   "same": not changes, "changes": [c.to_dict() for c in changes]},
                  sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        names = _diff_names(args.first, args.second)
        for change in changes:
            print(display_text(change.one_line(*names)))
        if changes:
            print(f"{len(changes)} difference{'s' if len(changes) != 1 else ''} between "
                  f"{ci_path(args.first)} and {ci_path(args.second)}", file=sys.stderr)
        else:
            print(f"{ci_path(args.first)} and {ci_path(args.second)} describe the same tiles",
                  file=sys.stderr)
    return EXIT_DEFECTS if changes else EXIT_OK
