"""G012-G015: crop spaces on tiles, tunnels and links that join a region to itself, and the
same link written twice. Each rule: a positive case at its exact JSON path, a negative
case, and (G015) hundreds of duplicates reported quickly."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from lint_support import base, lint_data, run_cli, tile, write

from editor.lint.output import to_sarif
from editor.lint.registry import all_rules


def _with(markers: list[dict[str, Any]] | None = None,
          links: list[dict[str, Any]] | None = None, water_tile: bool = False,
          players: tuple[int, int] | None = None) -> dict[str, Any]:
    data = base()
    if water_tile:  # TW next to TH's sea: TW.s1 becomes part of the sea region TH.s1
        data["boards"][0]["tiles"].append(tile("TW", -3, 1))
    if markers:
        data["boards"][0]["markers"] = markers
    if links:
        data["links"] = links
    if players:
        data["players"] = {"min": players[0], "max": players[1]}
    return data


def _tunnel(region: str, number: int = 1) -> dict[str, Any]:
    return {"kind": "tunnel", "region": region, "number": number}


def _link(a: str, b: str, kind: str = "cloud_bridge") -> dict[str, Any]:
    return {"kind": kind, "a": a, "b": b}


def test_new_rules_are_registered_with_summaries_and_severities() -> None:
    rules = all_rules()
    assert {code: rules[code].severity for code in ("G012", "G013", "G014", "G015")} == {
        "G012": "error", "G013": "error", "G014": "error", "G015": "warning"}
    shown = run_cli("--show-rules").stdout
    for code in ("G012", "G013", "G014", "G015"):
        assert f"{code}  {rules[code].severity:<7}  geometry" in shown
    sarif_rules = {r["id"] for r in to_sarif([])["runs"][0]["tool"]["driver"]["rules"]}
    assert {"G012", "G013", "G014", "G015"} <= sarif_rules


def test_g012_crop_space_on_a_tile(tmp_path: Path) -> None:
    data = _with(markers=[{"kind": "crop_space", "hex": {"q": 5, "r": 5}},
                          {"kind": "crop_space", "hex": {"q": 1, "r": 0}}])
    (finding,) = lint_data(tmp_path, data, "G012")
    assert finding.json_path == "$.boards[0].markers[1].hex"
    assert "crop space at hex (1, 0) of board surface, where tile L2 lies" in finding.message
    assert finding.tiles == ("L2",) and finding.severity == "error"


def test_g012_crop_space_on_an_empty_hex_or_a_tile_out_of_play(tmp_path: Path) -> None:
    data = _with(markers=[{"kind": "crop_space", "hex": {"q": 5, "r": 5}}])
    assert lint_data(tmp_path, data, "G012") == []
    data = _with(markers=[{"kind": "crop_space", "hex": {"q": 1, "r": 0}, "min_players": 3}],
                 players=(2, 3))
    data["boards"][0]["tiles"][1]["players"] = [2]  # L2 is only there for 2 players
    assert lint_data(tmp_path, data, "G012") == []


def test_g013_tunnel_with_both_ends_on_one_region(tmp_path: Path) -> None:
    data = _with(markers=[_tunnel("L1.s1"), _tunnel("L5.s1", 2), _tunnel("L1.s1"),
                          _tunnel("L6.s1", 2)])
    (finding,) = lint_data(tmp_path, data, "G013")
    assert finding.json_path == "$.boards[0].markers[2].region"
    assert "tunnel 1 has its two ends both on L1.s1" in finding.message


def test_g013_tunnel_ends_in_two_parts_of_one_water_body(tmp_path: Path) -> None:
    data = _with(markers=[_tunnel("TW.s1"), _tunnel("TH.s1")], water_tile=True)
    (finding,) = lint_data(tmp_path, data, "G013")
    assert finding.json_path == "$.boards[0].markers[1].region"
    assert "on TW.s1 and TH.s1, both part of TH.s1" in finding.message
    assert finding.regions == ("TH.s1",)


def test_g013_tunnel_between_two_regions_is_fine(tmp_path: Path) -> None:
    data = _with(markers=[_tunnel("L1.s1"), _tunnel("L5.s1")])
    assert lint_data(tmp_path, data, "G013") == []


def test_g014_self_link(tmp_path: Path) -> None:
    data = _with(links=[_link("L1.s1", "L2.s1"), _link("L3.s1", "L3.s1", "custom")])
    (finding,) = lint_data(tmp_path, data, "G014")
    assert finding.json_path == "$.links[1].b"
    assert "custom link joins L3.s1 to itself" in finding.message


def test_g014_link_between_two_parts_of_one_water_body(tmp_path: Path) -> None:
    data = _with(links=[_link("TW.s1", "TH.s1")], water_tile=True)
    (finding,) = lint_data(tmp_path, data, "G014")
    assert finding.json_path == "$.links[0].b" and "both part of TH.s1" in finding.message


def test_g014_ordinary_links_are_fine(tmp_path: Path) -> None:
    data = _with(links=[_link("L1.s1", "L7.s1"), _link("TH.s1", "L3.s1", "custom")])
    assert lint_data(tmp_path, data, "G014") == []


def test_g015_duplicate_links_in_either_order(tmp_path: Path) -> None:
    data = _with(links=[_link("L1.s1", "L7.s1"), _link("L7.s1", "L1.s1"),
                        _link("L1.s1", "L7.s1", "custom"), _link("L1.s1", "L8.s1")])
    (finding,) = lint_data(tmp_path, data, "G015")
    assert finding.json_path == "$.links[1]" and finding.severity == "warning"
    assert "cloud_bridge link between L7.s1 and L1.s1 repeats links[0]" in finding.message


def test_g015_links_for_different_player_counts_are_not_duplicates(tmp_path: Path) -> None:
    data = _with(links=[{**_link("L1.s1", "L7.s1"), "players": [2]},
                        {**_link("L1.s1", "L7.s1"), "players": [3]}], players=(2, 3))
    assert lint_data(tmp_path, data, "G015") == []


def test_g015_five_hundred_duplicates_are_reported_fast(tmp_path: Path) -> None:
    data = _with(links=[_link("L1.s1", "L7.s1") if i % 2 else _link("L7.s1", "L1.s1")
                        for i in range(500)])
    path = write(tmp_path, data)
    start = time.perf_counter()
    result = run_cli("--select", "G015", "--format", "json", str(path))
    elapsed = time.perf_counter() - start
    findings = json.loads(result.stdout)
    assert result.returncode == 0  # warnings only: --fail-on error
    assert len(findings) == 499
    assert {f["json_path"] for f in findings} == {f"$.links[{i}]" for i in range(1, 500)}
    assert elapsed < 30  # one pass: seconds are process start-up, not the rule
    start = time.perf_counter()
    assert len(lint_data(tmp_path, data, "G015")) == 499
    assert time.perf_counter() - start < 5
