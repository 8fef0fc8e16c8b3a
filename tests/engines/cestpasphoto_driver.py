"""Play random legal games in copies of cestpasphoto's engine (run by tests/real_engines.py).

Usage: python cestpasphoto_driver.py '[{"engine": ENGINE_COPY, "seeds": [seed, ...]}, ...]'.
Prints one JSON line per game: the job's index, moves, final round, scores, the areas where
a people made a conquest under the border rule, and whether the engine says the game is
over. The engine's map and player count are module globals (numba compiles them in as
constants), so each job (one map and count) runs in a child forked after numpy and numba
are imported: the children share that import, and no two maps meet in one interpreter.

The border rule is read as the engine applies it (``_valids_attack``): the people playing
is the one ``game_status[player, 4]`` names (a declined Ghoul people plays too, from its
own regions), and its conquest is under the rule when that people holds no region, unless
it is Halfling or has the Flying power. The engine draws its combos with numba's random
generator when compiled and numpy's when interpreted (``NUMBA_DISABLE_JIT=1``); each game
seeds it from inside the engine's world (a jitted function), so the same seed plays the
same game in every run, compiled or not.
"""

from __future__ import annotations

import importlib
import json
import os
import random
import sys
import traceback
from types import ModuleType
from typing import Any

import numba
import numpy as np

MAX_MOVES = 20_000  # far beyond any game; a stuck engine fails instead of hanging


@numba.njit(cache=False)
def _seed_engine(seed: int) -> None:
    np.random.seed(seed)  # numba's generator when compiled: the engine's deck draws use it


class Engine:
    """The engine of one copy: its game, constants and number of areas."""

    def __init__(self, copy: str) -> None:
        sys.path.insert(0, copy)
        self.constants: ModuleType = importlib.import_module("smallworld.SmallworldConstants")
        self.areas: int = importlib.import_module("smallworld.SmallworldMaps").NB_AREAS
        self.game: Any = importlib.import_module("smallworld.SmallworldGame").SmallworldGame()

    def under_border_rule(self, board: np.ndarray, player: int) -> bool:
        """Whether the people now playing for ``player`` conquers under the border rule, as
        the engine decides it: it holds no region, and is neither Halfling nor Flying."""
        c, areas = self.constants, self.areas
        status = board[areas + 4 * c.NUMBER_PLAYERS + c.DECK_SIZE + player]
        people = board[areas + 3 * player + int(status[4])]
        if people[1] == c.HALFLING or people[2] == c.FLYING:
            return False
        return not np.any(board[:areas, 1] == people[1])

    def play(self, seed: int) -> dict[str, object]:
        game, areas = self.game, self.areas
        rng = random.Random(seed)
        _seed_engine(seed)
        board = game.getInitBoard()
        player, moves, first_attacks = 0, 0, []
        while not game.getGameEnded(board, player).any() and moves < MAX_MOVES:
            valids = game.getValidMoves(game.getCanonicalForm(board, player), 0)
            choices = np.flatnonzero(valids)
            action = int(choices[rng.randrange(len(choices))])
            # an attack (the board as stored, not canonical)
            if areas <= action < 2 * areas and self.under_border_rule(board, player):
                first_attacks.append(action - areas)
            board, player = game.getNextState(board, player, action, rng.randrange(1 << 30))
            moves += 1
        ended = bool(game.getGameEnded(board, player).any())
        scores = [int(game.getScore(board, p)) for p in range(game.getNumberOfPlayers())]
        return {"seed": seed, "moves": moves, "rounds": int(game.getRound(board)),
                "scores": scores, "first_attacks": first_attacks, "ended": ended}


def run_job(index: int, job: dict[str, Any]) -> None:
    engine = Engine(job["engine"])
    for seed in job["seeds"]:
        print(json.dumps({"job": index, **engine.play(seed)}), flush=True)


def main() -> int:
    failed = 0
    for index, job in enumerate(json.loads(sys.argv[1])):
        sys.stdout.flush()
        pid = os.fork()
        if pid == 0:  # the child: one map, then gone without running the parent's exit code
            code = 0
            try:
                run_job(index, job)
            except BaseException:  # reported on stderr; the parent fails the run
                traceback.print_exc()
                code = 1
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
                os._exit(code)
        _, status = os.waitpid(pid, 0)
        if os.waitstatus_to_exitcode(status) != 0:
            print(f"job {index} ({job['engine']}) failed", file=sys.stderr, flush=True)
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
