"""Hostile inputs: seeds taken from the shipped scenarios and hypothesis mutations of them.

Seeds are real files (every ``scenarios/**/*.realm.json``, small cuts of them, and the
engine, smawg and cestpasphoto files exported from those cuts), so a mutation starts from
something every command accepts and breaks one or a few things at a time: a key deleted, a
list item doubled, a value retyped, an integral float, a huge or negative number, hostile
unicode, deep nesting, a long string; or the text itself cut, padded or re-encoded.
"""

from __future__ import annotations

import copy
import functools
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

REPO = Path(__file__).resolve().parents[2]
SHIPPED = sorted((REPO / "scenarios").rglob("*.realm.json"))
SMALL_TILES = 2  # tiles kept per board in the small cuts (derive/export stay milliseconds)
SMALL_LIST = 3  # items kept in any other list of a small cut
SMALL_TEXT = 80  # characters kept of a long text (notes)

Json = Any
_RAW = "\x00RAW:"  # a string value replaced by raw JSON text after serialisation


# -- seeds ---------------------------------------------------------------------------------
@functools.cache
def shipped_scenarios() -> tuple[tuple[str, str], ...]:
    """(name, text) of every shipped scenario file."""
    return tuple((path.name, path.read_text(encoding="utf-8")) for path in SHIPPED)


def _cut(node: Json, key: str = "") -> Json:
    """A shrunken copy: every key kept (the mutations need them all), lists and texts cut."""
    if isinstance(node, dict):
        return {k: _cut(v, k) for k, v in node.items()}
    if isinstance(node, list):
        return [_cut(v) for v in node[: SMALL_TILES if key == "tiles" else SMALL_LIST]]
    if isinstance(node, str):
        return node[:SMALL_TEXT]
    return node


@functools.cache
def small_scenarios() -> tuple[tuple[str, str], ...]:
    """Each shipped scenario cut to its first few tiles per board and a few items per list
    (so some markers now name missing regions: findings, never crashes)."""
    out = []
    for name, text in shipped_scenarios():
        out.append((name, json.dumps(_cut(json.loads(text)), indent=2)))
    return tuple(out)


def _export(text: str, fmt: str, players: int, folder: Path) -> str | None:
    from fuzz_harness import run_inprocess

    path = folder / "seed.realm.json"
    path.write_text(text, encoding="utf-8")
    outcome = run_inprocess(["export", str(path), "--to", fmt, "--players", str(players),
                             "-o", "-"])
    return outcome.stdout if outcome.exit_code == 0 else None


@functools.cache
def exported_seeds(folder: Path) -> dict[str, tuple[str, ...]]:
    """engine, smawg and cestpasphoto files exported from the small cuts and full scenarios."""
    seeds: dict[str, list[str]] = {"engine": [], "smawg": [], "cestpasphoto": []}
    sources = [text for _, text in small_scenarios()] + [text for _, text in
                                                          shipped_scenarios()[:3]]
    for index, text in enumerate(sources):
        players = 2 + index % 3
        for fmt in seeds:
            exported = _export(text, fmt, players, folder)
            if exported:
                seeds[fmt].append(exported)
    return {fmt: tuple(texts) for fmt, texts in seeds.items()}


# -- values --------------------------------------------------------------------------------
def raw(text: str) -> str:
    """A marker value that :func:`dump` writes as the raw JSON ``text`` (``1e0``, ``-0``)."""
    return _RAW + text


HOSTILE_STRINGS = (
    "", " ", "\x00", "a\x00b", "\x01\x1f\x7f", "line\nbreak", "tab\tcr\r", "\u202eevil",
    "\ufffe", "\uffff", "\U0010ffff", "\u2028\u2029", "\ud800", "\udfff", "x\ud83dy",
    "<script>alert(1)</script>", "]]>", "&amp;", "%25%0A::error file=x::y", "../../etc/passwd",
    "/etc/passwd", "C:\\Windows", "https://example.invalid/x.json", "A", "A.s1", "surface",
    "lost_tribe", "sea", "1", "null", "é" * 3, "\u0301", "\U0001d54f" * 5,
)
HOSTILE_NUMBERS = (
    0, -1, 1, 2, 3, 5, 6, 7, 99, -99, 2**31, 2**63, -(2**63), 10**30, 10**400,
    raw("1.0"), raw("2.0"), raw("1e0"), raw("2E0"), raw("6.0"), raw("-0"), raw("-0.0"),
    raw("0.5"), raw("1e400"), raw("-1e400"), raw("1e-400"), raw("NaN"), raw("Infinity"),
    raw("-Infinity"), raw("1" * 5000), raw("3.0000000000000001"),
)


@functools.cache
def _strings() -> st.SearchStrategy[str]:
    return st.one_of(
        st.sampled_from(HOSTILE_STRINGS),
        st.text(max_size=20),
        st.builds(lambda c, n: c * n, st.sampled_from("aA\x00\u202e\ud800é"),
                  st.sampled_from([300] * 6 + [5000] * 3 + [100_000])),
    )


def _nested(depth: int, opener: str) -> str:
    if opener == "{":
        return '{"k":' * depth + "1" + "}" * depth
    return "[" * depth + "]" * depth


@functools.cache
def hostile_values() -> st.SearchStrategy[Json]:
    return st.one_of(
        st.sampled_from(HOSTILE_NUMBERS),
        _strings(),
        st.sampled_from([None, True, False, [], {}, [None], {"": None}, [[[]]]]),
        st.builds(lambda d, o: raw(_nested(d, o)), st.sampled_from([10, 31, 33, 200, 50_000]),
                  st.sampled_from("[{")),
        st.lists(st.integers(-3, 30), max_size=4),
        st.builds(lambda n: list(range(n)), st.sampled_from([100, 5000])),
    )


def _retyped(value: Json) -> st.SearchStrategy[Json]:
    """The same information in another JSON type: 2 -> "2" / 2.0 / [2] / {"v": 2}."""
    options: list[Json] = [[value], {"value": value}, None]
    if isinstance(value, bool):
        options += [int(value), str(value).lower()]
    elif isinstance(value, int):
        options += [str(value), raw(f"{value}.0"), raw(f"{value}e0"), -value, value + 10**9]
    elif isinstance(value, str):
        options += [len(value), [c for c in value[:5]], {value: value} if value else {}]
    elif isinstance(value, list):
        options += [value[0] if value else 0, {str(i): v for i, v in enumerate(value[:5])},
                    json.dumps(value)[:100]]
    elif isinstance(value, dict):
        options += [list(value.values())[:5], list(value)[:5], json.dumps(value)[:100]]
    return st.sampled_from(options)


# -- structural mutation -------------------------------------------------------------------
def _pick(draw: st.DrawFn, root: Json) -> tuple[Json, str | int] | None:
    """A random node, by descending from the root: (its container, its key); None = root."""
    parent: Json = None
    key: str | int = ""
    node = root
    while isinstance(node, dict | list) and node and draw(st.integers(0, 3)) != 0:
        index = draw(st.integers(0, len(node) - 1))
        parent, key = node, (list(node)[index] if isinstance(node, dict) else index)
        node = node[key]
    return None if parent is None else (parent, key)


def _fresh(draw: st.DrawFn, strategy: st.SearchStrategy[Json]) -> Json:
    """A drawn value that shares nothing with the strategy's constants or the tree, so a
    later mutation cannot change a constant (or make a cycle) behind hypothesis' back."""
    return copy.deepcopy(draw(strategy))


def _int_leaves(node: Json) -> list[tuple[Json, str | int]]:
    out: list[tuple[Json, str | int]] = []
    items = node.items() if isinstance(node, dict) else enumerate(node) \
        if isinstance(node, list) else ()
    for key, value in items:
        if isinstance(value, int) and not isinstance(value, bool):
            out.append((node, key))
        else:
            out += _int_leaves(value)
    return out


@st.composite
def mutate_tree(draw: st.DrawFn, text: str, max_ops: int = 4) -> Json:
    """The JSON ``text`` parsed, with 1..max_ops structural mutations at nodes drawn from it."""
    data = json.loads(text)
    for _ in range(draw(st.integers(1, max_ops))):
        picked = _pick(draw, data)
        op = draw(st.sampled_from(("delete", "duplicate", "retype", "replace", "replace",
                                   "insert_key", "integral")))
        if picked is None:
            if op in ("retype", "replace"):
                data = _fresh(draw, hostile_values() if op == "replace" else _retyped(data))
            continue
        parent, key = picked
        if op == "integral":  # any integer of the file: rotation, q, r, players, turns...
            leaves = _int_leaves(data)
            if leaves:
                parent, key = leaves[draw(st.integers(0, len(leaves) - 1))]
        value = parent[key]
        if op == "delete":
            del parent[key]
        elif op == "duplicate" and isinstance(value, list) and value:
            value.insert(draw(st.integers(0, len(value))),
                         copy.deepcopy(value[draw(st.integers(0, len(value) - 1))]))
        elif op == "duplicate" and isinstance(parent, list):
            parent.insert(int(key), copy.deepcopy(value))
        elif op == "retype":
            parent[key] = _fresh(draw, _retyped(value))
        elif op == "insert_key" and isinstance(value, dict):
            value[draw(_strings())] = _fresh(draw, hostile_values())
        elif op == "integral" and isinstance(value, int) and not isinstance(value, bool):
            parent[key] = raw(draw(st.sampled_from([f"{value}.0", f"{value}e0",
                                                    f"{value}.000", f"{value * 10}e-1"])))
        else:
            parent[key] = _fresh(draw, hostile_values())
    return data


def dump(data: Json) -> str:
    """JSON text with :func:`raw` markers spliced in verbatim (surrogates as ``\\ud800``)."""
    text = json.dumps(data, indent=2, ensure_ascii=True)
    marker = json.dumps(_RAW, ensure_ascii=True)[1:-1]
    return re.sub(r'"' + re.escape(marker) + r'((?:[^"\\]|\\.)*)"',
                  lambda m: json.loads('"' + m.group(1) + '"'), text)


@st.composite
def mutate_text(draw: st.DrawFn, text: str) -> bytes:
    """Byte-level damage: a cut, stray bytes, a BOM, CRLF, another encoding, trailing junk."""
    data = text.encode("utf-8")
    op = draw(st.sampled_from(("cut", "insert", "bom", "crlf", "utf16", "latin1", "trail",
                               "dupkey")))
    if op == "cut":
        return data[: draw(st.integers(0, len(data)))]
    if op == "insert":
        at = draw(st.integers(0, len(data)))
        junk = draw(st.sampled_from([b"\xff", b"\xc3", b"\x00", b"{", b"]", b",", b'"',
                                     b"\\u", b"\xed\xa0\x80", b"\r"]))
        return data[:at] + junk + data[at:]
    if op == "bom":
        return b"\xef\xbb\xbf" + data
    if op == "crlf":
        return data.replace(b"\n", b"\r\n")
    if op == "utf16":
        return text.encode("utf-16")
    if op == "latin1":
        return text.replace('"', '"\u00e9', 1).encode("latin-1", errors="replace")
    if op == "dupkey":
        return data.replace(b"{", b'{"title": "x", "title": 1,', 1)
    return data + draw(st.sampled_from([b"\n{}", b"x", b"\x00" * 10, b" " * 20_000]))


@dataclass(frozen=True)
class Mutant:
    """One generated input: the bytes to write and how they were made (for the report)."""

    data: bytes
    seed: str
    how: str


@st.composite
def json_mutant(draw: st.DrawFn, seeds: tuple[tuple[str, str], ...]) -> Mutant:
    name, text = draw(st.sampled_from(seeds))
    if draw(st.integers(0, 9)) == 0:
        return Mutant(draw(mutate_text(text)), name, "text")
    tree = draw(mutate_tree(text))
    return Mutant(dump(tree).encode("utf-8"), name, "tree")


# -- engine-format graphs -------------------------------------------------------------------
@st.composite
def engine_graph(draw: st.DrawFn, seeds: tuple[str, ...]) -> Mutant:
    """An engine file whose graph is redrawn: 0-300 regions copied from the seed's own,
    ids from a small alphabet (so some repeat), edges between random ids including
    self-loops, repeats, reversed pairs and ids that name no region."""
    data = json.loads(draw(st.sampled_from(seeds)))
    templates = data.get("regions") or [{}]
    count = draw(st.sampled_from([0, 1, 2, 5, 30, 300]))
    ids = [f"R{draw(st.integers(0, max(count, 1) + 2))}" for _ in range(count)]
    regions = []
    for index, region_id in enumerate(ids):
        region = copy.deepcopy(templates[index % len(templates)])
        region["id"] = region_id
        regions.append(region)
    pool = [*ids, "nowhere"] if ids else ["nowhere"]
    edges = []
    for _ in range(draw(st.sampled_from([0, 1, 10, 3 * count]))):
        a = pool[draw(st.integers(0, len(pool) - 1))]
        b = a if draw(st.integers(0, 9)) == 0 else pool[draw(st.integers(0, len(pool) - 1))]
        edges.append({"a": a, "b": b, "kinds": draw(st.sampled_from(
            [["border"], ["border", "coast"], [], ["tunnel"], ["nonsense"]]))})
    data["regions"] = regions
    data["adjacency"] = edges
    return Mutant(dump(data).encode("utf-8"), "engine", f"graph of {count} regions")


# -- cestpasphoto modules ------------------------------------------------------------------
PY_TOKENS = ("1.0", "-1", "6", "99", "10**100", "'x'", "None", "True", "[]", "[1]", "(1, 2)",
             "{1: 2}", "FORESTT", "WATER", "UNKNOWN", "__import__('os').system('exit 3')",
             "open('/etc/passwd').read()", "[" * 200 + "]" * 200, "(" * 5000 + ")" * 5000,
             "-" * 5000 + "1", "1e400", "b'x'", "f'{1}'", "...", "lambda: 1", "*x")


@st.composite
def python_mutant(draw: st.DrawFn, seeds: tuple[str, ...]) -> Mutant:
    """A cestpasphoto module with number/name tokens swapped for hostile Python tokens."""
    text = draw(st.sampled_from(seeds))
    tokens = list(re.finditer(r"\b(?:\d+|[A-Z][A-Z_]+|True|False)\b|\[|\]", text))
    for _ in range(draw(st.integers(1, 3))):
        if not tokens:
            break
        match = tokens[draw(st.integers(0, len(tokens) - 1))]
        op = draw(st.sampled_from(("swap", "swap", "delete", "cut")))
        if op == "cut":
            text = text[: match.start()]
        else:
            new = "" if op == "delete" else draw(st.sampled_from(PY_TOKENS))
            text = text[: match.start()] + new + text[match.end():]
        tokens = list(re.finditer(r"\b(?:\d+|[A-Z][A-Z_]+|True|False)\b|\[|\]", text))
    return Mutant(text.encode("utf-8", errors="surrogatepass"), "cestpasphoto", "tokens")
