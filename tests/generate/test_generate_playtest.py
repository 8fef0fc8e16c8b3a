"""``realms generate --playtest G``: several candidates played by greedy bots in the real
smawg, the fairest kept, the same file for the same arguments."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from generate_support import run_cli

from editor.generate.playtested import fairest


def test_the_fairest_candidate_by_play_is_kept(real_smawg: Any, tmp_path: Path) -> None:
    best, played = fairest(3, "surface", 1, None, games=12, candidates=2)
    assert [c.seed for c in played] == [1, 2]
    assert best is min(played, key=lambda c: (len(c.generated.flags), c.spread,
                                              c.unconquered, c.seed))
    assert all(0.0 <= c.spread <= 1.0 and 0.0 <= c.unconquered <= 1.0 for c in played)
    out = tmp_path / "fair.realm.json"
    done = run_cli("generate", "--players", "3", "--seed", "1", "--playtest", "12",
                   "--candidates", "2", "-o", out)
    assert done.returncode == 0, done.stderr
    assert f"kept seed {best.seed}:" in done.stderr and "12 greedy games" in done.stderr
    assert json.loads(out.read_text(encoding="utf-8")) == best.generated.data
    again = tmp_path / "again.realm.json"
    assert run_cli("generate", "--players", "3", "--seed", "1", "--playtest", "12",
                   "--candidates", "2", "-o", again).returncode == 0
    assert again.read_bytes() == out.read_bytes()


def test_candidates_without_playtest_is_one_clear_line(tmp_path: Path) -> None:
    done = run_cli("generate", "--players", "3", "--seed", "1", "--candidates", "2", "-o",
                   tmp_path / "x.realm.json")
    assert done.returncode == 2 and "--candidates goes with --playtest G" in done.stderr
    assert "Traceback" not in done.stderr
