"""What each seat can reach: the fairest seating the entries allow, pockets behind one door,
and how clustered a symbol is.

These answer the faults a count of chokepoints or a mean depth misses: an entry rule that
leaves a seat no room of its own, land that only one region (or one river) opens, and all of
one symbol in one corner. Pure Python over the graph of play as a plain adjacency mapping
(region -> neighbours: a networkx graph's ``adj`` is one, but a dict of tuples walks several
times faster), so every output of the balance standard measures the same thing.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass

# Past this many entry regions the seating search starts from an evenly spread sample of
# them (farthest-first): the search is quadratic in the candidates.
MAX_SEAT_CANDIDATES = 24
SEAT_ROUNDS = 4  # rounds of single-seat swaps after the farthest-first start
# Past this many regions the mean distance between land regions is estimated from this many
# evenly spaced sources (exact below it).
DISTANCE_SOURCES = 64
DECIMALS = 4
Adjacency = Mapping[str, Sequence[str]]
UNREACHED = 1 << 30  # steps to a region a seat cannot walk to


@dataclass(frozen=True)
class Seat:
    """One seat under the fairest seating the entries allow: the entry region it starts
    from (None: no entry left for it) and the land it reaches before any other seat (ties
    shared), as a share of a fair share (1.0: exactly its 1/n of the land)."""

    entry: str | None
    territory: float


@dataclass(frozen=True)
class Pocket:
    """Land reachable only through one region (``door``: a land region or a river) and with
    no entry region of its own: whoever holds the door holds the pocket."""

    door: str
    regions: tuple[str, ...]


def steps_from(graph: Adjacency, source: str) -> dict[str, int]:
    """Steps from ``source`` to every node it reaches (breadth first)."""
    found = {source: 0}
    queue = deque([source])
    while queue:
        node = queue.popleft()
        step = found[node] + 1
        for nxt in graph[node]:
            if nxt not in found:
                found[nxt] = step
                queue.append(nxt)
    return found


def diameter(graph: Adjacency, nodes: Collection[str]) -> int:
    """The exact diameter of the connected piece ``nodes`` of ``graph``, by eccentricity
    bounds (Takes and Kosters, as networkx's ``diameter(usebounds=True)``): each
    breadth-first walk bounds every node's eccentricity from both sides, and a node whose
    bounds say it can no longer change the answer is never walked from. On the plain
    adjacency mapping it walks several times faster than through networkx's graph views."""
    count = len(nodes)
    lower = dict.fromkeys(nodes, 0)
    upper = dict.fromkeys(nodes, count)
    candidates = set(nodes)
    max_lower, max_upper = 0, 0
    high = False
    while candidates:
        if high:
            current = max(candidates, key=lambda n: (upper[n], n))
        else:
            current = min(candidates, key=lambda n: (lower[n], n))
        high = not high
        steps = steps_from(graph, current)
        eccentricity = max(steps.values())
        for node in candidates:
            d = steps[node]
            lower[node] = low = max(lower[node], d, eccentricity - d)
            upper[node] = up = min(upper[node], eccentricity + d)
            max_lower = max(max_lower, low)
            max_upper = max(max_upper, up)
        candidates = {n for n in candidates  # known exactly, or unable to change it
                      if lower[n] != upper[n]
                      and not (upper[n] <= max_lower and 2 * lower[n] >= max_upper)}
    return max_lower


def _cells(columns: Sequence[Sequence[int]]) -> list[float]:
    """Each seat's count of land regions it reaches first (a tie is shared equally), from
    each seat's steps to every land region (``UNREACHED`` where it cannot walk)."""
    cells = [0.0] * len(columns)
    for row in zip(*columns, strict=True):
        best = min(row)
        if best == UNREACHED:
            continue
        ties = row.count(best)
        if ties == 1:
            cells[row.index(best)] += 1.0
            continue
        for i, d in enumerate(row):
            if d == best:
                cells[i] += 1.0 / ties
    return cells


def _spread_out(candidates: list[str], reach: Callable[[str], dict[str, int]], k: int
                ) -> list[str]:
    """``k`` candidates chosen farthest-first from the first one (deterministic)."""
    chosen = [candidates[0]]
    nearest = dict(reach(chosen[0]))  # steps from the nearest chosen one
    far = 10 ** 9
    while len(chosen) < k:
        pick = max((c for c in candidates if c not in chosen),
                   key=lambda c: (nearest.get(c, far), c))
        chosen.append(pick)
        for node, d in reach(pick).items():
            if d < nearest.get(node, far):
                nearest[node] = d
    return chosen


def fairest_seats(graph: Adjacency, land: Sequence[str], entries: Iterable[str],
                  players: int) -> tuple[Seat, ...]:
    """The seats as fair as the entries allow: ``players`` distinct entry regions that
    maximise the smallest territory (land reached before any other seat), found by a
    farthest-first start and single-seat swaps. A seat with no entry left has none.

    Races may share an entry in play, but the second one enters through the first one's
    race: a seat without a door of its own starts with nothing it holds alone."""
    doors = sorted(set(entries))
    if not doors or not land or players < 1:
        return tuple(Seat(None, 0.0) for _ in range(players))
    walked: dict[str, dict[str, int]] = {}

    def reach(door: str) -> dict[str, int]:
        if door not in walked:
            walked[door] = steps_from(graph, door)
        return walked[door]

    candidates = doors
    if len(doors) > MAX_SEAT_CANDIDATES:
        candidates = sorted(_spread_out(doors, reach, MAX_SEAT_CANDIDATES))
    column = {c: [reach(c).get(r, UNREACHED) for r in land] for c in candidates}
    k = min(players, len(candidates))
    seats = _spread_out(candidates, reach, k)

    def score(chosen: list[str]) -> tuple[float, float]:
        cells = _cells([column[c] for c in chosen])
        return min(cells), -max(cells)

    best = score(seats)
    for _ in range(SEAT_ROUNDS):
        improved = False
        for i in range(k):
            for door in candidates:
                if door in seats:
                    continue
                trial = [*seats[:i], door, *seats[i + 1:]]
                got = score(trial)
                if got > best:
                    best, seats, improved = got, trial, True
        if not improved:
            break
    fair = len(land) / players
    cells = _cells([column[c] for c in seats])
    ranked = sorted(zip(seats, cells, strict=True), key=lambda sc: (-sc[1], sc[0]))
    found = [Seat(door, round(cell / fair, DECIMALS)) for door, cell in ranked]
    return tuple(found + [Seat(None, 0.0)] * (players - k))


def largest_pocket(graph: Adjacency, land: Collection[str], entries: Collection[str]
                   ) -> Pocket | None:
    """The pocket with the most land: the land regions cut off from every entry once one
    region (land, or a river) is taken away (every piece without an entry region of its
    own, summed: three islands behind one river are one pocket).

    One depth-first walk (Tarjan's low points): for a cut region ``v`` and a child ``c`` with
    ``low[c] >= disc[v]``, the walk below ``c`` is one piece of the graph without ``v``; the
    rest of the mass (outside ``v`` and those pieces) is the other."""
    best: tuple[int, str, list[str]] | None = None
    land_set, entry_set = set(land), set(entries)
    disc: dict[str, int] = {}
    for root in sorted(graph):
        if root in disc:
            continue
        order, low, parent = _walk(graph, root, disc)
        size_land = {n: int(n in land_set) for n in order}
        size_entry = {n: int(n in entry_set) for n in order}
        for node in reversed(order[1:]):
            size_land[parent[node]] += size_land[node]
            size_entry[parent[node]] += size_entry[node]
        total_land = sum(1 for n in order if n in land_set)
        total_entry = sum(1 for n in order if n in entry_set)
        if total_entry == 0:
            continue  # nothing enters the mass at all: "unreachable" says so
        children: dict[str, list[str]] = {}
        for node in order[1:]:
            children.setdefault(parent[node], []).append(node)
        for v in order:
            cut = [c for c in children.get(v, ())
                   if v == root or low[c] >= disc[v]]
            if v == root and len(cut) < 2:
                continue
            if not cut or total_entry - (v in entry_set) == 0:
                continue  # (a door that is the only entry is the entry rule's fault)
            pieces = [(size_land[c], size_entry[c], c) for c in cut]
            rest_land = total_land - (v in land_set) - sum(p[0] for p in pieces)
            rest_entry = total_entry - (v in entry_set) - sum(p[1] for p in pieces)
            shut = [c for piece_land, piece_entry, c in pieces if piece_entry == 0]
            found = sum(size_land[c] for c in shut)
            rest_shut = v != root and rest_entry == 0 and rest_land > 0
            if rest_shut:
                found += rest_land
            if not found or (best is not None and (-found, v) >= (-best[0], best[1])):
                continue
            inside = [n for c in shut for n in _subtree(c, children, land_set)]
            if rest_shut:
                below = {n for c in cut for n in _subtree(c, children, set(order))}
                inside += [n for n in order if n in land_set and n != v and n not in below]
            best = (found, v, inside)
    if best is None:
        return None
    return Pocket(best[1], tuple(sorted(best[2])))


def _walk(graph: Adjacency, root: str, disc: dict[str, int]
          ) -> tuple[list[str], dict[str, int], dict[str, str]]:
    """An iterative depth-first walk from ``root``: the order of discovery, low points and
    parents (``disc`` gets each node's discovery time)."""
    order: list[str] = []
    low: dict[str, int] = {}
    parent: dict[str, str] = {}
    disc[root] = low[root] = len(disc)
    order.append(root)
    stack = [(root, iter(sorted(graph[root])))]
    while stack:
        node, neighbours = stack[-1]
        advanced = False
        for nxt in neighbours:
            if nxt not in disc:
                parent[nxt] = node
                disc[nxt] = low[nxt] = len(disc)
                order.append(nxt)
                stack.append((nxt, iter(sorted(graph[nxt]))))
                advanced = True
                break
            if nxt != parent.get(node):
                low[node] = min(low[node], disc[nxt])
        if not advanced:
            stack.pop()
            if node in parent:
                up = parent[node]
                low[up] = min(low[up], low[node])
    return order, low, parent


def _subtree(top: str, children: dict[str, list[str]], keep: set[str]) -> list[str]:
    found, stack = [], [top]
    while stack:
        node = stack.pop()
        if node in keep:
            found.append(node)
        stack.extend(children.get(node, ()))
    return found


def symbol_spread(graph: Adjacency, holders: Sequence[str], base: float | None
                  ) -> float | None:
    """How spread out the regions carrying a symbol are: their mean steps apart divided by
    ``base``, the mean steps between any two land regions (1: spread like any region; well
    below 1: clustered in one corner). None with fewer than two holders."""
    if not base:
        return None
    mean = mean_pair_steps(graph, holders)
    return None if mean is None else round(mean / base, DECIMALS)


def mean_pair_steps(graph: Adjacency, regions: Iterable[str]) -> float | None:
    """Mean steps between two of ``regions`` in one mass (estimated from evenly spaced
    sources past ``DISTANCE_SOURCES`` regions); None without such a pair."""
    ordered = sorted(set(regions))
    step = max(1, -(-len(ordered) // DISTANCE_SOURCES))  # at most DISTANCE_SOURCES sources
    wanted = set(ordered)
    total = count = 0
    for source in ordered[::step]:
        for node, d in steps_from(graph, source).items():
            if node in wanted and node != source:
                total += d
                count += 1
    return total / count if count else None
