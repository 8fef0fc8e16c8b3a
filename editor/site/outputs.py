"""What ``realms site`` may touch in its output folder, and what it may believe there.

The output folder is often restored from a CI cache or left by an earlier build, so what
is found in it is data, never instructions: the manifest's page and file names must be
names this tool makes (no ``../../victim``), or the manifest is dropped and the site
rebuilt; and nothing is written, or deleted, whose real path (links resolved) lies
outside the folder, or that is not a regular file (a FIFO named ``index.html`` would
block the build).
"""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path
from typing import Any

from editor import __version__
from editor.escaping import display_path
from editor.model.errors import LoadError
from editor.model.jsonio import read_limited_bytes
from editor.model.safe_write import write_bytes

MANIFEST = ".realms-site.json"
_SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")  # what build.slug_for makes
# A name in one page folder: anything a scenario file may be called (its download keeps the
# user's name, odd characters included), but never a path: no "/", no NUL, not "." or "..".
_FILE_NAME = re.compile(r"(?!\.\.?\Z)[^/\x00]{1,255}\Z")


class SiteError(Exception):
    """The site cannot be built at all (the output folder, not a scenario, is the problem)."""


def inside(out: Path, path: Path) -> bool:
    """Whether ``path``, links resolved, lies inside the output folder ``out``."""
    return Path(os.path.realpath(path)).is_relative_to(os.path.realpath(out))


def _page_is_sound(slug: object, page: object) -> bool:
    """A manifest page names only what this tool writes: a slug as ``slug_for`` makes it
    and plain file names (so every path it gives stays in ``out/s/<slug>/``)."""
    if not isinstance(slug, str) or not _SLUG.fullmatch(slug) or not isinstance(page, dict):
        return False
    files = page.get("files", [])
    return isinstance(files, list) and all(
        isinstance(name, str) and _FILE_NAME.fullmatch(name) for name in files)


def load_manifest(out: Path) -> dict[str, Any]:
    """The previous build's manifest, or ``{}`` (a full rebuild) when it is missing, from
    another version, or not sound."""
    try:
        data = json.loads(read_limited_bytes(out / MANIFEST).decode("utf-8"))
    except (LoadError, ValueError):
        return {}
    ok = isinstance(data, dict) and data.get("tool") == __version__
    pages = data.get("pages") if ok else None
    if not isinstance(pages, dict):
        return {}
    if not all(_page_is_sound(slug, page) for slug, page in pages.items()):
        return {}
    return {"tool": __version__, "pages": pages}


def _holds(path: Path, data: bytes, out: Path) -> bool:
    """Whether ``path`` already holds ``data``; refuses a path through a link (or a folder
    link) that leads out of ``out``, and a special file in the way."""
    if not inside(out, path):
        raise SiteError(f"{display_path(path)} is a link out of the output folder; "
                        "delete it, or build into an empty folder")
    try:
        mode: int | None = os.stat(path).st_mode
    except OSError:
        mode = None  # not there yet (or unreachable: the write says why)
    if mode is not None and not stat.S_ISREG(mode):
        raise SiteError(f"{display_path(path)} is in the way: not a regular file; delete it, "
                        "or build into an empty folder")
    try:
        return mode is not None and read_limited_bytes(path, max_bytes=len(data)) == data
    except LoadError:
        return False  # a different size, or unreadable: rewritten


def write_if_changed(path: Path, data: bytes, out: Path) -> None:
    """Write ``path`` unless it already holds ``data`` (see :func:`_holds` for what is
    refused). The old file is unlinked first: a site file with another hard link (a copy
    made with ``cp -al``) is replaced, never rewritten in place under both names."""
    if _holds(path, data, out):
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.is_file() and not path.is_symlink():
        path.unlink()
    write_bytes(path, data, durable=False)


def move_if_changed(staged: Path, path: Path, out: Path) -> None:
    """Move a staged file over ``path`` (one rename: a reader sees the old file or the new
    one) unless ``path`` already holds the same bytes, which then keeps its date."""
    data = staged.read_bytes()
    if _holds(path, data, out):
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    os.replace(staged, path)


def remove_stale(out: Path, old: dict[str, Any], keep: dict[str, list[str]]) -> list[str]:
    """Delete files this tool wrote earlier that the new build no longer has: only regular
    files (not links) in page folders whose real path is inside ``out``."""
    removed = []
    for slug, page in sorted(old.items()):
        folder = out / "s" / slug
        if not inside(out, folder):
            continue
        wanted = set(keep.get(slug, []))
        for name in page.get("files", []):
            target = folder / name
            if name not in wanted and target.is_file() and not target.is_symlink():
                target.unlink()
                removed.append(f"s/{slug}/{name}")
        if (slug not in keep and not folder.is_symlink() and folder.is_dir()
                and not any(folder.iterdir())):
            folder.rmdir()
    return removed
