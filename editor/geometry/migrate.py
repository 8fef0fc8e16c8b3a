"""Upgrade a scenario of ``format_version`` 1 (the invented faces) to 2 (the box's faces).

Tiles keep their letter, side, hex and rotation; only what is printed on them changes. A
region reference (a marker's region, a link's ends, a water body, a lint.ignore entry, a
sky-access target) follows the area it pointed at: it goes to the region of the box's
face that overlaps the old region most, of the same kind (land or water) when the box's
face has one. Nothing is dropped silently: every reference that moves, and every one that
had to change kind, is reported as a note, and the result is checked by the loader.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from typing import Any

from editor.model.catalogue import Catalogue, RegionTemplate, default_catalogue
from editor.model.lattice import to_euclidean

REFERENCE_KEYS = frozenset({"region", "a", "b", "target"})
REGION_REF = re.compile(r"^([A-Z][A-Za-z0-9_-]{0,15})\.([su][1-9])$")


class MigrateError(ValueError):
    """A file that cannot be upgraded (already format 2, or not a scenario)."""


@dataclass(frozen=True)
class Migrated:
    data: dict[str, Any]
    notes: tuple[str, ...]
    moved: dict[str, str] = field(default_factory=dict)  # old reference -> new one


def _area(region: RegionTemplate) -> Any:
    import shapely

    return shapely.Polygon([to_euclidean(p) for p in region.polygon])


def _successor(old: RegionTemplate, new_regions: tuple[RegionTemplate, ...]
               ) -> tuple[str, bool]:
    """The box region that takes over ``old``, and whether it is of the same kind."""
    shape = _area(old)
    same = [r for r in new_regions if r.is_water == old.is_water]
    pool = same or list(new_regions)
    best = max(pool, key=lambda r: (shape.intersection(_area(r)).area, r.local_id))
    return best.local_id, bool(same)


def _sides(data: dict[str, Any]) -> dict[str, str]:
    """Tile key -> the side it is placed with (a tile is placed once per scenario)."""
    return {t["tile"]: t["side"] for b in data.get("boards", []) for t in b.get("tiles", [])
            if isinstance(t, dict) and "tile" in t and "side" in t}


def migrate_data(data: dict[str, Any], old: Catalogue | None = None,
                 new: Catalogue | None = None) -> Migrated:
    """``data`` (format 1) as format 2, with a note per reference that moved."""
    if not isinstance(data, dict) or data.get("format_version") != 1:
        version = data.get("format_version") if isinstance(data, dict) else None
        raise MigrateError(f"format_version is {version!r}; only format 1 files need "
                           "migrating (format 2 already uses the box's faces)")
    moved = relink(data, old if old is not None else default_catalogue(1),
                   new if new is not None else default_catalogue(2))
    moved.data["format_version"] = 2
    return moved


def relink(data: dict[str, Any], old: Catalogue, new: Catalogue, *,
           gone_only: bool = False) -> Migrated:
    """``data`` with each region reference following the area it pointed at from ``old``'s
    faces to ``new``'s: to the region of the new face that overlaps the old region most
    (of the same kind when there is one). With ``gone_only`` only references to regions
    the new face no longer has move (a designer's merge or removal; the rest keep their
    ids). A note per reference that moved."""
    sides = _sides(data)
    moved: dict[str, str] = {}
    notes: list[str] = []

    def follow(ref: str) -> str:
        match = REGION_REF.match(ref)
        if match is None or match.group(1) not in sides:
            return ref
        tile, local = match.groups()
        side = sides[tile]
        if tile not in old.tiles or tile not in new.tiles or side not in new.tiles[tile].sides:
            return ref  # a custom tile: its faces do not change
        if ref in moved:
            return moved[ref]
        try:
            before = old.side(tile, side).region(local)
        except KeyError:
            return ref  # the loader reports a reference to no region
        faces = new.side(tile, side).regions
        if gone_only and any(r.local_id == local for r in faces):
            return ref
        after, same_kind = _successor(before, faces)
        target = moved[ref] = f"{tile}.{after}"
        kind = "water" if before.is_water else "land"
        if not same_kind:
            notes.append(f"{ref} ({kind}) -> {target}: the new face of {tile} has no "
                         f"{kind} region; check what lies there")
        elif target != ref:
            notes.append(f"{ref} -> {target} (the same place on the new face)")
        return target

    def walk(node: Any) -> Any:
        if isinstance(node, dict):
            return {k: (follow(v) if k in REFERENCE_KEYS and isinstance(v, str) else walk(v))
                    for k, v in node.items()}
        if isinstance(node, list):
            return [walk(item) for item in node]
        return node

    out = walk(copy.deepcopy(data))
    return Migrated(out, tuple(dict.fromkeys(notes)),
                    {old_ref: new_ref for old_ref, new_ref in moved.items() if old_ref != new_ref})
