"""What differs between two catalogues, tile by tile, side by side, region by region.

Shapes are compared as point sets (shapely), so ``"sectors": [0, 1, 2]`` and the equal
``polygon`` are the same region; a region is matched by its id within a side. Pure: no Qt.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from editor.model.catalogue_check import SIDES, polygon_points, sector_polygon
from editor.model.lattice import Point


@dataclass(frozen=True)
class Change:
    """One difference; ``a`` and ``b`` are the two values (None where absent)."""

    what: str  # tile-added, tile-removed, side-added, side-removed, region-added, ...
    tile: str | None = None
    side: str | None = None
    region: str | None = None
    a: Any = None
    b: Any = None

    def one_line(self, first: str = "A", second: str = "B") -> str:
        """The change on one line; ``first`` and ``second`` name the two catalogues (their
        file names: "A" would read as a tile letter, "tile A: only in A")."""
        where = " ".join(p for p in (f"tile {self.tile}" if self.tile else "catalogue",
                                     self.side or "", self.region or "") if p)
        labels = {
            "tile-removed": f"only in {first}", "tile-added": f"only in {second}",
            "side-removed": f"side only in {first}", "side-added": f"side only in {second}",
            "region-removed": f"region only in {first}",
            "region-added": f"region only in {second}",
            "shape": "shape differs", "order": "regions listed in another order",
        }
        if self.what in labels:
            return f"{where}: {labels[self.what]}"
        return f"{where}: {self.what} {_shown(self.a)} -> {_shown(self.b)}"

    def to_dict(self) -> dict[str, Any]:
        return {"what": self.what, "tile": self.tile, "side": self.side,
                "region": self.region, "a": self.a, "b": self.b}


def _shown(value: Any) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(str(v) for v in value) + "]" if value else "none"
    if isinstance(value, str):
        return repr(value if len(value) <= 60 else value[:57] + "...")
    return str(value)


def _shape(spec: dict[str, Any]) -> tuple[Point, ...] | None:
    try:
        return (sector_polygon(spec["sectors"]) if "sectors" in spec
                else polygon_points(spec["polygon"]))
    except (ValueError, KeyError, TypeError, IndexError):
        return None


def _same_shape(a: dict[str, Any], b: dict[str, Any]) -> bool:
    import shapely

    pa, pb = _shape(a), _shape(b)
    if pa is None or pb is None:
        return pa == pb and a.get("sectors") == b.get("sectors")
    first, second = shapely.Polygon(pa), shapely.Polygon(pb)
    if not (first.is_valid and second.is_valid):
        return pa == pb
    return bool(first.symmetric_difference(second).area <= 1e-9)


def _side_changes(tile: str, side: str, a: list[dict[str, Any]],
                  b: list[dict[str, Any]]) -> list[Change]:
    changes: list[Change] = []
    by_id_a = {r["id"]: r for r in a}
    by_id_b = {r["id"]: r for r in b}
    for rid in by_id_a:
        if rid not in by_id_b:
            changes.append(Change("region-removed", tile, side, rid))
    for rid in by_id_b:
        if rid not in by_id_a:
            changes.append(Change("region-added", tile, side, rid))
    for rid, ra in by_id_a.items():
        rb = by_id_b.get(rid)
        if rb is None:
            continue
        if ra["terrain"] != rb["terrain"]:
            changes.append(Change("terrain", tile, side, rid, ra["terrain"], rb["terrain"]))
        sa, sb = sorted(ra.get("symbols", [])), sorted(rb.get("symbols", []))
        if sa != sb:
            changes.append(Change("symbols", tile, side, rid, sa, sb))
        if not _same_shape(ra, rb):
            changes.append(Change("shape", tile, side, rid))
    return changes


def diff_catalogues(a: dict[str, Any], b: dict[str, Any]) -> list[Change]:
    """Every difference between two schema-valid catalogues, in A's tile order then B's."""
    changes: list[Change] = []
    for key in ("id", "name", "about"):
        if a.get(key) != b.get(key):
            changes.append(Change(key, a=a.get(key), b=b.get(key)))
    tiles_a, tiles_b = a["tiles"], b["tiles"]
    keys = list(tiles_a) + [k for k in tiles_b if k not in tiles_a]
    for key in keys:
        if key not in tiles_b:
            changes.append(Change("tile-removed", key))
            continue
        if key not in tiles_a:
            changes.append(Change("tile-added", key))
            continue
        ta, tb = tiles_a[key], tiles_b[key]
        if ta.get("name") != tb.get("name"):
            changes.append(Change("name", key, a=ta.get("name"), b=tb.get("name")))
        for side in SIDES:
            if side in ta and side not in tb:
                changes.append(Change("side-removed", key, side))
            elif side in tb and side not in ta:
                changes.append(Change("side-added", key, side))
            elif side in ta:
                changes.extend(_side_changes(key, side, ta[side], tb[side]))
    return changes
