"""G002 names both positions of a tile placed twice, not just "boards surface and surface"."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from editor.cli.main import main

REPO = Path(__file__).resolve().parents[2]
HIGHLAND = REPO / "scenarios" / "highland-crossing.realm.json"


def g002_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str],
               data: dict[str, Any]) -> list[str]:
    path = tmp_path / "case.realm.json"
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    assert main(["lint", "--select", "G002", "--format", "text", str(path)]) == 1
    return [line for line in capsys.readouterr().out.splitlines() if " G002 " in line]


def test_both_hexes_of_a_doubled_tile_are_named(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(HIGHLAND.read_text(encoding="utf-8"))
    tiles = data["boards"][0]["tiles"]
    first = tiles[0]
    tiles.append({**first, "q": 9, "r": 0})
    (line,) = g002_lines(tmp_path, capsys, data)
    letter, q, r = first["tile"], first["q"], first["r"]
    assert (f"tile {letter} is placed twice: on board surface at q={q}, r={r} and on board "
            f"surface at q=9, r=0 (for 2-4 players); each physical tile exists once: remove "
            "one placement or give them disjoint player counts") in line


def test_player_counts_and_boards_are_named_when_they_differ(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(HIGHLAND.read_text(encoding="utf-8"))
    first = data["boards"][0]["tiles"][0]
    data["boards"].append({"id": "annex", "kind": "surface",
                           "tiles": [{**first, "q": 0, "r": 0, "players": [3, 4]}]})
    (line,) = g002_lines(tmp_path, capsys, data)
    assert (f"on board surface at q={first['q']}, r={first['r']} and on board annex at "
            "q=0, r=0 (players: [3, 4]) (for 3-4 players)") in line
