"""The editor's first frame needs neither shapely nor numpy (nor networkx, nor jsonschema):
their imports were a good part of a launch. Label anchors, names and chips of the bundled
designs come from a table, a custom catalogue's copies of bundled sides are not checked
again, and markers are laid out just after the first frame (by themselves, and at once for
whoever asks the scene for them).

The import checks run the benchmark's launch in a fresh interpreter, as ``realms edit FILE``
does up to its first frame.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from launch_script import EDITOR_WINDOW
from PySide6.QtWidgets import QGraphicsView
from pytestqt.qtbot import QtBot

from editor.gui.canvas.items import MarkerItem
from editor.gui.canvas.scene import RealmScene
from editor.gui.document import ScenarioDocument
from editor.model.scenario_io import load_scenario

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[2]
BOOKLET_1 = ROOT / "scenarios" / "booklet" / "01-my-precious-world.realm.json"
HEAVY = ("shapely", "numpy", "networkx", "jsonschema")

# the benchmark's launch, then what it imported and, once the event loop has run, the markers
FIRST_FRAME = EDITOR_WINDOW + """
from PySide6.QtTest import QTest
from editor.gui.canvas.items import MarkerItem
import json
heavy = sorted(m for m in sys.argv[3].split(",") if m in sys.modules)
QTest.qWait(50)  # the event loop runs on: the markers are laid out by themselves
laid = sum(isinstance(item, MarkerItem) for item in window.scene.items())
print(json.dumps({"heavy": heavy, "laid": laid,
                  "active": sum(doc.active(m) for m in doc.board.markers)}))
"""


def first_frame(path: Path, cwd: Path) -> dict[str, object]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": str(cwd),
           "XDG_DATA_HOME": str(cwd)}
    command = [sys.executable, "-c", FIRST_FRAME, str(path), str(cwd / "frame.png"),
               ",".join(HEAVY)]
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    found: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def test_a_booklet_scenario_opens_without_the_heavy_modules(tmp_path: Path) -> None:
    found = first_frame(BOOKLET_1, tmp_path)
    assert found["heavy"] == []
    assert found["active"] == found["laid"] and found["laid"]


def test_a_custom_catalogue_copying_bundled_designs_opens_without_them(tmp_path: Path) -> None:
    """As the benchmark's 600-tile realm is made: custom tiles that are copies of the box's."""
    raw = json.loads((ROOT / "editor" / "data" / "tiles.json").read_text(encoding="utf-8"))
    (tmp_path / "copies.catalogue.json").write_text(json.dumps({
        "catalogue_version": 1, "id": "copies", "name": "Copies",
        "tiles": {f"{letter}9": raw["tiles"][letter] for letter in "ABCDE"}}),
        encoding="utf-8")
    realm = json.loads(BOOKLET_1.read_text(encoding="utf-8"))
    realm["catalogues"] = ["copies.catalogue.json"]
    board = realm["boards"][0]
    board["tiles"] += [{"tile": f"{letter}9", "side": "surface", "q": 9 + 2 * i, "r": 9,
                        "rotation": i} for i, letter in enumerate("ABCDE")]
    path = tmp_path / "copies.realm.json"
    path.write_text(json.dumps(realm), encoding="utf-8")
    assert first_frame(path, tmp_path)["heavy"] == []


def test_markers_follow_the_first_frame_and_come_at_once_when_asked(qtbot: QtBot) -> None:
    def laid(scene: RealmScene) -> int:
        return sum(isinstance(item, MarkerItem) for item in scene.items())

    doc = ScenarioDocument.from_loaded(load_scenario(BOOKLET_1))
    active = sum(doc.active(m) for m in doc.board.markers)
    painted = RealmScene(doc)
    assert laid(painted) == 0  # nothing drawn yet: the markers wait for the first frame
    view = QGraphicsView(painted)
    qtbot.addWidget(view)
    view.show()
    qtbot.waitUntil(lambda: laid(painted) == active)  # a frame, then they come by themselves
    asked = RealmScene(doc)
    assert len(asked.marker_items) == active == laid(asked)  # a reader gets them at once
