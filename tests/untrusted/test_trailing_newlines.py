"""A value ending in a newline never passes a schema pattern: Python's ``$`` matches before a
final ``\\n``, JSON Schema's does not (issue 27, point 10). Every validator agrees: the
compiled Python checks, ``jsonschema`` (which words errors) and ``jsonschema_rs``."""

from __future__ import annotations

import copy
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from untrusted_support import REPO, no_traceback, run_cli, small_scenario, write_json

from editor.model.catalogue import load_catalogue
from editor.model.errors import LoadError
from editor.model.fast_schema import _python_check, rust_validator
from editor.model.schemas import schema, validator

TEST_TILES = REPO / "tests" / "data" / "test-tiles.json"


def _mutations() -> dict[str, Any]:
    """Scenario values the schema checks with a pattern, each given a trailing newline."""
    def board_id(d: dict[str, Any], end: str) -> None:
        d["boards"][0]["id"] = "surface" + end

    def tile_key(d: dict[str, Any], end: str) -> None:
        d["boards"][0]["tiles"][0]["tile"] = "A" + end

    def translation(d: dict[str, Any], end: str) -> None:
        d["translations"] = {"fr" + end: {"title": "Trois tuiles"}}

    def catalogue(d: dict[str, Any], end: str) -> None:
        d["catalogues"] = ["tiles.json" + end]

    def region(d: dict[str, Any], end: str) -> None:
        d["boards"][0]["markers"] = [{"kind": "relic", "region": "A.1" + end}]

    def scenario_id(d: dict[str, Any], end: str) -> None:
        d["id"] = "three-tiles" + end

    return {f.__name__: f for f in (board_id, tile_key, translation, catalogue, region,
                                    scenario_id)}


MUTATIONS = _mutations()


def _mutated(name: str, end: str = "\n") -> dict[str, Any]:
    data = copy.deepcopy(small_scenario())
    MUTATIONS[name](data, end)
    return data


def test_the_translation_reads_dollar_as_the_very_end() -> None:
    from editor.model.anchored import pattern_search, python_pattern

    assert python_pattern("^[a-z]+$") == r"^[a-z]+\Z"
    assert python_pattern(r"^a\$b$") == r"^a\$b\Z"
    assert python_pattern("^[$]x$") == r"^[$]x\Z"
    assert pattern_search("^[a-z]+$")("abc")
    assert not pattern_search("^[a-z]+$")("abc\n")


@pytest.mark.parametrize("name", sorted(MUTATIONS))
def test_every_validator_refuses_a_trailing_newline(name: str) -> None:
    good, bad = _mutated(name, ""), _mutated(name)  # the newline alone makes it invalid
    python_check = _python_check("scenario")
    assert python_check is not None
    assert python_check(good) and not python_check(bad)
    assert validator("scenario").is_valid(good)
    assert not validator("scenario").is_valid(bad)
    rust = rust_validator(schema("scenario"))
    if rust is not None:
        assert not rust.is_valid(bad)


@pytest.mark.parametrize("name", sorted(MUTATIONS))
@pytest.mark.parametrize("command", [("lint", "--no-cache"), ("derive",), ("format", "--check")])
def test_the_cli_refuses_a_trailing_newline(tmp_path: Path, name: str,
                                            command: tuple[str, ...]) -> None:
    shutil.copyfile(TEST_TILES, tmp_path / "tiles.json")
    path = write_json(tmp_path / "s.realm.json", _mutated(name))
    result = run_cli(*command, str(path))
    no_traceback(result)
    assert result.returncode in (1, 2), (name, result.stdout + result.stderr)
    assert "S003" in result.stdout or "not" in result.stderr, result.stdout + result.stderr


def test_a_catalogue_id_with_a_trailing_newline_is_refused(tmp_path: Path) -> None:
    data = json.loads(TEST_TILES.read_text())
    data["id"] = data["id"] + "\n"
    path = tmp_path / "tiles.json"
    path.write_text(json.dumps(data))
    with pytest.raises(LoadError):
        load_catalogue(path)
    result = run_cli("catalogue", "check", str(path))
    no_traceback(result)
    assert result.returncode != 0
