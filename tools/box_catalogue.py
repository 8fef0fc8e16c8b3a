"""Write the default tile catalogue (``editor/data/tiles.json``) from the box's faces.

The faces are the table of the project's reference notes, kept as the test fixture
``tests/data/realms-tiles-table.json`` (terrain and printed symbol of each third of each
tile side, in the source's order). Shapes are the one model that fits every known fact:
each side is three thirds, each third two neighbouring sixths of the hex. Third ``k``
(1, 2, 3) is sectors ``2k-2`` and ``2k-1``: third 1 owns edges 0 and 1 (east and north-east),
third 2 edges 2 and 3 (north-west and west), third 3 edges 4 and 5 (south-west and south-east),
so the thirds go counter-clockwise from east, as the edges are numbered. The water thirds of
one side are one water part, with the id of its first third. No mountain and no Lost Tribe
mark is printed: mountains are pieces laid on a region (scenario markers).

    python tools/box_catalogue.py           # writes editor/data/tiles.json
    python tools/box_catalogue.py --check   # exits 1 if the committed file differs
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
TABLE = REPO / "tests" / "data" / "realms-tiles-table.json"
OUT = REPO / "editor" / "data" / "tiles.json"
PREFIX = {"surface": "s", "underground": "u"}

ABOUT = (
    "The 26 double-sided tiles of the Small World Realms box. From the box: each side's three "
    "regions (thirds), their terrains and printed symbols (cavern, mine, magic), the water "
    "thirds, and that no mountain and no Lost Tribe mark is printed (mountains and peaks are "
    "pieces laid on a region). Approximate: the shapes (each third is two neighbouring sixths "
    "of the hex; the real borders are geomorphic), the order of the thirds (third 1 on edges 0-1, "
    "going counter-clockwise from east) and underground symbols (the source gives none). Data: "
    "the community transcription in Glutnix/small-world-realms-generator (src/TileData.json, "
    "MIT licence, (c) 2016 Brett Taylor), checked against the booklet's 9 regions per player. "
    "Made by tools/box_catalogue.py; see docs/tiles.md to redraw a face to match your box.")


def side_regions(side: str, thirds: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The regions of one side: land thirds as they are, water thirds joined into one part."""
    regions: list[dict[str, Any]] = []
    water: dict[str, Any] | None = None
    for index, third in enumerate(thirds):
        sectors = [2 * index, 2 * index + 1]
        if third["terrain"] == "water":
            if water is None:
                water = {"id": f"{PREFIX[side]}{index + 1}", "terrain": "water", "symbols": [],
                         "sectors": []}
                regions.append(water)
            water["sectors"] += sectors
            continue
        symbols = [third["symbol"]] if third["symbol"] else []
        regions.append({"id": f"{PREFIX[side]}{index + 1}", "terrain": third["terrain"],
                        "symbols": symbols, "sectors": sectors})
    if water is not None and len(water["sectors"]) == 4 and water["sectors"] == [0, 1, 4, 5]:
        water["sectors"] = [4, 5, 0, 1]  # a contiguous run, as the designer writes them
    return regions


def catalogue(table: dict[str, Any]) -> dict[str, Any]:
    tiles = {key: {side: side_regions(side, faces[side]) for side in ("surface", "underground")}
             for key, faces in sorted(table["tiles"].items())}
    return {"catalogue_version": 1, "id": "realms-box", "name": "Small World Realms box",
            "about": ABOUT, "tiles": tiles}


def main(argv: list[str]) -> int:
    from editor.gui.designer.catalogue_text import dumps  # Qt-free: the designer's layout

    text = dumps(catalogue(json.loads(TABLE.read_text(encoding="utf-8"))))
    if "--check" in argv:
        same = OUT.read_text(encoding="utf-8") == text
        print(f"{OUT}: {'up to date' if same else 'differs: run tools/box_catalogue.py'}")
        return 0 if same else 1
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
