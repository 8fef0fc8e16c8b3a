"""Playtests: games of a realm played to the end in the real smawg engine by bots.

``playtest(source, players, games, seed, bot, jobs)`` returns a
:class:`~editor.play.playtest.PlaytestResult` (seat win rates and scores with 95 %
intervals, spread, first player's advantage, regions never conquered, entries used, first
contact, conquests per region). smawg is optional (the ``play`` extra plus smawg itself):
without it :class:`~editor.play.engine.SmawgMissing` says how to install it. Nothing here
imports Qt; only the heat map's PNG does, when asked for.
"""

from __future__ import annotations

from editor.play.engine import PlayError, SmawgMissing
from editor.play.playtest import PlaytestResult, playtest

__all__ = ["PlayError", "PlaytestResult", "SmawgMissing", "playtest"]
