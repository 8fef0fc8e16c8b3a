"""Build a static site of a scenario collection, incrementally and byte-for-byte stable.

Every scenario gets ``s/<slug>/`` with its page, its file, a thumbnail and its exports.
A manifest (``.realms-site.json``) records what each page was built from, so a rebuild
only redoes scenarios whose file, tool version or options changed; the index is always
rewritten from the manifest's cards. Nothing carries a timestamp.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from editor import __version__
from editor.escaping import display_path
from editor.model import limits
from editor.model.errors import LoadError
from editor.model.paths import data_file
from editor.model.user_paths import read_user_file
from editor.site.outputs import (
    MANIFEST,
    SiteError,
    inside,
    load_manifest,
    move_if_changed,
    remove_stale,
    write_if_changed,
)
from editor.workers import forked_pool, stop_workers

ASSETS = ("site.css", "board.css", "site.js")
Progress = Callable[[int, int, str], None]


@dataclass
class BuildReport:
    scenarios: int = 0
    rebuilt: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)  # files that could not be loaded
    removed: list[str] = field(default_factory=list)
    # Paths refused before reading (a link out of the collection, a FIFO, a device, a loop)
    # or folders that could not be searched: one line each, never the file's content.
    refused: list[str] = field(default_factory=list)
    # SIGINT or SIGTERM arrived while the new site was put in place: it was finished first
    stopped_by: int | None = None


TEMPLATES_FOLDER = "templates"


def slug_for(source: str, taken: set[str]) -> str:
    """A URL-safe folder name from the file's path, unique within the site."""
    stem = source.removesuffix(".json").removesuffix(".realm").removesuffix(".engine")
    base = re.sub(r"[^a-z0-9]+", "-", stem.lower()).strip("-")[:80] or "scenario"
    slug, n = base, 2
    while slug in taken:
        slug, n = f"{base}-{n}", n + 1
    taken.add(slug)
    return slug


def stable_slugs(sources: Sequence[str], common: str, old_pages: dict[str, Any]) -> list[str]:
    """Each source's slug: the one its page had in the previous build while no other
    source holds it, else a new one (:func:`slug_for`, without its folders in ``common``).
    Numbered slugs of same-named files would otherwise shift when one is removed or added,
    and a shared link to ``a-b-2`` would show another scenario or none."""
    had: dict[str, str] = {}
    for slug, page in old_pages.items():
        card = page.get("card") if isinstance(page, dict) else None
        source = card.get("source") if isinstance(card, dict) else None
        if isinstance(source, str):
            had.setdefault(source, slug)
    taken: set[str] = set()
    kept: list[str | None] = [had.get(source) for source in sources]
    for index, held in enumerate(kept):
        if held is not None and held in taken:
            kept[index] = None  # two files shown alike: the first keeps it
        elif held is not None:
            taken.add(held)
    return [held if held is not None else slug_for(source[len(common):], taken)
            for source, held in zip(sources, kept, strict=True)]


def collection_root(files: Sequence[Path]) -> Path:
    """The folder the site's paths are shown relative to: the collection root (the nearest
    folder holding ``realms.toml``, a ``[tool.realms]`` ``pyproject.toml`` or ``.git``) of
    the folder all files share, else that folder. Never the builder's working folder: a
    page must not depend on, or print, where the site was built from."""
    from editor.model.catalogue_refs import ReferenceRefused, collection_roots

    folders = [Path(os.path.abspath(f)).parent for f in files]
    if not folders:
        return Path(os.path.abspath("."))
    shared = Path(os.path.commonpath(folders))
    try:
        root = collection_roots(shared).root
    except ReferenceRefused:  # an unreadable realms.toml: the shared folder will do
        return shared
    return root if Path(os.path.realpath(shared)).is_relative_to(root) else shared


def shown_source(path: Path, root: Path) -> str:
    """The path as a visitor reads it: relative to the collection root, never absolute
    (a file outside the root, through a link, shows its name alone)."""
    real = Path(os.path.realpath(Path(os.path.abspath(path)).parent)) / path.name
    for base, candidate in ((root, real), (root, Path(os.path.abspath(path)))):
        try:
            return display_path(candidate.relative_to(base).as_posix())
        except ValueError:
            continue
    return display_path(path.name)


def _common_folder(sources: Sequence[str]) -> str:
    """The folder prefix every source shares (``scenarios/``), left out of the slugs."""
    if not sources:
        return ""
    folders = [source.split("/")[:-1] for source in sources]
    shared = 0
    while all(len(f) > shared and f[shared] == folders[0][shared] for f in folders):
        shared += 1
    return "".join(part + "/" for part in folders[0][:shared])


def _page_root(base_url: str | None) -> str | None:
    return base_url.rstrip("/") + "/" if base_url else None


def _read_content(path: Path) -> tuple[bytes | None, str]:
    """The file's bytes, read once with every input check (the page, its findings and its
    download are all made from them), or None and why not."""
    try:
        return read_user_file(path, max_bytes=limits.MAX_FILE_BYTES), ""
    except LoadError as exc:
        return None, exc.one_line()


@dataclass(frozen=True)
class PageJob:
    """One scenario page to (re)build: everything a worker process needs, picklable."""

    path: Path
    source: str
    slug: str
    content: bytes | None
    unread: str
    out: Path
    images: tuple[str, ...]
    base_url: str | None
    site_title: str
    playtest: int = 0  # games per count played in smawg (0: none)


def _build_page(job: PageJob) -> tuple[dict[str, Any], list[str]]:
    """Build one page into the staging folder ``job.out`` (moved into the site on commit)."""
    from editor.site.entry import build_entry
    from editor.site.pages import render, script_json

    path, source, slug, content, out = job.path, job.source, job.slug, job.content, job.out
    base_url, site_title = job.base_url, job.site_title
    entry = build_entry(path, source, slug, content, job.images, job.unread, job.playtest)
    folder = out / "s" / slug
    files: dict[str, bytes] = {}
    if content is not None and entry.load_error is None:  # only a file that loaded
        files[entry.file_name] = content
    if entry.counts:
        files["thumb.svg"] = entry.counts[0].thumbnail.encode("utf-8")
    for view in entry.counts:
        files.update(view.files)
    views = [{"players": v.players, "svg": v.svg, "summary": v.summary, "balance": v.balance,
              "downloads": v.downloads, "regions_json": script_json(v.regions),
              "example": v.example, "graph_nodes": v.graph_nodes, "graph_edges": v.graph_edges,
              "land_regions": v.land_regions, "play": v.play}
             for v in entry.counts]
    root = _page_root(base_url)
    html = render("scenario.html.j2", entry=entry, views=views, site_title=site_title,
                  root="../../", canonical=f"{root}s/{slug}/index.html" if root else None)
    files["index.html"] = html.encode("utf-8")
    for name, data in sorted(files.items()):
        write_if_changed(folder / name, data, out)
    return entry.card(), sorted(files)


# A worker process is replaced after this many pages, so what a page leaves behind in its
# process (caches keyed on the page's realm, allocator fragmentation) cannot pile up over a
# collection of thousands: the workers' memory stays flat per page.
PAGES_PER_WORKER = 40


@contextmanager
def _built_pages(todo: list[PageJob], jobs: int
                 ) -> Iterator[Iterator[tuple[dict[str, Any], list[str]]]]:
    """Results in ``todo``'s order; pages are independent, so several processes share them.

    Workers are forked after the imports, so each starts warm; a page's result is small
    (its card and file names), the files themselves are written by the worker. The pages
    go in batches of PAGES_PER_WORKER per worker, each batch to fresh workers (what a page
    leaves in its process cannot pile up). However the block is left (done, an error, or
    SIGINT or SIGTERM turned into an exception by the command), no worker is left running.
    (multiprocessing.Pool's own recycling was tried: its terminate() can wait forever on a
    queue lock a recycled worker held.)"""
    if jobs <= 1 or len(todo) < 4:
        yield map(_build_page, todo)
        return
    running: list[ProcessPoolExecutor] = []

    def batches() -> Iterator[tuple[dict[str, Any], list[str]]]:
        size = jobs * PAGES_PER_WORKER
        for start in range(0, len(todo), size):
            pool = forked_pool(jobs)
            running.append(pool)
            yield from pool.map(_build_page, todo[start:start + size], chunksize=2)
            pool.shutdown(wait=True)
            running.remove(pool)

    try:
        yield batches()
    finally:
        for pool in running:  # left by an error or a signal: stop its workers now
            stop_workers(pool)


def default_jobs() -> int:
    return max(1, min(os.cpu_count() or 1, 8))


def build_site(paths: Sequence[Path], out: Path, *, base_url: str | None = None,
               images: tuple[str, ...] = (), title: str = "Realms scenarios",
               progress: Progress | None = None, jobs: int = 1,
               playtest: int = 0) -> BuildReport:
    """Write the site of every scenario file under ``paths`` into ``out``; with
    ``playtest`` above 0, each board is also played that many times in smawg."""
    from editor.lint.runner import ENGINE_SUFFIX, collect
    from editor.site.entry import content_key, warm

    if out.exists() and not out.is_dir():
        raise SiteError(f"{display_path(out)} exists and is not a folder; choose another -o")
    files, missing, refused = collect(list(paths))  # links out, FIFOs, devices: refused
    # Templates (files in a folder named templates/) are starting points for `realms new`,
    # not realms to show: a gallery card "Untitled surface realm" helps nobody.
    files = [f for f in files if TEMPLATES_FOLDER not in f.parts[:-1]]
    # A site kept inside the collection (``-o docs/site``) holds copies of its scenarios
    # for download: they are this tool's output, never more scenarios to show.
    files = [f for f in files if not inside(out, f)]
    refused = [f for f in refused if not inside(out, Path(f.path))]
    # Engine exports (*.engine.json, written beside their scenario) are linted, but are
    # not scenarios: a card for each said "cannot load". One named on purpose is told.
    named = {os.path.abspath(p) for p in paths}
    exports = [f for f in files if f.name.endswith(ENGINE_SUFFIX)]
    files = [f for f in files if not f.name.endswith(ENGINE_SUFFIX)]
    if missing:
        raise SiteError(f"{display_path(missing[0])}: no such file or folder")
    out.mkdir(parents=True, exist_ok=True)
    old_manifest = load_manifest(out)
    old_pages: dict[str, Any] = old_manifest.get("pages", {})
    options = json.dumps({"images": sorted(images), "base_url": base_url, "title": title,
                          **({"playtest": playtest} if playtest else {})})
    report = BuildReport(scenarios=len(files))
    report.refused = [f"{f.path}: {f.message}" for f in refused] + [
        f"{display_path(f)}: an engine export, not a scenario; the site shows *.realm.json "
        "files" for f in exports if os.path.abspath(f) in named]
    pages: dict[str, Any] = {}
    shown_root = collection_root(files)
    sources = [shown_source(path, shown_root) for path in files]
    slugs = stable_slugs(sources, _common_folder(sources), old_pages)
    todo: list[PageJob] = []
    for path, source, slug in zip(files, sources, slugs, strict=True):
        content, unread = _read_content(path)
        key = content_key((content if content is not None else unread.encode())
                          + source.encode(), options)
        previous = old_pages.get(slug)
        if (isinstance(previous, dict) and previous.get("key") == key
                and all((out / "s" / slug / n).is_file() for n in previous.get("files", []))):
            pages[slug] = previous
            report.unchanged.append(source)
        else:
            pages[slug] = {"key": key}
            todo.append(PageJob(path, source, slug, content, unread, out / STAGING, images,
                                base_url, title, playtest))
            report.rebuilt.append(source)
    done = len(report.unchanged)
    if todo:
        warm()  # before the workers fork: each starts with it made
    staging = _fresh_staging(out)
    committed = False
    try:
        with _built_pages(todo, jobs) as results:
            for job, (card, names) in zip(todo, results, strict=True):
                pages[job.slug].update(card=card, files=names)
                done += 1
                if progress is not None:
                    progress(done, len(files), job.source)
        with _signals_held() as arrived:
            _commit(out, staging, todo, pages, old_pages, report, title, base_url)
            committed = True
            _drop_staging(out, staging)
        report.stopped_by = arrived[0] if arrived else None
    finally:
        if not committed:
            _drop_staging(out, staging)
    return report


STAGING = ".realms-site-staging"


def _fresh_staging(out: Path) -> Path:
    """The folder pages are built in before they replace the site's: emptied first (a
    build killed outright may have left one)."""
    staging = out / STAGING
    _drop_staging(out, staging)
    staging.mkdir()
    return staging


def _drop_staging(out: Path, staging: Path) -> None:
    if staging.is_symlink() or (staging.exists() and not staging.is_dir()):
        raise SiteError(f"{display_path(staging)} is in the way: not a folder of this tool's; "
                        "delete it")
    if staging.is_dir() and inside(out, staging):
        shutil.rmtree(staging)


@contextmanager
def _signals_held() -> Iterator[list[int]]:
    """SIGINT and SIGTERM wait while the new pages replace the old ones, so a stopped
    build leaves either the previous site or the new one, never a mix. A signal that
    arrived meanwhile is taken here, where it can no longer stop anything, and given in
    the yielded list: the site is then the new one, and the caller says so (where the
    platform cannot take it, it is delivered as the block ends)."""
    held = {signal.SIGINT, signal.SIGTERM}
    arrived: list[int] = []
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield arrived
    finally:
        take = getattr(signal, "sigtimedwait", None)
        while take is not None and (info := take(held, 0)) is not None:
            arrived.append(info.si_signo)
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _commit(out: Path, staging: Path, todo: list[PageJob], pages: dict[str, Any],
            old_pages: dict[str, Any], report: BuildReport, title: str,
            base_url: str | None) -> None:
    """Move the staged pages into the site, then the assets, the index and the manifest."""
    from editor.site.pages import render

    for job in todo:
        for name in pages[job.slug]["files"]:
            move_if_changed(staging / "s" / job.slug / name, out / "s" / job.slug / name, out)
    report.failed = [c["source"] for c in (p["card"] for p in pages.values())
                     if c.get("load_error")]
    for name in ASSETS:
        write_if_changed(out / "assets" / name, data_file(f"site/{name}").read_bytes(), out)
    cards = [pages[slug]["card"] for slug in pages]
    totals = {s: sum(1 for c in cards if c["status"] == s) for s in ("clean", "warning", "error")}
    root = _page_root(base_url)
    index = render("index.html.j2", cards=cards, totals=totals, site_title=title, root="",
                   canonical=f"{root}index.html" if root else None,
                   player_choices=sorted({n for c in cards if c["players"][0]
                                          for n in range(c["players"][0], c["players"][1] + 1)}),
                   world_choices=sorted({w for c in cards for w in c["worlds"]}),
                   star_choices=sorted({c["stars"] for c in cards if c["stars"] is not None}))
    write_if_changed(out / "index.html", index.encode("utf-8"), out)
    report.removed = remove_stale(out, old_pages, {s: p["files"] for s, p in pages.items()})
    manifest = {"tool": __version__, "pages": pages}
    write_if_changed(out / MANIFEST, (json.dumps(manifest, indent=1, sort_keys=True)
                                       + "\n").encode("utf-8"), out)


__all__ = ["BuildReport", "SiteError", "build_site", "slug_for", "stable_slugs"]
