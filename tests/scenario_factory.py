"""Build small scenarios in memory for tests, using the hand-made test catalogue."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from editor.model.scenario_io import LoadedScenario, parse_scenario

TEST_DATA = Path(__file__).parent / "data"


def tile(letter: str, q: int, r: int, rotation: int = 0, side: str = "surface",
         **presence: Any) -> dict[str, Any]:
    return {"tile": letter, "side": side, "q": q, "r": r, "rotation": rotation, **presence}


def scenario_dict(tiles: list[dict[str, Any]], *, players: tuple[int, int] = (2, 4),
                  boards: list[dict[str, Any]] | None = None, **sections: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format_version": 1,
        "title": "Test realm",
        "players": {"min": players[0], "max": players[1]},
        "catalogues": ["test-tiles.json"],
        "boards": boards if boards is not None else [
            {"id": "surface", "kind": "surface", "tiles": tiles}],
    }
    data.update(sections)
    return data


def load_dict(data: dict[str, Any]) -> LoadedScenario:
    return parse_scenario(json.dumps(data), "<test>", TEST_DATA)


def build(tiles: list[dict[str, Any]], **kwargs: Any) -> LoadedScenario:
    return load_dict(scenario_dict(tiles, **kwargs))
