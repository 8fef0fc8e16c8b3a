"""The Realms rules plugin in the REAL smawg engine: smawg itself refuses what the scenario
forbids (a first conquest outside the entry regions, a turn ended on a river...), and
allows what it allows (a river conquered with 1 token). Every check goes through smawg's
``Game``: the plugin is loaded as ``smawg play --rules=FILE`` loads it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from real_engines import load_rules

REPO = Path(__file__).resolve().parents[2]
BOOKLET = REPO / "scenarios" / "booklet"


def _export(run_cli: Any, tmp_path: Path, name: str, players: int) -> tuple[Path, Path]:
    """(assets, plugin) as `realms export --to smawg --plugin` writes them."""
    source = next(BOOKLET.glob(f"{name}*.realm.json"))
    out = tmp_path / f"{name}.{players}p.smawg.json"
    result = run_cli("export", source, "--to", "smawg", "--plugin", "--players", str(players),
                     "-o", out)
    assert result.returncode == 0, result.stderr
    plugin = next(tmp_path.glob(f"realms_{name.replace('-', '_')}_{players}p_rules.py"))
    assert result.stdout.splitlines() == [str(out), str(plugin)]
    return out, plugin


class Board:
    """One exported board in real smawg, with and without its plugin."""

    def __init__(self, smawg: ModuleType, assets: Path, plugin: Path) -> None:
        self.smawg = smawg
        self.assets: dict[str, Any] = json.loads(assets.read_text(encoding="utf-8"))
        self.rules = load_rules(plugin)
        self.module = sys.modules[self.rules.__module__]
        self.data: dict[str, Any] = self.module.DATA
        self.tiles = self.assets["map"]["tiles"]
        self.borders = {frozenset(pair) for pair in self.assets["map"]["tile_borders"]}

    def game(self, assets: dict[str, Any] | None = None, plugin: bool = True) -> Any:
        rules = self.rules if plugin else self.smawg.default_rules.Rules
        return self.smawg.Game(assets or self.assets, rules, dice_roll_func=lambda: 0)

    def plain_land(self, among: list[int]) -> list[int]:
        """Land tiles that cost 3 tokens: no Mountain, Lost Tribe or water."""
        return [i for i in among if self.tiles[i]["terrain"] not in ("Mountain", "Sea", "Lake")
                and "Lost Tribe" not in self.tiles[i]["symbols"]]


def _errors(game: Any, action: object) -> list[str]:
    return [type(e).__name__ for e in game.rules.check(action)]


@pytest.fixture()
def go_east(real_smawg: ModuleType, run_cli: Any, tmp_path: Path) -> Board:
    return Board(real_smawg, *_export(run_cli, tmp_path, "03-go-east", 4))


@pytest.fixture()
def precious(real_smawg: ModuleType, run_cli: Any, tmp_path: Path) -> Board:
    return Board(real_smawg, *_export(run_cli, tmp_path, "01-my-precious-world", 3))


def test_a_first_conquest_outside_the_entry_regions_is_refused(go_east: Board) -> None:
    """Even when the assets flag every land tile (as the physical board edge once did),
    the plugin lets a new race in only where the scenario does; smawg alone lets it in."""
    from smawg.basic_rules import Conquer, SelectCombo

    widened = json.loads(json.dumps(go_east.assets))
    for tile in widened["map"]["tiles"]:
        tile["is_at_map_border"] = tile["terrain"] not in ("Sea", "Lake")
    entries = go_east.data["entry"]
    outside = go_east.plain_land([i for i in range(len(go_east.tiles)) if i not in entries])
    inside = go_east.plain_land(entries)
    assert outside and inside

    plain = go_east.game(widened, plugin=False)
    plain.do(SelectCombo(0))
    assert _errors(plain, Conquer(outside[0])) == []

    game = go_east.game(widened)
    game.do(SelectCombo(0))
    assert _errors(game, Conquer(outside[0])) == ["NotAnEntryRegion"]
    with pytest.raises(go_east.module.NotAnEntryRegion, match="entry regions"):
        game.do(Conquer(outside[0]))
    game.do(Conquer(inside[0]))
    assert set(game.player.active_regions) == {inside[0]}


def test_a_power_the_scenario_exempts_enters_anywhere(go_east: Board) -> None:
    from smawg.basic_rules import Conquer, SelectCombo

    assert go_east.data["exempt_powers"] == ["Flying"]
    assets = json.loads(json.dumps(go_east.assets))
    abilities = assets["abilities"]
    abilities.insert(0, abilities.pop(next(i for i, a in enumerate(abilities)
                                           if a["name"] == "Flying")))
    game = go_east.game(assets)
    game.do(SelectCombo(0))
    assert game.player.active_ability.name == "Flying"
    outside = go_east.plain_land([i for i in range(len(go_east.tiles))
                                  if i not in go_east.data["entry"]])
    assert _errors(game, Conquer(outside[0])) == []


def test_a_river_costs_one_token_and_is_emptied_at_redeployment(precious: Board) -> None:
    from smawg.basic_rules import Conquer, Deploy, EndTurn, SelectCombo, StartRedeployment

    rivers, entries = precious.data["rivers"], precious.data["entry"]
    bank, river = next((e, r) for r in rivers for e in precious.plain_land(entries)
                       if frozenset((e, r)) in precious.borders)
    plain = precious.game(plugin=False)
    plain.do(SelectCombo(0))
    plain.do(Conquer(bank))
    assert _errors(plain, Conquer(river)) == ["ConqueringSeaOrLake"]  # a Lake to smawg

    game = precious.game()
    game.do(SelectCombo(0))
    game.do(Conquer(bank))
    assert game.rules.conquest_cost(river) == 1
    before = game.player.tokens_on_hand
    game.do(Conquer(river))
    assert game.player.active_regions[river] == 1
    assert game.player.tokens_on_hand == before - 1
    game.do(Deploy(game.player.tokens_on_hand, bank))
    assert _errors(game, EndTurn()) == ["RiverNotEmptied"]
    game.do(StartRedeployment())
    assert river not in game.player.active_regions
    game.do(Deploy(game.player.tokens_on_hand, bank))
    game.do(EndTurn())
    assert game.player_id == 1 and game.owner_of(river) is None


def test_a_river_is_crossed_only_by_conquering_it(precious: Board) -> None:
    """The assets give the banks a border across the river (for smawg without the plugin);
    the plugin does not let a race use it."""
    from smawg.basic_rules import Conquer, SelectCombo

    entries = set(precious.data["entry"])
    start, far = next((a, b) for pair in precious.data["river_crossings"]
                      for a, b in (pair, pair[::-1])
                      if a in precious.plain_land(sorted(entries)) and b not in entries
                      and precious.plain_land([b]))
    plain = precious.game(plugin=False)
    plain.do(SelectCombo(0))
    plain.do(Conquer(start))
    assert _errors(plain, Conquer(far)) == []
    game = precious.game()
    game.do(SelectCombo(0))
    game.do(Conquer(start))
    assert _errors(game, Conquer(far)) == ["NonAdjacentRegion"]


def test_impassable_water_peaks_and_coin_mines(real_smawg: ModuleType, run_cli: Any,
                                               tmp_path: Path, go_east: Board) -> None:
    adrift = Board(real_smawg, *_export(run_cli, tmp_path, "06-adrift", 2))
    from smawg.basic_rules import Conquer, SelectCombo

    game = adrift.game()
    game.do(SelectCombo(0))
    assert adrift.data["impassable"]
    assert "ImpassableRegion" in _errors(game, Conquer(adrift.data["impassable"][0]))

    throne = Board(real_smawg, *_export(run_cli, tmp_path, "05-the-rusted-throne", 4))
    peak = throne.data["peaks"][0]
    assert throne.tiles[peak]["terrain"] == "Mountain"
    assert throne.game().rules.conquest_cost(peak) == \
        throne.game(plugin=False).rules.conquest_cost(peak) + 1

    game = go_east.game()
    mine = int(next(iter(go_east.data["coin_mines"])))
    game.player.active_regions[mine] = 1  # as if conquered: the reward reads the holdings
    assert game.rules.calculate_turn_reward() == 1 + go_east.data["coin_mines"][str(mine)]


def test_the_plugin_refuses_another_board(precious: Board, go_east: Board) -> None:
    with pytest.raises(ValueError, match="exported for another board"):
        go_east.game(precious.assets)


def test_smawg_play_loads_the_plugin_from_the_command_line(go_east: Board,
                                                           tmp_path: Path) -> None:
    """`smawg play --rules=FILE ASSETS`, as docs/export.md tells a user to run it, with the
    assets unshuffled (``--no-shuffle``): shuffled, the first combo's power was at times one
    the scenario lets in anywhere, and the conquest then rightly passed."""
    assets = tmp_path / "go.smawg.json"
    assets.write_text(json.dumps(go_east.assets), encoding="utf-8")
    plugin = Path(go_east.module.__file__ or "")
    outside = go_east.plain_land([i for i in range(len(go_east.tiles))
                                  if i not in go_east.data["entry"]])[0]
    done = subprocess.run(
        [sys.executable, "-m", "smawg", "play", "--no-shuffle", f"--rules={plugin}", str(assets)],
        input=f"combo 0\nconquer {outside}\nquit\n", capture_output=True, text=True,
        timeout=120, check=False)
    assert "A new race must enter through one of the scenario's entry regions" in done.stdout


def test_the_plugin_plays_a_game_to_the_end(precious: Board) -> None:
    """Random legal moves (the engine's own checks say which), fixed seed: smawg ends it."""
    import random

    from smawg import roll_dice
    from smawg.basic_rules import (
        Abandon,
        Conquer,
        ConquerWithDice,
        Decline,
        Deploy,
        EndTurn,
        SelectCombo,
        StartRedeployment,
    )

    rng = random.Random(7)
    game = precious.smawg.Game(precious.assets, precious.rules,
                               dice_roll_func=lambda: roll_dice(rng))
    regions = range(len(game.regions))
    for _ in range(20_000):
        if game.has_ended:
            break
        player = game.player
        actions: list[object] = [SelectCombo(i) for i in range(len(game.combos))]
        actions += [Decline(), StartRedeployment(), EndTurn()]
        actions += [kind(r) for kind in (Conquer, ConquerWithDice, Abandon) for r in regions]
        actions += [Deploy(player.tokens_on_hand, r) for r in player.active_regions
                    if player.tokens_on_hand]
        legal = [a for a in actions if not any(True for _ in game.rules.check(a))]
        conquests = [a for a in legal if isinstance(a, Conquer)]
        game.do(rng.choice(conquests if conquests and rng.random() < 0.8 else legal))
    assert game.has_ended
    assert not any(game.owner_of(r) is not None for r in precious.data["rivers"])
