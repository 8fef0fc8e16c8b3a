"""The bundled catalogue's internal borders come from a table, so the derivation (and lint)
needs no shapely for the bundled tiles; the table must be exactly what shapely finds."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

from editor.geometry import templates
from editor.model.catalogue import default_catalogue

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
from tile_borders import TARGET, table_text


def _exact(borders: tuple[templates.InternalBorder, ...]) -> str:
    return repr(borders)  # repr tells -0.0 from 0.0 and shows every float digit


def test_the_table_is_what_the_generator_writes() -> None:
    assert TARGET.read_text(encoding="utf-8") == table_text(), \
        "run: python tools/tile_borders.py --update"


def test_every_bundled_side_reads_what_shapely_finds() -> None:
    sides = [side for version in (1, 2) for tile in default_catalogue(version).tiles.values()
             for side in tile.sides.values()]
    assert len(sides) == 104
    for side in sides:
        bundled = templates.bundled_borders(side)
        assert bundled is not None, (side.tile, side.side)
        assert _exact(bundled) == _exact(templates.shapely_borders(side)), (side.tile, side.side)
        assert _exact(templates.internal_borders(side)) == _exact(bundled)


def test_any_other_side_is_measured_with_shapely() -> None:
    side = default_catalogue().side("A", "surface")
    first = side.regions[0]
    # the same outline, starting at another corner
    moved = replace(first, polygon=(*first.polygon[1:], first.polygon[0]))
    other = replace(side, regions=(moved, *side.regions[1:]))
    assert templates.bundled_borders(other) is None
    renamed = replace(side, regions=(replace(first, local_id="s9"), *side.regions[1:]))
    assert templates.bundled_borders(renamed) is None
    assert [b.a for b in templates.internal_borders(renamed)] == ["s9", "s9", "s2"]
    assert _exact(templates.internal_borders(other)) == _exact(templates.shapely_borders(other))
