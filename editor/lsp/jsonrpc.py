"""JSON-RPC 2.0 messages framed as the Language Server Protocol frames them: a
``Content-Length`` header, a blank line, then that many bytes of UTF-8 JSON."""

from __future__ import annotations

import json
from typing import Any, BinaryIO

# The JSON-RPC error codes the server answers with.
PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
SERVER_NOT_INITIALIZED = -32002
MAX_BODY = 64 * 1024 * 1024  # a scenario is far smaller; a bad header must not allocate GBs


class FramingError(ValueError):
    """The stream is not LSP framing (the connection cannot be resynchronised)."""


def read_message(stream: BinaryIO) -> dict[str, Any] | None:
    """The next message, or ``None`` at the end of the stream. A body that is not a JSON
    object comes back as ``{"__invalid__": reason}`` so the server can answer it."""
    length: int | None = None
    while True:
        line = stream.readline(8192)
        if not line:
            return None
        if line in (b"\r\n", b"\n"):
            break
        name, _, value = line.decode("ascii", "replace").partition(":")
        if name.strip().lower() == "content-length":
            try:
                length = int(value.strip())
            except ValueError:
                raise FramingError(f"bad Content-Length {value.strip()!r}") from None
    if length is None or not 0 <= length <= MAX_BODY:
        raise FramingError("a message without a usable Content-Length header")
    body = stream.read(length)
    if len(body) < length:
        return None
    try:
        message = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        return {"__invalid__": f"not JSON: {exc}"}
    if not isinstance(message, dict):
        return {"__invalid__": "a JSON-RPC message is an object"}
    return message


def write_message(stream: BinaryIO, message: dict[str, Any]) -> None:
    body = json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    stream.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    stream.flush()
