"""Scenarios and helpers shared by the export tests."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from scenario_factory import TEST_DATA, load_dict, scenario_dict, tile

from editor.model.scenario_io import LoadedScenario

REPO = Path(__file__).resolve().parents[2]
SHIPPED = sorted((REPO / "scenarios").glob("**/*.realm.json"))
RING = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]


def rich_dict(with_hole: bool = False) -> dict[str, Any]:
    """Water split by a river marker, a mountain, a chasm, a tunnel pair, a lost tribe,
    a custom link and rules; optionally a closed ring of tiles around a hole."""
    tiles = [tile("TH", 0, 0), tile("TW", 1, 0), tile("TS", 0, -1, rotation=1),
             tile("L1", -1, 0), tile("L2", -1, 1), tile("TN", 0, 1), tile("L3", 1, -1)]
    if with_hole:
        tiles = [tile(f"L{i + 1}", q + 4, r) for i, (q, r) in enumerate(RING)] + [
            tile("TH", 0, 0), tile("TW", 1, 0)]
    markers = [{"kind": "mountain", "region": "L1.s1"},
               {"kind": "tunnel", "number": 1, "region": "L2.s1"},
               {"kind": "tunnel", "number": 1, "region": "TS.s2"},
               {"kind": "lost_tribe", "region": "TS.s1"},
               {"kind": "chasm", "region": "L3.s1"},
               {"kind": "coin_mine", "region": "L1.s1", "min_players": 3}]
    if with_hole:
        markers = [{"kind": "crop_space", "hex": {"q": 4, "r": 0}},
                   {"kind": "lost_tribe", "region": "L2.s1"}]
    board = {"id": "surface", "kind": "surface", "tiles": tiles, "markers": markers,
             "river_markers": [{"tile": "TH", "edge": 0}]}
    data = scenario_dict([], boards=[board], players=(2, 5),
                         water={"river_rules": False, "default_kind": "auto",
                                "bodies": [{"region": "TW.s1", "kind": "lake"}]},
                         scoring=[{"kind": "coin_mine", "coins": 1}],
                         turns={"4": 9, "5": 7})
    if not with_hole:
        data["links"] = [{"kind": "custom", "a": "L2.s1", "b": "TN.s1", "label": "bridge"}]
    return data


def write_scenario(folder: Path, data: dict[str, Any], name: str = "realm.realm.json") -> Path:
    """A scenario file in ``folder`` whose test catalogue path resolves from there."""
    data = dict(data)
    data["catalogues"] = [str(TEST_DATA / "test-tiles.json")]
    path = folder / name
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return path


def rich(with_hole: bool = False) -> LoadedScenario:
    return load_dict(rich_dict(with_hole))


def run_cli(*args: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "editor", *map(str, args)],
                          capture_output=True, text=True, cwd=cwd or REPO, timeout=300)
