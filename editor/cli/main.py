"""The ``realms`` command: a thin dispatcher over subcommand modules.

Each subcommand lives in its own module exposing ``register(subparsers)``; the
module is imported only to build the parser, and heavy work is imported inside
the handler so ``realms lint --help`` stays fast and never touches Qt.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from editor import __version__
from editor.cli.parser import RealmsArgumentParser, unrecognized_message
from editor.cli.pipes import quiet_closed_pipes, silence_stdout

# Order is the order shown by ``realms --help``.
SUBCOMMAND_MODULES: tuple[str, ...] = (
    "editor.cli.cmd_edit",
    "editor.cli.cmd_lint",
    "editor.cli.cmd_derive",
    "editor.cli.cmd_balance",
    "editor.cli.cmd_export",
    "editor.cli.cmd_realise",
    "editor.cli.cmd_generate",
    "editor.cli.cmd_import",
    "editor.cli.cmd_format",
    "editor.cli.cmd_new",
    "editor.cli.cmd_site",
    "editor.cli.cmd_catalogue",
)
# Python exits 1 when a closed pipe escapes; findings must never become 0.
EXIT_CLOSED_PIPE = 1


def build_parser() -> RealmsArgumentParser:
    parser = RealmsArgumentParser(
        prog="realms",
        description="Realms Studio: edit, derive, lint and export Small World Realms scenarios.",
    )
    parser.add_argument("--version", action="version", version=f"realms-studio {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module_name in SUBCOMMAND_MODULES:
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name != module_name:
                raise
            continue  # subcommand not landed yet
        module.register(subparsers)
    return parser


def _blamed_parser(parser: RealmsArgumentParser, args: argparse.Namespace,
                   argv: Sequence[str], extras: Sequence[str]) -> argparse.ArgumentParser:
    """The subcommand's parser when the unknown arguments follow its name, else the top one."""
    command = getattr(args, "command", None)
    if not isinstance(command, str) or command not in argv:
        return parser
    chosen = parser.subcommand(command)
    if chosen is None:
        return parser
    return chosen if list(argv).index(command) < list(argv).index(extras[0]) else parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        with quiet_closed_pipes():  # also covers --help and usage errors
            return _run(list(sys.argv[1:] if argv is None else argv))
    except KeyboardInterrupt:
        print("realms: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # a write that bypassed the guard: the verdict is lost
        silence_stdout()
        return EXIT_CLOSED_PIPE


def _run(arguments: list[str]) -> int:
    parser = build_parser()
    args, extras = parser.parse_known_args(arguments)
    if extras:
        blamed = _blamed_parser(parser, args, arguments, extras)
        blamed.error(unrecognized_message(blamed, extras))
    handler = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return 2
    return int(handler(args))


if __name__ == "__main__":
    raise SystemExit(main())
