"""The table of label anchors and tile label plans (editor/data/tile-labels.json) holds
exactly what the placement engine works out for every side of the bundled designs at every
rotation, and a side it does not hold is still worked out."""

from __future__ import annotations

from dataclasses import replace

from editor.gui.shapes import (
    HEX_SIZE,
    LABEL_SIZES,
    LETTER_KEEP_OUT,
    exact_labels,
    exact_sides,
    side_shapes,
    tile_labels,
)
from editor.model.catalogue import CATALOGUE_FILES, TileSide, default_catalogue
from editor.model.paths import RESOURCES
from editor.render import label_table

STAMP = label_table.settings_stamp(HEX_SIZE, LABEL_SIZES, [LETTER_KEEP_OUT])


def bundled_sides() -> list[TileSide]:
    return [side for version in CATALOGUE_FILES
            for tile in default_catalogue(version).tiles.values()
            for side in tile.sides.values()]


def test_the_table_holds_what_the_placement_works_out_for_every_bundled_side() -> None:
    """Recomputed from the polygons (shapely's polylabel, the engine), no cache, no table:
    a changed catalogue, engine or size leaves the table stale until tools/tile_labels.py
    is run again."""
    assert label_table.TABLE_FILE in RESOURCES
    sides = {label_table.side_key(side.regions): side for side in bundled_sides()}
    assert len(sides) >= 70  # the two bundled catalogues share a few designs
    for side in sides.values():
        stored = [label_table.lookup(side.regions, rotation, STAMP, (LETTER_KEEP_OUT,))
                  for rotation in range(6)]
        assert stored == list(exact_sides(side)), (side.tile, side.side)


def test_a_side_the_table_lacks_is_worked_out() -> None:
    side = default_catalogue().side("A", "surface")
    first = side.regions[0]
    custom = replace(side, tile="Q", regions=(replace(first, symbols=(*first.symbols, "magic")),
                                              *side.regions[1:]))
    assert label_table.lookup(custom.regions, 0, STAMP, (LETTER_KEEP_OUT,)) is None
    plan = tile_labels(custom, 2)
    assert plan == exact_labels(custom, 2)
    assert any(lab.key == "magic" for lab in plan.labels)
    assert [s.anchor for s in side_shapes(custom, 2)] == [
        anchor for anchor, _room in exact_sides(custom)[2].anchors]


def test_a_table_made_with_other_settings_is_not_used() -> None:
    assert label_table._table(STAMP)
    assert label_table._table(STAMP + " other sizes") == {}
