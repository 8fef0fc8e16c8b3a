"""Every shipped scenario, at every player count it supports, plays to the end in the real
smawg engine with its rules plugin: one game per board, fixed seeds, legal random bots
that may throw the reinforcement die (tests/real_engines.py: skips without
../shared/engines, fails on CI). Scenarios built during play are realised first; the blank
templates have no board to play and are refused with the reason."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
SHIPPED = sorted((REPO / "scenarios").glob("**/*.realm.json"))
SEED = 1


def _boards(path: Path) -> list[Any]:
    """The realm of each player count, realised with SEED when built during play."""
    from editor.generate.confirm import loaded_from
    from editor.generate.realise import realise
    from editor.model.scenario_io import load_scenario
    from editor.topology import derive_realm

    loaded = load_scenario(path)
    realms = []
    for players in loaded.scenario.player_counts:
        board = (loaded_from(realise(loaded, players, SEED).data)
                 if loaded.scenario.built_during_play else loaded)
        realms.append(derive_realm(board, players))
    return realms


@pytest.mark.parametrize("path", [p for p in SHIPPED if p.parent.name != "templates"],
                         ids=lambda p: p.name.removesuffix(".realm.json"))
def test_every_shipped_scenario_plays_to_the_end_in_smawg(real_smawg: Any, path: Path) -> None:
    from smawg.default_rules import Rules as DefaultRules

    from editor.export.playable import playable_board
    from editor.play.bots import RandomBot
    from editor.play.driver import game_seed, play_game
    from editor.play.engine import make_table

    played = []
    for realm in _boards(path):
        exempt = realm.scenario.section("entry").get("exempt_powers")
        table = make_table(realm)
        # the scenario's plugin decides: a race enters exactly on the exported entry flags
        # (smawg's default rules would also let it in on the shores of a border sea)
        assert table.rules is not DefaultRules
        # (and on a river the scenario marks as an entry, under its river rules)
        board = playable_board(realm)
        by_river = {i for i, r in enumerate(board.regions)
                    if r.water_kind == "river" and r.first_conquest}
        assert set(table.entries) == {i for i, tile in enumerate(table.assets.map.tiles)
                                      if tile.is_at_map_border} | by_river
        record = play_game(table, [RandomBot() for _ in range(realm.players)],
                           game_seed(SEED, realm.players))
        assert len(record.scores) == realm.players and min(record.scores) > 0
        assert sum(record.entries) >= realm.players  # every seat's race came in
        elsewhere = {i for i, n in enumerate(record.entries) if n} - set(table.entries)
        assert not elsewhere or exempt, f"{path.name}: races entered outside the entries"
        played.append((realm.players, record.dice_rolls))
    assert played, f"{path.name}: no board was played"


def test_the_random_bots_throw_the_reinforcement_die(real_smawg: Any) -> None:
    from editor.play.bots import RandomBot
    from editor.play.driver import game_seed, play_game
    from editor.play.engine import make_table

    table = make_table(_boards(SHIPPED[0])[1])
    record = play_game(table, [RandomBot() for _ in range(3)], game_seed(SEED, 0))
    assert record.dice_rolls > 0


@pytest.mark.parametrize("path", [p for p in SHIPPED if p.parent.name == "templates"],
                         ids=lambda p: p.name.removesuffix(".realm.json"))
def test_a_blank_template_is_refused_with_the_reason(real_smawg: Any, path: Path) -> None:
    from editor.play import PlayError
    from editor.play.engine import make_table

    for realm in _boards(path):
        with pytest.raises(PlayError, match=f"no regions for {realm.players} players"):
            make_table(realm)
