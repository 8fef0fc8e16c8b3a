"""LSP's framing over a byte stream: ``Content-Length`` headers, a blank line, a body.

The reader runs in its own thread and hands each body, already parsed, to the event loop,
so a storm of edits is read as fast as it arrives rather than one executor round trip per
header line. Nothing the client sends can stop it: a body that is not JSON (nested too
deep, a number too long to convert, invalid UTF-8) becomes a :class:`Unparsable` for the
server to answer with a parse error; a header block without a usable length is skipped.
The stream resynchronises at the next ``Content-Length`` header even when it follows
junk on the same line: a body sent without a header or after a bad one, or longer than
its header said, ends without a line end, so the next message's header is glued to it.
A body over :data:`MAX_BODY` is answered with a parse error and read past. Only the end
of the stream ends the reader.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, BinaryIO

# A scenario is at most 10 MiB (realms lint's limit); JSON escaping can double it, and a
# larger document must still reach the server to be told S002, not be dropped unseen.
MAX_BODY = 128 * 1024 * 1024
MAX_HEADER_LINE = 8192
CHUNK = 1 << 20
_CONTENT_LENGTH = re.compile(rb"content-length[ \t]*:", re.IGNORECASE)
_DIGITS = re.compile(r"[0-9]{1,20}")  # not int()'s "1_0", "+5", " -1" or other digits


@dataclass(frozen=True)
class Unparsable:
    """A message body that is not JSON; ``reason`` says why, for the error response."""

    reason: str


def parse_body(body: bytes) -> Any:
    """The JSON value of a body, or :class:`Unparsable`. ``json`` raises RecursionError for
    deep nesting and ValueError for a number of 4,300+ digits or bad UTF-8: all answered."""
    try:
        return json.loads(body)
    except RecursionError:
        return Unparsable("JSON nested too deeply")
    except (ValueError, MemoryError) as exc:  # JSONDecodeError, UnicodeDecodeError, digits
        return Unparsable(f"not JSON: {' '.join(str(exc).split())[:200]}")


def _discard(stream: BinaryIO, length: int) -> bool:
    """Read past ``length`` bytes; False if the stream ended first."""
    while length > 0:
        chunk = stream.read(min(CHUNK, length))
        if not chunk:
            return False
        length -= len(chunk)
    return True


def read_bodies(stream: BinaryIO, deliver: Callable[[Any], None],
                warn: Callable[[str], None]) -> None:
    """Deliver every parsed body of ``stream`` until it ends (then return)."""
    length: int | None = None
    while True:
        line = stream.readline(MAX_HEADER_LINE)
        if not line:
            return
        if line not in (b"\r\n", b"\n"):
            headers = list(_CONTENT_LENGTH.finditer(line))
            if headers and headers[-1].start() > 0:  # a header glued to a frame's tail
                warn(f"skipped {headers[-1].start():,} bytes outside any message")
                line = line[headers[-1].start():]
            name, _, value = line.decode("ascii", "replace").partition(":")
            if name.strip().lower() == "content-length":
                value = value.strip()
                length = int(value) if _DIGITS.fullmatch(value) else None
                if length is None:
                    warn(f"ignored a bad Content-Length header {value[:40]!r}")
            continue
        if length is None:
            warn("skipped a header block without a usable Content-Length")
            continue
        if length > MAX_BODY:
            warn(f"skipped a {length:,}-byte message, over the {MAX_BODY:,}-byte limit")
            deliver(Unparsable(f"a message of {length:,} bytes is over the {MAX_BODY:,}-byte "
                               "limit: it is read past, and nothing is answered until then"))
            if not _discard(stream, length):
                return
            length = None
            continue
        body = stream.read(length)
        if len(body) < length:
            return
        length = None
        deliver(parse_body(body))


def frame(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body
