"""Crash recovery: the document is written to a per-user recovery file a few seconds
after the last edit (:data:`AUTOSAVE_DELAY_MS`, as editors do) and every minute besides.

Recovery files live in ``<AppDataLocation>/autosave``, one per document. A saved
document's file is keyed by its absolute path, so reopening that file finds it. An
untitled document gets a key of its own (``untitled-<random>``), so two untitled
windows never overwrite each other's work; while its editor runs, a lock file
(``QLockFile``, which knows when its holder died) marks the recovery file as live.
A clean save or close removes it. A recovery file found when a document is opened
(or an unlocked untitled one when a new window starts) means a session did not end
cleanly.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from PySide6.QtCore import QLockFile, QObject, QStandardPaths, QTimer

from editor.gui.document import ScenarioDocument
from editor.model.safe_write import write_text

AUTOSAVE_INTERVAL_MS = 60_000
AUTOSAVE_DELAY_MS = 3_000  # quiet time after an edit before its recovery file is written
UNTITLED_PREFIX = "untitled-"
SUFFIX = ".realm.json"


def autosave_dir() -> Path:
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(base) / "autosave"


def recovery_key(path: Path | None, untitled_key: str = "") -> str:
    """The file stem for a document: its name and a hash of its path, or the untitled key."""
    if path is None:
        return f"{UNTITLED_PREFIX}{untitled_key or 'document'}"
    digest = hashlib.sha256(str(path.resolve()).encode()).hexdigest()[:16]
    return f"{path.stem.removesuffix('.realm')}-{digest}"


def recovery_path(path: Path | None, untitled_key: str = "") -> Path:
    return autosave_dir() / f"{recovery_key(path, untitled_key)}{SUFFIX}"


def read_recovery_file(candidate: Path) -> str | None:
    """The text of a recovery file, if it exists and is readable."""
    try:
        return candidate.read_text(encoding="utf-8")
    except OSError:
        return None


def _lock_for(recovery: Path) -> QLockFile:
    lock = QLockFile(str(recovery.with_suffix(".lock")))
    lock.setStaleLockTime(0)  # only a dead holder makes a lock stale, never its age
    return lock


def orphaned_untitled() -> list[Path]:
    """Untitled recovery files no running editor holds, newest first.

    Taking and dropping each lock is how we learn its holder is gone: QLockFile
    removes a lock whose process no longer runs.
    """
    folder = autosave_dir()
    found = []
    for candidate in folder.glob(f"{UNTITLED_PREFIX}*{SUFFIX}"):
        lock = _lock_for(candidate)
        if lock.tryLock(0):
            lock.unlock()
            found.append(candidate)
    return sorted(found, key=_mtime, reverse=True)


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def remove_recovery(path: Path) -> None:
    """A recovery file and the notes kept beside it."""
    for candidate in (path, path.with_suffix(".source"), path.with_suffix(".lock")):
        candidate.unlink(missing_ok=True)


class Autosaver(QObject):
    def __init__(self, doc: ScenarioDocument, interval_ms: int = AUTOSAVE_INTERVAL_MS,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.untitled_key = os.urandom(6).hex()  # (uuid: 10 ms of imports at launch)
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.autosave)
        self.timer.start()
        # A burst of edits is written once, a moment after it ends: a crash loses at
        # most a few seconds of work instead of up to a minute.
        self.soon = QTimer(self)
        self.soon.setSingleShot(True)
        self.soon.setInterval(min(AUTOSAVE_DELAY_MS, interval_ms))
        self.soon.timeout.connect(self.autosave)
        doc.modelChanged.connect(self.soon.start)
        if doc.dirty:  # a generated realm: work no file holds yet
            self.soon.start()
        self._written: Path | None = None
        self._lock: QLockFile | None = None

    def target(self) -> Path:
        return recovery_path(self.doc.path, self.untitled_key)

    def autosave(self) -> Path | None:
        """Write the recovery file if there are unsaved changes; returns its path."""
        if not self.doc.dirty:
            return None
        target = self.target()
        target.parent.mkdir(parents=True, exist_ok=True)
        if self.doc.path is None and self._lock is None:
            self._lock = _lock_for(target)
            self._lock.tryLock(0)
        write_text(target, self.doc.text())
        sidecar = target.with_suffix(".source")
        write_text(sidecar, json.dumps({"path": str(self.doc.path or "")}))
        if self._written is not None and self._written != target:
            self._forget_written()
        self._written = target
        return target

    def stop(self) -> None:
        """No more writes (the document is closed or replaced)."""
        self.timer.stop()
        self.soon.stop()

    def discard(self) -> None:
        """Forget the recovery file (after a clean save or close)."""
        remove_recovery(recovery_path(self.doc.path, self.untitled_key))
        self._forget_written()

    def _forget_written(self) -> None:
        if self._lock is not None:
            self._lock.unlock()
            self._lock = None
        if self._written is not None:
            remove_recovery(self._written)
        self._written = None
