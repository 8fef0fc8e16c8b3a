"""``json.dumps(value, indent=2, ensure_ascii=False)`` (keys sorted or not), byte for byte,
several times faster.

With ``indent``, Python's json falls back to its pure-Python encoder (one generator per
nesting level, one call per item): the exports of a site page (engine, GeoJSON, smawg) and
``realms derive`` spent much of their time there. This encoder appends strings to one
list, encodes each scalar inline, and leaves anything it does not know exactly (a dict
subclass, a non-string key, a cycle) to json itself, so the text never differs.
``tests/model/test_json_text.py`` holds the two equal.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

_STR: Callable[[str], str] = json.encoder.encode_basestring  # ensure_ascii=False's
_FLOAT = float.__repr__
_INT = int.__repr__

# An encoder of one type the caller knows better (``realms derive``'s long row lists):
# (value, newline and indent of the value's line, out) -> None, appending its text to out.
Custom = Callable[[Any, str, list[str]], None]


class Unusual(Exception):
    """Something json prints in a way this encoder does not copy: json prints it all."""


def indented_json(value: Any, sort_keys: bool = True) -> str:
    """``json.dumps(value, indent=2, sort_keys=sort_keys, ensure_ascii=False)``."""
    out: list[str] = []
    try:
        encode(value, "\n", out, sort_keys)
    except (Unusual, RecursionError):
        return json.dumps(value, indent=2, sort_keys=sort_keys, ensure_ascii=False)
    return "".join(out)


def scalar(value: Any) -> str:
    """One scalar as json prints it; :class:`Unusual` for anything else."""
    kind = type(value)
    if kind is str:
        return _STR(value)
    if kind is float:
        if value - value == 0.0:  # finite: json prints its repr
            return _FLOAT(value)
        return "NaN" if value != value else ("Infinity" if value > 0 else "-Infinity")
    if kind is bool:
        return "true" if value else "false"
    if kind is int:
        return _INT(value)
    if value is None:
        return "null"
    raise Unusual


def _finite_floats(values: list[Any]) -> bool:
    return all(type(x) is float and x - x == 0.0 for x in values)


def lenient_scalar(value: Any) -> str:
    """:func:`scalar`, or what json prints for the value on one line."""
    try:
        return scalar(value)
    except Unusual:
        return json.dumps(value, ensure_ascii=False)


def encode(value: Any, nl: str, out: list[str], sort_keys: bool = True,
           custom: dict[type, Custom] | None = None,
           leaf: Callable[[Any], str] = scalar) -> None:
    """``value`` at the indent of ``nl`` (a newline and the indent of its line), appended
    to ``out``; ``custom`` encodes the types it names, ``leaf`` every other value that is
    not a dict, list or tuple. Raises :class:`Unusual` for what json alone should print
    (see :func:`indented_json`)."""
    kind = type(value)
    if kind is dict:
        if not value:
            out.append("{}")
            return
        inner = nl + "  "
        lead = "{" + inner
        keys = value
        if sort_keys:
            try:
                keys = sorted(value)
            except TypeError:  # keys of several types: json's own error
                raise Unusual from None
        for key in keys:
            if type(key) is not str:  # json turns numbers, booleans and null into keys
                raise Unusual
            item = value[key]
            kind = type(item)
            if kind is str:
                out.append(lead + _STR(key) + ": " + _STR(item))
            elif kind is dict or kind is list or kind is tuple or (custom and kind in custom):
                out.append(lead + _STR(key) + ": ")
                encode(item, inner, out, sort_keys, custom, leaf)
            else:
                out.append(lead + _STR(key) + ": " + leaf(item))
            lead = "," + inner
        out.append(nl + "}")
    elif kind is list or kind is tuple:
        if not value:
            out.append("[]")
            return
        inner = nl + "  "
        lead = "[" + inner
        for item in value:
            kind = type(item)
            if kind is float and item - item == 0.0:
                out.append(lead + _FLOAT(item))
            elif kind is str:
                out.append(lead + _STR(item))
            elif kind is list and item and _finite_floats(item):  # coordinates: one string
                deeper = inner + "  "
                out.append(lead + "[" + deeper + ("," + deeper).join(map(_FLOAT, item))
                           + inner + "]")
            elif kind is dict or kind is list or kind is tuple or (custom and kind in custom):
                out.append(lead)
                encode(item, inner, out, sort_keys, custom, leaf)
            else:
                out.append(lead + leaf(item))
            lead = "," + inner
        out.append(nl + "]")
    elif custom and kind in custom:
        custom[kind](value, nl, out)
    else:
        out.append(leaf(value))
