"""A mountain is a piece, not a chip: it stands larger than the symbol chips at every zoom,
with a silhouette of its own, under the chips laid beside it, on the canvas, the printable
board and the site's SVG alike."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage, QPainter

from editor.analysis.metrics import play_graph
from editor.export.board_layout import layout_page
from editor.gui.canvas.items import MarkerItem
from editor.model.scenario import Marker
from editor.model.scenario_io import load_scenario
from editor.render.paint import paint_badge
from editor.render.style import default_style
from editor.site.svg_board import board_svg
from editor.topology import derive_realm

REPO = Path(__file__).resolve().parents[2]
MOUNTAINTOP = REPO / "scenarios" / "booklet" / "04-ive-been-to-the-mountaintop.realm.json"


def _footprint(kind: str, radius: float) -> tuple[int, int, int]:
    """(pixels covered, width, height) of a badge drawn at ``radius`` on a clear image."""
    style = default_style()
    badge = style.marker(kind) if kind in style.markers else style.symbol(kind)
    image = QImage(200, 200, QImage.Format.Format_ARGB32)
    image.fill(QColor(0, 0, 0, 0))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    paint_badge(painter, QPointF(100, 100), radius, badge)
    painter.end()
    alpha = np.frombuffer(image.constBits(), dtype=np.uint8).reshape(200, 200, 4)[..., 3]
    ys, xs = np.nonzero(alpha > 40)
    return len(xs), int(xs.max() - xs.min() + 1), int(ys.max() - ys.min() + 1)


def test_only_mountains_are_pieces() -> None:
    style = default_style()
    pieces = {kind for kind, badge in style.markers.items() if badge.is_piece}
    assert pieces == {"mountain", "black_mountain"}
    assert all(style.markers[k].size > 1.2 for k in pieces)
    assert not any(badge.is_piece for badge in style.symbols.values())


@pytest.mark.parametrize("radius", [4.0, 8.0, 16.0, 30.0], ids=lambda r: f"r{r:g}")
def test_a_mountain_stands_out_from_the_chips_at_every_zoom(radius: float) -> None:
    mountain, width, height = _footprint("mountain", radius)
    for chip in ("cavern", "mine", "magic"):
        covered, chip_width, _h = _footprint(chip, radius)
        assert mountain > 1.5 * covered, (chip, mountain, covered)
        assert width > 2 * chip_width * 0.9, (chip, width, chip_width)
    assert width > 1.3 * height, "a mountain is a wide silhouette, not a chip"


def test_on_the_canvas_a_mountain_stands_under_the_chips() -> None:
    style = default_style()
    piece = MarkerItem(0, Marker("mountain", "A.s1"), (0.0, 0.0), style)
    chip = MarkerItem(1, Marker("lost_tribe", "A.s1"), (0.0, 0.0), style)
    assert piece.zValue() < chip.zValue()
    assert piece.boundingRect().width() > 2 * chip.boundingRect().width() * 0.9


def test_the_site_draws_mountains_as_pieces_before_the_chips() -> None:
    loaded = load_scenario(MOUNTAINTOP)
    realm = derive_realm(loaded, 4)
    mountains = sum(1 for r in realm.regions.values() for m in r.markers if m.kind == "mountain")
    assert mountains >= 6
    svg = board_svg(layout_page(realm), default_style(), play_graph(realm), name="board",
                    details={})
    groups = re.findall(r'<g class="(badge(?: piece)?)">', svg)
    assert groups.count("badge piece") == mountains
    first_chip = groups.index("badge")
    assert all(g == "badge piece" for g in groups[:mountains]) and first_chip == mountains
