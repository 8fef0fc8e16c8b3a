"""smawg's ``is_at_map_border`` is the region's first-conquest flag under the scenario's
entry rules, exactly the engine export's ``first_conquest`` (and cestpasphoto's
``at_edge``): smawg reads it only for a race's first conquest, so any other flag would
let races in where the scenario does not."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from export_support import REPO, shipped_board, shipped_counts

from editor.export.engine import region_entry
from editor.export.importers import scenario_from_smawg
from editor.export.playable import playable_board
from editor.export.smawg import smawg_document
from editor.generate.confirm import loaded_from
from editor.topology import derive_realm

GO_EAST = REPO / "scenarios" / "booklet" / "03-go-east.realm.json"
CASES = shipped_counts()


def _flags(path: Path, players: int) -> tuple[set[str], set[str], dict[str, object]]:
    """(the regions smawg flags, the engine export's first conquests, the smawg file)."""
    loaded = shipped_board(path, players)
    realm = derive_realm(loaded, players)
    document = smawg_document(realm)
    ids = [r.id for r in playable_board(realm).regions]
    smawg = {ids[i] for i, t in enumerate(document["map"]["tiles"]) if t["is_at_map_border"]}
    engine = {r.id for r in realm.regions.values()  # land: a river entry is the plugin's
              if region_entry(realm, r)["flags"]["first_conquest"] and r.is_land}
    return smawg, engine, document


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_go_east_enters_smawg_where_the_engine_export_says(players: int) -> None:
    smawg, engine, _ = _flags(GO_EAST, players)
    assert engine, "Go East has entry regions"
    assert smawg == engine
    # the physical edge is much longer: the old flag let races in on every side
    realm = derive_realm(shipped_board(GO_EAST, players), players)
    assert len({r.id for r in realm.regions.values() if r.board_edge}) > len(engine)


@pytest.mark.parametrize("path, players", CASES,
                         ids=[f"{p.stem.removesuffix('.realm')}-{n}p" for p, n in CASES])
def test_every_shipped_scenario_enters_smawg_where_the_engine_export_says(
        path: Path, players: int) -> None:
    smawg, engine, _ = _flags(path, players)
    assert smawg == engine


def test_import_maps_the_flag_back_to_the_first_conquests() -> None:
    """export -> import -> derive: the same regions may be entered (by tile index)."""
    for players in (3, 4):
        smawg, _, document = _flags(GO_EAST, players)
        tiles = document["map"]["tiles"]  # type: ignore[index]
        flagged = {i for i, t in enumerate(tiles) if t["is_at_map_border"]}
        back = loaded_from(scenario_from_smawg(json.dumps(document), "go-east.smawg.json"))
        realm = derive_realm(back, players)
        entries = {i for i, r in enumerate(realm.regions.values()) if r.first_conquest}
        assert entries == flagged and len(flagged) == len(smawg)


RIVER = REPO / "scenarios" / "booklet" / "02-life-is-a-long-river.realm.json"


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_arrowed_river_ends_are_entries_in_every_export_that_has_river_rules(
        players: int) -> None:
    """Scenario 2: "your new Races MUST enter the board through one of the 6 regions marked
    with an arrow on the map (the 2 River ends, and 4 Regions immediately bordering them)".
    The river ends were dropped: only land could be a first conquest."""
    from editor.export.smawg_plugin import plugin_data

    realm = derive_realm(shipped_board(RIVER, players), players)
    arrowed = {r.id for r in realm.regions.values() if "entry_arrow" in r.marker_kinds()}
    rivers = {r.id for r in realm.regions.values()
              if r.id in arrowed and r.water_kind == "river"}
    assert len(arrowed) == 6 and len(rivers) == 2
    engine = {r.id for r in realm.regions.values()
              if region_entry(realm, r)["flags"]["first_conquest"]}
    assert engine == arrowed
    board = playable_board(realm)
    plugin = plugin_data(realm, smawg_document(realm), board)
    assert {board.regions[i].id for i in plugin["entry"]} == arrowed
