"""Lint's result cache, like ruff's: re-linting unchanged files costs a hash and a read.

Entries live in ``.realms_cache/`` at the project root of the linted files (the nearest
folder upward with ``pyproject.toml``, ``realms.toml`` or ``.git``; ``REALMS_CACHE_DIR``
overrides it). Files outside any project are not cached, so linting a stray folder
leaves nothing behind. An entry's key is a SHA-256 of everything its findings depend
on: the file's bytes, the shown path, the player count, the effective settings, the
bundled and referenced catalogues' bytes and the tool (its version and a fingerprint of
its code and data files). Entries are written to a temporary file and renamed into
place, so concurrent runs never read half an entry; a damaged entry is a miss.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

from editor.lint.findings import Finding

CACHE_DIR_NAME = ".realms_cache"
ROOT_MARKERS = ("pyproject.toml", "realms.toml", ".git")
ENTRIES = "lint-v2"  # v2: each finding is a row of its fields, not an object
NOT_CACHED = frozenset({"S000", "S001", "S007"})  # bugs, I/O trouble, dead workers


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

    def get(self, key: str) -> list[Finding] | None:
        try:
            with open(self.entries / f"{key}.json", "rb") as handle:
                rows = json.loads(handle.read())
            return [Finding(code, severity, message, path, json_path, line, column, players,
                            tuple(regions), tuple(tiles), tuple(counts))
                    for (code, severity, message, path, json_path, line, column, players,
                         regions, tiles, counts) in rows]
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def put(self, key: str, findings: list[Finding]) -> None:
        """Store atomically; a failure to write only costs the next run a re-lint."""
        if any(f.code in NOT_CACHED for f in findings):
            return
        payload = json.dumps([_row(f) for f in findings], ensure_ascii=False).encode("utf-8")
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
    fd, temp = tempfile.mkstemp(dir=folder, prefix=".tmp-", suffix=".json")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(payload)
        os.replace(temp, target)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def _row(finding: Finding) -> list[Any]:
    """A finding as a JSON array of its fields, in :class:`Finding`'s order: an entry is
    read on every warm run, and arrays parse faster than objects repeating their keys."""
    return [finding.code, finding.severity, finding.message, finding.path, finding.json_path,
            finding.line, finding.column, finding.players, list(finding.regions),
            list(finding.tiles), list(finding.player_counts)]
