"""JSON path -> line:column for findings (``editor.model.jsonpos``)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from editor.model.errors import LoadError, SourcePosition
from editor.model.jsonio import parse_json_text
from editor.model.jsonpos import SourceMap, _fast_scan, _plain_scan, note_parsed

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
SAMPLES = [path.read_text(encoding="utf-8")
           for path in sorted(SCENARIOS.glob("*/*.realm.json"))[:6]]


def test_values_and_keys_are_placed() -> None:
    text = json.dumps({"title": "x", "boards": [{"id": "a", "tiles": [1, 2]}]}, indent=2)
    source = SourceMap(text)
    assert source.position(("boards", 0, "tiles", 1)) == SourcePosition(8, 9)
    assert source.position(("boards", 0, "id"), key=True) == SourcePosition(5, 7)
    # a path that is not in the text falls back to the nearest enclosing value
    assert source.position(("boards", 0, "markers", 3)) == SourcePosition(4, 5)


def test_a_stray_closing_brace_in_an_array_ends_the_scan() -> None:
    """``[1}`` made the scanner count array items at the same character for ever (until the
    process ran out of memory); damaged text now keeps the positions found before it."""
    source = SourceMap('{"a": [1}, "b": 2}')
    assert source.position(("a", 0)) == SourcePosition(1, 8)
    assert source.position(("b",)) == SourcePosition(1, 1)


WELL_FORMED = [
    '{"a\\u0041b": [1, "x\\"y", {"c": null}], "a\\u0041b": 2}',
    '{"a": {"x": 1}, "a": {"y": 2}}',  # a repeated key: the later one's value wins
    '[]', '{}', '"s"', '12', ' {"a": [ ], "b": { }}\r\n',
    '[NaN, -Infinity, 1e5, -0.5E-3, true, false, null]',
    '', '\ufeff{"a": 1}',  # no value / one bare token, placed as the plain scan does
]
DAMAGED = ['{"a":1,}', '[1,]', '{"a" 1}', '[1 2]', '{"k\\q": 1}', '["a\tb"]',
           "[" * 205 + "1" + "]" * 205, '{"a": [1}, "b": 2}']


@pytest.mark.parametrize("text", WELL_FORMED + SAMPLES)
def test_the_fast_scan_places_well_formed_json_as_the_plain_scan(text: str) -> None:
    assert _fast_scan(text) == _plain_scan(text)


@pytest.mark.parametrize("text", DAMAGED)
def test_damaged_text_takes_the_plain_scan(text: str) -> None:
    with pytest.raises((ValueError, IndexError)):
        _fast_scan(text)
    source = SourceMap(text)
    assert source._scan() == _plain_scan(text)


DEEP_AND_TRICKY = [
    '{"a": {"x": 1}, "b": [[[[1]]], {"c": [{"d": [2, {"e": "]}"}]}]}], "z": 3}',
    '{"a": [{"b": [{"c": [{"d": "\\"]["}]}]}], "a\\u0041": {"k": [1, [2, [3]]]}}',
    '{"k": ' + "[" * 149 + "]" * 149 + "}", '{"k": ' + "[" * 195 + "]" * 195 + ', "z": 1}',
    '{"k": ' + "[" * 250 + "]" * 250 + ', "z": 1}', '  [1, 2 , {"a" : "b"} ]  x',
]


@pytest.mark.parametrize("text", WELL_FORMED + DAMAGED + DEEP_AND_TRICKY + SAMPLES)
def test_the_lazy_placing_answers_as_the_full_scan(text: str) -> None:
    """Well-formed text is placed by reading only the containers on the asked paths: every
    path the full scan knows, and paths it does not, get the same answer either way."""
    full = SourceMap(text)
    values, keys = full._scan()
    known = set(values) | set(keys)
    asked = known | {(*p, extra) for p in known for extra in (0, 7, -1, "zz")}
    shared = SourceMap(text)  # one map answering every path, as lint asks them
    for path in sorted(asked, key=repr):
        for key in (False, True):
            assert SourceMap(text).position(path, key=key) == full.position(path, key=key)
            assert shared.position(path, key=key) == full.position(path, key=key)


def test_a_well_formed_scenario_is_placed_without_the_full_scan() -> None:
    text = json.dumps({"boards": [{"id": "a", "tiles": [{"tile": t, "q": i}
                                                        for i, t in enumerate("ABCDEF")],
                                   "markers": [{"kind": "mountain", "region": "A.1"}]}]},
                      indent=2)
    source = SourceMap(text)
    assert source.position(("boards", 0, "tiles", 4)) == SourcePosition(22, 9)
    assert source._tables is None  # the lazy placing answered
    # a repeated key: which one wins is the full scan's to say
    repeated = SourceMap('{"a": [1], "b": 2, "a": [3]}')
    assert repeated.position(("a", 0)) == SourcePosition(1, 26)
    assert repeated._tables is not None


def _parses(text: str) -> bool:
    try:
        parse_json_text(text, "x")
    except LoadError:
        return False
    return True


# (a bare value at the root, "s" or 12, is placed as before: the full scan is as quick)
PARSED = [text for text in WELL_FORMED + DEEP_AND_TRICKY
          if _parses(text) and text.lstrip()[:1] in ("[", "{")] + [
    '{"k": ' + "[" * 30 + "]" * 30 + ', "z": 1}',
    '[[[[[1, 2], [3]]]], {"x": {"y": {"z": [1, {"w": 2}]}}}, "}]\\\\", 4]',
    # closing brackets inside strings, after an odd or an even number of quotes
    '{"a": {"k": "x}y", "m": 1}, "b": [1, "]", 2], "c": [{"d": "["}], "e": {"f": "}"},'
    ' "g": [["]"], "x"], "h": {"i": "{", "j": 2}, "z": 5}',
    json.dumps({"boards": [{"id": "a", "tiles": [{"tile": t, "q": i, "n": [i, {"x": [i]}]}
                                                 for i, t in enumerate("ABCDEFGHIJ")],
                            "markers": [{"kind": "m", "at": [1, 2]}] * 5}], "z": "{"}),
] + SAMPLES


@pytest.mark.parametrize("text", PARSED)
def test_a_batch_of_paths_is_placed_in_one_walk_as_one_by_one(text: str) -> None:
    """Text that json parsed (unique keys, shallow) is placed for a whole batch of paths in
    one walk that stops after the last asked value: every answer is the full scan's, for
    paths in any order, repeated, missing, or going past a scalar."""
    parse_json_text(text, "x")  # what the caller vouches for
    full = SourceMap(text)
    values, keys = full._scan()
    known = set(values) | set(keys)
    asked = sorted(known | {(*p, extra) for p in known for extra in (0, 7, -1, "zz", True)},
                   key=repr)
    rng = random.Random(len(text))
    for size in (1, 2, 5, 20, len(asked)):
        batch = [(path, rng.random() < 0.3) for path in rng.sample(asked, min(size, len(asked)))]
        batch += batch[:2]
        source = SourceMap(text)
        note_parsed(text)
        assert source.positions(batch) == [full.position(p, key=k) for p, k in batch]
        assert source._tables is None and source._lazy is None  # the one walk answered


def test_a_batch_in_text_nobody_vouched_for_is_placed_one_by_one() -> None:
    text = '{"a": [1], "b": 2, "a": [3]}'  # a repeated key: the full scan decides
    assert SourceMap(text).positions([(("a", 0), False), (("b",), True)]) == [
        SourcePosition(1, 26), SourcePosition(1, 12)]
    vouched = json.dumps({"a": [1, 2]})
    note_parsed(vouched)
    assert SourceMap(json.dumps({"a": [1, 2]})).positions([(("a", 1), False)]) == [
        SourcePosition(1, 11)]  # an equal string, not the one vouched for: placed as before
