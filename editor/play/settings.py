"""The playtest's settings from ``editor/data/playtest.json`` (bot chances, heat colours)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parents[1] / "data" / "playtest.json"


@cache
def settings() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))
    return data
