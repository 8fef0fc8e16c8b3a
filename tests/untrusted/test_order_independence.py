"""A file's findings never depend on what the same process linted before it: every
cache keyed on file values (tile sides, rotations, polygons) must use normalised keys."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from untrusted_support import SHIPPED, small_scenario, write_json

from editor.lint.runner import lint_path
from editor.topology import derive


def _clear_caches() -> None:
    """Empty every functools cache of the editor and the shared deriver: a fresh process."""
    for name, module in list(sys.modules.items()):
        if not name.startswith("editor"):
            continue
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and getattr(value, "__module__", "") == name:
                clear()
    derive._DEFAULT = derive.RealmDeriver()


def _findings(path: Path) -> list[tuple[object, ...]]:
    return [(f.code, f.line, f.column, f.message) for f in lint_path(path)]


def test_shipped_findings_alone_equal_after_all_others() -> None:
    alone = {}
    for path in SHIPPED:
        _clear_caches()
        alone[path] = _findings(path)
    _clear_caches()
    for path in SHIPPED:  # forward, then each file once more after all the others
        assert _findings(path) == alone[path], path
    for path in reversed(SHIPPED):
        assert _findings(path) == alone[path], path


@pytest.mark.parametrize("first", ["int", "float"])
def test_float_file_verdict_does_not_depend_on_order(tmp_path: Path, first: str) -> None:
    """Issue 19's case: a good file linted first used to hide the float file's crash."""
    good = write_json(tmp_path / "a-good.realm.json", small_scenario())
    text = json.dumps(small_scenario(), indent=2).replace('"rotation": 2', '"rotation": 2.0')
    bad = tmp_path / "b-float.realm.json"
    bad.write_text(text, encoding="utf-8")
    _clear_caches()
    alone = _findings(bad)
    _clear_caches()
    if first == "int":
        _findings(good)
    after = _findings(bad)
    assert alone == after
    assert [c for c, *_ in alone] == [c for c, *_ in _findings(good)]
