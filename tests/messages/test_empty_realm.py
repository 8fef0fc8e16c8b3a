"""An empty realm is not a clean one: G011 reports boards with nothing to play on.

The shipped templates are blank on purpose and say so in their own lint.ignore
(with a reason); ``realms new`` copies a template without that entry, so a new
file is told about its empty boards until tiles are placed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from editor.cli.main import main
from editor.lint.registry import all_rules
from editor.lint.rules_geometry import EMPTY_BOARD
from editor.model.templates import TEMPLATE_ONLY_IGNORES, WORLDS, scenario_from_template

REPO = Path(__file__).resolve().parents[2]
TEMPLATES = REPO / "scenarios" / "templates"
HIGHLAND = REPO / "scenarios" / "highland-crossing.realm.json"


def lint(capsys: pytest.CaptureFixture[str], *paths: Path) -> tuple[int, list[str]]:
    status = main(["lint", "--format", "text", *(str(p) for p in paths)])
    return status, [line for line in capsys.readouterr().out.splitlines() if " G011 " in line]


@pytest.mark.parametrize("world", WORLDS)
def test_a_new_realm_is_told_its_boards_are_empty(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], world: str) -> None:
    path = tmp_path / "mine.realm.json"
    assert main(["new", "-o", str(path), "--world", world]) == 0
    said = capsys.readouterr().out
    assert "until then `realms lint` reports the empty boards (G011)" in said
    status, lines = lint(capsys, path)
    assert status == 1
    boards = ["surface", "underground"] if world == "both" else [world]
    assert [line.split("[error] ")[1].split(": ", 1)[1] for line in lines] == [
        f"board {board} has no tiles (for 2-6 players); place tiles on it in the editor, "
        "or remove the board if the scenario does not use it" for board in boards]


def test_the_shipped_templates_ignore_it_for_themselves_with_a_reason(
        capsys: pytest.CaptureFixture[str]) -> None:
    for template in sorted(TEMPLATES.glob("*.realm.json")):
        entries = json.loads(template.read_text(encoding="utf-8"))["lint"]["ignore"]
        assert [e["code"] for e in entries] == [EMPTY_BOARD]
        assert "blank on purpose" in entries[0]["reason"]
    assert lint(capsys, TEMPLATES) == (0, [])


def test_templates_copied_for_new_realms_drop_only_that_entry() -> None:
    assert TEMPLATE_ONLY_IGNORES == (EMPTY_BOARD,)
    for world in WORLDS:
        assert "lint" not in scenario_from_template(world).sections


def test_a_board_built_during_play_is_not_empty(capsys: pytest.CaptureFixture[str]) -> None:
    gods = REPO / "scenarios" / "booklet" / "09-a-game-of-gods.realm.json"
    data = json.loads(gods.read_text(encoding="utf-8"))
    assert data["dynamic"]["kind"] == "build_during_play"
    assert all(not board.get("tiles") for board in data["boards"])
    assert lint(capsys, gods) == (0, [])


def write(tmp_path: Path, data: dict[str, Any]) -> Path:
    path = tmp_path / "case.realm.json"
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return path


def test_a_player_count_with_no_tile_in_play_is_reported(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(HIGHLAND.read_text(encoding="utf-8"))
    for board in data["boards"]:
        for tile in board.get("tiles", []):
            tile.pop("players", None)
            tile["min_players"] = 4
    status, lines = lint(capsys, write(tmp_path, data))
    assert status == 1
    assert [line.split("[error] ")[1].split(": ", 1)[1] for line in lines] == [
        "no tile is in play (for 2-3 players); give some tiles these player counts "
        "(min_players or players), or narrow the scenario's players"]


def test_a_board_waiting_for_more_players_is_a_design_choice(
        capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(HIGHLAND.read_text(encoding="utf-8"))
    sky = next(b for b in data["boards"] if b["id"] == "sky")
    assert data["players"]["min"] < min(t.get("min_players", 9) for t in sky["tiles"])
    assert lint(capsys, HIGHLAND) == (0, [])


def test_the_rule_is_registered_with_a_summary() -> None:
    rule = all_rules()[EMPTY_BOARD]
    assert rule.severity == "error" and "empty realm" in rule.summary
