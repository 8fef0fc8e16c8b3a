"""Cheap estimates of the balance metrics on a layout's combinatorial graph of play, and the
penalty of their distance from the booklet's spread.

The search scores hundreds of placements per realm, so it cannot derive and measure each
one; these figures are counted on :class:`editor.generate.layout.PlayGraph` (the same
regions, adjacencies and first conquests the derivation gives) under the keys of
:mod:`editor.analysis.metrics`. The finished realm is measured for real (see
:mod:`editor.generate.standard`).
"""

from __future__ import annotations

import math
from collections import deque

from editor.generate.compact import hanging
from editor.generate.layout import Layout, PlayGraph
from editor.generate.pieces import Part
from editor.generate.standard import Spread

# How much one unit outside the booklet's range costs, per metric (in the metric's own
# unit: a share of 0.1 outside costs 0.1 * weight); inside, a pull of PULL towards the
# median, so the search prefers the middle of the range to its edge.
WEIGHTS = {"entry_share": 400.0, "water_regions": 25.0, "articulation_points": 6.0,
           "bridges": 6.0, "degree_mean": 150.0, "edge_distance_max": 25.0,
           "regions": 0.0, "diameter": 0.0, "land_masses": 0.0}
PULL = 0.15
HANGING = 40.0  # per tile held by one edge
MARGIN = {"entry_share": 0.01, "degree_mean": 0.02}  # aim this far inside the range


class Figures:
    """The estimates of one graph, each counted when first asked for (cheapest first in
    :func:`shape_penalty`, which stops asking once the move is hopeless)."""

    def __init__(self, layout: Layout, graph: PlayGraph) -> None:
        self.layout = layout
        self.graph = graph
        self._adjacency: dict[Part, list[Part]] | None = None
        self._cuts: tuple[int, int] | None = None
        land = [p for p in graph.walkable if p in graph.land]
        self.entries = [p for p in land if p in graph.first_conquest]
        self.land = len(land)

    @property
    def adjacency(self) -> dict[Part, list[Part]]:
        if self._adjacency is None:
            walk = self.graph.walkable
            # (no sorting: every figure is a property of the graph, not of a visiting order)
            self._adjacency = {p: [n for n in self.graph.adjacency[p] if n in walk and n != p]
                               for p in walk}
        return self._adjacency

    def cut_counts(self) -> tuple[int, int]:
        if self._cuts is None:
            self._cuts = cuts(self.adjacency)
        return self._cuts

    def value(self, key: str) -> float:
        if key == "entry_share":
            return len(self.entries) / self.land if self.land else 1.0
        if key == "water_regions":
            return float(_water_bodies(self.layout, self.graph))
        if key == "degree_mean":
            degrees = [len(n) for n in self.adjacency.values()]
            return sum(degrees) / len(degrees) if degrees else 0.0
        if key == "articulation_points":
            return float(self.cut_counts()[0])
        if key == "bridges":
            return float(self.cut_counts()[1])
        if key == "edge_distance_max":
            return float(_depth(self.graph, self.entries))
        raise KeyError(key)


# cheapest first: shape_penalty stops once the move is known to be hopeless
ESTIMATED = ("entry_share", "water_regions", "degree_mean", "edge_distance_max",
             "articulation_points", "bridges")


def estimates(layout: Layout, graph: PlayGraph) -> dict[str, float]:
    """entry_share, water_regions, articulation_points, bridges, degree_mean and
    edge_distance_max of the graph of play, as ``realms balance`` would count them."""
    figures = Figures(layout, graph)
    return {key: figures.value(key) for key in ESTIMATED}


def cuts(adjacency: dict[Part, list[Part]]) -> tuple[int, int]:
    """(articulation points, bridges) of an undirected graph, by one iterative depth-first
    search with low links (Tarjan); networkx's bridges are ten times slower here, and the
    search asks thousands of times per realm."""
    order: dict[Part, int] = {}
    low: dict[Part, int] = {}
    cut_nodes: set[Part] = set()
    bridges = 0
    for root in adjacency:
        if root in order:
            continue
        order[root] = low[root] = len(order)
        children = 0
        stack: list[tuple[Part, Part | None, int]] = [(root, None, 0)]
        while stack:
            node, parent, index = stack[-1]
            nexts = adjacency[node]
            if index < len(nexts):
                stack[-1] = (node, parent, index + 1)
                nxt = nexts[index]
                if nxt == parent:
                    continue
                if nxt in order:
                    low[node] = min(low[node], order[nxt])
                else:
                    order[nxt] = low[nxt] = len(order)
                    if node == root:
                        children += 1
                    stack.append((nxt, node, 0))
                continue
            stack.pop()
            if parent is not None:
                low[parent] = min(low[parent], low[node])
                if low[node] > order[parent]:
                    bridges += 1
                if parent != root and low[node] >= order[parent]:
                    cut_nodes.add(parent)
        if children > 1:
            cut_nodes.add(root)
    return len(cut_nodes), bridges


def _water_bodies(layout: Layout, graph: PlayGraph) -> int:
    """Water parts merged across seams into bodies (the derivation merges them the same way
    when no river marker splits them, and the generators lay none)."""
    water = {(t, r.local_id) for t in layout.placed for r in layout.side_of(t).regions
             if not r.is_land}
    seen: set[Part] = set()
    bodies = 0
    for start in sorted(water):
        if start in seen:
            continue
        bodies += 1
        seen.add(start)
        todo = [start]
        while todo:
            for nxt in graph.adjacency[todo.pop()]:
                if nxt in water and nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
    return bodies


def _depth(graph: PlayGraph, entries: list[Part]) -> int:
    """Steps from the nearest entry to the deepest walkable region."""
    found: dict[Part, int] = {p: 0 for p in entries}
    queue = deque(entries)
    while queue:
        node = queue.popleft()
        for nxt in graph.adjacency[node]:
            if nxt in graph.walkable and nxt not in found:
                found[nxt] = found[node] + 1
                queue.append(nxt)
    return max(found.values(), default=0)


def _term(key: str, value: float, target: Spread) -> tuple[float, float]:
    """(outside, pull) of one metric against the booklet's range at this count."""
    weight = WEIGHTS.get(key, 0.0)
    if weight == 0.0 or key not in target:
        return 0.0, 0.0
    low, mid, high = target[key]
    margin = MARGIN.get(key, 0.0)
    low, high = min(low + margin, mid), max(high - margin, mid)
    outside = 0.0
    if value < low:
        outside = weight * (low - value) + weight * 0.05
    elif value > high:
        outside = weight * (value - high) + weight * 0.05
    return outside, PULL * weight * abs(value - mid) / max(high - low, 1e-6)


def spread_penalty(values: dict[str, float], target: Spread) -> tuple[float, float]:
    """(outside, pull): outside is 0 when every estimate lies inside the booklet's range
    (with a small margin) and grows steeply beyond it; pull is a mild distance from the
    medians, so the search prefers the middle of the range to its edge."""
    outside = pull = 0.0
    for key, value in values.items():
        o, p = _term(key, value, target)
        outside += o
        pull += p
    return outside, pull


def shape_penalty(layout: Layout, graph: PlayGraph, target: Spread,
                  give_up: float = math.inf) -> tuple[float, float]:
    """(outside, pull) of the estimates, tiles hanging by one edge counted as outside.
    Once outside + pull reaches ``give_up`` the rest is not counted (every term is >= 0,
    so the move is already known to cost at least that much)."""
    outside = pull = 0.0
    for board in range(len(layout.boards)):
        outside += HANGING * hanging(layout.occupied(board))
    figures = Figures(layout, graph)
    for key in ESTIMATED:
        if outside + pull >= give_up:
            break
        o, p = _term(key, figures.value(key), target)
        outside += o
        pull += p
    return outside, pull
