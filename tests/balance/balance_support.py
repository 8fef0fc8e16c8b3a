"""Graph-only scenarios small enough to check every balance metric by hand."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from editor.analysis import BalanceMetrics, measure
from editor.model.scenario_io import parse_scenario
from editor.topology import derive_realm

REPO = Path(__file__).resolve().parents[2]
OFFICIAL = REPO / "tests" / "data" / "official"
OFFICIAL_FILES = {n: OFFICIAL / f"official-{n}p.realm.json" for n in (2, 3, 4, 5)}
SHIPPED = sorted((REPO / "scenarios").glob("**/*.realm.json"))


def region(rid: str, terrain: str = "farmland", *, symbols: tuple[str, ...] = (),
           entry: bool = False) -> dict[str, Any]:
    spec: dict[str, Any] = {"id": rid, "terrain": terrain, "first_conquest": entry}
    if symbols:
        spec["symbols"] = list(symbols)
    return spec


def graph_data(regions: list[dict[str, Any]], edges: list[tuple[str, str]], *,
               players: int = 2, title: str = "Balance test realm") -> dict[str, Any]:
    return {"format_version": 1, "title": title,
            "players": {"min": players, "max": players},
            "boards": [{"id": "imported", "kind": "surface",
                        "graph": {"regions": regions, "edges": [list(e) for e in edges]}}]}


def metrics_of(data: dict[str, Any]) -> BalanceMetrics:
    loaded = parse_scenario(json.dumps(data), "test.realm.json")
    return measure(derive_realm(loaded, data["players"]["min"]))


def write(tmp: Path, data: dict[str, Any], name: str = "case.realm.json") -> Path:
    path = tmp / name
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return path
