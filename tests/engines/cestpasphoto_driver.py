"""Play random legal games in one copy of cestpasphoto's engine (run by tests/real_engines.py).

Usage: python cestpasphoto_driver.py ENGINE_COPY '[seed, ...]'. Prints one JSON line per
game: moves, final round, scores, the areas where a people made a conquest under the
border rule, and whether the engine says the game is over. A subprocess, because the
engine's map and player count are module globals that numba compiles in: one process per
map.

The border rule is read as the engine applies it (``_valids_attack``): the people playing
is the one ``game_status[player, 4]`` names (a declined Ghoul people plays too, from its
own regions), and its conquest is under the rule when that people holds no region, unless
it is Halfling or has the Flying power. The engine draws its combos with numba's own
random generator, which numpy's seed does not reach, so each game seeds it from inside
compiled code: the same seed plays the same game in every run.
"""

from __future__ import annotations

import json
import random
import sys

import numba
import numpy as np

sys.path.insert(0, sys.argv[1])

from smallworld import SmallworldConstants as C
from smallworld.SmallworldGame import SmallworldGame
from smallworld.SmallworldMaps import NB_AREAS

MAX_MOVES = 20_000  # far beyond any game; a stuck engine fails instead of hanging


@numba.njit(cache=False)
def _seed_engine(seed: int) -> None:
    np.random.seed(seed)  # numba's generator: the engine's deck draws use it


def _under_border_rule(board: np.ndarray, player: int) -> bool:
    """Whether the people now playing for ``player`` conquers under the border rule, as
    the engine decides it: it holds no region, and is neither Halfling nor Flying."""
    status = board[NB_AREAS + 4 * C.NUMBER_PLAYERS + C.DECK_SIZE + player]
    people = board[NB_AREAS + 3 * player + int(status[4])]
    if people[1] == C.HALFLING or people[2] == C.FLYING:
        return False
    return not np.any(board[:NB_AREAS, 1] == people[1])


def play(game: SmallworldGame, seed: int) -> dict[str, object]:
    rng = random.Random(seed)
    _seed_engine(seed)
    board = game.getInitBoard()
    player, moves, first_attacks = 0, 0, []
    while not game.getGameEnded(board, player).any() and moves < MAX_MOVES:
        valids = game.getValidMoves(game.getCanonicalForm(board, player), 0)
        choices = np.flatnonzero(valids)
        action = int(choices[rng.randrange(len(choices))])
        # an attack (the board as stored, not canonical)
        if NB_AREAS <= action < 2 * NB_AREAS and _under_border_rule(board, player):
            first_attacks.append(action - NB_AREAS)
        board, player = game.getNextState(board, player, action, rng.randrange(1 << 30))
        moves += 1
    ended = bool(game.getGameEnded(board, player).any())
    scores = [int(game.getScore(board, p)) for p in range(game.getNumberOfPlayers())]
    return {"seed": seed, "moves": moves, "rounds": int(game.getRound(board)),
            "scores": scores, "first_attacks": first_attacks, "ended": ended}


def main() -> None:
    game = SmallworldGame()
    for seed in json.loads(sys.argv[2]):
        print(json.dumps(play(game, seed)), flush=True)


if __name__ == "__main__":
    main()
