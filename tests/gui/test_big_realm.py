"""A big realm is analysed on a worker thread: the edit returns first, the findings follow
and always describe the latest state (a result an edit overtook is dropped)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from test_editor_session import open_window

from editor.gui.analysis import analyse
from editor.gui.document import BACKGROUND_TILES, ScenarioDocument, Selection
from editor.gui.templates import new_scenario
from editor.model.catalogue import default_catalogue
from editor.model.scenario import Placement


def spread_realm(count: int) -> ScenarioDocument:
    """``count`` tiles on hexes three apart: every tile isolated (lint G003 for each),
    all 26 letters reused (G002), so the findings depend on every placement."""
    letters = sorted(k for k in default_catalogue().tiles if len(k) == 1)
    scenario = new_scenario("Big realm", 2, 4)
    scenario.boards[0].tiles = [Placement(letters[i % 26], "surface", 3 * (i % 15),
                                          3 * (i // 15), 0) for i in range(count)]
    return ScenarioDocument(scenario, default_catalogue())


def test_edits_return_before_the_worker_and_the_last_state_wins(qtbot: QtBot) -> None:
    doc = spread_realm(BACKGROUND_TILES + 10)
    window = open_window(qtbot, doc)
    assert doc.big
    doc.wait_for_analysis()
    before = list(doc.analysis.issues)
    assert doc.analysis.realm is not None and before
    window.view.setFocus()
    for _ in range(2):  # the second edit overtakes the first one's analysis
        doc.select(Selection(doc.board_id, len(doc.board.tiles) - 1))
        qtbot.keyClick(window.view, Qt.Key.Key_Delete)
        assert doc.analysing, "the key press returned with the analysis still to come"
        assert doc.analysis.issues == before, "the docks still show the old findings"
    assert len(doc.board.tiles) == BACKGROUND_TILES + 8
    doc.wait_for_analysis()
    assert not doc.analysing
    latest = analyse(doc.snapshot(), doc.players).issues
    assert doc.analysis.issues == latest != before, "the findings of the realm as it is now"
    assert window.issues.issues() == latest


def test_the_balance_metrics_come_with_the_workers_analysis(qtbot: QtBot) -> None:
    """The Balance dock shows the metrics the worker measured with the realm (the diameter
    of a big realm is not searched again on the UI thread), and they are the realm's own."""
    from editor.analysis.metrics import measure

    doc = spread_realm(BACKGROUND_TILES + 10)
    window = open_window(qtbot, doc)
    doc.wait_for_analysis()
    realm, metrics = doc.analysis.realm, doc.analysis.metrics
    assert realm is not None and metrics is not None
    assert metrics == measure(realm)
    assert window.balance.metrics is metrics
    # After an edit the findings come first (the Issues dock does not wait for the
    # diameter search), then the metrics of that same analysis.
    seen: list[tuple[str, bool]] = []
    doc.derivationChanged.connect(lambda: seen.append(("findings", doc.measuring)))
    doc.metricsChanged.connect(lambda: seen.append(("metrics", doc.measuring)))
    doc.select(Selection(doc.board_id, 0))
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_Delete)
    doc.wait_for_analysis()
    assert seen == [("findings", True), ("metrics", False)]
    assert window.balance.metrics is doc.analysis.metrics is not metrics
    assert doc.analysis.realm is not None
    assert doc.analysis.metrics == measure(doc.analysis.realm)
