"""The balance standard: its data file is current, every metric says what it measures, why
and where its band comes from, the booklet's own boards are clean, lint uses the same
numbers, and a value is judged as it is shown."""

from __future__ import annotations

import json
import sys
import tomllib
from pathlib import Path

import pytest
from balance_support import OFFICIAL_FILES, REPO

from editor.analysis.metrics import METRICS, measure
from editor.analysis.standard import Band, Row, flags, load_standard
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
    assert set(document["sources"]) == {"booklet", "base_game", "rules", "none"}
    assert "the layouts" in document["sources"]["booklet"]  # labelled honestly
    for entry in document["measured"]["boards"] + document["measured"]["base_game_boards"]:
        assert (REPO / entry["file"]).is_file()
    files = {e["file"] for e in document["measured"]["boards"]}
    assert "scenarios/booklet/09-a-game-of-gods.realm.json" not in files  # no board


def test_rebuilding_the_bands_in_memory_gives_the_shipped_file() -> None:
    shipped = data_file("balance-standard.json")
    fresh = balance_standard.render(balance_standard.rebuilt(Path(shipped)))
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


@pytest.mark.parametrize(("path", "players"), BOOKLET_COUNTS,
                         ids=[f"{p.name[:2]}-{n}p" for p, n in BOOKLET_COUNTS])
def test_every_booklet_scenario_at_every_count_has_no_flag(path: Path, players: int) -> None:
    realm = derive_realm(load_scenario(path), players)
    assert [f.message for f in flags(realm, players)] == []


def test_bands_follow_the_player_count_where_the_booklet_does() -> None:
    standard = load_standard()
    bands = standard.measured["bands"]
    assert bands["diameter"]["by_count"] and bands["edge_distance_max"]["by_count"]
    assert not bands["bridges"]["by_count"]
    info = {i.key: i for i in METRICS}["edge_distance_max"]
    small, large = standard.band(info, 2), standard.band(info, 6)
    assert small is not None and large is not None and small.high is not None
    assert large.high is not None and small.high < large.high


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
    flags before it, and the flags fall from 3 to 1 to 0."""
    import balance_example

    steps = balance_example.run()
    assert [len(f) for _, f in steps] == [3, 1, 0]
    first = {f.key: f for f in steps[0][1]}
    assert "tiles C and D (5 regions) are cut off" in first["land_masses"].advice
    assert "every region of tile C is on the edge" in steps[1][1][0].advice


FLAGGED = [*sorted((REPO / "scenarios").glob("**/*.realm.json")),
           *sorted((REPO / "tests" / "perf" / "fixtures").glob("generated-*.realm.json"))]


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
