"""Rule cases test_rules.py does not reach: every kind of dangling reference (G006), every
kind of boxed piece (I001), tunnel numbers (I002) and the supported versions in S004.

Each test lints a real file through ``editor.lint`` (or ``realms lint``) and checks the
code, the JSON path and the words of the message, so a rule that stops firing, fires in
the wrong place or says something else fails here.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from lint_support import base, lint_data, run_cli, tile, write

from editor.lint import Finding
from editor.lint.config import default_config
from editor.model.scenario import SUPPORTED_FORMAT_VERSIONS

# Land regions of base(): one per L tile, two on TS, one on TM and TH's land half.
LAND = [f"L{i}.s1" for i in range(1, 13)] + ["TS.s1", "TS.s2", "TM.s1", "TH.s2"]


def _only(findings: list[Finding], code: str) -> list[Finding]:
    return [f for f in findings if f.code == code]


def _one(findings: list[Finding], code: str) -> Finding:
    found = _only(findings, code)
    assert len(found) == 1, findings
    return found[0]


# -- G006: references to regions that do not exist ------------------------------------------

def _links(*links: dict[str, Any]) -> dict[str, Any]:
    data = base()
    data["links"] = list(links)
    return data


@pytest.mark.parametrize(("link", "path", "ref"), [
    ({"kind": "custom", "a": "QZ.s1", "b": "L1.s1"}, "$.links[0].a", "QZ.s1"),
    ({"kind": "custom", "a": "L1.s1", "b": "QZ.s1"}, "$.links[0].b", "QZ.s1"),
    ({"kind": "custom", "a": "L2.s9", "b": "L1.s1"}, "$.links[0].a", "L2.s9"),
    ({"kind": "custom", "a": "L1.s1", "b": "L2.s9"}, "$.links[0].b", "L2.s9"),
], ids=["a-unknown-tile", "b-unknown-tile", "a-no-such-region", "b-no-such-region"])
def test_g006_link_end_names_a_missing_region(link: dict[str, Any], path: str, ref: str,
                                              tmp_path: Path) -> None:
    # L2 is on the board but has only s1: before the fix, "L2.s9" in a link passed silently.
    found = _one(lint_data(tmp_path, _links(link), "G006"), "G006")
    assert found.json_path == path
    assert found.regions == (ref,)
    assert found.message.startswith(f"custom link names {ref}")
    assert found.severity == "error"


def test_g006_link_between_existing_regions_is_clean(tmp_path: Path) -> None:
    data = _links({"kind": "custom", "a": "L1.s1", "b": "L8.s1"})
    assert lint_data(tmp_path, data, "G006") == []


def test_g006_link_follows_the_player_count_of_its_tile(tmp_path: Path) -> None:
    """A link to a tile that only joins at 3 players is checked at 3 players only."""
    data = _links({"kind": "custom", "a": "L1.s1", "b": "TW.s1"},
                  {"kind": "custom", "a": "L2.s1", "b": "TW.s5"})
    data["players"] = {"min": 2, "max": 3}
    data["boards"][0]["tiles"].append(tile("TW", 3, 0, min_players=3))
    found = _one(lint_data(tmp_path, data, "G006"), "G006")
    assert found.json_path == "$.links[1].b"
    assert found.player_counts == (3,)
    assert "TW.s5" in found.message and "no such region" in found.message


@pytest.mark.parametrize(("refs", "path", "ref"), [
    (["L1.s1", "QZ.s1"], "$.entry.rules[0].regions[1]", "QZ.s1"),
    (["L2.s9", "L1.s1"], "$.entry.rules[0].regions[0]", "L2.s9"),
], ids=["unknown-tile", "no-such-region-on-a-used-tile"])
def test_g006_entry_rule_regions_name_a_missing_region(refs: list[str], path: str, ref: str,
                                                       tmp_path: Path) -> None:
    data = base()
    data["entry"] = {"rules": [{"kind": "regions", "regions": refs}, {"kind": "board_edge"}]}
    found = _one(lint_data(tmp_path, data, "G006"), "G006")
    assert found.json_path == path
    assert found.regions == (ref,)
    assert f"entry rule names {ref}, which is not a region" in found.message


def test_g006_entry_rule_region_of_a_tile_unused_at_this_count_is_clean(
        tmp_path: Path) -> None:
    data = base()
    data["players"] = {"min": 2, "max": 3}
    data["boards"][0]["tiles"].append(tile("TW", 3, 0, min_players=3))
    data["entry"] = {"rules": [{"kind": "regions", "regions": ["L1.s1", "TW.s1"]}]}
    assert lint_data(tmp_path, data, "G006") == []


@pytest.mark.parametrize(("ref", "words"), [
    ("QZ.s1", "which is not a region of this scenario"),  # no such tile
    ("TH.s9", "but tile TH has no such region"),          # the tile is used, not that id
    ("L1.s1", "a land region: there is no water body there"),
], ids=["unknown-tile", "no-such-region", "land-region"])
def test_g006_water_rule_names_a_water_body_that_does_not_exist(ref: str, words: str,
                                                                tmp_path: Path) -> None:
    data = base()
    data["water"] = {"bodies": [{"region": "TH.s1", "kind": "lake", "name": "Real Lake"},
                                {"region": ref, "kind": "lake", "name": "Ghost Lake"}]}
    found = _one(lint_data(tmp_path, data, "G006"), "G006")
    assert found.json_path == "$.water.bodies[1].region"
    assert found.regions == (ref,)
    assert found.message.startswith(f"water rule names {ref}")
    assert words in found.message


def test_g006_in_the_cli_json_output(tmp_path: Path) -> None:
    data = _links({"kind": "cloud_bridge", "a": "L1.s1", "b": "L3.s4"})
    data["water"] = {"bodies": [{"region": "L5.s1", "kind": "sea"}]}
    result = run_cli(str(write(tmp_path, data)), "--select", "G006", "--format", "json")
    assert result.returncode == 1, result.stderr
    rows = sorted((r["code"], r["json_path"], r["regions"][0])
                  for r in json.loads(result.stdout))
    assert rows == [("G006", "$.links[0].b", "L3.s4"),
                    ("G006", "$.water.bodies[0].region", "L5.s1")]


# -- I001: pieces the boxes do not hold -----------------------------------------------------

LIMITS = default_config().inventory


def test_inventory_defaults_are_the_box_contents() -> None:
    # Realms box (brief section 1): 6 chasms, 4 peaks, 10 coin mines, 6 river border
    # markers, 12 tunnels; editor/data/lint-defaults.toml must say the same.
    assert {k: LIMITS[k] for k in ("chasm", "peak", "coin_mine", "river_marker", "tunnel")} \
        == {"chasm": 6, "peak": 4, "coin_mine": 10, "river_marker": 6, "tunnel": 12}


def _marker_data(kind: str, count: int) -> dict[str, Any]:
    data = base()
    markers: list[dict[str, Any]] = []
    for region in LAND[:count]:
        if kind == "peak":  # a peak sits on a mountain
            markers.append({"kind": "mountain", "region": region})
        markers.append({"kind": kind, "region": region})
    data["boards"][0]["markers"] = markers
    return data


def _river_data(count: int) -> dict[str, Any]:
    """River markers on the edges of an all-water tile, then on TH's water half."""
    data = base()
    data["boards"][0]["tiles"].append(tile("TW", 3, 0))
    edges = [("TW", e) for e in range(6)] + [("TH", e) for e in range(6)]
    data["boards"][0]["river_markers"] = [{"tile": t, "edge": e} for t, e in edges[:count]]
    return data


@pytest.mark.parametrize(("kind", "name"), [("peak", "peaks"), ("coin_mine", "coin mines")])
def test_i001_marker_pieces_up_to_the_box_pass_one_more_fails(kind: str, name: str,
                                                              tmp_path: Path) -> None:
    limit = LIMITS[kind]
    assert lint_data(tmp_path, _marker_data(kind, limit), "I001") == []
    found = _one(lint_data(tmp_path, _marker_data(kind, limit + 1), "I001"), "I001")
    assert found.message.startswith(f"{limit + 1} {name} used, the boxes hold {limit}")
    assert f"inventory.{kind}" in found.message
    # Located on the first piece over the limit (peaks follow their mountain marker).
    index = 2 * limit + 1 if kind == "peak" else limit
    assert found.json_path == f"$.boards[0].markers[{index}]"


def test_i001_river_markers_up_to_the_box_pass_one_more_fails(tmp_path: Path) -> None:
    limit = LIMITS["river_marker"]
    assert lint_data(tmp_path, _river_data(limit), "I001") == []
    found = _one(lint_data(tmp_path, _river_data(limit + 1), "I001"), "I001")
    assert found.message.startswith(f"{limit + 1} river markers used, the boxes hold {limit}")
    assert found.json_path == f"$.boards[0].river_markers[{limit}]"


def test_i001_counts_each_player_count_on_its_own(tmp_path: Path) -> None:
    """Five peaks, one only from 3 players: the box is short for 3 players only."""
    data = _marker_data("peak", LIMITS["peak"] + 1)
    data["players"] = {"min": 2, "max": 3}
    data["boards"][0]["markers"][-1]["min_players"] = 3
    found = _one(lint_data(tmp_path, data, "I001"), "I001")
    assert found.player_counts == (3,)
    assert "peaks used" in found.message


def test_i001_too_many_tunnel_tokens_even_when_paired(tmp_path: Path) -> None:
    limit = LIMITS["tunnel"]
    pairs = limit // 2 + 1
    data = base()
    data["boards"][0]["markers"] = [{"kind": "tunnel", "number": 1 + i // 2, "region": region}
                                    for i, region in enumerate(LAND[:2 * pairs])]
    findings = lint_data(tmp_path, data, "I001,I002")
    assert [f.code for f in findings] == ["I001"]  # every number is used twice: no I002
    found = _one(findings, "I001")
    assert found.message.startswith(f"{2 * pairs} tunnel tokens used, the boxes hold {limit}")
    assert found.json_path == f"$.boards[0].markers[{limit}]"


# -- I002: a tunnel number used other than twice --------------------------------------------

@pytest.mark.parametrize(("uses", "words"), [(1, "used 1 time,"), (3, "used 3 times,"),
                                             (4, "used 4 times,")])
def test_i002_tunnel_number_not_used_exactly_twice(uses: int, words: str,
                                                   tmp_path: Path) -> None:
    data = base()
    data["boards"][0]["markers"] = (
        [{"kind": "tunnel", "number": 2, "region": r} for r in LAND[:2]]
        + [{"kind": "tunnel", "number": 7, "region": r} for r in LAND[2:2 + uses]])
    found = _one(lint_data(tmp_path, data, "I002"), "I002")
    assert found.message.startswith(f"tunnel 7 is {words} a tunnel joins exactly two regions")
    assert found.regions == tuple(LAND[2:2 + uses])
    # The third token (or the lone one) is where the problem shows.
    assert found.json_path == f"$.boards[0].markers[{2 + min(2, uses - 1)}]"


# -- S004: unsupported format versions ------------------------------------------------------

SUPPORTED = ", ".join(str(v) for v in SUPPORTED_FORMAT_VERSIONS)


@pytest.mark.parametrize("version", [0, max(SUPPORTED_FORMAT_VERSIONS) + 1, 99])
def test_s004_message_lists_the_supported_versions(version: int, tmp_path: Path) -> None:
    data = base()
    data["format_version"] = version
    findings = lint_data(tmp_path, data)
    assert [f.code for f in findings] == ["S004"]  # nothing else is judged
    found = findings[0]
    assert found.message.startswith(f"unsupported format_version {version}; "
                                    f"supported: {SUPPORTED}")
    assert found.json_path == "$.format_version"
    assert (found.line, found.column) == (2, 21)
    # a newer version needs a newer tool; an older one than any is a typo, not an upgrade
    newer = version > max(SUPPORTED_FORMAT_VERSIONS)
    assert ("upgrade Realms Studio" in found.message) is newer, found.message
    assert (f"set it to {max(SUPPORTED_FORMAT_VERSIONS)}" in found.message) is not newer


@pytest.mark.parametrize(("text", "named"), [("null", "null"), ("[1, 2]", "array"),
                                             ('"x"', "string"), ("3", "number")])
def test_s003_names_the_json_type_not_pythons(text: str, named: str, tmp_path: Path) -> None:
    path = tmp_path / "odd.realm.json"
    path.write_text(text, encoding="utf-8")
    result = run_cli(str(path))
    assert f"a scenario must be a JSON object, not {named};" in result.stdout, result.stdout


def test_s004_supported_versions_in_the_cli_text_output(tmp_path: Path) -> None:
    data = base()
    data["format_version"] = 99
    path = write(tmp_path, data)
    result = run_cli(str(path))
    assert result.returncode == 1
    assert (f"{path}:2:21: S004 [error] $.format_version: unsupported format_version 99; "
            "supported: "
            f"{SUPPORTED};") in result.stdout


@pytest.mark.parametrize(("ref", "words"), [
    ("L2.s9", "tile L2 has no such region"),
    ("QZ.s1", "no tile QZ is on the boards"),
], ids=["no-such-region", "unknown-tile"])
def test_g006_a_region_note_on_a_missing_region(ref: str, words: str, tmp_path: Path) -> None:
    data = base()
    data["region_notes"] = {"L1.s1": "kept", ref: "left behind"}
    found = _one(lint_data(tmp_path, data, "G006"), "G006")
    assert found.json_path == f"$.region_notes['{ref}']"
    assert found.regions == (ref,)
    assert found.message.startswith(f"the note on {ref} names a missing region: {words}")
