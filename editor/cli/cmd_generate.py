"""``realms generate --players N``: a balanced realm found by search (0 lint errors and 0
warnings with the default thresholds). Same arguments and seed: same bytes. See
docs/generate.md."""

from __future__ import annotations

import argparse
import random
import sys
from typing import Any

from editor.cli.cmd_playtest import _positive as whole_number  # (--games' own check)
from editor.cli.cmd_realise import seed_value
from editor.cli.common import EXIT_ERROR, EXIT_FINDINGS, EXIT_OK
from editor.escaping import ci_path

WORLDS = ("surface", "underground", "both")


def tile_list(text: str) -> list[str]:
    letters = [t.strip().upper() for t in text.split(",") if t.strip()]
    if not letters:
        raise argparse.ArgumentTypeError("give tile letters separated by commas, e.g. A,B,C")
    repeated = sorted({t for t in letters if letters.count(t) > 1})
    if repeated:
        raise argparse.ArgumentTypeError(
            f"tile {', '.join(repeated)} is listed twice; each letter is one piece")
    return letters


def player_count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a player count") from None
    if not 2 <= value <= 6:
        raise argparse.ArgumentTypeError(f"{value}: Small World is for 2-6 players")
    return value


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "generate", help="search for a balanced realm and write it as a scenario",
        description="Search tiles, sides, rotations, positions and mountains for a realm "
                    "that meets every default `realms lint` threshold (0 errors, 0 warnings) "
                    "and has the shape of a booklet board at that player count (an interior, "
                    "few chokepoints, no tile hanging by one edge), and write it. See "
                    "docs/generate.md.")
    parser.add_argument("--players", type=player_count, required=True, metavar="N",
                        help="player count, 2-6")
    parser.add_argument("--world", choices=WORLDS, default="surface",
                        help="surface, underground, or both linked by tunnels "
                             "(default: surface)")
    parser.add_argument("--seed", type=seed_value, default=None, metavar="S",
                        help="random seed; the same seed gives the same file (default: a "
                             "fresh one, printed so the result can be made again)")
    parser.add_argument("--tiles", type=tile_list, default=None, metavar="A,B,...",
                        help="use only these tile letters (default: all 26)")
    parser.add_argument("-o", "--output", required=True, metavar="OUT",
                        help="the scenario file to write, or - for stdout")
    parser.add_argument("--force", action="store_true", help="overwrite OUT if it exists")
    parser.add_argument("--playtest", type=whole_number, default=None, metavar="G",
                        help="play G greedy games of each of several candidates (seeds S, "
                             "S+1, ...) in smawg and keep the fairest (needs smawg)")
    parser.add_argument("--candidates", type=whole_number, default=None, metavar="K",
                        help="how many candidates --playtest plays (default: 4)")
    parser.set_defaults(handler=run)



def run(args: argparse.Namespace) -> int:
    from editor.generate.output import write_scenario
    from editor.generate.search import GenerateError, generate

    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
    if args.candidates is not None and args.playtest is None:
        print("realms generate: --candidates goes with --playtest G", file=sys.stderr)
        return EXIT_ERROR
    try:
        if args.playtest is not None:
            kept = _playtested(args, seed)
            if kept is None:
                return EXIT_ERROR
            result, seed = kept
        else:
            result = generate(args.players, args.world, seed, args.tiles)
    except GenerateError as exc:
        print(f"realms generate: {exc}", file=sys.stderr)
        return EXIT_ERROR
    if result.errors or result.warnings:
        print(f"realms generate: no realm without lint findings found for {args.players} "
              f"players on the {args.world} with seed {seed} ({result.errors} error(s), "
              f"{len(result.warnings)} warning(s) in the best); try another seed or more "
              "tiles", file=sys.stderr)
        return EXIT_FINDINGS
    if not write_scenario(result.data, args.output, args.force, "generate"):
        return EXIT_ERROR
    if args.output != "-":
        tiles = sum(len(b["tiles"]) for b in result.data["boards"])
        print(f"wrote {ci_path(args.output)}: {tiles} tiles, {args.world}, {args.players} "
              f"players, seed {seed} ({result.seconds:.2f} s)")
    if result.flags:  # lint-clean, but the balance standard flags it (the closest try)
        print(f"realms generate: note: the balance standard flags at {args.players} "
              f"players: {', '.join(result.flags)} (the closest of the tries; `realms "
              "balance` says what to change, or try another seed)", file=sys.stderr)
    return EXIT_OK


def _playtested(args: argparse.Namespace, seed: int) -> tuple[Any, int] | None:
    """The fairest candidate by playtest and its seed (None: smawg is missing, said)."""
    from editor.generate.playtested import CANDIDATES, fairest
    from editor.play.engine import SmawgMissing

    try:
        best, played = fairest(args.players, args.world, seed, args.tiles, args.playtest,
                               args.candidates or CANDIDATES)
    except SmawgMissing as exc:
        print(f"realms generate: {exc}", file=sys.stderr)
        return None
    for c in played:
        mark = "kept" if c is best else "    "
        print(f"realms generate: {mark} seed {c.seed}: {len(c.generated.flags)} flag(s), "
              f"seat spread {c.spread:.3f}, never conquered {c.unconquered:.3f} "
              f"({args.playtest} greedy games)", file=sys.stderr)
    return best.generated, best.seed
