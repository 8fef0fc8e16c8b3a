"""Issue 28, point 6: the first window fits a 1280 x 800 screen.

Each session runs in its own process on an offscreen screen of the given size (the
platform's ``configfile`` option), as a first launch, after a crash (no geometry was
saved) and after a session on a bigger screen saved a 1400 x 900 window.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.gui

SESSION = """
import json, sys
from PySide6.QtCore import QCoreApplication, QPoint, QRect, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
app = QApplication([])
QCoreApplication.setOrganizationName("Realms Studio Tests")
QCoreApplication.setApplicationName("Realms Studio Tests")
from editor.gui.main_window import MainWindow
window = MainWindow(offer_recovery=False)
if sys.argv[1] != "-":
    window.resize(*map(int, sys.argv[1].split("x")))
window.show()
QTest.qWaitForWindowExposed(window)
QTest.qWait(50)
# A keyboard user's first steps: the Issues dock, then the Inspector, brought forward.
QTest.keyClick(window.view, Qt.Key.Key_Escape)
window.show_dock("issues")
window.show_dock("inspector")
QTest.qWait(50)

def shown(widget):
    top_left = widget.mapToGlobal(QPoint(0, 0))
    rect = QRect(top_left, widget.size())
    return [rect.x(), rect.y(), rect.width(), rect.height()]

inspector = window.inspector
print(json.dumps({
    "available": list(window.screen().availableGeometry().getRect()),
    "frame": list(window.frameGeometry().getRect()),
    "status bar": shown(window.statusBar()),
    "zoom label": shown(window.zoom_label),
    "issues": shown(window.issues),
    "inspector": shown(inspector),
    "canvas": shown(window.view),
}), flush=True)
window.close_prompt = lambda *_: 0x00800000  # Discard
window.close()
"""


def run_session(tmp_path: Path, width: int, height: int, size: str = "-") -> dict[str, list[int]]:
    config = tmp_path / f"screen-{width}x{height}.json"
    config.write_text(json.dumps({"screens": [{
        "name": "screen", "x": 0, "y": 0, "width": width, "height": height,
        "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}), encoding="utf-8")
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={config}"}
    done = subprocess.run([sys.executable, "-c", SESSION, size], capture_output=True,
                          text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    found: dict[str, list[int]] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def inside(rect: list[int], area: list[int]) -> bool:
    x, y, w, h = rect
    ax, ay, aw, ah = area
    return ax <= x and ay <= y and x + w <= ax + aw and y + h <= ay + ah


def check_fits(found: dict[str, list[int]]) -> None:
    area = found["available"]
    assert area[2:] == [1280, 800]
    for name in ("frame", "status bar", "zoom label", "issues", "inspector", "canvas"):
        assert inside(found[name], area), f"{name} {found[name]} is off the screen {area}"
    assert found["canvas"][2] >= 500, "the canvas keeps a useful width"


def test_the_first_window_fits_a_1280_by_800_screen(tmp_path: Path) -> None:
    check_fits(run_session(tmp_path, 1280, 800))
    # Closed cleanly, its geometry was saved; the next launch fits as well.
    check_fits(run_session(tmp_path, 1280, 800))


def test_a_window_saved_on_a_bigger_screen_is_brought_back_on_screen(tmp_path: Path) -> None:
    big = run_session(tmp_path, 1920, 1200, "1400x900")
    assert big["frame"][2] >= 1400 and big["available"][2:] == [1920, 1200]
    check_fits(run_session(tmp_path, 1280, 800))


LAYOUT = """
import json, sys
from PySide6.QtCore import QCoreApplication
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
app = QApplication([])
QCoreApplication.setOrganizationName("Realms Studio Tests")
QCoreApplication.setApplicationName("Realms Studio Tests")
from editor.gui.document import ScenarioDocument
from editor.gui.main_window import MainWindow
from editor.model.scenario_io import load_scenario
doc = ScenarioDocument.from_loaded(load_scenario(sys.argv[1]))
window = MainWindow(doc, offer_recovery=False)
window.show()
QTest.qWaitForWindowExposed(window)
QTest.qWait(100)
viewport = window.view.viewport()
legend = window._docks["legend"]
print(json.dumps({
    "frame": list(window.frameGeometry().getRect()),
    "map": [viewport.width(), viewport.height()],
    "balance rows": window.balance.chart.visible_rows(),
    "bars": len(window.balance.chart.bars),
    "view menu": [a.text() for m in window.menuBar().actions() if m.text() == "&View"
                  for a in m.menu().actions()],
    "legend tabbed with balance": legend in window.tabifiedDockWidgets(window._docks["balance"]),
}), flush=True)
window.close_prompt = lambda *_: 0x00800000  # Discard
window.close()
"""


def test_at_1280_by_800_the_map_and_the_balance_dock_have_room(tmp_path: Path) -> None:
    """The first layout, from the widgets' geometry: the map at least 700 x 500 px and the
    Balance dock five rows of bars without dragging a splitter; the Legend dock beside it."""
    config = tmp_path / "screen.json"
    config.write_text(json.dumps({"screens": [{
        "name": "screen", "x": 0, "y": 0, "width": 1280, "height": 800,
        "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}), encoding="utf-8")
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={config}"}
    realm = Path(__file__).resolve().parents[2] / "scenarios" / "highland-crossing.realm.json"
    done = subprocess.run([sys.executable, "-c", LAYOUT, str(realm)], capture_output=True,
                          text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["frame"][2] <= 1280 and found["frame"][3] <= 800, found
    width, height = found["map"]
    assert width >= 700 and height >= 500, f"the map gets only {width} x {height} px"
    assert found["bars"] >= 5 and found["balance rows"] >= 5, found
    assert "Legend" in found["view menu"], found
    assert found["legend tabbed with balance"]
