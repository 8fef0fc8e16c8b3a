"""What ``realms edit FILE`` does up to its first frame (editor.gui.app.run_editor), then the
frame grabbed and saved (to ``sys.argv[2]``) instead of the event loop: the script that
benchmarks/bench_editor.py times per launch and tests/gui/test_first_frame.py runs to see
what that frame imported. Arguments: the realm file, the PNG to write."""

from __future__ import annotations

EDITOR_WINDOW = """
import sys
from pathlib import Path
from editor.gui.app import application
from editor.gui.document import ScenarioDocument
from editor.gui.main_window import MainWindow
from editor.model.scenario_io import load_scenario
app = application()
doc = ScenarioDocument.from_loaded(load_scenario(Path(sys.argv[1])))
window = MainWindow(doc, offer_recovery=False)
window.resize(1440, 900)
window.show()
window.view.fit_to_realm()
window.grab().save(sys.argv[2])
"""
