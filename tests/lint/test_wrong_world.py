"""G016: a tile laid with the face of the other world than its board's, through the CLI,
and its regions counted in the world of the face they show (never as the board's land).
B003 and B004 name the regions they count."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from lint_support import REPO, chain, graph_scenario, lint_data, run_cli

from editor.lint import lint_path
from editor.lint.registry import all_rules

PRECIOUS = REPO / "scenarios" / "booklet" / "01-my-precious-world.realm.json"
CAVERN = REPO / "scenarios" / "booklet" / "08-the-sword-in-the-cavern.realm.json"


def _flipped(source: Path, tmp: Path, index: int, side: str) -> tuple[Path, dict[str, Any]]:
    data = json.loads(source.read_text(encoding="utf-8"))
    data["boards"][0]["tiles"][index]["side"] = side
    path = tmp / source.name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path, data


def test_g016_is_registered_as_a_geometry_error() -> None:
    rule = all_rules()["G016"]
    assert (rule.severity, rule.family) == ("error", "geometry")


def test_underground_face_on_a_surface_board_in_the_cli(tmp_path: Path) -> None:
    path, data = _flipped(PRECIOUS, tmp_path, 0, "underground")
    letter = data["boards"][0]["tiles"][0]["tile"]
    result = run_cli(str(path), "--select", "G016", "--format", "json")
    assert result.returncode == 1, result.stderr
    (finding,) = json.loads(result.stdout)
    assert finding["code"] == "G016" and finding["json_path"] == "$.boards[0].tiles[0].side"
    assert finding["tiles"] == [letter]
    assert (f"tile {letter} lies with its underground face on board surface, a surface board"
            in finding["message"])
    assert "did you mean 'surface'?" in finding["message"]  # the quick fix's value
    clean = run_cli(str(PRECIOUS), "--select", "G016")
    assert clean.returncode == 0, clean.stdout


def test_surface_face_on_an_underground_board(tmp_path: Path) -> None:
    path, data = _flipped(CAVERN, tmp_path, 3, "surface")
    letter = data["boards"][0]["tiles"][3]["tile"]
    found = [f for f in lint_path(path) if f.code == "G016"]
    assert [f.tiles for f in found] == [(letter,)]
    assert "surface face on board underground, an underground board" in found[0].message
    assert "did you mean 'underground'?" in found[0].message


def test_turned_regions_are_not_counted_as_surface_land(tmp_path: Path) -> None:
    """The 1/5 rule counts the surface land without the turned tile's three regions."""
    path, data = _flipped(PRECIOUS, tmp_path, 0, "underground")
    letter = data["boards"][0]["tiles"][0]["tile"]

    def land_total(findings: list[Any]) -> set[str]:
        return {f.message.split(" of ")[1].split(" land")[0] for f in findings
                if f.code == "B003" and f.players == 2 and " underground " not in f.message}

    before = {f for f in lint_path(PRECIOUS)}
    after = lint_path(path)
    b003 = [f for f in after if f.code == "B003" and f.players == 2]
    assert not any(r.startswith(f"{letter}.s") or r.startswith(f"{letter}.u")
                   for f in b003 if " underground " not in f.message for r in f.regions)
    # every surface B003 counts the same land as before, less the turned tile's regions
    totals_before = {int(t) for t in land_total(list(before))}
    totals_after = {int(t) for t in land_total(after)}
    assert all(t < min(totals_before, default=t + 1) for t in totals_after)


def test_b003_and_b004_name_the_regions_they_count(tmp_path: Path) -> None:
    terrains = ["farmland"] * 8 + ["forest", "hill"]
    regions, edges = chain(terrains, [["magic"]] * 7 + [[]] * 3)
    found = lint_data(tmp_path, graph_scenario(regions, edges), "B00")
    named = {(f.code, f.message.split(" on ")[0]): f.regions for f in found}
    assert named[("B003", "terrain farmland")] == tuple(f"r{i}" for i in range(8))
    assert named[("B004", "symbol magic")] == tuple(f"r{i}" for i in range(7))
