"""Play random legal games in one copy of cestpasphoto's engine (run by tests/real_engines.py).

Usage: python cestpasphoto_driver.py ENGINE_COPY '[seed, ...]'. Prints one JSON line per
game: moves, final round, scores, the areas where a new people made its first conquest
under the border rule (Halflings and Flying peoples are exempt in the engine), and whether
the engine says the game is over. A subprocess, because the engine's map and player count
are module globals that numba compiles in: one process per map.
"""

from __future__ import annotations

import json
import random
import sys

import numpy as np

sys.path.insert(0, sys.argv[1])

from smallworld import SmallworldConstants as C
from smallworld.SmallworldGame import SmallworldGame
from smallworld.SmallworldMaps import NB_AREAS

MAX_MOVES = 20_000  # far beyond any game; a stuck engine fails instead of hanging


def play(game: SmallworldGame, seed: int) -> dict[str, object]:
    rng = random.Random(seed)
    board = game.getInitBoard()
    player, moves, first_attacks = 0, 0, []
    while not game.getGameEnded(board, player).any() and moves < MAX_MOVES:
        valids = game.getValidMoves(game.getCanonicalForm(board, player), 0)
        choices = np.flatnonzero(valids)
        action = int(choices[rng.randrange(len(choices))])
        if NB_AREAS <= action < 2 * NB_AREAS:
            # the rows of the board as stored (not canonical): areas first, then 3 rows of
            # peoples per player, the active people last
            areas = board[:NB_AREAS]
            active = board[NB_AREAS + 3 * player + 2]
            holds = np.any((areas[:, 7] == player) & (areas[:, 1] > 0))
            exempt = active[1] == C.HALFLING or active[2] == C.FLYING
            if not holds and not exempt:
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
