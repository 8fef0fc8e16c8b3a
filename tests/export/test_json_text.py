"""The exports' indenting JSON encoder prints what ``json.dumps(indent=2)`` prints, byte
for byte: on the exports of a shipped scenario and on the values json prints its own way."""

from __future__ import annotations

import enum
import json
from collections import Counter, OrderedDict
from typing import Any

import pytest
from export_support import REPO

from editor.export.engine import engine_document
from editor.export.geojson import geojson_document
from editor.export.playable import playable_board
from editor.export.smawg import smawg_document
from editor.model.json_text import indented_json
from editor.model.scenario_io import load_scenario
from editor.topology import derive_realm


class _Level(enum.IntEnum):
    ONE = 1


ODD: list[Any] = [
    {"b": [float("nan"), float("inf"), -float("inf"), -0.0, 1e300, 2.5, True, None, 3],
     "a": {"z": [[]], "y": [{}], "x": ("t", "\u2028\"\\\x00é")}, "c": {}, "d": []},
    [[1.0, 2.0], [1.0, float("nan")], [1.0, 2], [], [[0.5]]],
    {1: 2}, {"x": {True: 1, None: 2}}, {"a": 1, 2: 3},
    OrderedDict(b=1, a=2), {"k": Counter(a=1)}, [_Level.ONE, {"e": _Level.ONE}], 1.5, "s",
]


@pytest.mark.parametrize("sort_keys", [True, False])
def test_odd_values_print_as_json_prints_them(sort_keys: bool) -> None:
    for value in ODD:
        try:
            expected = json.dumps(value, indent=2, sort_keys=sort_keys, ensure_ascii=False)
        except TypeError as exc:  # keys json cannot sort: the same error
            with pytest.raises(TypeError, match=str(exc)):
                indented_json(value, sort_keys)
            continue
        assert indented_json(value, sort_keys) == expected, value


def test_a_cycle_is_json_s_own_error() -> None:
    loop: list[Any] = []
    loop.append(loop)
    with pytest.raises(ValueError, match="Circular reference"):
        indented_json(loop)


def test_the_exports_documents_print_as_json_prints_them() -> None:
    loaded = load_scenario(REPO / "scenarios/booklet/01-my-precious-world.realm.json")
    realm = derive_realm(loaded, 3)
    for document, sort_keys in ((engine_document(loaded, realm), True),
                                (geojson_document(realm), True),
                                (smawg_document(realm, playable_board(realm)), False)):
        assert indented_json(document, sort_keys) == json.dumps(
            document, indent=2, sort_keys=sort_keys, ensure_ascii=False)
