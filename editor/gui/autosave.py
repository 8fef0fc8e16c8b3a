"""Crash recovery: the document is written to a per-user recovery file every minute.

Recovery files live in ``<AppDataLocation>/autosave``, one per document, keyed by
the document's absolute path (or "untitled"). A clean save or close removes it;
finding one when a document is opened means the last session did not end cleanly.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from PySide6.QtCore import QObject, QStandardPaths, QTimer

from editor.gui.document import ScenarioDocument
from editor.model.jsonio import write_text_atomic

AUTOSAVE_INTERVAL_MS = 60_000


def autosave_dir() -> Path:
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(base) / "autosave"


def recovery_key(path: Path | None) -> str:
    if path is None:
        return "untitled"
    digest = hashlib.sha256(str(path.resolve()).encode()).hexdigest()[:16]
    return f"{path.stem.removesuffix('.realm')}-{digest}"


def recovery_path(path: Path | None) -> Path:
    return autosave_dir() / f"{recovery_key(path)}.realm.json"


def read_recovery(path: Path | None) -> str | None:
    """The recovered text for a document path, if a recovery file exists and is readable."""
    candidate = recovery_path(path)
    try:
        return candidate.read_text(encoding="utf-8")
    except OSError:
        return None


class Autosaver(QObject):
    def __init__(self, doc: ScenarioDocument, interval_ms: int = AUTOSAVE_INTERVAL_MS,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.autosave)
        self.timer.start()
        self._written: Path | None = None

    def autosave(self) -> Path | None:
        """Write the recovery file if there are unsaved changes; returns its path."""
        if not self.doc.dirty:
            return None
        target = recovery_path(self.doc.path)
        target.parent.mkdir(parents=True, exist_ok=True)
        write_text_atomic(target, self.doc.text())
        sidecar = target.with_suffix(".source")
        sidecar.write_text(json.dumps({"path": str(self.doc.path or "")}), encoding="utf-8")
        if self._written is not None and self._written != target:
            self._remove(self._written)
        self._written = target
        return target

    def discard(self) -> None:
        """Forget the recovery file (after a clean save or close)."""
        for path in {recovery_path(self.doc.path), self._written}:
            if path is not None:
                self._remove(path)
        self._written = None

    @staticmethod
    def _remove(path: Path) -> None:
        for candidate in (path, path.with_suffix(".source")):
            candidate.unlink(missing_ok=True)
