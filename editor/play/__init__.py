"""Playtests: games of a realm played to the end in the real smawg engine by bots.

``playtest(source, players, games, seed, bot, jobs)`` returns a
:class:`~editor.play.playtest.PlaytestResult` (seat win rates and scores with 95 %
intervals, spread, first player's advantage, regions never conquered, entries used, first
contact, conquests per region). smawg is optional (the ``play`` extra plus smawg itself):
without it :class:`~editor.play.engine.SmawgMissing` says how to install it. Nothing here
imports Qt; only the heat map's PNG does, when asked for.

The names below load on first use: the editor's window reads the playtest's settings and
bots (``editor.play.settings``, ``editor.play.bots``) for its first frame, and importing
them must not bring numpy, multiprocessing and the project's metadata with the games.
"""

from __future__ import annotations

import sys
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from editor.play.engine import PlayError, SmawgMissing
    from editor.play.playtest import PlaytestResult, playtest

__all__ = ["PlayError", "PlaytestResult", "SmawgMissing", "playtest"]
_HOME = {"PlayError": "engine", "SmawgMissing": "engine", "PlaytestResult": "playtest",
         "playtest": "playtest"}


class _Package(ModuleType):
    """``editor.play.playtest`` is the function, as when this package imported it eagerly:
    the import system's binding of the submodule of that name is not kept."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "playtest" and isinstance(value, ModuleType):
            return
        super().__setattr__(name, value)

    def __getattr__(self, name: str) -> Any:
        home = _HOME.get(name)
        if home is None:
            raise AttributeError(f"module {self.__name__!r} has no attribute {name!r}")
        value = getattr(import_module(f"{self.__name__}.{home}"), name)
        super().__setattr__(name, value)
        return value


sys.modules[__name__].__class__ = _Package
