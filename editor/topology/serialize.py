"""Stable, documented serialisations of a derived realm (JSON, GraphML, DOT).

``realm_to_dict`` is the shape ``realms derive --format json`` prints and the
engine export builds on: every list is sorted, numbers are rounded to 6 decimal
places, so output diffs cleanly between runs and machines.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from editor.escaping import document_text
from editor.topology.realm import EdgeData, Hole, Realm, Region

ROUND = 6
# The derive document's shape: 2 since holes are printed as runs (1, with no such key:
# every hole listed hex by hex).
DERIVE_FORMAT_VERSION = 2
LINK_KINDS = frozenset({"tunnel", "access", "cloud_bridge", "custom"})


def round_value(value: float) -> float:
    """``value`` to ``ROUND`` places, as every derive output prints it."""
    return round(float(value), ROUND) + 0.0  # + 0.0 turns -0.0 into 0.0


def region_to_dict(region: Region) -> dict[str, Any]:
    return {
        "id": region.id,
        "board": region.board,
        "kind": region.kind,
        "terrain": region.terrain,
        "base_terrain": region.base_terrain,
        "water_kind": region.water_kind,
        "symbols": sorted(region.symbols),
        "markers": sorted((m.to_dict() for m in region.markers),
                          key=lambda m: (m["kind"], str(sorted(m.items())))),
        "parts": list(region.parts),
        "tiles": list(region.tiles),
        "area": round_value(region.area),
        "centroid": [round_value(region.centroid[0]), round_value(region.centroid[1])],
        "flags": {
            "board_edge": region.board_edge,
            "first_conquest": region.first_conquest,
            "coastal": region.coastal,
            "chasm": region.chasm,
            "impassable": region.impassable,
            "entry_edge": region.entry_edge,
        },
        "first_conquest_for": sorted(region.first_conquest_for),
        "holes": list(region.holes),
    }


def hole_to_dict(hole: Hole) -> dict[str, Any]:
    """A hole as its runs of empty hexes along lattice columns, ``[q, first r, last r]``,
    and its area in hexes: bounded by the tiles around it, not by its area (listed hex by
    hex, the hole of a ring of 4,000 tiles took 57 MB of JSON)."""
    return {"id": hole.id, "board": hole.board, "regions": list(hole.regions),
            "hex_count": hole.hex_count, "runs": [list(run) for run in hole.runs]}


# A boundary segment as printed: board, a, b, kinds (sorted), from, to (rounded).
BorderRow = tuple[str, str, "str | None", list[str], list[float], list[float]]
# An edge as printed: a < b, kinds (sorted), length (rounded).
EdgeRow = tuple[str, str, list[str], float]


def border_rows(realm: Realm) -> list[BorderRow]:
    """Every boundary segment with its kinds, in lattice coordinates, in a stable order:
    by board, regions, then position. (Rows of a big board share their ``kinds`` lists.)"""
    rounded: dict[float, float] = {}  # lattice coordinates repeat: round each once
    kinds_of: dict[frozenset[str], list[str]] = {}
    keyed = []
    for segment in realm.borders:
        (x0, y0), (x1, y1) = segment.start, segment.end
        start = [rounded[x0] if x0 in rounded else rounded.setdefault(x0, round_value(x0)),
                 rounded[y0] if y0 in rounded else rounded.setdefault(y0, round_value(y0))]
        end = [rounded[x1] if x1 in rounded else rounded.setdefault(x1, round_value(x1)),
               rounded[y1] if y1 in rounded else rounded.setdefault(y1, round_value(y1))]
        kinds = kinds_of.get(segment.kinds)
        if kinds is None:
            kinds = kinds_of[segment.kinds] = sorted(segment.kinds)
        keyed.append(((segment.board, segment.a, segment.b or "", start, end),
                      (segment.board, segment.a, segment.b, kinds, start, end)))
    keyed.sort(key=_first)
    return [row for _, row in keyed]


def _first(pair: tuple[Any, Any]) -> Any:
    return pair[0]


def borders_to_list(realm: Realm) -> list[dict[str, Any]]:
    """:func:`border_rows` as the objects ``realms derive`` prints."""
    return [{"board": board, "a": a, "b": b, "kinds": list(kinds), "from": start, "to": end}
            for board, a, b, kinds, start, end in border_rows(realm)]


def edge_rows(realm: Realm) -> list[EdgeRow]:
    """Every edge of the graph of play once, ends in order, sorted by its ends."""
    edges: list[EdgeRow] = []
    for a, b, data in adjacency_edges(realm):
        first, second = (a, b) if a <= b else (b, a)
        edges.append((first, second, sorted(data["kinds"]), round_value(data["length"])))
    edges.sort(key=lambda e: (e[0], e[1]))
    return edges


def problem_list(realm: Realm) -> list[dict[str, Any]]:
    return sorted(({"code": p.code, "message": p.message, "board": p.board,
                    "regions": list(p.regions), "tiles": list(p.tiles)}
                   for p in realm.problems), key=lambda p: (p["code"], p["message"]))


def derive_document(title: str, source: str, realms: Sequence[Realm]) -> dict[str, Any]:
    """The whole document ``realms derive`` prints: one board object per player count.
    (The command prints it through :mod:`editor.topology.derive_text`, which gives the
    same text faster.)"""
    return {"format_version": DERIVE_FORMAT_VERSION, "scenario": title, "source": source,
            "boards": [realm_to_dict(realm) for realm in realms]}


def realm_to_dict(realm: Realm) -> dict[str, Any]:
    """The realm as the JSON document ``realms derive`` prints (one board of it). Built
    with the cyclic collector paused, as the derivation is: a big board's rows are tens
    of thousands of small dicts and lists, and collections over them took longer than
    making them."""
    from editor.heap import no_cyclic_gc

    with no_cyclic_gc():
        return _realm_dict(realm)


def adjacency_edges(realm: Realm) -> Iterator[tuple[str, str, EdgeData]]:
    """Every edge once, as ``realm.graph.edges(data=True)`` lists them (each from the end
    met first in region order), read from :attr:`Realm.adjacency`: JSON and DOT need no
    networkx graph, nor the import of networkx (about 0.4 s of a command's start)."""
    done: set[str] = set()
    for a, near in realm.adjacency.items():
        for b, data in near.items():
            if b not in done:
                yield a, b, data
        done.add(a)


def _realm_dict(realm: Realm) -> dict[str, Any]:
    return {
        "players": realm.players,
        "turns": realm.scenario.turns(realm.players),
        "regions": [region_to_dict(r) for r in realm.regions.values()],
        "adjacency": [{"a": a, "b": b, "kinds": kinds, "length": length}
                      for a, b, kinds, length in edge_rows(realm)],
        "holes": [hole_to_dict(h) for h in realm.holes],
        "borders": borders_to_list(realm),
        "problems": problem_list(realm),
    }


def realm_to_graphml(realm: Realm) -> str:
    return realms_to_graphml([realm])


def realms_to_graphml(realms: Sequence[Realm]) -> str:
    """One GraphML document, a ``<graph>`` per realm: see :mod:`editor.topology.graphml`."""
    from editor.topology import graphml

    return graphml.realms_to_graphml(realms)


def _dot_id(text: str) -> str:
    escaped = (document_text(text).replace("\\", "\\\\").replace('"', '\\"')
               .replace("\r\n", "\\n").replace("\n", "\\n").replace("\r", "\\n"))
    return '"' + escaped + '"'


def realm_to_dot(realm: Realm, name: str | None = None) -> str:
    """Graphviz DOT, written directly (no pydot/pygraphviz dependency needed); every
    string is quoted with its line breaks escaped, so none starts a line."""
    title = realm.scenario.title if name is None else name
    lines = [f"graph {_dot_id(title)} {{", "  node [shape=box];"]
    for rid, region in realm.regions.items():
        label = f"{rid}\n{region.terrain}"
        attrs = [f"label={_dot_id(label)}"]
        if region.first_conquest:
            attrs.append("peripheries=2")
        if region.chasm:
            attrs.append("style=dashed")
        lines.append(f"  {_dot_id(rid)} [{', '.join(attrs)}];")
    for a, b, data in sorted(adjacency_edges(realm), key=_ends):
        kinds = " ".join(sorted(data["kinds"]))
        style = ", style=dashed" if data["kinds"] & LINK_KINDS else ""
        lines.append(f"  {_dot_id(a)} -- {_dot_id(b)} [label={_dot_id(kinds)}{style}];")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _ends(edge: tuple[str, str, EdgeData]) -> tuple[str, str]:
    return edge[0], edge[1]  # unique per edge: sorting by them never compares the data


def realms_to_dot(realms: Sequence[Realm]) -> str:
    """Several realms as one DOT file (Graphviz reads a graph after another); with more
    than one, each graph is named "TITLE (N players)", so the names differ."""
    if len(realms) == 1:
        return realm_to_dot(realms[0])
    return "".join(realm_to_dot(r, f"{r.scenario.title} ({r.players} players)")
                   for r in realms)
