"""The worked example of docs/balance.md: advice from the balance standard leading to a
better board, done for real on the model.

    python tools/balance_example.py

Scenario 1's tiles for 2 players (C D F L O R T X Y, as turned in scenarios/booklet/) are
first laid in a row; each step then follows the advice of the flags before it by moving
tiles (the placements of the scenario model), and prints the flags of the result.
"""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from editor.analysis.standard import Flag, flags  # noqa: E402
from editor.model.scenario_io import LoadedScenario, load_scenario  # noqa: E402
from editor.topology import derive_realm  # noqa: E402

SOURCE = REPO / "scenarios" / "booklet" / "01-my-precious-world.realm.json"
PLAYERS = 2
# (what the step does, where each tile goes: tile -> (q, r))
ROW = {t: (i, 0) for i, t in enumerate("CDFLORTXY")}
STEPS: list[tuple[str, dict[str, tuple[int, int]]]] = [
    ("A first try: the nine tiles in a row.", ROW),
    ("'Make the board rounder': fold the row in two (tiles R, T, X, Y go under C, D, F, L).",
     {**ROW, "R": (0, 1), "T": (1, 1), "X": (2, 1), "Y": (3, 1)}),
]


def two_player_tiles() -> LoadedScenario:
    loaded = load_scenario(SOURCE)
    board = loaded.scenario.boards[0]
    board.tiles = [p for p in board.tiles
                   if p.presence.min_players in (None, PLAYERS)
                   and (p.presence.players is None or PLAYERS in p.presence.players)]
    return loaded


def run() -> list[tuple[str, list[Flag]]]:
    """Each step's words and the flags of the board it leaves."""
    loaded = two_player_tiles()
    board = loaded.scenario.boards[0]
    found = []
    for words, where in STEPS:
        for placement in board.tiles:
            placement.q, placement.r = where[placement.tile]
        found.append((words, flags(derive_realm(loaded, PLAYERS), PLAYERS)))
    return found


def main() -> int:
    for number, (words, step_flags) in enumerate(run(), 1):
        print(f"Step {number}. {words}")
        print(f"  {len(step_flags)} flag{'s' if len(step_flags) != 1 else ''}")
        for flag in step_flags:
            print(f"  ! {flag.message}")
            print(f"    what to change: {flag.advice}")
        print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
