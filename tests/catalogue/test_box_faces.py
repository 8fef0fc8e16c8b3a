"""The default catalogue is the Realms box: tile by tile, side by side, held to the table of
the tiles' printed faces (tests/data/realms-tiles-table.json, a copy of the project's
reference notes kept as a fixture; the product never reads it)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from editor.model.catalogue import default_catalogue
from editor.model.catalogue_check import sector_polygon

REPO = Path(__file__).resolve().parents[2]
TABLE = json.loads((REPO / "tests" / "data" / "realms-tiles-table.json").read_text("utf-8"))
SIDES = [(key, side) for key in sorted(TABLE["tiles"]) for side in ("surface", "underground")]


def thirds_of(key: str, side: str) -> list[tuple[str, str | None]]:
    """(terrain, printed symbol) of each third of the catalogue's side, in third order: a
    third is sectors 2k-2 and 2k-1, so each is looked up in the region that covers it."""
    regions = default_catalogue().side(key, side).regions
    found: list[tuple[str, str | None]] = []
    for third in range(3):
        wanted = sector_polygon([2 * third])
        owner = next(r for r in regions
                     if set(wanted) - {(0.0, 0.0)} <= set(r.polygon) | {(0.0, 0.0)})
        symbols = [s for s in owner.symbols if s in ("cavern", "mine", "magic")]
        found.append((owner.terrain, symbols[0] if symbols else None))
    return found


@pytest.mark.parametrize(("key", "side"), SIDES, ids=[f"{k}-{s}" for k, s in SIDES])
def test_each_side_has_the_box_faces(key: str, side: str) -> None:
    expected = [(third["terrain"], third["symbol"]) for third in TABLE["tiles"][key][side]]
    assert thirds_of(key, side) == expected


@pytest.mark.parametrize(("key", "side"), SIDES, ids=[f"{k}-{s}" for k, s in SIDES])
def test_water_thirds_are_one_part_and_land_thirds_one_region_each(key: str, side: str) -> None:
    faces = TABLE["tiles"][key][side]
    land = sum(1 for third in faces if third["terrain"] != "water")
    water = 1 if any(third["terrain"] == "water" for third in faces) else 0
    regions = default_catalogue().side(key, side).regions
    assert len(regions) == land + water
    assert sum(1 for r in regions if r.is_water) == water


def test_the_catalogue_is_what_the_tool_writes() -> None:
    result = subprocess.run([sys.executable, str(REPO / "tools" / "box_catalogue.py"), "--check"],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def test_format_1_files_keep_the_invented_faces() -> None:
    """A file written before the box's faces were known derives what it always did."""
    assert default_catalogue(1).id == "realms-studio-standard"
    assert default_catalogue(2).id == "realms-box"
    assert default_catalogue(1).side("T", "surface").regions[0].terrain != "water"
    assert default_catalogue(2).side("T", "surface").regions[0].terrain == "water"
