"""The Legend dock lists everything a realm can show, drawn as the canvas and the printed
legend draw it: every terrain, printed symbol, piece and marker of the style."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from editor.gui.legend_dock import LegendPanel
from editor.model.terrains import LAND_TERRAINS
from editor.render.style import default_style

pytestmark = pytest.mark.gui


def test_the_legend_lists_every_terrain_symbol_piece_and_marker(qtbot: QtBot) -> None:
    panel = LegendPanel()
    qtbot.addWidget(panel)
    style = default_style()
    shown = panel.entries()
    kinds = {(kind, key) for kind, key, _side in shown}
    assert {("terrain", t) for t in (*LAND_TERRAINS, "river", "sea", "lake")} <= kinds
    assert {("symbol", s) for s in style.symbols} <= kinds
    laid = {k for k in style.markers if k not in ("river_marker", "cloud_bridge", "custom_link")}
    assert {("marker", k) for k in laid} <= kinds
    assert ("river_marker", "river_marker") in kinds and ("link", "link") in kinds
    assert len(shown) == len(set(shown)), "an entry is listed twice"
    pieces = [row for row in range(panel.list.count())
              if panel.list.item(row).text() == "Pieces"]
    assert pieces, "the pieces have their own heading"
    piece = panel.list.item(pieces[0] + 1)
    assert piece.text() == style.marker("mountain").label and not piece.icon().isNull()
    from editor.export.board_legend import SWATCH  # the dock fills itself on first sight

    assert (panel.list.iconSize().width(), panel.list.iconSize().height()) == \
        tuple(round(v) for v in SWATCH), "the dock's icons are the printed legend's swatches"
