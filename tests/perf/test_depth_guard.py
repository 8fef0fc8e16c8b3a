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
