"""File → Locate catalogue…: point a scenario's missing catalogue reference at a file.

A realm whose catalogue file has moved opens anyway, its tiles drawn as placeholders
(:func:`editor.model.scenario_io.catalogue_for`). Here the user picks the file; the
reference is written relative to the scenario's folder (as every catalogue reference
is read), as one undoable step, and the tiles are read again.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from editor.escaping import display_path
from editor.gui.commands import EditProperties
from editor.model.catalogue_refs import ReferenceRefused, load_referenced_catalogue

# Asks for the file of one missing reference: (parent, title, folder to start in) -> the
# chosen file or None. Tests give the window a ``choose_catalogue`` of their own.
CatalogueChooser = Callable[[QWidget, str, Path], Path | None]


def pick_catalogue_file(parent: QWidget, title: str, start: Path) -> Path | None:
    name, _filter = QFileDialog.getOpenFileName(parent, title, str(start),
                                                "Tile catalogues (*.json)")
    return Path(name) if name else None


def _start_folder(looked_for: Path, base: Path) -> Path:
    """The nearest existing folder of where the file was looked for (else the scenario's)."""
    for folder in looked_for.parents:
        if folder.is_dir() and (folder == base or folder.is_relative_to(base)):
            return folder
    return base


def locate_missing(window: Any, choose: CatalogueChooser | None = None) -> int:
    """Ask for the file of each missing catalogue and rewrite its reference; the number of
    references located (the window's status bar says what happened)."""
    doc = window.doc
    if not doc.missing or doc.path is None:
        window.statusBar().showMessage("No catalogue of this scenario is missing", 5000)
        return 0
    choose = choose or getattr(window, "choose_catalogue", None) or pick_catalogue_file
    base = doc.path.parent
    located = 0
    for missing in doc.missing:
        chosen = choose(window, f"Locate catalogue {missing.reference}",
                        _start_folder(missing.looked_for, base))
        if chosen is None:
            break
        reference = Path(os.path.relpath(chosen.resolve(), base.resolve())).as_posix()
        try:
            load_referenced_catalogue(reference, base)
        except ReferenceRefused as exc:
            QMessageBox.warning(window, "Locate catalogue",
                                f"{display_path(str(chosen))} {exc.message}; {exc.hint}")
            continue
        state = doc.meta_state()
        references = list(state.sections.get("catalogues", []))
        references[missing.index] = reference
        sections = {**state.sections, "catalogues": references}
        doc.undo_stack.push(EditProperties(
            doc, type(state)(state.title, state.players_min, state.players_max, sections),
            f"Locate catalogue {reference}"))
        located += 1
    if located:
        from editor.gui.designer.integration import reload_catalogue

        problem = reload_catalogue(window)
        window.statusBar().showMessage(
            problem or f"Located {located} catalogue{'s' if located != 1 else ''}: the "
            "reference is relative to the scenario's folder; save to keep it", 10000)
    return located
