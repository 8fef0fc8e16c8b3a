"""Scenario builders and runners shared by the lint tests.

Scenarios use the hand-made test catalogue (tests/data/test-tiles.json: L1-L12
are one-region land hexes, TM a mountain with a mine, TW all water, ...), so
every expectation can be worked out by hand.
"""

from __future__ import annotations

import copy
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import cli_runner

from editor.lint import Finding, lint_path
from editor.lint.config import LintConfig, default_config

REPO = Path(__file__).resolve().parents[2]
TEST_DATA = REPO / "tests" / "data"
TEST_CATALOGUE = "test-tiles.json"  # copied next to each written scenario (see `write`):
# catalogue references must stay inside the scenario's collection

CENTRE = (0, 0)
RING1 = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
RING2 = [(2, 0), (2, -1), (2, -2), (1, -2), (0, -2), (-1, -1), (-2, 0), (-2, 1), (-2, 2),
         (-1, 2), (0, 2), (1, 1)]
SPIRAL = [CENTRE, *RING1, *RING2]


def tile(letter: str, q: int, r: int, rotation: int = 0, side: str = "surface",
         **extra: Any) -> dict[str, Any]:
    return {"tile": letter, "side": side, "q": q, "r": r, "rotation": rotation, **extra}


def scenario(tiles: list[dict[str, Any]], *, players: tuple[int, int] = (2, 2),
             markers: list[dict[str, Any]] | None = None, **sections: Any) -> dict[str, Any]:
    board: dict[str, Any] = {"id": "surface", "kind": "surface", "tiles": tiles}
    if markers:
        board["markers"] = markers
    data: dict[str, Any] = {
        "format_version": 1,
        "title": "Lint test realm",
        "players": {"min": players[0], "max": players[1]},
        "catalogues": [TEST_CATALOGUE],
        "boards": [board],
    }
    data.update(sections)
    return data


BASE_LETTERS = ["L1", "L2", "L3", "L4", "L5", "L6", "L7", "L8", "L9", "L10", "L11", "L12",
                "TS", "TM", "TH"]


def base() -> dict[str, Any]:
    """15 tiles in a spiral: 16 land regions (8 per player for 2 players) and one sea."""
    tiles = [tile(letter, q, r) for letter, (q, r) in zip(BASE_LETTERS, SPIRAL, strict=False)]
    tiles[-1]["rotation"] = 3  # TH's land half faces the spiral, its water the outside
    return scenario(tiles)


def graph_scenario(regions: list[dict[str, Any]], edges: list[list[str]], *,
                   players: tuple[int, int] = (2, 2), **sections: Any) -> dict[str, Any]:
    data = scenario([], players=players, **sections)
    data["boards"] = [{"id": "imported", "kind": "surface",
                       "graph": {"regions": regions, "edges": edges}}]
    return data


def chain(terrains: list[str], symbols: list[list[str]] | None = None,
          first: set[int] | None = None) -> tuple[list[dict[str, Any]], list[list[str]]]:
    """Graph-only regions r0 - r1 - ... in a row; ``first`` marks first conquests."""
    regions = []
    for i, terrain in enumerate(terrains):
        spec: dict[str, Any] = {"id": f"r{i}", "terrain": terrain,
                                "first_conquest": i in (first if first is not None else {0})}
        if symbols and symbols[i]:
            spec["symbols"] = symbols[i]
        regions.append(spec)
    edges = [[f"r{i}", f"r{i + 1}"] for i in range(len(terrains) - 1)]
    return regions, edges


def write(tmp: Path, data: dict[str, Any] | str, name: str = "case.realm.json") -> Path:
    path = tmp / name
    text = data if isinstance(data, str) else json.dumps(data, indent=2)
    path.write_text(text, encoding="utf-8")
    if TEST_CATALOGUE in text and not (path.parent / TEST_CATALOGUE).exists():
        shutil.copyfile(TEST_DATA / TEST_CATALOGUE, path.parent / TEST_CATALOGUE)
    return path


def config(select: str = "ALL") -> LintConfig:
    return default_config().with_selection(tuple(select.split(",")), ())


def lint_data(tmp: Path, data: dict[str, Any] | str, select: str = "ALL",
              name: str = "case.realm.json") -> list[Finding]:
    return lint_path(write(tmp, data, name), config(select))


def codes(findings: list[Finding]) -> set[str]:
    return {f.code for f in findings}


def mutated(data: dict[str, Any]) -> dict[str, Any]:
    return copy.deepcopy(data)


def run_cli(*args: str, cwd: Path | None = None,
            env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``realms lint ARGS`` in this process (tests/cli_runner.py)."""
    return cli_runner.run_cli("lint", *args, cwd=cwd or REPO, env=env, timeout=300)


def run_cli_process(*args: str, cwd: Path | None = None,
                    env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m editor lint ARGS`` in a fresh interpreter: when the process is the point."""
    return subprocess.run([sys.executable, "-m", "editor", "lint", *args], capture_output=True,
                          text=True, cwd=cwd or REPO, timeout=300, env=env)
