"""Crash recovery: the document is written to a per-user recovery file a few seconds
after the last edit (:data:`AUTOSAVE_DELAY_MS`, as editors do) and every minute besides.

Recovery files live in ``<AppDataLocation>/autosave``, one per document. A saved
document's file is keyed by its absolute path, so reopening that file finds it. An
untitled document gets a key of its own (``untitled-<random>``), so two untitled
windows never overwrite each other's work. While its editor runs, a lock file
(``QLockFile``, which knows when its holder died) marks a recovery file as live: a
second editor on the same file neither offers nor removes it, and writes its own work
to a file of its session beside it (``<key>-session-<random>``). A clean save or close
removes the editor's own file, and so does undoing back to the saved state. A recovery
file found unlocked when a document is opened (or an unlocked untitled one when a new
window starts) means a session did not end cleanly. A recovery file that cannot be
written is reported (:attr:`Autosaver.failed`): the window says crash recovery is off.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from PySide6.QtCore import QLockFile, QObject, QStandardPaths, QTimer, Signal

from editor.gui.document import ScenarioDocument
from editor.model.safe_write import write_text

AUTOSAVE_INTERVAL_MS = 60_000
AUTOSAVE_DELAY_MS = 3_000  # quiet time after an edit before its recovery file is written
UNTITLED_PREFIX = "untitled-"
SESSION_INFIX = "-session-"  # a second editor's own file beside a live one's
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


def held_by_a_running_editor(recovery: Path) -> bool:
    """Whether a running editor (this process's other windows included) holds
    ``recovery``: taking its lock fails only while its holder lives."""
    lock = _lock_for(recovery)
    if lock.tryLock(0):
        lock.unlock()
        return False
    return True


def session_files(recovery: Path) -> list[Path]:
    """The files other editors' sessions wrote beside ``recovery`` for the same document."""
    stem = recovery.name.removesuffix(SUFFIX)
    return sorted(recovery.parent.glob(f"{stem}{SESSION_INFIX}*{SUFFIX}"))


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


def remove_recovery(path: Path, *, keep_lock: bool = False) -> None:
    """A recovery file and the notes kept beside it (its lock too, unless ``keep_lock``:
    the editor holding it writes there again at its next edit)."""
    parts = [path, path.with_suffix(".source")] + ([] if keep_lock else
                                                   [path.with_suffix(".lock")])
    for candidate in parts:
        candidate.unlink(missing_ok=True)


class Autosaver(QObject):
    failed = Signal(str)  # why the recovery file could not be written ("" once it is again)

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
        self._chosen: tuple[Path, Path] | None = None  # (the document's file, ours)
        self.failure = ""

    def target(self) -> Path:
        """This editor's recovery file: the document's own, locked, unless a running
        editor holds that one; then a file of this session beside it."""
        own = recovery_path(self.doc.path, self.untitled_key)
        if self._chosen is not None and self._chosen[0] == own:
            return self._chosen[1]
        if self._lock is not None:  # the document moved (Save As): its old lock goes
            self._lock.unlock()
            self._lock = None
        chosen = own
        own.parent.mkdir(parents=True, exist_ok=True)
        lock = _lock_for(own)
        if not lock.tryLock(0):
            chosen = own.with_name(own.name.removesuffix(SUFFIX)
                                   + f"{SESSION_INFIX}{self.untitled_key}{SUFFIX}")
            lock = _lock_for(chosen)
            lock.tryLock(0)
        self._lock, self._chosen = lock, (own, chosen)
        return chosen

    def holds(self, recovery: Path) -> bool:
        return self._chosen is not None and self._chosen[1] == recovery

    def autosave(self) -> Path | None:
        """Write the recovery file if there are unsaved changes (and remove it once undo
        has come back to the saved state); returns its path."""
        if not self.doc.dirty:
            if self._written is not None:
                self._forget_written()
            return None
        try:
            target = self.target()
            write_text(target, self.doc.text())
            sidecar = target.with_suffix(".source")
            write_text(sidecar, json.dumps({"path": str(self.doc.path or "")}))
        except OSError as exc:
            why = f"{exc.filename or autosave_dir()}: {exc.strerror or exc}"
            if why != self.failure:
                self.failure = why
                self.failed.emit(why)
            return None
        if self.failure:
            self.failure = ""
            self.failed.emit("")
        if self._written is not None and self._written != target:
            self._forget_written()
        self._written = target
        return target

    def stop(self) -> None:
        """No more writes (the document is closed or replaced)."""
        self.timer.stop()
        self.soon.stop()

    def discard(self) -> None:
        """Forget this editor's recovery file (after a clean save or close). Only its
        own: another editor's, running or crashed, holds that editor's work."""
        if self._chosen is not None:
            remove_recovery(self._chosen[1])
        self._forget_written()
        if self._lock is not None:
            self._lock.unlock()
            self._lock = None
        self._chosen = None

    def _forget_written(self) -> None:
        if self._written is not None:
            remove_recovery(self._written, keep_lock=self.holds(self._written))
        self._written = None
