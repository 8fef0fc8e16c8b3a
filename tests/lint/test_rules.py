"""A failing and a passing example for every rule, each a small scenario plus one mutation.

Each case is linted with only its own code selected, so the example shows that
rule firing (or not) and nothing else decides the outcome.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from lint_support import (
    RING1,
    base,
    chain,
    codes,
    graph_scenario,
    lint_data,
    mutated,
    scenario,
    tile,
)

from editor.lint.registry import all_rules

Case = dict[str, Any] | str
Builder = Callable[[], Case]


def _with(**changes: Any) -> Builder:
    def build() -> Case:
        data = base()
        data.update(changes)
        return data
    return build


def _markers(*markers: dict[str, Any], data: dict[str, Any] | None = None) -> dict[str, Any]:
    data = data if data is not None else base()
    data["boards"][0]["markers"] = list(markers)
    return data


def _extra_tiles(*tiles: dict[str, Any]) -> dict[str, Any]:
    data = base()
    data["boards"][0]["tiles"].extend(tiles)
    return data


def _lake() -> dict[str, Any]:
    """TW in the middle of six land hexes: an inland water body, so a lake."""
    letters = ["L1", "L2", "L3", "L4", "L5", "L6"]
    return scenario([tile("TW", 0, 0)] + [tile(k, q, r) for k, (q, r) in zip(letters, RING1,
                                                                               strict=True)])


def _river_pair(marker_tile: str) -> dict[str, Any]:
    """TW and TH side by side, TH turned so its water faces TW: water meets water on the seam."""
    data = scenario([tile("TW", 0, 0), tile("TH", 1, 0, rotation=3), tile("L1", 0, 1),
                     tile("L2", 1, 1)])
    edge = 0 if marker_tile == "TW" else 5  # TW's east edge; L1's south-east edge (land)
    data["boards"][0]["river_markers"] = [{"tile": marker_tile, "edge": edge}]
    return data


def _line(n: int, *markers: dict[str, Any], **sections: Any) -> dict[str, Any]:
    letters = [f"L{i}" for i in range(1, n + 1)]
    return scenario([tile(k, i, 0) for i, k in enumerate(letters)],
                    markers=list(markers) or None, **sections)


def _sky(regions: tuple[str, ...], layout: dict[str, Any] | None = None) -> dict[str, Any]:
    data = layout if layout is not None else base()
    data["players"] = {"min": 3, "max": 3}
    data["expansions"] = ["sky_islands"]
    data["boards"].append({"id": "islands", "kind": "sky_islands",
                           "tiles": [tile("TL", 0, 0)]})
    tokens = ("staircase", "beanstalk")
    data["boards"][0]["markers"] = [
        {"kind": "sky_access", "region": rid, "token": tokens[i], "target": "TL.s1"}
        for i, rid in enumerate(regions)]
    return data


def _without_symbol(data: dict[str, Any], symbol: str) -> dict[str, Any]:
    """``data`` with ``symbol`` taken off every region (0 against a fifth of the land is
    beyond the 1/5 rule's tolerance of 2.5)."""
    for board in data["boards"]:
        for region in board["graph"]["regions"]:
            if symbol in region.get("symbols", []):
                region["symbols"].remove(symbol)
    return data


def _official(players: int) -> dict[str, Any]:
    from test_balance_official import official_board

    return official_board(players)


def _graph_first(first: set[int], edges_extra: list[list[str]] | None = None,
                 lake_at: int | None = None) -> dict[str, Any]:
    terrains = ["forest", "hill", "swamp", "farmland"]
    if lake_at is not None:
        terrains[lake_at] = "lake"
    regions, edges = chain(terrains, first=first)
    return graph_scenario(regions, edges + (edges_extra or []))


def _runs(tribe_at: int | None) -> dict[str, Any]:
    terrains = ["forest", "hill", "swamp", "farmland", "forest", "hill"]
    symbols: list[list[str]] = [[] for _ in terrains]
    if tribe_at is not None:
        symbols[tribe_at] = ["lost_tribe"]
    regions, edges = chain(terrains, symbols)
    return graph_scenario(regions, edges)


def _underground(n_places: int) -> dict[str, Any]:
    data = _line(4, world="underground")
    data["boards"][0]["markers"] = [
        {"kind": "place" if i % 2 == 0 else "relic", "region": f"L{i + 1}.s1"}
        for i in range(n_places)]
    return data


def _tunnels(count: int) -> dict[str, Any]:
    return _markers(*({"kind": "tunnel", "number": 1, "region": f"L{i + 1}.s1"}
                      for i in range(count)))


def _entry(arrow: bool) -> dict[str, Any]:
    markers = [{"kind": "entry_arrow", "region": "L5.s1"}] if arrow else []
    return _markers(*markers, data=_with(entry={"rules": [{"kind": "arrows"}]})())  # type: ignore[arg-type]


def _suppressed(code: str) -> dict[str, Any]:
    data = scenario([tile("L1", 0, 0), tile("L2", 1, 0)])  # far too small: B001 fires
    data["lint"] = {"ignore": [{"code": code, "reason": "a two-tile test realm"}]}
    return data


def _broken_overlap() -> dict[str, Any]:
    return _extra_tiles(tile("TL", 0, 0))


CASES: dict[str, tuple[Builder, Builder]] = {
    # code: (passing example, failing example)
    "S001": (base, lambda: "MISSING"),
    "S002": (base, lambda: json.dumps(base())[:-7]),
    "S003": (base, lambda: _with(players={"min": 2, "max": "six"})()),
    "S004": (base, _with(format_version=99)),
    "S005": (base, lambda: _extra_tiles(tile("QQ", 5, 5))),
    "S006": (base, lambda: "ENGINE"),
    "G000": (base, _broken_overlap),
    "G001": (base, _broken_overlap),
    "G002": (base, lambda: _extra_tiles(tile("L1", 3, 0))),
    "G003": (base, lambda: _extra_tiles(tile("TL", 6, 0))),
    "G004": (lambda: _graph_first({0}, edges_extra=[["r1", "r3"]], lake_at=2),
             lambda: _graph_first({0}, lake_at=2)),
    "G005": (lambda: _graph_first({0}), lambda: _graph_first(set())),
    "G006": (lambda: _markers({"kind": "lost_tribe", "region": "L1.s1"}),
             lambda: _markers({"kind": "lost_tribe", "region": "QZ.s1"})),
    "G007": (lambda: _river_pair("TW"), lambda: _river_pair("L1")),
    "G008": (lambda: _markers({"kind": "peak", "region": "TM.s1"}),
             lambda: _markers({"kind": "peak", "region": "L1.s1"})),
    "G009": (lambda: _markers({"kind": "chasm", "region": "L1.s1"}),
             lambda: _markers({"kind": "chasm", "region": "TH.s1"})),
    "G010": (lambda: _markers({"kind": "mountain", "region": "L1.s1"},
                              {"kind": "peak", "region": "L1.s1"}),
             lambda: _markers({"kind": "peak", "region": "TM.s1"})),
    "G011": (base, lambda: scenario([])),
    "G012": (lambda: _markers({"kind": "crop_space", "hex": {"q": 5, "r": 5}}),
             lambda: _markers({"kind": "crop_space", "hex": {"q": 0, "r": 0}})),
    "G013": (lambda: _markers(*({"kind": "tunnel", "number": 1, "region": f"L{i}.s1"}
                                for i in (1, 5))),
             lambda: _markers(*({"kind": "tunnel", "number": 1, "region": "L1.s1"}
                                for _ in range(2)))),
    "G014": (_with(links=[{"kind": "custom", "a": "L1.s1", "b": "L7.s1"}]),
             _with(links=[{"kind": "custom", "a": "L1.s1", "b": "L1.s1"}])),
    "G015": (_with(links=[{"kind": "custom", "a": "L1.s1", "b": "L7.s1"},
                          {"kind": "cloud_bridge", "a": "L7.s1", "b": "L1.s1"}]),
             _with(links=[{"kind": "custom", "a": "L1.s1", "b": "L7.s1"},
                          {"kind": "custom", "a": "L7.s1", "b": "L1.s1"}])),
    "G016": (lambda: _extra_tiles(tile("TL", 3, 0)),
             lambda: _extra_tiles(tile("TL", 3, 0, side="underground"))),
    "B001": (base, lambda: scenario([tile("L1", 0, 0), tile("L2", 1, 0)])),
    "B002": (base, lambda: scenario([tile(k, q, r) for k, (q, r) in zip(
        ["L1", "L2", "L3", "L4", "L5", "L6", "L7", "L8", "L9", "L10", "L11", "L12", "TL"],
        [(0, 0), *RING1, (2, 0), (2, -1), (2, -2), (1, -2), (0, -2), (-1, -1)], strict=True)])),
    "B003": (lambda: _official(2), lambda: scenario([tile(f"L{i}", i, 0) for i in (1, 5, 9)]
                                                     + [tile("TL", 3, 0)], players=(2, 2))),
    "B004": (lambda: _official(2), lambda: _without_symbol(_official(2), "mine")),
    "B005": (lambda: _markers({"kind": "lost_tribe", "region": "L1.s1"}),
             lambda: _markers({"kind": "lost_tribe", "region": "TM.s1"})),
    "B006": (lambda: _runs(2), lambda: _runs(None)),
    "I001": (lambda: _markers(*({"kind": "chasm", "region": f"L{i}.s1"} for i in range(1, 7))),
             lambda: _markers(*({"kind": "chasm", "region": f"L{i}.s1"} for i in range(1, 8)))),
    "I002": (lambda: _tunnels(2), lambda: _tunnels(3)),
    "R001": (_with(turns={"2": 7}, turns_reason="a short skirmish variant"),
             _with(turns={"2": 7})),
    "R002": (lambda: _underground(3), lambda: _underground(1)),
    "R003": (lambda: _sky(("L1.s1",)), lambda: _sky(("L8.s1",))),
    "R004": (lambda: _sky(("L1.s1", "L4.s1"), _line(5)),
             lambda: _sky(("L1.s1", "L2.s1"), _line(5))),
    "R005": (lambda: _markers({"kind": "necromancer_island", "region": "TW.s1"}, data=_lake()),
             lambda: _markers({"kind": "necromancer_island", "region": "L1.s1"},
                              data=_lake())),
    "R006": (lambda: _entry(True), lambda: _entry(False)),
    "R007": (lambda: _suppressed("B001"), lambda: _suppressed("G001")),
    # a scoring rule and the marker it scores; the same rule with nothing to score
    "R008": (lambda: _markers({"kind": "coin_mine", "region": "L1.s1"},
                              data=_with(scoring=[{"kind": "coin_mine", "coins": 1}])()),
             _with(scoring=[{"kind": "coin_mine", "coins": 1}])),
}


# Rules judged together with others: R007 only speaks about codes that were checked.
SELECT = {"R007": "R007,B001,G001"}


def _lint(tmp_path: Path, case: Case, code: str) -> set[str]:
    code = SELECT.get(code, code)
    if case == "MISSING":
        from lint_support import config

        from editor.lint import lint_path
        return codes(lint_path(tmp_path / "nowhere.realm.json", config(code)))
    if case == "ENGINE":
        return codes(lint_data(tmp_path, "{}", code, name="graph.engine.json"))
    return codes(lint_data(tmp_path, case, code))


def test_every_rule_has_cases() -> None:
    # S000 (the linter's own failure) has its own test below; S007 (a dead worker process)
    # is tested with a real SIGKILL in test_workers_and_walk.py.
    assert sorted(CASES) == sorted(set(all_rules()) - {"S000", "S007"})


@pytest.mark.parametrize("code", sorted(CASES))
def test_rule_fails_on_its_failing_example(code: str, tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    if code == "G000":  # the catch-all: a problem kind the linter has no code for yet
        from editor.lint import rules_geometry

        monkeypatch.delitem(rules_geometry.PROBLEM_CODES, "overlap")
    assert code in _lint(tmp_path, CASES[code][1](), code)


@pytest.mark.parametrize("code", sorted(CASES))
def test_rule_passes_its_passing_example(code: str, tmp_path: Path) -> None:
    found = _lint(tmp_path, CASES[code][0](), code)
    assert code not in found, found


def test_passing_base_is_clean_of_errors(tmp_path: Path) -> None:
    findings = lint_data(tmp_path, base())
    assert not [f for f in findings if f.severity == "error"], findings


def test_marker_on_a_region_its_tile_does_not_have(tmp_path: Path) -> None:
    found = lint_data(tmp_path, _markers({"kind": "peak", "region": "L1.s9"}), "G006")
    assert [f.json_path for f in found] == ["$.boards[0].markers[0].region"]


def test_internal_error_is_a_finding_not_a_traceback(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from editor.lint import registry

    def explode(_: object) -> list[Any]:
        raise RuntimeError("boom")

    monkeypatch.setitem(registry.RULES, "G008",
                        registry.Rule("G008", "error", "peak", "realm", explode))
    found = lint_data(tmp_path, mutated(base()), "G008")
    assert [f.code for f in found] == ["S000"]
    assert "boom" in found[0].message
