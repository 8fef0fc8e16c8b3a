"""One definition of a land region (``Region.counts_as_land``: printed land that no chasm
takes out of play) wherever regions are counted: `realms balance` and the engine export,
read by its own flags, agree at every count. The shipped realms with a chasm are the ones
where the counts could differ."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_runner import run_cli

REPO = Path(__file__).resolve().parents[2]
WITH_CHASMS = sorted(p for p in (REPO / "scenarios").rglob("*.realm.json")
                     if '"chasm"' in p.read_text(encoding="utf-8"))


def _counts(path: Path) -> range:
    players = json.loads(path.read_text(encoding="utf-8"))["players"]
    return range(players["min"], players["max"] + 1)


@pytest.mark.parametrize("path", WITH_CHASMS, ids=[p.name for p in WITH_CHASMS])
def test_balance_and_engine_export_count_the_same_land(path: Path) -> None:
    assert WITH_CHASMS, "no shipped realm has a chasm any more: pick another witness"
    for players in _counts(path):
        balance = run_cli("balance", path, "--players", str(players), "--format", "json")
        assert balance.returncode in (0, 1), balance.stderr
        report = json.loads(balance.stdout)["reports"][0]
        counted = next(c["value"] for c in report["comparisons"] if c["key"] == "regions")
        engine = run_cli("export", path, "--to", "engine", "--players", str(players),
                         "-o", "-")
        assert engine.returncode == 0, engine.stderr
        regions = json.loads(engine.stdout)["regions"]
        land = [r for r in regions if r["kind"] == "land" and not r["flags"]["chasm"]]
        chasms = [r for r in regions if r["flags"]["chasm"]]
        assert counted == len(land), (path.name, players, counted, len(land))
        assert all(r["kind"] == "land" for r in chasms), "a chasm keeps its printed kind"
