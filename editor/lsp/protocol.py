"""The JSON-RPC and LSP 3.17 rules pygls leaves to the server, kept in one place.

pygls structures and dispatches messages; this subclass sees every message first, so
that nothing a client sends ends the session, and answers the way the specification asks:

- a body that is not JSON: a parse error (-32700), id null;
- a body that is JSON but not a message (a number, a bad ``id``, no ``method``): an
  invalid request (-32600);
- a JSON array: a batch (JSON-RPC 2.0, section 6) whose requests are answered together,
  in one array, once all are done; an empty array is one invalid request;
- params that do not fit the method: invalid params (-32602), with the request's id;
- any request before ``initialize``: -32002, notifications dropped (``exit`` aside);
- a second ``initialize``, and any request after ``shutdown``: invalid request;
- ``exit``: stops the loop with status 0 after ``shutdown``, else 1;
- a handler that raises: an internal error (-32603), never ``result: null``;
- a response that cannot be serialised: an internal error in its place.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.protocol import LanguageServerProtocol

from editor.lsp.transport import Unparsable, frame

logger = logging.getLogger("realms.lsp")

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603
SERVER_NOT_INITIALIZED = -32002

Ident = int | str


def valid_id(value: Any) -> bool:
    return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))


def _strict_string(value: Any, _type: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(f"expected a string, not {type(value).__name__}")
    return value


@dataclass
class Batch:
    """The answers owed to one batch, sent as one array when none is still owed."""

    owed: dict[Ident, int] = field(default_factory=dict)
    answers: list[Any] = field(default_factory=list)
    reading: bool = True  # its items are still being received: nothing is sent yet


class RealmsProtocol(LanguageServerProtocol):
    """pygls' protocol with the lifecycle, batch and error rules of the module doc."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # cattrs turns any value into a string field with str(): a uri of 5 became "5".
        # A string field takes a string only; anything else is invalid params (-32602).
        self._converter.register_structure_hook(str, _strict_string)
        self.initialized = False
        self.on_exit: Callable[[int], None] = lambda status: None
        self._batches: dict[Ident, Batch] = {}

    # --- receiving ---------------------------------------------------------------------

    def receive(self, payload: Any) -> None:
        """One parsed body from the transport (the event loop calls this)."""
        try:
            if isinstance(payload, Unparsable):
                self.send_error(None, PARSE_ERROR, payload.reason)
            elif isinstance(payload, list):
                self._receive_batch(payload)
            else:
                self._receive_one(payload)
        except Exception:  # the last guard: a message must never end the session
            logger.exception("failed to handle a message")

    def _receive_batch(self, items: list[Any]) -> None:
        if not items:
            self.send_error(None, INVALID_REQUEST, "an empty batch")
            return
        batch = Batch()
        for item in items:
            if isinstance(item, dict) and isinstance(item.get("method"), str) \
                    and valid_id(item.get("id")):
                batch.owed[item["id"]] = batch.owed.get(item["id"], 0) + 1
                self._batches[item["id"]] = batch
        for item in items:
            self._receive_one(item, batch)
        batch.reading = False  # answers given while reading (an unknown method) wait here
        self._flush(batch)

    def _receive_one(self, data: Any, batch: Batch | None = None) -> None:
        def refuse(reason: str, ident: Any = None) -> None:
            error = {"jsonrpc": "2.0", "id": ident if valid_id(ident) else None,
                     "error": {"code": INVALID_REQUEST, "message": reason}}
            if batch is not None:
                batch.answers.append(error)
            else:
                self._write(error)

        if not isinstance(data, dict):
            refuse(f"a JSON-RPC message is an object, not {type(data).__name__}")
            return
        ident, method = data.get("id"), data.get("method")
        if data.get("jsonrpc") != "2.0":
            refuse('"jsonrpc" must be "2.0"', ident)
            return
        if "id" in data and ident is not None and not valid_id(ident):
            refuse('"id" must be a string or an integer')
            return
        if method is None:
            if ident is not None and ("result" in data or "error" in data):
                self._structured(data)  # an answer to one of our requests
            else:
                refuse('a message needs a "method" (or, as a response, a "result")', ident)
            return
        if not isinstance(method, str):
            refuse('"method" must be a string', ident)
            return
        if "id" in data and ident is None:
            refuse('"id" may not be null in a request')
            return
        data.setdefault("params", None)  # optional in JSON-RPC; pygls' fallback needs it
        self._structured(data)

    def _structured(self, data: dict[str, Any]) -> None:
        try:
            message = self.structure_message(data)
        except JsonRpcException as exc:
            method = data.get("method")
            if method is not None and "id" in data:
                logger.warning("answered invalid params to a %r request", method)
                self.send_error(data["id"], INVALID_PARAMS, f"bad params for {method}: "
                                f"{exc.__cause__ or exc.message}"[:500])
            else:
                logger.warning("dropped a malformed %r message", method)
            return
        self.handle_message(message)

    def _handle_cancel_notification(self, msg_id: Any) -> None:
        """pygls looks the id up in a dict: an id that is not a string or an integer (an
        object, a list) would raise there; such a cancel names no request, so it is
        dropped with one line."""
        if not valid_id(msg_id):
            logger.warning("dropped a $/cancelRequest whose id is not a string or an integer")
            return
        super()._handle_cancel_notification(msg_id)

    def handle_message(self, message: Any) -> None:
        method = getattr(message, "method", None)
        is_request = method is not None and hasattr(message, "id")
        if method == types.EXIT:
            self.on_exit(0 if self._shutdown else 1)
            return
        if self._shutdown:
            if is_request:
                self.send_error(message.id, INVALID_REQUEST, "the server is shutting down")
            return
        if method == types.INITIALIZE:
            if self.initialized:
                self.send_error(message.id, INVALID_REQUEST, "the server is already initialized")
                return
            self.initialized = True
            general = message.params.capabilities.general
            if general is not None:  # positions are UTF-16, the encoding every client has
                general.position_encodings = None
        elif method is not None and not self.initialized:
            if is_request:
                self.send_error(message.id, SERVER_NOT_INITIALIZED, "initialize first")
            return
        super().handle_message(message)

    # --- sending -----------------------------------------------------------------------

    def send_error(self, ident: Any, code: int, message: str) -> None:
        error = {"jsonrpc": "2.0", "id": ident, "error": {"code": code, "message": message}}
        batch = self._batches.get(ident) if valid_id(ident) else None
        if batch is not None:
            self._owe_less(batch, ident, error)
        else:
            self._write(error)

    def _send_data(self, data: Any) -> None:
        """pygls' one way out: answers owed to a batch are held back, and an answer that
        cannot be serialised becomes an internal error rather than silence."""
        if not data:
            return
        ident = getattr(data, "id", None)
        is_answer = valid_id(ident) and getattr(data, "method", None) is None
        batch = self._batches.get(ident) if is_answer else None  # type: ignore[arg-type]
        if batch is not None:
            try:
                plain = json.loads(json.dumps(data, default=self._serialize_message))
            except (TypeError, ValueError) as exc:
                plain = {"jsonrpc": "2.0", "id": ident,
                         "error": {"code": INTERNAL_ERROR,
                                   "message": f"the answer could not be serialised: {exc}"}}
            self._owe_less(batch, ident, plain)  # type: ignore[arg-type]
            return
        try:
            self._write(data)
        except TypeError as exc:
            logger.error("could not serialise a message: %s", exc)
            if is_answer:
                self._write({"jsonrpc": "2.0", "id": ident,
                             "error": {"code": INTERNAL_ERROR,
                                       "message": f"the answer could not be serialised: {exc}"}})

    def _owe_less(self, batch: Batch, ident: Ident, answer: Any) -> None:
        batch.answers.append(answer)
        left = batch.owed.get(ident, 0) - 1
        if left > 0:
            batch.owed[ident] = left
        else:
            batch.owed.pop(ident, None)
            self._batches.pop(ident, None)
        self._flush(batch)

    def _flush(self, batch: Batch) -> None:
        if not batch.reading and not batch.owed and batch.answers:
            answers, batch.answers = batch.answers, []
            self._write(answers)

    def _write(self, data: Any) -> None:
        body = json.dumps(data, default=self._serialize_message, ensure_ascii=True)
        if self.writer is None:
            logger.error("no transport to send a message on")
            return
        try:
            self.writer.write(frame(body.encode("ascii")))
        except (BrokenPipeError, ValueError, OSError):
            logger.error("the client is gone; stopping")
            self.on_exit(0 if self._shutdown else 1)
