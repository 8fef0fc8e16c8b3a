"""The playtest's settings from ``editor/data/playtest.json`` (bot chances, heat colours)."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from editor.model.paths import data_file


@cache
def settings() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(data_file("playtest.json").read_text(encoding="utf-8"))
    return data
