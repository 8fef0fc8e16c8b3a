"""The ``realms`` command: a thin dispatcher over subcommand modules.

Each subcommand lives in its own module exposing ``register(subparsers)``; the
module is imported only to build the parser, and heavy work is imported inside
the handler so ``realms lint --help`` stays fast and never touches Qt. A command line
that names a subcommand first imports only that subcommand's module (``cmd_<name>``);
``--version`` imports none. ``tests/perf/test_cli_imports.py`` keeps it so.
"""

from __future__ import annotations

import sys

from editor import __version__
from editor.cli.pipes import (
    EXIT_STREAM,
    OutputLost,
    closed_at_start,
    guarded_streams,
    hold_closed_descriptors,
    say,
    silence_stdout,
)

TYPE_CHECKING = False  # typing costs a CLI start milliseconds; mypy reads the block
if TYPE_CHECKING:  # argparse and the parser load when a parser is built, not for --version
    import argparse
    from collections.abc import Sequence

    from editor.cli.parser import RealmsArgumentParser

# Order is the order shown by ``realms --help``.
SUBCOMMAND_MODULES: tuple[str, ...] = (
    "editor.cli.cmd_edit",
    "editor.cli.cmd_lint",
    "editor.cli.cmd_derive",
    "editor.cli.cmd_balance",
    "editor.cli.cmd_playtest",
    "editor.cli.cmd_export",
    "editor.cli.cmd_realise",
    "editor.cli.cmd_generate",
    "editor.cli.cmd_import",
    "editor.cli.cmd_format",
    "editor.cli.cmd_new",
    "editor.cli.cmd_site",
    "editor.cli.cmd_catalogue",
    "editor.cli.cmd_clean",
    "editor.cli.cmd_migrate",
    "editor.cli.cmd_lsp",
    "editor.cli.cmd_rule",
)


def build_parser() -> RealmsArgumentParser:
    """The parser of every landed subcommand (help, errors and suggestions need it)."""
    return _build(None)


def _build(only: str | None) -> RealmsArgumentParser:
    """The parser of every landed subcommand, or of only the one named ``only`` (its
    module is ``cmd_<only>``)."""
    import importlib

    from editor.cli.parser import RealmsArgumentParser

    parser = RealmsArgumentParser(
        prog="realms",
        description="Realms Studio: edit, derive, lint and export Small World Realms scenarios.",
    )
    parser.add_argument("--version", action="version", version=f"realms-studio {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    modules = SUBCOMMAND_MODULES
    if only is not None:
        modules = tuple(m for m in modules if m.rpartition(".")[2] == f"cmd_{only}")
    for module_name in modules:
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
    """Run one command; a failed standard stream makes it exit 2 with one line on stderr,
    whatever the command would have returned, while a reader that went away (a closed
    pipe) changes nothing but the output it gets (editor/cli/pipes.py)."""
    closed = closed_at_start()
    if closed:  # >&- or 2>&-: refused before the command touches anything
        hold_closed_descriptors()
        say(f"{' and '.join(closed)} {'is' if len(closed) == 1 else 'are'} closed; "
            "nothing was done")
        return EXIT_STREAM
    guards = None
    try:
        with guarded_streams() as guards:  # also covers --help and usage errors
            status = _run(list(sys.argv[1:] if argv is None else argv))
    except Terminated:
        print("realms: stopped by SIGTERM", file=sys.stderr)
        return 128 + 15
    except KeyboardInterrupt:
        print("realms: interrupted", file=sys.stderr)
        return 130
    except OutputLost:
        status = EXIT_STREAM
    except BrokenPipeError:  # a write that bypassed the guard: the output is lost
        silence_stdout()
        say("cannot write to standard output: it was closed by its reader (broken pipe)")
        return EXIT_STREAM
    finally:
        if argv is None:  # `realms` and `python -m editor`: the process exits next
            _skip_final_collection()
    if guards is not None and guards.failure is not None:
        if guards.stderr_works:
            say(guards.failure)
        return EXIT_STREAM
    return status


def _skip_final_collection() -> None:
    """Freeze what is alive out of the garbage collector's last pass at exit, which walks
    every object (the catalogue, the schemas, a lint run's findings: about 50 ms of CPU
    after linting 1,000 files, serial time of every run) just before the operating system
    frees them all. Not once Qt is loaded: the editor's teardown at exit stays as it was."""
    if "PySide6" not in sys.modules:
        import gc

        gc.freeze()


def _parser_for(arguments: list[str]) -> RealmsArgumentParser:
    """The smallest parser that parses ``arguments`` exactly as the full one would."""
    first = arguments[0] if arguments else ""
    if first and not first.startswith("-"):
        parser = _build(only=first)
        if parser.subcommand(first) is not None:
            return parser
    return build_parser()


def _run(arguments: list[str]) -> int:
    if arguments[:1] == ["--version"]:  # what argparse's version action prints, sooner
        print(f"realms-studio {__version__}")
        return 0
    parser = _parser_for(arguments)
    args, extras = parser.parse_known_args(arguments)
    if extras:
        blamed = _blamed_parser(parser, args, arguments, extras)
        from editor.cli.parser import unrecognized_message

        blamed.error(unrecognized_message(blamed, extras))
    handler = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return 2
    if getattr(args, "command", None) in OWN_SIGTERM:
        return int(handler(args))
    with _SigtermUnwinds():
        return int(handler(args))


# Commands that keep SIGTERM's default: the editor's Qt loop would run a Python handler
# only at its next timer, and the language server ends with its client.
OWN_SIGTERM = frozenset({"edit", "lsp", "server"})


class Terminated(KeyboardInterrupt):
    """SIGTERM (``kill``, a CI job's timeout) unwound the way Ctrl+C is: worker pools are
    stopped and partial outputs dropped; the command then says so and exits 128 + 15."""


def _terminate(_signum: int, _frame: object) -> None:
    raise Terminated()


class _SigtermUnwinds:
    """Turn SIGTERM into :class:`Terminated` while a command runs (the main thread only:
    a signal handler cannot be set from another)."""

    def __enter__(self) -> None:
        import signal
        import threading

        self.previous = None
        if threading.current_thread() is threading.main_thread():
            self.previous = signal.signal(signal.SIGTERM, _terminate)

    def __exit__(self, *_exc: object) -> None:
        import signal

        if self.previous is not None:
            signal.signal(signal.SIGTERM, self.previous)


if __name__ == "__main__":
    raise SystemExit(main())
