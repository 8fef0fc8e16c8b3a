"""The 1/5 rule is one rule, counted world by world, for lint (B003/B004), the balance
standard and the Balance dock: tile E's underground swamp is never surface swamp."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from balance_support import REPO

from editor.analysis.fifth import WorldCounts, fifth_checks, fifth_groups
from editor.analysis.metrics import measure
from editor.analysis.standard import load_standard
from editor.model.scenario_io import load_scenario
from editor.topology import derive_realm

NIGHT_AND_DAY = REPO / "scenarios" / "booklet" / "12-night-and-day.realm.json"


def _bare_e(tmp_path: Path) -> Path:
    """Scenario 12 with the mountain piece taken off E.u2: tile E's underground swamp shows."""
    data = json.loads(NIGHT_AND_DAY.read_text(encoding="utf-8"))
    for board in data["boards"]:
        board["markers"] = [m for m in board.get("markers", []) if m.get("region") != "E.u2"]
    path = tmp_path / "bare-e.realm.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    (tmp_path / "realms.toml").write_text("[lint.balance]\nfifth-rule-tolerance = 0\n",
                                          encoding="utf-8")
    return path


def test_lint_and_the_standard_count_surface_swamp_on_the_surface_only(tmp_path: Path) -> None:
    path = _bare_e(tmp_path)
    realm = derive_realm(load_scenario(path), 3)
    below = realm.regions["E.u2"]
    assert below.terrain == "swamp" and below.board == "underground"  # the case exists
    surface_swamp = sum(1 for r in realm.regions.values() if r.is_land and not r.chasm
                        and r.board == "surface" and r.terrain == "swamp")
    rows = {r.key: r for r in load_standard().rows(measure(realm))}
    assert rows["terrain.swamp"].value == surface_swamp
    done = subprocess.run([sys.executable, "-m", "editor.cli.main", "lint", "--select", "B003",
                           "--players", "3", "--config", str(tmp_path / "realms.toml"),
                           str(path)], capture_output=True, text=True, cwd=REPO, check=False)
    found = re.search(r"terrain swamp on (\d+) of (\d+) land regions", done.stdout)
    assert found, done.stdout + done.stderr
    assert int(found.group(1)) == surface_swamp  # the old B003 counted E.u2 too (one more)


def test_one_world_is_counted_whole_and_two_worlds_apart() -> None:
    surface = WorldCounts(10, {"swamp": 2, "forest": 3}, {"mine": 2})
    under = WorldCounts(5, {"swamp": 1, "mudpool": 2}, {})
    names = {"terrains": ("swamp", "forest"), "underground_terrains": ("mudpool",),
             "symbols": ("mine",)}
    apart = fifth_checks(fifth_groups(surface, under, format_version=2, **names))
    assert [(c.world, c.name, c.count, c.total) for c in apart] == [
        ("surface", "swamp", 2, 10), ("surface", "forest", 3, 10),
        ("underground", "mudpool", 2, 5), ("surface", "mine", 2, 10)]
    whole = fifth_checks(fifth_groups(surface, under, format_version=1, **names))
    assert [(c.world, c.name, c.count, c.total) for c in whole] == [
        ("", "swamp", 3, 15), ("", "forest", 3, 15), ("", "mine", 2, 15)]
