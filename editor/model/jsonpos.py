"""Map JSON paths to line:column in the source text.

Only computed for files that have findings, on the first position asked. Well-formed
JSON (which ``json`` itself parses) is placed lazily: only the containers on the asked
paths are read, member by member, each other value skipped in one regex match where
it holds at most two levels of containers (lint's findings point at a handful of tiles
and markers: this is several times cheaper than placing every value). Otherwise one
pass records where each value (and each object key) starts, keyed by its JSON path as a
tuple of keys and indexes: a fast loop of regex matches, or for damaged text the plain
recursive scanner, which keeps the positions it found before the damage. Both ways
give the same positions.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Sequence
from json.decoder import scanstring  # type: ignore[attr-defined]

from editor.model.errors import SourcePosition

PathKey = tuple[str | int, ...]

_WHITESPACE = " \t\r\n"


class _Scanner:
    def __init__(self, text: str) -> None:
        self.text = text
        self.index = 0
        self.positions: dict[PathKey, int] = {}
        self.key_positions: dict[PathKey, int] = {}

    def skip(self) -> None:
        text, i = self.text, self.index
        while i < len(text) and text[i] in _WHITESPACE:
            i += 1
        self.index = i

    def value(self, path: PathKey, depth: int) -> None:
        if depth > 200:
            raise ValueError("nesting too deep")
        self.skip()
        self.positions[path] = self.index
        if self.index >= len(self.text):
            return
        char = self.text[self.index]
        if char == "{":
            self.obj(path, depth)
        elif char == "[":
            self.array(path, depth)
        elif char == '"':
            _, self.index = scanstring(self.text, self.index + 1)
        else:
            while self.index < len(self.text) and self.text[self.index] not in ",]}" + _WHITESPACE:
                self.index += 1

    def obj(self, path: PathKey, depth: int) -> None:
        self.index += 1
        while True:
            self.skip()
            if self.index >= len(self.text) or self.text[self.index] == "}":
                self.index += 1
                return
            if self.text[self.index] == ",":
                self.index += 1
                continue
            key_start = self.index
            key, self.index = scanstring(self.text, self.index + 1)
            self.key_positions[(*path, key)] = key_start
            self.skip()
            self.index += 1  # the colon
            self.value((*path, key), depth + 1)

    def array(self, path: PathKey, depth: int) -> None:
        self.index += 1
        item = 0
        while True:
            self.skip()
            if self.index >= len(self.text) or self.text[self.index] == "]":
                self.index += 1
                return
            if self.text[self.index] == ",":
                self.index += 1
                continue
            before = self.index
            self.value((*path, item), depth + 1)
            if self.index == before:  # "[1}": a bare "}" is no value (damaged text): stop
                raise ValueError("unexpected character in an array")
            item += 1


def _plain_scan(text: str) -> tuple[dict[PathKey, int], dict[PathKey, int]]:
    """The recursive scanner's value and key positions; best effort: on damaged text the
    positions found so far stay usable."""
    scanner = _Scanner(text)
    with contextlib.suppress(ValueError, IndexError):
        scanner.value((), 0)
    return scanner.positions, scanner.key_positions


# The fast scan: whitespace, an object member's key and colon, a string, the rest of a bare
# value (number, true, null...) and the separator after a value are each one regex match in C.
_SPACE = re.compile(r"[ \t\r\n]*")
_MEMBER = re.compile(r'[ \t\r\n]*"((?:[^"\\\x00-\x1f]|\\.)*)"[ \t\r\n]*:[ \t\r\n]*')
_STRING = re.compile(r'"(?:[^"\\\x00-\x1f]|\\.)*"')
_BARE = re.compile(r"[^,\]} \t\r\n]*")
_AFTER = re.compile(r"[ \t\r\n]*([,\]}])")
_FAST_DEPTH = 190  # deeper text takes the plain scan, which stops at depth 200


class _Irregular(ValueError):
    """Text the fast scan does not take (not plain JSON): the plain scan places it."""


def _key(text: str, member: re.Match[str]) -> str:
    """A key with escapes, decoded (and checked) by json's own scanner."""
    key, end = scanstring(text, member.start(1))
    if end != member.end(1) + 1:
        raise _Irregular(member.start())
    return str(key)


def _fast_scan(text: str) -> tuple[dict[PathKey, int], dict[PathKey, int]]:
    """The plain scan's tables for well-formed JSON, in one loop instead of a call per value;
    raises :class:`_Irregular` (or ValueError/IndexError) on anything else."""
    positions: dict[PathKey, int] = {}
    keys: dict[PathKey, int] = {}
    end = len(text)
    index = _SPACE.match(text).end()  # type: ignore[union-attr]
    path: PathKey = ()
    positions[path] = index
    if index >= end:
        return positions, keys
    stack: list[tuple[PathKey, bool, int]] = []  # (path, is object, items so far)
    while True:
        char = text[index]
        if char in "{[":
            is_object = char == "{"
            inside = _SPACE.match(text, index + 1).end()  # type: ignore[union-attr]
            if inside < end and text[inside] == ("}" if is_object else "]"):
                index = inside + 1  # empty
            else:
                if len(stack) >= _FAST_DEPTH:
                    raise _Irregular(index)
                stack.append((path, is_object, 0))
                if is_object:
                    member = _MEMBER.match(text, inside)
                    if member is None:
                        raise _Irregular(inside)
                    raw = member.group(1)
                    path = (*path, raw if "\\" not in raw else _key(text, member))
                    keys[path] = member.start(1) - 1
                    index = member.end()
                else:
                    path = (*path, 0)
                    index = inside
                positions[path] = index
                continue
        elif char == '"':
            found = _STRING.match(text, index)
            if found is None:
                raise _Irregular(index)
            if "\\" in found.group():
                _, after = scanstring(text, index + 1)
                if after != found.end():
                    raise _Irregular(index)
            index = found.end()
        else:
            after = _BARE.match(text, index).end()  # type: ignore[union-attr]
            if after == index:
                raise _Irregular(index)
            index = after
        # after a value: close what ends here, then go on to the next member or item
        while True:
            if not stack:
                return positions, keys
            parent, is_object, items = stack[-1]
            sep = _AFTER.match(text, index)
            if sep is None:
                raise _Irregular(index)
            mark = sep.group(1)
            if mark == ",":
                if is_object:
                    member = _MEMBER.match(text, sep.end())
                    if member is None:
                        raise _Irregular(sep.end())
                    raw = member.group(1)
                    path = (*parent, raw if "\\" not in raw else _key(text, member))
                    keys[path] = member.start(1) - 1
                    index = member.end()
                else:
                    stack[-1] = (parent, False, items + 1)
                    path = (*parent, items + 1)
                    index = _SPACE.match(text, sep.end()).end()  # type: ignore[union-attr]
                positions[path] = index
                break
            if mark != ("}" if is_object else "]"):
                raise _Irregular(index)
            stack.pop()
            path = parent
            index = sep.end()


# The lazy placing: skipping a value whole. A string; a container holding only scalars; one
# holding scalars and such flat containers (a list of tiles); anything deeper is read
# member by member (and kept: the paths asked next often go through it).
_SKIP_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_FLAT_BODY = r'[^\[\]{}"]*(?:"[^"\\]*(?:\\.[^"\\]*)*"[^\[\]{}"]*)*'
_FLAT = re.compile(rf"[\[{{]{_FLAT_BODY}[\]}}]")
_NESTED = re.compile(
    rf'[\[{{][^\[\]{{}}"]*(?:(?:"[^"\\]*(?:\\.[^"\\]*)*"|[\[{{]{_FLAT_BODY}[\]}}])'
    rf'[^\[\]{{}}"]*)*[\]}}]')
_LAZY_DEPTH = 150  # deeper text is placed by the full scan (its depth limits apply)

# A container read member by member: an object's keys -> (key offset, value offset), or
# an array's value offsets.
_Members = dict[str, tuple[int, int]] | list[int]
# Containers read so far, by path, with the offset where each ends.
_Read = dict[PathKey, tuple[_Members, int]]


def _regex_end(text: str, index: int) -> int | None:
    """End of the well-formed value at ``index`` when one regular expression finds it (a
    string, a bare value, a container without deeper containers); None for the others."""
    char = text[index]
    if char == '"':
        return _SKIP_STRING.match(text, index).end()  # type: ignore[union-attr]
    if char not in "[{":
        return _BARE.match(text, index).end()  # type: ignore[union-attr]
    found = _FLAT.match(text, index) or _NESTED.match(text, index)
    return found.end() if found is not None else None


def _skip(text: str, index: int, path: PathKey, read: _Read) -> int:
    """End of the value at ``path``, starting at ``index`` of well-formed JSON."""
    end = _regex_end(text, index)
    return end if end is not None else _read_container(text, index, path, read)[1]


def _read_container(text: str, index: int, path: PathKey, read: _Read
                    ) -> tuple[_Members, int]:
    """The members (or items) of the container at ``index``, and where it ends; raises
    :class:`_Irregular` on a repeated key (the full scan knows which one wins) or past
    the lazy depth."""
    if len(path) >= _LAZY_DEPTH:
        raise _Irregular(index)
    is_object = text[index] == "{"
    members: dict[str, tuple[int, int]] = {}
    items: list[int] = []
    inside = _SPACE.match(text, index + 1).end()  # type: ignore[union-attr]
    end = inside + 1
    if text[inside] != ("}" if is_object else "]"):
        at = inside
        while True:
            if is_object:
                member = _MEMBER.match(text, at)
                if member is None:
                    raise _Irregular(at)
                raw = member.group(1)
                name = raw if "\\" not in raw else _key(text, member)
                if name in members:
                    raise _Irregular(at)
                start = member.end()
                members[name] = (member.start(1) - 1, start)
                after = _skip(text, start, (*path, name), read)
            else:
                start = at
                after = _skip(text, start, (*path, len(items)), read)
                items.append(start)
            sep = _AFTER.match(text, after)
            if sep is None:
                raise _Irregular(after)
            end = sep.end()
            if sep.group(1) != ",":
                break
            at = end
            if not is_object:
                at = _SPACE.match(text, at).end()  # type: ignore[union-attr]
    result = (members if is_object else items), end
    read[path] = result
    return result


def _well_formed(text: str) -> bool:
    try:
        json.loads(text)
    except Exception:  # any failure (RecursionError too): the full scan places the text
        return False
    return True


# Placing a batch of paths in one pass, over text the caller parsed with ``json`` (so
# well-formed, with unique keys and shallow): the asked paths are gathered in a tree, and one
# walk reads only the containers on them, each as far as its last asked member. A member or
# item is one regex match (its key, its value skipped whole, the separator after it) unless
# its value holds more than two levels of containers.
_VALUE = ("(?:" + _SKIP_STRING.pattern + "|" + _FLAT.pattern + "|" + _NESTED.pattern
          + r"|[^\"\[{,\]} \t\r\n][^,\]} \t\r\n]*)")
_ITEM = re.compile(_VALUE + r"[ \t\r\n]*([,\]}])[ \t\r\n]*")
_SEPARATOR = re.compile(r"[ \t\r\n]*([,\]}])[ \t\r\n]*")
# The last few texts a caller vouched for (see note_parsed), by identity.
_PARSED: dict[int, str] = {}
_PARSED_KEPT = 2


def note_parsed(text: str) -> None:
    """Record that ``text`` parsed as JSON with unique object keys and at most
    ``editor.model.limits.MAX_DEPTH`` levels (``jsonio.parse_json_text`` checks all three):
    a :class:`SourceMap` of this very string then places paths without checking again."""
    if len(_PARSED) >= _PARSED_KEPT:
        del _PARSED[next(iter(_PARSED))]
    _PARSED[id(text)] = text


def _is_parsed(text: str) -> bool:
    return _PARSED.get(id(text)) is text


class _Node:
    """An asked path's step: where its value (and its key) starts, once found."""

    __slots__ = ("children", "key", "parent", "value")

    def __init__(self, parent: _Node | None = None) -> None:
        self.children: dict[str | int, _Node] = {}
        self.value: int | None = None
        self.key: int | None = None
        self.parent = parent


_LEAF = _Node()  # for values no path goes into (never written: it has no children)


def _end_of(text: str, index: int) -> int:
    """End of the (well-formed) value starting at ``index``."""
    end = _regex_end(text, index)
    if end is not None:
        return end
    end = _walk(text, index, _LEAF, True)
    assert end is not None
    return end


def _walk(text: str, index: int, node: _Node, need_end: bool, plain_to: int = 0) -> int | None:
    """Record where ``node``'s asked children start inside the container at ``index``;
    returns where the container ends when ``need_end`` (else reading stops after the last
    asked child). ``plain_to``: the text holds no backslash before this offset."""
    children = node.children
    pending = len(children)
    is_object = text[index] == "{"
    at = _SPACE.match(text, index + 1).end()  # type: ignore[union-attr]
    if text[at] == ("}" if is_object else "]"):
        return at + 1
    item = 0
    while True:
        if is_object:
            member = _MEMBER.match(text, at)
            if member is None:
                raise _Irregular(at)
            raw = member.group(1)
            child = children.get(raw if "\\" not in raw else _key(text, member))
            start = member.end()
            if child is not None:
                child.key = member.start(1) - 1
        else:
            child = children.get(item) if pending else None
            start = at
        if child is not None:
            child.value = start
            pending -= 1
            if child.children and text[start] in "[{":
                if not (pending or need_end):
                    _walk(text, start, child, False, plain_to)
                    return None
                after = _walk(text, start, child, True, plain_to)
                assert after is not None
                found = _AFTER.match(text, after)
                if found is None:
                    raise _Irregular(after)
                sep, end = found.group(1), found.end()
                at = _SPACE.match(text, end).end()  # type: ignore[union-attr]
                if sep != ",":
                    return end
                item += 1
                continue
            if not (pending or need_end):
                return None
        opening = text[start]
        if opening == "{" or opening == "[":
            # Where the (well-formed) container ends, written out (a walk skips ~30 tiles
            # per file). Most hold no container of their own kind (a tile, a list of
            # tiles): then the first closing bracket of that kind outside a string ends it,
            # found by a few searches in C rather than a regex step per character (before
            # it: no opening bracket of the kind, no escape, an even number of quotes; the
            # text holds no backslash up to plain_to).
            end = text.find("}" if opening == "{" else "]", start + 1)
            if (end > 0 and text.find(opening, start + 1, end) < 0
                    and (end < plain_to or text.find("\\", start, end) < 0)
                    and not text.count('"', start, end) & 1):
                after = end + 1
            else:
                after = _end_of(text, start)
            if text[after] == ",":  # the next item or member, as _SEPARATOR finds it
                at = _SPACE.match(text, after + 1).end()  # type: ignore[union-attr]
                if not (pending or need_end):
                    return None
                item += 1
                continue
            found = _SEPARATOR.match(text, after)
        else:
            found = _ITEM.match(text, start)  # a scalar, and what follows it
        if found is None:
            raise _Irregular(start)
        sep, end, at = found.group(1), found.end(1), found.end()
        if not (pending or need_end):
            return None
        if sep != ",":
            return end
        item += 1


def offset_to_position(text: str, offset: int) -> SourcePosition:
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return SourcePosition(line, column)


def _positions(text: str, offsets: list[int]) -> list[SourcePosition]:
    """:func:`offset_to_position` of each offset (-1: 1:1), counting the lines once."""
    known: dict[int, SourcePosition] = {-1: SourcePosition(1, 1)}
    line, counted = 1, 0
    for offset in sorted(set(offsets)):
        if offset < 0:
            continue
        line += text.count("\n", counted, offset)
        counted = offset
        known[offset] = SourcePosition(line, offset - text.rfind("\n", 0, offset))
    return [known[offset] for offset in offsets]


class SourceMap:
    """Positions of every value (and object key) of a parsed JSON text."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._tables: tuple[dict[PathKey, int], dict[PathKey, int]] | None = None
        self._lazy: bool | None = None  # None: not decided yet
        self._containers: _Read = {}

    def _scan(self) -> tuple[dict[PathKey, int], dict[PathKey, int]]:
        """Scanned on the first question: a file whose findings all carry a position (or
        none at all) is never scanned."""
        if self._tables is None:
            try:
                self._tables = _fast_scan(self.text)
            except (ValueError, IndexError):
                self._tables = _plain_scan(self.text)
        return self._tables

    def _members(self, path: PathKey, offset: int) -> _Members:
        found = self._containers.get(path)
        if found is None:
            found = _read_container(self.text, offset, path, self._containers)
        return found[0]

    def _locate(self, path: PathKey) -> tuple[list[int], int | None]:
        """Offsets of the values at ``path``'s prefixes, as far as they exist, and the
        offset of ``path``'s key when it ends on an object member."""
        text = self.text
        offset = _SPACE.match(text).end()  # type: ignore[union-attr]
        if offset >= len(text) or text[offset] not in "[{":
            raise _Irregular(offset)  # a bare root value: the full scan is as quick
        found = [offset]
        key_offset = None
        for depth, step in enumerate(path):
            if text[offset] not in "[{":
                break
            members = self._members(path[:depth], offset)
            if isinstance(members, dict):
                if not isinstance(step, str) or step not in members:
                    break
                key_offset, offset = members[step]
            else:
                if isinstance(step, str) or not 0 <= step < len(members):
                    break
                key_offset, offset = None, members[step]
            found.append(offset)
        if len(found) <= len(path):
            key_offset = None
        return found, key_offset

    def _lazy_position(self, path: PathKey, key: bool) -> SourcePosition | None:
        """:meth:`position` without the full scan, or None where the text needs it."""
        if self._lazy is None:
            self._lazy = _well_formed(self.text)
        if not self._lazy:
            return None
        try:
            found, key_offset = self._locate(path)
            self._members((), found[0])  # the whole text read once: no part too deep
        except (_Irregular, IndexError):
            self._lazy = False
            return None
        if key:
            if key_offset is not None:
                return offset_to_position(self.text, key_offset)
            if not path:
                return SourcePosition(1, 1)
            return offset_to_position(self.text, found[min(len(found), len(path)) - 1])
        return offset_to_position(self.text, found[-1])

    def positions(self, asked: Sequence[tuple[PathKey, bool]]) -> list[SourcePosition]:
        """``[self.position(path, key=key) for path, key in asked]``; for text a caller vouched
        for (:func:`note_parsed`) in one walk over the text and one count of its lines."""
        text = self.text
        root_offset = _SPACE.match(text).end()  # type: ignore[union-attr]
        if (self._tables is not None or not _is_parsed(text) or root_offset >= len(text)
                or text[root_offset] not in "[{"):
            return [self.position(path, key=key) for path, key in asked]
        root = _Node()
        root.value = root_offset
        ends = []  # each asked path's last node
        for path, _ in asked:
            node = root
            for step in path:
                child = node.children.get(step)
                if child is None:
                    child = node.children[step] = _Node(node)
                node = child
            ends.append(node)
        try:
            escape = text.find("\\")
            _walk(text, root_offset, root, False, escape if escape >= 0 else len(text))
        except (_Irregular, IndexError):  # not what the caller vouched for: place one by one
            return [self.position(path, key=key) for path, key in asked]
        # Read from each path's last node up: a node is found only inside its found parent,
        # so a found last node means every step was found.
        offsets: list[int] = []
        for (path, key), node in zip(asked, ends, strict=True):
            if node.value is not None:
                if not key:
                    offsets.append(node.value)
                elif not path:
                    offsets.append(-1)  # 1:1
                elif node.key is not None:
                    offsets.append(node.key)
                else:  # an item: the value holding it
                    offsets.append(node.parent.value)  # type: ignore[union-attr,arg-type]
            else:  # the deepest value found
                while node.value is None:
                    node = node.parent  # type: ignore[assignment]
                offsets.append(node.value)
        return _positions(text, offsets)

    def position(self, path: PathKey, *, key: bool = False) -> SourcePosition:
        """Position of the value at ``path`` (or of its key when ``key``); falls back to the
        nearest enclosing value that was found."""
        if self._tables is None:
            lazy = self._lazy_position(path, key)
            if lazy is not None:
                return lazy
        values, keys = self._scan()
        table = keys if key else values
        if path in table:
            return offset_to_position(self.text, table[path])
        while path:
            path = path[:-1]
            if path in values:
                return offset_to_position(self.text, values[path])
        return SourcePosition(1, 1)


def format_json_path(path: PathKey) -> str:
    """``('boards', 0, 'tiles')`` -> ``$.boards[0].tiles``."""
    text = "$"
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        elif part.isidentifier():
            text += f".{part}"
        else:
            text += f"[{part!r}]"
    return text
