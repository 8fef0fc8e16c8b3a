"""Issue 29 point 6: messages that named the wrong thing, each with its new wording."""

from __future__ import annotations

import json
from pathlib import Path

from cli_runner import run_cli

REPO = Path(__file__).resolve().parents[2]
TILES = REPO / "editor" / "data" / "tiles.json"
CORPUS = REPO / "tests" / "fuzz" / "corpus"


def _without_tile_a_region(folder: Path, name: str) -> Path:
    """The bundled catalogue with tile A's last surface region and tile Z removed."""
    data = json.loads(TILES.read_text(encoding="utf-8"))
    data["tiles"]["A"]["surface"].pop()
    del data["tiles"]["Z"]
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_catalogue_diff_names_the_files_not_a_letter(tmp_path: Path) -> None:
    """"tile A surface s3: region only in A" read as tile A twice; the file is named."""
    mine = _without_tile_a_region(tmp_path, "my-box.json")
    result = run_cli("catalogue", "diff", TILES, mine)
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert "tile A surface s3: region only in tiles.json" in lines
    assert "tile Z: only in tiles.json" in lines
    assert not any(line.endswith(" only in A") for line in lines)
    back = run_cli("catalogue", "diff", mine, TILES).stdout.splitlines()
    assert "tile Z: only in tiles.json" in back  # the second file, named too


def test_catalogue_diff_of_two_files_of_one_name_shows_their_paths(tmp_path: Path) -> None:
    first = _without_tile_a_region(tmp_path / "old", "tiles.json")
    result = run_cli("catalogue", "diff", first, TILES)
    assert f"tile Z: only in {TILES}" in result.stdout.splitlines()


def test_lint_echoes_a_missing_folder_as_typed(tmp_path: Path) -> None:
    result = run_cli("lint", "scenario/", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == "realms lint: error: scenario/: no such file or folder\n"


def test_lint_json_at_one_count_lists_that_count_for_every_finding(tmp_path: Path) -> None:
    """A document-wide finding (here R007 on an entry that tries to silence S) was given
    ``"player_counts": []`` under --players 2; the lint was of 2 players."""
    source = CORPUS / "lint-ignore-s-hides-crash.realm.json"
    result = run_cli("lint", "--players", "2", "--format", "json", "--no-cache", source)
    findings = json.loads(result.stdout)
    assert any(f["code"] == "R007" for f in findings)
    assert all(f["player_counts"] == [2] and f["players"] == 2 for f in findings), findings
    every = json.loads(run_cli("lint", "--format", "json", "--no-cache", source).stdout)
    r007 = [f for f in every if f["code"] == "R007"]
    assert r007 and r007[0]["player_counts"] == []  # all counts: not one count's finding
