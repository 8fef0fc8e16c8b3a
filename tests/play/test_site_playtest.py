"""``realms site --playtest G``: each scenario page shows its boards played in the real
smawg engine (seat win rates with intervals and the heat map), per player count."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
SCENARIO_5 = REPO / "scenarios" / "booklet" / "05-the-rusted-throne.realm.json"


def test_a_site_page_shows_each_count_played_in_smawg(real_smawg: Any, run_cli: Any,
                                                      tmp_path: Path) -> None:
    out = tmp_path / "site"
    result = run_cli("site", str(SCENARIO_5), "-o", str(out), "--playtest", "12",
                     "--jobs", "1")
    assert result.returncode == 0, result.stderr
    page = next(out.glob("s/*/index.html")).read_text(encoding="utf-8")
    section = page.split('<section class="playtest" id="playtest">', 1)[1].split("</section>")[0]
    parts = re.findall(r'data-count="(\d)"', section)
    assert parts == ["4", "5"]  # the scenario's counts, one part each
    assert section.count("12 games in smawg") == 2
    assert len(re.findall(r"\d+\.\d % \[\d+\.\d, \d+\.\d\]", section)) >= 9  # 4 + 5 seats
    assert section.count("<svg") == 2 and "Conquests per game" in section


def test_a_site_without_playtest_has_no_played_section(run_cli: Any, tmp_path: Path) -> None:
    out = tmp_path / "site"
    assert run_cli("site", str(SCENARIO_5), "-o", str(out), "--jobs", "1").returncode == 0
    assert 'id="playtest"' not in next(out.glob("s/*/index.html")).read_text(encoding="utf-8")
