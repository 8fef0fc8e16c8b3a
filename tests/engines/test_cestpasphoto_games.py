"""Exports played to the end in the REAL cestpasphoto engine (numba), one scenario per
player count it supports (2, 3 and 4): the engine draws every move at random among the
moves it says are valid (fixed seeds), and ends the game after the map's NB_ROUNDS.

Each count is one engine compile (tests/real_engines.py: ``NUMBA_OPT=0``, one process per
map), so this file runs on one xdist worker (tests/conftest.py's WHOLE_FILE) and plays few
games: the compile, not the games, is the cost."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from editor.export import export_bytes
from editor.export.cestpasphoto import at_edge
from editor.export.playable import playable_board
from editor.model.scenario_io import load_scenario
from editor.topology import derive_realm

BOOKLET = Path(__file__).resolve().parents[2] / "scenarios" / "booklet"
GAMES = [  # (scenario, count): an entry rule of its own, rivers, peaks
    ("03-go-east", 2),
    ("01-my-precious-world", 3),
    ("05-the-rusted-throne", 4),  # its Peak's fifth neighbour is a custom link
]
SEEDS = [1, 2]


@pytest.mark.parametrize("name, players", GAMES, ids=[f"{n}-{p}p" for n, p in GAMES])
def test_the_export_plays_to_the_end_in_cestpasphoto(real_cestpasphoto: Any, name: str,
                                                     players: int) -> None:
    loaded = load_scenario(next(BOOKLET.glob(f"{name}*.realm.json")))
    realm = derive_realm(loaded, players)
    text = export_bytes(loaded, "cestpasphoto", players).decode("utf-8")
    entries = {i for i, region in enumerate(playable_board(realm).regions) if at_edge(region)}
    games = real_cestpasphoto.play(text, players, [*SEEDS, SEEDS[0]])
    assert [g.seed for g in games] == [*SEEDS, SEEDS[0]]
    assert games[-1] == games[0], "the same seed played another game"  # deck draws seeded
    for game in games[:-1]:
        assert game.ended, f"seed {game.seed}: not over after {game.moves} moves"
        assert game.rounds == loaded.scenario.turns(players) + 1
        assert len(game.scores) == players
        # Peoples entered the board, each conquest under the border rule (read as the engine
        # applies it: tests/engines/cestpasphoto_driver.py) on an area the export flags.
        assert game.first_attacks, f"seed {game.seed}: no people ever entered"
        off_edge = sorted(set(game.first_attacks) - entries)
        assert not off_edge, f"seed {game.seed}: first conquests off the edge: {off_edge}"
