"""``realms clean``: remove lint's result cache (``.realms_cache``), like ``ruff clean``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

TYPE_CHECKING = False  # typing costs a CLI start milliseconds; mypy reads the block
if TYPE_CHECKING:
    from typing import Any


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "clean", help="remove the lint result cache (.realms_cache)",
        description="Remove the .realms_cache folder that `realms lint` keeps at the project "
                    "root of each PATH (the nearest folder upward with pyproject.toml, "
                    "realms.toml or .git), or REALMS_CACHE_DIR when it is set.")
    parser.add_argument("paths", nargs="*", type=Path, metavar="PATH",
                        help="files or folders whose project cache to remove (default: the "
                             "current folder)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    import shutil

    from editor.escaping import ci_path
    from editor.lint.cache import CACHE_DIR_NAME, cache_dir_for

    status = 0
    for path in args.paths or [Path(".")]:
        folder = cache_dir_for(path)
        if folder is None or not folder.is_dir():
            continue
        if folder.name != CACHE_DIR_NAME and not (folder / "CACHEDIR.TAG").is_file():
            print(f"realms clean: {ci_path(folder)} does not look like a realms cache; "
                  "left alone", file=sys.stderr)
            status = 2
            continue
        try:
            shutil.rmtree(folder)
        except OSError as exc:
            print(f"realms clean: cannot remove {ci_path(folder)}: {exc.strerror or exc}",
                  file=sys.stderr)
            status = 2
            continue
        print(f"removed {ci_path(folder)}")
    return status
