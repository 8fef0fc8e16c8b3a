"""The balance defaults must pass the official Small World boards.

The official boards are rebuilt as graph-only boards with exactly the tallies
the issue quotes (land regions, terrains, symbols per player count, plus the
three water regions and the lost tribes every official board has).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from lint_support import graph_scenario, lint_data

TERRAINS = ("farmland", "forest", "hill", "swamp", "mountain")
SYMBOLS = ("cavern", "mine", "magic")
# players: (terrain counts in TERRAINS order, regions per symbol, lost tribes)
OFFICIAL = {
    2: ((4, 4, 4, 4, 4), 4, 9),
    3: ((5, 5, 5, 5, 7), 5, 10),
    4: ((7, 7, 7, 7, 8), 7, 14),
    5: ((9, 9, 9, 9, 9), 9, 18),
}
WIDTH = 6


def official_board(players: int) -> dict[str, Any]:
    terrain_counts, per_symbol, tribes = OFFICIAL[players]
    pool = [list(t for _ in range(n)) for t, n in zip(TERRAINS, terrain_counts, strict=True)]
    land: list[str] = []
    while any(pool):  # interleave the terrains, as on a real board
        for bucket in pool:
            if bucket:
                land.append(bucket.pop())
    rows = (len(land) + WIDTH - 1) // WIDTH
    regions: list[dict[str, Any]] = []
    for i, terrain in enumerate(land):
        row = i // WIDTH
        edge = row in (0, rows - 1)
        regions.append({"id": f"r{i}", "terrain": terrain, "symbols": [],
                        "board_edge": edge, "first_conquest": edge})
    for s_index, symbol in enumerate(SYMBOLS):
        for k in range(per_symbol):
            regions[(s_index * 7 + k * 3) % len(land)]["symbols"].append(symbol)
    plain = [r for r in regions if r["terrain"] != "mountain"]
    for region in plain[:tribes]:
        region["symbols"].append("lost_tribe")
    for region in regions:
        region["symbols"] = sorted(set(region["symbols"]))
    edges = []
    for i in range(len(land)):
        row, col = divmod(i, WIDTH)
        for j in (i + 1 if col + 1 < WIDTH else -1, i + WIDTH,
                  i + WIDTH - 1 if col > 0 else -1):
            if 0 <= j < len(land) and j != i:
                edges.append([f"r{i}", f"r{j}"])
    regions += [{"id": "sea-north", "terrain": "sea", "board_edge": True},
                {"id": "sea-south", "terrain": "sea", "board_edge": True},
                {"id": "lake", "terrain": "lake"}]
    edges += [["sea-north", f"r{c}"] for c in range(WIDTH)]
    edges += [["sea-south", f"r{i}"] for i in range((rows - 1) * WIDTH, len(land))]
    edges += [["lake", f"r{WIDTH + 2}"], ["lake", f"r{WIDTH + 3}"]]
    return graph_scenario(regions, edges, players=(players, players))


@pytest.mark.parametrize("players", sorted(OFFICIAL))
def test_official_tallies_raise_no_balance_warning(players: int, tmp_path: Path) -> None:
    findings = lint_data(tmp_path, official_board(players), "B")
    assert not [f for f in findings if f.severity != "info"], findings


@pytest.mark.parametrize("players", sorted(OFFICIAL))
def test_official_board_tallies_are_what_the_issue_says(players: int, tmp_path: Path) -> None:
    data = official_board(players)
    land = [r for r in data["boards"][0]["graph"]["regions"]
            if r["terrain"] in TERRAINS]
    terrains, per_symbol, _ = OFFICIAL[players]
    assert len(land) == sum(terrains)
    for symbol in SYMBOLS:
        assert sum(symbol in r["symbols"] for r in land) == per_symbol


def test_one_terrain_short_on_the_official_board_is_flagged(tmp_path: Path) -> None:
    data = official_board(4)
    swamps = [r for r in data["boards"][0]["graph"]["regions"] if r["terrain"] == "swamp"]
    for region in swamps[:4]:  # 7 swamps -> 3, target 7.2: 4.2 off
        region["terrain"] = "forest"
    codes = {f.code for f in lint_data(tmp_path, data, "B")}
    assert "B003" in codes
