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

# Order is the order shown by ``realms --help``.
SUBCOMMAND_MODULES: tuple[str, ...] = (
    "editor.cli.cmd_edit",
    "editor.cli.cmd_lint",
    "editor.cli.cmd_derive",
    "editor.cli.cmd_export",
    "editor.cli.cmd_import",
    "editor.cli.cmd_format",
    "editor.cli.cmd_new",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
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


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    handler = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return 2
    try:
        return int(handler(args))
    except KeyboardInterrupt:
        print("realms: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
