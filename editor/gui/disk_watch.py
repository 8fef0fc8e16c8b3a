"""Files changed on disk behind the editor's back, as Tiled handles them.

The open scenario and its catalogue files are watched (``QFileSystemWatcher``). Editors
save atomically, writing a new file and renaming it over the old one, which drops the
old file from the watcher: the folders are watched too and the files added again. A
burst of notifications is taken as one change after :data:`SETTLE_MS`.

- The scenario changed and the editor holds no unsaved edit: it is reloaded, with a
  note in the status bar (nothing of the user's can be lost).
- The scenario changed and there are unsaved edits: the user chooses **Reload** (take
  the file, drop the edits) or **Keep mine** (a later Save writes the edits over it).
- A catalogue changed: the tiles are read again; the scenario's edits are untouched.
- A change seen while another window is active waits until the user comes back to this
  one: no question pops up over other work.
- Save never writes over a file changed since it was loaded or saved without asking
  (:meth:`DiskWatch.may_overwrite`, comparing the :class:`DiskStamp` recorded then).

Autosave and crash recovery are unaffected: recovery files are the editor's own.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QFileSystemWatcher, QObject, QTimer
from PySide6.QtWidgets import QMessageBox
from shiboken6 import isValid

from editor.escaping import display_path
from editor.gui.document import ScenarioDocument
from editor.model.disk_stamp import DiskStamp
from editor.model.errors import LoadError
from editor.model.scenario_io import load_scenario

SETTLE_MS = 150
RELOAD = QMessageBox.StandardButton.Yes  # the buttons' roles, worded below
KEEP = QMessageBox.StandardButton.No


def ask_reload(parent: Any, name: str) -> QMessageBox.StandardButton:
    box = QMessageBox(QMessageBox.Icon.Question, "File changed on disk",
                      f"{name} was changed on disk by another program.\n\nReload it and "
                      "drop your unsaved changes, or keep yours (Save then writes them over "
                      "the file)?", RELOAD | KEEP, parent)
    box.button(RELOAD).setText("&Reload")
    box.button(KEEP).setText("&Keep mine")
    box.setDefaultButton(KEEP)
    return QMessageBox.StandardButton(box.exec())


def ask_overwrite(parent: Any, name: str) -> bool:
    box = QMessageBox(QMessageBox.Icon.Warning, "File changed on disk",
                      f"{name} was changed on disk since it was opened or last saved, by "
                      "another program.\n\nWrite your version over it? Its changes are lost.",
                      QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Cancel,
                      parent)
    box.button(QMessageBox.StandardButton.Save).setText("&Overwrite")
    box.setDefaultButton(QMessageBox.StandardButton.Cancel)
    return box.exec() == QMessageBox.StandardButton.Save


class DiskWatch(QObject):
    """Watches the window's document files; see the module's docstring."""

    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.window = window
        self.watcher = QFileSystemWatcher(self)
        self.watcher.fileChanged.connect(self._poke)
        self.watcher.directoryChanged.connect(self._poke)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(SETTLE_MS)
        self._timer.timeout.connect(self.check)
        self._asking = False
        self._pending = False  # a change seen while the window was in the background
        # Changes the user has already answered for (path -> the stamp then on disk).
        self._answered: dict[Path, DiskStamp] = {}
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Back in the window: look at what changed meanwhile (as Tiled does, the question
        waits for the user to come back instead of popping up over other windows)."""
        if event.type() == QEvent.Type.WindowActivate and self._pending:
            self._pending = False
            self._timer.start()
        return False

    @property
    def doc(self) -> ScenarioDocument:
        document: ScenarioDocument = self.window.doc
        return document

    def watch(self, doc: ScenarioDocument) -> None:
        """Watch ``doc``'s files (again: after an open, a save as, a reload)."""
        for paths in (self.watcher.files(), self.watcher.directories()):
            if paths:
                self.watcher.removePaths(paths)
        self._answered.clear()
        files = doc.watched_files()
        folders = sorted({str(f.parent) for f in files if f.parent.is_dir()})
        existing = [str(f) for f in files if f.is_file()]
        for paths in (existing, folders):
            if paths:
                self.watcher.addPaths(paths)

    def _poke(self, _path: str) -> None:
        self._timer.start()

    def _fresh(self) -> list[Path]:
        """The changed files not yet answered for."""
        found = []
        for path in self.doc.changed_on_disk():
            answered = self._answered.get(path)
            if answered is None or not answered.same_content(path):
                found.append(path)
        return found

    def check(self) -> None:
        """Look at the watched files now (the settle timer calls this)."""
        if self._asking or not isValid(self.window) or not self.window.isVisible():
            return  # (a closing window asks nothing)
        if not self.window.isActiveWindow():
            self._pending = True
            return
        doc = self.doc
        watched = set(self.watcher.files())
        gone_back = [str(p) for p in doc.watched_files()
                     if str(p) not in watched and p.is_file()]
        if gone_back:  # replaced by an atomic rename: watch the new file
            self.watcher.addPaths(gone_back)
        changed = self._fresh()
        if not changed:
            return
        if doc.path in changed and DiskStamp.of(doc.path) is not None:
            self._scenario_changed(doc.path)
        elif any(p != doc.path for p in changed):
            self._catalogues_changed([p for p in changed if p != doc.path])

    def _scenario_changed(self, path: Path) -> None:
        doc = self.doc
        if doc.dirty:
            self._asking = True
            try:
                answer = ask_reload(self.window, doc.display_name)
            finally:
                self._asking = False
            if not isValid(self.window):
                return
            if answer != RELOAD:
                doc.record_disk(path)  # the user's version wins: Save writes without asking
                self.window.statusBar().showMessage(
                    f"Kept your version of {display_path(str(path))}; Save writes it over "
                    "the changed file", 8000)
                return
        self.reload(path)

    def reload(self, path: Path) -> bool:
        """Open the file again as it is on disk (the current edits are dropped)."""
        try:
            loaded = load_scenario(path, missing_ok=True)
        except LoadError as exc:
            self._answer(path)
            self.window.statusBar().showMessage(
                f"{display_path(str(path))} changed on disk but cannot be read ({exc.message});"
                " your version is kept", 10000)
            return False
        window = self.window
        board, players = self.doc.board_id, self.doc.players
        window._drop_recovery()
        window.set_document(ScenarioDocument.from_loaded(loaded), offer_recovery=False)
        doc = self.doc
        if board in {b.id for b in doc.scenario.boards}:
            doc.set_board(board)
        if doc.scenario.players_min <= players <= doc.scenario.players_max:
            doc.set_players(players)
        window.statusBar().showMessage(
            f"Reloaded {display_path(str(path))}: it was changed on disk", 8000)
        return True

    def _catalogues_changed(self, paths: list[Path]) -> None:
        from editor.gui.designer.integration import reload_catalogue

        problem = reload_catalogue(self.window)
        for path in paths:
            self._answer(path)
            self.doc.record_disk(path)
        names = ", ".join(display_path(str(p)) for p in paths)
        self.window.statusBar().showMessage(
            problem or f"Tiles read again: {names} changed on disk", 8000)

    def _answer(self, path: Path) -> None:
        stamp = DiskStamp.of(path)
        if stamp is not None:
            self._answered[path] = stamp

    def may_overwrite(self, path: Path) -> bool:
        """Whether Save may write ``path``: it is not the open file, or it is unchanged
        since it was read or written, or the user says to overwrite it."""
        doc = self.doc
        stamp = doc.disk.get(path)
        if path != doc.path or stamp is None or stamp.same_content(path):
            return True
        self._timer.stop()
        self._asking = True
        try:
            overwrite = ask_overwrite(self.window, doc.display_name)
        finally:
            self._asking = False
        self._answer(path)
        return overwrite
