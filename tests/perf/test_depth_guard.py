"""The nesting-depth guard scans in C yet finds exactly what a character walk finds."""

from __future__ import annotations

import random

import pytest

from editor.model.errors import LoadError
from editor.model.jsonio import _depth_exceeding, parse_json_text


def walk(text: str, limit: int) -> int | None:
    """The reference: a character-by-character walk, brackets in strings ignored."""
    depth, in_string, escaped = 0, False, False
    for offset, char in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > limit:
                return offset
        elif char in "]}":
            depth -= 1
    return None


def test_same_offsets_as_a_character_walk() -> None:
    rng = random.Random(17)
    alphabet = '[]{}"\\ aé,\n'
    for _ in range(5000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(60)))
        for limit in (0, 1, 2, 4):
            assert _depth_exceeding(text, limit) == walk(text, limit), (text, limit)


@pytest.mark.parametrize("text", ['{"a": ' * 40 + "1" + "}" * 40, "[" * 100_000,
                                  '["[[[[", ' * 3 + "[" * 40 + "]" * 40 + "]"])
def test_hostile_depth_is_refused_with_a_position(text: str) -> None:
    with pytest.raises(LoadError) as caught:
        parse_json_text(text, "x.realm.json")
    assert "nested deeper than 32 levels" in str(caught.value)
    assert caught.value.position is not None


def test_brackets_inside_strings_do_not_count() -> None:
    assert _depth_exceeding('["' + "[" * 100 + '"]', 32) is None


def _depth(value: object) -> int:
    """Containers on the deepest path, by plain recursion (the reference)."""
    if isinstance(value, dict):
        return 1 + max((_depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((_depth(v) for v in value), default=0)
    return 0


def test_the_parsed_depth_walk_matches_recursion() -> None:
    from editor.model.jsonio import _nested_deeper

    def nest(levels: int) -> object:
        value: object = 1
        for index in range(levels):
            value = [value, 2] if index % 2 else {"a": value, "b": [], "c": "x"}
        return value

    shapes: list[object] = [5, "x", None, [], {}, [[]], {"a": {}}]
    for levels in range(0, 12):
        shapes += [nest(levels), [nest(levels), 1], {"k": nest(levels), "z": [[]]}]
    for shape in shapes:
        for limit in range(0, 14):
            assert _nested_deeper(shape, limit) == (_depth(shape) > limit), (shape, limit)
