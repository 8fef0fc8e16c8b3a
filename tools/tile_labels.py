"""Write editor/data/tile-labels.json: the label anchors and the names and chips of every
side of the bundled tile designs, at each rotation, as the editor's placement works them out.

    python tools/tile_labels.py

The editor draws its first frame from this table instead of importing shapely and numpy
and placing the labels anew on every launch (editor.render.label_table says why). Run it
again after changing the tile catalogues, the label placement or its sizes;
tests/render/test_label_table.py fails until then.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from editor.gui.shapes import HEX_SIZE, LABEL_SIZES, LETTER_KEEP_OUT, exact_sides
from editor.model.catalogue import CATALOGUE_FILES, load_catalogue
from editor.model.paths import data_file
from editor.render import label_table

REPO = Path(__file__).resolve().parent.parent
OUT = REPO / "editor" / "data" / label_table.TABLE_FILE


def build() -> dict[str, Any]:
    sides: dict[str, list[Any]] = {}
    for name in sorted(CATALOGUE_FILES.values()):
        catalogue = load_catalogue(data_file(name), prechecked=True)
        for tile in catalogue.tiles.values():
            for side in tile.sides.values():
                key = label_table.side_key(side.regions)
                if key not in sides:
                    sides[key] = [label_table.encode(entry) for entry in exact_sides(side)]
    return {"version": label_table.TABLE_VERSION,
            "about": "written by tools/tile_labels.py; do not edit by hand",
            "settings": label_table.settings_stamp(HEX_SIZE, LABEL_SIZES, [LETTER_KEEP_OUT]),
            "sides": dict(sorted(sides.items()))}


def main() -> None:
    table = build()
    # one side per line: a change to one design shows as a change to its lines
    head = {k: v for k, v in table.items() if k != "sides"}
    lines = [f"{json.dumps(key)}:{json.dumps(entry, separators=(',', ':'))}"
             for key, entry in table["sides"].items()]
    text = json.dumps(head, indent=1)[:-2] + ',\n "sides": {\n' + ",\n".join(lines) + "\n}}\n"
    assert json.loads(text) == table
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {len(table['sides'])} tile sides to {OUT.relative_to(REPO)}")


if __name__ == "__main__":
    main()
