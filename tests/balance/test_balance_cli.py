"""``realms balance`` through the command line: every shipped scenario, the official
boards read in each input format, the three output formats, and clear errors."""

from __future__ import annotations

import json
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
from balance_support import OFFICIAL_FILES, REPO, SHIPPED, graph_data, region, write

from editor.cli.main import main
from editor.model.scenario_io import load_scenario

Capture = pytest.CaptureFixture[str]


class _Page(HTMLParser):
    """Collects the tags and text of a page, and fails on anything external or scripted."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        assert tag not in ("script", "iframe", "object", "embed", "link"), tag
        for name, value in attrs:
            assert not name.startswith("on"), name
            if name in ("src", "href"):
                assert value is not None and value.startswith("data:"), value

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def parse_page(page: str) -> _Page:
    parser = _Page()
    parser.feed(page)
    parser.close()
    return parser


def run(capsys: Capture, *argv: str) -> tuple[int, str, str]:
    code = main(["balance", *argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_every_shipped_scenario_gets_a_text_and_json_report(path: Path, capsys: Capture) -> None:
    code, out, err = run(capsys, str(path))
    assert code == 0, err
    counts = load_scenario(path).scenario.player_counts
    for n in counts:
        assert f"== {n} players ==" in out
    code, out, err = run(capsys, str(path), "--format", "json")
    assert code == 0, err
    document = json.loads(out)
    assert [r["players"] for r in document["reports"]] == list(counts)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_every_shipped_scenario_gets_a_well_formed_html_page(path: Path, capsys: Capture,
                                                             tmp_path: Path) -> None:
    players = str(load_scenario(path).scenario.player_counts[-1])
    out_file = tmp_path / "report.html"
    code, _, err = run(capsys, str(path), "--players", players, "--format", "html",
                         "-o", str(out_file))
    assert code == 0, err
    page = parse_page(out_file.read_text(encoding="utf-8"))
    assert page.tags[:3] == ["html", "head", "meta"]
    if "09-a-game-of-gods" in path.name:  # built during play: no board to draw
        assert "built during play" in " ".join(page.text)
    elif path.parent.name == "templates":  # blank templates: nothing laid yet
        assert "nothing to judge" in " ".join(page.text)
    else:
        assert "svg" in page.tags and "img" in page.tags  # charts and the board picture


def test_highland_crossing_is_flagged_for_its_chokepoints(capsys: Capture) -> None:
    highland = next(p for p in SHIPPED if p.name == "highland-crossing.realm.json")
    code, out, _ = run(capsys, str(highland), "--players", "3", "--format", "json")
    assert code == 0
    report = json.loads(out)["reports"][0]
    assert report["metrics"]["articulation_points"] == 6
    assert "articulation_points" not in report["outside"]  # the booklet's boards have more
    code, text, _ = run(capsys, str(highland), "--players", "3")
    line = next(x for x in text.splitlines() if "Chokepoints" in x)
    assert line.split() == ["Chokepoints", "(articulation", "points)", "6", "at", "most", "28",
                            "(the", "booklet's", "boards)"]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("fmt", ["text", "json", "html"])
def test_the_official_boards_meet_the_standard(players: int, fmt: str,
                                               capsys: Capture) -> None:
    """The base game's boards meet the Realms standard (its 2-player board's 0.70 of land
    on the edge is inside the band the booklet's boards give once a band is built to hold
    a board it has not seen)."""
    code, out, err = run(capsys, str(OFFICIAL_FILES[players]), "--format", fmt)
    assert code == 0, err
    if fmt == "text":
        assert "  0 flags" in out
    elif fmt == "json":
        assert json.loads(out)["reports"][0]["outside"] == []
    else:
        page = parse_page(out)
        assert "0 flags" in " ".join(page.text).replace("  ", " ")


def test_a_board_in_one_row_is_told_what_to_change(capsys: Capture) -> None:
    line = REPO / "tests" / "data" / "bad-boards" / "line.realm.json"
    code, out, _ = run(capsys, str(line), "--format", "json")
    assert code == 0
    flags = json.loads(out)["reports"][0]["flags"]
    assert [f["key"] for f in flags] == ["entry_share"]
    assert all(f["advice"] and f["regions"] and "none" not in f["advice"] for f in flags)


def _export(capsys: Capture, source: Path, fmt: str, players: int, target: Path) -> Path:
    assert main(["export", str(source), "--players", str(players), "--to", fmt,
                 "-o", str(target)]) == 0
    capsys.readouterr()
    return target


@pytest.mark.parametrize("players", [2, 3, 4])
def test_official_boards_read_as_smawg_and_cestpasphoto_give_the_same_figures(
        players: int, tmp_path: Path, capsys: Capture) -> None:
    source = OFFICIAL_FILES[players]
    _, direct, _ = run(capsys, str(source), "--format", "json")
    smawg = _export(capsys, source, "smawg", players, tmp_path / "board.json")
    module = _export(capsys, source, "cestpasphoto", players,
                     tmp_path / f"SmallworldMaps_{players}pl.py")
    expected = json.loads(direct)["reports"][0]["metrics"]
    for path, fmt in ((smawg, "smawg"), (module, "cestpasphoto")):
        code, out, err = run(capsys, str(path), "--from", fmt, "--format", "json")
        assert code == 0, err
        got = json.loads(out)["reports"][0]["metrics"]
        assert {k: got[k] for k in ("regions", "articulation_points", "bridges", "diameter",
                                    "degree_mean", "entry_regions", "lost_tribes")} == \
            {k: expected[k] for k in ("regions", "articulation_points", "bridges", "diameter",
                                      "degree_mean", "entry_regions", "lost_tribes")}


def test_scenario_text_is_escaped_in_every_format(tmp_path: Path, capsys: Capture) -> None:
    title = '<script>alert("x")</script> & <b onload=1>\u0007'
    data = graph_data([region("a", entry=True), region("b"), region("c")],
                      [("a", "b"), ("b", "c")], title=title)
    folder = tmp_path / "<img src=x>"
    folder.mkdir()
    path = write(folder, data)
    code, page, err = run(capsys, str(path), "--format", "html")
    assert code == 0, err
    assert "<script" not in page and "<b " not in page and "<img src=x>" not in page
    assert "&lt;script&gt;" in page
    parsed = parse_page(page)
    assert any("<script>" in t for t in parsed.text)  # shown as text, not run
    code, text, _ = run(capsys, str(path))
    assert code == 0 and "\u0007" not in text and "\\x07" in text


@pytest.mark.parametrize(("argv", "message"), [
    (["missing.realm.json"], "missing.realm.json"),
    (["--players", "5", "{case}"], "--players 5 is outside"),
    (["{bad}"], "bad.realm.json"),
    (["--from", "smawg", "{case}"], "not a smawg assets file"),
    (["{case}", "-o", "{folder}"], "cannot write"),
])
def test_bad_input_is_one_clear_line_and_exit_2(argv: list[str], message: str,
                                                 tmp_path: Path, capsys: Capture) -> None:
    case = write(tmp_path, graph_data([region("a", entry=True)], []))
    bad = tmp_path / "bad.realm.json"
    bad.write_text('{"format_version": 1, "title": ', encoding="utf-8")
    names = {"case": str(case), "bad": str(bad), "folder": str(tmp_path)}
    code, out, err = run(capsys, *[a.format(**names) for a in argv])
    assert code == 2
    assert message in err
    assert "Traceback" not in err and out == ""


def test_an_empty_realm_says_there_is_nothing_to_judge(tmp_path: Path,
                                                       capsys: Capture) -> None:
    path = write(tmp_path, graph_data([], []))
    code, out, _ = run(capsys, str(path))
    assert code == 0
    assert "no land regions at this player count" in out
    code, out, _ = run(capsys, str(path), "--format", "json")
    report = json.loads(out)["reports"][0]
    assert report["comparisons"] == [] and report["outside"] == [] and report["flags"] == []


def test_the_report_is_written_to_a_file(tmp_path: Path, capsys: Capture) -> None:
    target = tmp_path / "out.json"
    code, out, _ = run(capsys, str(OFFICIAL_FILES[2]), "--format", "json", "-o", str(target))
    assert code == 0
    assert out.strip() == str(target)
    assert json.loads(target.read_text(encoding="utf-8"))["format"] == "realms-balance"


@pytest.mark.parametrize("fmt", ["text", "json", "html"])
def test_balance_loads_no_qt_unless_it_draws_a_board(fmt: str) -> None:
    """Text and JSON never import Qt; HTML only for a board with geometry to draw (the
    official boards are graph-only, so their page is pure SVG)."""
    code = (
        "import contextlib, io, json, sys\n"
        "from editor.cli.main import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    code = main(['balance', {str(OFFICIAL_FILES[3])!r}, '--format', {fmt!r}])\n"
        "print(json.dumps([code, sorted(m for m in sys.modules "
        "if m.split('.')[0] == 'PySide6')]))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            cwd=REPO, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.strip().splitlines()[-1]) == [0, []]


def test_a_cestpasphoto_module_takes_its_player_count_from_players(
        tmp_path: Path, capsys: Capture) -> None:
    module = _export(capsys, OFFICIAL_FILES[3], "cestpasphoto", 3, tmp_path / "board.py")
    code, _, err = run(capsys, str(module), "--from", "cestpasphoto")
    assert code == 2 and "pass --players N" in err
    code, out, err = run(capsys, str(module), "--from", "cestpasphoto", "--players", "3",
                         "--format", "json")
    assert code == 0, err
    assert json.loads(out)["reports"][0]["metrics"]["regions"] == 27


def test_the_html_report_says_which_colour_is_which_and_writes_terrains_out(
        capsys: Capture, tmp_path: Path) -> None:
    """Flagged rows are drawn red and the accepted range is the green band: the report used
    to call the flagged metrics 'shaded green', and cut terrain names to 'moun' (issue 29)."""
    line = REPO / "tests" / "data" / "bad-boards" / "line.realm.json"
    code, html, _ = run(capsys, str(line), "--players", "3", "--format", "html")
    assert code == 0
    assert "shaded green" not in html
    assert "their rows are shaded red" in html
    assert "the green band is what the standard accepts" in html
    assert ">mountain</text>" in html or ">farmland</text>" in html
    assert ">moun</text>" not in html and ">swam</text>" not in html
