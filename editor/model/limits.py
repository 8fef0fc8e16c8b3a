"""Every size limit on untrusted input, in one place.

Scenario collections lint files written by strangers, so each input is bounded
before the work that could blow up on it. The limits sit far above any real
scenario (the largest shipped one has a few dozen tiles and about 150 regions)
and low enough that anything under them derives and lints in seconds and exports in
well under a minute (see ``MAX_TILES``).
Messages name the limit (see :func:`over_limit`).
"""

from __future__ import annotations

MAX_FILE_BYTES = 10 * 1024 * 1024
"""Any file read as JSON or Python: scenario, catalogue, engine file, import source."""

MAX_DEPTH = 32
"""JSON nesting; the scenario format never goes deeper than about 10."""

MAX_STRING_CHARS = 100_000
"""One JSON string or Python literal string (titles, notes, translations)."""

MAX_TILES = 5_000
"""Tile placements over all boards of one scenario. It was 50,000, which derives in about
2 s, but a printable board cost about 6 ms of CPU per tile on the project machine (label
placement, hatching and drawing, about 2.5 regions a tile). The SVG export now costs about
1.5 ms a tile, the whole command included (4,000 tiles in about 6 s; a PNG or a site page
more: docs/performance.md, "Big boards"), so 50,000 tiles would still take over a minute.
5,000 is the smallest round limit above any board a scenario can hold without placing a
physical tile twice (eight catalogues of at most 500 tiles, plus the bundled ones)."""


MAX_GRAPH_REGIONS = 20_000
"""Regions of graph-only boards (``boards[].graph``) over all boards, of an engine-format
file, or of an imported board."""

MAX_GRAPH_EDGES = 100_000
"""Borders listed by graph-only boards, an engine file or an imported board."""

MAX_IMPORT_NODES = 500_000
"""Syntax-tree nodes of an imported cestpasphoto module (parsed, never run)."""

MAX_IMPORT_DEPTH = 32
"""Bracket nesting of an imported cestpasphoto module, checked before parsing."""


def count_text(value: int, unit: str) -> str:
    """``10,485,761 bytes``: exact, with thousands separators, so two numbers near a
    limit never print the same."""
    if value == 1:
        return f"1 {unit}"
    plural = unit[:-1] + "ies" if unit.endswith("y") else unit + "s"
    return f"{value:,} {plural}"


def over_limit(what: str, value: int, limit: int, unit: str) -> str:
    """One wording for every limit: ``12,000 regions, over the limit of 10,000 regions``."""
    return f"{what} has {count_text(value, unit)}, over the limit of {count_text(limit, unit)}"


SizeProblem = tuple[tuple[str | int, ...], str, str]
"""JSON path, message and hint of an over-limit input."""


def _items(value: object, key: str) -> list[object]:
    found = value.get(key) if isinstance(value, dict) else None
    return found if isinstance(found, list) else []


def scenario_size_problem(data: object) -> SizeProblem | None:
    """The first total over its limit in a parsed scenario (tiles, graph regions and
    edges over all boards), checked before the schema and derivation work on it."""
    boards = _items(data, "boards")
    totals = {"tiles": 0, "regions": 0, "edges": 0}
    for index, board in enumerate(boards):
        graph = board.get("graph") if isinstance(board, dict) else None
        counts = {"tiles": len(_items(board, "tiles")),
                  "regions": len(_items(graph, "regions")),
                  "edges": len(_items(graph, "edges"))}
        for what, count in counts.items():
            totals[what] += count
            limit = {"tiles": MAX_TILES, "regions": MAX_GRAPH_REGIONS,
                     "edges": MAX_GRAPH_EDGES}[what]
            if totals[what] > limit:
                unit = {"tiles": "tile", "regions": "region", "edges": "edge"}[what]
                where: tuple[str | int, ...] = ("boards", index) + (
                    ("tiles",) if what == "tiles" else ("graph", what))
                return (where, over_limit("the scenario", totals[what], limit, unit),
                        "Realms Studio reads scenarios up to this size; split it into "
                        "several files")
    return None


def engine_size_problem(data: object) -> SizeProblem | None:
    """An engine-format file with more regions or adjacency entries than a scenario may
    have, refused before its schema check."""
    for key, limit, unit in (("regions", MAX_GRAPH_REGIONS, "region"),
                             ("adjacency", MAX_GRAPH_EDGES, "adjacency entry")):
        count = len(_items(data, key))
        if count > limit:
            return ((key,), over_limit("the engine file", count, limit, unit),
                    "Realms Studio reads engine files up to this size")
    return None
