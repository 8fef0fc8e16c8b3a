"""Exports played to the end in the REAL cestpasphoto engine: every booklet scenario the
engine can take, at each count it supports (2, 3 and 4 players). The engine draws every move
at random among the moves it says are valid (fixed seeds) and ends the game after the map's
NB_ROUNDS.

The engine's own Python is run as written (``NUMBA_DISABLE_JIT=1``: a map in a tenth of a
second), all maps in one driver process (tests/real_engines.py); one map is also played
compiled by numba, as players run it, and must give the same games: the compile is about a
minute of CPU, so that test runs once, on one xdist worker (tests/conftest.py's WHOLE_FILE).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest
from real_engines import GameRecord

from editor.export import export_bytes
from editor.export.cestpasphoto import at_edge
from editor.export.playable import playable_board
from editor.model.scenario_io import LoadedScenario, load_scenario
from editor.topology import derive_realm

BOOKLET = Path(__file__).resolve().parents[2] / "scenarios" / "booklet"
ENGINE_COUNTS = (2, 3, 4)
# Not exportable to cestpasphoto at any of its counts (the export refuses them, with the
# reason: tests/export covers that refusal).
NOT_PLAYABLE = {
    "09-a-game-of-gods": "built during play (its dynamic section)",
    "11-all-together-now": "5 players only",
}
SEEDS = [1, 2, 3]
COMPILED = ("05-the-rusted-throne", 4)  # its Peak's fifth neighbour is a custom link


@cache
def _scenario(name: str) -> LoadedScenario:
    return load_scenario(next(BOOKLET.glob(f"{name}*.realm.json")))


def _maps() -> list[tuple[str, int]]:
    maps = []
    for path in sorted(BOOKLET.glob("*.realm.json")):
        name = path.name.removesuffix(".realm.json")
        if name in NOT_PLAYABLE:
            continue
        counts = _scenario(name).scenario.player_counts
        maps += [(name, count) for count in ENGINE_COUNTS if count in counts]
    return maps


MAPS = _maps()


@cache
def _export(name: str, players: int) -> str:
    return export_bytes(_scenario(name), "cestpasphoto", players).decode("utf-8")


@pytest.fixture(scope="module")
def played(real_cestpasphoto: Any) -> dict[tuple[str, int], list[GameRecord]]:
    """Every map's games (each seed, then the first again), from one driver run."""
    games = real_cestpasphoto.play_many(
        [(_export(name, players), players, [*SEEDS, SEEDS[0]]) for name, players in MAPS])
    return dict(zip(MAPS, games, strict=True))


def test_every_playable_booklet_scenario_is_played() -> None:
    assert len(MAPS) >= 20 and {p for _, p in MAPS} == set(ENGINE_COUNTS)
    assert {n for n, _ in MAPS} | set(NOT_PLAYABLE) == {
        p.name.removesuffix(".realm.json") for p in BOOKLET.glob("*.realm.json")}


@pytest.mark.parametrize("name, players", MAPS, ids=[f"{n}-{p}p" for n, p in MAPS])
def test_the_export_plays_to_the_end_in_cestpasphoto(
        played: dict[tuple[str, int], list[GameRecord]], name: str, players: int) -> None:
    loaded = _scenario(name)
    realm = derive_realm(loaded, players)
    entries = {i for i, region in enumerate(playable_board(realm).regions) if at_edge(region)}
    games = played[name, players]
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


def test_the_compiled_engine_plays_the_same_games(
        real_cestpasphoto: Any, played: dict[tuple[str, int], list[GameRecord]]) -> None:
    """numba compiles the export's map into the engine (a map it cannot type fails here),
    and its games are the interpreted engine's, seed for seed: what the interpreted runs
    above show holds for the engine as players run it."""
    name, players = COMPILED
    games = real_cestpasphoto.play(_export(name, players), players, SEEDS[:2], compiled=True)
    assert games == played[COMPILED][:2]
    assert all(game.ended for game in games)
