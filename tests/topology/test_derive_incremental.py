"""The editor's caching deriver gives exactly what a fresh derivation gives, edit after edit."""

from __future__ import annotations

import copy
from typing import Any

from scenario_factory import load_dict, scenario_dict, tile

from editor.topology import RealmDeriver, derive_realm
from editor.topology.serialize import realm_to_dict

START = [tile("TH", 0, 0), tile("TW", 1, 0), tile("TS", 0, 1, rotation=1), tile("TL", -1, 1)]


def _same_as_fresh(deriver: RealmDeriver, data: dict[str, Any]) -> dict[str, Any]:
    loaded = load_dict(data)
    cached = realm_to_dict(deriver.derive(loaded, 2))
    fresh = realm_to_dict(derive_realm(load_dict(copy.deepcopy(data)), 2))
    assert cached == fresh
    return cached


def test_move_rotate_and_remove_match_a_fresh_derivation() -> None:
    deriver = RealmDeriver()
    tiles = copy.deepcopy(START)
    before = _same_as_fresh(deriver, scenario_dict(tiles, players=(2, 2)))
    tiles[2] = tile("TS", 1, 1, rotation=1)  # move
    moved = _same_as_fresh(deriver, scenario_dict(tiles, players=(2, 2)))
    assert moved != before
    tiles[2] = tile("TS", 1, 1, rotation=4)  # rotate
    rotated = _same_as_fresh(deriver, scenario_dict(tiles, players=(2, 2)))
    assert rotated != moved
    del tiles[3]  # remove
    removed = _same_as_fresh(deriver, scenario_dict(tiles, players=(2, 2)))
    assert len(removed["regions"]) < len(rotated["regions"])
    tiles[2] = tile("TS", 0, 1, rotation=1)  # and back: the cached polygons are reused
    assert _same_as_fresh(deriver, scenario_dict(tiles, players=(2, 2)))


def test_a_tiny_cache_still_gives_the_right_answer() -> None:
    deriver = RealmDeriver(cache_size=3)  # forces the cache to be emptied on every call
    for rotation in range(6):
        tiles = [*START[:2], tile("TS", 0, 1, rotation=rotation)]
        _same_as_fresh(deriver, scenario_dict(tiles, players=(2, 2)))
