"""The GraphML written as text (``editor.topology.graphml``) is networkx's document.

The reference below is the writer ``realms derive`` used before (issue 27 point 9):
networkx's ``GraphMLWriter`` over a flat graph of the realm. Both are compared byte for byte
and, parsed back with ``networkx.read_graphml``, as graphs with every attribute, on every
shipped scenario at every player count, one realm per document and all counts in one.
"""

from __future__ import annotations

import io
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import networkx as nx
import pytest
from networkx.readwrite.graphml import GraphMLWriter

from editor.escaping import document_text
from editor.model.scenario_io import LoadedScenario, load_scenario
from editor.topology import derive_realm
from editor.topology.graphml import realms_to_graphml
from editor.topology.realm import Realm
from editor.topology.serialize import ROUND

REPO = Path(__file__).resolve().parents[2]
SCENARIOS = [*sorted(REPO.glob("scenarios/**/*.realm.json")), REPO / "tests/data/ring.realm.json"]
BREAKS = {"\n": ("\x01", "&#10;"), "\r": ("\x02", "&#13;"), "\t": ("\x03", "&#9;")}


def _value(text: str) -> str:
    text = document_text(text)
    for char, (stand_in, _) in BREAKS.items():
        text = text.replace(char, stand_in)
    return text


def _flat_graph(realm: Realm) -> nx.Graph:
    graph = nx.Graph(name=document_text(realm.scenario.title), players=realm.players)
    for rid, region in realm.regions.items():
        graph.add_node(rid, board=region.board, kind=region.kind, terrain=region.terrain,
                       symbols=" ".join(sorted(region.symbols)),
                       markers=" ".join(sorted(m.kind for m in region.markers)),
                       board_edge=region.board_edge, first_conquest=region.first_conquest,
                       coastal=region.coastal, chasm=region.chasm,
                       x=round(float(region.centroid[0]), ROUND) + 0.0,
                       y=round(float(region.centroid[1]), ROUND) + 0.0)
    for a, b, data in sorted(realm.graph.edges(data=True)):
        graph.add_edge(a, b, kinds=" ".join(sorted(data["kinds"])),
                       length=round(float(data["length"]), ROUND) + 0.0)
    return graph


def networkx_graphml(realms: Sequence[Realm]) -> str:
    """The document as networkx wrote it (the code before issue 27 point 9)."""
    from xml.etree import ElementTree

    writer = GraphMLWriter(encoding="utf-8", prettyprint=True)
    several = len(realms) > 1
    for realm in realms:
        graph = _flat_graph(realm)
        if several:
            graph = nx.relabel_nodes(graph, {rid: f"{rid}@{realm.players}" for rid in graph})
            graph.graph["id"] = f"players-{realm.players}"
        writer.add_graph_element(graph)
        writer.attributes.clear()
    for element in writer.xml.iter():
        if element.text:
            element.text = _value(element.text)
        for name, value in element.attrib.items():
            element.attrib[name] = _value(value)
    writer.indent(writer.xml)
    text = ("<?xml version='1.0' encoding='utf-8'?>\n"
            + ElementTree.tostring(writer.xml, encoding="unicode"))
    for stand_in, reference in BREAKS.values():
        text = text.replace(stand_in, reference)
    return text


def _realms(path: Path) -> tuple[LoadedScenario, list[Realm]]:
    loaded = load_scenario(path)
    return loaded, [derive_realm(loaded, n) for n in loaded.scenario.player_counts]


def _same_graphs(ours: str, theirs: str) -> None:
    read = [nx.read_graphml(io.BytesIO(text.encode("utf-8"))) for text in (ours, theirs)]
    a, b = read
    assert list(a.nodes(data=True)) == list(b.nodes(data=True))
    assert sorted((*sorted((u, v)), sorted(d.items())) for u, v, d in a.edges(data=True)) == \
        sorted((*sorted((u, v)), sorted(d.items())) for u, v, d in b.edges(data=True))
    assert a.graph == b.graph


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.name)
def test_same_document_as_networkx(path: Path) -> None:
    _loaded, realms = _realms(path)
    for realm in realms:
        ours, theirs = realms_to_graphml([realm]), networkx_graphml([realm])
        assert ours == theirs, f"{path.name}, {realm.players} players"
        _same_graphs(ours, theirs)
    if len(realms) > 1:  # every count in one document: renamed nodes, one key table
        ours, theirs = realms_to_graphml(realms), networkx_graphml(realms)
        assert ours == theirs
        _same_graphs(ours, theirs)


def test_hostile_title_and_ids_escaped_alike() -> None:
    """A title with markup, quotes, line breaks, tabs and a control character."""
    _loaded, realms = _realms(REPO / "scenarios" / "highland-crossing.realm.json")
    title = 'A <b>&"x"\n::stop-commands::PWNED\r\tend\x01'
    for realm in realms:
        realm.scenario.title = title
    ours, theirs = realms_to_graphml(realms[:1]), networkx_graphml(realms[:1])
    assert ours == theirs
    assert not any(line.startswith("::") for line in ours.splitlines())
    _same_graphs(ours, theirs)


def test_derive_graphml_does_not_import_networkx() -> None:
    """``realms derive --format graphml`` writes the text itself: networkx is not loaded."""
    probe = ("import sys; from editor.cli.main import main\n"
             "code = main(['derive', sys.argv[1], '--format', 'graphml', '--players', '2'])\n"
             "sys.stdout.flush()\n"
             "sys.stderr.write('networkx' + str('networkx' in sys.modules))\n")
    done = subprocess.run([sys.executable, "-c", probe,
                           str(REPO / "scenarios" / "highland-crossing.realm.json")],
                          capture_output=True, text=True, cwd=REPO, check=False)
    assert "<graphml" in done.stdout, done.stderr[-2000:]
    assert done.stderr.endswith("networkxFalse"), done.stderr[-2000:]


def test_no_realm_is_the_empty_document() -> None:
    assert realms_to_graphml([]) == networkx_graphml([])
