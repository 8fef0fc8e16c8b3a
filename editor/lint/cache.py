"""Lint's result cache, like ruff's: re-linting unchanged files costs a hash and a read.

Entries live in ``.realms_cache/`` at the project root of the linted files (the nearest
folder upward with ``pyproject.toml``, ``realms.toml`` or ``.git``; ``REALMS_CACHE_DIR``
overrides it). Files outside any project are not cached, so linting a stray folder
leaves nothing behind. An entry's key is a SHA-256 of everything its findings depend
on: the file's bytes, the shown path, the player count, the effective settings, the
bundled and referenced catalogues' bytes and the tool (its version and a fingerprint of
its code and data files). Entries are written to a temporary file and renamed into
place, so concurrent runs never read half an entry; a damaged entry is a miss.

Like git's index, one more file (``index.json`` beside the entries) lets a warm run stat
each file instead of reading and hashing it: per shown path it holds the file's size,
modification and change times (ns), inode and device, a hash of the rest of the key
(tool, player count, settings) and the findings. A file is answered from it
only when all five stat fields and that hash are equal; anything else falls back to
reading and hashing the file (so an edit keeping size and mtime, as ``touch -d`` or
``rsync -t`` make, changes the ctime, which no user call can set back). Against "racy"
timestamps, a file is indexed only if its mtime and ctime are at least
:data:`RACY_WINDOW_NS` older than the moment it was stat'ed before being read: an edit
made after that stat then has a later timestamp even on a filesystem with coarse (up to
2 s) timestamps. Files that name custom catalogues are never indexed (their key holds the
catalogues' bytes). The index is written atomically after a run that changed it; two
concurrent runs each write a correct index and the last one wins.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import time
from dataclasses import fields
from functools import cache
from pathlib import Path
from typing import Any

from editor.lint.findings import INTERNAL, IO_ERROR, WORKER_DIED, Finding, from_fields

CACHE_DIR_NAME = ".realms_cache"
ROOT_MARKERS = ("pyproject.toml", "realms.toml", ".git")
ENTRIES = "lint-v2"  # v2: each finding is a row of its fields, not an object
NOT_CACHED = frozenset({INTERNAL, IO_ERROR, WORKER_DIED})  # bugs, I/O trouble, dead workers
INDEX = "index.json"
RACY_WINDOW_NS = 3_000_000_000  # > FAT's 2 s timestamps, and coarse kernel clocks
INDEX_LIMIT = 50_000  # entries of files outside a run kept in the index at most


def cache_dir_for(path: Path) -> Path | None:
    """Where results for ``path`` are cached: ``REALMS_CACHE_DIR``, else ``.realms_cache``
    at the project root above ``path``, else nowhere (None)."""
    override = os.environ.get("REALMS_CACHE_DIR")
    if override:
        return Path(override)
    try:
        start = path.resolve()
    except (OSError, RuntimeError):
        return None
    for folder in (start, *start.parents):
        if any(os.path.exists(folder / marker) for marker in ROOT_MARKERS):  # never raises
            return folder / CACHE_DIR_NAME
    return None


def disabled() -> bool:
    return os.environ.get("REALMS_NO_CACHE", "") not in ("", "0")


@cache
def _code_fingerprint() -> str:
    """Size and modification time of every module and data file of the package: a
    development checkout's edits invalidate entries though the version is unchanged."""
    import editor

    digest = hashlib.sha256()
    package = next(iter(editor.__path__))  # the installed or checked-out package folder
    for root, dirs, files in os.walk(package, followlinks=True):  # data/schemas links
        dirs[:] = sorted(d for d in dirs if d not in ("__pycache__", "gui"))
        for name in sorted(files):
            if name.endswith((".py", ".json", ".toml")):
                info = os.stat(os.path.join(root, name))
                digest.update(f"{root}/{name}:{info.st_size}:{info.st_mtime_ns}\n".encode())
    return digest.hexdigest()


@cache
def _bundled_catalogue_hash() -> str:
    from editor.model.paths import data_file  # the catalogue module itself is not needed

    return hashlib.sha256(data_file("tiles.json").read_bytes()).hexdigest()


def tool_key() -> str:
    """The tool's part of every key: version, code fingerprint, bundled catalogue."""
    from editor import __version__

    return f"{__version__}|{_code_fingerprint()}|{_bundled_catalogue_hash()}"


def _referenced_catalogues(raw: bytes, folder: Path) -> str:
    """Hashes of the custom catalogues a scenario names (read bounded, never followed
    into special files); empty when it names none."""
    if b'"catalogues"' not in raw:
        return ""
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
            content = read_limited_bytes(folder / str(name))
            parts.append(f"{name}={hashlib.sha256(content).hexdigest()}")
        except (LoadError, OSError, ValueError):
            parts.append(f"{name}=unreadable")
    return ";".join(parts)


class ResultCache:
    """Findings per (file content, settings, tool), in one folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.entries = folder / ENTRIES
        self._tool = tool_key()
        self._ready = False
        self._codes: list[str] | None = None
        self._index: dict[str, list[Any]] | None = None
        self._fresh: dict[str, list[Any]] = {}  # index entries this run (re)made
        self._pending: dict[str, tuple[str, list[Any]]] = {}  # key -> (shown, entry head)
        self._contexts: dict[tuple[str, int | None], str] = {}

    def _codes_file(self) -> Path:
        tool = hashlib.sha256(self._tool.encode("utf-8")).hexdigest()[:32]
        return self.entries / f"rules-{tool}.codes"  # not *.json: no entry

    def rule_codes(self) -> list[str] | None:
        """Every rule code of this exact tool (version and code fingerprint), as stored by
        an earlier run: ``--select``/``--ignore`` are checked against it, so a warm run
        answered from the cache never imports the rules. None when not stored yet."""
        try:
            codes = json.loads(self._codes_file().read_bytes())
        except (OSError, ValueError):
            return None
        if not isinstance(codes, list) or not all(isinstance(c, str) for c in codes):
            return None
        return codes

    def remember_rule_codes(self, codes: list[str]) -> None:
        """Store ``codes`` with the first entry this run writes."""
        self._codes = codes

    def key(self, shown: str, raw: bytes, settings: str, players: int | None) -> str:
        digest = hashlib.sha256()
        for part in (self._tool, shown, str(players), settings,
                     _referenced_catalogues(raw, Path(shown).parent)):
            digest.update(part.encode("utf-8", "surrogateescape"))
            digest.update(b"\0")
        digest.update(raw)
        return digest.hexdigest()

    def _context(self, settings: str, players: int | None) -> str:
        """The key's parts besides the file's bytes and shown path (the index's key), once
        per settings in a run."""
        context = self._contexts.get((settings, players))
        if context is None:
            digest = hashlib.sha256()
            for part in (self._tool, str(players), settings):
                digest.update(part.encode("utf-8", "surrogateescape"))
                digest.update(b"\0")
            context = self._contexts[settings, players] = digest.hexdigest()
        return context

    def _load_index(self) -> dict[str, list[Any]]:
        if self._index is None:
            try:
                data = json.loads((self.entries / INDEX).read_bytes())
                files = data["files"] if data.get("tool") == self._tool else {}
                self._index = files if isinstance(files, dict) else {}
            except (OSError, ValueError, AttributeError, KeyError, TypeError):
                self._index = {}
        return self._index

    def look_up(self, path: Path, settings: str, players: int | None,
                ) -> tuple[str, bytes, list[Finding] | None] | None:
        """The file's key, bytes and cached findings (None on a miss); from the index
        (key and bytes then empty) when the file's stat and context match its entry.
        None when the file cannot be read (linting it reports why)."""
        from editor.model.jsonio import read_limited_bytes

        shown = str(path)
        context = self._context(settings, players)
        clock = time.time_ns()
        try:
            info = os.stat(path)
        except (OSError, ValueError):
            return None
        head = [info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino, info.st_dev,
                context]
        entry = self._load_index().get(shown)
        if isinstance(entry, list) and entry[:6] == head:
            found = _findings(entry[6])
            if found is not None:
                return "", b"", found
        try:
            raw = read_limited_bytes(path)
        except Exception:  # linting the file reports the same problem
            return None
        key = self.key(shown, raw, settings, players)
        found = self.get(key)
        if (max(info.st_mtime_ns, info.st_ctime_ns) + RACY_WINDOW_NS <= clock
                and b'"catalogues"' not in raw):
            if found is not None:
                self._fresh[shown] = [*head, [_row(f) for f in found]]
            else:
                self._pending[key] = (shown, head)
        return key, raw, found

    def save_index(self) -> None:
        """Write the index if this run added to it (atomically; last writer wins)."""
        if not self._fresh:
            return
        old = self._load_index()
        kept = {} if len(old) > INDEX_LIMIT else {
            shown: entry for shown, entry in old.items()
            if shown not in self._fresh and isinstance(entry, list) and len(entry) == 7}
        payload = json.dumps({"tool": self._tool, "files": {**kept, **self._fresh}}
                             ).encode("ascii")  # \u escapes: paths may hold lone surrogates
        with contextlib.suppress(OSError):
            self._prepare()
            _write_atomic(self.entries, self.entries / INDEX, payload)
        self._index = None
        self._fresh = {}

    def get(self, key: str) -> list[Finding] | None:
        try:
            with open(self.entries / f"{key}.json", "rb") as handle:
                rows = json.loads(handle.read())
        except (OSError, ValueError):
            return None
        return _findings(rows)

    def put(self, key: str, findings: list[Finding]) -> None:
        """Store atomically; a failure to write only costs the next run a re-lint."""
        rows = _rows(findings)
        self._note(key, rows)
        if rows is not None:
            self._write(key, rows)

    def write(self, key: str, findings: list[Finding]) -> None:
        """Write ``key``'s entry, not the index: what a worker process does, in parallel,
        while the parent only notes it (:meth:`remember`)."""
        rows = _rows(findings)
        if rows is not None:
            self._write(key, rows)

    def remember(self, key: str, findings: list[Finding]) -> None:
        """Note for the index the findings whose entry a worker wrote (:meth:`write`)."""
        self._note(key, _rows(findings) if key in self._pending else None)

    def _note(self, key: str, rows: list[list[Any]] | None) -> None:
        pending = self._pending.pop(key, None)
        if pending is not None and rows is not None:
            self._fresh[pending[0]] = [*pending[1], rows]

    def _write(self, key: str, rows: list[list[Any]]) -> None:
        # ASCII with \u escapes: a path that is not UTF-8 (os.fsdecode's lone surrogates)
        # or a message quoting one cannot be encoded as UTF-8, and must not stop the run.
        payload = json.dumps(rows).encode("ascii")
        with contextlib.suppress(OSError):
            self._prepare()
            _write_atomic(self.entries, self.entries / f"{key}.json", payload)

    def _prepare(self) -> None:
        if self._ready:
            return
        self.entries.mkdir(parents=True, exist_ok=True)
        for name, text in (("CACHEDIR.TAG", "Signature: 8a477f597d28d172789f06886806bc55\n"
                            "# created by realms lint; `realms clean` removes it\n"),
                           (".gitignore", "# created by realms lint\n*\n")):
            target = self.folder / name
            if not target.exists():
                with contextlib.suppress(OSError):
                    target.write_text(text, encoding="utf-8")
        if self._codes is not None:
            _write_atomic(self.entries, self._codes_file(),
                          json.dumps(self._codes).encode("utf-8"))
        self._ready = True


def _write_atomic(folder: Path, target: Path, payload: bytes) -> None:
    """Write ``payload`` to a temporary file in ``folder`` and rename it to ``target``, so
    a concurrent reader sees the whole file or none; OSError when it cannot."""
    import tempfile  # only a run that writes needs it (~3 ms of a warm run's start)

    fd, temp = tempfile.mkstemp(dir=folder, prefix=".tmp-", suffix=".json")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(payload)
        os.replace(temp, target)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


_FIELDS = tuple(item.name for item in fields(Finding))  # _row's order


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
            found.append(from_fields(Finding, values))
    except (ValueError, KeyError, TypeError):
        return None
    return found


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
