"""Linting leaves no reference cycle that holds a realm: a realm's edges then die with their
last reference instead of living on until the cyclic collector finds them (which walked
every edge of every file, and let the garbage of many files pile up between its passes)."""

from __future__ import annotations

import gc
from pathlib import Path

from editor.lint.runner import lint_path

FIXTURES = sorted((Path(__file__).parent / "fixtures").glob("*.realm.json"))


def _edge_data(obj: object) -> bool:
    return type(obj) is dict and set(obj) == {"kinds", "length"}


def test_linting_the_bench_files_leaves_no_cycle_holding_a_realm() -> None:
    assert len(FIXTURES) >= 10
    lint_path(FIXTURES[0])  # imports and caches: whatever they leave is not the files'
    was_enabled, flags = gc.isenabled(), gc.get_debug()
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        found = sum(len(lint_path(path)) for path in FIXTURES)
        gc.collect()
        garbage = list(gc.garbage)
    finally:
        gc.set_debug(flags)
        gc.garbage.clear()
        if was_enabled:
            gc.enable()
    assert found  # the rules ran (B006 among them is what made the cycle)
    assert not [obj for obj in garbage if _edge_data(obj)]
    assert not [obj for obj in garbage if type(obj).__name__ == "_Neighbours"]
