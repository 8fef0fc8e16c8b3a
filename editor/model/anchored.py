"""JSON Schema ``pattern`` with the schema's meaning, not Python's.

JSON Schema patterns are ECMA-262 regular expressions, where ``$`` matches only at the end
of the text. In Python's :mod:`re`, ``$`` also matches just before a final newline, so
``"^[a-z0-9-]+$"`` accepted ``"surface\\n"``: an id, region reference, translation key or
catalogue path ending in a newline passed the schema (and the Rust validator, which reads
``$`` as ECMA does, disagreed with the Python ones). Every Python check of a schema pattern
goes through :func:`pattern_search`, which reads each unescaped ``$`` outside a character
class as ``\\Z`` (the very end).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import Any


def python_pattern(pattern: str) -> str:
    """``pattern`` (ECMA-262, as JSON Schema writes it) for :mod:`re`: end anchors strict."""
    out: list[str] = []
    in_class = False
    index = 0
    while index < len(pattern):
        char = pattern[index]
        if char == "\\":
            out.append(pattern[index:index + 2])
            index += 2
            continue
        if in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        elif char == "$":
            char = r"\Z"
        out.append(char)
        index += 1
    return "".join(out)


@cache
def pattern_search(pattern: str) -> Callable[[str], re.Match[str] | None]:
    """The ``search`` of ``pattern`` compiled with JSON Schema's anchors (cached)."""
    return re.compile(python_pattern(pattern)).search


def strict_validator_class(base: Any) -> Any:
    """A ``jsonschema`` validator class like ``base`` whose ``pattern`` keyword (also used
    by ``propertyNames``) anchors as JSON Schema says."""
    from jsonschema import validators
    from jsonschema.exceptions import ValidationError

    def pattern(validator: Any, expected: str, instance: Any, _schema: Any) -> Any:
        if validator.is_type(instance, "string") and not pattern_search(expected)(instance):
            yield ValidationError(f"{instance!r} does not match {expected!r}")

    return validators.extend(base, {"pattern": pattern})


__all__ = ["pattern_search", "python_pattern", "strict_validator_class"]
