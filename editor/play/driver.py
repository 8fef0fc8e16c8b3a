"""One game of smawg played to the end by bots, and what it shows about the board.

The driver asks smawg's own rule checker (the scenario's rules plugin) which
conquests are legal, lets the seat's bot choose among them, and performs every move through
smawg's ``Game`` methods, so the engine refuses anything the rules forbid. It records, per
game: each seat's final coins, how often each region was conquered, which regions races
entered the board through, and the turn of the first conquest from another player.

A game is deterministic for its seed: the combos are shuffled, the die is thrown and the
bots choose from one ``random.Random``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from editor.play.bots import Bot, Target
from editor.play.engine import PlayError, Table

MAX_STEPS = 100_000  # moves in one game: far above any real game; a loop is a bug, not play


@dataclass(frozen=True)
class GameRecord:
    """What one game showed. Seats are turn positions (0 plays first)."""

    scores: tuple[int, ...]  # coins at the end, per seat
    bots: tuple[str, ...]  # the bot at each seat
    conquests: tuple[int, ...]  # per smawg tile
    entries: tuple[int, ...]  # first conquests of a race, per smawg tile
    first_contact: int | None  # turn of the first conquest of another player's region
    dice_rolls: int = 0  # reinforcement die thrown

    @property
    def winners(self) -> tuple[float, ...]:
        """Each seat's share of the win (ties share it)."""
        top = max(self.scores)
        tied = sum(1 for s in self.scores if s == top)
        return tuple((1.0 / tied if s == top else 0.0) for s in self.scores)


def game_seed(seed: int, index: int) -> str:
    """The seed of game ``index`` of a run: independent of how games are split over jobs."""
    return f"realms-playtest:{seed}:{index}"


def legal_targets(game: Any, dice: bool) -> list[Target]:
    """Regions the current player may conquer now (with or without the die), and their
    cost in tokens, as smawg's rule checker says. The first conquest of a race may be
    anywhere the rules allow (the entry regions); later ones only next to its regions."""
    player = game.player
    rules = game.rules
    if player.active_regions:
        adjacent = game.assets.map.adjacent
        near: set[int] = set()
        for region in player.active_regions:
            near |= adjacent[region]
        candidates: Sequence[int] = sorted(near.difference(player.active_regions))
    else:
        candidates = range(len(game.regions))
    # a conquest costing more than the hand (plus the die's 3 at best) is refused by every
    # rule set: skipping it before the full check saves a fifth of a game's time
    reach = player.tokens_on_hand + (3 if dice else 0)
    out = []
    for region in candidates:
        cost = rules.conquest_cost(region)
        if cost <= reach and next(iter(rules.check_conquer(region, use_dice=dice)), None) is None:
            out.append((region, cost))
    return out


class _Tally:
    def __init__(self, tiles: int) -> None:
        self.conquests = [0] * tiles
        self.entries = [0] * tiles
        self.first_contact: int | None = None
        self.dice_rolls = 0

    def conquer(self, game: Any, region: int, dice: bool) -> None:
        player = game.player
        first = not player.active_regions
        owner = game.owner_of(region)
        game.conquer(region, use_dice=dice)
        self.dice_rolls += dice
        if region not in player.active_regions:
            return  # the die fell short
        self.conquests[region] += 1
        if first:
            self.entries[region] += 1
        if owner is not None and owner != game.player_id and self.first_contact is None:
            self.first_contact = game.current_turn


def _deploy(game: Any, bot: Bot, rng: random.Random) -> None:
    if game.player.tokens_on_hand > 0 and game.player.active_regions:
        for tokens, region in bot.deploy(game, rng):
            game.deploy(tokens, region)


def _turn(game: Any, bot: Bot, rng: random.Random, tally: _Tally) -> None:
    from smawg import TurnStage

    stage = game.turn_stage
    if stage == TurnStage.REDEPLOYMENT_TURN:  # tokens back after an attack
        _deploy(game, bot, rng)
        game.end_turn()
        return
    if stage == TurnStage.CAN_DECLINE and bot.should_decline(game, rng,
                                                              legal_targets(game, False)):
        game.decline()
        game.end_turn()
        return
    if stage == TurnStage.SELECT_COMBO:
        game.select_combo(bot.choose_combo(game, rng))
    while (pick := bot.conquest(game, rng, legal_targets(game, False))) is not None:
        tally.conquer(game, pick, False)
    player = game.player
    if player.tokens_on_hand > 0:
        targets = legal_targets(game, True)
        pick = bot.dice_conquest(game, rng, targets)
        if pick is None and not player.active_regions and targets:
            pick = targets[0][0]  # a race with no region tries the die rather than wait
        if pick is not None:
            tally.conquer(game, pick, True)
    if player.active_regions:
        game.start_redeployment()  # the plugin empties the rivers here
        _deploy(game, bot, rng)
    if next(iter(game.rules.check_end_turn()), None) is not None:
        # tokens in hand, no region to put them in, no conquest left: only a decline
        # ends such a turn, and without one the rules leave the seat no move at all
        if game.turn_stage != TurnStage.CAN_DECLINE:
            raise PlayError(f"seat {game.player_id + 1} is stuck on turn {game.current_turn}: "
                            "its race holds no region and can conquer none")
        game.decline()
    game.end_turn()


def play_game(table: Table, bots: Sequence[Bot], seed: int | str) -> GameRecord:
    """Play one game to the end; ``bots[i]`` plays seat ``i`` (turn position ``i``)."""
    from smawg import Game, roll_dice

    if len(bots) != table.players:
        raise ValueError(f"{len(bots)} bots for {table.players} players")
    rng = random.Random(seed)
    assets = table.assets.shuffle(rng)  # the combos of this game, as a box is shuffled
    game = Game(assets, table.rules, dice_roll_func=lambda: roll_dice(rng))
    tally = _Tally(len(table.region_ids))
    for _ in range(MAX_STEPS):
        if game.has_ended:
            break
        _turn(game, bots[game.player_id], rng, tally)
    else:
        raise PlayError(f"the game did not end within {MAX_STEPS} turns")
    return GameRecord(tuple(p.coins for p in game.players), tuple(b.name for b in bots),
                      tuple(tally.conquests), tuple(tally.entries), tally.first_contact,
                      tally.dice_rolls)
