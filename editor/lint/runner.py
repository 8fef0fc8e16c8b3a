"""Lint files and folders: collect, read, run in parallel, report progress.

Folders are searched recursively for ``*.realm.json`` and engine-format
``*.engine.json`` files; files named explicitly are linted whatever their name.
With ``--jobs N`` files are spread over worker processes (forked after the heavy
imports, so workers start warm); a worker that dies costs only the file it held.
"""

from __future__ import annotations

import gc
import os
import stat
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

from editor import heap
from editor.lint.config import LintConfig, config_for, settings_text
from editor.lint.findings import ENGINE, INTERNAL, IO_ERROR, SYNTAX, WORKER_DIED, Finding, Hit
from editor.lint.registry import enabled_codes

TYPE_CHECKING = False
if TYPE_CHECKING:  # the result cache (and hashlib) load only when caching is on
    from editor.lint.cache import ResultCache
    from editor.model.scenario_io import LoadedScenario

SCENARIO_SUFFIX = ".realm.json"
ENGINE_SUFFIX = ".engine.json"
PROGRESS_MIN_FILES = 20
GC_YOUNG_THRESHOLD = 7000  # allocations between young collections while linting
GC_FILES_PER_COLLECTION = 32  # files linted between two explicit young collections
SKIPPED_DIRS = {".git", ".venv", "node_modules", "__pycache__", ".mypy_cache", ".ruff_cache",
                ".realms_cache"}


# The rule engine, the schema rules and the worker pool are imported where a file is
# actually linted: a warm run answered from the result cache never needs them.
def to_findings(hits: list[Hit], shown: str, text: str) -> list[Finding]:
    from editor.lint.engine import to_findings as convert

    return convert(hits, shown, text)


# Engine-format files (``realms export --to engine``, schemas/engine.schema.json) are read
# through the export issue's importer into a graph-only scenario, then linted like any
# scenario. Findings then carry the converted scenario's JSON path and line 1:1, since
# the engine file's own layout differs. Swap `read_engine_file` to support more formats.
def read_engine_file(path: Path, raw: bytes | None = None,
                     ) -> tuple[list[Hit], LoadedScenario | None, str]:
    from editor.export.importers import ImportFailed, scenario_from_engine
    from editor.lint.rules_schema import check_data
    from editor.model.errors import LoadError
    from editor.model.jsonio import decode_json_bytes, read_json_text
    from editor.model.user_paths import check_user_file

    try:
        check_user_file(path)
        text = read_json_text(path) if raw is None else decode_json_bytes(raw, str(path))
    except LoadError as exc:
        code = IO_ERROR if exc.code == IO_ERROR else SYNTAX
        return [Hit(code, exc.message, exc.hint, position=exc.position)], None, ""
    try:
        data = scenario_from_engine(text, str(path))
    except ImportFailed as exc:
        message = str(exc).removeprefix(f"{path}:").strip()
        return [Hit(ENGINE, f"not a readable engine file: {message}",
                    "export it again with `realms export --to engine`")], None, ""
    # the provenance's turns_reason silences R001 like a carried ignore entry: lint applies
    # it (engine.lint_document), so that it counts what it hid and --no-provenance shows it
    reason = data.pop("turns_reason", None)
    hits, loaded = check_data(data, "", path.parent)
    for hit in hits:  # the conversion produced it: a schema error here is the engine file's
        return [Hit(ENGINE, f"the engine file converts to an invalid scenario: {hit.what}",
                    hit.fix)], None, ""
    if loaded is not None:
        loaded.ignore_from_provenance = True  # its lint.ignore: what the provenance carried
        loaded.turns_reason_from_provenance = reason if isinstance(reason, str) else None
    return hits, loaded, ""


def _read(path: Path, raw: bytes | None) -> tuple[list[Hit], LoadedScenario | None, str]:
    from editor.lint.rules_schema import check_file

    if path.name.endswith(ENGINE_SUFFIX):
        return read_engine_file(path, raw)
    hits, loaded = check_file(path, raw)
    text = loaded.text if loaded is not None else _text_for_positions(path, hits, raw)
    return hits, loaded, text


def _text_for_positions(path: Path, hits: list[Hit], raw: bytes | None) -> str:
    """The file's text, to place schema errors; empty when it cannot be read as text.
    Newlines are read universally (as ``Path.read_text`` does), from ``raw`` if given."""
    if all(h.position is not None or not h.json_path for h in hits):
        return ""
    if raw is not None:
        try:
            return raw.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")
        except UnicodeDecodeError:
            return ""
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return ""


Overrides = tuple[tuple[str, ...] | None, tuple[str, ...]]


def lint_path(path: Path | str, config: LintConfig | None = None,
              players: int | None = None, overrides: Overrides = (None, ()),
              raw: bytes | None = None) -> list[Finding]:
    """Lint one file. Load errors become schema-family findings, never exceptions.

    Without ``config`` the closest config file upward from ``path`` applies;
    ``overrides`` are the command line's (select, ignore); ``raw`` the file's bytes when
    already read."""
    from editor.lint.engine import lint_document
    from editor.model.errors import LoadError
    from editor.model.user_paths import check_user_file

    path = path if isinstance(path, Path) else Path(path)  # (a Path is not parsed again)
    try:
        check_user_file(path)  # before its settings are looked for beside a link's target
    except LoadError as exc:
        return to_findings([Hit(IO_ERROR, exc.message, exc.hint)], str(path), "")
    try:
        config = config if config is not None else config_for(path)
        config = config.with_selection(*overrides)
        hits, loaded, text = _read(path, raw)
        if loaded is None:
            enabled = enabled_codes(config.select, config.ignore)
            return to_findings([h for h in hits if h.code in enabled], str(path), text)
        loaded.path = path
        return lint_document(loaded, config, players, hits)
    except Exception as exc:  # last line of defence: a bug must not become a traceback
        return to_findings([Hit(INTERNAL, f"linting failed: {type(exc).__name__}: {exc}"[:300],
                                "please report this with the file")], str(path), "")


def collect(paths: Sequence[Path]) -> tuple[list[Path], list[Path], list[Finding]]:
    """Files to lint (sorted, no duplicates), the paths that do not exist, and an S001
    finding for each folder that could not be read (so nothing is skipped silently)."""
    found: dict[Path, None] = {}
    missing: list[Path] = []
    errors: list[Finding] = []

    def unreadable(error: OSError, what: str = "folder") -> None:
        where = error.filename if error.filename is not None else "?"
        reason = error.strerror or type(error).__name__
        errors.extend(to_findings([Hit(IO_ERROR, f"cannot read this {what}: {reason}",
                                       "check its permissions (and any symbolic links on "
                                       "the way); nothing in it was linted")],
                                  os.fsdecode(where), ""))

    from editor.model.errors import LoadError
    from editor.model.user_paths import check_user_file, check_user_folder

    def refused(path: Path, folder: bool = False) -> bool:  # a link out, a FIFO, a loop
        try:
            (check_user_folder if folder else check_user_file)(path)
        except LoadError as exc:
            errors.extend(to_findings([Hit(IO_ERROR, exc.message, exc.hint)], str(path), ""))
            return True
        return False

    for path in paths:
        if os.path.islink(path) and refused(path, os.path.isdir(path)):
            continue
        try:
            info = path.stat()
        except (FileNotFoundError, NotADirectoryError):
            missing.append(path)
            continue
        except OSError as exc:  # a parent folder without search permission, a link loop
            exc.filename = str(path)
            unreadable(exc, "path")
            continue
        if stat.S_ISDIR(info.st_mode):
            for root, dirs, files in os.walk(path, onerror=unreadable):
                dirs[:] = sorted(d for d in dirs if d not in SKIPPED_DIRS)
                for name in dirs:
                    if name.endswith((SCENARIO_SUFFIX, ENGINE_SUFFIX)):
                        errors.extend(to_findings([Hit(
                            IO_ERROR, "is a folder named like a scenario file, so it was "
                            "searched, not linted", "rename the folder, or move the scenario "
                            "file it should be to this name")], str(Path(root) / name), ""))
                folder = Path(root)  # (once per folder, not per file)
                for name in sorted(files):
                    if name.endswith((SCENARIO_SUFFIX, ENGINE_SUFFIX)):
                        candidate = folder / name
                        if not refused(candidate):
                            found[candidate] = None
        elif not refused(path):
            found[path] = None
    return list(found), missing, errors


# A file to lint: lint_path's arguments, and its cache key ("" when it is not cached).
Job = tuple[Path, LintConfig | None, int | None, Overrides, bytes | None, str]


def _lint_one(job: Job) -> list[Finding]:
    """Lint a job (the parent stores its findings in the result cache, all in one
    transaction at the end of the run: ``ResultCache.remember``)."""
    return lint_path(*job[:5])


_linted_since_collection = 0


def _lint_paused(job: Job) -> list[Finding]:
    """:func:`_lint_one` with the cyclic collector off (it stays off: :func:`_lint_many`
    turns it back on in this process; a forked worker just ends). A file allocates far
    more than any young threshold, so automatic collections ran several times per file,
    each walking the file's live objects, and found nearly nothing: lint makes almost no
    cyclic garbage (the derivation none). Memory stays bounded all the same: every
    ``GC_FILES_PER_COLLECTION`` files one explicit collection of the two young generations
    frees whatever cycles the files in between left, so a file that makes cyclic garbage
    holds at most that many files' worth."""
    global _linted_since_collection
    gc.disable()
    found = _lint_one(job)
    _linted_since_collection += 1
    if _linted_since_collection >= GC_FILES_PER_COLLECTION:
        _linted_since_collection = 0
        gc.collect(1)
    return found


def _needs_realm(config: LintConfig | None, overrides: Overrides) -> bool:
    """Whether some enabled rule may derive a realm (``--select S`` never does)."""
    from editor.lint.config import default_config
    from editor.lint.registry import all_rules

    if config is None and overrides[0] is None:
        return True  # per-file configs, not read yet: assume the default, every family
    chosen = (config or default_config()).with_selection(*overrides)
    enabled = enabled_codes(chosen.select, chosen.ignore)
    return any(r.scope == "realm" for code, r in all_rules().items() if code in enabled)


def _warm_up(config: LintConfig | None = None, overrides: Overrides = (None, ())) -> None:
    """Import and build what every file needs before forking, so workers share it; the
    derivation (shapely, networkx) only when an enabled rule needs a realm. Not the
    jsonschema validator, which only files that fail the fast check need: built here it was
    serial time (about 30 ms) of every run; built in each worker that meets such a file it
    costs CPU, in parallel."""
    from editor.lint.registry import all_rules
    from editor.model.catalogue import default_catalogue
    from editor.model.fast_schema import expect_many, surely_valid

    all_rules()
    expect_many()  # many files: the Rust validator from the first one
    surely_valid("scenario", {})  # builds the fast validator once, before forking
    try:
        default_catalogue()
        if _needs_realm(config, overrides):
            import editor.topology  # noqa: F401
    except Exception:
        pass  # reported per file


def lint_files(files: Sequence[Path], config: LintConfig | None, players: int | None,
               jobs: int | None, progress: bool, overrides: Overrides = (None, ()),
               cache: ResultCache | None = None) -> Iterator[list[Finding]]:
    """Findings per file, in the order of ``files``; with ``cache``, unchanged files are
    answered from it and only the others are read again, linted and stored."""
    show = progress and len(files) >= PROGRESS_MIN_FILES and sys.stderr.isatty()
    answered: dict[int, list[Finding]] = {}
    keys: dict[int, str] = {}
    raws: dict[int, bytes] = {}
    if cache is not None:
        # Reading the index and rebuilding cached findings allocate ~10^5 containers that
        # all live on and form no cycles: the cyclic collector's passes over them were
        # ~20 % of a warm run. It is paused for the look-ups (pending garbage is collected
        # later, as usual).
        collecting = gc.isenabled()
        gc.disable()
        try:
            for index, path in enumerate(files):
                looked = _look_up(cache, path, config, players, overrides)
                if looked is not None:
                    keys[index], raws[index], found = looked
                    if found is not None:
                        answered[index] = found
        finally:
            if collecting:
                gc.enable()
    todo = [index for index in range(len(files)) if index not in answered]
    fresh = _lint_many([(files[i], config, players, overrides, raws.get(i), keys.get(i, ""))
                        for i in todo], config, overrides, jobs)
    for done, index in enumerate(range(len(files)), 1):
        _progress(show, done, len(files))
        if index in answered:
            yield answered[index]
            continue
        result = next(fresh)
        if cache is not None and index in keys:
            cache.remember(keys[index], result)  # stored by save_index, below
        yield result
    if cache is not None:
        cache.save_index()
    if show:
        sys.stderr.write("\r\033[K")
        sys.stderr.flush()


def _lint_many(jobs_list: list[Job], config: LintConfig | None, overrides: Overrides,
               jobs: int | None) -> Iterator[list[Finding]]:
    """Findings of each job in order, in worker processes when ``jobs`` > 1 (None: as
    :func:`default_jobs` decides for these files)."""
    if not jobs_list:
        return
    if jobs is None:
        jobs = default_jobs(len(jobs_list), _needs_realm(config, overrides))
    fork = jobs > 1 and len(jobs_list) > 1
    # The cyclic garbage collector took ~12 % of lint's CPU: every 700 allocations it
    # walked the young objects, and now and then every object of the imported libraries.
    # Those move to a permanent generation as soon as the warm-up has built them (with the
    # collector off meanwhile, so no collection walks them first; the pool freezes again
    # before forking); files are linted with the collector off (:func:`_lint_paused`), and
    # while it is on (the parent reading its workers' results) young collections run every
    # 7,000 allocations.
    threshold = gc.get_threshold()
    collecting = gc.isenabled()
    gc.disable()
    try:
        _warm_up(config, overrides)
        heap.freeze()
        try:
            gc.set_threshold(max(threshold[0], GC_YOUNG_THRESHOLD), *threshold[1:])
            if collecting:
                gc.enable()
            if fork:
                # Only here: one process never needs the pool (nor its select, pickle,
                # struct).
                from editor.lint.pool import Died, run_jobs

                for outcome in run_jobs(jobs_list, _lint_paused, jobs):
                    yield _worker_died(outcome.job[0], outcome.cause) \
                        if isinstance(outcome, Died) else outcome
            else:
                for job in jobs_list:
                    yield _lint_paused(job)
        finally:
            heap.unfreeze()
    finally:
        gc.set_threshold(*threshold)
        if collecting:
            gc.enable()


def _look_up(cache: ResultCache, path: Path, config: LintConfig | None, players: int | None,
             overrides: Overrides) -> tuple[str, bytes, list[Finding] | None] | None:
    """The file's key, bytes and cached findings (None on a miss); None when the file
    cannot be cached (unreadable: linting it reports why)."""
    try:
        settings = settings_text(config if config is not None else config_for(path),
                                 *overrides)
    except Exception:  # linting the file reports the same problem
        return None
    return cache.look_up(path, settings, players)


def _worker_died(path: Path, cause: str) -> list[Finding]:
    """The finding for a file whose worker process died while linting it."""
    return to_findings([Hit(WORKER_DIED, f"the lint worker process died while checking this "
                            f"file ({cause}; the system may have run out of memory)",
                            "lint it alone with --jobs 1 to see whether the file causes it")],
                       str(path), "")


def _progress(show: bool, done: int, total: int) -> None:
    if show and (done == total or done % 10 == 0):
        sys.stderr.write(f"\rrealms lint: {done}/{total} files")
        sys.stderr.flush()


# Files to lint (not answered from the cache) from which workers pay off when rules derive
# realms (about 1.4 ms per booklet-size file): forking, and each worker's first file filling
# its own caches, cost about 15 ms. Measured on two free cores, `--jobs 2` against
# `--jobs 1`, wall: 16 files 1.00x, 32 files 1.06x, 48 files 1.16x, 96 files 1.28x.
PARALLEL_MIN_FILES = 32


def default_jobs(file_count: int, derives: bool = True) -> int:
    """Worker processes for ``file_count`` files to lint when ``--jobs`` is not given: one
    per CPU (at most 8) when rules derive realms and there are enough files; otherwise
    none (1). Without the derivation (``--select S``: about 0.1 ms per file) the parent's
    share of each result (reading and unpickling it) and the workers' (pickling, writing)
    cost about as much as linting the file, so workers never won."""
    if not derives or file_count < PARALLEL_MIN_FILES:
        return 1
    return min(os.cpu_count() or 1, 8)
