"""The designer and the main window: open it from the Tiles menu or a placed tile, and when a
catalogue is saved, make the open scenario reference it and re-derive every open realm that
uses it (its palette, canvas and issues follow at once)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

from editor.escaping import display_path
from editor.geometry.migrate import relink
from editor.gui.analysis import make_deriver
from editor.gui.commands import EditProperties, RestoreScenario
from editor.gui.designer.window import DesignerWindow, open_catalogue_file
from editor.model.catalogue import DEFAULT_CATALOGUE_PATH, Catalogue, parse_catalogue
from editor.model.catalogue_refs import ReferenceRefused, load_referenced_catalogue
from editor.model.errors import LoadError
from editor.model.scenario import Scenario
from editor.model.scenario_io import CatalogueRefused, catalogue_for

# MainWindow is typed loosely (Any) here: importing it would be circular, and the designer only
# needs its ``doc``, ``tile_palette`` and status bar.
MainLike = Any


def open_designer(window: MainLike, data: dict[str, Any] | None = None,
                  path: Path | None = None, key: str | None = None,
                  side: str | None = None) -> DesignerWindow:
    designer = DesignerWindow(data, path, key, side, parent=window)
    designer.saved.connect(lambda saved: catalogue_saved(window, saved))
    designer.before_save = lambda target, saving: confirm_stranded(designer, target, saving)
    designers: list[DesignerWindow] = getattr(window, "designers", [])
    designers.append(designer)
    window.designers = designers
    designer.show()
    return designer


def new_catalogue(window: MainLike) -> DesignerWindow:
    """Tiles → New catalogue: one tile (a free key) with a whole-hex region on each side."""
    return open_designer(window)


def edit_catalogue(window: MainLike, path: Path | None = None) -> DesignerWindow | None:
    """Tiles → Edit catalogue…: pick a catalogue file (the scenario's folder first)."""
    if path is None:
        doc = window.doc
        start = str(doc.path.parent) if doc.path is not None else str(Path.cwd())
        name, _filter = QFileDialog.getOpenFileName(window, "Edit catalogue", start,
                                                    "Tile catalogues (*.json)")
        if not name:
            return None
        path = Path(name)
    try:
        data = open_catalogue_file(path)
    except LoadError as exc:
        QMessageBox.warning(window, "Edit catalogue", str(exc))
        return None
    return open_designer(window, data, path)


def edit_placed_tile(window: MainLike, tile: str, side: str) -> DesignerWindow | None:
    """"Edit this tile": open the tile's own catalogue on that tile and side. A standard tile
    (the bundled catalogue is read-only) opens as a copy under a new letter in a new catalogue."""
    catalogue: Catalogue = window.doc.catalogue
    source = catalogue.tiles[tile].source
    if source and Path(source).resolve() != DEFAULT_CATALOGUE_PATH.resolve():
        designer = edit_catalogue(window, Path(source))
        if designer is not None:
            designer.show_tile(tile, side)
        return designer
    raw = open_catalogue_file(DEFAULT_CATALOGUE_PATH)["tiles"][tile]
    key = free_copy_key(tile, set(catalogue.tiles))
    designer = open_designer(window, {"catalogue_version": 1, "id": "my-tiles",
                                      "name": "My tiles", "tiles": {key: raw}}, None, key, side)
    designer.message(f"Standard tile {tile} is read-only: this is a copy, tile {key}, "
                     "in a new catalogue.")
    return designer


def free_copy_key(tile: str, taken: set[str]) -> str:
    number = 2
    while f"{tile}{number}" in taken:
        number += 1
    return f"{tile}{number}"


def main_windows() -> list[MainLike]:
    return [w for w in QApplication.topLevelWidgets()
            if hasattr(w, "doc") and hasattr(w, "tile_palette")]


def _uses(window: MainLike, path: Path) -> bool:
    doc = window.doc
    base = doc.path.parent if doc.path is not None else Path.cwd()
    for reference in doc.scenario.sections.get("catalogues", []):
        if (base / reference).resolve() == path.resolve():
            return True
    return False


def catalogue_saved(origin: MainLike, path: Path) -> None:
    """Reference the saved catalogue from the scenario of ``origin`` and reload every open
    window whose scenario uses it."""
    note = reference_catalogue(origin, path)
    windows = main_windows()
    if origin not in windows:
        windows.append(origin)
    for window in windows:
        if _uses(window, path):
            problem = reload_catalogue(window)
            if problem:
                note = problem
    if note:
        origin.statusBar().showMessage(note, 10000)


def reference_catalogue(window: MainLike, path: Path) -> str:
    """Add ``path`` to the scenario's ``catalogues`` (one undoable step); '' or why not."""
    doc = window.doc
    if _uses(window, path):
        return ""
    base = doc.path.parent if doc.path is not None else Path.cwd()
    try:
        reference = Path(os.path.relpath(path.resolve(), base.resolve())).as_posix()
        extra = load_referenced_catalogue(reference, base)
    except (ValueError, ReferenceRefused) as exc:
        reason = exc.message if isinstance(exc, ReferenceRefused) else str(exc)
        return (f"The scenario does not reference {display_path(str(path))}: {reason}")
    clash = sorted(set(extra.tiles) & set(doc.catalogue.tiles))
    if clash:
        return (f"The scenario does not reference {display_path(str(path))}: tiles "
                f"{', '.join(clash)} are already defined; give them other letters.")
    state = doc.meta_state()
    refs = list(state.sections.get("catalogues", []))
    sections = {**state.sections, "catalogues": [*refs, reference]}
    doc.undo_stack.push(EditProperties(doc, type(state)(state.title, state.players_min,
                                                        state.players_max, sections),
                                       f"Use catalogue {reference}"))
    return reload_catalogue(window)


def reload_catalogue(window: MainLike) -> str:
    """Rebuild the window's catalogue from its scenario's references and re-derive; '' or
    why the old catalogue was kept."""
    doc = window.doc
    base = doc.path.parent if doc.path is not None else Path.cwd()
    try:  # (a file still missing keeps its tiles as placeholders)
        catalogue, missing = catalogue_for(doc.scenario.to_dict(), base, missing_ok=True)
    except CatalogueRefused as exc:
        return f"Catalogues not reloaded: {exc.message}"
    for board in doc.scenario.boards:
        for placement in board.tiles:
            tile = catalogue.tiles.get(placement.tile)
            if tile is None or placement.side not in tile.sides:
                return (f"Catalogues not reloaded: tile {placement.tile} ({placement.side}) is "
                        "placed but no longer in them; put it back or remove the placement.")
    doc.catalogue = catalogue
    doc.missing = tuple(missing)
    doc.deriver = make_deriver()
    window.tile_palette.rebuild()
    doc.scenarioReset.emit()
    doc.analyse_now()
    return ""



@dataclass(frozen=True)
class Stranded:
    """The references of one open scenario to regions a catalogue save removes."""

    window: MainLike
    lines: tuple[str, ...]  # "lost tribe marker on T1.s2 -> T1.s1"
    scenario: Scenario  # the scenario with them moved (as ``realms migrate`` moves them)


def stranded_references(path: Path, data: dict[str, Any]) -> list[Stranded]:
    """For each open scenario using the catalogue file ``path``: its markers, links and
    rules that name regions ``data`` (the catalogue about to be saved) no longer has, and
    where each would move (the new region overlapping the old one most)."""
    try:
        saved = parse_catalogue(data, "", str(path))
    except LoadError:
        return []  # the designer refuses to save it anyway
    found = []
    for window in main_windows():
        if not _uses(window, path):
            continue
        doc = window.doc
        old: Catalogue = doc.catalogue
        new = Catalogue(old.id, old.name, {**old.tiles, **saved.tiles}, old.sources)
        moved = relink(doc.scenario.to_dict(), old, new, gone_only=True)
        if not moved.moved:
            continue
        named: list[tuple[str, str]] = [  # (what names it, the reference)
            *((f"{m.kind.replace('_', ' ')} marker on", ref) for b in doc.scenario.boards
              for m in b.markers for ref in (m.region, m.attrs.get("target"))
              if isinstance(ref, str) and ref in moved.moved),
            *((f"{link.kind.replace('_', ' ')} link end", ref) for link in doc.scenario.links
              for ref in (link.a, link.b) if ref in moved.moved)]
        told = {ref for _, ref in named}
        named += [("reference", ref) for ref in moved.moved if ref not in told]
        lines = [f"{what} {ref} \u2192 {moved.moved[ref]}" for what, ref in named]
        found.append(Stranded(window, tuple(lines), Scenario.from_dict(moved.data)))
    return found


def confirm_stranded(designer: DesignerWindow, path: Path, data: dict[str, Any]) -> bool:
    """Before a catalogue save: list the markers of open scenarios that sit on regions the
    save removes or merges away, and offer to move them (one undoable step per scenario).
    False when the user cancels the save."""
    found = stranded_references(path, data)
    if not found:
        return True
    listing = "\n".join(f"{s.window.doc.display_name}: {line}" for s in found
                        for line in s.lines)
    box = QMessageBox(QMessageBox.Icon.Warning, "Markers on removed regions",
                      "Saving this catalogue removes regions that open scenarios use:\n\n"
                      f"{listing}\n\nMove them to the region that now covers most of their "
                      "old place (as realms migrate does)?",
                      QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No
                      | QMessageBox.StandardButton.Cancel, designer)
    box.button(QMessageBox.StandardButton.Yes).setText("&Move them")
    box.button(QMessageBox.StandardButton.No).setText("&Save without moving")
    box.setDefaultButton(QMessageBox.StandardButton.Yes)
    answer = box.exec()
    if answer == QMessageBox.StandardButton.Cancel:
        return False
    if answer == QMessageBox.StandardButton.Yes:
        for stranded in found:
            doc = stranded.window.doc
            doc.undo_stack.push(RestoreScenario(doc, stranded.scenario,
                                                "Move markers off removed regions"))
    return True
