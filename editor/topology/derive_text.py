"""``realms derive``'s JSON document as text, fast.

The text is byte for byte ``json.dumps(derive_document(...), indent=2, sort_keys=True,
ensure_ascii=False)``: with ``indent``, json falls back to its pure-Python encoder, which
took a second for the 25 MB of a 4,000-tile board. Here the three long lists (regions,
adjacency, borders) are filled into one template per row, regions from the Region objects
and the others from the rows :mod:`editor.topology.serialize` sorts, with no dict made per
row; everything else goes through a small indenting encoder.
``tests/topology/test_derive_text.py`` holds the two equal on every shipped scenario, on
generated realms with findings and on rows the templates do not expect."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from editor.model.json_text import Custom, encode, lenient_scalar
from editor.topology.realm import Realm, Region
from editor.topology.serialize import (
    DERIVE_FORMAT_VERSION,
    ROUND,
    BorderRow,
    EdgeRow,
    border_rows,
    edge_rows,
    hole_to_dict,
    problem_list,
    region_to_dict,
)

_STR: Callable[[str], str] = json.encoder.encode_basestring


def derive_text(title: str, source: str, realms: Sequence[Realm]) -> str:
    """What ``realms derive --format json`` prints, without its final newline."""
    return "".join(derive_pieces(title, source, realms))


def derive_pieces(title: str, source: str, realms: Sequence[Realm]) -> list[str]:
    """:func:`derive_text` in pieces of at most a few hundred kB, to be written one after
    another: the 25 MB of a big board are never copied into one string."""
    from editor.heap import no_cyclic_gc

    with no_cyclic_gc():
        document = {"format_version": DERIVE_FORMAT_VERSION, "scenario": title,
                    "source": source, "boards": [_board(realm) for realm in realms]}
        out: list[str] = []
        _encode(document, "\n", out)
        return out


_BATCH = 1_000  # rows joined into one piece


class _Rows:
    """A list printed row by row: ``render(rows, nl)`` gives each row's text, its lines
    joined by ``nl`` (a newline and the rows' indent)."""

    __slots__ = ("render", "rows")

    def __init__(self, rows: Sequence[Any],
                 render: Callable[[Sequence[Any], str], list[str]]) -> None:
        self.rows = rows
        self.render = render


def _board(realm: Realm) -> dict[str, Any]:
    return {
        "players": realm.players,
        "turns": realm.scenario.turns(realm.players),
        "regions": _Rows(list(realm.regions.values()), _region_objects),
        "adjacency": _Rows(edge_rows(realm), _edges),
        "holes": [hole_to_dict(h) for h in realm.holes],
        "borders": _Rows(border_rows(realm), _borders),
        "problems": problem_list(realm),
    }


# -- the indenting encoder ------------------------------------------------------------
def _encode(value: Any, nl: str, out: list[str]) -> None:
    """``value`` as json.dumps(indent=2, sort_keys=True) prints it at the indent of
    ``nl``, appended to ``out`` (the row lists by their templates)."""
    encode(value, nl, out, True, _CUSTOM, lenient_scalar)


def _rows(value: _Rows, nl: str, out: list[str]) -> None:
    if not value.rows:
        out.append("[]")
        return
    inner = nl + "  "
    texts = value.render(value.rows, inner)
    between = "," + inner
    lead = "[" + inner
    for start in range(0, len(texts), _BATCH):
        out.append(lead + between.join(texts[start:start + _BATCH]))
        lead = between
    out.append(nl + "]")


_CUSTOM: dict[type, Custom] = {_Rows: _rows}


def _list(values: Sequence[Any], nl: str) -> str:
    """A list of scalars at the indent of ``nl``."""
    if not values:
        return "[]"
    inner = nl + "  "
    return "[" + inner + ("," + inner).join(map(lenient_scalar, values)) + nl + "]"


def _any(value: Any, nl: str) -> str:
    out: list[str] = []
    _encode(value, nl, out)
    return "".join(out)


# -- rows -----------------------------------------------------------------------------
@cache
def _border_template(nl: str) -> str:
    """A border's object at the indent of ``nl``, as a %-template of its eight texts."""
    inner, deep = nl + "  ", nl + "    "
    return ("{" + inner + '"a": %s,' + inner + '"b": %s,' + inner + '"board": %s,'
            + inner + '"from": [' + deep + "%s," + deep + "%s" + inner + "],"
            + inner + '"kinds": %s,'
            + inner + '"to": [' + deep + "%s," + deep + "%s" + inner + "]" + nl + "}")


def _borders(rows: Sequence[BorderRow], nl: str) -> list[str]:
    """Each border's object. Ids, coordinates and kinds repeat from row to row, so each
    distinct one is encoded once (kinds by the list's identity: :func:`border_rows`
    shares one list per set of kinds, and ``rows`` keeps them alive)."""
    template, inner = _border_template(nl), nl + "  "
    ids: dict[str | None, str] = {None: "null"}
    numbers: dict[float, str] = {}
    kinds_text: dict[int, str] = {}
    texts = []
    for row in rows:
        board, a, b, kinds, start, end = row
        x0, y0 = start
        x1, y1 = end
        if not (type(x0) is float and type(y0) is float and type(x1) is float
                and type(y1) is float and (x0 - x0) + (y0 - y0) + (x1 - x1) + (y1 - y1) == 0.0
                and x0 * y0 * x1 * y1 != 0.0):  # finite and non-zero (0.0 == -0.0 as keys)
            texts.append(_any({"a": a, "b": b, "board": board, "from": start, "kinds": kinds,
                               "to": end}, nl))  # json's way
            continue
        kinds_key = id(kinds)
        texts.append(template % (
            ids[a] if a in ids else ids.setdefault(a, _STR(a)),
            ids[b] if b in ids else ids.setdefault(b, _STR(b)),  # type: ignore[arg-type]
            ids[board] if board in ids else ids.setdefault(board, _STR(board)),
            numbers[x0] if x0 in numbers else numbers.setdefault(x0, float.__repr__(x0)),
            numbers[y0] if y0 in numbers else numbers.setdefault(y0, float.__repr__(y0)),
            kinds_text[kinds_key] if kinds_key in kinds_text
            else kinds_text.setdefault(kinds_key, _list(kinds, inner)),
            numbers[x1] if x1 in numbers else numbers.setdefault(x1, float.__repr__(x1)),
            numbers[y1] if y1 in numbers else numbers.setdefault(y1, float.__repr__(y1))))
    return texts


def _edges(rows: Sequence[EdgeRow], nl: str) -> list[str]:
    inner = nl + "  "
    return ["{" + inner + '"a": ' + _STR(a) + "," + inner + '"b": ' + _STR(b)
            + "," + inner + '"kinds": ' + _list(kinds, inner)
            + "," + inner + '"length": ' + lenient_scalar(length) + nl + "}"
            for a, b, kinds, length in rows]


@cache
def _region_template(nl: str) -> str:
    """A region's object at the indent of ``nl``, as a %-template of its field texts."""
    inner = nl + "  "
    return "{" + ",".join(f'{inner}"{key}": %s' for key in _REGION_FIELDS) + nl + "}"


_REGION_FIELDS = ("area", "base_terrain", "board", "centroid", "first_conquest_for",
                  "flags", "holes", "id", "kind", "markers", "parts", "symbols", "terrain",
                  "tiles", "water_kind")  # sorted
_REGION_KEYS = frozenset(_REGION_FIELDS)
_FLAGS = ("board_edge", "chasm", "coastal", "entry_edge", "first_conquest", "impassable")
_FLAG_KEYS = frozenset(_FLAGS)


_FieldTexts = tuple[Callable[[Any], str], Callable[[Sequence[Any]], str],
                    Callable[[tuple[bool, ...]], str]]


def _field_texts(nl: str) -> _FieldTexts:
    """The texts of a region's scalars, short lists and flags at the indent of ``nl``, for
    :func:`_regions` and :func:`_region_objects` alike. Scalars and flags take few distinct
    values (terrains, kinds, areas), so each distinct one is encoded once per call; closures
    rather than methods, since they run for every region of a 10,000-region board."""
    inner = nl + "  "
    deep = inner + "  "
    known: dict[Any, str] = {}
    known_flags: dict[tuple[bool, ...], str] = {}

    def scalar(value: Any) -> str:
        key = (type(value), value)  # 1, 1.0 and True are equal keys with different texts
        text = known.get(key)
        if text is None:
            text = known[key] = lenient_scalar(value)
        return text

    def listed(values: Sequence[Any]) -> str:
        if not values:
            return "[]"
        if len(values) == 1 and type(values[0]) is str:
            return "[" + deep + _STR(values[0]) + inner + "]"
        return _list(values, inner)

    def flagged(flags: tuple[bool, ...]) -> str:
        """The flags object, ``flags`` in :data:`_FLAGS` order."""
        text = known_flags.get(flags)
        if text is None:
            text = known_flags[flags] = "{" + ",".join(
                f'{deep}"{name}": {"true" if flag else "false"}'
                for name, flag in zip(_FLAGS, flags, strict=True)) + inner + "}"
        return text

    return scalar, listed, flagged


def _regions(rows: Sequence[dict[str, Any]], nl: str) -> list[str]:
    """Each region's object (:func:`region_to_dict`). Its scalars and flags take few
    distinct values (terrains, kinds, areas), so each distinct one is encoded once."""
    template, inner = _region_template(nl), nl + "  "
    scalar, listed, flagged = _field_texts(nl)
    texts = []
    for row in rows:
        flags = row.get("flags")
        if (row.keys() != _REGION_KEYS or type(flags) is not dict
                or flags.keys() != _FLAG_KEYS
                or not all(type(flags[f]) is bool for f in _FLAGS)):  # not the usual shape
            texts.append(_any(row, nl))
            continue
        flag_text = flagged(tuple([flags[f] for f in _FLAGS]))
        markers = row["markers"]
        texts.append(template % (
            scalar(row["area"]), scalar(row["base_terrain"]), scalar(row["board"]),
            _list(row["centroid"], inner), listed(row["first_conquest_for"]), flag_text,
            listed(row["holes"]), _STR(row["id"]) if type(row["id"]) is str
            else lenient_scalar(row["id"]), scalar(row["kind"]),
            _any(markers, inner) if markers else "[]", listed(row["parts"]),
            listed(row["symbols"]), scalar(row["terrain"]), listed(row["tiles"]),
            scalar(row["water_kind"])))
    return texts


def _region_objects(regions: Sequence[Region], nl: str) -> list[str]:
    """:func:`_regions` of :func:`region_to_dict` of each region, read from the regions
    themselves: the 10,000 dicts of a big board are not made. A region with markers, or
    with a flag that is not a bool, goes through its dict."""
    template, inner = _region_template(nl), nl + "  "
    scalar, listed, flagged = _field_texts(nl)
    texts = []
    for region in regions:
        flags = (region.board_edge, region.chasm, region.coastal, region.entry_edge,
                 region.first_conquest, region.impassable)  # in _FLAGS order
        if region.markers or not all(type(flag) is bool for flag in flags):
            texts.extend(_regions([region_to_dict(region)], nl))
            continue
        flag_text = flagged(flags)
        cx, cy = region.centroid
        rid = region.id
        texts.append(template % (
            scalar(round(float(region.area), ROUND) + 0.0), scalar(region.base_terrain),
            scalar(region.board),
            _list([round(float(cx), ROUND) + 0.0, round(float(cy), ROUND) + 0.0], inner),
            listed(sorted(region.first_conquest_for)), flag_text, listed(region.holes),
            _STR(rid) if type(rid) is str else lenient_scalar(rid), scalar(region.kind), "[]",
            listed(region.parts), listed(sorted(region.symbols)), scalar(region.terrain),
            listed(region.tiles), scalar(region.water_kind)))
    return texts
