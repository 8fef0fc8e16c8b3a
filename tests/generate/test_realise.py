"""``realms realise`` and ``realms export --seed``: booklet scenario 9 played to a board."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from generate_support import GODS, run_cli

from editor.generate.confirm import loaded_from
from editor.generate.output import scenario_text_of
from editor.generate.realise import realise
from editor.lint import lint_loaded
from editor.model.scenario_io import load_scenario

FAST_SEEDS = (1, 2)


def _check(players: int, seed: int) -> str:
    loaded = load_scenario(GODS)
    result = realise(loaded, players, seed)
    assert result.errors == 0 and result.warnings == ()
    realised = loaded_from(result.data)
    findings = [f for f in lint_loaded(realised, players) if f.severity != "info"]
    assert findings == []
    data = result.data
    assert data["players"] == {"min": players, "max": players}
    assert "dynamic" not in data
    # Same seed, same bytes (a second, independent run).
    again = realise(load_scenario(GODS), players, seed)
    assert scenario_text_of(again.data) == scenario_text_of(data)
    return scenario_text_of(data)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("seed", FAST_SEEDS)
def test_realised_boards_are_lint_clean_and_repeatable(players: int, seed: int) -> None:
    _check(players, seed)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_seeds_1_to_20_are_lint_clean(players: int) -> None:
    texts = {_check(players, seed) for seed in range(1, 21)}
    assert len(texts) == 20  # different seeds give different boards


def test_the_building_rules_hold(tmp_path: Path) -> None:
    """Every tile touches an earlier one; enough land; a lost tribe where the rule wants."""
    loaded = load_scenario(GODS)
    facts = {}
    for key, tile in loaded.catalogue.tiles.items():
        for side_name, side in tile.sides.items():
            facts[(key, side_name)] = side
    result = realise(loaded, 4, 11)
    realm_land = 0
    for board in result.data["boards"]:
        placed: list[tuple[int, int]] = []
        markers = {(m["region"], m["kind"]) for m in board.get("markers", [])}
        for t in board["tiles"]:
            side = facts[(t["tile"], t["side"])]
            realm_land += sum(1 for r in side.regions if r.terrain != "water")
            plain = [r for r in side.regions if r.terrain not in ("water", "mountain")
                     and not any((f"{t['tile']}.{r.local_id}", k) in markers
                                 for k in ("mountain", "black_mountain", "chasm"))]
            if len(plain) >= 2:
                assert any("lost_tribe" in r.symbols for r in plain) or any(
                    (f"{t['tile']}.{r.local_id}", "lost_tribe") in markers for r in plain)
            placed.append((t["q"], t["r"]))
        assert len(set(placed)) == len(placed)
    assert realm_land >= 36


def test_cli_writes_the_same_bytes_whatever_the_hash_seed(tmp_path: Path) -> None:
    outs = []
    for hash_seed in ("1", "2"):
        out = tmp_path / f"gods{hash_seed}.realm.json"
        done = run_cli("realise", GODS, "--players", "3", "--seed", "5", "-o", out,
                       hash_seed=hash_seed)
        assert done.returncode == 0, done.stderr
        assert "3 players, seed 5" in done.stdout
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]
    lint = run_cli("lint", "--fail-on", "warning", tmp_path / "gods1.realm.json")
    assert lint.returncode == 0, lint.stdout


def test_cli_refuses_a_scenario_with_a_board(tmp_path: Path) -> None:
    done = run_cli("realise", GODS.parent / "01-my-precious-world.realm.json", "--players", "2",
                   "--seed", "1", "-o", tmp_path / "x.realm.json")
    assert done.returncode == 2
    assert "not built during play" in done.stderr
    assert not (tmp_path / "x.realm.json").exists()


def test_export_without_seed_refuses_and_says_how(tmp_path: Path) -> None:
    done = run_cli("export", GODS, "--players", "2", "--to", "smawg", "-o", tmp_path / "x.json")
    assert done.returncode == 2
    assert "built during play" in done.stderr and "--seed" in done.stderr
    assert not (tmp_path / "x.json").exists()


def test_export_with_seed_writes_a_playable_board(tmp_path: Path) -> None:
    out = tmp_path / "gods.engine.json"
    done = run_cli("export", GODS, "--players", "3", "--to", "engine", "--seed", "9", "-o", out)
    assert done.returncode == 0, done.stderr
    doc = json.loads(out.read_text())
    assert len(doc["regions"]) >= 27
    again = tmp_path / "again.engine.json"
    assert run_cli("export", GODS, "--players", "3", "--to", "engine", "--seed", "9",
                   "-o", again).returncode == 0
    assert again.read_bytes() == out.read_bytes()
