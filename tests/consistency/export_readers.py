"""Each export format read back with a real parser for it, as the graph it claims to hold.

Every reader returns the region ids the file names (``None`` where the format has none, as
smawg and cestpasphoto number their regions), so the suite can also check that the
formats agree with each other about which regions the board has.
"""

from __future__ import annotations

import ast
import json
import shutil
import subprocess
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest
from engine_play import load_cestpasphoto, load_smawg
from export_support import check_smawg

from editor.model import schemas

REPO = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"
GRAPHML = "{http://graphml.graphdrawing.org/xmlns}"
# format -> suffix of the files `realms export --to FORMAT -o DIR/` writes
SUFFIXES = {"engine": ".engine.json", "smawg": ".smawg.json", "cestpasphoto": ".py",
            "geojson": ".geojson", "graphml": ".graphml", "dot": ".dot", "svg": ".svg"}
CESTPASPHOTO_COUNTS = frozenset({2, 3, 4})


def read_engine(text: str, players: int) -> set[str] | None:
    document = json.loads(text)
    schemas.validator("engine").validate(document)  # jsonschema, with the scenario's $defs
    assert document["players"] == players
    return {r["id"] for r in document["regions"]}


def read_smawg(text: str, players: int) -> set[str] | None:
    document = json.loads(text)
    check_smawg(document)  # the smawg assets schema of tests/export, and its index checks
    board = load_smawg(text)  # what smawg's own loader checks
    assert document["n_players"] == players and board.players == players
    return None


def read_cestpasphoto(text: str, players: int) -> set[str] | None:
    tree = ast.parse(text)
    names = {t.id for node in tree.body if isinstance(node, ast.Assign)
             for t in node.targets if isinstance(t, ast.Name)}
    assert {"NB_ROUNDS", "NB_AREAS", "descr"} <= names, names
    load_cestpasphoto(text, players)  # its literals, read as the engine reads them
    return None


def read_geojson(text: str, players: int) -> set[str] | None:
    document = json.loads(text)
    assert document["type"] == "FeatureCollection"
    ids = set()
    for feature in document["features"]:
        geometry = feature["geometry"]  # null on a graph-only board (docs/export.md)
        assert feature["type"] == "Feature"
        assert geometry is None or (geometry["type"] in ("Polygon", "MultiPolygon")
                                    and geometry["coordinates"])
        ids.add(feature["properties"]["id"])
    return ids


def read_graphml(text: str, players: int) -> set[str] | None:
    root = ET.fromstring(text.encode("utf-8"))
    assert root.tag == f"{GRAPHML}graphml"
    graph = root.find(f"{GRAPHML}graph")
    assert graph is not None
    nodes = {node.attrib["id"] for node in graph.iter(f"{GRAPHML}node")}
    for edge in graph.iter(f"{GRAPHML}edge"):
        assert {edge.attrib["source"], edge.attrib["target"]} <= nodes
    return nodes


def graphviz_dot() -> str:
    """Graphviz's ``dot``: the reference DOT parser (scripts/test-debian-packages.txt)."""
    found = shutil.which("dot")
    if found is None:
        pytest.fail("Graphviz's `dot` is not installed: `bash scripts/quickstart.sh test` "
                    "installs it (the graphviz package)")
    return found


def read_dot(text: str, players: int) -> set[str] | None:
    """Parsed by Graphviz itself (``dot -Tjson0``): a file it refuses fails here, with its
    message; its nodes and edges are read from the JSON it writes."""
    done = subprocess.run([graphviz_dot(), "-Tjson0"], input=text.encode("utf-8"),
                          capture_output=True, timeout=120, check=False)
    assert done.returncode == 0 and not done.stderr, done.stderr.decode("utf-8", "replace")
    out = done.stdout.decode("utf-8")
    graph, end = json.JSONDecoder().raw_decode(out)
    assert not out[end:].strip(), "more than one graph"  # Graphviz writes one per graph
    assert not graph.get("_subgraph_cnt")  # one flat graph, as the export writes it
    names = [node["name"] for node in graph.get("objects", [])]
    nodes = set(names)
    assert len(nodes) == len(names)
    for edge in graph.get("edges", []):
        assert {names[edge["tail"]], names[edge["head"]]} <= nodes
    return nodes


def read_svg(text: str, players: int) -> set[str] | None:
    root = ET.fromstring(text.encode("utf-8"))
    assert root.tag == f"{SVG}svg"
    assert root.find(f"{SVG}title") is not None
    return None


READERS: dict[str, Callable[[str, int], set[str] | None]] = {
    "engine": read_engine, "smawg": read_smawg, "cestpasphoto": read_cestpasphoto,
    "geojson": read_geojson, "graphml": read_graphml, "dot": read_dot, "svg": read_svg}


def exported(folder: Path, stem: str, fmt: str, players: int) -> Path:
    return folder / f"{stem}.{players}p{SUFFIXES[fmt]}"


def expected_counts(fmt: str, counts: tuple[int, ...]) -> tuple[int, ...]:
    if fmt == "cestpasphoto":
        return tuple(c for c in counts if c in CESTPASPHOTO_COUNTS)
    return counts
