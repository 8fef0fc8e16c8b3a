"""`realms derive` on a ring grows with the ring, not with the hole inside it (issue 27,
point 9), checked by counting, not by timing.

A ring of radius r is 6r tiles around 3r(r-1)+1 empty hexes: four times the radius is
four times the tiles but sixteen times the hole. The JSON printed a hole hex by hex (88
MB for a ring of 4,000 tiles); it now prints its runs of hexes along lattice columns and
its area in hexes, so the document grows like the tiles, and nothing on the command's way
lists the hole's hexes one by one. The timings are in ``benchmarks/bench_derive_ring.py``
and docs/performance.md.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_probe import probe
from cli_runner import run_cli

from editor.model import lattice
from editor.topology.realm import Hole

REPO = Path(__file__).resolve().parents[2]
SMALL, BIG = 12, 48  # radii: 72 and 288 tiles around 397 and 6,769 hexes


def _write_ring(folder: Path, radius: int) -> Path:
    """A scenario of one ring of distinct tile keys (sides copied from the box's tiles)."""
    shipped = json.loads((REPO / "editor" / "data" / "tiles.json").read_text("utf-8"))
    designs = sorted(shipped["tiles"])
    cells = lattice.ring(radius)
    tiles = {f"K{i}": shipped["tiles"][designs[i % len(designs)]] for i in range(len(cells))}
    (folder / "ring-tiles.json").write_text(json.dumps(
        {"catalogue_version": 1, "id": "ring-tiles", "name": "ring", "tiles": tiles}), "utf-8")
    path = folder / f"ring-{radius}.realm.json"
    path.write_text(json.dumps({
        "format_version": 1, "title": f"ring {radius}", "players": {"min": 2, "max": 2},
        "catalogues": ["ring-tiles.json"],
        "boards": [{"id": "surface", "kind": "surface", "tiles": [
            {"tile": f"K{i}", "side": "surface", "q": q, "r": r, "rotation": i % 6}
            for i, (q, r) in enumerate(cells)]}]}), "utf-8")
    return path


def _derive(path: Path, *args: str) -> str:
    done = run_cli("derive", str(path), "--players", "2", *args, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.fixture(scope="module")
def rings(tmp_path_factory: pytest.TempPathFactory) -> dict[int, Path]:
    found = {}
    for radius in (SMALL, BIG):
        folder = tmp_path_factory.mktemp(f"ring{radius}")
        found[radius] = _write_ring(folder, radius)
    return found


def test_a_hole_is_printed_as_runs_and_its_area(rings: dict[int, Path]) -> None:
    for radius, path in rings.items():
        board = json.loads(_derive(path))["boards"][0]
        (hole,) = board["holes"]
        assert hole["hex_count"] == 3 * radius * (radius - 1) + 1
        # the runs are the hexes within radius - 1 of the centre, column by column
        inside = sorted((q, r) for q in range(-radius + 1, radius)
                        for r in range(-radius + 1, radius) if abs(q + r) < radius)
        assert [(q, r) for q, first, last in hole["runs"]
                for r in range(first, last + 1)] == inside
        assert len(hole["runs"]) == 2 * radius - 1  # one per column: linear in the radius
        assert set(hole) == {"id", "board", "regions", "hex_count", "runs"}


@pytest.mark.parametrize("fmt", ["json", "dot", "graphml"])
def test_the_output_grows_with_the_ring_not_the_hole(rings: dict[int, Path],
                                                     fmt: str) -> None:
    small, big = _derive(rings[SMALL], "--format", fmt), _derive(rings[BIG], "--format", fmt)
    tiles, hole = BIG / SMALL, (3 * BIG * (BIG - 1) + 1) / (3 * SMALL * (SMALL - 1) + 1)
    # 4x the tiles, 17x the hole: the output grows about as the tiles (id lengths and a
    # fixed head make it a little more or less), far from the hole's area
    assert len(big) / len(small) < 1.5 * tiles < hole
    if fmt == "json":  # the holes' part alone, which borders and regions would drown
        small_holes, big_holes = (json.dumps(json.loads(text)["boards"][0]["holes"])
                                  for text in (small, big))
        assert len(big_holes) / len(small_holes) < 1.5 * tiles


def test_no_hole_is_listed_hex_by_hex_on_the_way(rings: dict[int, Path],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    listed = []

    def counted(self: Hole) -> tuple[tuple[int, int], ...]:
        listed.append(self.id)
        return ()

    monkeypatch.setattr(Hole, "hexes", property(counted), raising=False)
    for fmt in ("json", "dot", "graphml"):
        _derive(rings[BIG], "--format", fmt)
    assert listed == []


@pytest.mark.parametrize("fmt", ["json", "dot"])
def test_json_and_dot_never_import_networkx(rings: dict[int, Path], fmt: str) -> None:
    """Both are written from the realm's adjacency: importing networkx cost about 0.4 s
    of the command (GraphML still uses it, through its writer)."""
    result = probe(["derive", str(rings[SMALL]), "--players", "2", "--format", fmt],
                   rings[SMALL].parent)
    assert result["status"] == 0, result["out"]
    modules = result["modules"]
    assert isinstance(modules, list) and "editor.topology" in modules
    assert "networkx" not in modules
