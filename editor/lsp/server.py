"""The language server's state and answers: documents by URI, diagnostics from the lint
engine, quick fixes.

Diagnostics are the CLI's findings for the editor's text (not the file on disk), with the
settings the CLI would use for that file (``[tool.realms.lint]`` or ``realms.toml`` found
upward from it): the same codes, messages and positions, converted to LSP's 0-based lines
and UTF-16 columns.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, BinaryIO
from urllib.parse import unquote, urlparse

from editor import __version__
from editor.lint.findings import Finding
from editor.lsp import jsonrpc
from editor.lsp.fixes import code_actions

LINTED_SUFFIXES = (".realm.json", ".engine.json")
SEVERITY = {"error": 1, "warning": 2, "info": 3}  # LSP DiagnosticSeverity

Handler = Callable[[dict[str, Any]], Any]


def uri_to_path(uri: str) -> Path | None:
    """The local path of a ``file:`` URI (``None`` for an unsaved buffer or another
    scheme, which have no folder to find settings from)."""
    parsed = urlparse(uri)
    if parsed.scheme != "file":
        return None
    path = unquote(parsed.path)
    if os.name == "nt" and path.startswith("/") and path[2:3] == ":":
        path = path[1:]  # file:///C:/x -> C:/x
    return Path(path)


def utf16_column(line_text: str, column: int) -> int:
    """LSP counts columns in UTF-16 code units; findings count code points from 1."""
    before = line_text[:max(column - 1, 0)]
    return len(before.encode("utf-16-le")) // 2


def diagnostic(finding: Finding, lines: list[str]) -> dict[str, Any]:
    from editor.lint.rule_docs import rule_help_uri

    line = max(finding.line - 1, 0)
    text = lines[line] if line < len(lines) else ""
    start = utf16_column(text, finding.column)
    end = max(start + 1, len(text.encode("utf-16-le")) // 2) if finding.json_path in ("", "$") \
        else start + 1
    where = f"{finding.json_path}: " if finding.json_path not in ("", "$") else ""
    return {
        "range": {"start": {"line": line, "character": start},
                  "end": {"line": line, "character": end}},
        "severity": SEVERITY.get(finding.severity, 1),
        "code": finding.code,
        "codeDescription": {"href": rule_help_uri(finding.code)},
        "source": "realms",
        "message": where + finding.message,
        "data": {"json_path": finding.json_path, "regions": list(finding.regions),
                 "tiles": list(finding.tiles), "players": list(finding.player_counts)},
    }


def lint_text(path: Path, text: str) -> list[Finding]:
    """The CLI's findings for ``text`` as if it were the file at ``path``."""
    from editor.lint.runner import lint_path

    return lint_path(path, raw=text.encode("utf-8"))


class Server:
    """One client's session: reads requests from ``reader``, writes to ``writer``."""

    def __init__(self, reader: BinaryIO, writer: BinaryIO) -> None:
        self.reader, self.writer = reader, writer
        self.documents: dict[str, str] = {}
        self.initialized = False
        self.shutting_down = False
        self.requests: dict[str, Handler] = {
            "initialize": self.initialize,
            "shutdown": self.shutdown,
            "textDocument/codeAction": self.code_action,
            "textDocument/hover": self.hover,
        }
        self.notifications: dict[str, Handler] = {
            "textDocument/didOpen": self.did_open,
            "textDocument/didChange": self.did_change,
            "textDocument/didSave": self.did_save,
            "textDocument/didClose": self.did_close,
        }

    # --- the loop ------------------------------------------------------------------------

    def serve(self) -> int:
        """Answer messages until ``exit`` (status 0 after ``shutdown``, else 1, as the
        protocol asks) or the end of the input."""
        while True:
            try:
                message = jsonrpc.read_message(self.reader)
            except jsonrpc.FramingError as exc:
                print(f"realms lsp: {exc}", file=sys.stderr)
                return 1
            if message is None:
                return 0 if self.shutting_down else 1
            if message.get("method") == "exit":
                return 0 if self.shutting_down else 1
            self.dispatch(message)

    def dispatch(self, message: dict[str, Any]) -> None:
        if "__invalid__" in message:
            self.error(None, jsonrpc.PARSE_ERROR, message["__invalid__"])
            return
        method, ident = message.get("method"), message.get("id")
        params = message.get("params") or {}
        if not isinstance(method, str):
            if ident is not None and "result" not in message and "error" not in message:
                self.error(ident, jsonrpc.INVALID_REQUEST, "a request needs a method")
            return  # a response to a request of ours: none are sent
        if ident is None:  # a notification: never answered
            handler = self.notifications.get(method)
            if handler is not None and self.initialized:
                self.guarded(handler, params)
            return
        if method != "initialize" and not self.initialized:
            self.error(ident, jsonrpc.SERVER_NOT_INITIALIZED, "initialize first")
            return
        request = self.requests.get(method)
        if request is None:
            self.error(ident, jsonrpc.METHOD_NOT_FOUND, f"no method {method}")
            return
        self.send({"jsonrpc": "2.0", "id": ident, "result": self.guarded(request, params)})

    def guarded(self, handler: Handler, params: dict[str, Any]) -> Any:
        """A handler's answer; a bug in it is logged, never the end of the session."""
        try:
            return handler(params)
        except Exception as exc:  # the editor must keep its server
            print(f"realms lsp: internal error: {type(exc).__name__}: {exc}", file=sys.stderr)
            return None

    def send(self, message: dict[str, Any]) -> None:
        jsonrpc.write_message(self.writer, message)

    def notify(self, method: str, params: dict[str, Any]) -> None:
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def error(self, ident: Any, code: int, message: str) -> None:
        self.send({"jsonrpc": "2.0", "id": ident, "error": {"code": code, "message": message}})

    # --- requests ------------------------------------------------------------------------

    def initialize(self, params: dict[str, Any]) -> dict[str, Any]:
        self.initialized = True
        return {
            "capabilities": {
                "textDocumentSync": {"openClose": True, "change": 1,  # full text
                                     "save": {"includeText": True}},
                "codeActionProvider": {"codeActionKinds": ["quickfix"]},
                "hoverProvider": True,
            },
            "serverInfo": {"name": "realms-lsp", "version": __version__},
        }

    def shutdown(self, params: dict[str, Any]) -> None:
        self.shutting_down = True

    def code_action(self, params: dict[str, Any]) -> list[dict[str, Any]]:
        uri = params["textDocument"]["uri"]
        text = self.documents.get(uri)
        if text is None:
            return []
        wanted = params.get("context", {}).get("diagnostics", [])
        return code_actions(uri, text, [d for d in wanted if d.get("source") == "realms"])

    def hover(self, params: dict[str, Any]) -> dict[str, Any] | None:
        from editor.lsp.hover import hover

        uri = params["textDocument"]["uri"]
        text, path = self.documents.get(uri), uri_to_path(uri)
        if text is None or path is None or not path.name.endswith(".realm.json"):
            return None
        position = params["position"]
        return hover(text, path, position["line"], position["character"])

    # --- notifications -------------------------------------------------------------------

    def did_open(self, params: dict[str, Any]) -> None:
        document = params["textDocument"]
        self.documents[document["uri"]] = document["text"]
        self.publish(document["uri"])

    def did_change(self, params: dict[str, Any]) -> None:
        uri = params["textDocument"]["uri"]
        changes = params.get("contentChanges") or []
        if changes:  # full sync: the last change holds the whole text
            self.documents[uri] = changes[-1]["text"]
        self.publish(uri)

    def did_save(self, params: dict[str, Any]) -> None:
        uri = params["textDocument"]["uri"]
        if isinstance(params.get("text"), str):
            self.documents[uri] = params["text"]
        self.publish(uri)

    def did_close(self, params: dict[str, Any]) -> None:
        uri = params["textDocument"]["uri"]
        self.documents.pop(uri, None)
        self.notify("textDocument/publishDiagnostics", {"uri": uri, "diagnostics": []})

    def publish(self, uri: str) -> None:
        text = self.documents.get(uri)
        path = uri_to_path(uri)
        if text is None or path is None or not path.name.endswith(LINTED_SUFFIXES):
            return
        lines = text.split("\n")
        found = [diagnostic(f, lines) for f in lint_text(path, text)]
        self.notify("textDocument/publishDiagnostics", {"uri": uri, "diagnostics": found})


def serve_stdio() -> int:
    return Server(sys.stdin.buffer, sys.stdout.buffer).serve()
