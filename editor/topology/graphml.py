"""GraphML of the graph of play, written as text from the realm (no networkx, no tree).

networkx's ``GraphMLWriter`` built an ElementTree of every node's eleven values, indented
it and printed it: 1.7 s of a 4,000-tile ring's ``realms derive --format graphml``, plus
networkx's import (issue 27 point 9). This writes the same document line by line, byte for
byte: the same key ids and order (each new key goes first, as the writer inserts it), the
same element order (nodes in region order, edges in the order a networkx graph built from
the sorted edges lists them), values as ``str()`` gives them, ElementTree's escaping and
indentation, and line breaks in values as character references (see ``_BREAKS``).
``tests/export/test_graphml_text.py`` compares it with networkx's output on every shipped
scenario.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from editor.escaping import document_text
from editor.topology.realm import Realm
from editor.topology.serialize import adjacency_edges, round_value

_HEAD = ('<graphml xmlns="http://graphml.graphdrawing.org/xmlns" '
         'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
         'xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns '
         'http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">')
# networkx's names of Python types (its table maps int to "long" and float to "double")
_TYPES = {bool: "boolean", int: "long", float: "double", str: "string"}
# Line breaks and tabs in a value become character references: a raw newline would let a
# title such as "x\n::stop-commands::x" start a line of the document (a CI log prints it).
_BREAKS = str.maketrans({"\n": "&#10;", "\r": "&#13;", "\t": "&#9;"})
_TEXT = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})
_ATTRIBUTE = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"})

Values = list[tuple[str, Any]]


def _text(value: str) -> str:
    return document_text(value).translate(_TEXT).translate(_BREAKS)


def _attribute(value: str) -> str:
    return document_text(value).translate(_ATTRIBUTE).translate(_BREAKS)


def _edge_order(nodes: Iterable[str],
                edges: Iterable[tuple[str, str, Values]]) -> list[tuple[str, str, Values]]:
    """The edges as a networkx ``Graph`` given ``nodes`` then ``edges`` lists them: from
    each node in order, its neighbours in the order their edges were added, each once."""
    adjacency: dict[str, dict[str, Values]] = {n: {} for n in nodes}
    for a, b, values in edges:
        adjacency.setdefault(a, {})[b] = values
        adjacency.setdefault(b, {})[a] = values
    seen: set[str] = set()
    ordered: list[tuple[str, str, Values]] = []
    for node, near in adjacency.items():
        ordered.extend((node, other, values) for other, values in near.items()
                       if other not in seen)
        seen.add(node)
    return ordered


def _node_values(realm: Realm) -> dict[str, Values]:
    return {rid: [("board", region.board), ("kind", region.kind),
                  ("terrain", region.terrain), ("symbols", " ".join(sorted(region.symbols))),
                  ("markers", " ".join(sorted(m.kind for m in region.markers))),
                  ("board_edge", region.board_edge),
                  ("first_conquest", region.first_conquest), ("coastal", region.coastal),
                  ("chasm", region.chasm), ("x", round_value(region.centroid[0])),
                  ("y", round_value(region.centroid[1]))]
            for rid, region in realm.regions.items()}


def _edges(realm: Realm, rename: dict[str, str] | None) -> list[tuple[str, str, Values]]:
    rows = sorted(((a, b, data) for a, b, data in adjacency_edges(realm)),
                  key=lambda row: (row[0], row[1]))
    edges = _edge_order(realm.regions, (
        (a, b, [("kinds", " ".join(sorted(data["kinds"]))),
                ("length", round_value(data["length"]))]) for a, b, data in rows))
    if rename is None:
        return edges
    # networkx.relabel_nodes copies the graph, adding the edges in the order listed
    return _edge_order((rename[n] for n in realm.regions),
                       ((rename[a], rename[b], values) for a, b, values in edges))


class _Keys:
    """Key ids by (name, type, scope), numbered as met: ``d0``, ``d1``..."""

    def __init__(self) -> None:
        self.ids: dict[tuple[str, str, str], str] = {}

    def data(self, scope: str, values: Values, indent: str) -> Iterator[str]:
        for name, value in values:
            kind = _TYPES[type(value)]
            key = self.ids.setdefault((name, kind, scope), f"d{len(self.ids)}")
            shown = str(value)
            if shown:
                yield f'{indent}<data key="{key}">{_text(shown)}</data>'
            else:
                yield f'{indent}<data key="{key}" />'

    def lines(self) -> list[str]:
        return [f'  <key id="{key}" for="{scope}" attr.name="{_attribute(name)}" '
                f'attr.type="{kind}" />'
                for (name, kind, scope), key in reversed(self.ids.items())]


def _graph(realm: Realm, several: bool, keys: _Keys) -> Iterator[str]:
    rename = {rid: f"{rid}@{realm.players}" for rid in realm.regions} if several else None
    graph_id = f' id="players-{realm.players}"' if several else ""
    yield f'  <graph edgedefault="undirected"{graph_id}>'
    # the graph's own values take the first key ids but come after its edges
    own = list(keys.data("graph", [("name", document_text(realm.scenario.title)),
                                   ("players", realm.players)], "    "))
    for rid, values in _node_values(realm).items():
        node = rename[rid] if rename is not None else rid
        yield f'    <node id="{_attribute(node)}">'
        yield from keys.data("node", values, "      ")
        yield "    </node>"
    for a, b, values in _edges(realm, rename):
        yield f'    <edge source="{_attribute(a)}" target="{_attribute(b)}">'
        yield from keys.data("edge", values, "      ")
        yield "    </edge>"
    yield from own
    yield "  </graph>"


def realms_to_graphml(realms: Sequence[Realm]) -> str:
    """One GraphML document: a ``<graph>`` per realm (a player count). With several, each
    graph's id is ``players-N`` and its node ids ``REGION@N`` (GraphML wants node ids unique
    in the whole document); one realm gives the plain region ids."""
    if not realms:  # ElementTree's empty root, with no line after it
        return "<?xml version='1.0' encoding='utf-8'?>\n" + _HEAD[:-1] + " />"
    keys = _Keys()
    several = len(realms) > 1
    body = [line for realm in realms for line in _graph(realm, several, keys)]
    return "\n".join(["<?xml version='1.0' encoding='utf-8'?>", _HEAD, *keys.lines(), *body,
                      "</graphml>"]) + "\n"
