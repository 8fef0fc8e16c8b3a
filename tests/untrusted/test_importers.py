"""Importers check their input's shape before using it: every wrong value is one line
with the file, line:column and JSON path (or the module's line), never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from untrusted_support import no_traceback, run_cli

from editor.export.importers import ImportFailed, scenario_from_cestpasphoto, scenario_from_smawg
from editor.model.limits import MAX_GRAPH_REGIONS, MAX_IMPORT_DEPTH

GOOD_SMAWG = {"name": "m", "n_players": 2, "n_turns": 10, "map": {
    "tiles": [{"terrain": "Hill", "symbols": ["Mine"]}, {"terrain": "Sea",
                                                        "is_at_map_border": True}],
    "tile_borders": [[0, 1]]}}


def _smawg(**change: object) -> dict[str, object]:
    data = json.loads(json.dumps(GOOD_SMAWG))
    for dotted, value in change.items():
        target = data
        *parents, last = dotted.split("__")
        for key in parents:
            target = target[int(key)] if key.isdigit() else target[key]
        target[int(last) if last.isdigit() else last] = value
    return data


@pytest.mark.parametrize(("data", "says"), [
    (_smawg(map__tiles__0__terrain=["Hill"]), "$.map.tiles[0].terrain has no known terrain"),
    (_smawg(map__tiles__0__symbols=[["Mine"]]), "$.map.tiles[0].symbols[0] has an unknown"),
    (_smawg(map__tiles__0__symbols={"a": 1}), "$.map.tiles[0].symbols is an object"),
    (_smawg(map__tiles__1=["Sea"]), "$.map.tiles[1] is a list, not a region object"),
    (_smawg(map__tiles__1__is_at_map_border="yes"), "$.map.tiles[1].is_at_map_border"),
    (_smawg(map__tile_borders__0=[0, [1]]), "$.map.tile_borders[0] is not a pair"),
    (_smawg(name=["x"]), "$.name is a list, not a string"),
    (_smawg(n_players=[2]), "$.n_players is a list, not an integer"),
])
def test_smawg_wrong_types_name_the_spot(data: object, says: str) -> None:
    text = json.dumps(data, indent=2)
    with pytest.raises(ImportFailed) as caught:
        scenario_from_smawg(text, "m.json")
    line = str(caught.value)
    assert says in line and "\n" not in line
    assert line.startswith("m.json:") and line.split(":")[1].isdigit(), line


def test_smawg_list_terrain_through_the_cli(tmp_path: Path) -> None:
    source = tmp_path / "m.json"
    source.write_text(json.dumps(_smawg(map__tiles__0__terrain=["Hill"]), indent=2))
    result = run_cli("import", source, "--from", "smawg", "-o", tmp_path / "o.realm.json")
    no_traceback(result)
    assert result.returncode == 2
    assert result.stderr.startswith(f"{source}:8:20: $.map.tiles[0].terrain ")


def test_a_smawg_border_listed_twice_is_one_border_and_said(tmp_path: Path) -> None:
    """smawg keeps every pair it is given; a map listing a border again (either way round)
    was a hand edit, and the import merged it without a word."""
    source = tmp_path / "m.json"
    source.write_text(json.dumps(_smawg(map__tile_borders=[[0, 1], [1, 0], [0, 1]])))
    out = tmp_path / "o.realm.json"
    result = run_cli("import", source, "--from", "smawg", "-o", out)
    no_traceback(result)
    assert result.returncode == 0, result.stderr
    assert result.stderr == (f"realms import: note: {source}: map.tile_borders lists 2 "
                             "borders again (the same two regions, in either order): each "
                             "is one border here\n")
    scenario = json.loads(out.read_text(encoding="utf-8"))
    assert scenario["boards"][0]["graph"]["edges"] == [["r0", "r1"]]
    assert "Map.tile_borders lists 2 borders again" in scenario["notes"]
    source.write_text(json.dumps(GOOD_SMAWG))
    once = run_cli("import", source, "--from", "smawg", "-o", out, "--force")
    assert (once.returncode, once.stderr) == (0, "")
    assert "again" not in json.loads(out.read_text(encoding="utf-8"))["notes"]


def test_smawg_over_the_region_limit(tmp_path: Path) -> None:
    data = _smawg()
    data["map"]["tiles"] = [{"terrain": "Hill"}] * (MAX_GRAPH_REGIONS + 1)  # type: ignore[index]
    with pytest.raises(ImportFailed, match="20,001 regions, over the limit of 20,000"):
        scenario_from_smawg(json.dumps(data), "m.json")


MODULE = "descr = np.array([[1, 0, 0, 0, 0, 1], [5, 0, 0, 0, 0, 1]])\n" \
         "connexity_list = [[1], [0]]\n"


@pytest.mark.parametrize("text", [
    "x = " + "[" * 100_000 + "]" * 100_000 + "\n" + MODULE,
    "x = " + "(" * 5_000 + "1" + ")" * 5_000 + "\n" + MODULE,
    "x = " + "-" * 200_000 + "1\n" + MODULE,
    "x = " + "+".join(["1"] * 200_000) + "\n" + MODULE,
    "x = " + "not " * 100_000 + "1\n" + MODULE,
])
def test_deep_cestpasphoto_modules_are_refused(tmp_path: Path, text: str) -> None:
    path = tmp_path / "SmallworldMaps_2pl.py"
    path.write_text(text)
    result = run_cli("import", path, "--from", "cestpasphoto", "-o", tmp_path / "o.realm.json")
    no_traceback(result)
    assert result.stderr.startswith(str(path)) and len(result.stderr.splitlines()) == 1
    assert result.returncode in (0, 2)


def test_bracket_depth_is_checked_before_parsing() -> None:
    text = "x = " + "[" * (MAX_IMPORT_DEPTH + 1) + "]" * (MAX_IMPORT_DEPTH + 1) + "\n" + MODULE
    with pytest.raises(ImportFailed) as caught:
        scenario_from_cestpasphoto(text, "SmallworldMaps_2pl.py", None)
    assert str(caught.value).startswith(f"SmallworldMaps_2pl.py:1:{5 + MAX_IMPORT_DEPTH}: ")
    assert f"deeper than {MAX_IMPORT_DEPTH} levels" in str(caught.value)


def test_bad_descr_row_names_its_line() -> None:
    text = "descr = np.array([\n  [1, 0, 0, 0, 0, 1],\n  [9, 0, 0, 0, 0, 1],\n])\n" \
           "connexity_list = [[1], [0]]\n"
    with pytest.raises(ImportFailed) as caught:
        scenario_from_cestpasphoto(text, "SmallworldMaps_2pl.py", None)
    assert str(caught.value).startswith("SmallworldMaps_2pl.py:3:3: descr row 1")
