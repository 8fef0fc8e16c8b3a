"""Helpers for the editor tests: real mouse clicks at scene points, and catalogue lookups."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QDeadlineTimer, QPoint, QPointF, Qt, QTimer
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QDialogButtonBox,
    QListWidgetItem,
    QMainWindow,
    QMenu,
    QMessageBox,
    QWidget,
)
from pytestqt.qtbot import QtBot

from editor.gui.canvas.view import RealmView
from editor.gui.document import ScenarioDocument
from editor.gui.main_window import MainWindow
from editor.gui.shapes import HEX_SIZE, hex_centre, side_shapes
from editor.model import lattice
from editor.model.catalogue import Catalogue, TileSide


def view_point(view: RealmView, x: float, y: float) -> QPoint:
    point = view.mapFromScene(QPointF(x, y))
    assert view.viewport().rect().contains(point), f"scene point {(x, y)} is off screen"
    return point


def click_scene(qtbot: QtBot, view: RealmView, x: float, y: float,
                button: Qt.MouseButton = Qt.MouseButton.LeftButton,
                modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    qtbot.mouseClick(view.viewport(), button, modifier, pos=view_point(view, x, y))


def drag_scene(qtbot: QtBot, view: RealmView, start: tuple[float, float],
               end: tuple[float, float]) -> None:
    """Press, move in steps, release: what a hand does (one MoveTile command expected)."""
    viewport = view.viewport()
    a, b = view_point(view, *start), view_point(view, *end)
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=a)
    for k in range(1, 6):
        step = a + (b - a) * k / 5
        qtbot.mouseMove(viewport, step)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=b)


def click_item(qtbot: QtBot, widget: QAbstractItemView, item: QListWidgetItem) -> None:
    widget.scrollToItem(item)
    rect = widget.visualItemRect(item)  # type: ignore[attr-defined]
    qtbot.mouseClick(widget.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def region_point(side: TileSide, rotation: int, q: int, r: int, local: str
                 ) -> tuple[float, float]:
    """A scene point inside region ``local`` of a tile placed at (q, r)."""
    cx, cy = hex_centre(q, r)
    for shape in side_shapes(side, rotation):
        if shape.local_id == local:
            return (cx + shape.anchor[0], cy + shape.anchor[1])
    raise KeyError(local)


def seam_point(rotation: int, q: int, r: int, local_edge: int) -> tuple[float, float]:
    """A scene point just inside tile (q, r), next to the middle of its local edge."""
    mid = lattice.to_euclidean(lattice.rotate_point(lattice.MIDPOINTS[local_edge], rotation),
                               HEX_SIZE)
    cx, cy = hex_centre(q, r)
    return (cx + mid[0] * 0.9, cy + mid[1] * 0.9)


@dataclass(frozen=True)
class WaterPair:
    """Two tiles whose water meets across one whole seam: X at (0, 0), Y beside it."""

    x: str
    y: str
    direction: int  # board direction from X to Y
    y_rotation: int
    x_part: str
    y_part: str


def _water_edge(side: TileSide, edge: int) -> str | None:
    owners = side.half_edge_owner[2 * edge: 2 * edge + 2]
    if all(side.region(o).is_water for o in owners) and owners[0] == owners[1]:
        return owners[0]
    return None


def find_water_pair(catalogue: Catalogue) -> WaterPair:
    letters = sorted(k for k in catalogue.tiles if len(k) == 1)
    for x in letters:
        x_side = catalogue.side(x, "surface")
        for direction in range(6):
            x_part = _water_edge(x_side, direction)
            if x_part is None:
                continue
            for y in letters:
                if y == x:
                    continue
                y_side = catalogue.side(y, "surface")
                for rotation in range(6):
                    y_part = _water_edge(y_side, (direction + 3 - rotation) % 6)
                    if y_part is not None:
                        return WaterPair(x, y, direction, rotation, f"{x}.{x_part}",
                                         f"{y}.{y_part}")
    raise AssertionError("the catalogue has no two tiles whose water meets across a seam")


def land_region(side: TileSide) -> str:
    return next(r.local_id for r in side.regions if not r.is_water)


def open_context_menu(qtbot: QtBot, view: RealmView, point: QPoint) -> QMenu:
    """Right-click at ``point`` (viewport pixels) and return the canvas's open context menu."""
    qtbot.mousePress(view.viewport(), Qt.MouseButton.RightButton, pos=point)
    QApplication.sendEvent(view.viewport(), QContextMenuEvent(
        QContextMenuEvent.Reason.Mouse, point, view.viewport().mapToGlobal(point)))
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.RightButton, pos=point)
    menu = view.context_menu
    assert menu is not None
    qtbot.waitUntil(menu.isVisible, timeout=2000)
    return menu


def choose_menu(qtbot: QtBot, window: QMainWindow, menu_title: str, item_text: str) -> None:
    """Open a menu of the window's menu bar with the mouse and click one of its items
    (texts without the ``&`` mnemonics, e.g. ``"File"``, ``"Generate…"``)."""
    bar = window.menuBar()
    top = next(a for a in bar.actions() if a.text().replace("&", "") == menu_title)
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.actionGeometry(top).center())
    menu = top.menu()
    assert isinstance(menu, QMenu)
    qtbot.waitUntil(menu.isVisible, timeout=2000)
    path = item_text.split(" > ")
    for depth, text in enumerate(path):
        action = next(a for a in menu.actions() if a.text().replace("&", "") == text)
        if depth < len(path) - 1:
            qtbot.mouseClick(menu, Qt.MouseButton.LeftButton,
                             pos=menu.actionGeometry(action).center())
            sub = action.menu()
            assert isinstance(sub, QMenu)
            qtbot.waitUntil(sub.isVisible, timeout=2000)
            menu = sub
        else:
            qtbot.mouseClick(menu, Qt.MouseButton.LeftButton,
                             pos=menu.actionGeometry(action).center())


def when_modal(kind: type[QWidget], answer: Callable[[QWidget], None],
               seen: list[str] | None = None, timeout_ms: int = 10_000) -> None:
    """Once a modal dialog of ``kind`` is up, call ``answer`` with it (which should press
    one of its buttons); ``seen`` gets its text (a message box's) or title. Call before
    the input that opens the dialog: ``exec()`` blocks."""
    deadline = QDeadlineTimer(timeout_ms)

    def poll() -> None:
        dialog = QApplication.activeModalWidget()
        if isinstance(dialog, kind) and dialog.isVisible():
            if seen is not None:
                seen.append(dialog.text() if isinstance(dialog, QMessageBox)
                            else dialog.windowTitle())
            answer(dialog)
        elif not deadline.hasExpired():
            QTimer.singleShot(10, poll)

    QTimer.singleShot(0, poll)


def press_button(qtbot: QtBot, dialog: QWidget, which: QDialogButtonBox.StandardButton |
                 QMessageBox.StandardButton) -> None:
    """Click one of a dialog's standard buttons (a QMessageBox or a QDialogButtonBox)."""
    if isinstance(dialog, QMessageBox):
        button = dialog.button(QMessageBox.StandardButton(which))
    else:
        box = dialog.findChild(QDialogButtonBox)
        assert box is not None
        button = box.button(QDialogButtonBox.StandardButton(which))
    assert button is not None, f"{which} is not offered"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def shown_window(qtbot: QtBot, doc: ScenarioDocument | None = None,
                 size: tuple[int, int] = (1280, 800)) -> MainWindow:
    """The editor on ``doc`` (a new realm if None), shown at ``size`` with no recovery offer;
    closing it discards without a prompt."""
    window = MainWindow(doc, offer_recovery=False)
    window.close_prompt = lambda *_: QMessageBox.StandardButton.Discard  # type: ignore
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    return window
