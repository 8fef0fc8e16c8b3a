"""``realms derive FILE``: print the graph of play derived from a scenario's geometry."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from editor.cli.common import EXIT_ERROR, EXIT_OK, load_or_report, player_counts


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "derive", help="print the graph of play (regions, adjacency, holes) of a scenario",
        description="Derive regions, adjacency, board edges, coasts, holes and links from a "
                    "scenario's tiles and markers. JSON output is sorted and stable "
                    "(see docs/derive.md).")
    parser.add_argument("file", type=Path, help="a *.realm.json file")
    parser.add_argument("--players", type=int, metavar="N",
                        help="one player count (default: every count the scenario supports)")
    parser.add_argument("--format", choices=("json", "graphml", "dot"), default="json")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from editor.topology import derive_realm
    from editor.topology.derive_text import derive_pieces
    from editor.topology.serialize import realms_to_dot, realms_to_graphml

    loaded = load_or_report(args.file)
    if loaded is None:
        return EXIT_ERROR
    counts = player_counts(loaded, args.players)
    if counts is None:
        return EXIT_ERROR
    realms = [derive_realm(loaded, n) for n in counts]
    if args.format == "json":
        for piece in derive_pieces(loaded.scenario.title, str(args.file), realms):
            sys.stdout.write(piece)
        sys.stdout.write("\n")  # a write of its own: a reader gone by now is seen (exit 2)
    else:
        # One document however many counts: GraphML holds a <graph> per count, DOT a
        # graph per count with the count in its name.
        writer = realms_to_graphml if args.format == "graphml" else realms_to_dot
        sys.stdout.write(writer(realms))
    return EXIT_OK
