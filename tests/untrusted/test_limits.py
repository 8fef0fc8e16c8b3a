"""Input at the limits of editor/model/limits.py is processed in bounded time; input over
them is refused with a message naming the limit (no hang, no traceback)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from untrusted_support import REPO, no_traceback, run_cli

from editor.export.importers import ImportFailed, scenario_from_engine
from editor.lint.runner import lint_path
from editor.model.errors import LoadError
from editor.model.limits import MAX_GRAPH_EDGES, MAX_GRAPH_REGIONS, MAX_TILES
from editor.model.scenario_io import load_scenario, parse_scenario

TIME_BOUND_S = 120  # generous: a loaded 2-core machine; at the limit it takes a few seconds
TERRAINS = ("forest", "farmland", "hill", "swamp", "mountain")


def graph_scenario(regions: int, dense: bool = False) -> dict[str, Any]:
    """One graph board: a 100-wide grid of regions, or every pair joined (dense)."""
    ids = [f"r{i:05d}" for i in range(regions)]
    if dense:
        edges = [[ids[i], ids[j]] for i in range(regions) for j in range(i + 1, regions)]
    else:
        edges = [[ids[i], ids[i + 1]] for i in range(regions - 1) if (i + 1) % 100]
        edges += [[ids[i], ids[i + 100]] for i in range(regions - 100)]
    return {"format_version": 1, "title": "Big", "players": {"min": 2, "max": 2},
            "boards": [{"id": "surface", "kind": "surface", "graph": {
                "regions": [{"id": r, "terrain": TERRAINS[i % 5], "board_edge": i % 50 == 0}
                            for i, r in enumerate(ids)],
                "edges": edges}}]}


def _write(tmp_path: Path, name: str, data: dict[str, Any]) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


# The big scenarios are built when a test runs, not at collection (every xdist worker
# collects every module): (regions, dense).
@pytest.mark.parametrize(("name", "shape"), [
    ("grid", (MAX_GRAPH_REGIONS, False)),
    ("dense", (447, True)),  # 99,681 edges, just under the edge limit
])
def test_at_the_limit_derive_and_export_finish(tmp_path: Path, name: str,
                                               shape: tuple[int, bool]) -> None:
    path = _write(tmp_path, f"{name}.realm.json", graph_scenario(*shape))
    start = time.monotonic()
    result = run_cli("export", path, "--to", "smawg", "-o", tmp_path / "out.json",
                     timeout=TIME_BOUND_S)
    no_traceback(result)
    assert result.returncode == 0, result.stderr
    findings = lint_path(path)
    assert not [f for f in findings if f.code.startswith("S")], findings[:3]
    assert time.monotonic() - start < TIME_BOUND_S


@pytest.mark.parametrize(("shape", "says"), [
    ((MAX_GRAPH_REGIONS + 1, False),
     "the scenario has 20,001 regions, over the limit of 20,000 regions"),
    ((448, True),
     "the scenario has 100,128 edges, over the limit of 100,000 edges"),
])
def test_over_the_limit_is_refused_naming_it(tmp_path: Path, shape: tuple[int, bool],
                                             says: str) -> None:
    path = _write(tmp_path, "over.realm.json", graph_scenario(*shape))
    with pytest.raises(LoadError) as caught:
        load_scenario(path)
    assert caught.value.message == says
    assert "split it" in caught.value.hint
    assert [(f.code, f.message.split(";")[0]) for f in lint_path(path)] == [("S002", says)]
    result = run_cli("derive", path, timeout=TIME_BOUND_S)
    no_traceback(result)
    assert result.returncode == 2 and says in result.stderr


def test_tile_limit_counts_every_board() -> None:
    tile = {"tile": "A", "side": "surface", "q": 0, "r": 0}
    per_board = MAX_TILES // 4 + 1
    data = {"format_version": 1, "title": "Tiles", "players": {"min": 2, "max": 2},
            "boards": [{"id": f"b{i}", "kind": "surface", "tiles": [tile] * per_board}
                       for i in range(4)]}
    with pytest.raises(LoadError, match=f"{4 * per_board:,} tiles, over the limit of "
                                        f"{MAX_TILES:,} tiles"):
        parse_scenario(json.dumps(data), "tiles.realm.json")


def test_engine_file_over_the_limit_is_refused(tmp_path: Path) -> None:
    source = REPO / "scenarios" / "booklet" / "01-my-precious-world.realm.json"
    engine = tmp_path / "x.engine.json"
    assert run_cli("export", source, "--to", "engine", "--players", "2",
                   "-o", engine).returncode == 0
    doc = json.loads(engine.read_text(encoding="utf-8"))
    doc["adjacency"] = doc["adjacency"] * (MAX_GRAPH_EDGES // len(doc["adjacency"]) + 1)
    with pytest.raises(ImportFailed, match="adjacency entries, over the limit of "
                                           f"{MAX_GRAPH_EDGES:,} adjacency entries"):
        scenario_from_engine(json.dumps(doc), "x.engine.json")


def test_invalid_file_at_the_limit_is_reported_quickly(tmp_path: Path) -> None:
    """One bad value among 20,000 regions: the pure-Python validator used to need over
    a minute to word it; now it sees only the parts the fast validator found wrong."""
    data = graph_scenario(MAX_GRAPH_REGIONS)
    regions = data["boards"][0]["graph"]["regions"]
    regions[12_345]["terrain"] = "lava"
    regions[19_999]["symbols"] = ["gold"]
    path = _write(tmp_path, "bad.realm.json", data)
    start = time.monotonic()
    with pytest.raises(LoadError) as caught:
        load_scenario(path)
    assert caught.value.json_path == "$.boards[0].graph.regions[12345].terrain"
    found = {(f.json_path, f.code) for f in lint_path(path)}
    assert found == {("$.boards[0].graph.regions[12345].terrain", "S003"),
                     ("$.boards[0].graph.regions[19999].symbols[0]", "S003")}
    assert time.monotonic() - start < 30
