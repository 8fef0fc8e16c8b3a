"""The Issues panel: lint findings (or derivation problems) for the shown player count.

Clicking an entry selects every region it names (outlined together, the first in the
inspector), or else its tiles; the window centres the canvas on them (double-click: zooms
to them) and flashes them.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtGui import QAction, QBrush
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QMenu,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.gui.analysis import SEVERITY_ORDER, Issue
from editor.gui.commands import FlipTile
from editor.gui.document import ScenarioDocument
from editor.model.worlds import other_face, wrong_faces
from editor.render.paint import colour

ROLE_ISSUE = Qt.ItemDataRole.UserRole
SEVERITY_COLOURS = {"error": "#c62828", "warning": "#b26a00", "info": "#2f6690"}


class IssueItem(QTreeWidgetItem):
    """Sorts the severity column by seriousness (errors first), the others as text."""

    def __lt__(self, other: QTreeWidgetItem) -> bool:
        tree = self.treeWidget()
        column = tree.sortColumn() if tree is not None else 0
        if column == 0:
            mine = (SEVERITY_ORDER.get(self.text(0), 3), self.text(1), self.text(2))
            theirs = (SEVERITY_ORDER.get(other.text(0), 3), other.text(1), other.text(2))
            return mine < theirs
        return self.text(column) < other.text(column)


class IssuesPanel(QWidget):
    issueActivated = Signal(object)  # clicked: show it
    issueZoomRequested = Signal(object)  # double-clicked: zoom to it

    def __init__(self, doc: ScenarioDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        row = QHBoxLayout()
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        row.addWidget(self.summary, 1)
        row.addWidget(QLabel("Show"))
        self.severity = QComboBox()
        for text, data in (("all", ""), ("errors", "error"), ("warnings", "warning"),
                           ("notes", "info")):
            self.severity.addItem(text, data)
        self.severity.setToolTip("Show findings of one severity only")
        self.severity.currentIndexChanged.connect(lambda _row: self.apply_filter())
        row.addWidget(self.severity)
        layout.addLayout(row)
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(["Severity", "Code", "Message"])
        self.tree.setRootIsDecorated(False)
        self.tree.setUniformRowHeights(False)
        self.tree.setWordWrap(True)  # long messages wrap instead of running off the dock
        self.tree.setSortingEnabled(True)  # click a header to sort; severity order by default
        self.tree.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.tree.setColumnWidth(0, 70)
        self.tree.setColumnWidth(1, 60)
        layout.addWidget(self.tree)
        self.tree.itemClicked.connect(self._activate)
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.tree.customContextMenuRequested.connect(self._context_menu)
        self.tree.itemDoubleClicked.connect(self._zoom)
        doc.derivationChanged.connect(self.refresh)
        self.refresh()

    def items(self) -> list[QTreeWidgetItem]:
        found = (self.tree.topLevelItem(i) for i in range(self.tree.topLevelItemCount()))
        return [item for item in found if item is not None]

    def issues(self) -> list[Issue]:
        return [item.data(0, ROLE_ISSUE) for item in self.items()]

    def item_for(self, predicate: Callable[[Issue], bool]) -> QTreeWidgetItem | None:
        return next((item for item in self.items() if predicate(item.data(0, ROLE_ISSUE))),
                    None)

    def refresh(self) -> None:
        self.tree.clear()
        issues = self.doc.analysis.issues
        items = []
        for issue in issues:
            item = IssueItem([issue.severity, issue.code, issue.message])
            item.setData(0, ROLE_ISSUE, issue)
            item.setForeground(0, QBrush(colour(SEVERITY_COLOURS.get(issue.severity, "#444"))))
            item.setToolTip(2, issue.message)
            items.append(item)
        self.tree.addTopLevelItems(items)
        self.apply_filter()
        counts = {s: sum(1 for i in issues if i.severity == s) for s in SEVERITY_COLOURS}
        source = "lint" if self.doc.analysis.lint_available else "derivation"
        self.summary.setText(
            f"{self.doc.players} players: {counts['error']} errors, {counts['warning']} "
            f"warnings, {counts['info']} notes ({source})")

    def apply_filter(self) -> None:
        wanted = self.severity.currentData()
        for item in self.items():
            issue: Issue = item.data(0, ROLE_ISSUE)
            item.setHidden(bool(wanted) and issue.severity != wanted)

    def shown_issues(self) -> list[Issue]:
        """The entries on screen, in their current order."""
        return [item.data(0, ROLE_ISSUE) for item in self.items() if not item.isHidden()]

    def _activate(self, item: QTreeWidgetItem) -> None:
        issue: Issue = item.data(0, ROLE_ISSUE)
        if issue.regions:
            self.doc.select_finding(issue.regions)
        elif issue.tiles:
            self.doc.select_finding((), issue.tiles)
        self.issueActivated.emit(issue)

    def _zoom(self, item: QTreeWidgetItem) -> None:
        self.issueZoomRequested.emit(item.data(0, ROLE_ISSUE))

    def fixes_for(self, issue: Issue) -> list[QAction]:
        """The one-step fixes a finding offers (its row's right-click menu): a tile laid
        with the other world's face (G016) is turned over to its board's face."""
        actions: list[QAction] = []
        if issue.code == "G016":
            for _, index, board, placement in wrong_faces(self.doc.scenario.boards):
                if placement.tile in issue.tiles and self.doc.active(placement):
                    action = QAction(f"Turn tile {placement.tile} over to its "
                                     f"{other_face(placement.side)} face", self)
                    action.triggered.connect(
                        lambda _c=False, b=board.id, i=index: self.doc.undo_stack.push(
                            FlipTile(self.doc, b, i)))
                    actions.append(action)
        return actions

    def _context_menu(self, point: QPoint) -> None:
        item = self.tree.itemAt(point)
        if item is None:
            return
        actions = self.fixes_for(item.data(0, ROLE_ISSUE))
        if actions:
            menu = QMenu(self)
            menu.addActions(actions)
            menu.exec(self.tree.viewport().mapToGlobal(point))
