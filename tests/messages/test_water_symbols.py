"""A symbol on a water region of a custom catalogue is refused at load, never dropped.

Symbols are printed on land regions, and seas and lakes cannot be conquered, so a
symbol on water would silently vanish from the derived realm (``symbols: []``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from editor.cli.main import main
from editor.model.catalogue import DEFAULT_CATALOGUE_PATH, default_catalogue, load_catalogue
from editor.model.errors import LoadError

REPO = Path(__file__).resolve().parents[2]
HIGHLAND = REPO / "scenarios" / "highland-crossing.realm.json"
HINT = "water regions carry no symbols; remove 'mine' or make the region land"


def catalogue(symbols: list[str], terrain: str = "water") -> dict[str, Any]:
    return {"catalogue_version": 1, "id": "wet", "name": "Wet tiles", "tiles": {"QW": {
        "surface": [
            {"id": "s1", "terrain": "forest", "sectors": [0, 1, 2]},
            {"id": "s2", "terrain": terrain, "sectors": [3, 4, 5], "symbols": symbols},
        ]}}}


def write_catalogue(tmp_path: Path, data: dict[str, Any]) -> Path:
    path = tmp_path / "wet.json"
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return path


def test_a_mine_on_water_is_refused_with_file_path_and_fix(tmp_path: Path) -> None:
    path = write_catalogue(tmp_path, catalogue(["mine"]))
    with pytest.raises(LoadError) as raised:
        load_catalogue(path)
    error = raised.value
    assert error.path == str(path)
    assert error.json_path == "$.tiles.QW.surface[1].symbols"
    assert error.message == "water region s2 carries a symbol"
    assert error.hint == HINT
    assert error.position is not None
    line = path.read_text(encoding="utf-8").splitlines()[error.position.line - 1]
    assert '"symbols"' in line


def test_several_symbols_are_all_named(tmp_path: Path) -> None:
    with pytest.raises(LoadError) as raised:
        load_catalogue(write_catalogue(tmp_path, catalogue(["cavern", "lost_tribe"])))
    assert raised.value.message == "water region s2 carries symbols"
    assert raised.value.hint == ("water regions carry no symbols; remove 'cavern' and "
                                 "'lost_tribe' or make the region land")


def test_the_same_symbols_on_land_and_an_empty_list_on_water_load(tmp_path: Path) -> None:
    land = load_catalogue(write_catalogue(tmp_path, catalogue(["mine"], terrain="hill")))
    assert land.side("QW", "surface").region("s2").symbols == ("mine",)
    water = load_catalogue(write_catalogue(tmp_path, catalogue([])))
    assert water.side("QW", "surface").region("s2").is_water


@pytest.mark.parametrize("command", ["lint", "derive"])
def test_a_scenario_using_it_reports_it_once(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                             command: str) -> None:
    write_catalogue(tmp_path, catalogue(["mine"]))
    data = json.loads(HIGHLAND.read_text(encoding="utf-8"))
    data["catalogues"] = ["wet.json"]
    scenario = tmp_path / "case.realm.json"
    scenario.write_text(json.dumps(data, indent=2), encoding="utf-8")
    assert main([command, str(scenario)]) in (1, 2)
    captured = capsys.readouterr()
    output = captured.out + captured.err
    # A referenced catalogue's content is never quoted (it may not be the user's file):
    # the scenario's finding points at the exact spot in the catalogue, once.
    assert output.count("is not a valid catalogue (a problem at line") == 1, output
    assert "'mine'" not in output, output


def test_the_bundled_catalogue_has_no_symbol_on_water() -> None:
    data = json.loads(DEFAULT_CATALOGUE_PATH.read_text(encoding="utf-8"))
    wet = [(key, side, region["id"]) for key, tile in data["tiles"].items()
           for side in ("surface", "underground") for region in tile.get(side, [])
           if region["terrain"] == "water" and region.get("symbols")]
    assert wet == []
    assert default_catalogue().tiles
