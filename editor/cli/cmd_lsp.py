"""``realms lsp``: the language server for scenario files, over stdin and stdout (see
docs/lsp.md). Qt-free; imports the lint engine only when a document is opened."""

from __future__ import annotations

import argparse
from typing import Any


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "lsp", aliases=["server"],
        help="run the language server for scenario files (lint as you type) on stdio",
        description="A Language Server Protocol server on stdin/stdout: editors (VS Code, "
                    "Neovim, ...) start it and show `realms lint`'s findings as you type, "
                    "with the same codes, positions, messages and settings, hover on region ids "
                    "and tile letters, and quick fixes (did-you-mean, a lint.ignore entry). "
                    "See docs/lsp.md.")
    parser.add_argument("--stdio", action="store_true",
                        help="talk over stdin/stdout (the default and only transport; "
                             "accepted because editors often pass it)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from editor.lsp.server import serve_stdio

    return serve_stdio()
