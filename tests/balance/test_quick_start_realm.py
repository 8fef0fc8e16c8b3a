"""The realm the quick start opens shows no balance flag on the first screen, at any of
its player counts: a newcomer's first look must not be a list of faults in our own file."""

from __future__ import annotations

import re
from pathlib import Path

from editor.analysis.standard import flags
from editor.model.scenario_io import load_scenario
from editor.topology import derive_realm

REPO = Path(__file__).resolve().parents[2]


def test_the_quick_start_realm_has_no_balance_flag() -> None:
    script = (REPO / "scripts" / "quickstart.sh").read_text(encoding="utf-8")
    found = re.search(r'^DEFAULT_SCENARIO="([^"]+)"', script, re.M)
    assert found, "quickstart.sh names the realm it opens"
    loaded = load_scenario(REPO / found.group(1))
    for players in loaded.scenario.player_counts:
        realm = derive_realm(loaded, players)
        assert [f.key for f in flags(realm, players)] == [], players
