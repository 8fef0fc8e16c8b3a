"""Schema errors in words a designer can act on, from a table in ``editor/data``.

jsonschema says ``'c' does not match '^[A-Z][A-Za-z0-9_-]{0,15}$'``; a designer
needs "tile letters are upper case: did you mean "C"?". Known patterns and
number ranges are described by ``schema-messages.toml``; unknown keys get the
allowed keys nearest by edit distance. Every error becomes one or more
:class:`Explained` items (one per unknown key), each with where, what and a fix.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # jsonschema loads only when an error is worded
    from jsonschema.exceptions import ValidationError

from editor.model.anchored import pattern_search
from editor.model.jsonpos import PathKey
from editor.model.paths import data_file

MESSAGES_FILE = data_file("schema-messages.toml")
SHOWN_VALUE_CHARS = 60


@dataclass(frozen=True)
class Explained:
    """One schema problem: where (a key or a value), what is wrong, how to fix it."""

    path: PathKey
    is_key: bool
    message: str
    hint: str


@cache
def table() -> dict[str, Any]:
    import tomllib  # only when an error is worded: valid files never need it

    with MESSAGES_FILE.open("rb") as handle:
        return tomllib.load(handle)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


REPAIRS: dict[str, Callable[[str], str]] = {"upper": str.upper, "lower": str.lower,
                                            "slug": _slug}


def shown(value: Any) -> str:
    """A value as JSON, cut short: enough to recognise it, never a whole document."""
    text = json.dumps(value, ensure_ascii=True)
    return text if len(text) <= SHOWN_VALUE_CHARS else text[:SHOWN_VALUE_CHARS] + "..."


def json_type_name(value: Any) -> str:
    """The JSON name of a parsed value's type (designers read JSON, not Python)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object"


def close_keys(word: str, allowed: list[str]) -> list[str]:
    import difflib

    return difflib.get_close_matches(word, allowed, n=3, cutoff=0.6)


def _field(path: PathKey) -> str | None:
    return next((key for key in reversed(path) if isinstance(key, str)), None)


def _in_property_names(error: ValidationError) -> bool:
    return "propertyNames" in error.relative_schema_path


def _unknown_keys(error: ValidationError, path: PathKey) -> list[Explained]:
    allowed = sorted(error.schema.get("properties", {}))
    extras = sorted(k for k in error.instance if k not in allowed)
    if not extras:
        return [Explained(path, False, error.message[:200], "")]
    result = []
    for extra in extras:
        near = close_keys(extra, allowed)
        hint = (f"did you mean {' or '.join(repr(k) for k in near)}?" if near
                else "allowed keys here: " + ", ".join(allowed))
        result.append(Explained((*path, extra), True, f"unknown key {extra!r}", hint))
    return result


def _pattern(error: ValidationError) -> tuple[str, str]:
    regex = str(error.validator_value)
    value = error.instance
    entry = table()["patterns"].get(regex)
    if entry is None:
        return (f"{shown(value)} does not match the expected form",
                f"expected text matching {regex}")
    repair = REPAIRS.get(entry.get("repair", ""))
    if repair is not None and isinstance(value, str):
        suggestion = repair(value)
        if suggestion != value and pattern_search(regex)(suggestion):
            return (f"{shown(value)} is not a {entry['name']}",
                    entry["repaired"].format(suggestion=shown(suggestion)))
    return f"{shown(value)} is not a {entry['name']}", entry["form"]


def _range(error: ValidationError, path: PathKey) -> tuple[str, str]:
    name = _field(path)
    entry = table()["ranges"].get(name) if name else None
    value = error.instance
    schema = error.schema
    if entry is None:
        low, high = schema.get("minimum"), schema.get("maximum")
        hint = (f"use a value from {low} to {high}" if low is not None and high is not None
                else "use a value in the allowed range")
        return error.message[:200], hint
    hint = entry["range"]
    unit = entry.get("unit")
    if unit and isinstance(value, int) and value % unit == 0:
        hint += ", " + entry["converted"].format(value=value, suggestion=value // unit % 6)
    elif unit and isinstance(value, int) and value > unit // 2 and "between" in entry:
        # degrees that are no step (90): name the two steps around them, not nothing
        low = value // unit
        hint += ", " + entry["between"].format(value=value, low=low % 6, high=(low + 1) % 6,
                                               low_degrees=low * unit,
                                               high_degrees=(low + 1) * unit)
    return f"{name} {shown(value)} is out of range", hint


def _exclusive(error: ValidationError) -> tuple[str, str]:
    excluded = error.validator_value.get("required", [])
    instance = error.instance
    present = [k for k in excluded if isinstance(instance, dict) and k in instance]
    if len(present) >= 2:
        keys = " and ".join(repr(k) for k in present)
        return f"{keys} exclude each other here", f"keep only one of {keys}"
    # The schema's own words (VS Code shows the same errorMessage): "what is wrong: the fix".
    worded = error.schema.get("errorMessage") if isinstance(error.schema, dict) else None
    if isinstance(worded, str) and ": " in worded:
        message, _, hint = worded.rpartition(": ")
        return message, hint
    return "this value matches a form that is not allowed here", "see docs/format.md"


def _enum(instance: Any, options: list[Any]) -> tuple[str, str]:
    listed = ", ".join(json.dumps(v) for v in options)
    hint = f"expected one of {listed}"
    if isinstance(instance, str):
        words = {str(v).lower(): str(v) for v in options if isinstance(v, str)}
        near = close_keys(instance.lower(), list(words))
        if near:
            hint = f"did you mean {shown(words[near[0]])}? ({hint})"
    return f"{shown(instance)} is not allowed", hint


SIZE_HINTS = {
    "minLength": ("{value} is too short", "write at least {limit} characters"),
    "maxLength": ("the text is longer than {limit} characters", "shorten it"),
    "minItems": ("the list has too few items", "give at least {limit}"),
    "maxItems": ("the list has {count:,} items, more than {limit:,}", "keep at most {limit:,}"),
    "minProperties": ("the object has too few keys", "give at least {limit}"),
    "maxProperties": ("the object has more than {limit} keys", "keep at most {limit}"),
    "uniqueItems": ("{value} repeats a value", "list each value once"),
}


def _size(kind: str, instance: Any, limit: Any) -> tuple[str, str]:
    what, fix = SIZE_HINTS[kind]
    if kind == "minLength" and limit == 1:
        what, fix = "the text is empty", "write at least one character"
    count = len(instance) if isinstance(instance, list | dict | str) else 0
    return (what.format(value=shown(instance), limit=limit, count=count),
            fix.format(value=shown(instance), limit=limit, count=count))


def _alternatives(error: ValidationError, path: PathKey) -> list[Explained]:
    """``oneOf``/``anyOf``: explain the branch meant for this kind of value, else list the
    kinds that would be accepted."""
    meant = [e for e in error.context or () if e.validator != "type"]
    if meant:
        from jsonschema.exceptions import best_match

        return explain(best_match(meant) or meant[0])
    kinds = sorted({str(t) for e in error.context or () for t in
                    (e.validator_value if isinstance(e.validator_value, list)
                     else [e.validator_value])})
    return [Explained(path, False, f"expected {' or '.join(kinds)}, got "
                      f"{json_type_name(error.instance)}", "change the value's type")]


def explain(error: ValidationError) -> list[Explained]:
    """What one schema error means, pointing at the offending key or value."""
    path: PathKey = tuple(error.absolute_path)
    kind = error.validator
    instance = error.instance
    if kind == "additionalProperties" and isinstance(instance, dict):
        return _unknown_keys(error, path)
    if _in_property_names(error) and isinstance(instance, str):
        path, is_key = (*path, instance), True
    else:
        is_key = False
    if kind == "required":
        message, hint = (error.message.replace("is a required property", "is required"),
                         "add the missing key")
    elif kind == "enum":
        message, hint = _enum(instance, list(error.validator_value))
    elif kind == "const":
        message, hint = (f"{shown(instance)} is not allowed here",
                         f"expected {json.dumps(error.validator_value)}")
    elif kind in {"oneOf", "anyOf"} and error.context:
        return _alternatives(error, path)
    elif kind in SIZE_HINTS:
        message, hint = _size(kind, instance, error.validator_value)
    elif kind in {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"}:
        message, hint = _range(error, path)
    elif kind == "type":
        message, hint = (f"expected {error.validator_value}, got {json_type_name(instance)}",
                         "change the value's type")
    elif kind == "not" and isinstance(error.validator_value, dict):
        message, hint = _exclusive(error)
    elif kind == "pattern":
        message, hint = _pattern(error)
    else:
        message, hint = error.message[:200], "see docs/format.md"
    return [Explained(path, is_key, message, hint)]
