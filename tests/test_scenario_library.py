"""The booklet scenario library (scenarios/booklet/): each file carries the booklet's facts.

The expected facts (tile letters per player count, stars, world, players, printed turns)
are test data in tests/data/booklet_scenarios.json, copied from the rules digest; the
files are the product. Layouts are Realms Studio's own, so only what the booklet says is
checked here, plus the structured rules each scenario must carry.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from editor.model.scenario_io import load_scenario
from editor.topology.derive import derive_realm

REPO = Path(__file__).resolve().parent.parent
BOOKLET = REPO / "scenarios" / "booklet"
EXPECTED = json.loads((Path(__file__).parent / "data" / "booklet_scenarios.json")
                      .read_text(encoding="utf-8"))
NUMBERS = sorted(EXPECTED["scenarios"], key=int)


def scenario(number: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((BOOKLET / EXPECTED["scenarios"][number]["file"])
                                      .read_text(encoding="utf-8"))
    return data


def active(item: dict[str, Any], players: int) -> bool:
    if "players" in item:
        return players in item["players"]
    return players >= item.get("min_players", 0)


def letters(data: dict[str, Any], players: int) -> list[str]:
    return sorted(p["tile"] for b in data["boards"] for p in b["tiles"] if active(p, players))


def markers(data: dict[str, Any], players: int, kind: str) -> list[dict[str, Any]]:
    return [m for b in data["boards"] for m in b.get("markers", [])
            if m["kind"] == kind and active(m, players)]


def counts(number: str) -> list[int]:
    low, high = EXPECTED["scenarios"][number]["players"]
    return list(range(low, high + 1))


def test_one_file_per_booklet_scenario() -> None:
    names = sorted(p.name for p in BOOKLET.glob("*.realm.json"))
    assert names == sorted(s["file"] for s in EXPECTED["scenarios"].values())


@pytest.mark.parametrize("number", NUMBERS)
def test_name_stars_world_players_turns(number: str) -> None:
    want = EXPECTED["scenarios"][number]
    data = scenario(number)
    assert data["title"] == want["title"]
    assert data["stars"] == want["stars"]
    assert data["world"] == want["world"]
    assert [data["players"]["min"], data["players"]["max"]] == want["players"]
    track = EXPECTED["turn_track"]
    for n in counts(number):
        expected = want["turns"].get(str(n), track[str(n)])
        assert data.get("turns", {}).get(str(n), track[str(n)]) == expected, n
    assert data["translations"]["fr"]["title"]
    assert "Realms Studio" in data["layout_note"]
    if want["world"] != "surface":
        assert "underground" in data["expansions"]


@pytest.mark.parametrize("number", [n for n in NUMBERS if EXPECTED["scenarios"][n]["tiles"]])
def test_exact_tile_letters_per_player_count(number: str) -> None:
    want = EXPECTED["scenarios"][number]
    data = scenario(number)
    sets = {int(k): v.split() for k, v in want["tiles"].items()}
    so_far: list[str] = []
    for n in counts(number):
        if want["mode"] == "separate":
            expected = sets[n]
        else:
            so_far += sets.get(n, [])
            expected = so_far
        got = letters(data, n)
        assert got == sorted(expected), f"{n} players"
        assert not [t for t, c in Counter(got).items() if c > 1]  # one two-sided piece each
    if want["mode"] == "separate":  # a layout of its own for each count
        for board in data["boards"]:
            assert all(len(p.get("players", [])) == 1 for p in board["tiles"])
    if want["mode"] == "cumulative":  # later sets only add tiles
        for board in data["boards"]:
            assert all("players" not in p for p in board["tiles"])


def test_river_rules_where_the_booklet_says_so() -> None:
    for number in ("1", "2", "4", "7", "9", "10", "11", "12"):
        assert scenario(number)["water"]["river_rules"] is True, number


def test_my_precious_has_peaks_and_chasms() -> None:
    data = scenario("1")
    for n in counts("1"):
        assert markers(data, n, "peak") and markers(data, n, "chasm")


def test_long_river_entry_arrows() -> None:
    data = scenario("2")
    assert data["entry"]["rules"] == [{"applies_to": "all", "kind": "arrows"}] or \
        [r["kind"] for r in data["entry"]["rules"]] == ["arrows"]
    loaded = load_scenario(BOOKLET / EXPECTED["scenarios"]["2"]["file"])
    for n in counts("2"):
        arrows = markers(data, n, "entry_arrow")
        assert len(arrows) == 6, n
        realm = derive_realm(loaded, n)
        ends = [m for m in arrows if not realm.regions[realm.resolve(m["region"])].is_land]
        assert len(ends) == 2, n  # the two ends of the river, and 4 land regions by them


def test_go_east_mines_and_western_entry() -> None:
    data = scenario("3")
    assert [r["kind"] for r in data["entry"]["rules"]] == ["compass_edge"]
    assert data["entry"]["rules"][0]["side"] == "west"
    assert [s["kind"] for s in data["scoring"]] == ["coin_mine"]
    for n in counts("3"):
        assert 1 <= len(markers(data, n, "coin_mine")) <= 10


def test_mountaintop_coins_on_peaks() -> None:
    data = scenario("4")
    assert data["setup"]["peak_coins"]["per_peak"] == 4
    assert data["setup"]["peak_coins"]["reseed_on_decline"] is True
    assert [s["kind"] for s in data["scoring"]] == ["peak_coins"]
    for n in counts("4"):
        assert 2 <= len(markers(data, n, "peak")) <= 4


def test_rusted_throne_on_the_one_peak() -> None:
    data = scenario("5")
    for n in counts("5"):
        peaks = markers(data, n, "peak")
        thrones = markers(data, n, "rusted_throne")
        assert len(peaks) == 1 and len(thrones) == 1
        assert peaks[0]["region"] == thrones[0]["region"]
    assert [s["kind"] for s in data["scoring"]] == ["throne_tribute"]


def test_adrift_one_sea_and_drift() -> None:
    data = scenario("6")
    water = data["water"]
    assert water["merge"] == "all_one_sea"
    assert water["seas_are_entry_edges"] is False
    assert all(b["impassable"] and b["kind"] == "sea" for b in water["bodies"])
    assert data["dynamic"]["kind"] == "drift"
    assert data["dynamic"]["perimeter_tiles_only"] is True
    assert data["dynamic"]["landmass_stays_connected"] is True
    assert data["dynamic"]["holes_allowed"] is True
    loaded = load_scenario(BOOKLET / EXPECTED["scenarios"]["6"]["file"])
    for n in counts("6"):
        realm = derive_realm(loaded, n)
        for region in realm.regions.values():
            if not region.is_land:
                assert region.water_kind == "sea" and region.impassable


def test_crops_of_power_crop_spaces_are_holes() -> None:
    data = scenario("7")
    assert data["setup"]["crop_powers_excluded"] == EXPECTED["crop_powers_excluded"]
    loaded = load_scenario(BOOKLET / EXPECTED["scenarios"]["7"]["file"])
    for n in counts("7"):
        crops = markers(data, n, "crop_space")
        assert crops, n
        realm = derive_realm(loaded, n)
        single = {h.hexes[0] for h in realm.holes if len(h.hexes) == 1}
        for crop in crops:  # an empty space surrounded by 6 tiles
            assert (crop["hex"]["q"], crop["hex"]["r"]) in single, (n, crop)


def test_sword_in_the_cavern() -> None:
    data = scenario("8")
    assert data["setup"]["places_relics"]["monsters_each"] == 2
    for body in data["water"]["bodies"]:
        assert body["impassable"] is True and body["kind"] == "sea"
    for n in counts("8"):
        relics = markers(data, n, "relic")
        assert len(relics) == 1 and relics[0]["face"] == "up"
        assert "Sword" in relics[0]["name"]
        places = markers(data, n, "place")
        assert len(places) == n + 1 and all(p["face"] == "down" for p in places)
        guarded = {m["region"]: m["count"] for m in markers(data, n, "monster_stack")}
        assert all(guarded.get(m["region"]) == 2 for m in relics + places)


def test_game_of_gods_is_built_during_play() -> None:
    data = scenario("9")
    assert data["dynamic"] == {**data["dynamic"], "kind": "build_during_play",
                               "target_regions_per_player": 9,
                               "place_adjacent_to_placed": True,
                               "lost_tribe_min_non_mountain_regions": 2}
    assert data["water"]["merge"] == "rivers_one_region"
    assert all(not b["tiles"] for b in data["boards"])


def test_dig_too_far_gold_veins() -> None:
    data = scenario("10")
    assert data["setup"]["gold_veins"] == EXPECTED["gold_veins"]
    assert [s["kind"] for s in data["scoring"]] == ["gold_veins"]
    for n in counts("10"):
        veins = markers(data, n, "gold_vein")
        assert Counter(v["vein"] for v in veins) == {"A": 3, "B": 3, "C": 3}
        guarded = {m["region"] for m in markers(data, n, "monster_stack")}
        assert all(v["region"] in guarded for v in veins)
        places = markers(data, n, "place")
        assert len(places) == 2
    assert any(m["region"].startswith("H.") for m in markers(data, 3, "place"))
    assert any(m["region"].startswith("C.") for m in markers(data, 4, "place"))


@pytest.mark.parametrize("number", ["11", "12"])
def test_tunnel_pairs_link_the_two_worlds(number: str) -> None:
    data = scenario(number)
    boards = {b["id"]: b["kind"] for b in data["boards"]}
    assert sorted(boards.values()) == ["surface", "underground"]
    for n_text, numbers in EXPECTED["scenarios"][number]["tunnels"].items():
        n = int(n_text)
        by_number: dict[int, list[str]] = {}
        for board in data["boards"]:
            for m in board.get("markers", []):
                if m["kind"] == "tunnel" and active(m, n):
                    by_number.setdefault(m["number"], []).append(board["kind"])
        assert sorted(by_number) == numbers, n
        assert all(sorted(k) == ["surface", "underground"] for k in by_number.values())


def test_all_together_now_own_world_entry() -> None:
    rules = scenario("11")["entry"]["rules"]
    assert sorted((r["kind"], r["applies_to"]) for r in rules) == [
        ("own_world", "surface_races"), ("own_world", "underground_races")]


def test_night_and_day_entry_and_bonus() -> None:
    data = scenario("12")
    rules = {(r["side"], r["board"], r["applies_to"]) for r in data["entry"]["rules"]}
    assert rules == {("north", "surface", "surface_races"),
                     ("south", "underground", "underground_races")}
    assert [s["kind"] for s in data["scoring"]] == ["other_world_bonus"]


def test_every_suppression_has_a_reason() -> None:
    for number in NUMBERS:
        for entry in scenario(number).get("lint", {}).get("ignore", []):
            assert len(entry["reason"]) > 40, (number, entry)
            assert entry["code"] not in ("B", "G", "I", "R", "S"), "no blanket suppression"
