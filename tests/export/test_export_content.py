"""What the smawg, GeoJSON, GraphML and DOT exports say, checked against the derived realm.

The reference is the graph of play that ``realms derive`` prints (``realm_to_dict``, the same
JSON; one test runs the CLI itself), so an export that drops, doubles or invents a region
or a border fails here, not only one that comes out empty.
"""

from __future__ import annotations

import io
import json
import re
from collections import Counter
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import Any

import jsonschema
import networkx as nx
import pytest
import shapely
from export_support import REPO, SHIPPED, check_smawg, rich, run_cli
from scenario_factory import load_dict, scenario_dict
from shapely.geometry import shape

from editor.export import export_bytes
from editor.model.scenario_io import LoadedScenario, load_scenario
from editor.topology import derive_realm
from editor.topology.realm import Realm
from editor.topology.serialize import realm_to_dict

HIGHLAND = REPO / "scenarios" / "highland-crossing.realm.json"
# Edge kinds that come from two regions sharing a stretch of boundary on one board.
GEOMETRIC = frozenset({"inside", "seam", "coast", "river_marker"})
SMAWG_TERRAIN = {"farmland": "Farmland", "forest": "Forest", "hill": "Hill", "swamp": "Swamp",
                 "mountain": "Mountain", "sea": "Sea", "lake": "Lake", "river": "Lake"}
SMAWG_SYMBOL = {"cavern": "Cavern", "mine": "Mine", "magic": "Magic Source"}

# A graph-only board whose ids need quoting in DOT (a dot, a colon, a leading digit), and a
# title with quotes and a backslash.
ODD_TITLE = 'The "odd" \\ realm'
ODD_IDS = ("1.5", "a:b", "x-y.z", "r.2")


def _odd_dict() -> dict[str, Any]:
    regions = [{"id": rid, "terrain": terrain}
               for rid, terrain in zip(ODD_IDS, ("hill", "sea", "forest", "mountain"),
                                       strict=True)]
    regions[0]["board_edge"] = True  # an entry region: engine exports refuse a board without
    edges = [["1.5", "a:b"], ["a:b", "x-y.z"], ["x-y.z", "r.2"], ["r.2", "1.5"]]
    board = {"id": "odd", "kind": "surface", "graph": {"regions": regions, "edges": edges}}
    data = scenario_dict([], boards=[board], players=(2, 3))
    data["title"] = ODD_TITLE
    return data


@cache
def _loaded(name: str) -> LoadedScenario:
    if name == "rich":
        return rich()
    if name == "rich-hole":
        return rich(with_hole=True)
    if name == "odd":
        return load_dict(_odd_dict())
    return load_scenario(REPO / name)


@cache
def _realm(name: str, players: int) -> Realm:
    return derive_realm(_loaded(name), players)


@cache
def _derived(name: str, players: int) -> dict[str, Any]:
    """The board ``realms derive --players N --format json`` prints."""
    return realm_to_dict(_realm(name, players))


@cache
def _export(name: str, fmt: str, players: int) -> str:
    """The exported text, made once per case: three GeoJSON tests and two GraphML tests read
    the same file (each parses its own copy of the text)."""
    return export_bytes(_loaded(name), fmt, players).decode("utf-8")


def _cases() -> list[Any]:
    cases = [pytest.param(name, n, id=f"{name}-{n}p")
             for name in ("rich", "rich-hole") for n in (2, 3, 4, 5)]
    cases += [pytest.param("odd", 2, id="odd-2p")]
    for path in SHIPPED:
        name = str(path.relative_to(REPO))
        loaded = load_scenario(path)
        for n in loaded.scenario.player_counts:
            if derive_realm(loaded, n).regions:  # blank templates have nothing to compare
                cases.append(pytest.param(name, n, id=f"{path.name.split('.')[0]}-{n}p"))
    return cases


CASES = _cases()


def _edge_set(derived: dict[str, Any]) -> set[frozenset[str]]:
    return {frozenset((e["a"], e["b"])) for e in derived["adjacency"]}


def _crossings(derived: dict[str, Any]) -> set[frozenset[str]]:
    """What the engines without rivers add: a border between the land regions on the banks
    of each passable river (computed here from `realms derive`, independently)."""
    regions = {r["id"]: r for r in derived["regions"]}
    banks: dict[str, set[str]] = {}
    for edge in derived["adjacency"]:
        for river, other in ((edge["a"], edge["b"]), (edge["b"], edge["a"])):
            r = regions[river]
            if (r["kind"] == "water" and r["water_kind"] == "river"
                    and not r["flags"]["impassable"] and regions[other]["kind"] == "land"
                    and not regions[other]["flags"]["chasm"]):
                banks.setdefault(river, set()).add(other)
    return {frozenset((a, b)) for shore in banks.values() for a in shore for b in shore
            if a != b}


def test_cases_cover_links_tunnels_chasms_rivers_and_graph_boards() -> None:
    """The parametrised cases exercise every kind of edge the exporters treat differently."""
    kinds: set[str] = set()
    chasms = 0
    for param in CASES:
        derived = _derived(*param.values)
        kinds.update(k for e in derived["adjacency"] for k in e["kinds"])
        chasms += sum(r["flags"]["chasm"] for r in derived["regions"])
    assert {"tunnel", "custom", "cloud_bridge", "access", "border", "river_marker"} <= kinds
    assert chasms > 0
    assert any(str(HIGHLAND.relative_to(REPO)) == p.values[0] for p in CASES)
    assert len([p for p in CASES if "booklet" in str(p.values[0])]) > 30


# ---------------------------------------------------------------------------------- smawg


def _smawg_ok() -> dict[str, Any]:
    document: dict[str, Any] = json.loads(_export("rich", "smawg", 3))
    return document


@pytest.mark.parametrize("spoil", [
    "no symbols", "no is_at_map_border", "reversed duplicate", "same duplicate", "self loop",
    "out of range", "negative"])
def test_smawg_check_rejects_incomplete_tiles_and_bad_borders(spoil: str) -> None:
    document = _smawg_ok()
    check_smawg(document)
    tiles, borders = document["map"]["tiles"], document["map"]["tile_borders"]
    a, b = borders[0]
    if spoil == "no symbols":
        del tiles[0]["symbols"]
    elif spoil == "no is_at_map_border":
        del tiles[-1]["is_at_map_border"]
    elif spoil == "reversed duplicate":
        borders.append([b, a])
    elif spoil == "same duplicate":
        borders.append([a, b])
    elif spoil == "self loop":
        borders.append([a, a])
    elif spoil == "out of range":
        borders.append([a, len(tiles)])
    else:
        borders.append([-1, a])
    with pytest.raises((AssertionError, jsonschema.ValidationError)):
        check_smawg(document)


@pytest.mark.parametrize("name, players", CASES)
def test_smawg_tiles_and_borders_match_derive(name: str, players: int) -> None:
    from editor.export.smawg import smawg_document

    # The writer itself: a board smawg cannot play (SMAWG_RIVER_ONLY) is refused before it
    # is written, but what would be written must still match the derivation.
    document: dict[str, Any] = smawg_document(derive_realm(_loaded(name), players))
    check_smawg(document)
    derived = _derived(name, players)
    kept = [r for r in derived["regions"] if not r["flags"]["chasm"]]
    tiles = document["map"]["tiles"]
    borders = document["map"]["tile_borders"]
    expected = {e for e in _edge_set(derived) | _crossings(derived)
                if len(e) == 2 and all(rid in {r["id"] for r in kept} for rid in e)}
    assert len(tiles) == len(kept)
    assert len(borders) == len(expected)
    # Tile i is the i-th kept region in region-id order; the borders are exactly its edges.
    ids = [r["id"] for r in kept]
    assert ids == sorted(ids)
    assert {frozenset((ids[a], ids[b])) for a, b in borders} == expected
    for tile, region in zip(tiles, kept, strict=True):
        assert tile["terrain"] == SMAWG_TERRAIN.get(region["terrain"], tile["terrain"])
        # smawg's flag is for land; a river entry (an arrow, under river rules) is the
        # rules plugin's (tests/export/test_smawg_entry_flags.py)
        assert tile["is_at_map_border"] is (region["flags"]["first_conquest"]
                                            and region["kind"] == "land")
        symbols = {SMAWG_SYMBOL[s] for s in region["symbols"] if s in SMAWG_SYMBOL}
        assert symbols == set(tile["symbols"]) - {"Lost Tribe"}, region["id"]
        lost = "lost_tribe" in region["symbols"] or any(
            m["kind"] == "lost_tribe" for m in region["markers"])
        assert ("Lost Tribe" in tile["symbols"]) is lost, region["id"]


def test_smawg_counts_match_the_realms_derive_cli(tmp_path: Path) -> None:
    result = run_cli("derive", HIGHLAND, "--format", "json")
    assert result.returncode == 0, result.stderr
    boards = json.loads(result.stdout)["boards"]
    assert [b["players"] for b in boards] == [2, 3, 4]
    for board in boards:
        out = tmp_path / f"{board['players']}.smawg.json"
        exported = run_cli("export", HIGHLAND, "--players", str(board["players"]),
                           "--to", "smawg", "-o", out)
        assert exported.returncode == 0, exported.stderr
        document = json.loads(out.read_text(encoding="utf-8"))
        check_smawg(document)
        chasms = {r["id"] for r in board["regions"] if r["flags"]["chasm"]}
        assert chasms  # highland has a chasm, which smawg leaves out with its borders
        playable = {frozenset((e["a"], e["b"])) for e in board["adjacency"]
                    if not {e["a"], e["b"]} & chasms} | _crossings(board)
        assert len(document["map"]["tiles"]) == len(board["regions"]) - len(chasms)
        assert len(document["map"]["tile_borders"]) == len(playable)


# -------------------------------------------------------------------------------- GeoJSON


def _features(name: str, players: int) -> dict[str, dict[str, Any]]:
    document = json.loads(_export(name, "geojson", players))
    assert document["type"] == "FeatureCollection"
    assert document["players"] == players
    features = document["features"]
    assert all(f["type"] == "Feature" for f in features)
    by_id = {f["id"]: f for f in features}
    assert len(by_id) == len(features), "two features share an id"
    return by_id


@pytest.mark.parametrize("name, players", CASES)
def test_geojson_has_one_valid_polygon_per_region(name: str, players: int) -> None:
    features = _features(name, players)
    derived = _derived(name, players)
    realm = _realm(name, players)
    assert list(features) == [r["id"] for r in derived["regions"]]
    for region in derived["regions"]:
        feature = features[region["id"]]
        properties = feature["properties"]
        assert properties["id"] == region["id"]
        assert properties["terrain"] == region["terrain"]
        assert properties["board"] == region["board"]
        if realm.regions[region["id"]].polygon is None:  # graph-only boards
            assert feature["geometry"] is None
            continue
        geometry = shape(feature["geometry"])
        assert geometry.geom_type in ("Polygon", "MultiPolygon")
        assert geometry.is_valid, (region["id"], shapely.is_valid_reason(geometry))
        assert geometry.area > 0
        assert geometry.area == pytest.approx(region["area"], rel=1e-4, abs=1e-5)
        assert geometry.centroid.x == pytest.approx(region["centroid"][0], abs=1e-4)
        assert geometry.centroid.y == pytest.approx(region["centroid"][1], abs=1e-4)


@pytest.mark.parametrize("name, players", CASES)
def test_geojson_neighbours_touch_along_a_line(name: str, players: int) -> None:
    """Every edge that comes from a shared boundary is a shared line in the file, not a
    point or a gap (rounding the coordinates must not pull neighbours apart), and the
    two regions do not overlap."""
    features = _features(name, players)
    checked = 0
    for edge in _derived(name, players)["adjacency"]:
        a, b = features[edge["a"]], features[edge["b"]]
        if not GEOMETRIC & set(edge["kinds"]) or a["geometry"] is None or b["geometry"] is None:
            continue
        if a["properties"]["board"] != b["properties"]["board"]:
            continue
        first, second = shape(a["geometry"]), shape(b["geometry"])
        shared = first.intersection(second)
        assert shared.length > 0, (edge, shared.geom_type)
        assert shared.area == pytest.approx(0, abs=1e-9), edge
        assert shared.length == pytest.approx(edge["length"], rel=1e-3, abs=1e-4), edge
        checked += 1
    if any(f["geometry"] for f in features.values()) and len(features) > 1:
        assert checked > 0


@pytest.mark.parametrize("name, players", CASES)
def test_geojson_regions_that_are_not_neighbours_share_no_line(name: str, players: int) -> None:
    """The converse: two regions of one board that share a stretch of boundary are
    neighbours in the graph, unless one is a chasm (kept, flagged, with no edges)."""
    features = _features(name, players)
    edges = _edge_set(_derived(name, players))
    ids = [rid for rid, f in features.items()
           if f["geometry"] is not None and not f["properties"]["flags"]["chasm"]]
    geometries = [shape(features[rid]["geometry"]) for rid in ids]
    if len(geometries) < 2:  # graph-only boards
        return
    tree = shapely.STRtree(geometries)
    left, right = tree.query(geometries, predicate="intersects")
    for i, j in zip(left.tolist(), right.tolist(), strict=True):
        a, b = ids[i], ids[j]
        if i >= j or features[a]["properties"]["board"] != features[b]["properties"]["board"]:
            continue
        if frozenset((a, b)) not in edges:
            shared = geometries[i].intersection(geometries[j])
            assert shared.length == 0, f"{a} and {b} share a border but are not adjacent"


# -------------------------------------------------------------------------------- GraphML


def _graphml(name: str, players: int) -> nx.Graph:
    graph = nx.read_graphml(io.StringIO(_export(name, "graphml", players)))
    assert isinstance(graph, nx.Graph) and not graph.is_directed()
    assert not graph.is_multigraph()
    return graph


@pytest.mark.parametrize("name, players", CASES)
def test_graphml_is_the_derived_graph(name: str, players: int) -> None:
    graph = _graphml(name, players)
    derived = _derived(name, players)
    assert graph.graph["players"] == players
    assert graph.number_of_nodes() == len(derived["regions"])
    assert set(graph.nodes) == {r["id"] for r in derived["regions"]}
    assert {frozenset(e) for e in graph.edges} == _edge_set(derived)
    assert graph.number_of_edges() == len(derived["adjacency"])
    for region in derived["regions"]:
        attrs = graph.nodes[region["id"]]
        assert attrs["terrain"] == region["terrain"]
        assert attrs["board"] == region["board"]
        assert attrs["kind"] == region["kind"]
        assert attrs["chasm"] is region["flags"]["chasm"]
        assert attrs["first_conquest"] is region["flags"]["first_conquest"]
        assert sorted(attrs["symbols"].split()) == region["symbols"]
    for edge in derived["adjacency"]:
        assert graph.edges[edge["a"], edge["b"]]["kinds"].split() == edge["kinds"]


@pytest.mark.parametrize("name, players", [
    ("rich", 3), (str(HIGHLAND.relative_to(REPO)), 2), (str(HIGHLAND.relative_to(REPO)), 4),
    ("scenarios/expansions/sky-islands.realm.json", 3)])
def test_graphml_includes_the_scenarios_links(name: str, players: int) -> None:
    """Links (custom, cloud bridges) are edges of the graph of play, so the GraphML has
    them, read from the scenario here rather than from the derived adjacency."""
    loaded, realm = _loaded(name), _realm(name, players)
    graph = _graphml(name, players)
    present = [link for link in loaded.scenario.links
               if link.presence.includes(players, loaded.scenario.player_counts[0])]
    assert present
    for link in present:
        a, b = realm.resolve(link.a), realm.resolve(link.b)
        assert a is not None and b is not None
        assert graph.has_edge(a, b), (link.a, link.b)
        assert link.kind in graph.edges[a, b]["kinds"].split()


def test_graphml_keeps_awkward_ids() -> None:
    graph = _graphml("odd", 2)
    assert set(graph.nodes) == set(ODD_IDS)
    assert graph.graph["name"] == ODD_TITLE


# ------------------------------------------------------------------------------------ DOT

_TOKEN = re.compile(r'\s+|"((?:[^"\\]|\\.)*)"|(--|->)|([\[\]{};,=])'
                    r'|([A-Za-z_][A-Za-z0-9_]*|-?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?))', re.S)
_ESCAPES = {'"': '"', "\\": "\\", "n": "\n"}


def _unquote(body: str) -> str:
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), "\\" + m.group(1)), body)


def _tokens(text: str) -> list[tuple[str, str]]:
    """(kind, value) pairs: "str" (a quoted string, unescaped), "id" (a bare DOT id),
    "op" or "punct"; anything else is an error, as Graphviz would reject it."""
    tokens = []
    pos = 0
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        assert match and match.end() > pos, f"DOT cannot read {text[pos:pos + 30]!r}"
        pos = match.end()
        quoted, op, punct, bare = match.groups()
        if quoted is not None:
            tokens.append(("str", _unquote(quoted)))
        elif op:
            tokens.append(("op", op))
        elif punct:
            tokens.append(("punct", punct))
        elif bare:
            tokens.append(("id", bare))
    return tokens


class Dot:
    """An undirected DOT graph: its name, node statements and edge statements."""

    def __init__(self, text: str) -> None:
        self.tokens = _tokens(text)
        self.pos = 0
        self.nodes: dict[str, dict[str, str]] = {}
        self.edges: list[tuple[str, str, dict[str, str]]] = []
        self.bare_ids: list[str] = []
        assert self._next() == ("id", "graph"), "not an undirected graph"
        kind, self.name = self._next()
        assert kind == "str"
        assert self._next() == ("punct", "{")
        while self.tokens[self.pos] != ("punct", "}"):
            self._statement()
        self.pos += 1
        assert self.pos == len(self.tokens), "text after the closing brace"

    def _next(self) -> tuple[str, str]:
        token = self.tokens[self.pos]
        self.pos += 1
        return token

    def _id(self) -> str:
        kind, value = self._next()
        assert kind in ("str", "id"), f"expected an id, got {value!r}"
        if kind == "id":
            self.bare_ids.append(value)
        return value

    def _attrs(self) -> dict[str, str]:
        attrs: dict[str, str] = {}
        if self.tokens[self.pos] != ("punct", "["):
            return attrs
        self.pos += 1
        while self.tokens[self.pos] != ("punct", "]"):
            key = self._id()
            assert self._next() == ("punct", "=")
            attrs[key] = self._id()
            if self.tokens[self.pos] in (("punct", ","), ("punct", ";")):
                self.pos += 1
        self.pos += 1
        return attrs

    def _statement(self) -> None:
        if self.tokens[self.pos] in (("id", "node"), ("id", "edge"), ("id", "graph")):
            self.pos += 1
            self._attrs()
        else:
            kind, first = self._next()
            assert kind == "str", f"node id {first!r} is not quoted"
            ends = [first]
            while self.tokens[self.pos][0] == "op":
                assert self._next() == ("op", "--"), "'->' in an undirected graph"
                kind, other = self._next()
                assert kind == "str", f"node id {other!r} is not quoted"
                ends.append(other)
            attrs = self._attrs()
            if len(ends) == 1:
                assert first not in self.nodes, f"node {first!r} declared twice"
                self.nodes[first] = attrs
            else:
                self.edges.extend((a, b, attrs) for a, b in pairwise(ends))
        assert self._next() == ("punct", ";")


def test_dot_reader_rejects_what_graphviz_would() -> None:
    with pytest.raises(AssertionError):
        Dot('graph "g" {\n  C.s1 [label="x"];\n}\n')  # a bare id cannot hold a dot
    with pytest.raises(AssertionError):
        Dot('graph "g" {\n  "a" -- "b\n}\n')  # unterminated string
    with pytest.raises(AssertionError):
        Dot('digraph "g" {\n  "a" -> "b";\n}\n')
    dot = Dot('graph "a \\"b\\" \\\\" {\n  node [shape=box];\n  "x.1" [label="x.1\\nhill"];\n'
              '  "x.1" -- "y:2" [label="seam", style=dashed];\n}\n')
    assert dot.name == 'a "b" \\'
    assert dot.nodes == {"x.1": {"label": "x.1\nhill"}}
    assert dot.edges == [("x.1", "y:2", {"label": "seam", "style": "dashed"})]


@pytest.mark.parametrize("name, players", CASES)
def test_dot_lists_every_derived_edge_once(name: str, players: int) -> None:
    dot = Dot(_export(name, "dot", players))
    derived = _derived(name, players)
    assert dot.name == _loaded(name).scenario.title
    assert list(dot.nodes) == [r["id"] for r in derived["regions"]]
    for region in derived["regions"]:
        assert dot.nodes[region["id"]]["label"] == f"{region['id']}\n{region['terrain']}"
        assert ("style" in dot.nodes[region["id"]]) is region["flags"]["chasm"]
    counts = Counter(frozenset((a, b)) for a, b, _ in dot.edges)
    expected = _edge_set(derived)
    assert set(counts) == expected
    assert all(n == 1 for n in counts.values()), [e for e, n in counts.items() if n > 1]
    kinds = {frozenset((e["a"], e["b"])): " ".join(e["kinds"]) for e in derived["adjacency"]}
    for a, b, attrs in dot.edges:
        assert attrs["label"] == kinds[frozenset((a, b))]
    assert all("." not in bare for bare in dot.bare_ids)


def test_dot_quotes_ids_with_dots_colons_and_digits_and_escapes_the_title() -> None:
    text = _export("odd", "dot", 2)
    dot = Dot(text)
    assert dot.name == ODD_TITLE
    assert set(dot.nodes) == set(ODD_IDS)
    for rid in ODD_IDS:
        assert f'\n  "{rid}" [' in text
    assert {frozenset((a, b)) for a, b, _ in dot.edges} == _edge_set(_derived("odd", 2))
