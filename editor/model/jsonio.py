"""Reading untrusted JSON safely and writing canonical JSON atomically.

Untrusted scenario files are bounded in size and depth, must be UTF-8 without a
byte-order mark, may not repeat keys (``json`` would silently keep the last)
and may not use the non-standard constants NaN or Infinity.
"""

from __future__ import annotations

import errno
import itertools
import json
import math
import operator
import os
import re
import stat
from pathlib import Path
from typing import Any

from editor.model.errors import LoadError, SourcePosition
from editor.model.json_text import indented_json
from editor.model.jsonpos import offset_to_position
from editor.model.limits import MAX_DEPTH, MAX_FILE_BYTES, count_text

__all__ = [
    "MAX_DEPTH",
    "MAX_FILE_BYTES",
    "canonical_json",
    "decode_json_bytes",
    "load_json",
    "parse_json_text",
    "parse_number",
    "read_json_text",
    "read_limited_bytes",
]



class _DuplicateKeyError(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _reject_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise _DuplicateKeyError(key)
        result[key] = value
    return result


def _reject_constant(name: str) -> Any:
    raise ValueError(f"non-standard JSON constant {name}")


def _nested_deeper(data: Any, limit: int) -> bool:
    """Whether parsed JSON nests containers more than ``limit`` deep: a walk over the
    containers only (json's C parser has already refused runaway depth safely), so the
    common case never scans the text character by character in Python (the walk of
    :func:`_members_within`)."""
    return _members_within(data, limit) is None


def _members_within(data: Any, limit: int) -> int | None:
    """The number of members of every object in parsed JSON, or None when containers nest
    more than ``limit`` deep: a walk over the containers only. json makes exact dicts and
    lists, so exact type tests do (a third of ``isinstance`` and generators' cost: ~10 % of
    ``lint --select S``)."""
    members = 0
    level: list[Any] = [data] if type(data) is dict or type(data) is list else []
    for _ in range(limit):
        if not level:
            return members
        below: list[Any] = []
        for value in level:
            if type(value) is dict:
                members += len(value)
                value = value.values()
            for item in value:
                kind = type(item)
                if kind is dict or kind is list:
                    below.append(item)
        level = below
    return None if level else members


def _parsed_unique(text: str, max_depth: int) -> Any:
    """``text`` parsed by json alone, without the duplicate-key hook (which json calls in
    Python for every object: a third of the parse), when that provably gives the same
    result; else ``_NOT_PARSED``, and the caller parses with the hook. Proof: each member
    of an object in the text has exactly one colon outside strings, and the parsed objects
    hold one member per distinct key, so if the text has no more colons than the parsed
    objects have members, no key was repeated and no string holds a colon."""
    try:
        data = json.loads(text, parse_constant=_reject_constant, parse_float=parse_number)
    except (ValueError, RecursionError):
        return _NOT_PARSED  # the hook's parse reports it, as it always did
    if _members_within(data, max_depth) != text.count(":"):
        return _NOT_PARSED  # a repeated key, a colon in a string, or too deep
    return data


_NOT_PARSED = object()


# A JSON string, closed or running to the end of the text (as an unclosed one does).
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
_BRACKET_BYTES = bytes(1 if c in b"[{" else 2 if c in b"]}" else 0 for c in range(256))
_STEP = (0, 1, -1)
_OPENS = (operator.methodcaller("count", "["), operator.methodcaller("count", "{"))
_CLOSES = (operator.methodcaller("count", "]"), operator.methodcaller("count", "}"))


def _depth_exceeding(text: str, limit: int) -> int | None:
    """Offset where nesting first exceeds ``limit``, ignoring brackets inside strings.

    No Python loop per character: the text is split around its strings and brackets are
    counted per piece in C; only a piece whose brackets could reach past ``limit`` is
    walked, also in C (``bytes.translate``, ``accumulate``, ``operator.indexOf``)."""
    pieces = _STRING.split(text)
    opens = list(map(operator.add, *(map(count, pieces) for count in _OPENS)))
    closes = map(operator.add, *(map(count, pieces) for count in _CLOSES))
    before = list(itertools.accumulate(map(operator.sub, opens, closes), initial=0))
    reach = map(operator.add, before, opens)
    for index in itertools.compress(itertools.count(), map(limit.__lt__, reach)):
        found = _exceeding_in(pieces[index], before[index], limit)
        if found is not None:
            strings = sum(map(len, itertools.islice(_STRING.findall(text), index)))
            return sum(map(len, pieces[:index])) + strings + found
    return None


def _exceeding_in(piece: str, depth: int, limit: int) -> int | None:
    """Offset in ``piece`` (no strings in it) where a depth of ``depth`` on entry first
    exceeds ``limit``."""
    raw = piece.encode("utf-8", "surrogatepass")
    depths = itertools.accumulate(map(_STEP.__getitem__, raw.translate(_BRACKET_BYTES)),
                                  initial=depth)
    try:
        index = operator.indexOf(depths, limit + 1)
    except ValueError:
        return None
    return len(raw[:index - 1].decode("utf-8", "surrogatepass"))


_TOKEN = re.compile(r'''
    (?P<string>"(?:[^"\\]|\\.)*")
  | (?P<number>-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)
  | (?P<word>-?[A-Za-z]+)
  | (?P<punct>[{}\[\]:,])
''', re.VERBOSE)
_MAX_DIGITS = 4300  # CPython's int<->str conversion limit
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]", re.ASCII)


def _string_problem(token: str) -> str | None:
    try:
        json.loads(token).encode("utf-8")
    except UnicodeEncodeError:
        return "a \\u escape makes a lone surrogate, which is not a character"
    except ValueError:
        return None  # json.loads has already reported it with its own position
    return None


def _number_problem(token: str) -> str | None:
    if len(token.lstrip("-").split(".")[0].split("e")[0].split("E")[0]) > _MAX_DIGITS:
        return f"integer with more than {_MAX_DIGITS} digits"
    if not math.isfinite(float(token)):
        return f"number {token[:20]} is too large to be represented (it would become Infinity)"
    return None


def _first_problem(text: str) -> tuple[int, str, str] | None:
    """Offset, message and hint of the first duplicate key or value that plain ``json``
    accepts silently or reports without a position (NaN, huge numbers, lone surrogates).

    A token scan that tracks the keys of each open object; run only when something is
    wrong, so the common path stays json's C parser."""
    stack: list[set[str] | None] = []  # a set of keys per open object, None per array
    expect_key = False
    for match in _TOKEN.finditer(text):
        kind, token, offset = match.lastgroup, match.group(), match.start()
        if kind == "punct":
            if token in "{[":
                stack.append(set() if token == "{" else None)
                expect_key = token == "{"
            elif token in "}]":
                if stack:
                    stack.pop()
                expect_key = False
            elif token == ",":
                expect_key = bool(stack) and stack[-1] is not None
            else:  # ":"
                expect_key = False
        elif kind == "string":
            problem = _string_problem(token)
            if problem:
                return offset, problem, "write the character itself or a valid escape pair"
            keys = stack[-1] if stack else None
            if expect_key and keys is not None:
                key = json.loads(token)
                if key in keys:
                    return (offset, f"duplicate key {key!r}",
                            "each key may appear once per object; remove one")
                keys.add(key)
        elif kind == "number":
            problem = _number_problem(token)
            if problem:
                return offset, problem, "use a plain number of reasonable size"
        elif token.lstrip("-") in ("NaN", "Infinity"):
            return (offset, f"non-standard JSON constant {token}",
                    "JSON has no NaN or Infinity; use a plain finite number")
    return None


def _problem_error(text: str, shown: str, fallback: str) -> LoadError:
    found = _first_problem(text)
    if found is None:
        return LoadError(shown, f"invalid JSON: {fallback}", hint="use plain finite numbers",
                         code="S002")
    offset, message, hint = found
    return LoadError(shown, message, position=offset_to_position(text, offset), hint=hint,
                     code="S002")


def parse_number(token: str) -> int | float:
    """A JSON float token as Python reads it, with integral values made ``int``.

    JSON Schema counts ``1.0`` and ``1e0`` as integers, so they pass the schema; made
    ``int`` here, at load, every later step (and every cache keyed on file values) sees
    the same value for ``1``, ``1.0`` and ``1e0``. Non-integral values stay floats, for
    the schema to refuse where an integer is required."""
    value = float(token)
    if not math.isfinite(value):
        raise ValueError(f"number {token} overflows")
    if value.is_integer():
        return int(value)
    return value


_KINDS = ((stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))


def _not_regular(shown: str, mode: int) -> LoadError | None:
    if stat.S_ISDIR(mode):
        return LoadError(shown, "is a folder, not a file",
                         hint="name a file inside it (realms lint also takes a folder)")
    if stat.S_ISREG(mode):
        return None
    kind = next((name for test, name in _KINDS if test(mode)), "a special file")
    return LoadError(shown, f"is {kind}, not a regular file",
                     hint="name a regular file; special files are never read")


STDIN_HINT = "save the text to a *.realm.json file and pass its path"


def _os_error(shown: str, exc: OSError) -> LoadError:
    """One wording for every way a path can fail to open: what happened and what to do."""
    if isinstance(exc, FileNotFoundError):
        if shown == "-":  # the usual spelling of standard input, which no command reads
            return LoadError(shown, "file not found: realms reads files, not standard input",
                             hint=STDIN_HINT)
        return LoadError(shown, "file not found",
                         hint="check the path (relative paths start at the current folder)")
    if isinstance(exc, PermissionError):
        return LoadError(shown, "permission denied",
                         hint="make the file readable for this user (e.g. chmod a+r)")
    if exc.errno == errno.ELOOP:
        return LoadError(shown, "is a symbolic link that loops back on itself",
                         hint="point the link at a real file")
    if exc.errno == errno.ENOTDIR:
        return LoadError(shown, "file not found (a part of the path is not a folder)",
                         hint="check the path")
    if exc.errno == errno.ENAMETOOLONG:
        return LoadError(shown, "the path is too long", hint="use a shorter path")
    return LoadError(shown, f"cannot read file: {exc.strerror or exc}",
                     hint="check that the file exists and is readable")


def _too_big(shown: str, size: int, max_bytes: int, exact: bool = True) -> LoadError:
    what = count_text(size, "byte") if exact else f"more than {count_text(max_bytes, 'byte')}"
    limit = f"{max_bytes:,}-byte"
    if max_bytes % 1_048_576 == 0:
        limit += f" ({max_bytes // 1_048_576} MiB)"
    return LoadError(shown, f"file is {what}, over the {limit} limit",
                     hint="scenario files are small: is this the right file?", code="S002")


_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(
    os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)


def read_limited_bytes(path: Path, *, max_bytes: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file of at most ``max_bytes``; :class:`LoadError` otherwise.

    Folders, FIFOs, devices and sockets are refused before opening (``os.stat`` follows
    symlinks, so a link named ``x.realm.json`` to ``/dev/zero`` is refused too), and again
    on the opened descriptor, so swapping the file in between cannot make a read hang:
    the open is non-blocking and the read stops at ``max_bytes + 1`` bytes whatever the
    file claims its size to be."""
    shown = str(path)
    try:
        info = os.stat(path)
    except (OSError, ValueError) as exc:
        if isinstance(exc, ValueError):  # a NUL in the path
            raise LoadError(shown, "the path contains a NUL character",
                            hint="check the path") from None
        raise _os_error(shown, exc) from None
    refused = _not_regular(shown, info.st_mode)
    if refused is not None:
        raise refused
    if info.st_size > max_bytes:
        raise _too_big(shown, info.st_size, max_bytes)
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except OSError as exc:
        raise _os_error(shown, exc) from None
    try:
        refused = _not_regular(shown, os.fstat(fd).st_mode)
        if refused is not None:
            raise refused
        chunks: list[bytes] = []
        total = 0
        while total <= max_bytes:
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as exc:
        raise _os_error(shown, exc) from None
    finally:
        os.close(fd)
    if total > max_bytes:
        raise _too_big(shown, total, max_bytes, exact=False)
    return b"".join(chunks)


def read_json_text(path: Path, *, max_bytes: int = MAX_FILE_BYTES) -> str:
    """Read a file as UTF-8 text with the checks every untrusted input gets."""
    path = path if isinstance(path, Path) else Path(path)  # (a Path is not parsed again)
    return decode_json_bytes(read_limited_bytes(path, max_bytes=max_bytes), str(path))


# Files that are often saved or renamed by mistake where a JSON file belongs, by their
# first bytes (each fails UTF-8 decoding at once).
BINARY_KINDS = ((b"\x89PNG", "a PNG image"), (b"%PDF", "a PDF document"),
                (b"\xff\xd8\xff", "a JPEG image"), (b"PK\x03\x04", "a ZIP archive"),
                (b"\x1f\x8b", "a gzip archive"), (b"GIF8", "a GIF image"))


def decode_json_bytes(raw: bytes, shown: str) -> str:
    """The text of bytes already read (by :func:`read_limited_bytes`): UTF-8, no BOM.

    Lint's result cache hashes the bytes it read and lints those same bytes, so a file
    changed during a run can never be cached under the wrong content. Bytes not read from
    a file (an editor's buffer) meet the same size limit here."""
    if len(raw) > MAX_FILE_BYTES:
        raise _too_big(shown, len(raw), MAX_FILE_BYTES)
    if raw.startswith(b"\xef\xbb\xbf"):
        raise LoadError(
            shown,
            "file starts with a UTF-8 byte-order mark",
            position=SourcePosition(1, 1),
            hint="save it as UTF-8 without BOM (or run `realms format` on a copy without it)",
            code="S002",
        )
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise LoadError(shown, "file is UTF-16", position=SourcePosition(1, 1),
                        hint="save it as UTF-8", code="S002")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        kind = next((name for magic, name in BINARY_KINDS if raw.startswith(magic)), None)
        if kind is not None:  # "save it as UTF-8" is no help for a picture
            raise LoadError(shown, f"this is {kind}, not JSON text",
                            position=SourcePosition(1, 1),
                            hint="check the file name: a scenario or catalogue is a JSON "
                                 "text file", code="S002") from None
        text = raw[: exc.start].decode("utf-8", errors="replace")
        raise LoadError(
            shown,
            f"invalid UTF-8 byte 0x{raw[exc.start]:02x}",
            position=offset_to_position(text, len(text)),
            hint="save the file as UTF-8",
            code="S002",
        ) from None


def _too_deep_error(text: str, shown: str, max_depth: int) -> LoadError | None:
    offset = _depth_exceeding(text, max_depth)
    if offset is None:
        return None
    return LoadError(
        shown,
        f"JSON is nested deeper than {max_depth} levels",
        position=offset_to_position(text, offset),
        hint="the scenario format never nests this deep; the file is damaged or not a scenario",
        code="S002",
    )


def _syntax_error(text: str, shown: str, exc: json.JSONDecodeError) -> LoadError:
    """json's message, or a plainer one for what people write by habit (comments,
    trailing commas), pointing at the exact character."""
    pos = exc.pos
    if text.startswith(("//", "/*", "#"), pos):
        return LoadError(shown, "JSON allows no comments",
                         position=offset_to_position(text, pos),
                         hint="remove the comment; a scenario can keep notes in its "
                              "\"notes\" field", code="S002")
    before = text[:pos].rstrip()
    if before.endswith(",") and text.startswith(("}", "]"), pos):
        return LoadError(shown, "JSON allows no trailing comma",
                         position=offset_to_position(text, len(before) - 1),
                         hint="remove the comma after the last item", code="S002")
    message = exc.msg
    if pos >= len(text.rstrip()):
        message += " (the file ends too early: truncated?)"
    return LoadError(shown, f"invalid JSON: {message}",
                     position=SourcePosition(exc.lineno, exc.colno),
                     hint="fix the syntax at that position", code="S002")


EMPTY_SCENARIO_HINT = "a scenario is a JSON object; start from `realms new`"
EMPTY_CATALOGUE_HINT = "a catalogue is a JSON object; start from `realms catalogue new`"


def parse_json_text(text: str, shown: str, *, max_depth: int = MAX_DEPTH,
                    empty_hint: str = EMPTY_SCENARIO_HINT) -> Any:
    """Parse JSON text, turning every failure into a :class:`LoadError` with a position.
    ``empty_hint``: what an empty file should hold (a scenario unless said otherwise).

    Integral floats become ``int`` (:func:`parse_number`)."""
    if not text or text.isspace():  # (not text.strip(), which copied the whole text)
        raise LoadError(shown, "file is empty", position=SourcePosition(1, 1),
                        hint=empty_hint, code="S002")
    data = _parsed_unique(text, max_depth)
    if data is not _NOT_PARSED:  # unique keys, at most max_depth deep
        if _SURROGATE_ESCAPE.search(text) and _first_problem(text) is not None:
            raise _problem_error(text, shown, "lone surrogate")
        return data
    try:
        data = json.loads(text, object_pairs_hook=_reject_duplicates,
                          parse_constant=_reject_constant, parse_float=parse_number)
    except (ValueError, RecursionError) as exc:
        too_deep = _too_deep_error(text, shown, max_depth)
        if too_deep is not None:
            raise too_deep from None
        if isinstance(exc, _DuplicateKeyError):
            raise _problem_error(text, shown, f"duplicate key {exc.key!r}") from None
        if isinstance(exc, json.JSONDecodeError):
            raise _syntax_error(text, shown, exc) from None
        if isinstance(exc, RecursionError):
            raise LoadError(shown, "JSON is nested too deeply", code="S002") from None
        # NaN/Infinity, a float overflow, an over-long integer
        raise _problem_error(text, shown, str(exc)) from None
    if _nested_deeper(data, max_depth):
        too_deep = _too_deep_error(text, shown, max_depth)
        if too_deep is not None:
            raise too_deep
    if _SURROGATE_ESCAPE.search(text) and _first_problem(text) is not None:
        raise _problem_error(text, shown, "lone surrogate")
    return data


def load_json(path: Path, *, max_bytes: int = MAX_FILE_BYTES) -> tuple[Any, str]:
    """Read and parse an untrusted JSON file; returns the data and its text."""
    text = read_json_text(path, max_bytes=max_bytes)
    return parse_json_text(text, str(path)), text


def canonical_json(data: Any) -> str:
    """The one canonical form: sorted keys, 2-space indent, UTF-8 kept, trailing newline."""
    return indented_json(data) + "\n"

