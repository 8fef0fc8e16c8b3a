"""``playtest``: many games of a board in smawg, summed up with 95 % intervals.

This is the API other parts of Realms Studio call (the balance standard's validation, the
CLI): give it a scenario (a path, a loaded scenario or a derived realm), a player count, a
number of games, a seed and a bot, and it returns a :class:`PlaytestResult`. The result is
the same for a seed whatever ``jobs`` is: each game's seed depends only on the run's seed
and the game's number.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from editor.play.bots import BOTS, make_bot
from editor.play.driver import GameRecord, game_seed, play_game
from editor.play.engine import Table, make_table
from editor.play.stats import Estimate, bootstrap, mean_interval, wilson
from editor.workers import owned_pool

if TYPE_CHECKING:
    from editor.model.scenario_io import LoadedScenario
    from editor.topology.realm import Realm

Progress = Callable[[int, int], None]  # (games done, games in all)
CHUNK = 25  # games per unit of work handed to a worker process (and per progress step)


@dataclass(frozen=True)
class SeatFigures:
    """One turn position: seat 1 plays first in every game."""

    seat: int
    win_rate: Estimate  # share of games won (a tie shares the win)
    mean_score: Estimate  # coins at the end


@dataclass(frozen=True)
class RegionFigures:
    """One region of the board over all games."""

    id: str
    land: bool
    entry: bool  # the rules let a new race conquer it first
    conquests: float  # mean conquests per game
    entered: int  # races that entered the board through it, over all games


@dataclass(frozen=True)
class PlaytestResult:
    """Everything ``realms playtest`` reports; :meth:`as_dict` is its JSON form."""

    title: str
    players: int
    turns: int
    games: int
    seed: int
    bots: tuple[str, ...]  # the bots in seat order of game 0 (rotated one seat per game)
    seats: tuple[SeatFigures, ...]
    spread: Estimate  # best seat's win rate minus the worst seat's
    first_player_advantage: Estimate  # seat 1's win rate minus a fair share (1 / players)
    regions: tuple[RegionFigures, ...]
    unconquered_share: Estimate  # share of land regions a game leaves never conquered
    first_contact: Estimate  # turn of the first conquest of another player's region
    games_without_contact: int
    bot_win_rates: dict[str, Estimate] = field(default_factory=dict)  # when bots are mixed

    @property
    def never_conquered(self) -> tuple[str, ...]:
        """Land regions no game conquered."""
        return tuple(r.id for r in self.regions if r.land and r.conquests == 0)

    @property
    def entries_used(self) -> dict[str, int]:
        """Entry regions races entered the board through, and how many races did."""
        return {r.id: r.entered for r in self.regions if r.entry and r.entered}

    @property
    def entered_elsewhere(self) -> int:
        """Races that entered outside the entry regions: a power the scenario exempts from
        its entry rule may enter anywhere."""
        return sum(r.entered for r in self.regions if not r.entry)

    @property
    def entries_unused(self) -> tuple[str, ...]:
        """Entry regions (by the rules) no race entered through."""
        return tuple(r.id for r in self.regions if r.entry and not r.entered)

    @property
    def heat(self) -> dict[str, float]:
        """Mean conquests per game of every region (the heat map's figures)."""
        return {r.id: r.conquests for r in self.regions}

    def as_dict(self) -> dict[str, Any]:
        return {
            "title": self.title, "players": self.players, "turns": self.turns,
            "games": self.games, "seed": self.seed, "bots": list(self.bots),
            "seats": [{"seat": s.seat, "win_rate": s.win_rate.as_dict(),
                       "mean_score": s.mean_score.as_dict(2)} for s in self.seats],
            "spread": self.spread.as_dict(),
            "first_player_advantage": self.first_player_advantage.as_dict(),
            "bot_win_rates": {k: v.as_dict() for k, v in sorted(self.bot_win_rates.items())},
            "never_conquered": list(self.never_conquered),
            "unconquered_share": self.unconquered_share.as_dict(),
            "entry_regions": [r.id for r in self.regions if r.entry],
            "entries_used": self.entries_used,
            "entries_unused": list(self.entries_unused),
            "entered_elsewhere": self.entered_elsewhere,
            "first_contact": {**self.first_contact.as_dict(2),
                              "games_without": self.games_without_contact},
            "conquests_per_game": {r.id: round(r.conquests, 4) for r in self.regions},
        }


def bot_names(bot: str | Sequence[str], players: int) -> tuple[str, ...]:
    """``"greedy"`` for every seat, or one name per seat (``"greedy,random,random"``)."""
    names = tuple(n.strip() for n in bot.split(",")) if isinstance(bot, str) else tuple(bot)
    for name in names:
        if name not in BOTS:
            raise ValueError(f"unknown bot {name!r}; use one of {', '.join(BOTS)}")
    if len(names) == 1:
        return names * players
    if len(names) != players:
        raise ValueError(f"{len(names)} bots named for {players} players; name one bot, "
                         "or one per player")
    return names


def seat_bots(names: Sequence[str], index: int) -> tuple[str, ...]:
    """The bots of game ``index``: the list turned one seat per game, so that over a run
    each bot plays every turn position equally often."""
    k = index % len(names)
    return tuple(names[k:]) + tuple(names[:k])


# -- running games ---------------------------------------------------------------------
_TABLE: Table | None = None  # the board of the run, inherited by forked workers


def _play_chunk(job: tuple[int, int, int, tuple[str, ...]]) -> list[GameRecord]:
    seed, start, stop, names = job
    assert _TABLE is not None
    out = []
    for index in range(start, stop):
        bots = [make_bot(name) for name in seat_bots(names, index)]
        out.append(play_game(_TABLE, bots, game_seed(seed, index)))
    return out


def play_games(table: Table, games: int, seed: int, names: Sequence[str], jobs: int = 1,
               progress: Progress | None = None) -> list[GameRecord]:
    """``games`` games of ``table``, in game order whatever ``jobs`` is."""
    global _TABLE
    _TABLE = table
    work = [(seed, start, min(start + CHUNK, games), tuple(names))
            for start in range(0, games, CHUNK)]
    records: list[GameRecord] = []
    try:
        if jobs <= 1 or len(work) < 2:
            # game by game: the progress moves at each game, and a progress that raises
            # (the editor's Cancel) stops the run after one game, not one chunk
            for index in range(games):
                records += _play_chunk((seed, index, index + 1, tuple(names)))
                if progress is not None:
                    progress(len(records), games)
            return records
        # forked: the workers start with the table loaded; stopped with the command
        with owned_pool(jobs) as pool:
            for chunk in pool.map(_play_chunk, work):
                records += chunk
                if progress is not None:
                    progress(len(records), games)
        return records
    finally:
        _TABLE = None


# -- summing up --------------------------------------------------------------------------
def summarise(table: Table, records: Sequence[GameRecord], seed: int,
              names: Sequence[str]) -> PlaytestResult:
    """The figures of a run, with their 95 % intervals."""
    n, players = len(records), table.players
    wins = [r.winners for r in records]
    seats = tuple(
        SeatFigures(s + 1, wilson(sum(w[s] for w in wins), n),
                    mean_interval([r.scores[s] for r in records]))
        for s in range(players))

    def spread_of(rates: np.ndarray) -> np.ndarray:
        spread: np.ndarray = rates.max(axis=1) - rates.min(axis=1)
        return spread

    spread = bootstrap(wins, spread_of, seed)
    first = seats[0].win_rate.shifted(-1.0 / players)
    bot_rates: dict[str, Estimate] = {}
    if len(set(names)) > 1:
        totals: dict[str, list[float]] = {}
        for record, share in zip(records, wins, strict=True):
            for bot, won in zip(record.bots, share, strict=True):
                totals.setdefault(bot, []).append(won)
        bot_rates = {bot: wilson(sum(v), len(v)) for bot, v in totals.items()}
    tiles = len(table.region_ids)
    conquests = [sum(r.conquests[i] for r in records) for i in range(tiles)]
    entered = [sum(r.entries[i] for r in records) for i in range(tiles)]
    entries = set(table.entries)
    regions = tuple(
        RegionFigures(table.region_ids[i], table.land[i], i in entries,
                      conquests[i] / n if n else 0.0, entered[i])
        for i in range(tiles))
    land = [i for i in range(tiles) if table.land[i]]
    unconquered = mean_interval([sum(1 for i in land if r.conquests[i] == 0) / len(land)
                                 for r in records] if land else [])
    contacts = [r.first_contact for r in records if r.first_contact is not None]
    return PlaytestResult(
        table.title, players, table.turns, n, seed, tuple(names), seats, spread,
        first, regions, unconquered, mean_interval([float(c) for c in contacts]),
        n - len(contacts), bot_rates)


def realm_for(source: LoadedScenario | Realm | str | os.PathLike[str], players: int) -> Realm:
    """The realm of ``source`` (a path, a loaded scenario or a realm) at ``players``."""
    from editor.model.scenario_io import LoadedScenario, load_scenario
    from editor.topology import derive_realm
    from editor.topology.realm import Realm

    if isinstance(source, Realm):
        if source.players != players:
            raise ValueError(f"the realm is derived for {source.players} players, "
                             f"not {players}")
        return source
    loaded = source if isinstance(source, LoadedScenario) else load_scenario(Path(source))
    counts = loaded.scenario.player_counts
    if players not in counts:
        raise ValueError(f"{players} players is outside this scenario's "
                         f"{counts[0]}-{counts[-1]} players")
    return derive_realm(loaded, players)


def playtest(source: LoadedScenario | Realm | str | os.PathLike[str], players: int,
             games: int = 400, seed: int = 1, bot: str | Sequence[str] = "random",
             jobs: int = 1, progress: Progress | None = None) -> PlaytestResult:
    """Play ``games`` games of ``source`` at ``players`` players in smawg and sum them up.

    ``source`` is a ``*.realm.json`` path, a loaded scenario or a realm derived for
    ``players``. ``bot`` names one bot for every seat or one per seat (comma-separated or a
    sequence). ``progress(done, games)`` is called after each game (each chunk of
    :data:`CHUNK` games with ``jobs`` > 1); an exception it raises stops the run and comes
    out of this call (the editor's Cancel). Raises :class:`editor.play.engine.SmawgMissing`
    without smawg, :class:`editor.play.engine.PlayError` for a board smawg cannot play,
    :class:`editor.model.errors.LoadError` for a bad file and ``ValueError`` for bad
    arguments."""
    if games < 1:
        raise ValueError("games must be at least 1")
    names = bot_names(bot, players)
    table = make_table(realm_for(source, players))
    records = play_games(table, games, seed, names, jobs, progress)
    return summarise(table, records, seed, names)
