"""Canonical form and atomic saves: what keeps diffs in shared scenario collections small.

Every shipped scenario validates and is byte-for-byte canonical; ``realms format``
turns any equivalent layout into that form once and then has nothing to do; a
failed save never damages the file it was replacing.
"""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path
from typing import Any

import pytest
from cli_runner import run_cli

from editor.model.safe_write import write_text as write_text_atomic
from editor.model.scenario_io import load_scenario, save_scenario, scenario_text
from editor.model.schemas import iter_errors

REPO = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((REPO / "scenarios").rglob("*.realm.json"))


def run_format(*args: str) -> subprocess.CompletedProcess[str]:
    """``realms format ARGS`` in this process (tests/cli_runner.py)."""
    return run_cli("format", *args, cwd=REPO, timeout=120)


def small_scenario() -> dict[str, Any]:
    """A valid realm on tiles A, B, C of the default catalogue with a few rule sections, so
    nested objects and verbatim sections are exercised too."""
    return {
        "format_version": 1,
        "title": "Trois tuiles — a small test realm",
        "players": {"min": 2, "max": 3},
        "turns": {"2": 10, "3": 9},
        "world": "surface",
        "water": {"river_rules": True, "default_kind": "auto", "merge": "seams"},
        "entry": {"rules": [{"kind": "board_edge", "applies_to": "all"}]},
        "scoring": [{"kind": "coin_mine", "coins": 1}],
        "lint": {"ignore": [{"code": "B001", "reason": "three tiles are a test, not a realm"}]},
        "boards": [
            {
                "id": "surface",
                "kind": "surface",
                "tiles": [
                    {"tile": "A", "side": "surface", "q": 0, "r": 0, "rotation": 0},
                    {"tile": "B", "side": "surface", "q": 1, "r": 0, "rotation": 3},
                    {"tile": "C", "side": "surface", "q": 0, "r": 1, "rotation": 5,
                     "min_players": 3},
                ],
                "markers": [
                    {"kind": "lost_tribe", "region": "A.s1"},
                    {"kind": "coin_mine", "region": "B.s1", "players": [2]},
                ],
            }
        ],
    }


def shuffled(value: Any, rng: random.Random) -> Any:
    """The same JSON with every object's keys in a random order."""
    if isinstance(value, dict):
        items = list(value.items())
        rng.shuffle(items)
        return {key: shuffled(item, rng) for key, item in items}
    if isinstance(value, list):
        return [shuffled(item, rng) for item in value]
    return value


def non_canonical_text(data: dict[str, Any], seed: int = 7) -> str:
    for attempt in range(100):
        text = json.dumps(shuffled(data, random.Random(seed + attempt)), indent=4)
        if list(json.loads(text)) != sorted(json.loads(text)):
            return text  # keys really are out of order at the top level
    raise AssertionError("could not shuffle the keys")


@pytest.fixture
def canonical_small(tmp_path: Path) -> Path:
    path = tmp_path / "small.realm.json"
    path.write_text(json.dumps(small_scenario(), indent=2, sort_keys=True, ensure_ascii=False)
                    + "\n", encoding="utf-8")
    return path


# --- shipped scenarios -------------------------------------------------------------------------

def test_scenarios_folder_is_not_empty() -> None:
    assert SCENARIOS, "scenarios/ should hold at least the templates"


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.relative_to(REPO).as_posix() for p in SCENARIOS])
def test_shipped_scenario_validates_and_is_canonical(path: Path) -> None:
    raw = path.read_bytes()
    assert list(iter_errors("scenario", json.loads(raw))) == []
    loaded = load_scenario(path)
    assert scenario_text(loaded.scenario).encode("utf-8") == raw


def test_format_check_on_scenarios_folder_exits_0() -> None:
    result = run_format("--check", "scenarios/")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stderr == ""
    assert result.stdout.strip() == (
        f"{len(SCENARIOS)} file{'s' if len(SCENARIOS) != 1 else ''} checked, "
        "0 would be reformatted")


# --- the built scenario ------------------------------------------------------------------------

def test_small_scenario_round_trips_through_the_model(canonical_small: Path) -> None:
    loaded = load_scenario(canonical_small)
    assert scenario_text(loaded.scenario).encode("utf-8") == canonical_small.read_bytes()
    assert loaded.scenario.to_dict() == small_scenario()


def test_canonical_form_is_sorted_two_space_utf8_with_newline(canonical_small: Path) -> None:
    text = scenario_text(load_scenario(canonical_small).scenario)
    assert text.endswith("}\n") and not text.endswith("\n\n")
    assert '\n  "boards": [' in text and '\n    "boards"' not in text
    assert "Trois tuiles — a small" in text  # not \u2014
    top_keys = list(json.loads(text))
    assert top_keys == sorted(top_keys)


def test_format_rewrites_a_non_canonical_copy_once(tmp_path: Path) -> None:
    path = tmp_path / "messy.realm.json"
    path.write_text(non_canonical_text(small_scenario()), encoding="utf-8")
    expected = scenario_text(load_scenario(path).scenario)
    assert path.read_text(encoding="utf-8") != expected

    check = run_format("--check", str(path))
    assert check.returncode == 1
    assert check.stdout.splitlines() == [f"would reformat: {path}",
                                         "1 file checked, 1 would be reformatted"]
    assert path.read_text(encoding="utf-8") != expected  # --check wrote nothing

    first = run_format(str(path))
    assert first.returncode == 0, first.stderr
    assert first.stdout.splitlines() == [f"reformatted: {path}", "1 file checked, 1 reformatted"]
    assert path.read_text(encoding="utf-8") == expected
    after_first = path.read_bytes()

    second = run_format(str(path))
    assert second.returncode == 0
    assert second.stdout.splitlines() == ["1 file checked, 0 reformatted"]
    assert path.read_bytes() == after_first
    assert run_format("--check", str(path)).returncode == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["messy.realm.json"]


def test_format_normalises_crlf_and_omitted_defaults(tmp_path: Path) -> None:
    data = small_scenario()
    del data["boards"][0]["tiles"][0]["rotation"]  # optional, canonical form spells it out
    path = tmp_path / "windows.realm.json"
    path.write_bytes(json.dumps(data, indent=2, sort_keys=True).replace("\n", "\r\n").encode())
    assert run_format(str(path)).returncode == 0
    text = path.read_bytes().decode("utf-8")
    assert "\r" not in text
    assert json.loads(text)["boards"][0]["tiles"][0]["rotation"] == 0
    assert run_format("--check", str(path)).returncode == 0


def test_format_walks_folders_and_invalid_wins_over_would_change(tmp_path: Path,
                                                                 canonical_small: Path) -> None:
    nested = tmp_path / "collection" / "deeper"
    nested.mkdir(parents=True)
    messy = nested / "messy.realm.json"
    messy.write_text(non_canonical_text(small_scenario()), encoding="utf-8")
    broken = tmp_path / "collection" / "broken.realm.json"
    broken.write_text('{"format_version": 1,', encoding="utf-8")
    ignored = tmp_path / "collection" / "notes.json"
    ignored.write_text("not json at all", encoding="utf-8")
    hidden = tmp_path / "collection" / ".cache" / "old.realm.json"
    hidden.parent.mkdir()
    hidden.write_text("not json either", encoding="utf-8")

    result = run_format("--check", str(tmp_path), str(canonical_small))
    assert result.returncode == 2
    assert result.stderr.splitlines()[0].startswith(f"{broken}:1:")
    assert len(result.stderr.splitlines()) == 1
    assert f"would reformat: {messy}" in result.stdout.splitlines()
    # small.realm.json is found by the walk and named again: checked once.
    assert result.stdout.splitlines()[-1] == "3 files checked, 1 would be reformatted, 1 invalid"
    assert messy.read_text(encoding="utf-8") == non_canonical_text(small_scenario())


def test_format_with_nothing_to_check_says_so(tmp_path: Path) -> None:
    result = run_format("--check", str(tmp_path))
    assert result.returncode == 0
    assert result.stdout.strip() == "0 files checked, 0 would be reformatted"


# --- atomic saves ------------------------------------------------------------------------------

def test_save_leaves_no_temporary_file(tmp_path: Path, canonical_small: Path) -> None:
    scenario = load_scenario(canonical_small).scenario
    scenario.title = "Renamed"
    target = tmp_path / "saved.realm.json"
    save_scenario(scenario, target)
    save_scenario(scenario, target)  # replacing an existing file too
    assert sorted(p.name for p in tmp_path.iterdir()) == ["saved.realm.json", "small.realm.json"]
    assert load_scenario(target).scenario.title == "Renamed"


def test_failed_serialisation_keeps_the_old_file(tmp_path: Path, canonical_small: Path) -> None:
    original = canonical_small.read_bytes()
    scenario = load_scenario(canonical_small).scenario
    scenario.sections["notes"] = object()  # not JSON-serialisable
    with pytest.raises(TypeError):
        save_scenario(scenario, canonical_small)
    assert canonical_small.read_bytes() == original
    assert sorted(p.name for p in tmp_path.iterdir()) == ["small.realm.json"]


def test_failure_while_writing_removes_the_temp_file_and_keeps_the_old_one(
        tmp_path: Path, canonical_small: Path) -> None:
    """The text serialises but cannot be encoded, so the failure happens mid-write."""
    original = canonical_small.read_bytes()
    with pytest.raises(UnicodeEncodeError):
        write_text_atomic(canonical_small, '{"title": "half written \ud800"}\n')
    assert canonical_small.read_bytes() == original
    assert sorted(p.name for p in tmp_path.iterdir()) == ["small.realm.json"]


def test_saved_file_keeps_its_permissions(tmp_path: Path, canonical_small: Path) -> None:
    canonical_small.chmod(0o600)
    save_scenario(load_scenario(canonical_small).scenario, canonical_small)
    assert canonical_small.stat().st_mode & 0o777 == 0o600


def test_save_into_a_missing_folder_raises_oserror(tmp_path: Path) -> None:
    """An OSError the caller can report, and nothing is created on the way."""
    scenario = load_scenario(REPO / "scenarios" / "templates" / "blank-surface.realm.json")
    with pytest.raises(OSError):
        save_scenario(scenario.scenario, tmp_path / "missing" / "x.realm.json")
    assert not (tmp_path / "missing").exists()
