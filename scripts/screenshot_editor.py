"""Write the editor screenshots of the README and docs/editor.md, at 1280 x 800.

    python scripts/screenshot_editor.py --all              # every picture the docs show
    python scripts/screenshot_editor.py [SCENARIO] [--out PNG] [--players N] [--graph]
                                        [--size 1280x800]

``--all`` writes docs/images/editor.png (the quick-start realm, a region with issues
selected), editor-tools.png (tile F armed, its ghost under the cursor, two tiles
selected), editor-scenario.png (booklet scenario 5's Scenario tab with its scoring
rule), editor-legend.png (the quick-start realm's mountains, the Legend dock in
front), editor-playtest.png (the quick-start realm's conquests per region from the
Balance dock's playtest, on the canvas; needs smawg) and balance-dock.png (that Balance
dock whole). Without SCENARIO it opens the quick-start scenario
(scenarios/highland-crossing.realm.json) if present, else lays booklet scenario 1's
3-player tiles (C D F L O R T X Y H I Q W). Runs offscreen; settings and recovery files
go to a temporary folder.
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


def settle() -> None:
    """Process events until the canvas has drawn every tile picture exactly."""
    from PySide6.QtTest import QTest

    from editor.gui.canvas.tile_cache import DESIGNS

    QTest.qWait(100)
    for _ in range(100):
        if not DESIGNS.pending:
            break
        QTest.qWait(30)
    QTest.qWait(50)


def grab(window: object, target: Path) -> None:
    settle()
    target.parent.mkdir(parents=True, exist_ok=True)
    if not window.grab().save(str(target)):  # type: ignore[attr-defined]
        raise OSError(f"could not write {target}")
    print(f"wrote {target}")


def open_window(doc: object, size: tuple[int, int]) -> object:
    from editor.gui.main_window import MainWindow

    window = MainWindow(doc, offer_recovery=False)  # type: ignore[arg-type]
    window.resize(*size)
    window.show()
    settle()
    window.doc.analyse_now()
    window.view.fit_to_realm()
    return window


def shot_tools(size: tuple[int, int], target: Path) -> None:
    """Tile F armed and hovering over a free hex (its ghost), two placed tiles selected."""
    from PySide6.QtCore import QPointF
    from PySide6.QtTest import QTest

    from editor.gui.canvas.tools import Tool
    from editor.gui.document import ScenarioDocument, Selection
    from editor.gui.shapes import hex_centre
    from editor.model.catalogue import default_catalogue
    from editor.model.scenario import Scenario

    scenario = demo_scenario()
    assert isinstance(scenario, Scenario)
    scenario.boards[0].tiles = [p for p in scenario.boards[0].tiles if p.tile != "F"]
    doc = ScenarioDocument(scenario, default_catalogue())
    doc.players = 3
    window = open_window(doc, size)
    doc.select(Selection(doc.board_id, tiles=(0, 1)))
    window.editor.set_tool(Tool("tile", "F", "surface", 2))  # type: ignore[attr-defined]
    viewport = window.view.viewport()  # type: ignore[attr-defined]
    QTest.mouseMove(viewport, window.view.mapFromScene(  # type: ignore[attr-defined]
        QPointF(*hex_centre(0, 1))))
    grab(window, target)
    window.close()  # type: ignore[attr-defined]


def shot_scenario(size: tuple[int, int], target: Path) -> None:
    """Booklet scenario 5 with the Inspector's Scenario tab and its scoring rule form."""
    from editor.gui.document import ScenarioDocument
    from editor.model.scenario_io import load_scenario

    path = ROOT / "scenarios" / "booklet" / "05-the-rusted-throne.realm.json"
    window = open_window(ScenarioDocument.from_loaded(load_scenario(path)), size)
    window._docks["inspector"].raise_()  # type: ignore[attr-defined]
    inspector = window.inspector  # type: ignore[attr-defined]
    inspector.setCurrentWidget(inspector.properties)
    settle()
    bar = inspector.properties.verticalScrollBar()
    bar.setValue(bar.maximum())  # the scoring rules sit at the bottom of the tab
    grab(window, target)
    window.close()  # type: ignore[attr-defined]


def shot_legend(size: tuple[int, int], target: Path) -> None:
    """The quick-start realm at 4 players with the Legend dock in front: the mountain
    pieces on the canvas and in the legend side by side."""
    from PySide6.QtWidgets import QAbstractItemView

    from editor.gui.document import ScenarioDocument
    from editor.model.scenario_io import load_scenario

    doc = ScenarioDocument.from_loaded(load_scenario(QUICKSTART))
    doc.players = 4
    window = open_window(doc, size)
    window.show_dock("legend")  # type: ignore[attr-defined]
    settle()
    panel = window._docks["legend"].widget()  # type: ignore[attr-defined]
    panel.fill()
    rows = [panel.list.item(i) for i in range(panel.list.count())]
    pieces = next(item for item in rows if item.text() == "Pieces")
    panel.list.scrollToItem(pieces, QAbstractItemView.ScrollHint.PositionAtTop)
    settle()
    grab(window, target)
    window.close()  # type: ignore[attr-defined]


def shot_playtest(size: tuple[int, int], target: Path, dock_target: Path) -> None:
    """The quick-start realm at 4 players after the Balance dock's playtest (its default
    games, bot and seed), the conquests shown on the map and the dock scrolled to them;
    then the whole Balance dock on its own (``dock_target``)."""
    from PySide6.QtCore import Qt

    from editor.gui.document import ScenarioDocument
    from editor.model.scenario_io import load_scenario

    doc = ScenarioDocument.from_loaded(load_scenario(QUICKSTART))
    doc.players = 4
    window = open_window(doc, size)
    docks = window._docks  # type: ignore[attr-defined]
    docks["balance"].raise_()
    window.resizeDocks([docks["inspector"], docks["balance"]],  # type: ignore[attr-defined]
                       [110, 600], Qt.Orientation.Vertical)
    panel = window.balance.playtest  # type: ignore[attr-defined]
    panel.run_button.click()
    panel.wait(300)
    panel.show_heat.setChecked(True)
    settle()
    area = docks["balance"].widget()
    area.verticalScrollBar().setValue(panel.y() - 4)
    grab(window, target)
    dock = window.balance  # type: ignore[attr-defined]
    dock.grab().save(str(dock_target))
    print(f"wrote {dock_target}")
    window.close()  # type: ignore[attr-defined]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenario", nargs="?", type=Path)
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "images" / "editor.png")
    parser.add_argument("--players", type=int)
    parser.add_argument("--graph", action="store_true", help="show the graph-of-play overlay")
    parser.add_argument("--select", help="region id to select (default: a region with issues)")
    parser.add_argument("--size", default="1280x800", help="window size, WIDTHxHEIGHT")
    parser.add_argument("--all", action="store_true",
                        help="write every screenshot of the docs into docs/images")
    args = parser.parse_args()
    width, _, height = args.size.partition("x")
    size = (int(width), int(height))

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    scratch = Path(tempfile.mkdtemp(prefix="realms-shot-"))
    os.environ["XDG_CONFIG_HOME"] = str(scratch / "config")
    os.environ["XDG_DATA_HOME"] = str(scratch / "data")

    from editor.gui.app import application
    from editor.gui.document import ScenarioDocument
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
    window = open_window(doc, size)
    window.graph_action.setChecked(args.graph)  # type: ignore[attr-defined]
    region = args.select or next((i.regions[0] for i in doc.analysis.issues if i.regions),
                                 None)
    if region:
        doc.select_region(region)
    images = ROOT / "docs" / "images"
    grab(window, images / "editor.png" if args.all else args.out)
    window.close()  # type: ignore[attr-defined]
    if args.all:
        shot_tools(size, images / "editor-tools.png")
        shot_scenario(size, images / "editor-scenario.png")
        shot_legend(size, images / "editor-legend.png")
        shot_playtest(size, images / "editor-playtest.png", images / "balance-dock.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
