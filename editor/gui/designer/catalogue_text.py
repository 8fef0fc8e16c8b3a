"""Catalogue JSON text in the layout of ``editor/data/tiles.json``: one region per line.

The same layout ``tools/design_catalogue.py`` writes, so opening the standard catalogue in the
designer and saving it gives the same bytes, and a diff of an edited catalogue shows one line
per changed region. Qt-free.
"""

from __future__ import annotations

import json
from typing import Any


def _inline(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _tile_lines(key: str, tile: dict[str, Any], last: bool) -> list[str]:
    lines = [f"    {_inline(key)}: {{"]
    items = list(tile.items())
    for index, (name, value) in enumerate(items):
        comma = "," if index < len(items) - 1 else ""
        if isinstance(value, list):
            lines.append(f"      {_inline(name)}: [")
            for r_index, region in enumerate(value):
                r_comma = "," if r_index < len(value) - 1 else ""
                lines.append(f"        {_inline(region)}{r_comma}")
            lines.append("      ]" + comma)
        else:
            lines.append(f"      {_inline(name)}: {_inline(value)}{comma}")
    lines.append("    }" + ("" if last else ","))
    return lines


def dumps(data: dict[str, Any]) -> str:
    """Stable, diff-friendly catalogue text (keys in the order the data holds them)."""
    lines = ["{"]
    items = list(data.items())
    for index, (key, value) in enumerate(items):
        comma = "," if index < len(items) - 1 else ""
        if key == "tiles" and isinstance(value, dict) and value:
            lines.append(f"  {_inline(key)}: {{")
            tiles = list(value.items())
            for t_index, (tile_key, tile) in enumerate(tiles):
                lines.extend(_tile_lines(tile_key, tile, t_index == len(tiles) - 1))
            lines.append("  }" + comma)
        else:
            lines.append(f"  {_inline(key)}: {_inline(value)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"
