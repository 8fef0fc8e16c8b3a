"""Write docs/images/editor.png: the editor with a real realm open, for the README.

    python scripts/screenshot_editor.py [SCENARIO] [--out PNG] [--players N] [--graph]

Without SCENARIO it opens the quick-start scenario (scenarios/highland-crossing.realm.json)
if present, else lays booklet scenario 1's 3-player tiles (C D F L O R T X Y H I Q W).
Runs offscreen; settings and recovery files go to a temporary folder.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
QUICKSTART = ROOT / "scenarios" / "highland-crossing.realm.json"


def demo_scenario() -> object:
    from editor.gui.templates import new_scenario
    from editor.model.scenario import Marker, Placement, Presence

    scenario = new_scenario("My Precious (World)! (booklet scenario 1)", 2, 3)
    layout = [("C", 0, 0, 0), ("D", 1, 0, 3), ("F", 0, 1, 4), ("L", -1, 1, 2), ("O", -1, 0, 5),
              ("R", 0, -1, 5), ("T", 1, -1, 1), ("X", 2, -1, 4), ("Y", 2, 0, 3)]
    three = [("H", 1, 1, 5), ("I", -2, 1, 3), ("Q", -1, 2, 5), ("W", 3, -1, 4)]
    board = scenario.boards[0]
    board.tiles = [Placement(t, "surface", q, r, rot) for t, q, r, rot in layout]
    board.tiles += [Placement(t, "surface", q, r, rot, Presence(3)) for t, q, r, rot in three]
    # A lost tribe laid on a mountain: the kind of slip the Issues dock catches live.
    board.markers = [Marker("mountain", "F.s1"), Marker("coin_mine", "C.s1"),
                     Marker("peak", "F.s2"), Marker("lost_tribe", "F.s1")]
    scenario.sections["water"] = {"default_kind": "river"}
    return scenario


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenario", nargs="?", type=Path)
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "images" / "editor.png")
    parser.add_argument("--players", type=int)
    parser.add_argument("--graph", action="store_true", help="show the graph-of-play overlay")
    parser.add_argument("--select", help="region id to select (default: a region with issues)")
    args = parser.parse_args()

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    scratch = Path(tempfile.mkdtemp(prefix="realms-shot-"))
    os.environ["XDG_CONFIG_HOME"] = str(scratch / "config")
    os.environ["XDG_DATA_HOME"] = str(scratch / "data")

    from editor.gui.app import application, save_screenshot
    from editor.gui.document import ScenarioDocument
    from editor.gui.main_window import MainWindow
    from editor.model.catalogue import default_catalogue
    from editor.model.scenario import Scenario
    from editor.model.scenario_io import load_scenario

    application()
    source = args.scenario or (QUICKSTART if QUICKSTART.exists() else None)
    if source is not None:
        doc = ScenarioDocument.from_loaded(load_scenario(source))
    else:
        scenario = demo_scenario()
        assert isinstance(scenario, Scenario)
        doc = ScenarioDocument(scenario, default_catalogue())
    if args.players:
        doc.players = args.players
    else:
        doc.players = doc.scenario.players_max if doc.scenario.players_max <= 4 else 4
    window = MainWindow(doc, offer_recovery=False)
    window.resize(1600, 1000)
    window.graph_action.setChecked(args.graph)
    window.show()
    doc.analyse_now()
    region = args.select or next((i.regions[0] for i in doc.analysis.issues if i.regions),
                                 None)
    if region:
        doc.select_region(region)
    save_screenshot(window, args.out)
    window.close()
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
