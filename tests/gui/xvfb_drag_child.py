"""Run by ``test_drag_xvfb.py`` in its own process on a real X server (Xvfb, Qt's xcb
platform): drag tile E from the palette onto the canvas with mouse press, moves and
release, through Qt's own drag machinery (QDrag.exec and the X drag and drop protocol
of the xcb platform), then print the placed tiles as JSON on the last line."""

from __future__ import annotations

import json
import sys

from PySide6.QtCore import QPoint, QPointF, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from editor.gui.document import ScenarioDocument
from editor.gui.main_window import MainWindow
from editor.gui.shapes import hex_centre
from editor.gui.templates import new_scenario
from editor.model.catalogue import default_catalogue

LEFT = Qt.MouseButton.LeftButton


def main() -> int:
    app = QApplication(sys.argv[:1])
    if app.platformName() != "xcb":
        print(json.dumps({"error": f"platform {app.platformName()}, not xcb"}))
        return 2
    doc = ScenarioDocument(new_scenario("Drag realm", 2, 4), default_catalogue())
    window = MainWindow(doc, offer_recovery=False)
    window.resize(1280, 800)
    window.show()
    QTest.qWaitForWindowExposed(window)
    window.activateWindow()
    QTest.qWait(200)
    palette = window.tile_palette
    item = palette.item_for("E")
    assert item is not None
    palette.scrollToItem(item)
    QTest.qWait(100)
    source = palette.visualItemRect(item).center()
    view = window.view
    view.centerOn(*hex_centre(0, 0))
    canvas = view.viewport()
    target = view.mapFromScene(QPointF(*hex_centre(0, 0)))
    seen: dict[str, object] = {"ghost_during_drag": False}

    def hover(step: int) -> None:
        # Moves over the canvas while the drag's own event loop runs.
        point = target + QPoint(8 * (3 - step), 0)
        QTest.mouseMove(canvas, point)
        if step == 3:
            seen["ghost_during_drag"] = window.scene.ghost.isVisible()
            QTimer.singleShot(150, lambda: QTest.mouseRelease(canvas, LEFT, pos=target))

    for step in range(4):
        QTimer.singleShot(300 + 100 * step, lambda step=step: hover(step))
    QTimer.singleShot(15_000, app.quit)  # a watchdog: never hang the test run
    QTest.mousePress(palette.viewport(), LEFT, pos=source)
    for dx in (4, 12, 24, 40):  # past the drag distance: the palette starts a QDrag
        QTest.mouseMove(palette.viewport(), source + QPoint(dx, 0))
    QTest.qWait(300)
    tiles = [(p.tile, p.side, p.q, p.r) for p in doc.board.tiles]
    print(json.dumps({"tiles": tiles, **seen}))
    window.close_prompt = lambda *_a: None  # type: ignore[method-assign,assignment,return-value]
    doc.undo_stack.setClean()
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
