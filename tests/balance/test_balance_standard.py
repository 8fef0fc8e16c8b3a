"""The balance standard: its data file is current, every metric says what it measures, why
and where its band comes from, the booklet's own boards are clean, lint uses the same
numbers, and a value is judged as it is shown."""

from __future__ import annotations

import copy
import json
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
from balance_support import OFFICIAL_FILES, REPO

from editor.analysis.metrics import METRICS, measure
from editor.analysis.standard import Band, Row, Standard, flags, load_standard
from editor.analysis.standard_bands import leave_one_out
from editor.model.paths import RESOURCES, data_file
from editor.model.scenario_io import load_scenario
from editor.topology import derive_realm

sys.path.insert(0, str(REPO / "tools"))
import balance_standard

BOOKLET = sorted((REPO / "scenarios" / "booklet").glob("*.realm.json"))
BOOKLET_COUNTS = [(p, n) for p in BOOKLET for n in load_scenario(p).scenario.player_counts]


def test_the_standard_is_a_bundled_resource_with_its_sources() -> None:
    assert "balance-standard.json" in RESOURCES
    document = load_standard().document
    assert document["measured"]["command"] == "python tools/balance_standard.py"
    assert set(document["sources"]) == {"booklet", "base_game", "rules", "fair_play", "none"}
    assert "the layouts" in document["sources"]["booklet"]  # labelled honestly
    for entry in document["measured"]["boards"] + document["measured"]["base_game_boards"]:
        assert (REPO / entry["file"]).is_file()
    files = {e["file"] for e in document["measured"]["boards"]}
    assert "scenarios/booklet/09-a-game-of-gods.realm.json" not in files  # no board


def test_rebuilding_the_bands_in_memory_gives_the_shipped_file(measured_boards: Any) -> None:
    shipped = data_file("balance-standard.json")
    fresh = balance_standard.render(balance_standard.rebuilt(Path(shipped), measured_boards))
    assert fresh == Path(shipped).read_text(encoding="utf-8"), \
        "the standard is out of date: run python tools/balance_standard.py"


def test_the_tool_detects_a_stale_file(tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    stale = json.loads(data_file("balance-standard.json").read_text(encoding="utf-8"))
    stale["measured"]["bands"]["diameter"]["all"]["max"] = 99
    target = tmp_path / "standard.json"
    target.write_text(json.dumps(stale), encoding="utf-8")
    assert balance_standard.main(["--check", "-o", str(target)]) == 1
    assert "out of date" in capsys.readouterr().err
    assert balance_standard.main(["-o", str(target)]) == 0  # rewrite it
    assert balance_standard.main(["--check", "-o", str(target)]) == 0


def test_every_metric_says_what_it_measures_why_and_where_its_band_comes_from() -> None:
    standard = load_standard()
    for info in METRICS:
        spec = standard.spec(info.key)
        assert spec.measures and spec.matters, info.key
        assert spec.source in standard.document["sources"], info.key
        assert spec.judged in ("both", "below", "above", "no"), info.key
        if spec.judged != "no" and spec.source in ("booklet", "base_game"):
            assert standard.band(info, 4) is not None, info.key


def test_base_game_bands_are_only_for_metrics_that_transfer() -> None:
    standard = load_standard()
    transfer = {i.key for i in METRICS if standard.spec(i.key).source == "base_game"}
    assert transfer == {"unreachable", "land_masses", "largest_mass_share"}
    for n, path in OFFICIAL_FILES.items():
        rows = standard.rows(measure(derive_realm(load_scenario(path), n)))
        assert [r.key for r in rows if r.outside and r.band and r.band.source == "base_game"
                ] == []


# The booklet boards the fair-seating rules flag (no band measured on boards moves them):
# scenario 2's entry arrows, 4 regions in two pairs one step apart, from 4 players on.
# The fair-seating rules (fixed, not measured from boards) flag the booklet boards whose
# entry rule crowds the players: the Long River's six arrows from 4 players, and Go East,
# where every race enters by the westernmost regions.
FAIR_PLAY_FLAGGED = {("02", 4): ["seat_territory_min"],
                     ("02", 5): ["entry_per_player", "seat_territory_min"],
                     ("02", 6): ["entry_per_player", "seat_territory_min"],
                     ("03", 2): ["pocket_share"],
                     ("03", 3): ["seat_territory_min"],
                     ("03", 4): ["seat_territory_min", "pocket_share"],
                     ("03", 5): ["seat_territory_min"],
                     ("03", 6): ["seat_territory_min", "pocket_share"]}


def test_leaving_one_booklet_board_out_keeps_it_clean(measured_boards: Any) -> None:
    """Each booklet board judged by bands built without it: at least 95 % are clean on the
    measured bands, and the fair-seating rules' flags are the ones above, which leaving a
    board out cannot move."""
    boards, _, base, _ = measured_boards
    held = leave_one_out(load_standard(), boards, base)
    clean = sum(not h.measured_flags for h in held)
    assert len(held) == 40 and clean / len(held) >= 0.95, [
        (h.board.file, h.board.players, [f.key for f in h.measured_flags]) for h in held
        if h.measured_flags]
    fair = {(Path(h.board.file).name[:2], h.board.players):
            [f.key for f in h.flags if f.source == "fair seating"] for h in held}
    assert {k: v for k, v in fair.items() if v} == FAIR_PLAY_FLAGGED
    shipped = load_standard().measured["leave_one_out"]
    assert (shipped["clean"], shipped["clean_on_measured_bands"]) == (
        sum(not h.flags for h in held), clean)


def test_without_the_band_rule_leaving_one_out_would_flag_boards(measured_boards: Any
                                                                 ) -> None:
    """The check can fail: with no prediction interval (the bare range of the other
    boards), scenario 3's corridor at 2 and 6 players and scenario 8's long underground at
    5 flag themselves."""
    boards, _, base, _ = measured_boards
    document = copy.deepcopy(load_standard().document)
    document["rules"]["band_rule"]["t_quantiles"] = [0.0] * 60
    document["rules"]["band_rule"]["t_beyond"] = 0.0
    held = leave_one_out(Standard(document), boards, base)
    flagged = {(Path(h.board.file).name[:2], h.board.players) for h in held
               if h.measured_flags}
    assert flagged == {("03", 2), ("03", 6), ("08", 5)}


@pytest.mark.parametrize(("path", "players"), BOOKLET_COUNTS,
                         ids=[f"{p.name[:2]}-{n}p" for p, n in BOOKLET_COUNTS])
def test_every_booklet_scenario_is_clean_but_for_the_fair_seating_rules(
        path: Path, players: int) -> None:
    realm = derive_realm(load_scenario(path), players)
    expected = FAIR_PLAY_FLAGGED.get((path.name[:2], players), [])
    assert [f.key for f in flags(realm, players)] == expected
    assert all(f.source == "fair seating" for f in flags(realm, players))


def test_one_band_for_every_player_count() -> None:
    """The band rule pools the counts: a band does not move with the player count, and it
    is at least the booklet's own range."""
    standard = load_standard()
    info = {i.key: i for i in METRICS}["edge_distance_max"]
    small, large = standard.band(info, 2), standard.band(info, 6)
    assert small == large and small is not None and small.high is not None
    seen = standard.measured["bands"]["edge_distance_max"]["all"]
    assert small.high >= seen["max"] + 1  # its range, widened by the tolerance at least


def test_lint_and_the_standard_use_the_same_numbers() -> None:
    with data_file("lint-defaults.toml").open("rb") as handle:
        lint = tomllib.load(handle)["balance"]
    rules = load_standard().rules
    assert lint["regions-per-player-warn"] == rules["regions_per_player"]
    assert lint["regions-per-player-target"] == rules["regions_per_player_target"]
    assert lint["fifth-rule-tolerance"] == rules["fifth_rule_tolerance"]
    for family in ("terrain", "symbol"):  # the specs the docs' table reads say the same
        assert load_standard().spec(f"{family}.x").tolerance == rules["fifth_rule_tolerance"]
    assert lint["terrains"] == rules["terrains"]
    assert lint["underground-terrains"] == rules["underground_terrains"]
    assert lint["symbols"] == rules["symbols"]
    info = {i.key: i for i in METRICS}["regions_per_player"]
    band = load_standard().band(info, 3)
    assert band is not None and (band.low, band.high) == tuple(rules["regions_per_player"])


def test_a_value_shown_inside_its_band_is_not_flagged() -> None:
    """The quoted case: entry share of forest 0.1875 beside a band starting at 0.1905 read
    "0.19, 0.19-0.25" and was flagged. The band is rounded outward to the digits shown and
    the value judged as shown."""
    band = Band(0.19, 0.25, 2, "booklet", 0.0)
    inside = Row("entry_share", "Share", "entry", 0.1875, 2, band)
    assert inside.shown == "0.19" and not inside.outside
    below = Row("entry_share", "Share", "entry", 0.1849, 2, band)
    assert below.shown == "0.18" and below.outside


@pytest.mark.parametrize("path", sorted((REPO / "scenarios").glob("**/*.realm.json")),
                         ids=lambda p: p.name)
def test_every_shown_row_reads_as_it_is_judged(path: Path) -> None:
    loaded = load_scenario(path)
    standard = load_standard()
    for n in loaded.scenario.player_counts:
        for row in standard.rows(measure(derive_realm(loaded, n))):
            if row.band is None or row.value is None:
                continue
            shown = float(row.shown)
            low = None if row.band.low is None else float(f"{row.band.low:.{row.band.decimals}f}")
            high = (None if row.band.high is None
                    else float(f"{row.band.high:.{row.band.decimals}f}"))
            inside = (low is None or shown >= low) and (high is None or shown <= high)
            assert row.outside == (not inside), (path.name, n, row.key, row.shown,
                                                 row.band.text())


def test_flags_checks_its_player_count() -> None:
    path = BOOKLET[0]
    realm = derive_realm(load_scenario(path), 3)
    with pytest.raises(ValueError, match="derived for 3 players"):
        flags(realm, 4)


def test_the_worked_example_of_the_docs_ends_on_a_clean_board() -> None:
    """docs/balance.md's worked example, run for real: each step follows the advice of the
    flags before it, and the flags fall from 2 to 0."""
    import balance_example

    steps = balance_example.run()
    assert [len(f) for _, f in steps] == [2, 0]
    first = {f.key: f for f in steps[0][1]}
    assert "tiles C and D (5 regions) are cut off" in first["land_masses"].advice
    assert "make the board rounder" in first["entry_share"].advice


FLAGGED = [*sorted((REPO / "scenarios").glob("**/*.realm.json")),
           *sorted((REPO / "tests" / "perf" / "fixtures").glob("generated-*.realm.json")),
           *sorted((REPO / "tests" / "data" / "bad-boards").glob("*.realm.json"))]


@pytest.mark.parametrize("path", FLAGGED, ids=lambda p: p.name)
def test_every_flag_says_what_to_change_naming_regions(path: Path) -> None:
    loaded = load_scenario(path)
    for n in loaded.scenario.player_counts:
        realm = derive_realm(loaded, n)
        for flag in flags(realm, n):
            assert flag.advice and flag.regions, (path.name, n, flag.key)
            on_tiles = any(realm.regions[r].tiles for r in flag.regions)
            assert flag.tiles or not on_tiles, (path.name, n, flag.key)
            assert "none" not in flag.advice, (path.name, n, flag.advice)
            assert all(r in realm.regions for r in flag.regions)


@pytest.mark.parametrize("key", ["terrain.farmland", "terrain.mountain"])
def test_advice_counts_one_region_in_the_singular(key: str) -> None:
    """"only 1 regions of farmland" read wrong: a count of one is worded as one."""
    from dataclasses import replace

    from editor.analysis.advice import advise

    loaded = load_scenario(BOOKLET[0])
    n = loaded.scenario.players_min
    metrics = measure(derive_realm(loaded, n))
    standard = load_standard()
    row = replace(next(r for r in standard.rows(metrics) if r.key == key), value=1)
    text = advise(row, metrics, standard).advice
    assert text.startswith("only 1 ") and " regions" not in text.split(",")[0], text
