"""The site's boards agree with the printable boards (issue 29 points 4-5): links drawn as
print draws them, and the same boards shown at every count. Read from the built pages and
from ``realms export --to svg``."""

from __future__ import annotations

import json
import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from editor.cli.main import main
from editor.export.board_layout import LINK_STUB
from editor.model.scenario_io import load_scenario
from editor.site.entry import site_settings
from tests.site.conftest import SCENARIOS, build

SVG = "{http://www.w3.org/2000/svg}"
NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
Box = tuple[float, float, float, float]


def figures(page: Path) -> dict[int, str]:
    """Each player count's board ``<svg>`` on a scenario page, by count."""
    html = page.read_text(encoding="utf-8")
    out = {}
    for count, body in re.findall(r'<figure class="count" data-count="(\d+)"(.*?)</figure>',
                                  html, re.S):
        start = body.index('<svg xmlns="http://www.w3.org/2000/svg" class="board"')
        out[int(count)] = body[start:body.index("</svg>", start) + 6]
    return out


def summary(page: Path, players: int) -> str:
    html = page.read_text(encoding="utf-8")
    figure = re.search(rf'<figure class="count" data-count="{players}".*?</figure>', html, re.S)
    assert figure is not None
    caption = re.search(r"<figcaption>(.*?)</figcaption>", figure.group(0), re.S)
    assert caption is not None
    return caption.group(1)


def words(element: ET.Element) -> str:
    return " ".join(" ".join(element.itertext()).split())


def frames(root: ET.Element) -> dict[str, Box]:
    """Each board's frame on the site's picture: the bounds of its regions' outlines."""
    out = {}
    for group in root.iter(f"{SVG}g"):
        if group.get("class") != "board-shapes":
            continue
        values = [float(v) for p in group.iter(f"{SVG}path") if p.get("data-region")
                  for v in NUMBER.findall(p.get("d", ""))]
        xs, ys = values[0::2], values[1::2]
        out[group.get("data-board", "")] = (min(xs), min(ys), max(xs), max(ys))
    return out


def link_lines(root: ET.Element) -> list[tuple[Box, bool]]:
    return [(tuple(float(e.get(k, "nan")) for k in ("x1", "y1", "x2", "y2")),  # type: ignore
             "across" in e.get("class", "").split())
            for e in root.iter(f"{SVG}line") if "link" in e.get("class", "").split()]


def board_under(boards: dict[str, Box], x: float, y: float) -> str | None:
    return next((b for b, (x0, y0, x1, y1) in boards.items()
                 if x0 - 1 <= x <= x1 + 1 and y0 - 1 <= y <= y1 + 1), None)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_link_between_boards_is_an_arrow_and_a_note_at_each_end(
        shipped_site: Path, players: int) -> None:
    """The site drew only same-board links: Highland Crossing's "Ferryman's landing"
    (Surface D.s2 <-> Necromancer island Y.s1) was missing from its page."""
    root = ET.fromstring(figures(shipped_site / "s/highland-crossing/index.html")[players])
    boards = frames(root)
    notes = {words(g): g for g in root.iter(f"{SVG}g") if g.get("class") == "link-note"}
    assert "to Ferryman's landing on the Necromancer island board" in notes
    assert "to Ferryman's landing on the Surface board" in notes
    lines = link_lines(root)
    stubs = [line for line, across in lines if across]
    assert len(stubs) == 2
    assert {board_under(boards, x1, y1) for x1, y1, _x2, _y2 in stubs} == {
        "surface", "necromancer"}
    for (x1, y1, x2, y2), across in lines:  # no link line runs from one board to another
        start = board_under(boards, x1, y1)
        assert start is not None
        if across:
            assert math.dist((x1, y1), (x2, y2)) <= LINK_STUB
        else:
            assert board_under(boards, x2, y2) == start
    arrows = [p for p in root.iter(f"{SVG}path") if p.get("class") == "link-arrow"]
    assert len(arrows) == 2
    for text, note in notes.items():  # each note by its own end: the board it leaves from
        rect = note.find(f"{SVG}rect")
        assert rect is not None
        cx = float(rect.get("x", "0")) + float(rect.get("width", "0")) / 2
        cy = float(rect.get("y", "0")) + float(rect.get("height", "0")) / 2
        nearest = min(stubs, key=lambda s: math.dist((s[0], s[1]), (cx, cy)))
        leaves = board_under(boards, nearest[0], nearest[1])
        assert (leaves == "surface") == text.endswith("Necromancer island board"), text
        assert math.dist((nearest[0], nearest[1]), (cx, cy)) <= LINK_STUB + float(
            rect.get("width", "0"))


def test_a_link_within_one_board_is_a_dashed_line_with_its_label(tmp_path: Path) -> None:
    """Highland Crossing's cloud bridge (W.s1 - Z.s1, 4 players) joins two regions of one
    board: a dashed line, its label at the middle, as on the printable board."""
    data = json.loads((SCENARIOS / "highland-crossing.realm.json").read_text(encoding="utf-8"))
    bridge = next(link for link in data["links"] if link["kind"] == "cloud_bridge")
    bridge["label"] = "Rainbow way"
    file = tmp_path / "highland.realm.json"
    file.write_text(json.dumps(data), encoding="utf-8")
    assert build([file], tmp_path / "out") == 0
    root = ET.fromstring(figures(tmp_path / "out/s/highland/index.html")[4])
    boards = frames(root)
    within = [line for line, across in link_lines(root) if not across]
    assert len(within) == 1
    x1, y1, x2, y2 = within[0]
    assert board_under(boards, x1, y1) == board_under(boards, x2, y2) is not None
    note = next(g for g in root.iter(f"{SVG}g") if words(g) == "Rainbow way")
    rect = note.find(f"{SVG}rect")
    assert rect is not None
    cx = float(rect.get("x", "0")) + float(rect.get("width", "0")) / 2
    cy = float(rect.get("y", "0")) + float(rect.get("height", "0")) / 2
    assert math.dist((cx, cy), ((x1 + x2) / 2, (y1 + y2) / 2)) < 1.0


def _printed_boards(svg: Path) -> tuple[int, list[str]]:
    """How many boards the printable SVG draws (one region group each) and their captions
    (26 px bold text)."""
    root = ET.parse(svg).getroot()
    groups = [g for g in root.iter(f"{SVG}g") if g.get("fill-rule") == "evenodd"]
    captions = [t.text or "" for t in root.iter(f"{SVG}text")
                if t.get("font-size") == "26" and t.get("font-weight") == "bold"]
    return len(groups), captions


def _site_boards(svg: str) -> tuple[int, list[str]]:
    root = ET.fromstring(svg)
    groups = [g for g in root.iter(f"{SVG}g") if g.get("class") == "board-shapes"]
    captions = [t.text or "" for t in root.iter(f"{SVG}text") if t.get("class") == "caption"]
    return len(groups), captions


def _shipped() -> list[Path]:
    return sorted(p for p in SCENARIOS.rglob("*.realm.json") if "templates" not in p.parts)


def test_the_site_shows_the_boards_the_printable_board_shows(
        shipped_site: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Every shipped scenario at every count: the boards on the site are the boards on the
    printable page (a board with no tile at that count left out of both), and the site
    names each board it leaves out. A board built during play is compared with the
    printable board of the example the site shows (``realms realise`` at the site's seed)."""
    seed = str(site_settings()["example_seed"])
    compared = 0
    for file in _shipped():
        slug = str(file.relative_to(SCENARIOS)).removesuffix(".realm.json").replace("/", "-")
        page = shipped_site / "s" / slug / "index.html"
        shown = figures(page)
        assert shown, file
        for players, svg in shown.items():
            source = file
            if load_scenario(file).scenario.built_during_play:
                source = tmp_path / f"{slug}.{players}.realm.json"
                assert main(["realise", str(file), "--players", str(players), "--seed", seed,
                             "-o", str(source), "--force"]) == 0
            printed = tmp_path / f"{slug}.{players}.svg"
            assert main(["export", str(source), "--players", str(players), "--to", "svg",
                         "-o", str(printed), "--force"]) == 0
            count, captions = _printed_boards(printed)
            assert _site_boards(svg) == (count, captions), (file, players)
            boards = json.loads(source.read_text(encoding="utf-8"))["boards"]
            left_out = len(boards) - count
            note = summary(page, players)
            if left_out:
                unused = note.split(f"not used at {players} players: ", 1)[1].split("; ")
                assert len(unused) == left_out, (file, players, note)
            else:
                assert "not used at" not in note, (file, players, note)
            compared += 1
    capsys.readouterr()
    assert compared >= 40


def test_the_graph_overlay_does_not_cross_between_boards(shipped_site: Path) -> None:
    """The graph of play joins Ferryman's landing's two ends, and the tunnels' and sky
    access's: drawn as one line each, they ran across the boards between. Each such edge is
    a stub at each end, as a link between boards is."""
    root = ET.fromstring(figures(shipped_site / "s/highland-crossing/index.html")[4])
    boards = frames(root)
    overlay = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "graph")
    lines = [(tuple(float(e.get(k, "nan")) for k in ("x1", "y1", "x2", "y2")),
              e.get("class") == "across") for e in overlay.iter(f"{SVG}line")]
    stubs = sum(1 for _line, across in lines if across)
    assert stubs >= 2 and stubs % 2 == 0
    for (x1, y1, x2, y2), across in lines:
        start = board_under(boards, x1, y1)
        assert start is not None
        if across:
            assert math.dist((x1, y1), (x2, y2)) <= LINK_STUB + 0.1
        else:
            assert board_under(boards, x2, y2) == start, (x1, y1, x2, y2)
