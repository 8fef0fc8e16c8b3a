"""The quick-start realm, scenarios/highland-crossing.realm.json, is the project's showcase:
it must use every kind of thing the format can say, so later work has real material.

The kinds are read from schemas/scenario.schema.json, so adding a kind to the schema
without using it in highland-crossing makes this test fail.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_runner import run_cli

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = ROOT / "scenarios" / "highland-crossing.realm.json"
SCHEMA = ROOT / "schemas" / "scenario.schema.json"


@pytest.fixture(scope="module")
def scenario() -> dict:
    return json.loads(SCENARIO.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def defs() -> dict:
    return json.loads(SCHEMA.read_text(encoding="utf-8"))["$defs"]


def _presence_items(scenario: dict):
    for board in scenario["boards"]:
        yield from board.get("tiles", [])
        yield from board.get("markers", [])
        yield from board.get("river_markers", [])
    yield from scenario.get("links", [])


def test_every_marker_kind(scenario, defs):
    kinds = set(defs["marker"]["properties"]["kind"]["enum"])
    used = {m["kind"] for b in scenario["boards"] for m in b.get("markers", [])}
    assert kinds - used == set()


def test_every_link_kind(scenario, defs):
    kinds = set(defs["link"]["properties"]["kind"]["enum"])
    assert kinds - {link["kind"] for link in scenario.get("links", [])} == set()


def test_every_board_kind(scenario, defs):
    kinds = set(defs["board"]["properties"]["kind"]["enum"])
    assert kinds - {b["kind"] for b in scenario["boards"]} == set()


def test_every_water_kind(scenario, defs):
    kinds = set(defs["water"]["properties"]["bodies"]["items"]["properties"]["kind"]["enum"])
    bodies = scenario["water"]["bodies"]
    assert kinds - {body["kind"] for body in bodies} == set()
    assert any(body.get("entry_edge") is False for body in bodies if body["kind"] == "sea")
    assert any(body.get("impassable") for body in bodies)


def test_presence_and_river_markers(scenario):
    items = list(_presence_items(scenario))
    assert any("min_players" in item for item in items)
    assert any("players" in item for item in items)
    assert any(b.get("river_markers") for b in scenario["boards"])


def test_texts_and_lint_section(scenario):
    for key in ("description", "notes", "layout_note", "turns", "turns_reason", "entry",
                "scoring", "setup"):
        assert scenario.get(key), key
    assert "fr" in scenario["translations"]
    assert all(entry.get("reason") for entry in scenario["lint"]["ignore"])
    assert any(m["kind"] == "custom" and m.get("label")
               for b in scenario["boards"] for m in b.get("markers", []))


def test_derive_gives_tunnels_across_boards(scenario):
    out = run_cli("derive", "--players", str(scenario["players"]["max"]), str(SCENARIO),
                  cwd=ROOT)
    assert out.returncode == 0, out.stderr
    derived = json.loads(out.stdout)
    board_of = {}
    tunnels = []
    for board in derived["boards"]:
        board_of.update({r["id"]: r["board"] for r in board["regions"]})
        tunnels += [a for a in board["adjacency"] if "tunnel" in a["kinds"]]
    assert tunnels
    assert all(board_of[t["a"]] != board_of[t["b"]] for t in tunnels)
    assert {frozenset((board_of[t["a"]], board_of[t["b"]])) for t in tunnels} == {
        frozenset(("surface", "underground"))}
    # a crop space sits in a real hole
    assert any(board["holes"] for board in derived["boards"])
