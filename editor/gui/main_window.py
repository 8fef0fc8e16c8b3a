"""The main window: canvas, docks, menus, files, recovery and the title's dirty mark."""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from types import ModuleType
from typing import Any

from PySide6.QtCore import QByteArray, QCoreApplication, QEvent, QRect, QSettings, QSize, Qt
from PySide6.QtGui import QAction, QCloseEvent, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QTabBar,
    QToolBar,
    QUndoView,
    QWidget,
)
from shiboken6 import isValid

from editor.gui.analysis import Issue
from editor.gui.autosave import (
    Autosaver,
    held_by_a_running_editor,
    orphaned_untitled,
    read_recovery_file,
    recovery_path,
    remove_recovery,
    session_files,
)
from editor.gui.balance_dock import BalancePanel
from editor.gui.canvas import RealmScene, RealmView
from editor.gui.canvas.tools import CanvasEditor
from editor.gui.canvas_holder import CanvasHolder
from editor.gui.commands import RestoreScenario
from editor.gui.disk_watch import DiskWatch
from editor.gui.document import ScenarioDocument
from editor.gui.generate_dialog import generate_into
from editor.gui.inspector import Inspector
from editor.gui.issues_dock import IssuesPanel
from editor.gui.layers_panel import LayersPanel
from editor.gui.legend_dock import LegendPanel
from editor.gui.locate import locate_missing
from editor.gui.marker_palette import MarkerDock
from editor.gui.overview import Overview
from editor.gui.palette import TileDock
from editor.gui.scroll_area import WrappingScrollArea
from editor.gui.templates import NewScenarioDialog, new_scenario
from editor.gui.toolbar import ToolBar
from editor.gui.zoom_field import ZoomField
from editor.model.catalogue import default_catalogue
from editor.model.errors import LoadError
from editor.model.scenario_io import load_scenario, parse_scenario

APP_NAME = "Realms Studio"
def shipped(path: Path) -> bool:
    """One of the realms that come with Realms Studio, where a user's copy must not go: the
    package's templates, or the scenarios/ folder of a Realms Studio checkout (known by its
    pyproject.toml), which holds the booklet and the examples."""
    from editor.model.paths import data_file

    real = path.resolve()
    if real.is_relative_to(data_file("templates/blank-surface.realm.json").resolve().parent):
        return True
    return any(folder.name == "scenarios" and _is_checkout(folder.parent)
               for folder in real.parents)


def _is_checkout(root: Path) -> bool:
    try:
        text = (root / "pyproject.toml").read_text(encoding="utf-8")
    except OSError:
        return False
    return 'name = "realms-studio"' in text
MAX_RECENT = 8
ZOOM_KEY_STEP = 1.25
SCROLLED_DOCKS = ("inspector", "balance")
PREFERRED_SIZE = QSize(1400, 900)  # the first window, where the screen has room for it
FRAME_ROOM = QSize(16, 40)  # kept free around the window for the window manager's frame
DOCK_WIDTHS = [195, 290]  # the Tiles column, the Inspector/Balance column
ISSUES_HEIGHT = 150
RIGHT_HEIGHTS = [230, 330]  # Inspector over Balance
FILE_FILTER = "Realms scenarios (*.realm.json *.json);;All files (*)"

# Hooks the tests replace: answer the recovery offer and the close question without a dialog.
RecoveryPrompt = Callable[[QWidget, Path], bool]
ClosePrompt = Callable[[QWidget, str], QMessageBox.StandardButton]


def designer() -> ModuleType:
    """The tile designer's hooks, imported when first used (not on the way to the first
    frame)."""
    from editor.gui.designer import integration

    return integration


def saved_when(path: Path) -> str:
    """"at 14:32:05 on 2026-11-28": when a recovery file was last written."""
    try:
        stamp = datetime.fromtimestamp(path.stat().st_mtime)
    except OSError:
        return "at an unknown time"
    return f"at {stamp:%H:%M:%S} on {stamp:%Y-%m-%d}"


def changed_since(recovery: Path) -> str:
    """A warning when the document's file changed on disk after ``recovery`` was written
    (a teammate's edit, a pull): the recovered realm is the older one plus the lost edits,
    and saving it would replace what changed. Empty otherwise."""
    try:
        source = json.loads(recovery.with_suffix(".source").read_text(encoding="utf-8"))
        document = Path(source["path"]) if source.get("path") else None
        if document is None or document.stat().st_mtime <= recovery.stat().st_mtime:
            return ""
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return ""
    return (f"\n\n{document.name} itself changed on disk {saved_when(document)}, after "
            "that: the recovered realm does not have those changes, and saving it would "
            "replace them.")


def ask_recovery(parent: QWidget, recovery: Path) -> bool:
    answer = QMessageBox.question(
        parent, "Recover unsaved work?",
        "Realms Studio did not close cleanly last time. Unsaved changes were kept in\n"
        f"{recovery}\n(saved {saved_when(recovery)}).{changed_since(recovery)}"
        "\n\nRecover them?",
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        QMessageBox.StandardButton.Yes)
    return answer == QMessageBox.StandardButton.Yes


def ask_close(parent: QWidget, name: str) -> QMessageBox.StandardButton:
    return QMessageBox.question(
        parent, "Unsaved changes", f"Save the changes to {name} before closing?",
        QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
        | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Save)


class MainWindow(QMainWindow):
    recovery_prompt: RecoveryPrompt = staticmethod(ask_recovery)
    close_prompt: ClosePrompt = staticmethod(ask_close)
    autosaver: Autosaver
    grid_action: QAction
    graph_action: QAction
    wheel_action: QAction

    def __init__(self, doc: ScenarioDocument | None = None, *, autosave_ms: int | None = None,
                 offer_recovery: bool = True) -> None:
        super().__init__()
        self.setObjectName("RealmsStudioMain")
        self.autosave_ms = autosave_ms
        self.settings = QSettings()
        self._docks: dict[str, QDockWidget] = {}
        self._locks: set[str] = set()  # layers locked in the Layers panel
        for name, title, area in (
                ("tiles", "Tiles", Qt.DockWidgetArea.LeftDockWidgetArea),
                ("markers", "Markers", Qt.DockWidgetArea.LeftDockWidgetArea),
                ("layers", "Layers", Qt.DockWidgetArea.LeftDockWidgetArea),
                ("inspector", "Inspector", Qt.DockWidgetArea.RightDockWidgetArea),
                ("balance", "Balance", Qt.DockWidgetArea.RightDockWidgetArea),
                ("overview", "Overview", Qt.DockWidgetArea.RightDockWidgetArea),
                ("legend", "Legend", Qt.DockWidgetArea.RightDockWidgetArea),
                ("issues", "Issues", Qt.DockWidgetArea.BottomDockWidgetArea),
                ("history", "History", Qt.DockWidgetArea.RightDockWidgetArea)):
            dock = QDockWidget(title, self)
            dock.setObjectName(f"dock-{name}")
            self.addDockWidget(area, dock)
            self._docks[name] = dock
        self.recovery_warning = QLabel()  # shown only while autosave cannot write
        self.recovery_warning.setObjectName("recovery-warning")
        self.recovery_warning.setStyleSheet("color: #b00020; font-weight: bold")
        self.recovery_warning.hide()
        self.statusBar().addPermanentWidget(self.recovery_warning)
        self.hover = QLabel()
        self.statusBar().addPermanentWidget(self.hover)
        self.zoom_label = ZoomField()  # shows the zoom; type one and press Enter
        self.zoom_label.zoomTyped.connect(self._zoom_typed)
        self.statusBar().addPermanentWidget(self.zoom_label)
        self.tool_label = QLabel()
        self.tool_label.setToolTip("The armed tool (the tool bar on the left; Esc: select)")
        self.statusBar().addPermanentWidget(self.tool_label)
        self.tools_bar = ToolBar(self.show_dock, self)
        self.tools_bar.toolShown.connect(lambda text: self.tool_label.setText(f"Tool: {text}"))
        self.addToolBar(Qt.ToolBarArea.LeftToolBarArea, self.tools_bar)
        self._docks["legend"].setWidget(LegendPanel())  # the same for every document
        self._build_toolbar()
        self._build_menus()
        # One central widget for the window's life: replacing it on every Open, New or
        # Generate made the main window lay out again from the new widget's minimum
        # size, and the docks took all but 60 px (issue 28, point 2).
        self._canvas_holder = CanvasHolder(self)
        self.setCentralWidget(self._canvas_holder)
        self.disk_watch = DiskWatch(self)  # the open file changed by another program
        geometry = self.settings.value("window/geometry")
        if not (isinstance(geometry, QByteArray) and self.restoreGeometry(geometry)):
            self.resize(PREFERRED_SIZE)
        self.fit_to_screen()
        self.set_document(doc or ScenarioDocument(new_scenario(), default_catalogue()),
                          offer_recovery=offer_recovery)
        self.tabifyDockWidget(self._docks["tiles"], self._docks["markers"])
        self.tabifyDockWidget(self._docks["markers"], self._docks["layers"])
        self._docks["tiles"].raise_()
        self.tabifyDockWidget(self._docks["balance"], self._docks["overview"])
        self.tabifyDockWidget(self._docks["overview"], self._docks["legend"])
        # History sits with the right column's tabs: a tab bar under the Issues dock would
        # cost the map and the findings a row each at 1280 x 800.
        self.tabifyDockWidget(self._docks["legend"], self._docks["history"])
        self._docks["balance"].raise_()
        # The first layout gives the map the room (at 1280 x 800: at least 700 x 500 px) and
        # the Balance dock five rows of bars without dragging a splitter.
        self.resizeDocks([self._docks["tiles"], self._docks["inspector"]], DOCK_WIDTHS,
                         Qt.Orientation.Horizontal)
        self.resizeDocks([self._docks["issues"]], [ISSUES_HEIGHT], Qt.Orientation.Vertical)
        self.resizeDocks([self._docks["inspector"], self._docks["balance"]], RIGHT_HEIGHTS,
                         Qt.Orientation.Vertical)
        state = self.settings.value("window/state")
        if isinstance(state, QByteArray):
            self.restoreState(state)
        self._drop_stale_tab_bars()

    def _drop_stale_tab_bars(self) -> None:
        """Delete now the tab bars the dock layout replaced while it was being built.

        Qt leaves them visible, waiting for the event loop to delete them; a window
        grabbed before that (the offscreen screenshots) showed a stray "Issues | History"
        or "Balance | Overview" bar over the canvas (issue 28, point 8). Only events
        posted to those bars are delivered here.
        """
        for bar in self.findChildren(QTabBar, options=Qt.FindChildOption.FindDirectChildrenOnly):
            QCoreApplication.sendPostedEvents(bar, QEvent.Type.DeferredDelete)

    def fit_to_screen(self) -> None:
        """Keep the window on its screen's available area (issue 28, point 6): the first
        window was 1400 x 900 on a 1280 x 800 screen, and a geometry saved on a bigger
        screen would be too. Room is left for the window manager's frame."""
        screen = self.screen() or QGuiApplication.primaryScreen()
        if screen is None:
            return
        area = screen.availableGeometry()
        room = area.adjusted(0, 0, -FRAME_ROOM.width(), -FRAME_ROOM.height())
        size = self.size().boundedTo(room.size()).expandedTo(self.minimumSizeHint())
        if size != self.size():
            self.resize(size)
        frame = QRect(self.pos(), size + FRAME_ROOM)
        if not area.contains(frame):
            x = min(max(frame.x(), area.x()), area.right() + 1 - frame.width())
            y = min(max(frame.y(), area.y()), area.bottom() + 1 - frame.height())
            self.move(max(x, area.x()), max(y, area.y()))

    # ----- document ----------------------------------------------------------------------------
    def set_document(self, doc: ScenarioDocument, *, offer_recovery: bool = True) -> None:
        old = getattr(self, "doc", None)
        if old is not None:
            self.autosaver.discard()
            self.autosaver.stop()
            old.shutdown_analysis()
            previous = getattr(self, "balance", None)
            if isinstance(previous, BalancePanel):  # its games were of the old document
                previous.playtest.worker.stop()
        self.doc = doc
        doc.setParent(self)
        self.editor = CanvasEditor(doc, self)
        self.tools_bar.set_editor(self.editor)
        self.scene = RealmScene(doc)
        self.scene.set_show_grid(self.grid_action.isChecked())
        self.scene.set_show_graph(self.graph_action.isChecked())
        # a new scene draws every layer: only the ones switched off need telling (showing
        # the other counts' tiles again was a second pass over every tile)
        for name, action in getattr(self, "layer_actions", {}).items():
            if getattr(self.scene.layers, name) != action.isChecked():
                self.scene.set_layer(name, action.isChecked())
        self.view = RealmView(self.scene, self.editor)
        self.view.shared_actions = self.shared_actions
        self.view.wheel_scrolls = self.wheel_action.isChecked()
        old_central = self._canvas_holder.replace(self.view)
        self.tile_dock = TileDock(doc, self.editor)
        self.tile_palette = self.tile_dock.palette_list
        self.marker_dock = MarkerDock(self.editor)
        self.marker_palette = self.marker_dock.palette_list
        self.inspector = Inspector(doc, self.editor)
        self.issues = IssuesPanel(doc)
        self.balance = BalancePanel(doc)
        self.editor.locked = self._locks  # a lock outlives the document, like a hidden layer
        self.layers = LayersPanel(doc, self.editor, self.visibility_actions())
        self.history = QUndoView(doc.undo_stack)
        self.history.setEmptyLabel("<opened>")
        # Row 0 is the "<opened>" state, row N the state after N steps: keep it in view.
        # (this document's view, checked alive: a closed window's stack may still report)
        doc.undo_stack.indexChanged.connect(
            lambda index, view=self.history: isValid(view)
            and view.scrollTo(view.model().index(index, 0)))
        self.overview = Overview(self.view)
        panels: tuple[tuple[str, QWidget], ...] = (
            ("tiles", self.tile_dock), ("markers", self.marker_dock),
            ("layers", self.layers),
            ("inspector", self.inspector), ("issues", self.issues),
            ("balance", self.balance), ("history", self.history),
            ("overview", self.overview))
        for name, widget in panels:
            previous = self._docks[name].widget()
            if name in SCROLLED_DOCKS:  # tall panels scroll instead of growing the window
                widget = WrappingScrollArea(widget)
            self._docks[name].setWidget(widget)
            if previous is not None:
                previous.deleteLater()
        if old_central is not None:
            old_central.deleteLater()
        self.autosaver = Autosaver(doc, self.autosave_ms or 60_000, self)
        self.autosaver.failed.connect(self._show_autosave_failure)
        self.editor.message.connect(self._show_message)
        self.hover.clear()  # the previous document's region means nothing here
        self.view.hoverChanged.connect(self.hover.setText)
        self.view.zoomChanged.connect(self._show_zoom)
        self.issues.issueActivated.connect(lambda issue: self.reveal_issue(issue))
        self.issues.issueZoomRequested.connect(lambda issue: self.reveal_issue(issue, zoom=True))
        self.balance.flagActivated.connect(lambda issue: self.reveal_issue(issue))
        self.balance.playtest.heatChanged.connect(self.scene.set_heat)
        doc.pathChanged.connect(self._update_title)
        doc.viewChanged.connect(self._sync_view_controls)
        doc.scenarioReset.connect(self._sync_view_controls)
        doc.metaChanged.connect(self._sync_view_controls)
        self._wire_undo_actions()
        self.disk_watch.watch(doc)
        self._sync_view_controls()
        self._update_title()
        if offer_recovery:
            self.offer_recovery()
        # A window not shown yet (the editor starting) paints before the first analysis.
        doc.analyse_first(now=self.isVisible())
        self.view.fit_to_realm()
        self.view.setFocus()  # keys go to the canvas of the new document
        if old is not None:
            old.deleteLater()

    def offer_recovery(self) -> bool:
        """Offer the work a crashed session left for this document; True if restored.

        A saved document looks for its own recovery file. An untitled one is offered
        each untitled recovery file no running editor holds, newest first, until one
        is taken; a declined one is removed.
        """
        if self.doc.path is not None:
            own = recovery_path(self.doc.path)
            # a running editor's file (another window on this document) is its, not ours
            return any(self._offer(candidate) for candidate in [own, *session_files(own)]
                       if not held_by_a_running_editor(candidate))
        return any(self._offer(candidate) for candidate in orphaned_untitled())

    def _offer(self, recovery: Path) -> bool:
        text = read_recovery_file(recovery)
        if text is None or text == self.doc.text():
            return False
        when = saved_when(recovery)  # before the file is removed below
        if not self.recovery_prompt(self, recovery):
            remove_recovery(recovery)
            return False
        try:
            loaded = parse_scenario(text, str(recovery), self.doc.path.parent
                                    if self.doc.path else None, missing_ok=True)
        except LoadError as exc:
            QMessageBox.warning(self, "Recovery failed", str(exc))
            return False
        self.doc.undo_stack.push(RestoreScenario(self.doc, loaded.scenario,
                                                 "Recover unsaved changes"))
        if recovery != self.autosaver.target():
            remove_recovery(recovery)  # our own autosave takes over from here
        self.autosaver.autosave()
        self.statusBar().showMessage(f"Recovered unsaved changes from {recovery}, saved "
                                     f"{when}", 10000)
        return True

    def reveal_issue(self, issue: Issue, *, zoom: bool = False) -> None:
        """Bring what a finding names into view (centred, or filling the view) and flash it."""
        path = self.scene.issue_path(issue)
        if path.isEmpty():
            return
        if zoom:
            self.view.zoom_to(path.boundingRect())
        else:
            self.view.centerOn(path.boundingRect().center())
        self.scene.flash(path)

    def _zoom_typed(self, scale: float) -> None:
        self.view.set_zoom(scale)

    def _set_wheel_scrolls(self, on: bool) -> None:
        """The wheel scrolls and Ctrl+wheel zooms (Tiled's default), or the wheel zooms."""
        self.settings.setValue("canvas/wheel_scrolls", on)
        if hasattr(self, "view"):
            self.view.wheel_scrolls = on

    def _show_zoom(self, scale: float) -> None:
        self.zoom_label.show_scale(scale)

    def _show_message(self, text: str) -> None:
        self.statusBar().showMessage(text, 6000)

    def _update_title(self) -> None:
        self.setWindowTitle(f"{self.doc.display_name}[*] \u2014 {APP_NAME}")
        self.setWindowModified(self.doc.dirty)

    # ----- toolbar --------------------------------------------------------------------------
    def _build_toolbar(self) -> None:
        bar = QToolBar("View", self)
        bar.setObjectName("toolbar-view")
        self.addToolBar(bar)
        bar.addWidget(QLabel(" Board "))
        self.board_box = QComboBox()
        self.board_box.activated.connect(
            lambda row: self.doc.set_board(self.board_box.itemData(row)))
        bar.addWidget(self.board_box)
        bar.addWidget(QLabel("  Board for "))
        self.players_box = QComboBox()
        self.players_box.activated.connect(
            lambda row: self.doc.set_players(self.players_box.itemData(row)))
        bar.addWidget(self.players_box)
        bar.addSeparator()
        self.toolbar = bar

    def _sync_view_controls(self) -> None:
        self.board_box.clear()
        for board in self.doc.scenario.boards:
            self.board_box.addItem(f"{board.title or board.id} ({board.kind})", board.id)
        self.board_box.setCurrentIndex(max(0, self.board_box.findData(self.doc.board_id)))
        self.players_box.clear()
        for count in self.doc.scenario.player_counts:
            self.players_box.addItem(f"{count} players", count)
        self.players_box.setCurrentIndex(max(0, self.players_box.findData(self.doc.players)))

    # ----- menus ----------------------------------------------------------------------------
    def _action(self, text: str, slot: Callable[..., Any], shortcut: Any = None,
                checkable: bool = False) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            if isinstance(shortcut, list):
                action.setShortcuts(shortcut)
            else:
                action.setShortcut(shortcut)
        action.setCheckable(checkable)
        if checkable:
            action.toggled.connect(slot)
        else:
            action.triggered.connect(lambda _checked=False: slot())
        self.addAction(action)
        return action

    def _build_menus(self) -> None:
        menus = self.menuBar()
        file_menu = menus.addMenu("&File")
        file_menu.addAction(self._action("&New\u2026", self.new_file, QKeySequence.StandardKey.New))
        file_menu.addAction(self._action("&Generate\u2026", lambda: generate_into(self)))
        file_menu.addAction(self._action("&Open\u2026", self.open_dialog,
                                         QKeySequence.StandardKey.Open))
        self.recent_menu = file_menu.addMenu("Open &Recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        file_menu.addSeparator()
        file_menu.addAction(self._action("&Save", self.save, QKeySequence.StandardKey.Save))
        file_menu.addAction(self._action("Save &As\u2026", self.save_as,
                                         QKeySequence.StandardKey.SaveAs))
        file_menu.addAction(self._action("&Locate catalogue\u2026", lambda: locate_missing(self)))
        self.export_menu = file_menu.addMenu("&Export")
        self.export_menu.aboutToShow.connect(self._fill_export)
        file_menu.addSeparator()
        file_menu.addAction(self._action("&Quit", self.close, QKeySequence.StandardKey.Quit))

        edit = menus.addMenu("&Edit")
        self.undo_action = QAction("&Undo", self)
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.undo_action.triggered.connect(lambda: self.doc.undo_stack.undo())
        self.redo_action = QAction("&Redo", self)
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.redo_action.triggered.connect(lambda: self.doc.undo_stack.redo())
        for action in (self.undo_action, self.redo_action):
            self.addAction(action)
            edit.addAction(action)
        edit.addSeparator()
        # Tiled's keys work as alternates: Z turns clockwise, Shift+Z back, X and Y flip
        # (a Realms tile has one way to turn over: its other side).
        edit.addAction(self._action("Rotate tile left", lambda: self.editor.rotate_selected(1),
                                    [QKeySequence("R"), QKeySequence("Shift+Z")]))
        edit.addAction(self._action("Rotate tile right",
                                    lambda: self.editor.rotate_selected(-1),
                                    [QKeySequence("Shift+R"), QKeySequence("Z")]))
        edit.addAction(self._action("&Flip tile", self.editor_flip,
                                    [QKeySequence("F"), QKeySequence("X"), QKeySequence("Y")]))
        edit.addSeparator()
        self.shared_actions = [
            self._action("Cu&t", self.cut, QKeySequence.StandardKey.Cut),
            self._action("&Copy", self.copy, QKeySequence.StandardKey.Copy),
            self._action("&Paste", self.paste, QKeySequence.StandardKey.Paste),
            self._action("P&roperties\u2026", self.show_properties)]
        for action in self.shared_actions[:3]:
            edit.addAction(action)
        edit.addAction(self._action("D&uplicate", self.duplicate, QKeySequence("Ctrl+D")))
        edit.addAction(self._action("Select &all", lambda: self.editor.select_all(),
                                    QKeySequence.StandardKey.SelectAll))
        # Tiled's magic wand key (W) and a menu key that no other action uses
        edit.addAction(self._action("Select same &terrain", self.select_same_terrain,
                                    [QKeySequence("W"), QKeySequence("Ctrl+Shift+A")]))
        edit.addAction(self._action("&Delete", lambda: self.editor.delete_selected(),
                                    [QKeySequence(QKeySequence.StandardKey.Delete),
                                     QKeySequence("Backspace")]))
        edit.addSeparator()
        edit.addAction(self.shared_actions[3])  # Properties..., as the canvas's menu has it
        tools = menus.addMenu("&Tools")
        for action in self.tools_bar.actions_by_key.values():
            tools.addAction(action)
        tiles = menus.addMenu("T&iles")  # the tile designer (editor/gui/designer)
        tiles.addAction(self._action("&New catalogue", lambda: designer().new_catalogue(self)))
        tiles.addAction(self._action("&Edit catalogue\u2026",
                                     lambda: designer().edit_catalogue(self)))

        view = menus.addMenu("&View")
        view.addAction(self._action("&Fit to realm", lambda: self.view.fit_to_realm(),
                                    QKeySequence("Ctrl+0")))
        view.addAction(self._action("&Actual size (100 %)", lambda: self.view.set_zoom(1.0),
                                    QKeySequence("Ctrl+1")))
        view.addAction(self._action("Zoom &in", lambda: self.view.zoom(ZOOM_KEY_STEP),
                                    [QKeySequence("Ctrl+="), QKeySequence("Ctrl++")]))
        view.addAction(self._action("Zoom &out", lambda: self.view.zoom(1 / ZOOM_KEY_STEP),
                                    QKeySequence("Ctrl+-")))
        self.wheel_action = self._action("&Wheel scrolls, Ctrl+wheel zooms",
                                         self._set_wheel_scrolls, None, checkable=True)
        self.wheel_action.setChecked(
            self.settings.value("canvas/wheel_scrolls", False, type=bool) is True)
        view.addAction(self.wheel_action)
        view.addAction(self._action("&Centre on selection",
                                    lambda: self.view.centre_on_selection(),
                                    QKeySequence("C")))
        view.addSeparator()
        layers = view.addMenu("&Layers")
        self.layer_actions: dict[str, QAction] = {}
        for name, text in (("tiles", "&Tiles"), ("names", "Region &names"),
                           ("symbols", "&Symbol chips"),
                           ("markers", "&Markers"), ("links", "&Links"),
                           ("others", "Tiles of &other player counts (dimmed)")):
            action = self._action(text, lambda on, n=name: self._set_layer(n, on), None,
                                  checkable=True)
            action.setChecked(True)
            layers.addAction(action)
            self.layer_actions[name] = action
        self.grid_action = self._action("Hex &grid", self._set_grid, None, checkable=True)
        self.grid_action.setChecked(True)
        self.graph_action = self._action("Graph of &play",
                                         self._set_graph,
                                         QKeySequence("G"), checkable=True)
        layers.addAction(self.grid_action)
        layers.addAction(self.graph_action)
        view.addSeparator()
        for dock in self._docks.values():
            view.addAction(dock.toggleViewAction())
        for action in (self.graph_action,):
            self.toolbar.addAction(action)
        self.toolbar.addAction(self._action("Fit", lambda: self.view.fit_to_realm()))

        help_menu = menus.addMenu("&Help")
        help_menu.addAction(self._action("&About", self._about))

    def visibility_actions(self) -> dict[str, QAction]:
        """The View → Layers switches by layer name (the Layers panel's "Visible")."""
        return {**self.layer_actions, "grid": self.grid_action, "graph": self.graph_action}

    def _set_layer(self, name: str, on: bool) -> None:
        if hasattr(self, "scene"):
            self.scene.set_layer(name, on)

    def _set_grid(self, on: bool) -> None:
        if hasattr(self, "scene"):
            self.scene.set_show_grid(on)

    def _set_graph(self, on: bool) -> None:
        if hasattr(self, "scene"):
            self.scene.set_show_graph(on)
            self.view.viewport().update()  # the legend in the corner

    def editor_flip(self) -> None:
        self.editor.flip_selected()

    def _wire_undo_actions(self) -> None:
        stack = self.doc.undo_stack
        self.undo_action.setEnabled(stack.canUndo())
        self.redo_action.setEnabled(stack.canRedo())
        stack.canUndoChanged.connect(self.undo_action.setEnabled)
        stack.canRedoChanged.connect(self.redo_action.setEnabled)
        stack.undoTextChanged.connect(self._name_undo)
        stack.redoTextChanged.connect(self._name_redo)
        self._name_undo(stack.undoText())
        self._name_redo(stack.redoText())

    def _name_undo(self, text: str) -> None:
        """"Undo Move tile A to (1, 0)": the menu says what Ctrl+Z will take back."""
        self.undo_action.setText(f"&Undo {text}".rstrip())

    def _name_redo(self, text: str) -> None:
        self.redo_action.setText(f"&Redo {text}".rstrip())

    # ----- clipboard ------------------------------------------------------------------------
    def copy(self) -> bool:
        data = self.editor.copy_selection()
        if data is None:
            self.statusBar().showMessage("Select tiles or markers to copy", 4000)
            return False
        # Plain text (JSON with a "format" key that paste checks): a QMimeData handed to
        # the clipboard from Python crashed the interpreter at exit.
        QGuiApplication.clipboard().setText(json.dumps(data))
        count = len(data["tiles"]) + len(data["markers"])  # type: ignore[arg-type]
        self.statusBar().showMessage(f"Copied {count} items", 4000)
        return True

    def cut(self) -> None:
        if self.copy():
            self.editor.delete_selected("Cut")

    def select_same_terrain(self) -> None:
        count = self.doc.select_same_terrain()
        region = self.doc.analysis.region(self.doc.selection.region or "")
        self.statusBar().showMessage(
            f"Selected {count} {region.terrain} regions" if count and region is not None
            else "Select same terrain: select a region first (click it)", 5000)

    def paste(self, verb: str = "Paste") -> None:
        self.editor.paste(QGuiApplication.clipboard().text(), self.view.hover_hex, verb,
                          self.view.hover_region)

    def duplicate(self) -> None:
        """Copy and paste at once (at the mouse, or in place); the clipboard is kept."""
        data = self.editor.copy_selection()
        if data is not None:
            self.editor.paste(json.dumps(data), self.view.hover_hex, "Duplicate",
                              self.view.hover_region)

    def show_dock(self, name: str) -> None:
        dock = self._docks[name]
        dock.show()
        dock.raise_()

    def show_properties(self) -> None:
        """Properties…: the Inspector's Selection tab in front, and room for it again when
        its splitter was dragged (nearly) shut, which showed nothing."""
        self.show_dock("inspector")
        self.inspector.setCurrentWidget(self.inspector.selection_panel)
        dock = self._docks["inspector"]
        if not dock.isFloating() and dock.height() < RIGHT_HEIGHTS[0] // 2:
            self.resizeDocks([dock], [RIGHT_HEIGHTS[0]], Qt.Orientation.Vertical)

    def _about(self) -> None:
        QMessageBox.about(self, APP_NAME, "Realms Studio: an editor, validator and exporter for "
                                          "Small World Realms maps and scenarios.")

    # ----- files ----------------------------------------------------------------------------
    def _confirm_discard(self) -> bool:
        """Ask about unsaved changes; True when it is fine to drop the document. A file
        deleted from disk while open is unsaved work too: the window holds its only copy."""
        deleted = self.doc.path is not None and not self.doc.path.exists()
        if not self.doc.dirty and not deleted:
            return True
        if deleted:
            self.statusBar().showMessage(f"{self.doc.path} was deleted from disk: this "
                                         "window holds the only copy", 0)
        answer = self.close_prompt(self, self.doc.display_name)
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def new_file(self) -> None:
        dialog = NewScenarioDialog(self)
        if dialog.exec() and self._confirm_discard():
            self._drop_recovery()
            self.set_document(ScenarioDocument(dialog.scenario(), default_catalogue()))

    def dialog_folder(self) -> Path:
        """Where Open and Save As start: the document's folder, else the folder of the
        last file opened, else the working folder (issue 28, point 8)."""
        if self.doc.path is not None:
            return self.doc.path.parent
        recent = self.recent_files()
        return Path(recent[0]).parent if recent else Path.cwd()

    def open_dialog(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self, "Open realm", str(self.dialog_folder()),
                                              FILE_FILTER)
        if name:
            self.open_path(Path(name))

    def open_path(self, path: Path) -> bool:
        if not self._confirm_discard():
            return False
        try:
            loaded = load_scenario(path, missing_ok=True)
        except LoadError as exc:
            QMessageBox.critical(self, "Cannot open", str(exc))
            return False
        self._drop_recovery()
        self.set_document(ScenarioDocument.from_loaded(loaded))
        self.remember(path)
        return True

    def save(self) -> bool:
        if self.doc.path is None:
            return self.save_as()
        return self.save_to(self.doc.path)

    def save_as_start(self) -> Path:
        """Where Save As starts: the document's own file, unless that is one of the realms
        shipped with Realms Studio (a copy belongs in the user's folder, not among them);
        then the folder the user last saved in, else the home folder."""
        name = self.doc.path.name if self.doc.path is not None else "untitled.realm.json"
        if self.doc.path is not None and not shipped(self.doc.path):
            return self.doc.path
        saved = str(self.settings.value("files/save_folder", "", type=str) or "")
        folder = Path(saved) if saved and Path(saved).is_dir() else Path.home()
        return folder / name

    def save_as(self) -> bool:
        name, _ = QFileDialog.getSaveFileName(self, "Save realm as", str(self.save_as_start()),
                                              FILE_FILTER)
        return self.save_to(Path(name)) if name else False

    def save_to(self, path: Path) -> bool:
        if not self.disk_watch.may_overwrite(path):
            self.statusBar().showMessage(f"Not saved: {path} was changed on disk", 8000)
            return False
        moved = path != self.doc.path
        try:
            self.doc.save(path)
        except OSError as exc:
            QMessageBox.critical(self, "Cannot save", f"{path}: {exc.strerror or exc}")
            return False
        self.autosaver.discard()
        if moved:
            self.disk_watch.watch(self.doc)
        self.remember(path)
        if not shipped(path):
            self.settings.setValue("files/save_folder", str(path.resolve().parent))
        self.statusBar().showMessage(f"Saved {path}", 5000)
        return True

    def _show_autosave_failure(self, why: str) -> None:
        """Crash recovery off is said where it stays in view, until a write works again."""
        self.recovery_warning.setText(f"Crash recovery is off: cannot write {why}" if why
                                      else "")
        self.recovery_warning.setToolTip(
            "Unsaved changes are not being kept for recovery after a crash. Save your "
            "work, and free space or fix the permissions of that folder." if why else "")
        self.recovery_warning.setVisible(bool(why))

    def _drop_recovery(self) -> None:
        if getattr(self, "autosaver", None) is not None:
            self.autosaver.discard()

    def remember(self, path: Path) -> None:
        """Put ``path`` first in File → Open Recent (files opened from the command line
        too)."""
        recent = [p for p in self.recent_files() if p != str(path.resolve())]
        self.settings.setValue("recent", [str(path.resolve()), *recent][:MAX_RECENT])

    def recent_files(self) -> list[str]:
        value = self.settings.value("recent", [])
        if isinstance(value, str):
            return [value]
        return [str(v) for v in value] if isinstance(value, list) else []

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        for name in self.recent_files():
            action = self.recent_menu.addAction(name)
            action.triggered.connect(lambda _c=False, n=name: self.open_path(Path(n)))
        if not self.recent_menu.actions():
            self.recent_menu.addAction("(none)").setEnabled(False)

    def _fill_export(self) -> None:
        self.export_menu.clear()
        try:
            formats: dict[str, Any] = dict(importlib.import_module("editor.export").FORMATS)
        except (ImportError, AttributeError):
            self.export_menu.addAction("(exporters not installed)").setEnabled(False)
            return
        for name, spec in formats.items():
            help_text = getattr(spec, "help", "")
            action = self.export_menu.addAction(
                f"{name}\u2026" + (f"  ({help_text})" if help_text else ""))
            action.setData(name)
            action.triggered.connect(lambda _c=False, n=name, e=spec: self.export_dialog(n, e))

    def export_dialog(self, name: str, spec: Any) -> None:
        suffix = str(getattr(spec, "suffix", "")).lstrip(".")
        stem = self.doc.path.name.removesuffix(".realm.json") if self.doc.path else "realm"
        default = f"{stem}-{self.doc.players}p" + (f".{suffix}" if suffix else "")
        if self.doc.path is not None:
            default = str(self.doc.path.with_name(default))
        target, _ = QFileDialog.getSaveFileName(self, f"Export {name}", default)
        if target:
            self.export_to(name, Path(target))

    def export_to(self, name: str, target: Path) -> bool:
        """Export the shown player count in format ``name``; errors go to a message box."""
        export = importlib.import_module("editor.export")
        try:
            export.export_to_path(self.doc.loaded(), name, self.doc.players, target)
        except Exception as exc:  # ExportError, OSError: the user can act on the message
            QMessageBox.critical(self, "Export failed", f"{target}: {exc}")
            return False
        self.statusBar().showMessage(f"Exported {name} for {self.doc.players} players to "
                                     f"{target}", 6000)
        return True

    # ----- showing and closing ----------------------------------------------------------------
    def setVisible(self, visible: bool) -> None:
        super().setVisible(visible)
        if visible:  # laid out at its shown size, the window replaced more tab bars
            self._drop_stale_tab_bars()

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self._confirm_discard():
            event.ignore()
            return
        self.autosaver.discard()
        self.autosaver.stop()
        self.doc.shutdown_analysis()
        self.view.end_zoom_preview()  # a wheel zoom's pictures are not drawn for a closed window
        self.balance.playtest.worker.stop()
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState())
        event.accept()
