"""What each engine export carries and loses: one list (editor/data/engine-rules.json) for
every export's description and for docs/export.md's tables, which must agree."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from export_support import REPO

from editor.export import export_bytes
from editor.export.fidelity import (
    CONDITIONS,
    OUTPUTS,
    catalogue,
    docs_tables,
    fates,
    shipped_boards,
    smawg_summary,
    summary,
)
from editor.model import schemas
from editor.model.scenario_io import load_scenario
from editor.topology import derive_realm

DOCS = REPO / "docs" / "export.md"
START = "<!-- fidelity tables: python -m editor.export.fidelity -->\n"
END = "<!-- end of fidelity tables -->"
BOOKLET = REPO / "scenarios" / "booklet"


def test_docs_hold_the_tables_the_list_gives(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    text = DOCS.read_text(encoding="utf-8")
    block = text[text.index(START) + len(START):text.index(END)]
    assert block == docs_tables(shipped_boards()) + "\n", \
        "docs/export.md is stale: paste `python -m editor.export.fidelity` between its markers"


def test_every_rule_says_when_it_applies_and_what_each_output_does() -> None:
    rules = catalogue()["rules"]
    ids = [rule["id"] for rule in rules]
    assert len(ids) == len(set(ids))
    for rule in rules:
        for test in rule["when"].split("|"):
            section, _, key = test.partition(":")
            assert test in CONDITIONS or (section in ("scoring", "setup") and key), rule["id"]
        for output in OUTPUTS:
            assert isinstance(rule[output]["carried"], bool) and rule[output]["how"], rule["id"]


def test_every_scoring_kind_and_setup_marker_the_schema_allows_is_listed() -> None:
    """A new scoring or set-up rule cannot slip out of the descriptions unmentioned."""
    defs = schemas.schema("scenario")["$defs"]
    kinds = set(defs["scoringRule"]["properties"]["kind"]["enum"])
    setup = set(defs["setup"]["properties"])
    listed = {test for rule in catalogue()["rules"] for test in rule["when"].split("|")}
    assert {f"scoring:{k}" for k in kinds} <= listed
    assert {f"setup:{k}" for k in setup} <= listed


@pytest.mark.parametrize("name, players", [("01-my-precious-world", 3), ("03-go-east", 4),
                                           ("12-night-and-day", 4)])
def test_each_export_describes_what_it_carries_and_loses(name: str, players: int) -> None:
    loaded = load_scenario(next(BOOKLET.glob(f"{name}*.realm.json")))
    realm = derive_realm(loaded, players)
    smawg = json.loads(export_bytes(loaded, "smawg", players))["description"]
    engine = json.loads(export_bytes(loaded, "engine", players))["description"]
    module = export_bytes(loaded, "cestpasphoto", players).decode().split("\ntry:")[0]
    header = " ".join(line[2:] for line in module.splitlines()[2:])
    assert smawg.endswith(smawg_summary(realm))
    assert engine.endswith(summary(realm, "engine"))
    assert header == summary(realm, "cestpasphoto")
    lost = [f for f in fates(realm, "smawg") if not f.carried]
    assert lost, "every one of these boards loses something in smawg"
    for fate in lost:
        assert f"{fate.rule}: {fate.how}" in smawg.split("Loses: ")[1]
    if name == "01-my-precious-world":  # river rules: lost alone, played by the plugin
        assert "river rules" in smawg.split("Loses: ")[1].split("With the Realms")[0]
        assert "river rules" in smawg.split("it also carries: ")[1]
        assert "river rules" not in smawg.split("Carries: ")[1].split("Loses: ")[0]


def test_the_engine_file_loses_none_of_the_shipped_rules() -> None:
    assert all(rule["engine"]["carried"] for rule in catalogue()["rules"])


def test_docs_name_only_real_engine_runs_played_in_the_engine() -> None:
    text = DOCS.read_text(encoding="utf-8")
    stand_ins = text[text.index("### On stand-ins"):]
    stand_ins = stand_ins[:stand_ins.index("\n## ")]
    assert "played in the engine" not in stand_ins.lower()
    assert Path(REPO / "tests" / "engines" / "test_cestpasphoto_games.py").is_file()


def test_rules_stated_only_in_the_notes_travel_with_the_engine_file_or_are_said_lost(
        tmp_path: Path) -> None:
    """Scenario 11's teams ("Players in 1st and 4th position ... form a single team") live
    only in its notes; every export dropped them while the engine file said "Loses none of
    the scenario's rules". The engine file now carries the notes as written (and import
    gives them back), and the others list them among what they lose."""
    from cli_runner import run_cli

    source = BOOKLET / "11-all-together-now.realm.json"
    loaded = load_scenario(source)
    notes = loaded.scenario.sections["notes"]
    assert "team" in notes
    engine = json.loads(export_bytes(loaded, "engine", 5))
    assert engine["rules"]["notes"] == notes
    assert "rules the scenario states only in its notes" in engine["description"]
    assert "rules.notes" in engine["description"]
    smawg = json.loads(export_bytes(loaded, "smawg", 5))
    lost = smawg["description"].split("Loses: ", 1)[1]
    assert "rules the scenario states only in its notes" in lost
    exported = tmp_path / "all.engine.json"
    exported.write_bytes(export_bytes(loaded, "engine", 5))
    back = tmp_path / "back.realm.json"
    assert run_cli("import", exported, "--from", "engine", "-o", back).returncode == 0
    assert json.loads(back.read_text(encoding="utf-8"))["notes"] == notes
