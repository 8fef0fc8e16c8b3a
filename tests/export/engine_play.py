"""Stand-ins for the core rules of smawg and of cestpasphoto's engine: load an exported
board the way each engine loads it, then play a seeded random game on it to the end.

Neither engine is installable here (smawg and alpha-zero-general are not on the package
index this project uses), so "plays to the end" (issue 26) is checked against what the two
engines need from a map, as /work/shared/notes/hex-and-formats.md describes them:

- **loading**: smawg reads the JSON assets with pydantic-like checks (types, indexes in
  range, no self-loops, at least ``n_players`` abilities and ``2 * n_players`` races);
  cestpasphoto imports ``SmallworldMaps_<N>pl.py`` as a module of its ``smallworld``
  package, whose ``from .SmallworldConstants import *`` brings ``np`` and the terrain
  constants, and reads ``NB_ROUNDS``, ``NB_AREAS``, ``descr`` and ``connexity_matrix``;
- **rules**: players in turn pick a race and power combo (from the six shown, paying one
  coin per combo skipped), ready their troops, conquer (the first conquest of a race on an
  entry region, later ones next to a region the race holds; water can never be conquered;
  the cost is 2 tokens, +1 on a mountain, +1 per token there, a Lost Tribe being one),
  may throw the reinforcement die for a last conquest, redeploy, sometimes go into decline
  instead, and score one coin per region held, for ``n_turns`` / ``NB_ROUNDS`` turns.

Entry regions: smawg lets a race in on a land tile ``is_at_map_border`` or on the shore of
a border Sea; cestpasphoto on a land area whose ``at_edge`` flag is set. Race and power
abilities, symbols' bonuses and the AI are not simulated: they change scores, not whether
a board can be played. Every move is checked by the engine itself (:class:`IllegalMove`),
and the whole state after every turn (:meth:`Game.check`).
"""

from __future__ import annotations

import json
import random
import sys
import types
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

BASE_GAME = Path(__file__).resolve().parents[2] / "editor" / "data" / "base_game.json"
SMAWG_TERRAINS = ("Farmland", "Forest", "Hill", "Swamp", "Mountain", "Sea", "Lake")
SMAWG_WATER = ("Sea", "Lake")
SMAWG_SYMBOLS = ("Cavern", "Mine", "Magic Source", "Lost Tribe")
# cestpasphoto's SmallworldConstants: FORESTT 0, FARMLAND 1, HILLT 2, SWAMPT 3, MOUNTAIN 4,
# WATER 5; descr columns: terrain, cavern, magic, mine, lost-tribe, at-edge.
CESTPASPHOTO_TERRAINS = {"FORESTT": 0, "FARMLAND": 1, "HILLT": 2, "SWAMPT": 3,
                         "MOUNTAIN": 4, "WATER": 5}
MOUNTAIN, WATER = 4, 5
SHOWN_COMBOS = 6
START_COINS = 5
DIE = (0, 0, 0, 1, 2, 3)  # the reinforcement die's faces
DECLINE_CHANCE = 0.15


class BadMap(ValueError):
    """The engine would refuse to load this file."""


class IllegalMove(AssertionError):
    """A move or a state the engine's rules forbid."""


@dataclass(frozen=True)
class Area:
    """One region as the engine sees it."""

    water: bool
    mountain: bool
    lost_tribe: bool
    entry: bool  # may be a race's first conquest


@dataclass(frozen=True)
class Board:
    engine: str
    players: int
    turns: int
    areas: tuple[Area, ...]
    neighbours: tuple[frozenset[int], ...]
    combos: tuple[int, ...]  # tokens of each race + power pair the engine may deal
    coins: int = START_COINS  # each player's coins at the start
    shown: int = SHOWN_COMBOS  # combos on display to choose from


def _require(ok: bool, message: str) -> None:
    if not ok:
        raise BadMap(message)


def _int(value: Any, where: str, low: int = 0) -> int:
    _require(isinstance(value, int) and not isinstance(value, bool) and value >= low,
             f"{where}: {value!r} is not an integer >= {low}")
    return int(value)


def _combos(races: list[tuple[int, int]], powers: list[int]) -> tuple[int, ...]:
    """Race + power tokens, paired in deck order and capped at the race's pieces."""
    return tuple(min(race + power, most)
                 for (race, most), power in zip(races, powers, strict=False))


def load_smawg(text: str) -> Board:
    """Read a smawg assets file with the checks smawg's pydantic models make."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadMap(f"not JSON: {exc}") from None
    _require(isinstance(doc, dict), "the assets are not an object")
    for key in ("name", "description", "n_players", "n_coins_on_start",
                "n_selectable_combos", "n_turns", "abilities", "races", "map"):
        _require(key in doc, f"missing {key!r}")
    players = _int(doc["n_players"], "n_players", 1)
    turns = _int(doc["n_turns"], "n_turns", 1)
    coins = _int(doc["n_coins_on_start"], "n_coins_on_start")
    shown = _int(doc["n_selectable_combos"], "n_selectable_combos", 1)
    abilities, races = doc["abilities"], doc["races"]
    _require(isinstance(abilities, list) and len(abilities) >= players,
             f"{len(abilities)} abilities for {players} players")
    _require(isinstance(races, list) and len(races) >= 2 * players,
             f"{len(races)} races for {players} players (at least twice as many)")
    powers = [_int(a.get("n_tokens"), f"abilities[{i}].n_tokens")
              for i, a in enumerate(abilities)]
    pieces = []
    for i, race in enumerate(races):
        tokens = _int(race.get("n_tokens"), f"races[{i}].n_tokens", 1)
        most = _int(race.get("max_n_tokens"), f"races[{i}].max_n_tokens", 1)
        _require(tokens <= most, f"races[{i}]: more tokens than pieces")
        pieces.append((tokens, most))
    tiles, borders = doc["map"].get("tiles"), doc["map"].get("tile_borders")
    _require(isinstance(tiles, list) and isinstance(borders, list), "map without tiles")
    neighbours: list[set[int]] = [set() for _ in tiles]
    for pair in borders:
        _require(isinstance(pair, list) and len(pair) == 2, f"border {pair!r} is not a pair")
        a, b = (_int(x, f"border {pair!r}") for x in pair)
        _require(a < len(tiles) and b < len(tiles), f"border {pair!r}: index out of range")
        _require(a != b, f"border {pair!r} joins a tile to itself")
        neighbours[a].add(b)
        neighbours[b].add(a)
    kinds = []
    for i, tile in enumerate(tiles):
        terrain = tile.get("terrain")
        _require(terrain in SMAWG_TERRAINS, f"tiles[{i}]: unknown terrain {terrain!r}")
        symbols = tile.get("symbols", [])
        _require(all(s in SMAWG_SYMBOLS for s in symbols), f"tiles[{i}]: unknown symbol")
        kinds.append((terrain, "Lost Tribe" in symbols,
                      bool(tile.get("is_at_map_border", False))))
    areas = []
    for i, (terrain, tribe, border) in enumerate(kinds):
        water = terrain in SMAWG_WATER
        shore = any(kinds[j][0] == "Sea" and kinds[j][2] for j in neighbours[i])
        areas.append(Area(water, terrain == "Mountain", tribe, not water and (border or shore)))
    return Board("smawg", players, turns, tuple(areas), tuple(map(frozenset, neighbours)),
                 _combos(pieces, powers), coins, shown)


def _run_module(text: str, players: int) -> types.ModuleType:
    """Run the module as ``smallworld.SmallworldMaps_<N>pl``, next to a stub
    ``smallworld.SmallworldConstants`` (numpy and the terrain constants), as the engine's
    package imports it; the package is removed from ``sys.modules`` afterwards."""
    import numpy as np

    package = types.ModuleType("smallworld")
    package.__path__ = []
    constants = types.ModuleType("smallworld.SmallworldConstants")
    constants.__dict__.update(np=np, **CESTPASPHOTO_TERRAINS)
    module = types.ModuleType(f"smallworld.SmallworldMaps_{players}pl")
    module.__package__ = "smallworld"
    saved = {k: sys.modules.get(k) for k in ("smallworld", constants.__name__, module.__name__)}
    sys.modules.update({"smallworld": package, constants.__name__: constants,
                        module.__name__: module})
    try:
        exec(compile(text, f"SmallworldMaps_{players}pl.py", "exec"), module.__dict__)
    except Exception as exc:  # the engine's import would fail the same way
        raise BadMap(f"the module does not run: {type(exc).__name__}: {exc}") from None
    finally:
        for key, old in saved.items():
            if old is None:
                sys.modules.pop(key, None)
            else:
                sys.modules[key] = old
    return module


def load_cestpasphoto(text: str, players: int) -> Board:
    """Import ``SmallworldMaps_<N>pl.py`` and read what the engine reads from it."""
    import numpy as np

    _require(2 <= players <= 4, f"the engine plays 2-4 players, not {players}")
    module = _run_module(text, players)
    for name in ("NB_ROUNDS", "NB_AREAS", "descr", "connexity_matrix"):
        _require(hasattr(module, name), f"the module defines no {name}")
    rounds = _int(module.NB_ROUNDS, "NB_ROUNDS", 1)
    count = _int(module.NB_AREAS, "NB_AREAS", 1)
    descr, matrix = module.descr, module.connexity_matrix
    _require(isinstance(descr, np.ndarray) and descr.dtype == np.int8
             and descr.shape == (count, 6), "descr is not an int8 NB_AREAS x 6 array")
    _require(isinstance(matrix, np.ndarray) and matrix.dtype == np.int8
             and matrix.shape == (count, count), "connexity_matrix is not NB_AREAS square")
    _require(bool((matrix == matrix.T).all()), "connexity_matrix is not symmetric")
    _require(not matrix.diagonal().any(), "an area is its own neighbour")
    _require(bool(np.isin(descr[:, 0], range(6)).all()), "descr has an unknown terrain")
    _require(bool(np.isin(descr[:, 1:], (0, 1)).all()), "descr flags are not booleans")
    areas = tuple(Area(int(row[0]) == WATER, int(row[0]) == MOUNTAIN, bool(row[4]),
                       int(row[0]) != WATER and bool(row[5])) for row in descr)
    neighbours = tuple(frozenset(int(j) for j in np.flatnonzero(matrix[i]))
                       for i in range(count))
    # the engine deals the base game's races and powers (they are not in the map file)
    base = json.loads(BASE_GAME.read_text(encoding="utf-8"))
    combos = _combos([(r["tokens"], r["max_tokens"]) for r in base["races"]],
                     [p["tokens"] for p in base["powers"]])
    return Board("cestpasphoto", players, rounds, areas, neighbours, combos)


@dataclass
class Player:
    coins: int = START_COINS
    race: int | None = None  # tokens the active race still has (board + hand)
    hand: int = 0
    combo: int = 0  # the active combo as dealt (it goes back to the deck after decline)
    declined: int | None = None  # the combo in decline, if any
    conquests: int = 0


@dataclass(frozen=True)
class Conquest:
    turn: int
    player: int
    area: int
    via: int | None  # the race's region next to it; None for an entry conquest


@dataclass
class Game:
    """One seeded game on ``board``: :meth:`play` runs every turn and returns ``self``."""

    board: Board
    seed: int
    players: list[Player] = field(default_factory=list)
    owner: list[tuple[int, bool] | None] = field(default_factory=list)  # (player, active)
    tokens: list[int] = field(default_factory=list)
    log: list[Conquest] = field(default_factory=list)
    turns_played: int = 0

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self.players = [Player(coins=self.board.coins) for _ in range(self.board.players)]
        self.owner = [None] * len(self.board.areas)
        self.tokens = [int(a.lost_tribe and not a.water) for a in self.board.areas]
        self.deck = list(self.board.combos)
        self.rng.shuffle(self.deck)

    def held(self, p: int, active: bool = True) -> list[int]:
        return [i for i, o in enumerate(self.owner) if o == (p, active)]

    def cost(self, area: int) -> int:
        return 2 + int(self.board.areas[area].mountain) + self.tokens[area]

    def targets(self, p: int) -> list[int]:
        """Where player ``p``'s active race may attack now."""
        mine = self.held(p)
        reach = ({i for i, a in enumerate(self.board.areas) if a.entry} if not mine
                 else {n for i in mine for n in self.board.neighbours[i]})
        return sorted(i for i in reach
                      if not self.board.areas[i].water and self.owner[i] != (p, True))

    def conquer(self, p: int, area: int, used: int, turn: int) -> None:
        """The engine's checks, then the conquest."""
        player, target = self.players[p], self.board.areas[area]
        if target.water:
            raise IllegalMove(f"turn {turn}: player {p} conquers water area {area}")
        mine = self.held(p)
        if not mine and not target.entry:
            raise IllegalMove(f"turn {turn}: first conquest of player {p} on area {area}, "
                              "not an entry region")
        if mine and not self.board.neighbours[area] & set(mine):
            raise IllegalMove(f"turn {turn}: area {area} is not next to player {p}'s race")
        if self.owner[area] == (p, True) or not 0 < used <= player.hand:
            raise IllegalMove(f"turn {turn}: player {p} cannot send {used} to {area}")
        holder = self.owner[area]
        if holder is not None and holder[1]:  # an active race loses one token
            loser = self.players[holder[0]]
            assert loser.race is not None
            loser.race -= 1
            loser.hand += self.tokens[area] - 1
        self.owner[area], self.tokens[area] = (p, True), used
        player.hand -= used
        player.conquests += 1
        via = min(self.board.neighbours[area] & set(mine)) if mine else None
        self.log.append(Conquest(turn, p, area, via))

    def _pick(self, player: Player) -> None:
        shown = min(self.board.shown, len(self.deck))
        if shown == 0:
            return
        index = self.rng.randrange(shown)
        if index > player.coins:
            index = 0
        player.coins -= index  # one coin on each combo skipped
        player.race = player.hand = player.combo = self.deck.pop(index)

    def _decline(self, p: int) -> None:
        player = self.players[p]
        for i in self.held(p, active=False):  # the older declined race leaves the board
            self.owner[i], self.tokens[i] = None, 0
        if player.declined is not None:  # and goes to the bottom of the deck
            self.deck.append(player.declined)
        for i in self.held(p):
            self.owner[i], self.tokens[i] = (p, False), 1
        player.race, player.hand, player.declined = None, 0, player.combo

    def turn(self, p: int, turn: int) -> None:
        player = self.players[p]
        if player.race is None:
            self._pick(player)
            if player.race is None:
                return
        elif self.held(p) and self.rng.random() < DECLINE_CHANCE:
            self._decline(p)
            self._score(p)
            return
        for i in self.held(p):  # ready the troops: one token stays on each region
            player.hand += self.tokens[i] - 1
            self.tokens[i] = 1
        while True:
            options = self.targets(p)
            affordable = [i for i in options if self.cost(i) <= player.hand]
            if affordable:
                area = affordable[self.rng.randrange(len(affordable))]
                self.conquer(p, area, self.cost(area), turn)
                continue
            near = [i for i in options if self.cost(i) - player.hand <= 3]
            if player.hand and near:  # the last attack, with the reinforcement die
                area = near[self.rng.randrange(len(near))]
                if player.hand + self.rng.choice(DIE) >= self.cost(area):
                    self.conquer(p, area, player.hand, turn)
            break
        mine = self.held(p)
        while mine and player.hand:  # redeploy what is left in hand
            self.tokens[mine[self.rng.randrange(len(mine))]] += 1
            player.hand -= 1
        self._score(p)

    def _score(self, p: int) -> None:
        self.players[p].coins += len(self.held(p)) + len(self.held(p, active=False))

    def check(self) -> None:
        """The state every engine keeps: nobody on water, every held region with a token,
        each active race's tokens all on the board or in hand."""
        for i, (area, holder) in enumerate(zip(self.board.areas, self.owner, strict=True)):
            if holder is None:
                if self.tokens[i] not in (0, int(area.lost_tribe)):
                    raise IllegalMove(f"area {i}: {self.tokens[i]} tokens and no owner")
                continue
            if area.water:
                raise IllegalMove(f"area {i} is water and held by player {holder[0]}")
            if self.tokens[i] < 1 or (not holder[1] and self.tokens[i] != 1):
                raise IllegalMove(f"area {i}: {self.tokens[i]} tokens for {holder}")
        for p, player in enumerate(self.players):
            if player.race is None:
                if self.held(p):
                    raise IllegalMove(f"player {p} holds regions with no active race")
                continue
            placed = sum(self.tokens[i] for i in self.held(p))
            if placed + player.hand != player.race or player.hand < 0:
                raise IllegalMove(f"player {p}: {placed} placed + {player.hand} in hand is "
                                  f"not the race's {player.race} tokens")

    def play(self) -> Game:
        for turn in range(1, self.board.turns + 1):
            for p in range(self.board.players):
                self.turn(p, turn)
                self.check()
            self.turns_played = turn
        return self


def play_to_the_end(board: Board, seed: int) -> Game:
    """A whole game, then what "played to the end" means: every turn played, every player
    conquered at least once, and every conquest legal (checked again from the log)."""
    game = Game(board, seed).play()
    assert game.turns_played == board.turns
    for p, player in enumerate(game.players):
        assert player.conquests > 0, f"{board.engine}: player {p} never conquered anything"
    for move in game.log:
        area = board.areas[move.area]
        assert not area.water
        assert area.entry if move.via is None else move.via in board.neighbours[move.area]
    return game
