"""Exporters refuse boards no engine can play, and every shipped scenario's engine exports
pass the minimal built-in legality check (editor.export.legality)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from generate_support import GODS, REPO, run_cli
from scenario_factory import scenario_dict, tile

from editor.export import ExportError, export_bytes
from editor.export.legality import engine_file_problems, smawg_file_problems
from editor.generate.confirm import loaded_from
from editor.generate.realise import realise
from editor.model.scenario_io import load_scenario
from editor.topology import derive_realm
from tests.export.export_support import SMAWG_RIVER_ONLY

ALL_SHIPPED = sorted((REPO / "scenarios").glob("**/*.realm.json"))
# Not exportable, on purpose: the blank templates have no tiles yet, and booklet scenario 9
# is built during play (it is exported through --seed, below).
NOT_EXPORTABLE = {p for p in ALL_SHIPPED if p.parent.name == "templates"} | {GODS}
EXPORTABLE = [p for p in ALL_SHIPPED if p not in NOT_EXPORTABLE]


def test_the_not_exportable_list_is_exactly_the_empty_ones() -> None:
    for path in ALL_SHIPPED:
        loaded = load_scenario(path)
        empty = all(not derive_realm(loaded, n).regions for n in loaded.scenario.player_counts)
        assert empty == (path in NOT_EXPORTABLE), path.name


def _check_exports(loaded: Any, players: int, name: str = "") -> None:
    engine = json.loads(export_bytes(loaded, "engine", players))
    assert engine_file_problems(engine) == []
    expected = SMAWG_RIVER_ONLY.get(name)
    if expected is None:
        assert smawg_file_problems(json.loads(export_bytes(loaded, "smawg", players))) == []
        return
    with pytest.raises(ExportError, match="smawg has no rivers") as refused:
        export_bytes(loaded, "smawg", players)
    assert f"{', '.join(expected)}: land no race can reach" in str(refused.value)


@pytest.mark.parametrize("path", EXPORTABLE, ids=lambda p: p.name.split(".")[0])
def test_every_shipped_scenario_exports_a_legal_board(path: Path) -> None:
    loaded = load_scenario(path)
    for players in loaded.scenario.player_counts:
        _check_exports(loaded, players, path.name)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_scenario_9_realised_exports_a_legal_board(players: int) -> None:
    _check_exports(loaded_from(realise(load_scenario(GODS), players, 1).data), players)


def _write(tmp_path: Path, data: dict[str, Any]) -> Path:
    data = {k: v for k, v in data.items() if k != "catalogues"}  # the bundled A-Z tiles
    path = tmp_path / "board.realm.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize("fmt", ["engine", "smawg", "cestpasphoto"])
def test_land_in_two_pieces_is_refused(tmp_path: Path, fmt: str) -> None:
    path = _write(tmp_path, scenario_dict([tile("C", 0, 0), tile("K", 3, 0)], players=(2, 2)))
    done = run_cli("export", path, "--to", fmt, "-o", tmp_path / "out")
    assert done.returncode == 2
    assert "falls apart into 2 pieces" in done.stderr and "tunnel" in done.stderr
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "out").exists()


def test_too_little_land_for_the_players_is_refused(tmp_path: Path) -> None:
    path = _write(tmp_path, scenario_dict([tile("T", 0, 0)], players=(2, 2)))
    done = run_cli("export", path, "--to", "smawg", "-o", tmp_path / "out")
    assert done.returncode == 2
    assert "not every player can deploy" in done.stderr


def test_a_board_no_race_can_enter_is_refused(tmp_path: Path) -> None:
    graph = {"regions": [{"id": "a", "terrain": "hill"}, {"id": "b", "terrain": "forest"},
                         {"id": "c", "terrain": "swamp"}],
             "edges": [["a", "b"], ["b", "c"]]}
    data = scenario_dict([], boards=[{"id": "g", "kind": "surface", "graph": graph}],
                         players=(2, 2))
    done = run_cli("export", _write(tmp_path, data), "--to", "engine", "-o", tmp_path / "out")
    assert done.returncode == 2
    assert "no race can enter" in done.stderr


def test_views_still_draw_an_unplayable_board(tmp_path: Path) -> None:
    """A graph or a GeoJSON of a board in two pieces is how a designer sees the problem."""
    path = _write(tmp_path, scenario_dict([tile("C", 0, 0), tile("K", 3, 0)], players=(2, 2)))
    done = run_cli("export", path, "--to", "dot", "-o", tmp_path / "board.dot")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "board.dot").exists()


def test_the_file_checks_find_what_an_engine_would_trip_on() -> None:
    smawg = {"n_players": 2, "map": {
        "tiles": [{"terrain": "Hill", "is_at_map_border": True},
                  {"terrain": "Lake", "is_at_map_border": False},
                  {"terrain": "Forest", "is_at_map_border": False},
                  {"terrain": "Swamp", "is_at_map_border": False}],
        "tile_borders": [[0, 1], [1, 2], [2, 3]]}}
    problems = smawg_file_problems(smawg)
    assert len(problems) == 1 and "2, 3: land no race can reach" in problems[0]
    smawg["map"]["tiles"][2]["is_at_map_border"] = True  # type: ignore[index]
    assert smawg_file_problems(smawg) == []
