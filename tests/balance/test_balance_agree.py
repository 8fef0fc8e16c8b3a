"""Text, JSON and HTML of ``realms balance`` show the same flags, numbers and advice for the
same file, and a board built during play is judged by none of them (scenario 9)."""

from __future__ import annotations

import html
import json
from pathlib import Path

import pytest
from balance_support import REPO

from editor.cli.main import main

Capture = pytest.CaptureFixture[str]
BAD = REPO / "tests" / "data" / "bad-boards"  # boards flagged on purpose
CASES = [(BAD / "one-entry.realm.json", 3),
         (BAD / "line.realm.json", 3),
         (BAD / "river-islands.realm.json", 3),  # a graph-only board
         (REPO / "scenarios" / "expansions" / "necromancer-island.realm.json", 3)]
GODS = REPO / "scenarios" / "booklet" / "09-a-game-of-gods.realm.json"


def run(capsys: Capture, path: Path, players: int, fmt: str) -> str:
    assert main(["balance", str(path), "--players", str(players), "--format", fmt]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize(("path", "players"), CASES, ids=lambda c: getattr(c, "name", c))
def test_text_json_and_html_show_the_same_flags(path: Path, players: int,
                                                capsys: Capture) -> None:
    report = json.loads(run(capsys, path, players, "json"))["reports"][0]
    text = run(capsys, path, players, "text")
    page = html.unescape(run(capsys, path, players, "html"))
    flags = report["flags"]
    assert flags, "each case has something to change"
    assert [f["key"] for f in flags] == report["outside"]
    assert f"  {len(flags)} flag" in text and f"{len(flags)} flag" in page
    for flag in flags:
        assert f"! {flag['message']}" in text
        assert f"what to change: {flag['advice']}" in text
        assert flag["message"] in page and f"What to change: {flag['advice']}" in page
    for row in report["comparisons"]:  # every number reads the same in each format
        mark = "!" if row["outside"] else " "
        line = next(x for x in text.splitlines() if x[4:].startswith(row["label"]))
        assert line.startswith(f"  {mark} ") and f" {row['shown']}   " in line
        assert f"<td class=\"num\">{row['shown']}</td>" in page


@pytest.mark.parametrize("fmt", ["text", "json", "html"])
def test_a_board_built_during_play_is_judged_by_no_format(fmt: str, capsys: Capture) -> None:
    out = run(capsys, GODS, 3, fmt)
    if fmt == "json":
        report = json.loads(out)["reports"][0]
        assert report["outside"] == [] and report["flags"] == [] and report["comparisons"] == []
        assert "built during play" in report["note"]
    elif fmt == "text":
        assert "built during play" in out and "flag" not in out.split("==")[-1]
    else:
        section = out.split("<section>", 1)[1]
        assert "built during play" in section and "flag" not in section
        assert "<table>" not in section


def test_the_sites_balance_section_shows_the_same_flags(capsys: Capture) -> None:
    """The site draws its balance section with its own markup (``editor.site.balance``) over
    the same report: the same numbers, flags and advice as the CLI's JSON."""
    from editor.analysis.metrics import measure
    from editor.analysis.report import make_report
    from editor.analysis.standard import load_standard
    from editor.model.scenario_io import load_scenario
    from editor.site.balance import balance_html
    from editor.topology import derive_realm

    path, players = CASES[0]
    realm = derive_realm(load_scenario(path), players)
    section = html.unescape(balance_html(make_report(measure(realm), load_standard()), False))
    report = json.loads(run(capsys, path, players, "json"))["reports"][0]
    assert report["flags"]
    assert f"<strong>{len(report['flags'])}</strong> metric" in section
    for flag in report["flags"]:
        assert flag["message"] in section and f"What to change: {flag['advice']}" in section
    for row in report["comparisons"]:
        assert f"<td class=\"num\">{row['shown']}</td>" in section
        assert (f"<td>{row['label']}</td>" in section), row["label"]
