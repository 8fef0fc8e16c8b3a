"""Write (``--update``) or print ``editor/data/tile-borders.json``: the bundled catalogue's
internal borders as shapely finds them.

For every side of the bundled catalogue the file holds the borders between its regions
exactly as :func:`editor.geometry.templates.shapely_borders` finds them (the same segments
in the same order, the same float lengths; JSON keeps every digit of a float), together
with the side's local ids and polygons they were computed from. The derivation, and so
``realms lint``, then needs no shapely for the bundled tiles. The test suite fails when the
file is not what this script writes: run ``python tools/tile_borders.py --update`` after
changing ``tiles.json``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TARGET = REPO / "editor" / "data" / "tile-borders.json"


def table_text() -> str:
    """The file's text: one entry per "tile/side", with ``regions`` as [local id, polygon]
    and ``borders`` as [a, b, euclidean length, segments]."""
    sys.path.insert(0, str(REPO))
    from editor.geometry.templates import LEGACY_PREFIX, shapely_borders
    from editor.model.catalogue import default_catalogue

    table: dict[str, object] = {}
    for prefix, catalogue in (("", default_catalogue()), (LEGACY_PREFIX, default_catalogue(1))):
        for key in sorted(catalogue.tiles):
            for name, side in sorted(catalogue.tiles[key].sides.items()):
                table[f"{prefix}{key}/{name}"] = {
                    "regions": [[r.local_id, r.polygon] for r in side.regions],
                    "borders": [[b.a, b.b, b.length, b.segments]
                                for b in shapely_borders(side)],
                }
    document = {"generated_by": "python tools/tile_borders.py --update",
                "sides": table}
    return json.dumps(document, separators=(",", ":")) + "\n"


def main(argv: list[str]) -> int:
    text = table_text()
    if argv == ["--update"]:
        TARGET.write_text(text, encoding="utf-8")
        print(f"wrote {TARGET.relative_to(REPO)}")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
