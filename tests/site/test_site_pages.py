"""What the shipped scenarios' pages say (issue 29 point 4), read from the built files."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from editor.cli.main import main
from editor.site.entry import site_settings
from tests.site.conftest import SCENARIOS

GODS = "s/booklet-09-a-game-of-gods"
CLI_HINT = re.compile(r"realms (realise|edit|export|lint|balance|site|new)\b|--seed|--players"
                      r"|\bFILE\b")
SVG_NS = "{http://www.w3.org/2000/svg}"


def _figures(page: str) -> dict[int, str]:
    """Each player count's <figure> markup, by count."""
    found = re.findall(r'<figure class="count" data-count="(\d+)".*?</figure>', page, re.S)
    parts = re.split(r'(?=<figure class="count" data-count=")', page)
    return {int(n): next(p for p in parts if p.startswith(f'<figure class="count" '
                                                         f'data-count="{n}"'))
            for n in found}


def _balance_json(file: Path, players: int, capsys: pytest.CaptureFixture[str]) -> dict:
    capsys.readouterr()
    assert main(["balance", str(file), "--players", str(players), "--format", "json"]) == 0
    report: dict = json.loads(capsys.readouterr().out)["reports"][0]
    return report


def test_no_page_gives_visitors_command_line_hints(shipped_site: Path) -> None:
    """Scenario 9's page showed "add --seed S … `realms realise FILE …`" four times, and
    cestpasphoto's refusal told visitors to "export with --players 2, 3 or 4"."""
    for page in (shipped_site / "index.html", *sorted(shipped_site.glob("s/*/index.html"))):
        html = page.read_text(encoding="utf-8")
        assert not CLI_HINT.search(html), (page, CLI_HINT.search(html))


def test_a_board_built_in_play_shows_an_example_board_and_how_it_is_built(
        shipped_site: Path) -> None:
    page = (shipped_site / GODS / "index.html").read_text(encoding="utf-8")
    seed = site_settings()["example_seed"]
    assert "no tiles on this board" not in page and "no tiles at this player count" not in page
    assert "This board is built during play." in page
    assert "Players lay tiles, each adjacent to one already placed" in page  # its own rules
    figures = _figures(page)
    assert sorted(figures) == [2, 3, 4, 5, 6]
    for players, figure in figures.items():
        assert f"Example board, seed {seed}:" in figure
        assert figure.count('class="region') >= 9 * players  # a real board, every count
    engine = json.loads((shipped_site / GODS / f"09-a-game-of-gods.seed{seed}.4p.engine.json")
                        .read_text(encoding="utf-8"))
    assert engine["title"] == f"A Game of Gods (seed {seed})"
    assert len(engine["regions"]) >= 4 * 9
    assert f"of the example board (seed {seed})" in page
    assert f"Measured on the example board (seed {seed})." in page
    index = (shipped_site / "index.html").read_text(encoding="utf-8")
    assert 'alt="Example board of A Game of Gods"' in index
    assert 'alt="Board of The Rusted Throne"' in index


@pytest.mark.parametrize(("name", "players"), [("highland-crossing", 4),
                                               ("booklet/02-life-is-a-long-river", 4),
                                               ("booklet/05-the-rusted-throne", 5)])
def test_the_graph_overlay_counts_what_balance_counts(
        shipped_site: Path, capsys: pytest.CaptureFixture[str], name: str, players: int) -> None:
    """The overlay drew seas and lakes (38 nodes against balance's 35 land regions)."""
    file = SCENARIOS / f"{name}.realm.json"
    slug = name.replace("/", "-")
    figure = _figures((shipped_site / "s" / slug / "index.html").read_text(encoding="utf-8"))[
        players]
    report = _balance_json(file, players, capsys)
    graph = re.search(r'<g class="graph".*?</g>', figure, re.S)
    assert graph is not None
    nodes = graph.group(0).count("<circle")
    across = graph.group(0).count('<line class="across"')  # a link between boards: 2 stubs
    assert across % 2 == 0
    edges = graph.group(0).count("<line") - across // 2
    assert nodes == sum(report["degree_histogram"].values())  # balance's graph of play
    assert edges == sum(int(d) * n for d, n in report["degree_histogram"].items()) // 2
    legend = re.sub(r"\s+", " ", re.search(r'<p class="graph-legend">(.*?)</p>', figure,
                                           re.S).group(1))
    assert f"{nodes} regions and {edges} borders" in legend
    assert "seas, lakes and chasms are left out" in legend
    assert f"Land regions, as in the balance table: {report['metrics']['regions']}." in legend


def test_balance_tables_have_no_empty_headers_and_named_pictures(shipped_site: Path) -> None:
    page = (shipped_site / "s" / "highland-crossing" / "index.html").read_text(encoding="utf-8")
    balance = page[page.index('<section class="balance"'):page.index('<section class="findings"')]
    assert not re.search(r"<th[^>]*>\s*</th>", balance)
    for svg in re.findall(r"<svg\b[^>]*>", balance):
        assert 'aria-hidden="true"' in svg or ('role="img"' in svg and "aria-label=" in svg)
    charts = re.findall(r'<figure class="chart">.*?</figure>', balance, re.S)
    assert charts
    terrain = next(c for c in charts if "Entry regions by terrain" in c)
    texts = [t.text for t in ET.fromstring(terrain[terrain.index("<svg"):
                                                    terrain.index("</svg>") + 6]).iter(
        f"{SVG_NS}text")]
    assert {"mountain", "swamp", "farmland"} <= set(texts)  # not cut to "moun", "swam"


def test_board_regions_are_named_tab_stops(shipped_site: Path) -> None:
    page = (shipped_site / "s" / "booklet-05-the-rusted-throne" / "index.html").read_text(
        encoding="utf-8")
    svg = page[page.index('<svg xmlns="http://www.w3.org/2000/svg" class="board"'):]
    svg = svg[:svg.index("</svg>") + 6]
    root = ET.fromstring(svg)
    assert root.get("role") == "group" and root.get("aria-label") == "Board for 4 players"
    regions = [e for e in root.iter(f"{SVG_NS}path") if e.get("data-region")]
    assert regions and all(e.get("tabindex") == "0" and e.get("aria-label", "").startswith(
        e.get("data-region", "?")) for e in regions)


def test_thumbnails_of_wide_pages_show_the_main_board(shipped_site: Path) -> None:
    """Highland Crossing's four boards side by side made the card an unreadable strip."""
    limit = float(site_settings()["thumbnail_max_aspect"])
    for thumb in sorted(shipped_site.glob("s/*/thumb.svg")):
        root = ET.fromstring(thumb.read_bytes())
        _x, _y, width, height = map(float, root.get("viewBox", "").split())
        assert width <= limit * height, thumb
    highland = ET.fromstring((shipped_site / "s/highland-crossing/thumb.svg").read_bytes())
    assert not [t for t in highland.iter(f"{SVG_NS}text") if "class" in t.attrib
                and t.get("class") == "caption"]


def test_an_expansion_named_like_a_world_is_one_pill(shipped_site: Path) -> None:
    index = (shipped_site / "index.html").read_text(encoding="utf-8")
    card = index[index.index('data-title="highland crossing"'):]
    card = card[:card.index("</li>")]
    assert card.count(">underground</span>") == 1
    assert '<span class="expansion">tribes</span>' in card


def test_site_says_one_scenario(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["site", str(SCENARIOS / "highland-crossing.realm.json"), "-o",
                 str(tmp_path / "out"), "--progress", "never"]) == 0
    printed = capsys.readouterr().out
    assert ": 1 scenario, 1 built" in printed
    assert "1 scenario:" in (tmp_path / "out" / "index.html").read_text(encoding="utf-8")


def test_an_unused_board_is_named_not_drawn_as_an_empty_box(shipped_site: Path) -> None:
    """Highland Crossing at 2-3 players showed the Sky Islands as an empty box (issue 29)."""
    figures = _figures((shipped_site / "s/highland-crossing/index.html").read_text(
        encoding="utf-8"))
    for players in (2, 3):
        assert 'class="empty"' not in figures[players]
        assert "no tiles" not in figures[players]
        assert f"not used at {players} players: Sky islands" in figures[players]
    assert "Sky islands: The Sky Islands</text>" in figures[4]
    assert "not used at" not in figures[4]
