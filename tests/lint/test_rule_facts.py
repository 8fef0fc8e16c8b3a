"""What the rules share per player count, found in one pass (``RegionFacts``), and the
connected pieces the G003/G004/B006 rules walk: each checked against its plain definition
on every shipped scenario and generated fixture, for every player count."""

from __future__ import annotations

import dataclasses
import inspect
import random
from collections import Counter
from dataclasses import replace
from pathlib import Path

import networkx as nx
import pytest

from editor.lint.config import default_config
from editor.lint.context import CountContext, DocContext, Locator
from editor.lint.findings import Hit
from editor.lint.registry import enabled_codes
from editor.lint.rules_geometry import connected_pieces, grown_pieces
from editor.lint.rules_schema import check_file
from editor.model.jsonpos import PathKey
from editor.model.scenario import Scenario
from editor.topology import Region

REPO = Path(__file__).resolve().parents[2]
FILES = sorted([*REPO.glob("scenarios/*/*.realm.json"),
                *(REPO / "tests" / "perf" / "fixtures").glob("*.realm.json")])


def _contexts(path: Path, count_water: bool = False) -> list[CountContext]:
    hits, loaded = check_file(path)
    assert loaded is not None, hits
    config = default_config()
    config = replace(config, balance=replace(config.balance, count_water=count_water))
    doc = DocContext(loaded, config, enabled_codes(config.select, config.ignore))
    return [CountContext(doc, players) for players in loaded.scenario.player_counts]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
@pytest.mark.parametrize("count_water", [False, True])
def test_region_facts_are_the_plain_definitions(path: Path, count_water: bool) -> None:
    for ctx in _contexts(path, count_water):
        facts = ctx.facts
        regions = ctx.realm.regions
        apart = {b.id for b in ctx.scenario.boards if b.kind == "necromancer_island"}

        def tribe(r: Region) -> bool:
            return "lost_tribe" in r.symbols or any(m.kind == "lost_tribe" for m in r.markers)

        land = [r for r in regions.values() if r.kind == "land"]
        counted = [r for r in regions.values()
                   if not r.chasm and (count_water or r.kind == "land")]
        walkable = [rid for rid, r in regions.items()
                    if not (r.chasm or r.impassable or r.board in apart)
                    and (r.kind == "land" or r.water_kind == "river")]
        assert facts.land == land
        assert facts.counted == counted
        assert facts.total == len(counted)
        assert facts.has_land == bool(land)
        assert facts.walkable == walkable
        assert facts.marked == [(rid, r, r.marker_kinds())
                                for rid, r in regions.items() if r.markers]
        assert facts.marker_kinds == {m.kind for r in regions.values() for m in r.markers}
        assert facts.starts == {rid for rid, r in regions.items() if r.first_conquest}
        assert facts.land_start == any(r.first_conquest for r in land)
        assert facts.misplaced == [(rid, r) for rid, r in regions.items() if tribe(r)
                                   and (r.kind != "land" or r.terrain == "mountain")]
        assert facts.empty == [
            rid for rid in walkable if regions[rid].kind == "land"
            and regions[rid].terrain != "mountain" and not tribe(regions[rid])
            and not any(m.kind == "monster_stack" for m in regions[rid].markers)]
        assert facts.terrains == Counter(r.terrain for r in counted if r.kind == "land")
        assert facts.symbols == Counter(s for r in counted for s in set(r.symbols))


def _pieces_by_networkx(ctx: CountContext, nodes: list[str]) -> list[list[str]]:
    graph = ctx.realm.graph.subgraph(nodes)
    return sorted((sorted(piece) for piece in nx.connected_components(graph)),
                  key=lambda piece: (-len(piece), piece))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_connected_pieces_are_networkx_components(path: Path) -> None:
    rng = random.Random(path.name)
    for ctx in _contexts(path):
        every = list(ctx.realm.regions)
        for nodes in (ctx.facts.walkable, ctx.facts.empty, every, [],
                      rng.sample(every, len(every) // 2), rng.sample(every, len(every) // 4)):
            assert connected_pieces(ctx, nodes) == _pieces_by_networkx(ctx, nodes)
            for longer_than in (1, 2, 4):  # (B006 asks for the pieces above its limit)
                assert sorted(sorted(piece) for piece in grown_pieces(
                    ctx.adjacency, nodes, longer_than)) == sorted(
                    piece for piece in _pieces_by_networkx(ctx, nodes)
                    if len(piece) > longer_than)


def _region_by_walking(scenario: Scenario, locate: Locator, region_id: str) -> PathKey:
    """Where a region is written, the plain way: the boards in order, each board's graph
    entries before its tiles."""
    tile = region_id.rpartition(".")[0] or region_id
    for b_index, board in enumerate(scenario.boards):
        if board.graph is not None:
            for r_index, spec in enumerate(board.graph.get("regions", [])):
                if spec.get("id") == region_id:
                    return ("boards", b_index, "graph", "regions", r_index)
        for placement in board.tiles:
            if placement.tile == tile:
                return locate.of(placement)
    return ()


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_locator_region_is_the_first_place_written(path: Path) -> None:
    ctx = _contexts(path)[0]
    scenario, locate = ctx.scenario, ctx.locate
    asked = {rid for c in _contexts(path) for rid in c.realm.regions}
    asked |= {f"{p.tile}.r99" for b in scenario.boards for p in b.tiles} | {"nowhere.r1", "X"}
    for region_id in sorted(asked):
        assert locate.region(scenario, region_id) == \
            _region_by_walking(scenario, locate, region_id), region_id


def test_hits_are_built_as_the_dataclass_builds_them() -> None:
    """Hit's own __init__ keeps the dataclass's fields, defaults, order and freezing."""
    fields = [f.name for f in dataclasses.fields(Hit)]
    assert list(inspect.signature(Hit).parameters) == fields
    plain = Hit("G003", "what", "fix")
    assert plain.__dict__ == {f.name: f.default for f in dataclasses.fields(Hit)
                              if f.default is not dataclasses.MISSING} | {
        "code": "G003", "what": "what", "fix": "fix"}
    full = Hit("B005", "w", "f", ("boards", 0), True, ("A.r1",), ("A",), None, 3)
    assert full == Hit(code="B005", what="w", fix="f", json_path=("boards", 0), key=True,
                       regions=("A.r1",), tiles=("A",), position=None, players=3)
    assert hash(full) == hash(dataclasses.replace(full))
    assert list(full.__dict__) == fields
    with pytest.raises(dataclasses.FrozenInstanceError):
        full.code = "X"  # type: ignore[misc]
