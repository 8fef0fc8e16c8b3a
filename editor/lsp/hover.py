"""Hover for scenario files: what the derivation makes of the region id or tile letter
under the cursor (terrain, symbols, markers, neighbours), so a hand-editor sees the board
behind a name without opening the editor.

The realm is derived for the scenario's largest player count (every tile in play), from
the editor's text; a text that does not load or derive has no hover (its diagnostics say
why). The text is Markdown for a client that reads it, plain text for one that does not
(the client's ``hover.contentFormat``)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from lsprotocol import types

from editor.lsp.diagnostics import LineIndex, over_limit

TYPE_CHECKING = False
if TYPE_CHECKING:
    from editor.topology.realm import Realm


def string_under(text: str, offset: int) -> tuple[int, int, str] | None:
    """The JSON string (start, end, value) around ``offset`` on its line, if any."""
    import json
    from json.decoder import scanstring  # type: ignore[attr-defined]

    line_start = text.rfind("\n", 0, offset) + 1
    index = line_start
    while True:
        start = text.find('"', index)
        if start < 0 or start > offset or text.find("\n", line_start, start) >= 0:
            return None
        try:
            value, end = scanstring(text, start + 1, True)
        except (ValueError, json.JSONDecodeError):
            return None
        if start <= offset < end:
            return start, end, str(value)
        index = end


@lru_cache(maxsize=4)  # hovering around one version derives it once
def _realm(text: str, path: Path) -> Realm | None:
    from editor.model.errors import LoadError
    from editor.model.scenario_io import parse_scenario
    from editor.topology.derive import derive_realm

    try:
        loaded = parse_scenario(text, str(path), path.parent)
        loaded.path = path
        return derive_realm(loaded, loaded.scenario.players_max)
    except (LoadError, ValueError):
        return None


def _region_text(realm: Realm, region_id: str) -> str:
    from editor.render.style import default_style

    style = default_style()
    region = realm.regions[region_id]
    neighbours = sorted(str(n) for n in realm.adjacency.get(region_id, {}))
    lines = [f"**{region_id}**: {style.terrain(region.drawn_terrain).label}"
             + (" (board edge)" if region.board_edge else "")]
    if region.symbols:
        lines.append("symbols: " + ", ".join(style.symbol(s).label
                                              for s in sorted(region.symbols)))
    if region.markers:
        lines.append("markers: " + ", ".join(style.marker(m.kind).label for m in
                                             sorted(region.markers, key=lambda m: m.kind)))
    lines.append("neighbours: " + (", ".join(neighbours) if neighbours else "none"))
    return "\n\n".join(lines)


def hover(text: str, path: Path, line: int, character: int,
          markdown: bool = True) -> types.Hover | None:
    if over_limit(text):
        return None
    index = LineIndex(text)
    offset = index.offset(line, character)
    found = None if offset is None else string_under(text, offset)
    if found is None:
        return None
    start, end, word = found
    realm = _realm(text, path)
    if realm is None:
        return None
    if word in realm.regions:
        body = _region_text(realm, word)
    else:
        regions = sorted(r for r, region in realm.regions.items() if word in region.tiles)
        if not regions:
            return None
        body = (f"**tile {word}** ({realm.players} players): "
                + "; ".join(_region_text(realm, r).replace("\n\n", ", ") for r in regions))
    if not markdown:
        body = body.replace("**", "")
    kind = types.MarkupKind.Markdown if markdown else types.MarkupKind.PlainText
    return types.Hover(contents=types.MarkupContent(kind=kind, value=body),
                       range=index.range(start, end))
