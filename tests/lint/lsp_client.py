"""A pygls client driving ``realms lsp`` as an editor does: the real server in a subprocess,
over its stdin and stdout.

The client's asyncio loop runs in a background thread, so the tests stay plain functions:
every call is marshalled onto that loop and waited for. Besides pygls' typed requests and
notifications, :meth:`Session.raw` writes bytes the client's own serialiser never would
(a lone surrogate, a 4,300-digit number, a batch), and every answer the server sends is
recorded, including those to no request the client knows (a parse error's ``id: null``)."""

from __future__ import annotations

import asyncio
import json
import sys
import threading
import time
from collections.abc import Callable, Coroutine
from concurrent.futures import Future
from pathlib import Path
from typing import Any, TypeVar

from lsprotocol import types
from pygls.lsp.client import LanguageClient
from pygls.protocol import LanguageServerProtocol

T = TypeVar("T")
TIMEOUT = 60.0


class RecordingProtocol(LanguageServerProtocol):
    """The client's protocol, recording every answer and taking a batch's array."""

    answers: list[tuple[Any, Any, Any]]
    batches: list[int]

    def handle_message(self, message: Any) -> None:
        if isinstance(message, list):  # a batch's answers: each is an ordinary answer
            self.batches.append(len(message))
            for item in message:
                self.handle_message(item)
            return
        super().handle_message(message)

    def _handle_response(self, msg_id: Any, result: Any = None, error: Any = None) -> None:
        self.answers.append((msg_id, result, error))
        super()._handle_response(msg_id, result, error)


class Session:
    """One server process and its client."""

    def __init__(self, cwd: Path, capabilities: types.ClientCapabilities,
                 trace: types.TraceValue = types.TraceValue.Off,
                 command: tuple[str, ...] = ("-m", "editor", "lsp")) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.client = LanguageClient("realms-tests", "1", protocol_cls=RecordingProtocol)
        self.protocol: RecordingProtocol = self.client.protocol  # type: ignore[assignment]
        self.protocol.answers, self.protocol.batches = [], []
        self.notifications: list[tuple[float, str, Any]] = []
        self.registrations: list[types.RegistrationParams] = []
        self.stderr = bytearray()
        self._listen()
        self.run(self.client.start_io(sys.executable, *command, cwd=cwd))
        self.run(self._drain_stderr_soon())
        self.capabilities, self.trace = capabilities, trace

    def _listen(self) -> None:
        def record(method: str) -> Callable[[Any], None]:
            def handler(params: Any) -> None:
                self.notifications.append((time.monotonic(), method, params))
            return handler

        for method in (types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS, types.LOG_TRACE,
                       types.WINDOW_LOG_MESSAGE, types.WINDOW_SHOW_MESSAGE):
            self.client.feature(method)(record(method))

        @self.client.feature(types.CLIENT_REGISTER_CAPABILITY)
        def register(params: types.RegistrationParams) -> None:
            self.registrations.append(params)

        @self.client.feature(types.WORKSPACE_DIAGNOSTIC_REFRESH)
        def refresh(params: None) -> None:
            self.notifications.append((time.monotonic(), types.WORKSPACE_DIAGNOSTIC_REFRESH,
                                       None))

    async def _drain_stderr_soon(self) -> None:
        async def drain() -> None:
            process = self.client._server
            assert process is not None and process.stderr is not None
            while chunk := await process.stderr.read(65536):
                self.stderr.extend(chunk)

        self._drain = asyncio.ensure_future(drain())

    # --- plumbing ----------------------------------------------------------------------

    def run(self, coroutine: Coroutine[Any, Any, T], timeout: float = TIMEOUT) -> T:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def call(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` on the client's loop (pygls' writer is not thread-safe)."""
        async def inside() -> T:
            return function(*args)
        return self.run(inside())

    def request(self, method: str, params: Any, timeout: float = TIMEOUT) -> Any:
        future = self.call(self.client.protocol.send_request, method, params)
        return future.result(timeout)

    def notify(self, method: str, params: Any) -> None:
        self.call(self.client.protocol.notify, method, params)

    def raw(self, body: bytes, expect: list[Any] | None = None,
            framed: bool = True) -> dict[Any, Future[Any]]:
        """Write ``body`` as one framed message (or as it is); a future for each id in
        ``expect``, resolved by the answer with that id (an error raises JsonRpcException)."""
        futures: dict[Any, Future[Any]] = {}

        def write() -> None:
            for ident in expect or []:
                futures[ident] = self.client.protocol._request_futures[ident] = Future()
            process = self.client._server
            assert process is not None and process.stdin is not None
            process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body if framed
                                else body)

        self.call(write)
        return futures

    def answers_without_id(self, count: int, timeout: float = TIMEOUT) -> list[Any]:
        """The errors the server sent with ``id: null``, once there are ``count``."""
        errors = self.wait_for(lambda: [error for ident, _, error in self.protocol.answers
                                        if ident is None] or None, timeout,
                               least=count)
        return errors

    def wait_for(self, probe: Callable[[], Any], timeout: float = TIMEOUT,
                 least: int = 1) -> Any:
        """Poll ``probe`` until it gives something (a list: at least ``least`` items)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = probe()
            if found and (not isinstance(found, list) or len(found) >= least):
                return found
            time.sleep(0.01)
        raise AssertionError(f"timed out; server stderr:\n{self.stderr.decode(errors='replace')}")

    # --- LSP ---------------------------------------------------------------------------

    def initialize(self, root: Path) -> types.InitializeResult:
        result: types.InitializeResult = self.request(types.INITIALIZE, types.InitializeParams(
            capabilities=self.capabilities, process_id=None, root_uri=root.as_uri(),
            trace=self.trace))
        self.notify(types.INITIALIZED, types.InitializedParams())
        return result

    def open(self, uri: str, text: str, version: int = 1) -> None:
        self.notify(types.TEXT_DOCUMENT_DID_OPEN, types.DidOpenTextDocumentParams(
            types.TextDocumentItem(uri=uri, language_id="json", version=version, text=text)))

    def change(self, uri: str, text: str, version: int) -> None:
        self.notify(types.TEXT_DOCUMENT_DID_CHANGE, types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            [types.TextDocumentContentChangeWholeDocument(text=text)]))

    def close(self, uri: str) -> None:
        self.notify(types.TEXT_DOCUMENT_DID_CLOSE, types.DidCloseTextDocumentParams(
            types.TextDocumentIdentifier(uri=uri)))

    def published(self, uri: str) -> list[types.PublishDiagnosticsParams]:
        return [params for _, method, params in list(self.notifications)
                if method == types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS and params.uri == uri]

    def diagnostics(self, uri: str, version: int | None,
                    timeout: float = TIMEOUT) -> list[types.Diagnostic]:
        """The diagnostics published for ``uri`` at ``version`` (waiting for them)."""
        found = self.wait_for(lambda: [p for p in self.published(uri)
                                       if p.version == version], timeout)
        return list(found[-1].diagnostics)

    def traces(self) -> list[str]:
        return [params.message for _, method, params in list(self.notifications)
                if method == types.LOG_TRACE]

    def code_actions(self, uri: str, diagnostics: list[types.Diagnostic],
                     only: list[str] | None = None) -> list[types.CodeAction]:
        start = diagnostics[0].range if diagnostics else types.Range(
            types.Position(0, 0), types.Position(0, 0))
        return self.request(types.TEXT_DOCUMENT_CODE_ACTION, types.CodeActionParams(
            types.TextDocumentIdentifier(uri), start,
            types.CodeActionContext(diagnostics=diagnostics, only=only))) or []

    def end(self) -> int | None:
        """Stop the client (the server is killed if it still runs); its exit status."""
        process = self.client._server
        if process is not None and process.returncode is None:
            process.kill()
        try:
            self.run(self.client.stop(), timeout=TIMEOUT)
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(TIMEOUT)
        return None if process is None else process.returncode


def dumps(message: dict[str, Any]) -> bytes:
    return json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")


def apply_edits(text: str, edits: list[types.TextEdit]) -> str:
    """Apply LSP text edits to ``text`` (UTF-16 columns, counted here independently of the
    server's own conversion)."""
    lines = text.split("\n")

    def offset(position: types.Position) -> int:
        before = sum(len(line) + 1 for line in lines[:position.line])
        line = lines[position.line] if position.line < len(lines) else ""
        units = 0
        for index, char in enumerate(line):
            if units >= position.character:
                return before + index
            units += 2 if ord(char) > 0xFFFF else 1
        return before + len(line)

    for edit in sorted(edits, key=lambda e: offset(e.range.start), reverse=True):
        text = text[:offset(edit.range.start)] + edit.new_text + text[offset(edit.range.end):]
    return text
