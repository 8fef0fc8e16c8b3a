"""Every size limit on untrusted input, in one place.

Scenario collections lint files written by strangers, so each input is bounded
before the work that could blow up on it. The limits sit far above any real
scenario (the largest shipped one has a few dozen tiles and about 150 regions)
and low enough that anything under them derives, lints and exports in seconds.
Messages name the limit (see :func:`over_limit`).
"""

from __future__ import annotations

MAX_FILE_BYTES = 10 * 1024 * 1024
"""Any file read as JSON or Python: scenario, catalogue, engine file, import source."""

MAX_DEPTH = 32
"""JSON nesting; the scenario format never goes deeper than about 10."""

MAX_STRING_CHARS = 100_000
"""One JSON string or Python literal string (titles, notes, translations)."""

MAX_TILES = 100_000
"""Tile placements over all boards of one scenario."""

MAX_GRAPH_REGIONS = 50_000
"""Regions of graph-only boards (``boards[].graph``) or of an engine-format file."""

MAX_GRAPH_EDGES = 200_000
"""Borders listed by graph-only boards, an engine file or an imported board."""

MAX_IMPORT_NODES = 500_000
"""Syntax-tree nodes of an imported cestpasphoto module (parsed, never run)."""

MAX_IMPORT_DEPTH = 32
"""Bracket nesting of an imported cestpasphoto module, checked before parsing."""


def count_text(value: int, unit: str) -> str:
    """``10,485,761 bytes``: exact, with thousands separators, so two numbers near a
    limit never print the same."""
    return f"{value:,} {unit}{'' if value == 1 else 's'}"


def over_limit(what: str, value: int, limit: int, unit: str) -> str:
    """One wording for every limit: ``12,000 regions, over the limit of 10,000 regions``."""
    return f"{what} has {count_text(value, unit)}, over the limit of {count_text(limit, unit)}"
