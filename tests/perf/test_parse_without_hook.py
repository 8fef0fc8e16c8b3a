"""JSON parsed without the duplicate-key hook gives what the hook's parse gives, or the
same error: the fast path is taken only when the text's colons prove every key unique."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from editor.model import jsonio
from editor.model.errors import LoadError
from editor.model.jsonio import parse_json_text


def _outcome(text: str) -> tuple[str, Any]:
    try:
        return "data", parse_json_text(text, "x", max_depth=6)
    except LoadError as exc:
        return "error", (str(exc), exc.position)


def _random_text(rng: random.Random) -> str:
    keys = ["a", "b", "c:d", "e"]
    strings = ["x", "y:z", ":", "", "\\u003a", "\\"]

    def value(depth: int) -> str:
        kind = rng.randrange(6 if depth < 8 else 3)
        if kind == 0:
            return str(rng.choice([1, -2, 3.5, 1.0, 0]))
        if kind == 1:
            return '"' + rng.choice(strings).replace("\\", "\\\\" if rng.random() < 0.5
                                                     else "\\") + '"'
        if kind == 2:
            return rng.choice(["true", "null", "NaN"])
        if kind == 3:
            return "[" + ", ".join(value(depth + 1) for _ in range(rng.randrange(3))) + "]"
        members = [f'"{rng.choice(keys)}"{rng.choice(["", " "])}:{value(depth + 1)}'
                   for _ in range(rng.randrange(4))]
        return "{" + ",".join(members) + "}"

    return value(rng.randrange(4))


def test_the_same_data_or_error_as_the_hooks_parse(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(5)
    texts = [_random_text(rng) for _ in range(3000)]
    texts += ['{"a": 1, "a": 2}', '{"t": "1:2", "a": 1, "a": 2}', '{"a": {"b": 1, "b": 2}}',
              '{"a": "x:", "b": 1}', '[[[[[[[[1]]]]]]]]', '{"a": [{"b": [{"c": 1}]}]}']
    fast = [_outcome(text) for text in texts]
    monkeypatch.setattr(jsonio, "_parsed_unique", lambda text, depth: jsonio._NOT_PARSED)
    slow = [_outcome(text) for text in texts]
    for text, got, expected in zip(texts, fast, slow, strict=True):
        assert got == expected, text
        assert json.dumps(got, default=str) == json.dumps(expected, default=str), text


def test_the_fast_path_is_taken_only_without_repeated_keys() -> None:
    assert jsonio._parsed_unique('{"a": {"b": [1, {"c": 2}]}}', 6) == {"a": {"b": [1, {"c": 2}]}}
    assert jsonio._parsed_unique('{"a": 1, "a": 2}', 6) is jsonio._NOT_PARSED
    assert jsonio._parsed_unique('{"a": "1:2"}', 6) is jsonio._NOT_PARSED  # proof fails
    assert jsonio._parsed_unique('[[[1]]]', 2) is jsonio._NOT_PARSED  # too deep
