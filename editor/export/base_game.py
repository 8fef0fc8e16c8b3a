"""The base game's races and special powers (``editor/data/base_game.json``)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from editor.model.jsonio import load_json
from editor.model.paths import data_file

BASE_GAME_PATH = data_file("base_game.json")


@dataclass(frozen=True)
class Race:
    name: str
    tokens: int
    max_tokens: int


@dataclass(frozen=True)
class Power:
    name: str
    tokens: int


@dataclass(frozen=True)
class BaseGame:
    races: tuple[Race, ...]
    powers: tuple[Power, ...]
    coins_on_start: int
    selectable_combos: int


@cache
def base_game() -> BaseGame:
    data, _text = load_json(BASE_GAME_PATH)
    return BaseGame(
        tuple(Race(r["name"], int(r["tokens"]), int(r["max_tokens"])) for r in data["races"]),
        tuple(Power(p["name"], int(p["tokens"])) for p in data["powers"]),
        int(data["smawg"]["coins_on_start"]),
        int(data["smawg"]["selectable_combos"]),
    )
