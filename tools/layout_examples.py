"""Lay out the expansion examples (Sky Islands, Necromancer Island, Tribes) on the box.

Their printed boards are not in the rule texts, so each reuses Realms Studio's layout of
booklet scenario 1 (``scenarios/booklet/01-my-precious-world.realm.json``, made by
``tools/layout_scenarios.py``) with each tile set used for one player more (the board for
players - 1 of Sky Islands and Necromancer Island; Tribes plays 3-6 on the 2- and 3-player
sets together). Only the expansion's own pieces are laid here; mountains and Lost Tribes
come from the same passes as the booklet's. The sections that say what the expansion is
(notes, scoring, the island graph) are kept from the shipped file.

    python tools/layout_examples.py     # rewrites scenarios/expansions/*.realm.json
"""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tools"))
sys.path.insert(0, str(REPO))

import layout_scenarios as ls  # noqa: E402

from editor.lint.runner import lint_path  # noqa: E402
from editor.model.jsonio import canonical_json  # noqa: E402
from editor.model.scenario_io import parse_scenario, scenario_text  # noqa: E402

EXAMPLES = REPO / "scenarios" / "expansions"
BOOKLET_1 = REPO / "scenarios" / "booklet" / "01-my-precious-world.realm.json"
LAYOUT_NOTE = (
    "Realms Studio's own layout: the expansion's printed boards are not in the rule texts, so "
    "the surface board reuses Realms Studio's layout of booklet scenario 1 on the faces of the "
    "Realms box's tiles, with each tile set used for one player more{extra}.")


def shifted(presence_of: dict[str, Any], lowest: int, shift: int, floor: int) -> dict[str, Any]:
    """A tile's or marker's presence in scenario 1, moved ``shift`` counts up."""
    count = max(presence_of.get("min_players", lowest) + shift, floor)
    return {} if count <= floor else {"min_players": count}


def surface_from_booklet_1(shift: int, floor: int) -> dict[str, Any]:
    source = json.loads(BOOKLET_1.read_text(encoding="utf-8"))
    board = source["boards"][0]
    lowest = source["players"]["min"]
    tiles = []
    for tile in board["tiles"]:
        if tile.get("min_players", lowest) + shift > 6:
            continue  # the 6-player set has no count of its own on a players - 1 board
        item = {k: v for k, v in tile.items() if k not in ("min_players", "players")}
        tiles.append({**item, **shifted(tile, lowest, shift, floor)})
    rivers = []
    for marker in board.get("river_markers", []):
        if marker.get("min_players", lowest) + shift > 6:
            continue
        item = {k: v for k, v in marker.items() if k not in ("min_players", "players")}
        rivers.append({**item, **shifted(marker, lowest, shift, floor)})
    out: dict[str, Any] = {"id": "surface", "kind": "surface", "tiles": tiles}
    if rivers:
        out["river_markers"] = rivers
    return out


def fresh(old: dict[str, Any], surface: dict[str, Any], extra_note: str) -> dict[str, Any]:
    """The shipped file's own sections, on the new surface board, in format 2."""
    data = copy.deepcopy(old)
    data["format_version"] = 2
    data["layout_note"] = LAYOUT_NOTE.format(extra=extra_note)
    data["boards"] = [surface] + [b for b in old["boards"] if b["kind"] != "surface"]
    data.pop("lint", None)
    return data


def inland_land(data: dict[str, Any], players: int) -> list[str]:
    realm = ls.realm_of(data, players)
    return [r for r in ls.land(realm, "surface") if ls.inland(realm, r)
            and ls.plain(realm, r)]


def tribes(old: dict[str, Any]) -> dict[str, Any]:
    data = fresh(old, surface_from_booklet_1(0, 3), " (Tribes plays from 3 players on the "
                 "2- and 3-player sets together)")
    ls.add_per_count(data, 0, "tribe_spot", [3, 4, 5], {3: 1, 4: 1, 5: 1},
                     lambda realm, r: ls.inland(realm, r) and ls.plain(realm, r))
    return data


def water_seams_of(data: dict[str, Any], tile: str) -> list[dict[str, Any]]:
    """River-border markers on every seam where ``tile``'s water meets another tile's water
    (on the tile, in its own edge numbering, from the count both are on the table)."""
    board = data["boards"][0]
    lowest = data["players"]["min"]
    placed = {(t["q"], t["r"]): t for t in board["tiles"]}
    me = next(t for t in board["tiles"] if t["tile"] == tile)
    mine = ls.water_ids(tile, "surface")
    out = []
    for d in range(6):
        n = ls.add((me["q"], me["r"]), d)
        other = placed.get(n)
        if other is None:
            continue
        theirs = ls.water_ids(other["tile"], "surface")
        wet = any(ls.owner(tile, "surface", me["rotation"], d, half) in mine
                  and ls.owner(other["tile"], "surface", other["rotation"], (d + 3) % 6,
                               1 - half) in theirs for half in (0, 1))
        if wet:
            count = max(me.get("min_players", lowest), other.get("min_players", lowest))
            item: dict[str, Any] = {"tile": tile, "edge": (d - me["rotation"]) % 6}
            if count > lowest:
                item["min_players"] = count
            out.append(item)
    return out


def necromancer(old: dict[str, Any]) -> dict[str, Any]:
    data = fresh(old, surface_from_booklet_1(1, 3), " (the board for players - 1)")
    # The lake is one tile's water, parted from the rivers by river-border markers (the
    # box has 6; the fewest seams first), so the rivers stay passable around it.
    board = data["boards"][0]
    rivers = board.get("river_markers", [])
    whole = [t["tile"] for t in board["tiles"]
             if not t.get("min_players") and ls.water_ids(t["tile"], "surface")]
    options = sorted(whole, key=lambda t: (len(water_seams_of(data, t)), t))
    lake = ""
    for tile in options:
        seams = water_seams_of(data, tile)
        if len(rivers) + len(seams) > 6:
            continue
        trial = copy.deepcopy(data)
        trial["boards"][0]["river_markers"] = rivers + seams
        part = f"{tile}.{sorted(ls.water_ids(tile, 'surface'))[0]}"
        later = [ls.realm_of(trial, n) for n in range(3, 7)]
        if all(part in r.regions and ls.keeps_connected(r, part) for r in later):
            data, lake = trial, part
            break
    assert lake, "no lake can be parted from the rivers"
    data["boards"][0]["markers"] = [{"kind": "necromancer_island", "region": lake}]
    data["water"] = {**data.get("water", {}), "bodies": [
        {"impassable": True, "kind": "lake", "name": "The Necromancer's Lake",
         "region": lake}]}
    return data


def sky(old: dict[str, Any]) -> dict[str, Any]:
    data = fresh(old, surface_from_booklet_1(1, 3), " (the board for players - 1); the "
                 "island board is a graph of Realms Studio's own three islands")
    old_access = [m for b in old["boards"] for m in b.get("markers", [])
                  if m["kind"] == "sky_access"]
    import networkx as nx

    realm = ls.realm_of(data, 3)
    spots_at = inland_land(data, 3)
    steps = dict(nx.all_pairs_shortest_path_length(realm.graph))
    spots = list(max(((a, b) for a in spots_at for b in spots_at if a < b),
                     key=lambda pair: (steps[pair[0]].get(pair[1], 0), pair)))
    data["boards"][0]["markers"] = [{**m, "region": spot}
                                    for m, spot in zip(old_access, spots, strict=True)]
    return data


def symbol_and_count_ignores(data: dict[str, Any], reason: str) -> None:
    """Board for players - 1: fewer regions per player on purpose (B002 at those counts)."""
    for f in ls.lint_data(data):
        if f.code == "B002":
            data.setdefault("lint", {}).setdefault("ignore", []).append(
                {"code": "B002", "players": list(f.player_counts), "reason": reason})


PLAYERS_MINUS_ONE = ("{name}: the board is built for players - 1 ({why}), so there are fewer "
                     "regions per player on purpose.")


def main() -> int:
    bad = 0
    for name, build, why in (
            ("tribes", tribes, None),
            ("necromancer-island", necromancer, "the ghosts are the extra player"),
            ("sky-islands", sky, "the sky islands add regions for everyone")):
        path = EXAMPLES / f"{name}.realm.json"
        old = json.loads(path.read_text(encoding="utf-8"))
        data = build(old)
        ls.balance_mountains(data)
        ls.tribes_for_runs(data)
        ls.symbol_ignores(data)
        if why:
            symbol_and_count_ignores(data, PLAYERS_MINUS_ONE.format(
                name=old["title"].split(" (")[0], why=why))
        loaded = parse_scenario(canonical_json(data), name, EXAMPLES)
        path.write_text(scenario_text(loaded.scenario), encoding="utf-8")
        print(path.relative_to(REPO))
        for f in lint_path(path):
            print(f"  {f.code} {f.severity} {f.message}")
            bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
