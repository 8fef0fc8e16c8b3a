"""``realms lsp``: the language server for scenario files, over stdin and stdout (see
docs/lsp.md). Qt-free; pygls and lsprotocol are imported only when the server starts, so
``realms lint`` and ``realms derive`` never load them."""

from __future__ import annotations

import argparse
import sys
from typing import Any

MISSING = ("realms lsp: the language server needs pygls and lsprotocol, which are not "
           "installed ({name} is missing); install them with "
           "`pip install 'pygls>=2.1,<3' 'lsprotocol>=2025'` in the environment realms "
           "runs from, or reinstall realms-studio")


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "lsp", aliases=["server"],
        help="run the language server for scenario files (lint as you type) on stdio",
        description="A Language Server Protocol server on stdin/stdout: editors (VS Code, "
                    "Neovim, ...) start it and show `realms lint`'s findings as you type, "
                    "with the same codes, positions, messages and settings, hover on region ids "
                    "and tile letters, formatting as `realms format` does, and quick fixes "
                    "(did-you-mean, a lint.ignore entry, fix all). See docs/lsp.md.")
    parser.add_argument("--stdio", action="store_true",
                        help="talk over stdin/stdout (the default and only transport; "
                             "accepted because editors often pass it)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    try:
        import lsprotocol.types  # noqa: F401
        import pygls.lsp.server  # noqa: F401
    except ImportError as exc:
        print(MISSING.format(name=exc.name or "a module"), file=sys.stderr)
        return 2
    from editor.lsp.server import serve_stdio

    return serve_stdio()
