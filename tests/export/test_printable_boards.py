"""Printable boards as a player reads them (issue 29, point 5): links between boards,
boards with no tiles at the exported count, and long titles. The SVG is read with a real
XML parser; the PNG's title is measured with the font it is drawn in."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from export_support import REPO, run_cli

from editor.export import export_bytes
from editor.export.board_layout import LINK_STUB, MARGIN, PageLayout, layout_page
from editor.model.scenario_io import LoadedScenario, load_scenario
from editor.render.style import default_style
from editor.topology import derive_realm

SVG = "{http://www.w3.org/2000/svg}"
HIGHLAND = REPO / "scenarios" / "highland-crossing.realm.json"
LINK = default_style().canvas["graph_link"]


def svg_of(loaded: LoadedScenario, players: int) -> ET.Element:
    return ET.fromstring(export_bytes(loaded, "svg", players))


def words(root: ET.Element) -> str:
    """Every text of the drawing, one space between elements (a wrapped note reads whole)."""
    return " ".join(" ".join(t.itertext()).strip() for t in root.iter(f"{SVG}text"))


def link_strokes(root: ET.Element) -> list[tuple[float, float, float, float]]:
    """Every line drawn in the link colour, outside the legend."""
    return [(float(e.get("x1", 0)), float(e.get("y1", 0)), float(e.get("x2", 0)),
             float(e.get("y2", 0))) for e in root.iter(f"{SVG}line")
            if e.get("stroke") == LINK]


def page_of(loaded: LoadedScenario, players: int) -> PageLayout:
    return layout_page(derive_realm(loaded, players))


# -- links between boards ----------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_link_between_boards_is_an_arrow_and_a_note_at_each_end(players: int) -> None:
    """Highland Crossing's "Ferryman's landing" joins D.s2 (Surface) and Y.s1 (Necromancer
    island): it was one dashed line across the whole Underground board, with no label."""
    loaded = load_scenario(HIGHLAND)
    page = page_of(loaded, players)
    anchors = {s.region.id: s.anchor for b in page.boards for s in b.regions}
    root = svg_of(loaded, players)
    text = words(root)
    assert "to Ferryman's landing on the Necromancer island board" in text
    assert "to Ferryman's landing on the Surface board" in text
    legend_top = page.legend_top - 30
    strokes = [s for s in link_strokes(root) if s[1] < legend_top]
    frames = [(b.origin[0] - 1, b.origin[1] - 1, b.origin[0] + b.size[0] + 1,
               b.origin[1] + b.size[1] + 1) for b in page.boards]

    def board_under(x: float, y: float) -> int | None:
        return next((i for i, (x0, y0, x1, y1) in enumerate(frames)
                     if x0 <= x <= x1 and y0 <= y <= y1), None)

    for x1, y1, x2, y2 in strokes:  # no link line leaves the board it starts on
        start = board_under(x1, y1)
        assert start is not None
        assert board_under(x2, y2) == start or math.dist((x1, y1), (x2, y2)) <= LINK_STUB, \
            (x1, y1, x2, y2)
    ferry = [m for m in page.link_marks if "Ferryman" in m.text]
    assert len(ferry) == 2 and all(m.across for m in ferry)
    starts = {m.start for m in ferry}
    assert starts == {anchors["D.s2"], anchors["Y.s1"]}
    for mark in ferry:  # each note sits by its own end, inside the page
        x0, y0, x1, y1 = mark.box
        centre = ((x0 + x1) / 2, (y0 + y1) / 2)
        assert math.dist(centre, mark.start) <= LINK_STUB + max(x1 - x0, y1 - y0)
        assert x0 >= MARGIN and x1 <= page.width - MARGIN
    # and the lines the SVG draws for them are the two short stubs
    stubs = [s for s in strokes if (s[0], s[1]) in {(round(x, 1), round(y, 1))
                                                      for x, y in starts}]
    assert len(stubs) == 2


def test_a_link_within_one_board_is_a_dashed_line_with_its_label(tmp_path: Path) -> None:
    from export_support import rich

    loaded = rich()
    link = loaded.scenario.links[0]
    link.label = "Troll road"
    page = page_of(loaded, 2)
    marks = [m for m in page.link_marks if m.text == "Troll road"]
    assert len(marks) == 1 and not marks[0].across
    root = svg_of(loaded, 2)
    assert "Troll road" in words(root)
    dashed = [e for e in root.iter(f"{SVG}line")
              if e.get("stroke") == LINK and e.get("stroke-dasharray")]
    assert dashed, "a link within a board stays a dashed line"


# -- boards with no tiles at this count --------------------------------------------------
@pytest.mark.parametrize("players", [2, 3])
def test_a_board_without_tiles_at_this_count_is_left_out(players: int) -> None:
    """Highland Crossing's Sky Islands join at 4 players: at 2-3 the board was an empty
    box saying "no tiles on this board yet"."""
    loaded = load_scenario(HIGHLAND)
    page = page_of(loaded, players)
    assert [b.id for b in page.boards] == ["surface", "underground", "necromancer"]
    text = words(svg_of(loaded, players))
    assert "no tiles on this board yet" not in text
    assert "Sky islands" not in text
    assert "Surface: The Highlands" in text


def test_the_board_is_drawn_once_it_has_tiles() -> None:
    loaded = load_scenario(HIGHLAND)
    page = page_of(loaded, 4)
    assert [b.id for b in page.boards] == ["surface", "underground", "sky", "necromancer"]
    assert "Sky islands: The Sky Islands" in words(svg_of(loaded, 4))


def test_the_balance_page_shows_no_empty_board(tmp_path: Path) -> None:
    """The balance HTML embeds the printable SVG: the same board is left out there."""
    import base64
    import re

    out = tmp_path / "balance.html"
    result = run_cli("balance", HIGHLAND, "--players", "2", "--format", "html", "-o", out)
    assert result.returncode in (0, 1), result.stderr
    page = out.read_text(encoding="utf-8")
    images = [base64.b64decode(m) for m in
              re.findall(r'src="data:image/svg\+xml;base64,([^"]+)"', page)]
    assert images, "the balance page shows the printable board"
    for image in images:
        text = words(ET.fromstring(image))
        assert "no tiles on this board yet" not in text and "Sky islands" not in text


# -- long titles -------------------------------------------------------------------------
LONG = "The Sunken Marshes of the Ninefold Crown and Their Lost Roads"  # 61 characters


def long_title(title: str) -> LoadedScenario:
    loaded = load_scenario(REPO / "scenarios" / "booklet" / "07-crops-of-power.realm.json")
    loaded.scenario.title = title
    return loaded


@pytest.mark.parametrize("title", [LONG, "A Realm of Forty-Four Characters, Give or Tak",
                                   "Ashenvale-Brookmere-Copperfield-Duskwater-Elderglen"])
def test_a_long_title_is_whole_on_the_page(title: str) -> None:
    """Titles of 44 characters or more ran past the page's edge (every generated realm's
    name is that long): the title is set smaller or wrapped, and every line fits."""
    from PySide6.QtGui import QFontMetricsF

    from editor.export.board_render import _ensure_app
    from editor.render.paint import font

    _ensure_app()
    loaded = long_title(title)
    page = page_of(loaded, 2)
    assert " ".join(page.title_lines) == title
    metrics = QFontMetricsF(font(page.title_size, bold=True))
    for line in page.title_lines:  # as the PNG and PDF draw it
        assert MARGIN + metrics.horizontalAdvance(line) <= page.width - MARGIN / 2, line
    root = svg_of(loaded, 2)
    title_texts = [t for t in root.iter(f"{SVG}text") if t.get("font-weight") == "bold"
                   and float(t.get("font-size", 0)) == page.title_size]
    assert [t.text for t in title_texts] == list(page.title_lines)
    width = float(root.get("viewBox", "0 0 0 0").split()[2])
    for element in title_texts:
        assert float(element.get("x", 0)) + metrics.horizontalAdvance(element.text or "") \
            <= width - MARGIN / 2
    # the subtitle and the boards move down under a wrapped title
    last = page.title_baseline + (len(page.title_lines) - 1) * page.title_line_height
    assert page.subtitle_baseline > last
    assert min(b.origin[1] for b in page.boards) > page.subtitle_baseline


def test_a_short_title_keeps_its_size_and_line() -> None:
    page = page_of(long_title("Crops of Power"), 2)
    assert page.title_lines == ("Crops of Power",) and page.title_size == 48.0
