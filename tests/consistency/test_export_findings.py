"""At each count, a realm's engine export reports what its source reports, no more (issue 29
point 3, over the whole corpus: the generated and realised realms too)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_runner import run_cli
from realm_corpus import NAMES, Realm


def _lint(path: Path) -> list[dict[str, Any]]:
    result = run_cli("lint", "--format", "json", "--fail-on", "info", path)
    assert result.returncode in (0, 1), result.stderr
    findings: list[dict[str, Any]] = json.loads(result.stdout)
    return findings


@pytest.mark.parametrize("name", NAMES)
def test_an_export_reports_what_its_source_reports(corpus: dict[str, Realm], name: str,
                                                  tmp_path: Path) -> None:
    """At each count, the engine export's findings are the source's (codes), no more."""
    realm = corpus[name]
    if realm.empty:
        pytest.skip("nothing to export")
    assert run_cli("export", realm.path, "--to", "engine", "-o", f"{tmp_path}/"
                   ).returncode == 0
    source = _lint(realm.path)
    exported = _lint(tmp_path)
    for players in realm.counts:
        before = {f["code"] for f in source
                  if not f["player_counts"] or players in f["player_counts"]}
        after = {f["code"] for f in exported if f"{players}p.engine.json" in f["path"]}
        assert after <= before, f"{realm.command}: the {players}-player export adds " \
                                f"{sorted(after - before)}"
