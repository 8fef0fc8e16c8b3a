"""The players of a playtest: a legal random bot and a greedy bot.

Both see the game only through smawg's own state and rule checker (the driver hands them
the moves the engine accepts), so a bot can never play outside the scenario's rules. They
play the base game's core turn: choose a combo (paying a coin for each one skipped), conquer,
maybe throw the reinforcement die for a last conquest, redeploy, or go into decline. They do
not model race or power abilities, symbols' bonuses, or other players' plans
(docs/playtest.md).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from editor.play.settings import settings

Target = tuple[int, int]  # (smawg tile index, tokens the conquest costs)
Deployment = list[tuple[int, int]]  # (tokens, smawg tile index)
WATER = ("Sea", "Lake")  # smawg's water terrains: a river (a Lake in the assets) scores nothing
DEFAULT_COST = 3.5  # tokens a conquest costs when no target is in sight (smawg: 3 + defence)


class Bot(Protocol):
    """A player: each method answers one decision of smawg's turn."""

    name: str

    def choose_combo(self, game: Any, rng: random.Random) -> int:
        """The index of the combo to take (one the player can pay for)."""

    def should_decline(self, game: Any, rng: random.Random, targets: Sequence[Target]) -> bool:
        """At the start of a turn with an active race: go into decline now?"""

    def conquest(self, game: Any, rng: random.Random, targets: Sequence[Target]) -> int | None:
        """The next region to conquer from ``targets`` (affordable, legal), or None to stop."""

    def dice_conquest(self, game: Any, rng: random.Random,
                      targets: Sequence[Target]) -> int | None:
        """The region to try with the reinforcement die (legal with the die), or None."""

    def deploy(self, game: Any, rng: random.Random) -> Deployment:
        """Where the tokens on hand go, among the player's active regions."""


def affordable_combos(game: Any) -> list[int]:
    """The combo indexes the current player can pay for (smawg's own condition)."""
    coins = game.player.coins
    return [i for i, combo in enumerate(game.combos) if i <= coins + combo.coins]


class RandomBot:
    """Every choice at random among the legal ones: a combo, each conquest, whether to throw
    the die for a last conquest (one time in two), where each token goes, and now and then
    (:attr:`decline_chance`) a decline."""

    name = "random"

    def __init__(self) -> None:
        chances = settings()["bots"]["random"]
        self.decline_chance = float(chances["decline_chance"])
        self.dice_chance = float(chances["dice_chance"])

    def choose_combo(self, game: Any, rng: random.Random) -> int:
        return rng.choice(affordable_combos(game))

    def should_decline(self, game: Any, rng: random.Random, targets: Sequence[Target]) -> bool:
        return rng.random() < self.decline_chance

    def conquest(self, game: Any, rng: random.Random, targets: Sequence[Target]) -> int | None:
        return rng.choice(targets)[0] if targets else None

    def dice_conquest(self, game: Any, rng: random.Random,
                      targets: Sequence[Target]) -> int | None:
        if not targets or rng.random() >= self.dice_chance:
            return None
        return rng.choice(targets)[0]

    def deploy(self, game: Any, rng: random.Random) -> Deployment:
        regions = sorted(game.player.active_regions)
        counts: dict[int, int] = {}
        for _ in range(game.player.tokens_on_hand):
            region = rng.choice(regions)
            counts[region] = counts.get(region, 0) + 1
        return [(n, region) for region, n in sorted(counts.items())]


def _conquests(tokens: int, costs: Sequence[int]) -> int:
    """How many of ``costs`` (cheapest first) ``tokens`` pay for."""
    count = 0
    for cost in sorted(costs):
        if cost > tokens:
            break
        tokens -= cost
        count += 1
    return count


class GreedyBot:
    """Coins now and next turn. It takes the combo whose tokens and coins pay most over this
    turn and the next, conquers the cheapest land in reach first (a rival's region before
    an empty one at the same cost: that coin is taken from someone; a river, which scores
    nothing and is emptied at redeployment, only when no land is in reach), always throws the die
    when a last conquest is in reach, sends its tokens to the regions that border others,
    and goes into decline when its estimate of this turn's and next turn's coins in decline
    beats holding on."""

    name = "greedy"

    @staticmethod
    def _mean_cost(targets: Sequence[Target]) -> float:
        return sum(c for _, c in targets) / len(targets) if targets else DEFAULT_COST

    def _combo_value(self, game: Any, index: int, cost: float) -> float:
        combo = game.combos[index]
        turns_left = game.assets.n_turns - game.current_turn + 1
        regions = combo.base_n_tokens / cost  # regions the race can take and hold
        return float(regions * min(turns_left, 2) + combo.coins - index)

    def choose_combo(self, game: Any, rng: random.Random) -> int:
        values = [(self._combo_value(game, i, DEFAULT_COST), rng.random(), i)
                  for i in affordable_combos(game)]
        return max(values)[2]

    def should_decline(self, game: Any, rng: random.Random, targets: Sequence[Target]) -> bool:
        if game.current_turn >= game.assets.n_turns:
            return False  # no next turn for a new race to score in
        player = game.player
        held, old = len(player.active_regions), len(player.decline_regions)
        tokens = player.tokens_on_hand
        now = _conquests(tokens, [c for _, c in targets])
        cost = self._mean_cost(targets)
        race_tokens = tokens + held
        # holding on: what it holds and takes now, then what its last tokens add next turn
        hold = (held + now + old) + (held + now + old + int(max(race_tokens - held - now, 0)
                                                            / cost))
        # in decline: its regions score as declined now (the old declined race is removed),
        # and next turn a fresh race adds its conquests to them
        fresh = max(self._combo_value(game, i, DEFAULT_COST) for i in affordable_combos(game))
        decline = held + (held + fresh / 2)
        return decline > hold

    def conquest(self, game: Any, rng: random.Random, targets: Sequence[Target]) -> int | None:
        if not targets:
            return None
        me = game.player_id
        regions = game.regions
        land = [t for t in targets if regions[t[0]].terrain not in WATER]
        if not land:  # a river: only as a way to land its tokens can still take
            land = [t for t in targets if self._leads_on(game, *t)]
            if not land:
                return None
        best = min(land, key=lambda t: (t[1], game.owner_of(t[0]) in (None, me), rng.random()))
        return best[0]

    @staticmethod
    def _leads_on(game: Any, river: int, cost: int) -> bool:
        """True when, past ``river``, a land region the player does not hold costs no more
        than the tokens left after crossing."""
        player, rules, regions = game.player, game.rules, game.regions
        left = player.tokens_on_hand - cost
        return any(regions[r].terrain not in WATER and r not in player.active_regions
                   and rules.conquest_cost(r) <= left
                   for r in game.assets.map.adjacent[river])

    def dice_conquest(self, game: Any, rng: random.Random,
                      targets: Sequence[Target]) -> int | None:
        if not targets:
            return None
        return min(targets, key=lambda t: (t[1], rng.random()))[0]

    def deploy(self, game: Any, rng: random.Random) -> Deployment:
        player = game.player
        mine = set(player.active_regions)
        adjacent = game.assets.map.adjacent
        front = sorted(r for r in mine if adjacent[r] - mine) or sorted(mine)
        tokens = player.tokens_on_hand
        share, extra = divmod(tokens, len(front))
        plan = [(share + (1 if i < extra else 0), region) for i, region in enumerate(front)]
        return [(n, region) for n, region in plan if n > 0]


BOTS: dict[str, type[RandomBot] | type[GreedyBot]] = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(name: str) -> Bot:
    """The bot called ``name`` (a key of :data:`BOTS`)."""
    try:
        return BOTS[name]()
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; use one of {', '.join(BOTS)}") from None
