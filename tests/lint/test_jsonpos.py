"""JSON path -> line:column for findings (``editor.model.jsonpos``)."""

from __future__ import annotations

import json

from editor.model.errors import SourcePosition
from editor.model.jsonpos import SourceMap


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
