"""Lint's result cache: re-linting unchanged files costs a stat (or a hash and a read).

**Where, and why there.** A cached verdict is trusted only because this user's own runs
wrote it, so the cache never lives in the linted tree, where a pull request could commit
one (a ``.realms_cache/`` of empty entries once made a file with four errors pass). It is
one SQLite database in the user cache folder: ``$REALMS_CACHE_DIR`` if set, else
``$XDG_CACHE_HOME/realms-studio`` (``~/.cache/realms-studio``; ``~/Library/Caches`` on
macOS, ``%LOCALAPPDATA%`` on Windows). A folder named by either variable that lies inside
a linted folder (or a linted file's folder), or inside a project holding the linted files
or the current folder (a folder with ``.git``, ``pyproject.toml`` or ``realms.toml``, at
any level above them), is not used, and nothing is created there: a committed cache could
sit there, and the database would land in the linted tree (:func:`refusal`). Older
versions' in-tree ``.realms_cache/`` folders are never read; ``realms clean`` removes
them.

**Whose folder.** As git's ``safe.directory`` and ssh's ``StrictModes`` do, the cache is
trusted only when this user owns it and no one else can write to it
(:func:`distrust`): the folder and the database's files must belong to this user and be
writable by no group or other user, and every folder above it must belong to this user
or to root and be writable by no one else unless its sticky bit keeps others from
renaming what is not theirs (``/tmp``); so must every folder above the path as written,
where a link on the way could be pointed elsewhere. Another user who could replace the
rows could turn a failing lint into a pass. An untrusted cache is neither read nor
written; the run goes without it and says so once on stderr.

**The key** of an entry is a SHA-256 of every input of the findings: the file's bytes,
its shown path and real path, the player count, the effective settings, the bytes of every
config file above the file (``realms.toml``, ``pyproject.toml``: catalogue roots and the
collection root come from them) and whether ``.git`` marks a folder there, the bytes of
every catalogue the file names and of ``--catalogue``'s file, and the tool: version,
Python version, the bytes of every code and data file of the package (schemas included),
by path *inside* the package, so the same wheel installed anywhere (a CI job restoring the
cache after a fresh install) hits.

**The index** (git's trick) answers a warm run with a stat per file: per file (absolute
and shown path) it holds size, modification and change times (ns), inode, device and a
hash of the key's other parts besides the bytes; only an exact match answers. Against
"racy" timestamps, a file is indexed only when its times are :data:`RACY_WINDOW_NS` older
than the stat taken before reading it. Files that name catalogues are never indexed.

**Cost.** A run writes everything it learnt in one transaction at its end (a cold run
with the cache costs a few per cent more CPU than ``--no-cache``: docs/performance.md),
and the database is pruned to :data:`DEFAULT_LIMIT_MB` (``REALMS_CACHE_MAX_MB``): when it
grows past that, the least recently used half of the entries goes. Any SQLite or OS
error, a damaged row or a damaged database is a miss, never a failed run.

**Runs at once.** Every open cache holds :data:`LOCK_NAME` shared (``flock``) and a run
closes its cache when it ends (a process may lint again); a damaged database is remade, and
``realms clean`` removes the files, only under the lock held exclusively. The database file
is never opened outside SQLite once it exists (:func:`_create_private`). A database SQLite
reports damaged, or whose row names another file than the one looked up, is removed at the
end of the run (:meth:`ResultCache.close`), and checked before pruning moves its pages.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import stat
import sys
import time
from dataclasses import fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Iterator

from editor.lint.findings import (
    INTERNAL,
    IO_ERROR,
    SEVERITY_RANK,
    WORKER_DIED,
    Finding,
    from_fields,
)

APP = "realms-studio"
DB_NAME = "lint-v3.sqlite3"
DATABASE_FILES = (DB_NAME, f"{DB_NAME}-wal", f"{DB_NAME}-shm")  # what SQLite keeps
LOCK_NAME = "lint-v3.lock"  # held shared by every open cache, exclusively to remake it
# the lock file is never followed through a link, nor waited on if it is a pipe
_LOCK_FLAGS = (getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
               | getattr(os, "O_NONBLOCK", 0))
LEGACY_DIR_NAME = ".realms_cache"  # before issue 27: in the tree; never read now
CACHE_DIR_NAME = LEGACY_DIR_NAME  # the name older callers know
ROOT_MARKERS = ("pyproject.toml", "realms.toml", ".git")
CONFIG_NAMES = ("realms.toml", "pyproject.toml")
NOT_CACHED = frozenset({INTERNAL, IO_ERROR, WORKER_DIED})  # bugs, I/O trouble, dead workers
RACY_WINDOW_NS = 3_000_000_000  # > FAT's 2 s timestamps, and coarse kernel clocks
DEFAULT_LIMIT_MB = 256.0
REFRESH_S = 86_400  # a hit older than a day is marked used again (least recently used)
CONFIG_LIMIT = 1 << 20  # config files are small; a bigger one is hashed as "too big"
TAG = ("Signature: 8a477f597d28d172789f06886806bc55\n"
       "# realms lint's result cache; `realms clean` removes it\n")


def user_cache_root() -> Path | None:
    """The cache folder: ``REALMS_CACHE_DIR``, else the platform's user cache folder; None
    when there is no home to put it in."""
    override = os.environ.get("REALMS_CACHE_DIR")
    if override:
        return Path(override)
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA")
        return Path(base, APP, "Cache") if base else None
    xdg = os.environ.get("XDG_CACHE_HOME")
    if xdg and os.path.isabs(xdg) and sys.platform != "darwin":
        return Path(xdg, APP)
    home = os.path.expanduser("~")
    if home == "~" or not os.path.isabs(home):
        return None
    if sys.platform == "darwin":
        return Path(home, "Library", "Caches", APP)
    return Path(home, ".cache", APP)


def cache_dir_for(path: Path | None = None) -> Path | None:
    """Where results are cached (the same folder for every file; ``path`` is kept for
    callers of the per-project cache this replaced)."""
    return user_cache_root()


def _set_by_environment() -> bool:
    return bool(os.environ.get("REALMS_CACHE_DIR") or os.environ.get("XDG_CACHE_HOME"))


def refusal(folder: Path, linted: list[Path]) -> str | None:
    """Why ``folder`` may not hold the cache for a run on the ``linted`` paths, or None.
    A folder named by an environment variable is refused when it lies in a linted folder
    (the database would be written into the linted tree), or inside a project (any folder
    with a root marker) above a linted path or the current folder: the project's files
    may come from strangers, and so could a cache committed there."""
    if not _set_by_environment():
        return None  # the user's own cache folder: no checkout put it there
    try:
        where = Path(os.path.realpath(folder))
    except (OSError, ValueError):
        return None
    for anchor in linted:
        tree = _linted_tree(anchor)
        if tree is not None and where.is_relative_to(tree):
            return (f"the result cache {folder} lies inside the linted files' folder "
                    f"{tree}; it is not used, and nothing is written "
                    "there (point REALMS_CACHE_DIR outside the linted files)")
    for anchor in [*linted, Path(".")]:
        try:
            start = Path(os.path.realpath(anchor))
        except (OSError, ValueError):
            continue
        for level in (start, *start.parents):
            if where.is_relative_to(level) and any(
                    os.path.lexists(level / marker) for marker in ROOT_MARKERS):
                return (f"the result cache {folder} lies inside the project {level}, where "
                        "a committed file could change the verdict; it is not used (point "
                        "REALMS_CACHE_DIR outside the checkout)")
    return None


def _linted_tree(anchor: Path) -> Path | None:
    """The real folder whose tree the linted path ``anchor`` covers: the folder itself, or
    a file's folder (a scenario's collection when nothing marks one); None for a path that
    names nothing (it is reported missing, and nothing under it is linted)."""
    try:
        if not os.path.lexists(anchor):
            return None
        tree = Path(os.path.realpath(anchor))
        return tree if tree.is_dir() else tree.parent
    except (OSError, ValueError):
        return None


def _owner_problem(path: Path, info: os.stat_result, uid: int, kind: str) -> str | None:
    """Why ``path`` (a cache file or the cache folder) may not be trusted, or None."""
    if info.st_uid != uid:
        return f"its {kind} {path} belongs to user id {info.st_uid}, not to you ({uid})"
    if info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return (f"its {kind} {path} can be written by other users (mode "
                f"{stat.S_IMODE(info.st_mode):o}; `chmod go-w` it)")
    return None


def distrust(folder: Path) -> str | None:
    """Why the cache in ``folder`` may not be trusted, or None (module doc, "Whose
    folder"). A folder that does not exist yet is judged by the folders above it; where
    users have no ids (Windows), the check is the platform's own permissions."""
    getuid = getattr(os, "geteuid", None)
    if getuid is None:
        return None
    uid = getuid()
    try:
        where = Path(os.path.realpath(folder))
    except (OSError, ValueError) as exc:
        return f"its folder {folder} cannot be resolved: {exc}"
    try:
        info = os.stat(where)
    except FileNotFoundError:
        info = None
    except OSError as exc:
        return f"its folder {folder} cannot be read: {exc.strerror or exc}"
    if info is not None:
        if not stat.S_ISDIR(info.st_mode):
            return f"{folder} is not a folder"
        problem = _owner_problem(where, info, uid, "folder")
        if problem is not None:
            return problem
        for name in (*DATABASE_FILES, LOCK_NAME):
            try:
                part = os.lstat(where / name)
            except FileNotFoundError:
                continue
            except OSError as exc:
                return f"its file {where / name} cannot be read: {exc.strerror or exc}"
            if not stat.S_ISREG(part.st_mode):
                return f"its file {where / name} is not a regular file"
            problem = _owner_problem(where / name, part, uid, "file")
            if problem is not None:
                return problem
    # the folders above the real path, and above the path as written: whoever can write
    # a folder holding a link on the way can point the link at a cache of their own
    written = Path(os.path.abspath(folder))
    for level in dict.fromkeys([*where.parents, *written.parents]):
        try:
            above = os.stat(level)
        except FileNotFoundError:
            continue  # made by this run, with this user's ownership
        except OSError as exc:
            return f"the folder {level} above it cannot be read: {exc.strerror or exc}"
        if above.st_uid not in (uid, 0):
            return (f"the folder {level} above it belongs to user id {above.st_uid}, "
                    f"not to you ({uid}) or root")
        if above.st_mode & (stat.S_IWGRP | stat.S_IWOTH) and not above.st_mode & stat.S_ISVTX:
            return (f"the folder {level} above it can be written by other users (mode "
                    f"{stat.S_IMODE(above.st_mode):o}), who could replace the cache")
    return None


def take_lock(folder: Path, exclusive: bool) -> int | None:
    """A descriptor of the cache's lock file (made if missing) holding the lock, or None
    when another run holds it the other way. A lock file removed or replaced between the
    open and the lock (``realms clean``) is opened again, so no run holds a lock nobody
    else can see; raises OSError when the lock file is not a regular file."""
    import fcntl

    path = folder / LOCK_NAME
    for _ in range(8):
        lock = os.open(path, os.O_RDONLY | os.O_CREAT | _LOCK_FLAGS, 0o600)
        try:
            info = os.fstat(lock)
            if not stat.S_ISREG(info.st_mode):
                raise OSError(f"{path} is not a regular file")
            try:
                fcntl.flock(lock, (fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)
                            | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(lock)
                return None
            try:
                now = os.stat(path, follow_symlinks=False)
            except FileNotFoundError:
                now = None
            if now is not None and (now.st_dev, now.st_ino) == (info.st_dev, info.st_ino):
                return lock
        except BaseException:
            os.close(lock)
            raise
        os.close(lock)  # removed meanwhile: lock the file that is there now
    return None


@contextlib.contextmanager
def held_alone(folder: Path) -> Iterator[bool]:
    """While in the block, no run opens the cache in ``folder``: True, or False when a
    run has it open now (removing its files then would leave that run writing into removed
    files, and the next one beside its ``-wal``). Always True where there is no ``flock``.
    A link, pipe or other odd file where the lock file belongs is removed, never followed."""
    try:
        import fcntl  # noqa: F401
    except ImportError:
        yield True
        return
    path = folder / LOCK_NAME
    with contextlib.suppress(FileNotFoundError):
        mode = os.lstat(path).st_mode
        if not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
            path.unlink()
    lock = take_lock(folder, exclusive=True)
    try:
        yield lock is not None
    finally:
        if lock is not None:
            os.close(lock)


def untrusted_note(folder: Path, why: str) -> str:
    """The one line a run prints when it goes without an untrusted cache."""
    return (f"the result cache {folder} is not used: {why}; linting without it (move "
            "REALMS_CACHE_DIR to a folder only you can write, or fix the owner and mode)")


def disabled() -> bool:
    return os.environ.get("REALMS_NO_CACHE", "") not in ("", "0")


def size_limit() -> int:
    """The database's size bound in bytes (``REALMS_CACHE_MAX_MB``, default 256)."""
    try:
        megabytes = float(os.environ.get("REALMS_CACHE_MAX_MB", DEFAULT_LIMIT_MB))
    except ValueError:
        megabytes = DEFAULT_LIMIT_MB
    return max(int(megabytes * 1024 * 1024), 64 * 1024)


def _package_files() -> list[tuple[str, str]]:
    """(path inside the package, path on disk) of every code and data file lint reads."""
    import editor

    package = next(iter(editor.__path__))  # the installed or checked-out package folder
    found = []
    for root, dirs, files in os.walk(package, followlinks=True):  # data/schemas links
        dirs[:] = sorted(d for d in dirs if d not in ("__pycache__", "gui"))
        # the path inside the package by cutting the prefix (os.path.relpath normalises both
        # paths again for every file: two thirds of this walk's time)
        inside = root[len(package):].lstrip(os.sep).replace(os.sep, "/")
        prefix = f"{inside}/" if inside else ""
        for name in sorted(files):
            if name.endswith((".py", ".json", ".toml")):
                found.append((prefix + name, os.path.join(root, name)))
    return found


def _stat_fingerprint(files: list[tuple[str, str]]) -> str:
    """Where and when the package's files are: a cheap key for the content fingerprint."""
    digest = hashlib.sha256()
    for _, full in files:
        info = os.stat(full)
        digest.update(f"{full}:{info.st_size}:{info.st_mtime_ns}\n".encode(
            "utf-8", "surrogateescape"))
    return digest.hexdigest()


def _content_fingerprint(files: list[tuple[str, str]]) -> str:
    """The bytes of the package's files by their path inside it: the same for the same
    wheel wherever it is installed, different after any edit of code, schema or data."""
    digest = hashlib.sha256()
    for inside, full in files:
        with open(full, "rb") as handle:
            digest.update(f"{inside}\0".encode("utf-8", "surrogateescape"))
            digest.update(hashlib.sha256(handle.read()).digest())
    return digest.hexdigest()


def _read_small(path: str) -> bytes | None:
    """A regular file's bytes (up to :data:`CONFIG_LIMIT`), never blocking on a FIFO; None
    when it is not a readable regular file."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except (OSError, ValueError):
        return None
    try:
        return os.read(fd, CONFIG_LIMIT + 1)
    except OSError:
        return None
    finally:
        os.close(fd)


def surroundings(folder: str) -> str:
    """What the folder's setting files say, for the key: the real folder, and for it and
    every folder above it, the bytes' hash of each config file and whether ``.git`` is
    there (the collection root, catalogue roots and settings come from these)."""
    start = os.path.realpath(folder or ".")
    parts = [start]
    level = start
    while True:
        for name in CONFIG_NAMES:
            content = _read_small(os.path.join(level, name))
            if content is not None:
                parts.append(f"{level}/{name}={hashlib.sha256(content).hexdigest()}")
            elif os.path.lexists(os.path.join(level, name)):
                parts.append(f"{level}/{name}=unreadable")
        if os.path.lexists(os.path.join(level, ".git")):
            parts.append(f"{level}/.git")
        parent = os.path.dirname(level)
        if parent == level:
            return "\n".join(parts)
        level = parent


def _may_name_catalogues(raw: bytes) -> bool:
    """Whether a file's bytes may name catalogues: the key written out, or any ``\\u``
    escape (``"catalo\\u0067ues"`` is the same key to JSON, and so to lint)."""
    return b'"catalogues"' in raw or b"\\u" in raw


def _referenced_catalogues(raw: bytes, folder: Path) -> str:
    """Hashes of the custom catalogues a scenario names (read bounded, never followed
    into special files, nor read when they lie outside the collection: lint refuses
    those, and so the key says "refused"); empty when it names none."""
    if not _may_name_catalogues(raw):
        return ""
    from editor.model.catalogue_refs import ReferenceRefused, resolve_reference
    from editor.model.errors import LoadError
    from editor.model.jsonio import read_limited_bytes

    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        return ""
    names = data.get("catalogues") if isinstance(data, dict) else None
    if not isinstance(names, list):
        return ""
    parts = []
    for name in names:
        try:
            content = read_limited_bytes(resolve_reference(str(name), folder))
            parts.append(f"{name}={hashlib.sha256(content).hexdigest()}")
        except ReferenceRefused:
            parts.append(f"{name}=refused")
        except (LoadError, OSError, ValueError, RuntimeError):  # RuntimeError: a link loop
            parts.append(f"{name}=unreadable")
    return ";".join(parts)


def _create_private(path: Path) -> None:
    """Make the database file for this user only, if it does not exist (SQLite would
    follow the umask, and a group-writable database is not trusted: :func:`distrust`).
    Never opened when it exists: closing any descriptor of a file drops every POSIX lock
    this process holds on it, SQLite's included, and another run could then remove the
    ``-wal`` under a live connection."""
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))


def _hash(*parts: str) -> str:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part.encode("utf-8", "surrogateescape"))
        digest.update(b"\0")
    return digest.hexdigest()


SCHEMA = (
    "CREATE TABLE IF NOT EXISTS entries(key TEXT PRIMARY KEY, rows TEXT NOT NULL,"
    " used INTEGER NOT NULL) WITHOUT ROWID",
    "CREATE TABLE IF NOT EXISTS files(slot TEXT PRIMARY KEY, head TEXT NOT NULL,"
    " key TEXT NOT NULL, used INTEGER NOT NULL) WITHOUT ROWID",
    "CREATE TABLE IF NOT EXISTS meta(name TEXT PRIMARY KEY, value TEXT NOT NULL)"
    " WITHOUT ROWID",
)


class ResultCache:
    """Findings per (file content, settings, surroundings, tool), in one database."""

    def __init__(self, folder: Path, extra: str = "") -> None:
        """``extra``: a further input of every finding, part of every key (the
        ``--catalogue`` file's hash)."""
        self.folder = folder
        self.path = folder / DB_NAME
        self._db: Any = None
        self._now = int(time.time())
        self._cwd = os.getcwd()
        self._codes: list[str] | None = None
        self._vouches: list[str] = []  # meta names of inputs found valid (vouch)
        self._entries: dict[str, str] = {}  # key -> rows (JSON) this run learnt
        self._fresh: dict[str, tuple[str, str]] = {}  # slot -> (head, key) to index
        self._pending: dict[str, tuple[str, str]] = {}  # key -> (slot, head) awaiting rows
        self._used_entries: list[str] = []  # hits to mark used (least recently used)
        self._used_files: list[str] = []
        self._contexts: dict[tuple[str, int | None, str], str] = {}
        self._around: dict[str, str] = {}
        self._lock: int | None = None  # the lock file's descriptor while open (_share)
        self._damaged = False  # SQLite said the database is damaged, or a row lied
        self._db = self._open()
        try:
            self._tool = self._tool_key() + (f"|{extra}" if extra else "")
        except BaseException:  # the lock would be held until the process ends
            self.close()
            raise

    # -- the database ------------------------------------------------------------------

    def _open(self) -> Any:
        """The connection, the database made if new; None when it cannot be used (every
        look-up then misses and nothing is written). A damaged file is made anew, but only
        by a run that has the cache to itself (:meth:`_alone`)."""
        import sqlite3

        for attempt in range(2):
            try:
                self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
                tag = self.folder / "CACHEDIR.TAG"
                if not tag.exists():
                    tag.write_text(TAG, encoding="utf-8")
                if not self._share():
                    return None  # being made anew or removed right now: go without
                _create_private(self.path)
                db = sqlite3.connect(self.path, timeout=30, isolation_level=None,
                                     check_same_thread=False)
                try:
                    if db.execute("PRAGMA user_version").fetchone()[0] != 1:
                        db.execute("PRAGMA auto_vacuum = INCREMENTAL")  # before any table
                        db.execute("PRAGMA journal_mode = WAL")
                        for statement in SCHEMA:
                            db.execute(statement)
                        db.execute("PRAGMA user_version = 1")
                    db.execute("PRAGMA synchronous = NORMAL")
                    return db
                except sqlite3.DatabaseError:
                    db.close()
                    if attempt or isinstance(sys.exc_info()[1], sqlite3.OperationalError):
                        return None  # locked or read-only: this run goes without
                    if not self._alone():
                        return None  # damaged, but others read it: a later run mends it
                    self._remove_database()  # damaged: start again
            except (OSError, sqlite3.Error):
                return None
        return None

    def _share(self) -> bool:
        """Hold the cache's lock file shared for as long as this cache is open (False when
        a run removing or remaking the database holds it). SQLite's own locks cannot
        guard a removal: removed files stay open, and a new database beside an old
        ``-wal`` reads the old one's pages."""
        try:
            import fcntl
        except ImportError:  # Windows: an open file cannot be removed there
            return True
        if self._lock is None:
            self._lock = take_lock(self.folder, exclusive=False)
            return self._lock is not None
        try:  # held exclusively (:meth:`_alone`): shared again
            fcntl.flock(self._lock, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except OSError:
            return False
        return True

    def _alone(self) -> bool:
        """Whether no other run has the cache open; if so the lock is now held
        exclusively, until :meth:`_share` or :meth:`close`. (Linux lets go of the shared
        lock while trying: a failed try takes it again, or this cache goes without.)"""
        if self._lock is None:
            return True
        import fcntl

        try:
            fcntl.flock(self._lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            try:
                fcntl.flock(self._lock, fcntl.LOCK_SH | fcntl.LOCK_NB)
            except OSError:
                self.close()
            return False
        return True

    def close(self) -> None:
        """Close the database and give the lock back: a run must close its cache, since
        a connection left open holds the database's files after its run ends. A database
        found damaged meanwhile is removed, if no other run has it open, so the next run
        starts a sound one (SQLite reads only the pages it needs: damage past the header
        was otherwise kept, every run then missing)."""
        if self._db is not None:
            import sqlite3

            with contextlib.suppress(sqlite3.Error):
                self._db.close()
            self._db = None
            if self._damaged and self._alone():
                with contextlib.suppress(OSError):
                    self._remove_database()
        if self._lock is not None:
            os.close(self._lock)
            self._lock = None

    def _remove_database(self) -> None:
        """Remove SQLite's files of the database, with the lock held exclusively."""
        for name in DATABASE_FILES:
            (self.folder / name).unlink(missing_ok=True)

    def _query(self, sql: str, values: tuple[Any, ...]) -> Any:
        """One row, or None (also when the database cannot answer)."""
        if self._db is None:
            return None
        import sqlite3

        try:
            return self._db.execute(sql, values).fetchone()
        except sqlite3.Error as exc:
            self._note_damage(exc)
            return None

    def _note_damage(self, exc: BaseException) -> None:
        """Remember a damaged database (not a busy or read-only one): :meth:`close`
        removes it."""
        import sqlite3

        if type(exc) is sqlite3.DatabaseError:  # "malformed", "not a database"
            self._damaged = True

    def _tool_key(self) -> str:
        """The tool's part of every key: version, Python, the package's file contents (the
        content fingerprint is remembered per stat fingerprint: hashing the package's bytes
        costs ~10 ms, its stat ~1 ms); the bundled catalogues are among those files."""
        from editor import __version__

        files = _package_files()
        where = "code:" + _stat_fingerprint(files)
        row = self._query("SELECT value FROM meta WHERE name = ?", (where,))
        content = row[0] if row and isinstance(row[0], str) else None
        if content is None:
            content = _content_fingerprint(files)
            self._write_meta(where, content)
        python = f"{sys.version_info[0]}.{sys.version_info[1]}"
        return f"{__version__}|{python}|{content}"

    def _write_meta(self, name: str, value: str) -> None:
        if self._db is None:
            return
        import sqlite3

        with contextlib.suppress(sqlite3.Error):
            self._db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (name, value))

    # -- rule codes ----------------------------------------------------------------------

    def _codes_name(self) -> str:
        return "rules:" + _hash(self._tool)

    def rule_codes(self) -> list[str] | None:
        """Every rule code of this exact tool, as stored by an earlier run: ``--select`` and
        ``--ignore`` are checked against it, so a warm run answered from the cache never
        imports the rules. None when not stored yet."""
        row = self._query("SELECT value FROM meta WHERE name = ?", (self._codes_name(),))
        try:
            codes = json.loads(row[0]) if row else None
        except (ValueError, TypeError):
            return None
        if not isinstance(codes, list) or not all(isinstance(c, str) for c in codes):
            return None
        return codes

    def remember_rule_codes(self, codes: list[str]) -> None:
        """Store ``codes`` with what this run writes."""
        self._codes = codes

    # -- inputs checked once -------------------------------------------------------------

    def _vouch_name(self, key: str) -> str:
        return "vouched:" + _hash(self._tool, key)

    def vouched(self, key: str) -> bool:
        """Whether an earlier run of this tool found the input ``key`` names (the
        ``--catalogue`` file's hash) valid: a warm run then need not load it."""
        row = self._query("SELECT value FROM meta WHERE name = ?", (self._vouch_name(key),))
        return row is not None

    def vouch(self, key: str) -> None:
        """Note, with what this run writes, that the input ``key`` names is valid."""
        self._vouches.append(self._vouch_name(key))

    # -- keys and look-ups ---------------------------------------------------------------

    def _surroundings(self, folder: str) -> str:
        known = self._around.get(folder)
        if known is None:
            known = self._around[folder] = surroundings(folder)
        return known

    def key(self, shown: str, raw: bytes, settings: str, players: int | None,
            catalogues: str) -> str:
        """The entry's key: every input of the file's findings (see the module doc);
        ``catalogues``: the file's :func:`_referenced_catalogues`."""
        digest = hashlib.sha256()
        folder = os.path.dirname(shown)
        for part in (self._tool, shown, os.path.realpath(shown), str(players), settings,
                     self._surroundings(folder), catalogues):
            digest.update(part.encode("utf-8", "surrogateescape"))
            digest.update(b"\0")
        digest.update(raw)
        return digest.hexdigest()

    def _context(self, settings: str, players: int | None, folder: str) -> str:
        """The key's parts besides the file's bytes and paths (the index's check), once per
        settings and folder in a run."""
        context = self._contexts.get((settings, players, folder))
        if context is None:
            context = _hash(self._tool, str(players), settings, self._surroundings(folder))
            self._contexts[settings, players, folder] = context
        return context

    def look_up(self, path: Path, settings: str, players: int | None,
                ) -> tuple[str, bytes, list[Finding] | None] | None:
        """The file's key, bytes and cached findings (None on a miss); from the index
        (key and bytes then empty) when the file's stat and context match its row.
        None when the file cannot be read (linting it reports why)."""
        from editor.model.user_paths import read_user_file

        shown = str(path)
        context = self._context(settings, players, os.path.dirname(shown))
        clock = time.time_ns()
        try:
            info = os.stat(path)
        except (OSError, ValueError):
            return None
        head = (f"{info.st_size}:{info.st_mtime_ns}:{info.st_ctime_ns}:{info.st_ino}:"
                f"{info.st_dev}:{context}")
        # JSON, so ASCII: a name that is not UTF-8 (lone surrogates) is stored escaped.
        slot = json.dumps([os.path.join(self._cwd, shown), shown])
        row = self._query("SELECT files.head, entries.rows, entries.used, files.key FROM "
                          "files JOIN entries ON entries.key = files.key "
                          "WHERE files.slot = ?", (slot,))
        if row is not None and row[0] == head:
            found = self._own(_parse(row[1]), shown)
            if found is not None:
                if row[2] < self._now - REFRESH_S:  # used again: pruned last
                    self._used_entries.append(row[3])
                    self._used_files.append(slot)
                return "", b"", found
        try:  # never a byte of a link out of the collection, nor of a special file
            raw = read_user_file(path)
        except Exception:  # linting the file reports the same problem
            return None
        catalogues = _referenced_catalogues(raw, Path(shown).parent)
        key = self.key(shown, raw, settings, players, catalogues)
        found = self._own(self.get(key), shown)
        # a file naming catalogues is never indexed: their bytes are part of its key
        if max(info.st_mtime_ns, info.st_ctime_ns) + RACY_WINDOW_NS <= clock \
                and not catalogues:
            if found is not None:
                self._fresh[slot] = (head, key)
            else:
                self._pending[key] = (slot, head)
        return key, raw, found

    def _own(self, found: list[Finding] | None, shown: str) -> list[Finding] | None:
        """``found`` if every finding names the file looked up; a row naming another
        file can only come from a damaged database: a miss, and the database is remade."""
        if found is not None and any(f.path != shown for f in found):
            self._damaged = True
            return None
        return found

    def get(self, key: str) -> list[Finding] | None:
        row = self._query("SELECT rows, used FROM entries WHERE key = ?", (key,))
        if row is None:
            return None
        found = _parse(row[0])
        if found is not None and row[1] < self._now - REFRESH_S:
            self._used_entries.append(key)
        return found

    # -- storing ---------------------------------------------------------------------------

    def remember(self, key: str, findings: list[Finding]) -> None:
        """Note the findings of a file linted in this run (in this process or a worker),
        for the entries and the index; :meth:`save_index` stores them."""
        pending = self._pending.pop(key, None)
        rows = _rows(findings)
        if rows is None:
            return
        text = json.dumps(rows)  # ASCII with \\u escapes: paths may hold lone surrogates
        self._entries[key] = text
        if pending is not None:
            self._fresh[pending[0]] = (pending[1], key)

    def save_index(self) -> None:
        """Write what this run learnt in one transaction, then keep the size bound; a
        failure only costs the next run a re-lint."""
        if self._db is None or not (self._entries or self._fresh or self._used_files
                                    or self._used_entries or self._codes is not None
                                    or self._vouches):
            return
        import sqlite3

        now = self._now
        try:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.executemany("INSERT OR REPLACE INTO entries VALUES (?, ?, ?)",
                                     [(k, rows, now) for k, rows in self._entries.items()])
                self._db.executemany("INSERT OR REPLACE INTO files VALUES (?, ?, ?, ?)",
                                     [(slot, head, key, now)
                                      for slot, (head, key) in self._fresh.items()])
                self._db.executemany("UPDATE entries SET used = ? WHERE key = ?",
                                     [(now, k) for k in self._used_entries])
                self._db.executemany("UPDATE files SET used = ? WHERE slot = ?",
                                     [(now, s) for s in self._used_files])
                if self._codes is not None:
                    self._db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)",
                                     (self._codes_name(), json.dumps(self._codes)))
                self._db.executemany("INSERT OR REPLACE INTO meta VALUES (?, '1')",
                                     [(name,) for name in self._vouches])
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._prune()
        except sqlite3.Error as exc:
            self._note_damage(exc)
        self._entries, self._fresh, self._used_entries, self._used_files = {}, {}, [], []
        self._codes = None
        self._vouches = []

    def _over(self, limit: int) -> bool:
        pages = self._db.execute("PRAGMA page_count").fetchone()[0]
        free = self._db.execute("PRAGMA freelist_count").fetchone()[0]
        size = self._db.execute("PRAGMA page_size").fetchone()[0]
        return bool((pages - free) * size > limit)

    def _prune(self) -> None:
        """Over the size bound, drop the least recently used half of the rows (until under
        it) and give the pages back to the file system."""
        limit = size_limit()
        pruned = False
        if self._over(limit) and self._db.execute("PRAGMA quick_check").fetchone()[0] != "ok":
            self._damaged = True  # moving pages of a damaged file would spread the damage
            return
        for _ in range(8):
            if not self._over(limit):
                break
            pruned = True
            self._db.execute("BEGIN IMMEDIATE")
            for table, column in (("entries", "key"), ("files", "slot")):
                self._db.execute(
                    f"DELETE FROM {table} WHERE {column} IN (SELECT {column} FROM {table} "
                    f"ORDER BY used LIMIT (SELECT (COUNT(*) + 1) / 2 FROM {table}))")
            self._db.execute("DELETE FROM meta WHERE name LIKE 'code:%'")
            self._db.execute("COMMIT")
        if pruned:
            self._db.executescript("PRAGMA incremental_vacuum;")  # execute() frees one page
            self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")


_FIELDS = tuple(item.name for item in fields(Finding))  # _row's order


def _parse(text: Any) -> list[Finding] | None:
    try:
        return _findings(json.loads(text))
    except (ValueError, TypeError, RecursionError):
        return None


def _findings(rows: Any) -> list[Finding] | None:
    """The findings of an entry's rows; None when they are damaged. A warm run builds
    every finding it prints here (with :func:`from_fields`)."""
    found = []
    try:
        for row in rows:
            values = dict(zip(_FIELDS, row, strict=True))  # ValueError: damaged
            values["regions"] = tuple(values["regions"])
            values["tiles"] = tuple(values["tiles"])
            values["player_counts"] = tuple(values["player_counts"])
            if not _well_typed(values):
                return None
            found.append(from_fields(Finding, values))
    except (ValueError, KeyError, TypeError):
        return None
    return found


def _well_typed(values: dict[str, Any]) -> bool:
    """Whether a row's fields have the types a :class:`Finding` has: every output format
    trusts them (a severity it cannot rank, a line that is text, a path that is a number
    would crash it or print nonsense), and the row is data read from a file."""
    players = values["players"]
    return (type(values["code"]) is str and type(values["severity"]) is str
            and values["severity"] in SEVERITY_RANK and type(values["message"]) is str
            and type(values["path"]) is str and type(values["json_path"]) is str
            and type(values["line"]) is int and type(values["column"]) is int
            and (players is None or type(players) is int)
            and all(type(v) is str for v in values["regions"])
            and all(type(v) is str for v in values["tiles"])
            and all(type(v) is int for v in values["player_counts"]))


def _rows(findings: list[Finding]) -> list[list[Any]] | None:
    """An entry's rows; None when the findings are not cached (:data:`NOT_CACHED`)."""
    if any(f.code in NOT_CACHED for f in findings):
        return None
    return [_row(f) for f in findings]


def _row(finding: Finding) -> list[Any]:
    """A finding as a JSON array of its fields, in :class:`Finding`'s order: an entry is
    read on every warm run, and arrays parse faster than objects repeating their keys."""
    return [finding.code, finding.severity, finding.message, finding.path, finding.json_path,
            finding.line, finding.column, finding.players, list(finding.regions),
            list(finding.tiles), list(finding.player_counts)]
