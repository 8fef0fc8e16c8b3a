"""R004 measures the distance between sky-island access tokens by a breadth-first search
over the realm's plain adjacency (no networkx on the lint path); it must answer what
networkx's shortest path over the same subgraph answers, including "no path"."""

from __future__ import annotations

import itertools
from pathlib import Path

import networkx as nx
import pytest

from editor.lint.rules_scenario import _steps
from editor.model.scenario_io import load_scenario
from editor.topology import derive_realm

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


@pytest.mark.parametrize("name", ["expansions/sky-islands.realm.json",
                                  "booklet/11-all-together-now.realm.json"])
def test_steps_agree_with_networkx(name: str) -> None:
    loaded = load_scenario(SCENARIOS / name)
    realm = derive_realm(loaded, loaded.scenario.players_max)
    regions = list(realm.regions)
    compared = unreachable = 0
    for board in sorted({r.board for r in realm.regions.values()}):
        keep = {r for r, reg in realm.regions.items() if reg.board == board and not reg.chasm}
        graph = realm.graph.subgraph(keep)
        for a, b in itertools.islice(itertools.product(regions[::3], regions[::5]), 3000):
            try:
                expected: int | None = nx.shortest_path_length(graph, a, b)
            except (nx.NetworkXNoPath, nx.NodeNotFound):
                expected = None
            assert _steps(realm.adjacency, keep, a, b) == expected, (a, b)
            compared += 1
            unreachable += expected is None
    assert compared and unreachable and unreachable < compared
