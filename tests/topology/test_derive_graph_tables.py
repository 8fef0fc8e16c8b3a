"""A realm's networkx graph is made from its adjacency by filling networkx's node and
adjacency tables directly only where this networkx keeps them as its public calls would;
both ways give the same graph, down to the order of nodes, of each node's neighbours and
of each edge's attributes."""

from __future__ import annotations

from pathlib import Path

import networkx as nx
import pytest

from editor.model.scenario_io import load_scenario
from editor.topology import RealmDeriver, realm
from editor.topology.serialize import realm_to_dict

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
FILES = [SCENARIOS / "expansions" / "sky-islands.realm.json",  # graph-only board, links
         SCENARIOS / "booklet" / "11-all-together-now.realm.json",  # tunnels, chasms
         SCENARIOS / "booklet" / "02-life-is-a-long-river.realm.json"]


def _shape(graph: object) -> list[object]:
    return [(node, [(other, list(data.items())) for other, data in neighbours.items()])
            for node, neighbours in graph.adj.items()]  # type: ignore[attr-defined]


def test_this_networkx_tables_are_filled_directly() -> None:
    assert realm._tables_fillable()


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_public_calls_build_the_same_graph(path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    loaded = load_scenario(path)
    counts = loaded.scenario.player_counts
    direct = {n: RealmDeriver().derive(loaded, n) for n in counts}
    for made in direct.values():  # the graphs are made on first use: make them now
        assert all(made.graph._adj[rid] is near for rid, near in made.adjacency.items())
    monkeypatch.setattr(realm, "_FILL_TABLES", False)
    for n in counts:
        public = RealmDeriver().derive(loaded, n)
        assert all(public.graph._adj[rid] is not near and public.graph._adj[rid] == near
                   for rid, near in public.adjacency.items() if near)
        assert _shape(public.graph) == _shape(direct[n].graph)
        assert list(public.graph.nodes) == list(direct[n].graph.nodes)
        assert realm_to_dict(public) == realm_to_dict(direct[n])
    assert any(public.graph.number_of_edges() for public in direct.values())


def test_a_changed_networkx_layout_is_noticed(monkeypatch: pytest.MonkeyPatch) -> None:
    class OtherGraph(nx.Graph):  # type: ignore[misc]
        adjlist_inner_dict_factory = type("Inner", (dict,), {})

    monkeypatch.setattr(nx, "Graph", OtherGraph)
    assert not realm._tables_fillable()
