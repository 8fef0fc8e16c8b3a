"""The bundled catalogue is checked in full here, once, so runs can load it pre-checked."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from editor.model.catalogue import (
    CATALOGUE_FILES,
    DEFAULT_CATALOGUE_PATH,
    default_catalogue,
    load_catalogue,
)
from editor.model.catalogue_check import check_catalogue
from editor.model.errors import LoadError
from editor.model.paths import data_file

REPO = Path(__file__).resolve().parents[2]


def test_bundled_catalogue_passes_the_full_check() -> None:
    checked = load_catalogue(DEFAULT_CATALOGUE_PATH)  # schema, areas, edges, overlaps
    assert checked.tiles == default_catalogue().tiles


def test_a_custom_catalogue_is_still_checked_in_full(tmp_path: Path) -> None:
    """Custom catalogues get the schema check the bundled one skips at run time."""
    custom = json.loads(DEFAULT_CATALOGUE_PATH.read_text(encoding="utf-8"))
    custom["id"], custom["tiles"] = "custom", {"Q1": custom["tiles"]["A"]}
    custom["tiles"]["Q1"]["surface"][0]["terrain"] = "lava"
    path = tmp_path / "custom.json"
    path.write_text(json.dumps(custom), encoding="utf-8")
    with pytest.raises(LoadError, match="lava"):
        load_catalogue(path)
    assert load_catalogue(path, prechecked=True).tiles["Q1"]  # what the check adds


def test_loading_the_bundled_catalogue_imports_no_shapely() -> None:
    code = ("import sys; from editor.model.catalogue import default_catalogue; "
            "default_catalogue(); print('shapely' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=REPO, env={"PYTHONPATH": str(REPO)}, timeout=300, check=True)
    assert done.stdout.strip() == "False"


@pytest.mark.parametrize("name", sorted(CATALOGUE_FILES.values()))
def test_bundled_catalogues_have_no_defect_of_any_severity(name: str) -> None:
    """What lets a custom catalogue's exact copies of bundled sides go unchecked
    (catalogue_check.trust_sides): a warning here would be hidden on such a copy."""
    data = json.loads(data_file(name).read_text(encoding="utf-8"))
    assert check_catalogue(data) == []


def test_a_copy_of_a_bundled_side_with_any_change_is_checked(tmp_path: Path) -> None:
    custom = json.loads(DEFAULT_CATALOGUE_PATH.read_text(encoding="utf-8"))
    default_catalogue()  # the bundled sides are trusted from here on
    region = custom["tiles"]["A"]["surface"][0]
    assert region["symbols"]  # made water, it carries a symbol: C012
    region["terrain"] = "water"
    custom["id"], custom["tiles"] = "custom", {"Q1": custom["tiles"]["A"]}
    assert [d.code for d in check_catalogue(custom)] == ["C012"]
