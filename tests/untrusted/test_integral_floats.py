"""Integral floats (``1.0``, ``1e0``) pass JSON Schema as integers; they are read as
``int`` at load, so derive, export and lint treat them exactly as ``1``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from untrusted_support import REPO, no_traceback, run_cli, small_scenario, write_json

from editor.lint.runner import lint_path
from editor.model.jsonio import parse_json_text
from editor.model.scenario_io import load_scenario


def float_text(data: dict[str, object]) -> str:
    """The scenario with every rotation written ``N.0``, min players ``2e0``."""
    text = json.dumps(data, indent=2)
    text = text.replace('"rotation": 2', '"rotation": 2.0').replace(
        '"rotation": 1', '"rotation": 1e0')
    return text.replace('"min": 2', '"min": 2.0')


@pytest.fixture
def float_file(tmp_path: Path) -> Path:
    path = tmp_path / "b-float.realm.json"
    path.write_text(float_text(small_scenario()), encoding="utf-8")
    return path


def test_integral_floats_are_ints_after_parsing() -> None:
    data = parse_json_text('{"a": 1.0, "b": [1e0, -0.0, 2.5, 3E2]}', "x.json")
    assert data == {"a": 1, "b": [1, 0, 2.5, 300]}
    assert [type(v) for v in (data["a"], *data["b"])] == [int, int, int, float, int]


def test_loaded_scenario_has_int_rotations(float_file: Path) -> None:
    loaded = load_scenario(float_file)
    rotations = [p.rotation for p in loaded.scenario.boards[0].tiles]
    assert rotations == [0, 2, 1] and all(type(r) is int for r in rotations)
    assert type(loaded.scenario.players_min) is int


@pytest.mark.parametrize("command", [
    ["derive"], ["export", "--to", "geojson"], ["export", "--to", "graphml"],
    ["lint"], ["format", "--check"],
])
def test_commands_accept_integral_floats(float_file: Path, command: list[str],
                                         tmp_path_factory: pytest.TempPathFactory) -> None:
    tmp_path = tmp_path_factory.mktemp("out")
    args: list[str | Path] = [*command, float_file]
    if command[0] == "export":
        args += ["-o", tmp_path / "out.json", "--players", "2"]
    result = run_cli(*args)
    no_traceback(result)
    if command[0] == "format":
        assert result.returncode == 1  # 1.0 is re-written as 1: a formatting change
    elif command[0] == "lint":  # the same findings as with plain integers
        plain = write_json(tmp_path / float_file.name, small_scenario())
        expected = run_cli("lint", plain)
        assert result.returncode == expected.returncode == 1
        assert result.stdout.replace(str(float_file), "F") == expected.stdout.replace(
            str(plain), "F")
    else:
        assert result.returncode == 0, result.stdout + result.stderr


def test_lint_finds_nothing_more_than_for_ints(float_file: Path, tmp_path: Path) -> None:
    plain = write_json(tmp_path / "a-int.realm.json", small_scenario())
    assert [f.code for f in lint_path(float_file)] == [f.code for f in lint_path(plain)]


def test_engine_and_catalogue_floats(tmp_path: Path) -> None:
    """Engine files read through the same parser: an exported engine file with integral
    floats imports like the original."""
    source = REPO / "scenarios" / "booklet" / "01-my-precious-world.realm.json"
    engine = tmp_path / "x.engine.json"
    assert run_cli("export", source, "--to", "engine", "--players", "3",
                   "-o", engine).returncode == 0
    text = engine.read_text(encoding="utf-8").replace('"players": 3', '"players": 3.0')
    engine.write_text(text, encoding="utf-8")
    result = run_cli("import", engine, "--from", "engine", "-o", tmp_path / "back.realm.json")
    no_traceback(result)
    assert result.returncode == 0, result.stderr
