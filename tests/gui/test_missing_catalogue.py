"""A realm whose catalogue file has moved opens anyway: its tiles are marked placeholders,
a finding names the missing file (in the editor and in `realms lint`), and File → Locate
catalogue… writes the reference relative to the scenario's folder. The file chooser is the
window's ``choose_catalogue`` (the real QFileDialog otherwise); everything else is real."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from gui_support import choose_menu, shown_window
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from editor.cli.main import main
from editor.gui.main_window import MainWindow
from editor.model.scenario_io import load_scenario

pytestmark = pytest.mark.gui

REPO = Path(__file__).resolve().parents[2]
TEST_TILES = REPO / "tests" / "data" / "test-tiles.json"


def moved_catalogue_realm(tmp_path: Path) -> tuple[Path, Path]:
    """A realm referencing tiles/test-tiles.json, whose file now lies in moved/."""
    folder = tmp_path / "collection"
    (folder / "moved").mkdir(parents=True)
    shutil.copyfile(TEST_TILES, folder / "moved" / "test-tiles.json")
    tiles = [{"tile": t, "side": "surface", "q": q, "r": 0, "rotation": 0}
             for q, t in enumerate(("A", "L1", "L2"))]
    data = {"format_version": 2, "title": "Moved tiles", "players": {"min": 2, "max": 2},
            "catalogues": ["tiles/test-tiles.json"],
            "boards": [{"id": "surface", "kind": "surface", "tiles": tiles}]}
    path = folder / "moved.realm.json"
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return path, folder / "moved" / "test-tiles.json"


def test_lint_names_the_missing_file_and_where_paths_start(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, _ = moved_catalogue_realm(tmp_path)
    assert main(["lint", str(path), "--format", "json"]) == 1
    findings = json.loads(capsys.readouterr().out)
    first = next(f for f in findings if f["json_path"] == "$.catalogues[0]")
    assert first["code"] == "S005"
    assert "custom catalogue 'tiles/test-tiles.json' is not found" in first["message"]
    assert str(path.parent / "tiles" / "test-tiles.json") in first["message"]
    assert "relative to the scenario's folder, not the current folder" in first["message"]
    tiles = [f for f in findings if f["json_path"].endswith(".tile")]
    assert [f["tiles"] for f in tiles] == [["L1"], ["L2"]]
    assert all("its catalogue could not be read" in f["message"] for f in tiles)


def test_missing_catalogue_opens_and_locate_fixes_it(qtbot: QtBot, tmp_path: Path) -> None:
    path, moved = moved_catalogue_realm(tmp_path)
    window = shown_window(qtbot)
    assert window.open_path(path), "the realm opens although its catalogue is missing"
    doc, scene = window.doc, window.scene
    (missing,) = doc.missing
    assert missing.reference == "tiles/test-tiles.json" and missing.tiles == ("L1", "L2")
    placeholders = {item.placement.tile for item in scene.tile_items.values()
                    if item.side.missing}
    assert placeholders == {"L1", "L2"}
    assert doc.analysis.realm is not None and "A.s1" in doc.analysis.realm.regions
    assert not any(r.startswith("L") for r in doc.analysis.realm.regions)

    # The finding names the file; a click selects the placeholder tiles (schema family).
    panel = window.issues
    item = panel.item_for(lambda i: i.code == "S005")
    assert item is not None, [(i.code, i.message) for i in panel.issues()]
    issue = item.data(0, Qt.ItemDataRole.UserRole)
    assert "tiles/test-tiles.json" in issue.message and "scenario's folder" in issue.message
    window.show_dock("issues")
    panel.tree.scrollToItem(item)
    qtbot.mouseClick(panel.tree.viewport(), Qt.MouseButton.LeftButton,
                     pos=panel.tree.visualItemRect(item).center())
    assert {doc.board.tiles[i].tile for i in doc.selection.tile_set} == {"L1", "L2"}

    asked: list[tuple[str, Path]] = []

    def chooser(_parent: object, title: str, start: Path) -> Path:
        asked.append((title, start))
        return moved

    window.choose_catalogue = chooser  # type: ignore[attr-defined]
    choose_menu(qtbot, window, "File", "Locate catalogue…")
    qtbot.waitUntil(lambda: not window.doc.missing, timeout=5000)
    assert asked == [("Locate catalogue tiles/test-tiles.json", path.parent)]
    assert doc.scenario.sections["catalogues"] == ["moved/test-tiles.json"]
    assert not any(item.side.missing for item in window.scene.tile_items.values())
    assert "L1.s1" in doc.analysis.realm.regions  # type: ignore[union-attr]
    assert "S005" not in {i.code for i in window.issues.issues()}
    assert doc.dirty
    assert window.save()
    reopened = load_scenario(path)  # strict: the reference now resolves
    assert reopened.scenario.sections["catalogues"] == ["moved/test-tiles.json"]


def test_locate_with_nothing_missing_says_so(qtbot: QtBot) -> None:
    window: MainWindow = shown_window(qtbot)
    choose_menu(qtbot, window, "File", "Locate catalogue…")
    assert "No catalogue" in window.statusBar().currentMessage()
