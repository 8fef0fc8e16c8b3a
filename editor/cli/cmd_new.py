"""``realms new``: start a scenario from a bundled template.

A new file starts valid and canonical, so a designer's first ``realms lint`` or
``realms format --check`` is about their own work, not about boilerplate.
Templates live in ``scenarios/templates/`` as ordinary scenario files, so they
are checked like every other shipped scenario.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from editor.cli.common import report
from editor.escaping import ci_path
from editor.model.templates import WORLDS

MIN_PLAYERS, MAX_PLAYERS = 2, 6
EXIT_OK = 0
EXIT_ERROR = 2


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "new",
        help="write a new scenario from a template",
        description=(
            "Write a new, valid scenario from one of the bundled templates "
            "(blank-surface, blank-underground, blank-both: --world), with no tiles yet."
        ),
    )
    parser.add_argument("-o", "--output", required=True, type=Path, metavar="OUT.realm.json",
                        help="file to write")
    parser.add_argument("--players", type=player_range, metavar="MIN-MAX",
                        help="player counts, e.g. 2-4 or 3 (default: the template's, 2-6)")
    parser.add_argument("--world", choices=WORLDS, default="surface",
                        help="which boards to start with (default: surface)")
    parser.add_argument("--title", type=title_text, help="scenario title")
    parser.add_argument("--force", action="store_true",
                        help="overwrite OUT if it exists (even when read-only)")
    parser.set_defaults(handler=run)


def player_range(text: str) -> tuple[int, int]:
    """Parse ``MIN-MAX`` or ``N`` into a checked range (argparse turns errors into usage lines)."""
    low_text, dash, high_text = text.partition("-")
    try:
        low = int(low_text)
        high = int(high_text) if dash else low
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a player range; write MIN-MAX such as 2-4") from None
    if not (MIN_PLAYERS <= low <= high <= MAX_PLAYERS):
        raise argparse.ArgumentTypeError(
            f"{text!r}: players must satisfy {MIN_PLAYERS} <= MIN <= MAX <= {MAX_PLAYERS}")
    return (low, high)


def title_text(text: str) -> str:
    stripped = text.strip()
    if not 1 <= len(stripped) <= 200:
        raise argparse.ArgumentTypeError("a title has 1 to 200 characters")
    return stripped


def run(args: argparse.Namespace) -> int:
    from editor.model.errors import LoadError
    from editor.model.safe_write import WriteError, write_text
    from editor.model.scenario_io import parse_scenario, scenario_text
    from editor.model.templates import scenario_from_template
    from editor.project import SCENARIO_SCHEMA_URL

    output: Path = args.output
    shown = ci_path(output)
    if output.is_dir():
        print(f"{shown}: is a folder; name the file to write, e.g. "
              f"{ci_path(output / 'my.realm.json')}", file=sys.stderr)
        return EXIT_ERROR
    if output.exists() and not args.force:
        print(f"{shown}: already exists; choose another name or pass --force to overwrite it",
              file=sys.stderr)
        return EXIT_ERROR
    try:
        scenario = scenario_from_template(args.world, args.players, args.title)
        # JSON editors then validate and complete the file with no setup (docs/lsp.md).
        scenario.sections["$schema"] = SCENARIO_SCHEMA_URL
        text = scenario_text(scenario)
        # Re-check the result with every load-time check before anything is written.
        parse_scenario(text, str(output), output.parent)
        write_text(output, text, force=args.force)
    except LoadError as exc:
        report(str(exc))
        return EXIT_ERROR
    except WriteError as exc:
        print(f"{shown}: cannot write: {exc.reason}", file=sys.stderr)
        return EXIT_ERROR
    except OSError as exc:
        print(f"{shown}: cannot write: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_ERROR
    if not output.name.endswith(".realm.json"):
        print(f"note: {shown} does not end in .realm.json; `realms format FOLDER` and "
              "`realms lint FOLDER` only look for *.realm.json", file=sys.stderr)
    lo, hi = scenario.players_min, scenario.players_max
    print(f"wrote {shown}: {scenario.title!r}, {args.world}, {lo}-{hi} players, no tiles yet")
    print(f"next: place tiles with `realms edit {shown}`; until then "
          "`realms lint` reports the empty boards (G011)")
    return EXIT_OK
