"""``realms clean``: remove lint's result cache, like ``ruff clean``.

The cache is one database in the user cache folder (editor/lint/cache.py); ``clean`` removes
its files, and also the ``.realms_cache`` folders that versions before issue 27 kept at the
project root of each PATH (never read now, but they take room, and one committed to a
repository is a stranger's).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

TYPE_CHECKING = False  # typing costs a CLI start milliseconds; mypy reads the block
if TYPE_CHECKING:
    from typing import Any


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "clean", help="remove the lint result cache",
        description="Remove the result cache that `realms lint` keeps in the user cache "
                    "folder (REALMS_CACHE_DIR when set, else $XDG_CACHE_HOME/realms-studio "
                    "or ~/.cache/realms-studio), and any .realms_cache folder an older "
                    "version left at the project root of each PATH (the nearest folder "
                    "upward with pyproject.toml, realms.toml or .git).")
    parser.add_argument("paths", nargs="*", type=Path, metavar="PATH",
                        help="files or folders whose old project cache to remove too "
                             "(default: the current folder)")
    parser.set_defaults(handler=run)


def _legacy_folder(path: Path) -> Path | None:
    """The ``.realms_cache`` an older version kept at the project root above ``path``."""
    import os

    from editor.lint.cache import LEGACY_DIR_NAME, ROOT_MARKERS

    try:
        start = path.resolve()
    except (OSError, RuntimeError):
        return None
    for folder in (start, *start.parents):
        if any(os.path.lexists(folder / marker) for marker in ROOT_MARKERS):
            candidate = folder / LEGACY_DIR_NAME
            return candidate if candidate.is_dir() and not candidate.is_symlink() else None
    return None


def _remove_cache(folder: Path) -> bool:
    """Remove the database's files in ``folder`` (and the folder once empty); True when
    something was there."""
    import contextlib

    from editor.lint.cache import DATABASE_FILES, LOCK_NAME

    found = False
    # the lock file last: a run starting meanwhile finds it held and goes without the cache
    for name in (*DATABASE_FILES, "CACHEDIR.TAG", LOCK_NAME):
        target = folder / name
        if target.is_file():
            target.unlink()
            found = True
    with contextlib.suppress(OSError):
        folder.rmdir()
    return found


def run(args: argparse.Namespace) -> int:
    import shutil

    from editor.escaping import ci_path
    from editor.lint.cache import cache_dir_for, held_alone

    status = 0
    folder = cache_dir_for()
    if folder is not None and folder.is_dir():
        try:
            with held_alone(folder) as alone:
                if not alone:
                    print(f"realms clean: the result cache {ci_path(folder)} is in use by a "
                          "running `realms lint`; run `realms clean` again when it ends",
                          file=sys.stderr)
                    status = 2
                elif _remove_cache(folder):
                    print(f"removed {ci_path(folder)}")
        except OSError as exc:
            print(f"realms clean: cannot remove {ci_path(folder)}: {exc.strerror or exc}",
                  file=sys.stderr)
            status = 2
    for path in args.paths or [Path(".")]:
        legacy = _legacy_folder(path)
        if legacy is None:
            continue
        try:
            shutil.rmtree(legacy)
        except OSError as exc:
            print(f"realms clean: cannot remove {ci_path(legacy)}: {exc.strerror or exc}",
                  file=sys.stderr)
            status = 2
            continue
        print(f"removed {ci_path(legacy)}")
    return status
