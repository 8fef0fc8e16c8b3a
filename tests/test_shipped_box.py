"""The realm on screen is the realm on the table: every shipped scenario is laid on the
box's tiles, and the booklet's own counts come out.

Checked through the engine export, the file a game engine gets: each land region of each
placed tile has the terrain (``base_terrain``, as printed) and printed symbols of the box for
its letter and side; scenarios 1, 2, 3 and 6 have exactly 9 land regions per player at every
count, as the booklet says ("an average of 9 regions per player") and the box's faces give.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from editor.export import export_bytes
from editor.model.catalogue import default_catalogue
from editor.model.scenario_io import load_scenario

REPO = Path(__file__).resolve().parent.parent
SHIPPED = sorted(p for p in (REPO / "scenarios").glob("**/*.realm.json")
                 if "templates" not in p.parts)
TILED = [p for p in SHIPPED if any(b.tiles for b in load_scenario(p).scenario.boards)]
NINE_PER_PLAYER = ["01-my-precious-world", "02-life-is-a-long-river", "03-go-east", "06-adrift"]
PRINTED = ("cavern", "mine", "magic")
# The one count where the box's faces and the booklet's letters do not give 9 per player:
# scenario 3's 6-player tiles L Q R Y hold 3 + 2 + 2 + 1 = 8 land regions on the box, so
# 6 players have 53, not 54 (the reference notes say 54; the letters and the table cannot
# both be read otherwise). Kept as found, not hidden: docs/tiles.md says so.
KNOWN_SHORT = {("03-go-east", 6): 53}


def _engine(path: Path, players: int) -> dict:  # type: ignore[type-arg]
    return json.loads(export_bytes(load_scenario(path), "engine", players))  # type: ignore[no-any-return]


def test_every_shipped_scenario_is_made_for_the_box() -> None:
    """Format 2 reads the box; no private variant of a lettered tile comes along."""
    box = default_catalogue()
    assert len(SHIPPED) >= 16
    for path in SHIPPED:
        loaded = load_scenario(path)
        assert loaded.scenario.format_version == 2, path.name
        assert not loaded.scenario.sections.get("catalogues"), path.name
        for board in loaded.scenario.boards:
            for placement in board.tiles:
                assert loaded.catalogue.tiles[placement.tile] == box.tiles[placement.tile]


@pytest.mark.parametrize("path", TILED, ids=[p.name for p in TILED])
def test_each_placed_tile_shows_the_box_faces_in_the_engine_export(path: Path) -> None:
    loaded = load_scenario(path)
    box = default_catalogue()
    sides = {p.tile: p.side for b in loaded.scenario.boards for p in b.tiles}
    for players in loaded.scenario.player_counts:
        document = _engine(path, players)
        seen = 0
        for region in document["regions"]:
            if region["kind"] != "land" or "." not in region["id"]:
                continue  # graph-only boards (sky islands drawn as graphs) have no tiles
            tile, local = region["id"].split(".")
            printed = box.side(tile, sides[tile]).region(local)
            assert region["base_terrain"] == printed.terrain, (players, region["id"])
            assert sorted(s for s in region["symbols"] if s in PRINTED) == \
                sorted(s for s in printed.symbols if s in PRINTED), (players, region["id"])
            seen += 1
        assert seen, (path.name, players)


@pytest.mark.parametrize("stem", NINE_PER_PLAYER)
def test_booklet_sets_give_9_land_regions_per_player_at_every_count(stem: str) -> None:
    path = REPO / "scenarios" / "booklet" / f"{stem}.realm.json"
    loaded = load_scenario(path)
    for players in loaded.scenario.player_counts:
        land = [r for r in _engine(path, players)["regions"] if r["kind"] == "land"]
        assert len(land) == KNOWN_SHORT.get((stem, players), 9 * players), (players, len(land))
