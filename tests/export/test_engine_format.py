"""The engine export: schema-valid, stable, and unchanged by a trip through import."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from export_support import SHIPPED, rich, rich_dict, run_cli, write_scenario

from editor.export import export_bytes
from editor.export.importers import scenario_from_engine
from editor.model import schemas
from editor.model.jsonio import canonical_json
from editor.model.scenario_io import load_scenario, parse_scenario


def _engine(loaded: object, players: int) -> dict[str, object]:
    return json.loads(export_bytes(loaded, "engine", players))  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_engine_export_validates_against_its_schema(players: int) -> None:
    document = _engine(rich(), players)
    errors = [e.message for e in schemas.iter_errors("engine", document)]
    assert errors == []
    assert document["players"] == players
    assert document["turns"] == {2: 10, 3: 10, 4: 9, 5: 7}[players]


def test_engine_export_resolves_the_board() -> None:
    document = _engine(rich(), 3)
    regions = {r["id"]: r for r in document["regions"]}
    assert list(regions) == sorted(regions)
    assert regions["L1.s1"]["terrain"] == "mountain"
    assert regions["L1.s1"]["base_terrain"] == "forest"
    assert [m["kind"] for m in regions["L1.s1"]["markers"]] == ["coin_mine", "mountain"]
    assert regions["L3.s1"]["flags"]["chasm"] and regions["L3.s1"]["flags"]["impassable"]
    assert not any("L3.s1" in (e["a"], e["b"]) for e in document["adjacency"])
    # the water rule names a member part (TW.s1); the body is the lake TN.s1
    assert regions["TN.s1"]["water_kind"] == "lake"
    assert document["rules"]["water"]["bodies"] == [{"kind": "lake", "region": "TN.s1"}]
    kinds = {(e["a"], e["b"]): e["kinds"] for e in document["adjacency"]}
    assert kinds[("L2.s1", "TS.s2")] == ["tunnel"]
    assert kinds[("L2.s1", "TN.s1")] == ["custom"]
    assert kinds[("TH.s1", "TH.s2")] == ["border", "coast"]
    assert kinds[("TH.s1", "TN.s1")] == ["border"]  # split by the river marker
    assert document["links"] == [{"a": "L2.s1", "b": "TN.s1", "kind": "custom",
                                  "label": "bridge"}]
    assert document["provenance"]["tool"] == "realms-studio"


def test_engine_export_is_stable_and_sorted() -> None:
    first = export_bytes(rich(), "engine", 4)
    assert export_bytes(rich(), "engine", 4) == first
    document = json.loads(first)
    assert first.decode() == canonical_json(document)
    pairs = [(e["a"], e["b"]) for e in document["adjacency"]]
    assert pairs == sorted(pairs) and all(a < b for a, b in pairs)


def test_engine_export_keeps_holes() -> None:
    document = _engine(rich(with_hole=True), 2)
    assert [(h["runs"], h["hex_count"]) for h in document["holes"]] == [([[4, 0, 0]], 1)]
    assert len(document["holes"][0]["regions"]) == 6
    assert document["format_version"] == 2


def test_an_engine_file_of_format_1_is_still_read() -> None:
    """Format 1 listed a hole's hexes one by one; its files import as before (the
    importer keeps no hole: a graph has no geometry)."""
    document = _engine(rich(with_hole=True), 2)
    hole = document["holes"][0]
    document["format_version"] = 1
    document["holes"] = [{"id": hole["id"], "board": hole["board"],
                          "regions": hole["regions"], "hexes": [[4, 0]]}]
    old = json.dumps(document)
    assert list(schemas.iter_errors("engine", document)) == []
    assert scenario_from_engine(old, "old.engine.json") == scenario_from_engine(
        json.dumps(_engine(rich(with_hole=True), 2)), "old.engine.json")
    del document["holes"][0]["hexes"]  # neither shape: refused
    assert list(schemas.iter_errors("engine", document)) != []


def _without_provenance(data: bytes) -> dict[str, object]:
    document = json.loads(data)
    document.pop("provenance")
    return document


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_engine_import_then_export_gives_the_same_board(players: int) -> None:
    first = export_bytes(rich(), "engine", players)
    scenario = canonical_json(scenario_from_engine(first.decode(), "board.engine.json"))
    again = export_bytes(parse_scenario(scenario, "imported.realm.json"), "engine", players)
    assert _without_provenance(again) == _without_provenance(first)


def test_engine_round_trip_is_byte_identical_through_the_cli(tmp_path: Path) -> None:
    source = write_scenario(tmp_path, rich_dict())
    first = tmp_path / "first.json"
    imported = tmp_path / "imported.realm.json"
    second = tmp_path / "second.json"
    assert run_cli("export", source, "--players", "3", "--to", "engine",
                   "-o", first).returncode == 0
    assert run_cli("import", first, "--from", "engine", "-o", imported).returncode == 0
    assert run_cli("export", imported, "--players", "3", "--to", "engine",
                   "-o", second).returncode == 0
    assert second.read_bytes() == first.read_bytes()


def test_an_engine_file_s_extra_provenance_keys_are_left_out_of_the_import(
        tmp_path: Path) -> None:
    """The engine schema lets a provenance carry more than a scenario's holds: an extra
    key made the import fail ("not a valid scenario: unknown key"), with no position."""
    document = json.loads(export_bytes(rich(), "engine", 3))
    document["provenance"]["extra"] = {"from": "a later version"}
    path = tmp_path / "extra.engine.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    imported = tmp_path / "imported.realm.json"
    done = run_cli("import", path, "--from", "engine", "-o", imported)
    assert done.returncode == 0, done.stderr
    kept = json.loads(imported.read_text(encoding="utf-8"))["provenance"]
    assert "extra" not in kept and "lint" not in kept
    assert kept["source"] == document["provenance"]["source"]


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_shipped_scenarios_survive_an_engine_round_trip(path: Path) -> None:
    loaded = load_scenario(path)
    for players in loaded.scenario.player_counts:
        first = export_bytes(loaded, "engine", players)
        assert list(schemas.iter_errors("engine", json.loads(first))) == []
        scenario = canonical_json(scenario_from_engine(first.decode(), "x.engine.json"))
        again = export_bytes(parse_scenario(scenario, "x.realm.json"), "engine", players)
        expected = _without_provenance(first)
        if expected["holes"]:  # graph-only boards have no geometry, hence no holes
            expected["holes"] = []
            for region in expected["regions"]:  # type: ignore[attr-defined]
                region["holes"] = []
        assert _without_provenance(again) == expected
