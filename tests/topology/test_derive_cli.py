"""`realms derive` through the real command line."""

from __future__ import annotations

import io
import json
import subprocess
from pathlib import Path

import networkx as nx
from cli_runner import run_cli

DATA = Path(__file__).resolve().parents[1] / "data"
RING = DATA / "ring.realm.json"


def realms(*args: str) -> subprocess.CompletedProcess[str]:
    """``realms ARGS`` in this process (tests/cli_runner.py)."""
    return run_cli(*args, timeout=120)


def test_json_is_sorted_stable_and_complete() -> None:
    first = realms("derive", str(RING))
    assert first.returncode == 0, first.stderr
    assert first.stdout == realms("derive", str(RING)).stdout
    document = json.loads(first.stdout)
    assert first.stdout == json.dumps(document, indent=2, sort_keys=True,
                                      ensure_ascii=False) + "\n"
    two, three = document["boards"]
    assert (two["players"], three["players"]) == (2, 3)
    assert [h["regions"] for h in two["holes"]] == [[f"L{i}.s1" for i in range(1, 7)]]
    tunnel = [e for e in two["adjacency"] if "tunnel" in e["kinds"]]
    assert [(e["a"], e["b"]) for e in tunnel] == [("L1.s1", "TL.u1")]
    # at 3 players a river marker keeps TH's water and TW apart
    ids = {r["id"] for r in three["regions"]}
    assert {"TH.s1", "TW.s1"} <= ids
    # every boundary segment is classified, in a stable order
    borders = three["borders"]
    keys = [(b["board"], b["a"], b["b"] or "", b["from"], b["to"]) for b in borders]
    assert keys == sorted(keys)
    kinds = {k for b in borders for k in b["kinds"]}
    assert {"board_edge", "hole", "seam", "river_marker"} <= kinds
    hole_sides = {b["a"] for b in borders if "hole" in b["kinds"]}
    assert hole_sides == {f"L{i}.s1" for i in range(1, 7)}
    assert all(b["b"] is None for b in borders if "board_edge" in b["kinds"])


def test_graphml_and_dot() -> None:
    graphml = realms("derive", str(RING), "--players", "2", "--format", "graphml")
    assert graphml.returncode == 0, graphml.stderr
    graph = nx.read_graphml(io.BytesIO(graphml.stdout.encode()))
    assert graph.number_of_nodes() == 7 and graph.has_edge("L1.s1", "TL.u1")
    dot = realms("derive", str(RING), "--players", "2", "--format", "dot")
    assert dot.stdout.startswith('graph "Ring around a crop space" {')
    assert '"L1.s1" -- "TL.u1" [label="tunnel", style=dashed];' in dot.stdout


def test_errors_are_one_line_and_exit_2(tmp_path: Path) -> None:
    result = realms("derive", str(RING), "--players", "5")
    assert result.returncode == 2 and "outside this scenario's 2-3 players" in result.stderr
    broken = tmp_path / "broken.realm.json"
    broken.write_text('{"format_version": 1, "title": ', encoding="utf-8")
    result = realms("derive", str(broken))
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert f"{broken}:1:" in result.stderr
