"""``realms realise FILE --players N --seed S -o OUT``: one concrete board of a scenario
built during play (booklet scenario 9), by playing the building rules its ``dynamic``
section records. Same file, count, world and seed: same bytes. See docs/generate.md."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from editor.cli.common import (
    EXIT_ERROR,
    EXIT_FINDINGS,
    EXIT_OK,
    load_or_report,
    overwrites_input,
)
from editor.escaping import ci_path

WORLDS = ("surface", "underground", "both")


def seed_value(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 0 <= value <= 2**63 - 1:
        raise argparse.ArgumentTypeError(f"{text}: a seed is between 0 and 2**63-1")
    return value


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "realise", help="play a built-during-play scenario's building rules to one board",
        description="Write a concrete, lint-clean scenario for one player count by playing "
                    "the building rules of a scenario built during play (its 'dynamic' "
                    "section). The same seed gives the same file. See docs/generate.md.")
    parser.add_argument("file", type=Path, help="a *.realm.json file built during play")
    parser.add_argument("--players", type=int, required=True, metavar="N",
                        help="player count")
    parser.add_argument("--seed", type=seed_value, required=True, metavar="S",
                        help="random seed (a whole number)")
    parser.add_argument("--world", choices=WORLDS, default=None,
                        help="which boards to build (default: the first of surface, "
                             "underground, both that the box's pieces allow)")
    parser.add_argument("-o", "--output", required=True, metavar="OUT",
                        help="the scenario file to write, or - for stdout")
    parser.add_argument("--force", action="store_true", help="overwrite OUT if it exists")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from editor.generate.output import write_scenario
    from editor.generate.realise import RealiseError, realise

    loaded = load_or_report(args.file)
    if loaded is None:
        return EXIT_ERROR
    shown = ci_path(args.file)
    try:
        result = realise(loaded, args.players, args.seed, args.world)
    except RealiseError as exc:
        print(f"{shown}: cannot realise: {exc}", file=sys.stderr)
        return EXIT_ERROR
    if result.errors:
        print(f"{shown}: no lint-clean board found for {args.players} players with seed "
              f"{args.seed} ({result.errors} lint error(s) left); try another seed or "
              "--world both", file=sys.stderr)
        for note in result.notes:
            print(f"{shown}: {note}", file=sys.stderr)
        return EXIT_FINDINGS
    if overwrites_input(args.output, args.file, args.force):
        return EXIT_ERROR
    if not write_scenario(result.data, args.output, args.force, "realise"):
        return EXIT_ERROR
    for warning in result.warnings:
        print(f"{shown}: warning: {ci_path(warning)}", file=sys.stderr)
    if args.output != "-":
        tiles = sum(len(b["tiles"]) for b in result.data["boards"])
        print(f"wrote {ci_path(args.output)}: {tiles} tiles, {result.world}, "
              f"{args.players} players, seed {args.seed}")
    if result.flags:  # the building rules decide the board; say what the standard flags
        print(f"{shown}: note: the balance standard flags at {args.players} players: "
              f"{', '.join(result.flags)} (`realms balance` says what to change)",
              file=sys.stderr)
    return EXIT_OK
