"""``realms lsp``: the language server's state and answers, on pygls.

Diagnostics are the CLI's findings for the editor's text (not the file on disk), with the
settings the CLI would use for that file (``[tool.realms.lint]`` or ``realms.toml`` found
upward from it, read again when the client reports a change to either or to its
configuration). Linting is debounced and runs on one worker thread, so the event loop
stays free for hovers and cancellations; a lint that would check a text the editor has
already replaced is skipped, so a storm of edits costs one lint of the last version.

Clients that pull diagnostics (``textDocument/diagnostic``) get them on request; others
get them pushed, with the version they describe.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sys
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO, NoReturn, TypeVar
from urllib.parse import unquote, urlparse

from lsprotocol import types
from pygls.exceptions import JsonRpcContentModified
from pygls.io_ import StdoutWriter
from pygls.lsp.server import LanguageServer

from editor import __version__
from editor.lsp import fixes
from editor.lsp.diagnostics import Subject, failed, lint
from editor.lsp.protocol import RealmsProtocol
from editor.lsp.transport import read_bodies

logger = logging.getLogger("realms.lsp")

LINTED_SUFFIXES = (".realm.json", ".engine.json")
SCENARIO_SUFFIX = ".realm.json"
UNTITLED_NAME = "untitled.realm.json"  # an untitled buffer is linted as a scenario here
SETTINGS_FILES = ("pyproject.toml", "realms.toml")
# Quiet time after an edit before linting: typing keeps postponing it, and only the
# version standing when the editor pauses is linted.
DEBOUNCE_SECONDS = 0.15
FIX_ALL_TITLE = "Fix all: take every realms suggestion"

T = TypeVar("T")


def uri_to_path(uri: str) -> Path | None:
    """The local path of a ``file:`` URI (None for another scheme)."""
    parsed = urlparse(uri)
    if parsed.scheme != "file":
        return None
    path = unquote(parsed.path)
    if os.name == "nt" and path.startswith("/") and path[2:3] == ":":
        path = path[1:]  # file:///C:/x -> C:/x
    return Path(path)


@dataclass(frozen=True)
class Verdict:
    """The diagnostics of one text of a document, under one generation of settings."""

    text: str
    version: int | None
    generation: int
    diagnostics: list[types.Diagnostic]

    @property
    def result_id(self) -> str:
        return f"{self.version}:{self.generation}:{id(self.text)}"


class RealmsServer(LanguageServer):
    """One client's session."""

    protocol: RealmsProtocol

    def __init__(self) -> None:
        super().__init__("realms-lsp", __version__, protocol_cls=RealmsProtocol,
                         text_document_sync_kind=types.TextDocumentSyncKind.Incremental)
        self.lint_pool = ThreadPoolExecutor(1, "realms-lint")  # one lint at a time, in order
        self.request_pool = ThreadPoolExecutor(1, "realms-request")  # hover, formatting
        self.verdicts: dict[str, Verdict] = {}
        self.published: dict[str, Verdict] = {}
        self.running: dict[str, tuple[tuple[int, int], asyncio.Future[Verdict | None]]] = {}
        self.timers: dict[str, asyncio.TimerHandle] = {}
        # open documents by pygls' key (the URI decoded) -> the URI as the client wrote it,
        # which is the one every answer about the document must carry
        self.open_uris: dict[str, str] = {}
        self.generation = 0
        self.exit_status = 1
        self.pull = False
        self.markdown = True
        self.lazy_edits = False
        self.loop: asyncio.AbstractEventLoop | None = None
        self.done: asyncio.Event | None = None
        self.protocol.on_exit = self.stop

    # --- running -----------------------------------------------------------------------

    def serve(self, stdin: BinaryIO, stdout: BinaryIO) -> int:
        """Answer the client until ``exit`` or the end of its stream; the exit status."""
        self.protocol.set_writer(StdoutWriter(stdout))
        try:
            asyncio.run(self._serve(stdin))
        finally:
            self.lint_pool.shutdown(wait=False, cancel_futures=True)
            self.request_pool.shutdown(wait=False, cancel_futures=True)
        return self.exit_status

    async def _serve(self, stdin: BinaryIO) -> None:
        loop = self.loop = asyncio.get_running_loop()
        self.done = asyncio.Event()

        def soon(call: Callable[..., Any], *args: Any) -> None:
            with contextlib.suppress(RuntimeError):  # a closed loop: the session is over
                loop.call_soon_threadsafe(call, *args)

        def read() -> None:
            try:
                read_bodies(stdin, lambda body: soon(self.protocol.receive, body),
                            lambda text: soon(logger.warning, "%s", text))
            except Exception:
                logger.exception("reading the client's stream failed")
            soon(self.stop, None)

        threading.Thread(target=read, name="realms-reader", daemon=True).start()
        await self.done.wait()

    def stop(self, status: int | None) -> None:
        """End the session: ``status`` from ``exit``, None at the end of the stream."""
        if status is None:
            status = 0 if self.protocol._shutdown else 1
        self.exit_status = status
        if self.done is not None:
            self.done.set()

    async def _off_loop(self, pool: ThreadPoolExecutor, call: Callable[..., T],
                        *args: Any) -> T:
        assert self.loop is not None
        return await self.loop.run_in_executor(pool, call, *args)

    # --- documents ---------------------------------------------------------------------

    def root(self) -> Path:
        folders = list(self.workspace.folders.values())
        for uri in [folder.uri for folder in folders] + [self.workspace.root_uri or ""]:
            path = uri_to_path(uri) if uri else None
            if path is not None:
                return path
        return Path.cwd()

    def subject(self, uri: str) -> Subject | None:
        """What to lint for an open document: None if it is closed, or is a file the linter
        does not read (another suffix, another scheme)."""
        document = self.workspace.text_documents.get(unquote(uri))
        if document is None:
            return None
        if uri.startswith("untitled:"):
            return Subject(document.source, self.root() / UNTITLED_NAME)
        path = uri_to_path(uri)
        if path is None or not path.name.endswith(LINTED_SUFFIXES):
            return None
        return Subject(document.source, path)

    def document_version(self, uri: str) -> int | None:
        document = self.workspace.text_documents.get(unquote(uri))
        return None if document is None else document.version

    def current(self, uri: str, verdict: Verdict) -> bool:
        subject = self.subject(uri)
        return subject is not None and subject.text is verdict.text \
            and verdict.generation == self.generation

    def schedule(self, uri: str, delay: float) -> None:
        """Lint ``uri`` after ``delay`` seconds of quiet, replacing any lint scheduled."""
        timer = self.timers.pop(uri, None)
        if timer is not None:
            timer.cancel()
        assert self.loop is not None
        self.timers[uri] = self.loop.call_later(delay, self._lint_now, uri)

    def _lint_now(self, uri: str) -> None:
        self.timers.pop(uri, None)
        task = asyncio.ensure_future(self.verdict(uri))
        task.add_done_callback(lambda done: self._publish(uri, done))

    async def verdict(self, uri: str) -> Verdict | None:
        """The verdict on the document's current text, linting it if needed (one lint
        per text, shared by every caller); None for a document not linted."""
        while True:
            subject = self.subject(uri)
            if subject is None:
                return None
            known = self.verdicts.get(uri)
            if known is not None and self.current(uri, known):
                return known
            timer = self.timers.pop(uri, None)
            if timer is not None:
                timer.cancel()
            key = (id(subject.text), self.generation)
            running = self.running.get(uri)
            if running is None or running[0] != key:
                assert self.loop is not None
                future = self.loop.run_in_executor(self.lint_pool, self._lint_job, uri,
                                                   subject, self.document_version(uri),
                                                   self.generation)
                running = self.running[uri] = (key, future)
            verdict = await asyncio.shield(running[1])
            if self.running.get(uri) is running:
                del self.running[uri]
            if verdict is not None and self.current(uri, verdict):
                self.verdicts[uri] = verdict
                self._trace(f"linted {uri} version {verdict.version}")
                return verdict

    def _lint_job(self, uri: str, subject: Subject, version: int | None,
                  generation: int) -> Verdict | None:
        """On the lint thread: the verdict, or None when the text is no longer the
        document's (a newer version is queued behind this one)."""
        now = self.subject(uri)
        if now is None or now.text is not subject.text or generation != self.generation:
            return None
        try:
            diagnostics = lint(subject)
        except Exception as exc:  # a verdict all the same: old diagnostics must not stay
            logger.exception("linting %s failed", uri)
            diagnostics = [failed(subject.text, exc)]
        return Verdict(subject.text, version, generation, diagnostics)

    def _publish(self, uri: str, done: asyncio.Future[Verdict | None]) -> None:
        if done.cancelled():
            return
        if done.exception() is not None:
            logger.error("linting %s failed: %s", uri, done.exception())
            return
        verdict = done.result()
        if self.pull or verdict is None or not self.current(uri, verdict) \
                or self.published.get(uri) is verdict:
            return
        self.published[uri] = verdict
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=uri, version=verdict.version, diagnostics=verdict.diagnostics))

    def forget(self, uri: str) -> None:
        self.verdicts.pop(uri, None)
        self.published.pop(uri, None)
        self.running.pop(uri, None)
        timer = self.timers.pop(uri, None)
        if timer is not None:
            timer.cancel()

    def settings_changed(self) -> None:
        """Read the settings afresh (on the lint thread, between lints) and lint every
        open document again; a pulling client is asked to pull again."""
        from editor.lint.config import forget_settings

        self.generation += 1
        self.lint_pool.submit(forget_settings)
        if self.pull:
            capabilities = self.client_capabilities.workspace
            refresh = capabilities.diagnostics if capabilities else None
            if refresh is not None and refresh.refresh_support:
                self.workspace_diagnostic_refresh(None)
            return
        for uri in list(self.open_uris.values()):
            self.schedule(uri, 0)

    def _trace(self, message: str) -> None:
        if self.protocol.trace != types.TraceValue.Off:
            self.log_trace(types.LogTraceParams(message=message))


def _capability(root: Any, *names: str) -> Any:
    """A nested client capability, None where any step is missing."""
    for name in names:
        root = getattr(root, name, None)
        if root is None:
            return None
    return root


def build() -> RealmsServer:
    """The server with its features registered."""
    server = RealmsServer()

    @server.feature(types.INITIALIZE)
    def initialize(params: types.InitializeParams) -> None:
        capabilities = params.capabilities
        server.pull = _capability(capabilities, "text_document", "diagnostic") is not None
        formats = _capability(capabilities, "text_document", "hover", "content_format")
        server.markdown = not formats or formats[0] == types.MarkupKind.Markdown
        properties = _capability(capabilities, "text_document", "code_action",
                                 "resolve_support", "properties") or []
        server.lazy_edits = "edit" in properties
        server.protocol.trace = params.trace or types.TraceValue.Off

    @server.feature(types.INITIALIZED)
    def initialized(params: types.InitializedParams) -> None:
        if _capability(server.client_capabilities, "workspace", "did_change_watched_files",
                       "dynamic_registration"):
            watchers = [types.FileSystemWatcher(glob_pattern=f"**/{name}")
                        for name in SETTINGS_FILES]
            server.client_register_capability(types.RegistrationParams([types.Registration(
                id="realms-settings", method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                register_options=types.DidChangeWatchedFilesRegistrationOptions(watchers))]))

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(params: types.DidOpenTextDocumentParams) -> None:
        uri = params.text_document.uri
        server.open_uris[unquote(uri)] = uri
        server.forget(uri)
        server.schedule(uri, 0)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(params: types.DidChangeTextDocumentParams) -> None:
        server.schedule(params.text_document.uri, DEBOUNCE_SECONDS)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(params: types.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        server.open_uris.pop(unquote(uri), None)
        server.forget(uri)
        if not server.pull:
            server.text_document_publish_diagnostics(
                types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def watched(params: types.DidChangeWatchedFilesParams) -> None:
        if any(change.uri.rsplit("/", 1)[-1] in SETTINGS_FILES for change in params.changes):
            server.settings_changed()

    @server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
    def configuration(params: types.DidChangeConfigurationParams) -> None:
        server.settings_changed()

    @server.feature(types.TEXT_DOCUMENT_DIAGNOSTIC, types.DiagnosticOptions(
        identifier="realms", inter_file_dependencies=False, workspace_diagnostics=False))
    async def pull(params: types.DocumentDiagnosticParams) -> types.DocumentDiagnosticReport:
        verdict = await server.verdict(params.text_document.uri)
        if verdict is None:
            return types.RelatedFullDocumentDiagnosticReport(items=[])
        if params.previous_result_id == verdict.result_id:
            return types.RelatedUnchangedDocumentDiagnosticReport(result_id=verdict.result_id)
        return types.RelatedFullDocumentDiagnosticReport(items=verdict.diagnostics,
                                                         result_id=verdict.result_id)

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    async def hover(params: types.HoverParams) -> types.Hover | None:
        from editor.lsp.hover import hover as hover_at

        subject = server.subject(params.text_document.uri)
        if subject is None or not subject.path.name.endswith(SCENARIO_SUFFIX):
            return None
        position = params.position
        return await server._off_loop(server.request_pool, hover_at, subject.text,
                                      subject.path, position.line, position.character,
                                      server.markdown)

    @server.feature(types.TEXT_DOCUMENT_FORMATTING)
    async def formatting(params: types.DocumentFormattingParams) -> list[types.TextEdit] | None:
        from editor.lsp.formatting import canonical_edits

        subject = server.subject(params.text_document.uri)
        if subject is None or not subject.path.name.endswith(SCENARIO_SUFFIX):
            return None
        edits, why = await server._off_loop(server.request_pool, canonical_edits, subject)
        if why:
            server.window_log_message(types.LogMessageParams(
                types.MessageType.Warning, f"realms: not formatted: {why}"))
        return edits

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION, types.CodeActionOptions(
        code_action_kinds=[types.CodeActionKind.QuickFix, types.CodeActionKind.SourceFixAll],
        resolve_provider=True))
    async def code_action(params: types.CodeActionParams) -> list[types.CodeAction] | None:
        uri = params.text_document.uri
        verdict = await server.verdict(uri)
        if verdict is None:
            return []
        return _actions(uri, verdict, params, server.lazy_edits)

    @server.feature(types.CODE_ACTION_RESOLVE)
    async def resolve(action: types.CodeAction) -> types.CodeAction:
        data = action.data if isinstance(action.data, dict) else {}
        uri = data.get("uri")
        verdict = await server.verdict(uri) if isinstance(uri, str) else None
        if verdict is None or data.get("version") != verdict.version:
            raise JsonRpcContentModified(message="the document changed since the action "
                                                 "was offered; ask for actions again")
        assert isinstance(uri, str)
        for offered in _actions(uri, verdict, None, lazy=False):
            if offered.data == data:
                return offered
        raise JsonRpcContentModified(message="that action no longer applies")

    return server


def _actions(uri: str, verdict: Verdict, params: types.CodeActionParams | None,
             lazy: bool) -> list[types.CodeAction]:
    """The quick fixes for the diagnostics the client asks about (all of the verdict's when
    resolving), and the fix-all action when source actions are asked for; edits left for
    ``codeAction/resolve`` if ``lazy``."""
    only = (params.context.only if params is not None else None) or []

    def wanted(kind: str) -> bool:
        return not only or any(kind == asked or kind.startswith(asked + ".") for asked in only)

    actions = []
    if wanted(types.CodeActionKind.QuickFix):
        asked = verdict.diagnostics if params is None else _asked_about(verdict, params)
        for fix in fixes.quick_fixes(verdict.text, asked):
            start = fix.diagnostic.range.start
            actions.append(types.CodeAction(
                title=fix.title, kind=types.CodeActionKind.QuickFix,
                diagnostics=[fix.diagnostic], is_preferred=fix.preferred or None,
                data={"uri": uri, "version": verdict.version, "title": fix.title,
                      "at": [start.line, start.character]},
                edit=None if lazy else types.WorkspaceEdit(changes={uri: [fix.edit]})))
    if (only or params is None) and wanted(fixes.FIX_ALL):  # a source action: when asked
        edits = fixes.fix_all(verdict.text, verdict.diagnostics)
        if edits:
            actions.append(types.CodeAction(
                title=FIX_ALL_TITLE, kind=fixes.FIX_ALL,
                data={"uri": uri, "version": verdict.version, "title": FIX_ALL_TITLE},
                edit=None if lazy else types.WorkspaceEdit(changes={uri: edits})))
    return actions


def _asked_about(verdict: Verdict, params: types.CodeActionParams) -> list[types.Diagnostic]:
    """The server's own diagnostics the client's context names (by code and range), else
    those touching the requested range: a client's copy is never trusted for the edit."""
    named = {(str(d.code), d.range.start.line, d.range.start.character,
              d.range.end.line, d.range.end.character)
             for d in params.context.diagnostics if d.source == "realms"}
    if named:
        return [d for d in verdict.diagnostics
                if (str(d.code), d.range.start.line, d.range.start.character,
                    d.range.end.line, d.range.end.character) in named]
    wanted = params.range
    return [d for d in verdict.diagnostics
            if (d.range.start.line, d.range.start.character)
            <= (wanted.end.line, wanted.end.character)
            and (wanted.start.line, wanted.start.character)
            <= (d.range.end.line, d.range.end.character)]


class ClientErrors(logging.Filter):
    """pygls logs a client's mistakes (params that do not fit, an action gone stale) with a
    traceback, as if the server had failed: they are answered with an error, so one line
    says so, and tracebacks are left for the server's own failures."""

    def filter(self, record: logging.LogRecord) -> bool:
        from pygls.exceptions import JsonRpcException

        if record.name.startswith("pygls") and str(record.msg).startswith(
                "Unable to deserialize message"):
            return False  # RealmsProtocol answers it (invalid params) and logs one line
        if record.exc_info and isinstance(record.exc_info[1], JsonRpcException):
            record.msg = f"{record.getMessage()}: {record.exc_info[1]}"
            record.args, record.exc_info, record.exc_text = (), None, None
        return True


def serve_stdio() -> NoReturn:
    """Run the server on this process's stdin and stdout, then end the process with the
    server's exit status."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("realms lsp: %(levelname)s: %(message)s"))
    handler.addFilter(ClientErrors())
    if hasattr(sys.stderr, "reconfigure"):
        sys.stderr.reconfigure(errors="backslashreplace")  # a lone surrogate in a log line
    logging.basicConfig(level=logging.WARNING, handlers=[handler], force=True)
    status = build().serve(sys.stdin.buffer, sys.stdout.buffer)
    # The reader thread may be blocked in a read of stdin, holding its buffer's lock: the
    # interpreter's own shutdown would then abort trying to close stdin, and would wait
    # for a lint still running. Everything owed to the client is written: leave now.
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status)
