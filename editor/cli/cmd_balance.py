"""``realms balance FILE``: a realm's balance metrics judged by the balance standard.

Text and JSON never import Qt; the HTML page draws the printable board (Qt, offscreen)
when the scenario has geometry, and a pure-SVG graph of play otherwise. Output files are
written through :mod:`editor.model.safe_write`, names printed through :mod:`editor.escaping`.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from editor.cli.common import (
    EXIT_ERROR,
    EXIT_OK,
    load_or_report,
    overwrites_input,
    player_counts,
    replaces_a_scenario,
    report,
    write_output,
)
from editor.escaping import ci_path

if TYPE_CHECKING:
    from editor.model.scenario_io import LoadedScenario
    from editor.topology.realm import Realm

SOURCES = ("scenario", "smawg", "cestpasphoto", "engine")


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "balance", help="balance metrics of a realm judged by the balance standard",
        description="Measure a realm's graph of play (tallies, entry regions, distances from "
                    "the edge, chokepoints, land masses, degrees, diameter) and judge each "
                    "metric by the balance standard (bands from the booklet's boards at each "
                    "player count, the base game's where a metric transfers, the booklet's "
                    "rules), with what to change for each flag. See docs/balance.md.")
    parser.add_argument("file", type=Path, help="a *.realm.json file (or a board, see --from)")
    parser.add_argument("--players", type=int, metavar="N",
                        help="one player count (default: every count the scenario supports)")
    parser.add_argument("--format", choices=("text", "json", "html"), default="text")
    parser.add_argument("-o", "--output", type=Path, metavar="OUT",
                        help="write the report to OUT instead of standard output")
    parser.add_argument("--from", dest="source", choices=SOURCES, default="scenario",
                        metavar="FORMAT",
                        help="read FILE as a scenario (default) or as a smawg, cestpasphoto "
                             "or engine board, like `realms import`")
    parser.set_defaults(handler=run)


def _load(args: argparse.Namespace) -> LoadedScenario | None:
    if args.source == "scenario":
        return load_or_report(args.file)
    from editor.export.importers import ImportFailed, import_scenario
    from editor.model.errors import LoadError
    from editor.model.scenario_io import parse_scenario

    try:
        text = import_scenario(args.file, args.source, args.players)
        return parse_scenario(text, str(args.file))
    except ImportFailed as exc:
        report(str(exc))
    except LoadError as exc:
        report(str(exc))
    return None


def _board_svg(loaded: LoadedScenario, realm: Realm) -> bytes | None:
    """The printable board as SVG (the export's own writer), or None for a board without
    geometry or when it cannot be drawn (no Qt: the report still has every figure)."""
    if not any(r.polygon is not None for r in realm.regions.values()):
        return None
    from editor.export import ExportError, export_realm

    try:
        return export_realm(loaded, realm, "svg")
    except ExportError as exc:  # a missing picture must not lose the report
        print(f"realms balance: note: no board picture ({exc})", file=sys.stderr)
        return None


def run(args: argparse.Namespace) -> int:
    from editor.analysis.metrics import measure
    from editor.analysis.report import json_report, make_report, text_report
    from editor.analysis.standard import load_standard
    from editor.topology import derive_realm

    loaded = _load(args)
    if loaded is None:
        return EXIT_ERROR
    counts = player_counts(loaded, args.players)
    if counts is None:
        return EXIT_ERROR
    bands = load_standard()
    realms = [derive_realm(loaded, n) for n in counts]
    reports = [make_report(measure(realm), bands) for realm in realms]
    title, source = loaded.scenario.title, str(args.file)
    dynamic = loaded.scenario.built_during_play
    if args.format == "text":
        output = text_report(title, source, reports, bands, dynamic)
    elif args.format == "json":
        output = json.dumps(json_report(title, source, reports, bands, dynamic), indent=2,
                            sort_keys=True, ensure_ascii=False) + "\n"
    else:
        from editor.analysis.html_report import html_report

        items = [(realm, rep, _board_svg(loaded, realm))
                 for realm, rep in zip(realms, reports, strict=True)]
        output = html_report(title, source, items, bands, dynamic)
    if args.output is None or str(args.output) == "-":
        sys.stdout.write(output)
        return EXIT_OK
    if overwrites_input(args.output, args.file, can_force=False) \
            or replaces_a_scenario(args.output):
        return EXIT_ERROR
    if not write_output(args.output, output):
        return EXIT_ERROR
    print(ci_path(args.output))
    return EXIT_OK
