"""Issue 26: a realised scenario 9 places Lost Tribe tokens by its rule, one on each tile with
two or more non-mountain land regions, now that the box's tiles print no lost-tribe mark
(on the invented faces the printed marks meant the rule never fired). Issue 27 point 11:
``realise --world underground`` boards are lint-clean with 0 warnings (the 1/5 rule is
counted world by world, as lint counts it)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from generate_support import GODS, run_cli

from editor.generate.realise import realise
from editor.lint.config import default_config
from editor.model.scenario_io import load_scenario

MOUNTAINS = ("mountain", "black_mountain")
BOX_LOST_TRIBES = 18


def _realise_cli(tmp_path: Path, players: int, seed: int, world: str | None) -> Path:
    out = tmp_path / f"gods-{players}p-{seed}-{world}.realm.json"
    extra = ["--world", world] if world else []
    done = run_cli("realise", GODS, "--players", str(players), "--seed", str(seed),
                   *extra, "-o", out)
    assert done.returncode == 0, done.stderr
    assert "warning" not in done.stderr, done.stderr
    return out


def _check_lost_tribes(path: Path) -> int:
    """Every tile with >= 2 non-mountain land regions in play has exactly one Lost Tribe, on
    one of those regions; no other tile has one. Returns the tribes laid."""
    loaded = load_scenario(path)
    assert loaded.scenario.format_version == 2  # the box's faces
    data = json.loads(path.read_text(encoding="utf-8"))
    laid = 0
    wanting = 0
    for board in data["boards"]:
        kinds: dict[str, list[str]] = {}
        for marker in board.get("markers", []):
            if "region" in marker:
                kinds.setdefault(marker["region"], []).append(marker["kind"])
        for placed in board["tiles"]:
            letter = placed["tile"]
            side = loaded.catalogue.tiles[letter].sides[placed["side"]]
            assert not any("lost_tribe" in r.symbols for r in side.regions)  # box: no marks
            plain, others = [], []
            for region in side.regions:
                rid = f"{letter}.{region.local_id}"
                on = kinds.get(rid, [])
                if (region.terrain not in ("water", "mountain")
                        and not set(on) & {*MOUNTAINS, "chasm"}):
                    plain.append(rid)
                else:
                    others.append(rid)
            tribes = [rid for rid in plain + others if "lost_tribe" in kinds.get(rid, [])]
            if len(plain) >= 2:
                wanting += 1
                assert len(tribes) == 1, (path.name, letter, plain, tribes)
                assert tribes[0] in plain  # never on a mountain, water or a chasm
            else:
                assert tribes == [], (path.name, letter, plain, tribes)
            laid += len(tribes)
    assert laid == wanting > 0
    assert laid <= BOX_LOST_TRIBES
    return laid


def _lint_clean(path: Path, players: int) -> None:
    done = run_cli("lint", "--format", "json", "--fail-on", "warning", path)
    assert done.returncode == 0, done.stdout + done.stderr
    kept = [f for f in json.loads(done.stdout) if f["severity"] in ("error", "warning")]
    assert kept == []
    assert all(f["players"] == players for f in json.loads(done.stdout))


@pytest.mark.parametrize("players, seed, world", [
    (2, 1, None), (3, 4, None), (4, 2, None), (5, 3, None), (6, 1, None),
    (3, 2, "underground"), (5, 1, "underground"),
    (4, 5, "both"), (6, 3, "both"),
])
def test_realise_lays_a_lost_tribe_on_each_tile_the_rule_names(
        tmp_path: Path, players: int, seed: int, world: str | None) -> None:
    out = _realise_cli(tmp_path, players, seed, world)
    _check_lost_tribes(out)
    _lint_clean(out, players)
    data = json.loads(out.read_text(encoding="utf-8"))
    if world == "both":  # each world holds land, joined by tunnels
        assert all(board["tiles"] for board in data["boards"])


def test_underground_6_players_seed_2_has_no_warning(tmp_path: Path) -> None:
    """Issue 27 point 11: this board used to carry a B003 warning (underground terrains
    were not balanced, as the realisation counted every world together)."""
    out = _realise_cli(tmp_path, 6, 2, "underground")
    _lint_clean(out, 6)
    _check_lost_tribes(out)
    places = [m for b in json.loads(out.read_text())["boards"] for m in b.get("markers", [])
              if m["kind"] in ("place", "relic")]
    assert len(places) == 7  # players + 1 (lint R002)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_underground_boards_have_no_warning_at_4_players(seed: int) -> None:
    """Seeds that gave B003 underground before the 1/5 rule was counted per world."""
    result = realise(load_scenario(GODS), 4, seed, "underground")
    assert (result.errors, result.warnings) == (0, ())


def test_more_tribes_than_the_box_holds_is_said_plainly() -> None:
    config = default_config()
    few = dataclasses.replace(config, inventory={**config.inventory, "lost_tribe": 3})
    result = realise(load_scenario(GODS), 4, 1, "surface", config=few)
    assert result.errors > 0
    assert len(result.notes) == 1
    assert "needs" in result.notes[0] and "box holds 3" in result.notes[0]
    fine = realise(load_scenario(GODS), 4, 1, "surface")
    assert fine.errors == 0 and fine.notes == ()
