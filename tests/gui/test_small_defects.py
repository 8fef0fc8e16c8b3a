"""Issue 28, point 8: the graph-of-play legend is not cut, Open and Save start in the
document's folder, and a file opened from the command line is in Open Recent."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from itertools import pairwise
from pathlib import Path

import pytest
from gui_support import click_scene, region_point
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage, QPainter
from pytestqt.qtbot import QtBot
from test_editor_session import key
from test_editor_tools import arm_marker, place, window_for

from editor.gui.canvas.overlay import LEGEND, paint_graph_legend
from editor.gui.shapes import hex_centre
from editor.model.catalogue import default_catalogue

pytestmark = pytest.mark.gui
ROOT = Path(__file__).resolve().parents[2]
REALM = ROOT / "scenarios" / "highland-crossing.realm.json"


def test_the_graph_legend_fits_its_longest_line(qtbot: QtBot) -> None:
    window = window_for(qtbot)
    place(qtbot, window, "A", 0, 0)
    key(qtbot, window, Qt.Key.Key_G)
    assert window.graph_action.isChecked()
    viewport = window.view.viewport()
    image = QImage(viewport.size(), QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    painter.setFont(viewport.font())
    box = paint_graph_legend(painter, viewport.rect(), window.scene.theme)
    longest = max(painter.fontMetrics().horizontalAdvance(text) for _kind, text in LEGEND)
    painter.end()
    assert box.width() >= 48 + longest, "every line of the key is whole"


def test_open_and_save_start_in_the_documents_folder(qtbot: QtBot, tmp_path: Path) -> None:
    window = window_for(qtbot)
    assert window.dialog_folder() == Path.cwd(), "nothing opened yet"
    assert window.open_path(REALM)
    assert window.dialog_folder() == REALM.parent
    saved = tmp_path / "elsewhere" / "copy.realm.json"
    saved.parent.mkdir()
    assert window.save_to(saved)
    assert window.dialog_folder() == saved.parent


COMMAND_LINE = """
import sys
from pathlib import Path
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication
from editor.gui.app import application, run_editor
app = application()
def leave():
    for widget in app.topLevelWidgets():
        widget.close()
    app.quit()
QTimer.singleShot(300, leave)
code = run_editor(Path(sys.argv[1]))
print(json.dumps(QSettings().value("recent", [])), flush=True)
"""


def test_a_file_opened_from_the_command_line_is_in_open_recent(tmp_path: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run([sys.executable, "-c", "import json\n" + COMMAND_LINE, str(REALM)],
                          capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    recent = json.loads(done.stdout.strip().splitlines()[-1])
    recent = [recent] if isinstance(recent, str) else recent
    assert str(REALM.resolve()) in recent


BROKEN_FILE_LINE = """
import json, sys
from pathlib import Path
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox
from editor.gui.app import application, run_editor
app = application()
seen = []
def answer(tries=[0]):
    box = QApplication.activeModalWidget()
    tries[0] += 1
    if isinstance(box, QMessageBox):
        seen.append([box.windowTitle(), box.text()])
        box.accept()
    elif tries[0] < 100:
        QTimer.singleShot(50, answer)
        return
    for widget in app.topLevelWidgets():
        widget.close()
    app.quit()
QTimer.singleShot(50, answer)
code = run_editor(Path(sys.argv[1]))
print(json.dumps([code, seen]), flush=True)
"""


def test_a_broken_file_opened_from_a_file_manager_is_explained_in_the_window(
        tmp_path: Path) -> None:
    """"Open with Realms Studio" shows no terminal: the reason a file cannot be opened was
    printed on stderr only, and the editor quit at once, so nothing seemed to happen. The
    window now opens on a new realm and says why, as File > Open does."""
    broken = tmp_path / "broken.realm.json"
    broken.write_text('{"format": 2, "boards": [}', encoding="utf-8")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run([sys.executable, "-c", BROKEN_FILE_LINE, str(broken)],
                          capture_output=True, text=True, timeout=120, env=env)
    code, seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert code == 0, done.stderr
    assert len(seen) == 1, done.stderr
    title, text = seen[0]
    assert title == "Cannot open"
    assert "broken.realm.json:1:26: invalid JSON" in text, text
    assert "broken.realm.json" in done.stderr  # and the terminal, when there is one


def test_flipping_a_tile_takes_the_markers_of_its_face_down_side(qtbot: QtBot) -> None:
    """A Lost Tribe on F.s2 stayed in the file when F was turned to its underground side,
    where there is no s2: hidden on the canvas, out of reach, and a G006 error on save."""
    window = window_for(qtbot)
    place(qtbot, window, "F", 0, 0)
    doc = window.doc
    board = doc.scenario.board(doc.board_id)
    arm_marker(qtbot, window, "lost_tribe")
    side = default_catalogue().tiles["F"].sides["surface"]
    click_scene(qtbot, window.view, *region_point(side, 0, 0, 0, "s2"))
    key(qtbot, window, Qt.Key.Key_Escape)
    assert [m.region for m in board.markers] == ["F.s2"]
    click_scene(qtbot, window.view, *hex_centre(0, 0))
    assert doc.selection.tile_index == 0
    key(qtbot, window, Qt.Key.Key_F)
    assert board.tiles[0].side == "underground" and board.markers == []
    assert doc.undo_stack.undoText() == "Flip tile F to underground (removes 1 marker)"
    key(qtbot, window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert board.tiles[0].side == "surface"
    assert [m.region for m in board.markers] == ["F.s2"]


def test_the_inspectors_wrapped_rows_never_overlap_at_1280_by_800(qtbot: QtBot) -> None:
    """At 1280 x 800 the Inspector's wrapped values need more height than its panel was
    given, and the Note field lay over the "Neighbours" label (seen under Xvfb): the panel
    now takes the height its rows need at the dock's width, and scrolls."""
    from PySide6.QtWidgets import QApplication, QLabel

    from editor.gui.document import ScenarioDocument
    from editor.gui.main_window import MainWindow
    from editor.model.scenario_io import load_scenario

    throne = ROOT / "scenarios" / "booklet" / "05-the-rusted-throne.realm.json"
    window = MainWindow(ScenarioDocument.from_loaded(load_scenario(throne)),
                        offer_recovery=False)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    doc = window.doc
    placed = next(p for p in doc.scenario.board(doc.board_id).tiles if p.tile == "Q")
    side = default_catalogue().tiles["Q"].sides[placed.side]
    point = region_point(side, placed.rotation, placed.q, placed.r, "s1")
    window.view.centerOn(*point)
    click_scene(qtbot, window.view, *point)
    assert doc.selection.region == "Q.s1"
    QApplication.processEvents()
    panel = window.inspector.selection_panel
    label = next(w for w in panel.findChildren(QLabel) if w.text().startswith("Neighbours"))
    bottom = panel.note.mapTo(panel, panel.note.rect().bottomLeft()).y()
    assert bottom < label.mapTo(panel, label.rect().topLeft()).y(), "the Note covers it"
    rows = [panel.form.itemAt(i).widget() for i in range(panel.form.count())]
    shown = [w for w in rows if w is not None and w.isVisible()]
    for upper, lower in pairwise(shown):
        if upper.x() == lower.x():  # the same column of the form
            assert upper.geometry().bottom() <= lower.geometry().top(), (
                upper.objectName() or type(upper).__name__)
