"""``realms playtest`` in the real smawg engine (tests/real_engines.py: skips without
../shared/engines, fails on CI): reports, determinism, bots and a missing engine."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
SCENARIO_1 = REPO / "scenarios" / "booklet" / "01-my-precious-world.realm.json"
SEAT_LINE = re.compile(r"^(\d)\s+(\d+\.\d) % \[(\d+\.\d), (\d+\.\d)\]\s+"
                       r"\d+\.\d \[\d+\.\d, \d+\.\d\]", re.M)
SVG = "{http://www.w3.org/2000/svg}"


def test_scenario_1_at_4_players_reports_seats_with_intervals_and_draws_the_heat_map(
        real_smawg: Any, run_cli: Any, tmp_path: Path) -> None:
    heat = tmp_path / "heat.svg"
    result = run_cli("playtest", str(SCENARIO_1), "--players", "4", "--games", "400",
                     "--seed", "1", "--jobs", "2", "--heatmap", str(heat))
    assert result.returncode == 0, result.stderr
    seats = SEAT_LINE.findall(result.stdout)
    assert [s[0] for s in seats] == ["1", "2", "3", "4"]
    for _, rate, low, high in seats:
        assert float(low) <= float(rate) <= float(high) and float(high) - float(low) < 20
    assert abs(sum(float(s[1]) for s in seats) - 100) < 0.5  # every game has its winner
    assert "400 games in smawg" in result.stdout
    for figure in ("Spread between seats", "First player's advantage",
                   "Land regions never conquered", "Entry regions used",
                   "Turn of the first contact", "Conquests per game"):
        assert figure in result.stdout
    assert "Traceback" not in result.stderr and "heat map written to" in result.stderr
    titles = [t.text or "" for t in ET.parse(heat).getroot().iter(f"{SVG}title")]
    regions = {t.split(":")[0] for t in titles if "conquests per game" in t}
    assert len(regions) == 34  # every land region of the 4-player board has its figure
    fills = {p.get("fill") for p in ET.parse(heat).getroot().iter(f"{SVG}path")
             if p.find(f"{SVG}title") is not None}
    assert len(fills) > 5  # shaded by conquests, not one colour


def test_the_same_seed_gives_the_same_report_whatever_the_jobs(real_smawg: Any,
                                                               run_cli: Any) -> None:
    common = ("playtest", str(SCENARIO_1), "--players", "4", "--games", "40",
              "--format", "json")
    once = run_cli(*common, "--seed", "7")
    again = run_cli(*common, "--seed", "7", "--jobs", "2")
    other = run_cli(*common, "--seed", "8")
    assert once.returncode == again.returncode == other.returncode == 0
    assert once.stdout == again.stdout
    assert once.stdout != other.stdout
    report = json.loads(once.stdout)
    assert report["games"] == 40 and len(report["seats"]) == 4
    assert set(report["entries_used"]) <= set(report["entry_regions"])


def test_with_combos_shuffled_no_turn_position_wins_half_the_games(real_smawg: Any) -> None:
    """Bots that always took the first combo of an unshuffled list made seat order decide
    most games; shuffled, the greedy bots' win rates are turn order alone (docs/playtest.md)."""
    from editor.play import playtest

    result = playtest(SCENARIO_1, 3, games=300, seed=1, bot="greedy", jobs=2)
    rates = [s.win_rate.value for s in result.seats]
    assert abs(sum(rates) - 1) < 1e-9
    assert max(rates) < 0.5, rates


def test_the_greedy_bot_beats_the_random_bot(real_smawg: Any) -> None:
    from editor.play import playtest

    result = playtest(SCENARIO_1, 3, games=60, seed=3, bot="greedy,random,random")
    assert result.bot_win_rates["greedy"].low > result.bot_win_rates["random"].high
    assert {s.seat for s in result.seats} == {1, 2, 3}


def test_a_png_heat_map_and_an_html_report(real_smawg: Any, run_cli: Any,
                                           tmp_path: Path) -> None:
    png, page = tmp_path / "heat.png", tmp_path / "report.html"
    result = run_cli("playtest", str(SCENARIO_1), "--players", "2", "--games", "5",
                     "--format", "html", "-o", str(page), "--heatmap", str(png))
    assert result.returncode == 0, result.stderr
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    html = page.read_text(encoding="utf-8")
    assert "<svg" in html and "win rate" in html and "Conquests per game" in html


@pytest.mark.parametrize("args, message", [
    (("--players", "9"), "outside this scenario's 2-6 players"),
    (("--players", "3", "--bot", "greedy,random"), "2 bots for 3 players"),
    (("--players", "3", "--heatmap", "heat.gif"), "writes .svg or .png"),
])
def test_bad_arguments_are_one_line_each(real_smawg: Any, run_cli: Any, args: tuple[str, ...],
                                         message: str, tmp_path: Path) -> None:
    result = run_cli("playtest", str(SCENARIO_1), *args, cwd=tmp_path)
    assert result.returncode == 2 and message in result.stderr
    assert "Traceback" not in result.stderr


def test_without_smawg_it_exits_2_with_the_install_line(without_smawg: dict[str, str]
                                                        ) -> None:
    """A real interpreter whose packages are this environment's minus smawg."""
    from editor.play.engine import smawg_install

    done = subprocess.run([sys.executable, "-S", "-m", "editor", "playtest", str(SCENARIO_1),
                           "--players", "4"], env=without_smawg, capture_output=True,
                          text=True)
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    assert f"`{smawg_install()}`" in done.stderr and "Traceback" not in done.stderr


def test_the_progress_bar_is_drawn_on_a_terminal_only(real_smawg: Any, run_cli: Any) -> None:
    import pty

    args = ["playtest", str(SCENARIO_1), "--players", "2", "--games", "10"]
    piped = run_cli(*args)
    assert piped.returncode == 0 and "10/10 games" not in piped.stderr
    main, terminal = pty.openpty()
    try:
        done = subprocess.run([sys.executable, "-m", "editor", *args], stderr=terminal,
                              stdout=subprocess.PIPE, text=True, cwd=REPO)
        os.close(terminal)
        drawn = b""
        while True:
            try:
                chunk = os.read(main, 4096)
            except OSError:  # the terminal's other end is closed: all is read
                break
            if not chunk:
                break
            drawn += chunk
    finally:
        os.close(main)
    assert done.returncode == 0
    assert b"[##############################] 10/10 games" in drawn
    assert done.stdout == piped.stdout  # the report is the same; only stderr has the bar


def test_the_docs_give_the_install_line_the_command_prints() -> None:
    """The docs give smawg's pinned line as the command prints it, and the `play` extra
    (the project's own line is the README's, which tests/install runs)."""
    from editor.play.engine import SMAWG_REQUIREMENT, smawg_install

    docs = (REPO / "docs" / "playtest.md").read_text(encoding="utf-8")
    assert f"pip install '{SMAWG_REQUIREMENT}'" in docs and "`[play]`" in docs
    assert smawg_install().endswith(f"'{SMAWG_REQUIREMENT}'") and "[play]" in smawg_install()


def test_reports_and_an_svg_heat_map_never_import_qt(real_smawg: Any, tmp_path: Path) -> None:
    """Only a PNG heat map needs Qt: a lint-only install runs everything else."""
    code = ("import sys; from editor.cli.main import main; "
            f"rc = main(['playtest', {str(SCENARIO_1)!r}, '--players', '2', '--games', '2', "
            f"'--format', 'html', '-o', {str(tmp_path / 'r.html')!r}, "
            f"'--heatmap', {str(tmp_path / 'h.svg')!r}]); "
            "print(rc, sorted(m for m in sys.modules if m.startswith('PySide6')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=REPO)
    assert done.stdout.splitlines()[-1] == "0 []", done.stdout + done.stderr
    assert (tmp_path / "h.svg").read_text(encoding="utf-8").startswith("<?xml")
