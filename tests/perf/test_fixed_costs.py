"""The fixed costs under the render and derive budgets (issue 27 point 9), by counting.

Before the renderer or the derive writer starts, a command imports its libraries and loads
its catalogues. These tests hold what was cut: a catalogue's schema is checked once on
load (the checker does not check it again), a side's templates are built once per design
however many tile keys share it, the printable SVG export and ``derive --format graphml``
import no networkx, and a bad catalogue still gets the same one-line message.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_probe import probe

from editor.model import catalogue_check
from editor.model.catalogue import load_catalogue
from editor.model.errors import LoadError

REPO = Path(__file__).resolve().parents[2]
HIGHLAND = "scenarios/highland-crossing.realm.json"


def _catalogue(folder: Path, tiles: int, designs: int) -> Path:
    """A catalogue of ``tiles`` keys whose sides repeat the first ``designs`` shipped ones."""
    shipped = json.loads((REPO / "editor/data/tiles.json").read_text(encoding="utf-8"))
    names = sorted(shipped["tiles"])[:designs]
    data = {"catalogue_version": 1, "id": "many", "name": "many",
            "tiles": {f"T{i}": shipped["tiles"][names[i % designs]] for i in range(tiles)}}
    path = folder / "many.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_side_templates_built_once_per_design(tmp_path: Path) -> None:
    """500 tile keys over 12 designs share 12 template tuples per side, not 500 each."""
    catalogue = load_catalogue(_catalogue(tmp_path, 500, 12))
    assert len(catalogue.tiles) == 500
    for side in ("surface", "underground"):
        built = {id(tile.sides[side].regions) for tile in catalogue.tiles.values()
                 if side in tile.sides}
        assert 1 <= len(built) <= 12, side
        # each tile keeps its own key and side name on the shared templates
        assert {tile.sides[side].tile for tile in catalogue.tiles.values()
                if side in tile.sides} <= set(catalogue.tiles)


def test_loading_checks_the_schema_once(tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The loader's schema pass stands: the checker's own pass is not run again on load,
    and still runs when the checker is called by itself (``realms catalogue check``)."""
    calls: list[Any] = []
    real = catalogue_check._schema_defects

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(args[0])
        return real(*args, **kwargs)

    monkeypatch.setattr(catalogue_check, "_schema_defects", counted)
    path = _catalogue(tmp_path, 40, 4)
    load_catalogue(path)
    assert calls == []
    catalogue_check.check_catalogue(json.loads(path.read_text(encoding="utf-8")))
    assert calls == ["catalogue"]


@pytest.mark.parametrize(("change", "words"), [
    (lambda tile: tile["surface"][0].update(terrain="lava"), "lava"),
    (lambda tile: tile["surface"][0].update(sectors=[0, 2]), "contiguous"),
])
def test_bad_catalogue_keeps_its_message(tmp_path: Path, change: Any, words: str) -> None:
    """A schema error (S002) and a checker error (S003) are still reported on load."""
    path = _catalogue(tmp_path, 40, 4)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["tiles"]["T7"] = json.loads(json.dumps(data["tiles"]["T7"]))
    change(data["tiles"]["T7"])
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    with pytest.raises(LoadError) as caught:
        load_catalogue(path)
    assert words in str(caught.value)
    assert "T7" in str(caught.value) or "/tiles/T7" in str(caught.value.json_path)


def test_svg_export_imports_no_networkx(tmp_path: Path) -> None:
    """networkx is for a graph-only board's spring layout: a tiled board's SVG (the
    derivation included) does without it (``derive --format graphml`` likewise:
    tests/export/test_graphml_text.py)."""
    out = tmp_path / "board.svg"
    result = probe(["export", HIGHLAND, "--to", "svg", "--players", "2", "-o", str(out)],
                   REPO)
    assert result["status"] == 0, result["out"]
    modules = result["modules"]
    assert isinstance(modules, list)
    assert "editor.topology.derive" in modules and out.read_bytes().startswith(b"<")
    assert "networkx" not in modules
