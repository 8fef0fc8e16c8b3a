"""`realms lint --players N` says what `realms lint` says about N players, no more and no less
(issue 29 point 2: an ignore entry for 6 players was reported unused at 4), and every one of
its findings names that count (point 6: `"player_counts": []` at `--players 4`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_runner import run_cli
from realm_corpus import NAMES, Realm


def _lint(path: Path, *args: str) -> list[dict[str, Any]]:
    result = run_cli("lint", "--format", "json", "--exit-zero", *args, path)
    assert result.returncode == 0, result.stderr
    findings: list[dict[str, Any]] = json.loads(result.stdout)
    return findings


def _where(finding: dict[str, Any]) -> tuple[str, str]:
    return finding["code"], finding["json_path"]


@pytest.mark.parametrize("name", NAMES)
def test_one_count_is_the_whole_lint_at_that_count(corpus: dict[str, Realm],
                                                   name: str) -> None:
    realm = corpus[name]
    every = _lint(realm.path)
    for players in realm.counts:
        alone = _lint(realm.path, "--players", str(players))
        expected = {_where(f) for f in every
                    if not f["player_counts"] or players in f["player_counts"]}
        assert {_where(f) for f in alone} == expected, (
            f"{realm.command}: --players {players} differs from the lint of every count")
        unnamed = [f["code"] for f in alone if f["player_counts"] != [players]]
        assert not unnamed, f"{realm.command}: --players {players} findings without it"
