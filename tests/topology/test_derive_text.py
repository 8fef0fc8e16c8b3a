"""``realms derive``'s JSON text (editor/topology/derive_text.py) is byte for byte what
``json.dumps(derive_document(...), indent=2, sort_keys=True, ensure_ascii=False)`` prints,
on every shipped scenario at every player count, on generated realms with findings, on a
ring with a hole, and on the rows its templates do not expect (they fall back to json's
own layout)."""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path

import pytest

from editor.model.scenario_io import load_scenario
from editor.topology import derive_realm
from editor.topology.derive_text import _borders, _region_objects, _regions, derive_text
from editor.topology.serialize import derive_document, region_to_dict

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests" / "perf"))

from geometry_golden import input_files  # noqa: E402


def _reference(title: str, source: str, realms: list) -> str:  # type: ignore[type-arg]
    return json.dumps(derive_document(title, source, realms), indent=2, sort_keys=True,
                      ensure_ascii=False)


@pytest.mark.parametrize("name", input_files())
def test_the_text_is_json_dumps_of_the_document(name: str) -> None:
    loaded = load_scenario(REPO / name)
    scenario = loaded.scenario
    realms = [derive_realm(loaded, n)
              for n in range(scenario.players_min, scenario.players_max + 1)]
    assert derive_text(scenario.title, name, realms) == _reference(scenario.title, name,
                                                                    realms)


def test_hostile_strings_and_unusual_rows_are_printed_as_json_does() -> None:
    loaded = load_scenario(REPO / "tests" / "data" / "ring.realm.json")
    realms = [derive_realm(loaded, 2)]
    title = 'x\n::stop-commands::y "\\" \u00e9\u2028\x00'
    assert derive_text(title, "d\u00e9j\u00e0/\n.json", realms) == _reference(
        title, "d\u00e9j\u00e0/\n.json", realms)
    nl = "\n    "
    # a border whose coordinates are not four finite floats, a region of another shape
    odd_borders = [("b", "A.s1", None, ["hole"], [1, 2.0], [float("nan"), float("inf")]),
                   ("b", "A.s1", "B.s1", [], [0.5, -0.0], [1e-7, 12345678901234.5]),
                   ("b", "A.s1", "B.s1", ["seam"], [0.5, 0.0], [1e-7, 12345678901234.5]),
                   ("b", "A.s1", "B.s1", ["seam", "coast"], [0.5, 0.5], [-0.5, 2.0])]
    for row, text in zip(odd_borders, _borders(odd_borders, nl), strict=True):
        board, a, b, kinds, start, end = row
        expected = {"a": a, "b": b, "board": board, "from": start, "kinds": kinds, "to": end}
        assert text == json.dumps(expected, indent=2, sort_keys=True).replace("\n", nl)
    region = json.loads(derive_text("t", "s", realms))["boards"][0]["regions"][0]
    odd_regions = [{**region, "flags": {**region["flags"], "chasm": 1}},
                   {**region, "extra": [{"b": 1, "a": None}]},
                   {**region, "markers": [{"kind": "tunnel", "number": 2}],
                    "area": 2, "symbols": ["mine", "cavern"]}]
    for row, text in zip(odd_regions, _regions(odd_regions, nl), strict=True):
        assert text == json.dumps(row, indent=2, sort_keys=True,
                                  ensure_ascii=False).replace("\n", nl)
    # regions written from their objects: a flag that is not a bool goes through the dict
    first = next(iter(realms[0].regions.values()))
    odd = copy.copy(first)
    odd.chasm = 1  # type: ignore[assignment]
    for region, text in zip([first, odd], _region_objects([first, odd], nl), strict=True):
        assert text == json.dumps(region_to_dict(region), indent=2, sort_keys=True,
                                  ensure_ascii=False).replace("\n", nl)
