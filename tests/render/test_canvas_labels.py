"""The editor canvas draws what the shared label placement decided: markers where the plan
puts them (a "+N" badge for a crowded region's surplus), and the region highlight never
paints over a tile letter."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from editor.gui.canvas.items import MarkerItem, MoreMarkersItem
from editor.gui.canvas.scene import RealmScene
from editor.gui.document import ScenarioDocument, Selection
from editor.gui.shapes import letter_box, side_label, tile_labels
from editor.model.scenario import Marker
from editor.model.scenario_io import load_scenario
from editor.render.labels import MARKER, MORE

ROOT = Path(__file__).resolve().parents[2]
THRONE = ROOT / "scenarios" / "booklet" / "05-the-rusted-throne.realm.json"


def _scene(players: int = 4) -> tuple[ScenarioDocument, RealmScene]:
    doc = ScenarioDocument.from_loaded(load_scenario(THRONE))
    doc.players = players
    scene = RealmScene(doc)
    scene.rebuild()
    return doc, scene


def _plan_centres(doc: ScenarioDocument, scene: RealmScene) -> dict[int, tuple[float, float]]:
    """Where the plan puts each shown marker index, in scene coordinates."""
    expected: dict[int, tuple[float, float]] = {}
    for item in scene.tile_items.values():
        placement = item.placement
        shapes = item.region_shapes()
        on_region = {s.local_id: [i for i, m in enumerate(doc.board.markers)
                                  if m.region == f"{placement.tile}.{s.local_id}"
                                  and doc.active(m)] for s in shapes}
        laid = tuple(tuple(scene.theme.marker(doc.board.markers[i].kind).shape == "square"
                           for i in on_region[s.local_id]) for s in shapes)
        plan = tile_labels(item.side, placement.rotation, laid)
        for shape in shapes:
            for label in plan.of(MARKER, shape.local_id) + plan.of(MORE, shape.local_id):
                keys = label.hidden[:1] if label.kind == MORE else (label.key,)
                index = on_region[shape.local_id][int(keys[0])]
                expected[index] = (item.pos().x() + label.centre[0],
                                   item.pos().y() + label.centre[1])
    return expected


def test_markers_are_drawn_where_the_placement_put_them_clear_of_the_letters() -> None:
    doc, scene = _scene()
    drawn = {item.index: (round(item.pos().x(), 6), round(item.pos().y(), 6))
             for item in scene.marker_items if item.marker.hex is None}
    planned = {index: (round(x, 6), round(y, 6))
               for index, (x, y) in _plan_centres(doc, scene).items()}
    assert len(drawn) >= 2 and drawn == planned
    letters = [QRectF(*_xywh(letter_box(side_label(t.placement.tile, t.placement.side))))
               .translated(t.pos()) for t in scene.tile_items.values()]
    for item in scene.marker_items:
        rect = QRectF(item.pos().x() - item.radius, item.pos().y() - item.radius,
                      2 * item.radius, 2 * item.radius)
        assert not any(rect.intersects(letter) for letter in letters), item.marker


def test_a_crowded_region_shows_a_badge_standing_for_its_surplus() -> None:
    doc, scene = _scene()
    board = doc.board
    # the throne's mountain: mountain, peak and throne already (a small third of a tile)
    region = next(m.region for m in board.markers if m.kind == "rusted_throne")
    assert region is not None
    before = sum(1 for m in board.markers if m.region == region)
    assert before == 3
    board.markers.extend(Marker(kind, region) for kind in ("relic", "place", "tunnel"))
    scene.sync_markers()
    badges = [i for i in scene.marker_items if isinstance(i, MoreMarkersItem)]
    assert len(badges) == 1
    badge = badges[0]
    shown = [i for i in scene.marker_items if type(i) is MarkerItem and i.marker.region == region]
    assert len(shown) + len(badge.hidden) == 6
    assert badge.text() == f"+{len(badge.hidden)}"
    assert badge.toolTip().startswith(f"{len(badge.hidden)} more markers here")


def _xywh(box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = box
    return (x0, y0, x1 - x0, y1 - y0)


def _render(scene: RealmScene, rect: QRectF) -> QImage:
    image = QImage(round(rect.width() * 4), round(rect.height() * 4),
                   QImage.Format.Format_ARGB32)
    image.fill(QColor("#000000"))
    painter = QPainter(image)
    scene.render(painter, QRectF(0, 0, image.width(), image.height()), rect)
    painter.end()
    return image


def test_the_region_highlight_never_paints_over_the_tile_letter() -> None:
    doc, scene = _scene()
    index = doc.tile_index("C")
    assert index is not None
    tile = scene.tile_items[index]
    # the letter's box, less half a unit of antialiased edge
    letter = QRectF(*_xywh(letter_box("C"))).translated(tile.pos()).adjusted(0.5, 0.5, -0.5,
                                                                            -0.5)
    region = "C.s1"  # the farmland strip under the letter
    assert tile.placement.tile == "C"
    before = _render(scene, letter)
    doc.select(Selection(board=doc.board_id, region=region))
    assert not scene.highlight.path.isEmpty()
    assert scene.highlight.path.intersects(letter)  # it does cover the letter's place...
    after = _render(scene, letter)
    assert after == before  # ...but leaves the letter as it was
    whole = tile.sceneBoundingRect()  # the highlight is there all right, around the letter
    assert _render(scene, whole) != _render_unselected(doc, scene, whole)


def _render_unselected(doc: ScenarioDocument, scene: RealmScene, rect: QRectF) -> QImage:
    selection = doc.selection
    doc.select(Selection())
    image = _render(scene, rect)
    doc.select(selection)
    return image
