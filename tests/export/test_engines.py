"""smawg and cestpasphoto exports: valid for their engines and faithful on the way back."""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from export_support import (
    EMPTY_SHIPPED,
    RIVER_ONLY_FORMAT1,
    SHIPPED,
    SMAWG_RIVER_ONLY,
    check_smawg,
    rich,
)

from editor.export import ExportError, export_bytes
from editor.export.importers import (
    ImportFailed,
    scenario_from_cestpasphoto,
    scenario_from_smawg,
)
from editor.model.jsonio import canonical_json
from editor.model.scenario_io import LoadedScenario, load_scenario, parse_scenario
from editor.topology import derive_realm


def _smawg(loaded: LoadedScenario, players: int) -> dict[str, Any]:
    return json.loads(export_bytes(loaded, "smawg", players))  # type: ignore[no-any-return]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_smawg_export_is_valid_and_maps_the_board(players: int) -> None:
    document = _smawg(rich(), players)
    check_smawg(document)
    realm = derive_realm(rich(), players)
    kept = [r for r in realm.regions.values() if not r.chasm]
    assert len(document["map"]["tiles"]) == len(kept) == len(realm.regions) - 1
    tiles = dict(zip([r.id for r in kept], document["map"]["tiles"], strict=True))
    assert tiles["L1.s1"]["terrain"] == "Mountain"  # the mountain marker
    assert tiles["TS.s1"]["symbols"][-1] == "Lost Tribe"  # the lost_tribe marker
    assert tiles["TN.s1"]["terrain"] == "Lake"
    assert document["n_turns"] == realm.scenario.turns(players)


def test_smawg_names_and_counts_come_from_the_base_rules() -> None:
    document = _smawg(rich(), 2)
    races = {r["name"]: (r["n_tokens"], r["max_n_tokens"]) for r in document["races"]}
    assert races["Amazons"] == (6, 15)  # "+4 ... donc 10 en tout"; 15 pieces in the box
    assert races["Skeletons"][1] == 20 and races["Sorcerers"][1] == 18
    assert sum(r[1] for r in races.values()) == 168  # "168 pions des Peuples"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_smawg_round_trip_keeps_terrain_symbols_flags_and_adjacency(players: int) -> None:
    first = _smawg(rich(), players)
    scenario = canonical_json(scenario_from_smawg(json.dumps(first), "board.smawg.json"))
    imported = parse_scenario(scenario, "imported.realm.json")
    again = _smawg(imported, players)
    assert again["map"] == first["map"]
    assert again["n_turns"] == first["n_turns"] and again["n_players"] == players


@pytest.mark.parametrize("bad, message", [
    ({"map": {"tiles": [{"terrain": "Lava"}], "tile_borders": []}, "n_players": 2},
     "no known terrain"),
    ({"map": {"tiles": [{"terrain": "Hill"}], "tile_borders": [[0, 0]]}, "n_players": 2},
     "to itself"),
    ({"map": {"tiles": [{"terrain": "Hill"}], "tile_borders": [[0, 3]]}, "n_players": 2},
     "not a pair of region indexes"),
    ({"map": {"tiles": [], "tile_borders": []}, "n_players": 9}, "not 2-6"),
    ([1, 2], "not a smawg assets file"),
])
def test_smawg_import_rejects_bad_input_in_one_line(bad: object, message: str) -> None:
    with pytest.raises(ImportFailed) as info:
        scenario_from_smawg(json.dumps(bad), "bad.json")
    assert message in str(info.value) and "\n" not in str(info.value)
    assert str(info.value).startswith("bad.json")


STUB_CONSTANTS = """
import numpy as np
FORESTT, FARMLAND, HILLT, SWAMPT, MOUNTAIN, WATER = 0, 1, 2, 3, 4, 5
"""


def _import_module(folder: Path, text: str, players: int, package: bool) -> Any:
    """Import the module the way the engine does (a package) or as older checkouts do."""
    root = folder / ("pkg" if package else "flat")
    home = root / "smallworld" if package else root
    home.mkdir(parents=True)
    if package:
        (home / "__init__.py").write_text("")
    (home / "SmallworldConstants.py").write_text(STUB_CONSTANTS)
    (home / f"SmallworldMaps_{players}pl.py").write_text(text)
    sys.path.insert(0, str(root))
    try:
        for name in [m for m in sys.modules if m.startswith(("smallworld", "Smallworld"))]:
            del sys.modules[name]
        prefix = "smallworld." if package else ""
        return importlib.import_module(f"{prefix}SmallworldMaps_{players}pl")
    finally:
        sys.path.remove(str(root))


def check_cestpasphoto(module: Any, realm_regions: int) -> None:
    import numpy as np

    assert module.NB_AREAS == realm_regions == len(module.descr) == len(module.connexity_list)
    assert module.descr.dtype == np.int8 and module.descr.shape == (module.NB_AREAS, 6)
    for i, neighbours in enumerate(module.connexity_list):
        assert i not in neighbours
        for j in neighbours:
            assert i in module.connexity_list[j]
    matrix = module.connexity_matrix
    assert (matrix == matrix.T).all()
    shown = [cell for row in module.map_display for cell in row]
    assert len(module.map_display) == module.DISPLAY_HEIGHT
    assert all(len(row) == module.DISPLAY_WIDTH for row in module.map_display)
    for area in range(module.NB_AREAS):
        codes = sorted(code for a, code in shown if a == area and code > 0)
        assert codes == [1, 2, 3, 4]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("package", [True, False])
def test_cestpasphoto_module_imports_and_lists_every_area(tmp_path: Path, players: int,
                                                          package: bool) -> None:
    text = export_bytes(rich(), "cestpasphoto", players).decode()
    module = _import_module(tmp_path, text, players, package)
    realm = derive_realm(rich(), players)
    check_cestpasphoto(module, len([r for r in realm.regions.values() if not r.chasm]))
    assert realm.scenario.turns(players) == module.NB_ROUNDS
    water = [i for i, row in enumerate(module.descr) if row[0] == 5]
    assert len(water) == sum(1 for r in realm.regions.values() if r.kind == "water")


def test_cestpasphoto_refuses_five_players() -> None:
    with pytest.raises(ExportError, match="2-4 players, not 5"):
        export_bytes(rich(), "cestpasphoto", 5)


def test_cestpasphoto_import_reads_literals_without_running_code(tmp_path: Path) -> None:
    text = export_bytes(rich(), "cestpasphoto", 3).decode()
    canary = tmp_path / "ran"
    hostile = text + f"\nopen({str(canary)!r}, 'w').write('x')\n"
    scenario = canonical_json(scenario_from_cestpasphoto(hostile, "SmallworldMaps_3pl.py", None))
    assert not canary.exists()
    imported = parse_scenario(scenario, "imported.realm.json")
    again = export_bytes(imported, "cestpasphoto", 3).decode()
    module_a = _import_module(tmp_path / "a", text, 3, True)
    module_b = _import_module(tmp_path / "b", again, 3, True)
    assert (module_a.descr == module_b.descr).all()
    assert module_a.connexity_list == module_b.connexity_list
    assert (module_a.NB_ROUNDS, module_a.NB_AREAS) == (module_b.NB_ROUNDS, module_b.NB_AREAS)


@pytest.mark.parametrize("text, message", [
    ("descr = [", "not valid Python"),
    ("NB_AREAS = 1\nconnexity_list = [[]]\n", "no descr"),
    ("descr = np.array([[WATER, f(), 0, 0, 0, 1]])\nconnexity_list = [[]]\n",
     "not a plain literal"),
    ("descr = np.array([[9, 0, 0, 0, 0, 1]])\nconnexity_list = [[]]\n", "descr row 0"),
    ("descr = np.array([[1, 0, 0, 0, 0, 1]])\nconnexity_list = [[5]]\n", "connexity_list[0]"),
])
def test_cestpasphoto_import_rejects_bad_modules(text: str, message: str) -> None:
    with pytest.raises(ImportFailed, match=message.replace("[", r"\[")):
        scenario_from_cestpasphoto(text, "SmallworldMaps_2pl.py", None)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_shipped_scenarios_export_to_smawg_and_cestpasphoto(tmp_path: Path,
                                                            path: Path) -> None:
    loaded = load_scenario(path)
    for players in loaded.scenario.player_counts:
        if path.name in SMAWG_RIVER_ONLY:
            with pytest.raises(ExportError, match="smawg has no rivers"):
                _smawg(loaded, players)
        else:
            check_smawg(_smawg(loaded, players))
        if players > 4:
            continue
        areas = len([r for r in derive_realm(loaded, players).regions.values() if not r.chasm])
        if areas == 0:  # blank templates
            with pytest.raises(ExportError, match="no regions"):
                export_bytes(loaded, "cestpasphoto", players)
            continue
        text = export_bytes(loaded, "cestpasphoto", players).decode()
        check_cestpasphoto(_import_module(tmp_path / str(players), text, players, True), areas)


@pytest.mark.parametrize("path", EMPTY_SHIPPED, ids=lambda p: p.name)
def test_a_board_with_no_tiles_is_never_exported(path: Path) -> None:
    """An engine cannot play an empty map: every format refuses it and says why (issue 16's
    defect: scenario 9 used to export a 0-tile smawg map with exit 0)."""
    from editor.export import FORMATS

    loaded = load_scenario(path)
    dynamic = path.name.startswith("09-")
    for fmt in FORMATS:
        with pytest.raises(ExportError) as raised:
            export_bytes(loaded, fmt, 2)
        expected = "built during play" if dynamic else "no regions for 2 players"
        assert expected in str(raised.value), (fmt, str(raised.value))


def test_the_cli_refuses_an_empty_board_with_exit_2(tmp_path: Path) -> None:
    from editor.cli.main import main

    gods = next(p for p in EMPTY_SHIPPED if p.name.startswith("09-"))
    out = tmp_path / "gods.smawg.json"
    assert main(["export", str(gods), "--players", "2", "--to", "smawg", "-o", str(out)]) == 2
    assert not out.exists()


def test_land_only_a_river_joins_is_refused_by_the_smawg_export() -> None:
    """smawg turns rivers into lakes: a board whose land a river alone joins is refused
    (booklet 7 as laid on the invented tiles, a format 1 file)."""
    path, cut_off = RIVER_ONLY_FORMAT1
    loaded = load_scenario(path)
    with pytest.raises(ExportError, match="smawg has no rivers") as refused:
        _smawg(loaded, 2)
    assert f"{', '.join(cut_off)}: land no race can reach" in str(refused.value)
