"""``realms playtest FILE --players N``: games played to the end in smawg by bots.

Text and JSON never import Qt; only a PNG heat map does. smawg is optional: without it the
command stops at once with exit 2 and the install line (:mod:`editor.play.engine`).
Output files are written through :mod:`editor.model.safe_write`.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from editor.cli.cmd_realise import seed_value
from editor.cli.common import (
    EXIT_ERROR,
    EXIT_OK,
    cannot_write,
    load_or_report,
    overwrites_input,
    replaces_a_scenario,
    report,
    write_output,
)
from editor.escaping import ci_path

BOT_NAMES = ("random", "greedy")
HEATMAP_SUFFIXES = (".svg", ".png")


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text}: needs at least 1")
    return value


# 400 games give intervals of a few per cent; a million, about a hundred times narrower. A
# count beyond any use (10**12) would only fill the memory with the run's plan.
MAX_GAMES = 1_000_000


def _games(text: str) -> int:
    value = _positive(text)
    if value > MAX_GAMES:
        raise argparse.ArgumentTypeError(f"{text}: at most {MAX_GAMES:,} games a run")
    return value


def _bots(text: str) -> str:
    names = [n.strip() for n in text.split(",")]
    for name in names:
        if name not in BOT_NAMES:
            raise argparse.ArgumentTypeError(
                f"unknown bot {name!r}; use {' or '.join(BOT_NAMES)}, or one per player "
                "separated by commas")
    return ",".join(names)


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "playtest", help="play a realm to the end in the smawg engine with bots, many times",
        description="Play G games of the realm in the real smawg engine (the 'play' extra), "
                    "with the scenario's rules, using this project's bots: combos are "
                    "shuffled each game and bots rotate seats. Reports each seat's win rate "
                    "and mean score, the spread between seats, the first player's advantage, "
                    "regions never conquered, entry regions used, turns to the first contact "
                    "and conquests per region, each with a 95 % interval. See "
                    "docs/playtest.md.")
    parser.add_argument("file", type=Path, help="a *.realm.json file")
    parser.add_argument("--players", type=int, metavar="N", required=True,
                        help="the player count to play")
    parser.add_argument("--games", type=_games, default=400, metavar="G",
                        help=f"games to play (default 400, at most {MAX_GAMES:,})")
    parser.add_argument("--seed", type=seed_value, default=1, metavar="S",
                        help="the run's seed: the same seed plays the same games (default 1)")
    parser.add_argument("--jobs", type=_positive, default=1, metavar="J",
                        help="worker processes (default 1); the result does not depend on it")
    parser.add_argument("--bot", type=_bots, default="random", metavar="NAME",
                        help="random (default) or greedy for every seat, or one per player "
                             "separated by commas (greedy,random,random); bots rotate seats")
    parser.add_argument("--format", choices=("text", "json", "html"), default="text")
    parser.add_argument("-o", "--output", type=Path, metavar="OUT",
                        help="write the report to OUT instead of standard output")
    parser.add_argument("--heatmap", type=Path, metavar="FILE",
                        help="also draw conquests per region on the board, to FILE.svg or "
                             "FILE.png (PNG needs the 'gui' extra)")
    parser.set_defaults(handler=run)


def _progress_bar(done: int, total: int) -> None:
    width = 30
    filled = width * done // max(total, 1)
    sys.stderr.write(f"\rrealms playtest: [{'#' * filled}{'.' * (width - filled)}] "
                     f"{done}/{total} games")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def _heatmap_bytes(path: Path, svg: str) -> bytes | None:
    if path.suffix.lower() == ".svg":
        return svg.encode("utf-8")
    from editor.extras import qt_unavailable

    if (reason := qt_unavailable("a PNG heat map")) is not None:
        report(f"realms playtest: {reason}; write an SVG heat map instead")
        return None
    from editor.play.heatmap import heatmap_png

    return heatmap_png(svg)


def run(args: argparse.Namespace) -> int:
    from editor.play.engine import PlayError, SmawgMissing, require_smawg

    try:
        require_smawg()
    except SmawgMissing as exc:
        report(str(exc))
        return EXIT_ERROR
    heatmap = args.heatmap
    if heatmap is not None and heatmap.suffix.lower() not in HEATMAP_SUFFIXES:
        report(f"{heatmap}: --heatmap writes .svg or .png; name the file with one of them")
        return EXIT_ERROR
    for out in (args.output, heatmap):
        if out is not None and overwrites_input(out, args.file, can_force=False):
            return EXIT_ERROR
        if out is not None and (replaces_a_scenario(out) or cannot_write(out)):
            # now, not after every game is played
            return EXIT_ERROR
    loaded = load_or_report(args.file)
    if loaded is None:
        return EXIT_ERROR
    counts = loaded.scenario.player_counts
    if args.players not in counts:
        report(f"{args.file}: --players {args.players} is outside this scenario's "
               f"{counts[0]}-{counts[-1]} players")
        return EXIT_ERROR
    bots = args.bot.split(",")
    if len(bots) not in (1, args.players):
        report(f"realms playtest: --bot names {len(bots)} bots for {args.players} players; "
               "name one bot, or one per player")
        return EXIT_ERROR
    from editor.play.playtest import playtest
    from editor.play.report import html_report, json_report, text_report
    from editor.topology import derive_realm

    realm = derive_realm(loaded, args.players)
    progress = _progress_bar if sys.stderr.isatty() else None
    try:
        result = playtest(realm, args.players, args.games, args.seed, bots, args.jobs, progress)
    except PlayError as exc:
        report(f"{args.file}: {args.players} players: {exc}")
        return EXIT_ERROR
    svg = None
    if heatmap is not None or args.format == "html":
        from editor.play.heatmap import heatmap_svg

        svg = heatmap_svg(realm, result)
    if args.format == "text":
        output = text_report(result)
    elif args.format == "json":
        output = json_report(result)
    else:
        output = html_report(result, svg)
    written: list[Path] = []
    if heatmap is not None and svg is not None:
        data = _heatmap_bytes(heatmap, svg)
        if data is None or not write_output(heatmap, data):
            return EXIT_ERROR
        written.append(heatmap)
    if args.output is None or str(args.output) == "-":
        sys.stdout.write(output)
        for path in written:
            print(f"realms playtest: heat map written to {ci_path(path)}", file=sys.stderr)
        return EXIT_OK
    if not write_output(args.output, output):
        return EXIT_ERROR
    for path in (*written, args.output):
        print(ci_path(path))
    return EXIT_OK
