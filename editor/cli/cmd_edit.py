"""``realms edit [FILE]``: open the editor (or, with no display, write a screenshot of it).

Qt is imported inside the handler only, so the other subcommands never load it.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

DEFAULT_SCREENSHOT = "realms-editor.png"


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "edit", help="open the map editor",
        description="Open FILE (or a new realm) in the editor. With no display (no DISPLAY/"
                    "WAYLAND_DISPLAY, or QT_QPA_PLATFORM=offscreen) the window is drawn "
                    f"offscreen into a PNG ({DEFAULT_SCREENSHOT} or --screenshot) instead.")
    parser.add_argument("file", nargs="?", type=Path, help="a *.realm.json scenario")
    parser.add_argument("--screenshot", type=Path, metavar="PNG",
                        help="write a screenshot of the editor to PNG and exit")
    parser.add_argument("--players", type=int, metavar="N",
                        help="show the board for N players")
    parser.set_defaults(handler=run)


def _no_display() -> bool:
    if os.environ.get("QT_QPA_PLATFORM", "").startswith("offscreen"):
        return True
    if sys.platform.startswith(("win", "darwin")):
        return False
    return not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def run(args: argparse.Namespace) -> int:
    screenshot: Path | None = args.screenshot
    if screenshot is None and _no_display():
        screenshot = Path(DEFAULT_SCREENSHOT)
    if args.file is not None and not args.file.exists():
        print(f"realms edit: {args.file}: no such file; check the path or run `realms new`",
              file=sys.stderr)
        return 2
    try:
        from editor.gui.app import run_editor
    except ImportError as exc:
        from editor.extras import is_qt_import_error, qt_missing

        if not is_qt_import_error(exc):
            raise
        print(f"realms edit: {qt_missing('the editor', exc)}", file=sys.stderr)
        return 2
    return run_editor(args.file, screenshot, args.players)
