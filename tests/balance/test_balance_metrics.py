"""Balance metrics pinned on layouts small enough to work out by hand."""

from __future__ import annotations

import json

from balance_support import graph_data, metrics_of, region


def test_a_chain_of_three_has_one_chokepoint_the_middle_one() -> None:
    m = metrics_of(graph_data([region("a", entry=True), region("b"), region("c")],
                              [("a", "b"), ("b", "c")]))
    assert m.articulation_points == ("b",)
    assert m.bridges == (("a", "b"), ("b", "c"))
    assert m.values["articulation_points"] == 1
    assert m.values["bridges"] == 2
    assert m.values["diameter"] == 2
    assert m.degree_histogram == {1: 2, 2: 1}
    assert m.values["degree_mean"] == round(4 / 3, 4)


def test_a_cycle_has_no_chokepoint_and_no_bridge() -> None:
    ids = ["a", "b", "c", "d", "e"]
    edges = [(ids[i], ids[(i + 1) % 5]) for i in range(5)]
    m = metrics_of(graph_data([region(i, entry=i == "a") for i in ids], edges))
    assert m.articulation_points == ()
    assert m.bridges == ()
    assert m.values["diameter"] == 2  # a pentagon: at most two steps either way
    assert m.degree_histogram == {2: 5}


def test_two_triangles_joined_by_one_border() -> None:
    regions = [region(i, entry=i == "a") for i in "abcdef"]
    edges = [("a", "b"), ("b", "c"), ("a", "c"), ("d", "e"), ("e", "f"), ("d", "f"),
             ("c", "d")]
    m = metrics_of(graph_data(regions, edges))
    assert m.bridges == (("c", "d"),)
    assert m.articulation_points == ("c", "d")
    assert m.values["diameter"] == 3  # a -> c -> d -> e
    assert m.values["degree_max"] == 3


def test_distances_from_the_edge_walk_the_graph_of_play() -> None:
    regions = [region("r0", "forest", entry=True), region("r1", "hill"),
               region("r2", "swamp", symbols=("cavern",)),
               region("r3", "hill", symbols=("mine", "lost_tribe"))]
    m = metrics_of(graph_data(regions, [("r0", "r1"), ("r1", "r2"), ("r2", "r3")]))
    assert m.edge_distance == {"r0": 0, "r1": 1, "r2": 2, "r3": 3}
    assert m.values["edge_distance_max"] == 3
    assert m.values["edge_distance_mean"] == 1.5
    assert m.values["symbol_distance.cavern"] == 2
    assert m.values["symbol_distance.mine"] == 3
    assert m.values["symbol_distance.lost_tribe"] == 3
    assert m.values["symbol_distance.magic"] is None  # no magic source on the board
    assert m.values["lost_tribes"] == 1
    assert m.entry_terrains["forest"] == 1
    assert m.values["entry_terrain.forest"] == 1.0


def test_a_board_edge_sea_makes_its_shore_an_entry_but_is_not_walked() -> None:
    regions = [{"id": "sea", "terrain": "sea", "board_edge": True},
               region("shore"), region("inland")]
    m = metrics_of(graph_data(regions, [("sea", "shore"), ("shore", "inland")]))
    assert m.values["water_regions"] == 1
    assert m.values["entry_regions"] == 1  # the shore, through the sea at the edge
    assert m.edge_distance == {"shore": 0, "inland": 1}
    assert m.values["regions"] == 2


def test_separate_land_masses_and_unreachable_regions() -> None:
    regions = [region("a", entry=True), region("b"), region("c"), region("d"), region("e")]
    m = metrics_of(graph_data(regions, [("a", "b"), ("c", "d"), ("d", "e")]))
    assert m.land_mass_sizes == (3, 2)
    assert m.values["land_masses"] == 2
    assert m.values["largest_mass_share"] == 0.6
    assert m.values["unreachable"] == 3  # no entry on the c-d-e island
    assert m.values["diameter"] == 2  # of the largest mass


def test_tallies_count_land_terrains_and_symbols_per_player() -> None:
    regions = [region("a", "mountain", symbols=("cavern", "mine"), entry=True),
               region("b", "swamp", symbols=("magic",)), region("c", "swamp"),
               {"id": "lake", "terrain": "lake"}]
    m = metrics_of(graph_data(regions, [("a", "b"), ("b", "c"), ("c", "lake")]))
    assert m.values["regions"] == 3
    assert m.values["regions_per_player"] == 1.5
    assert (m.values["terrain.mountain"], m.values["terrain.swamp"]) == (1, 2)
    assert (m.values["symbol.cavern"], m.values["symbol.mine"],
            m.values["symbol.magic"]) == (1, 1, 1)


def test_an_empty_realm_has_no_figures_to_tick() -> None:
    m = metrics_of(graph_data([], []))
    assert m.values["regions"] == 0
    assert m.values["diameter"] is None
    assert m.values["degree_mean"] is None
    assert m.values["entry_share"] is None


def test_the_json_form_is_stable_and_sorted() -> None:
    data = graph_data([region("a", entry=True), region("b"), region("c")],
                      [("a", "b"), ("b", "c")])
    first = json.dumps(metrics_of(data).to_json(), sort_keys=True)
    again = json.dumps(metrics_of(data).to_json(), sort_keys=True)
    assert first == again
    document = json.loads(first)
    assert list(document["metrics"]) == sorted(document["metrics"])
    assert document["articulation_points"] == ["b"]
    assert document["edge_distance"] == {"a": 0, "b": 1, "c": 2}


def test_the_bounded_diameter_is_networkx_s_on_random_graphs() -> None:
    """The eccentricity-bounds walk on the plain adjacency agrees with networkx's diameter
    (paths, cycles, trees and dense pieces alike)."""
    import networkx as nx

    from editor.analysis.reach import diameter

    for seed in range(60):
        graph = nx.gnm_random_graph(2 + seed, 1 + 2 * seed, seed=seed)
        piece = max(nx.connected_components(graph), key=lambda c: (len(c), sorted(c)))
        adjacency = {str(n): tuple(str(m) for m in graph.adj[n]) for n in graph}
        assert diameter(adjacency, {str(n) for n in piece}) == \
            nx.diameter(graph.subgraph(piece)), seed
