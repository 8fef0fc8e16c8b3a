"""The deliberately bad boards (tests/data/bad-boards/, written by tools/bad_boards.py):
each is lint-valid, and the balance standard flags its fault with advice naming the cause
(the entry rule, the clustered symbol, the pocket, the cut-off land)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from balance_support import REPO

from editor.analysis.standard import flags
from editor.cli.main import main
from editor.model.scenario_io import load_scenario
from editor.topology import derive_realm

BAD = REPO / "tests" / "data" / "bad-boards"
FAULTS: dict[str, Any] = json.loads((BAD / "faults.json").read_text(encoding="utf-8"))
NAMES = sorted(FAULTS["boards"])


def test_every_fault_the_suite_asks_for_has_a_board() -> None:
    assert sorted(p.name.removesuffix(".realm.json") for p in BAD.glob("*.realm.json")) \
        == NAMES
    assert len(NAMES) == 6


@pytest.mark.parametrize("name", NAMES)
def test_a_bad_board_is_lint_valid_and_flagged_for_its_fault(
        name: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = BAD / f"{name}.realm.json"
    assert main(["lint", str(path)]) == 0, capsys.readouterr().out
    capsys.readouterr()
    fault = FAULTS["boards"][name]
    players = FAULTS["players"]
    found = {f.key: f for f in flags(derive_realm(load_scenario(path), players), players)}
    assert fault["flag"] in found, (name, sorted(found))
    advice = found[fault["flag"]].advice
    for words in fault["advice"]:
        assert words in advice, (name, advice)
    assert found[fault["flag"]].regions


def test_the_one_entry_board_blames_the_entry_rule_not_the_edge() -> None:
    """Its depth flag names the rule too: no "remove a tile between them and the edge"."""
    path = BAD / "one-entry.realm.json"
    found = flags(derive_realm(load_scenario(path), 3), 3)
    for flag in found:
        assert "entry rule" in flag.advice and "the edge" not in flag.advice, flag.advice


def test_the_tool_writes_the_boards_as_shipped(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    import bad_boards

    monkeypatch.setattr(bad_boards, "OUT", tmp_path)
    assert bad_boards.main() == 0
    for name in NAMES:
        fresh = (tmp_path / f"{name}.realm.json").read_text(encoding="utf-8")
        assert fresh == (BAD / f"{name}.realm.json").read_text(encoding="utf-8"), name
