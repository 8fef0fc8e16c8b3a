"""``realms lsp`` against hostile and exacting clients (one server for the module, started
with Qt made unimportable): messages that once killed it, JSON-RPC batches, cancellation,
errors instead of ``result: null``, LSP 3.17's lifecycle, and a client that pulls its
diagnostics and reads Markdown. The last test shuts the server down."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pytest
from lint_support import REPO, base, run_cli, write
from lsp_client import TIMEOUT, Session, dumps
from lsprotocol import types
from pygls.exceptions import JsonRpcException

CAPABILITIES = types.ClientCapabilities(
    workspace=types.WorkspaceClientCapabilities(
        diagnostics=types.DiagnosticWorkspaceClientCapabilities(refresh_support=True)),
    text_document=types.TextDocumentClientCapabilities(
        diagnostic=types.DiagnosticClientCapabilities(),
        hover=types.HoverClientCapabilities(
            content_format=[types.MarkupKind.Markdown, types.MarkupKind.PlainText])))
NO_QT = ("-c", "import sys; sys.modules['PySide6'] = None\n"
               "from editor.cli.main import main; raise SystemExit(main(['lsp']))")
HIGHLAND = REPO / "scenarios" / "highland-crossing.realm.json"


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("protocol")


@pytest.fixture(scope="module")
def early_answer(folder: Path) -> Iterator[tuple[Session, Any]]:
    """The server, and its answer to a request sent before ``initialize``."""
    session = Session(folder, CAPABILITIES, command=NO_QT)
    early = session.raw(dumps({"id": "early", "method": "textDocument/hover", "params": {
        "textDocument": {"uri": "file:///x.realm.json"},
        "position": {"line": 0, "character": 0}}}), expect=["early"])["early"]
    error = early.exception(TIMEOUT)
    session.initialize(folder)
    yield session, error
    session.end()


@pytest.fixture(scope="module")
def lsp(early_answer: tuple[Session, Any]) -> Session:
    return early_answer[0]


def error_code(future: Future[Any]) -> int:
    error = future.exception(TIMEOUT)
    assert isinstance(error, JsonRpcException), future.result()
    return error.code


def hover_params(uri: str, line: int = 0, character: int = 0) -> dict[str, Any]:
    return {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}


def still_serving(lsp: Session) -> None:
    answer = lsp.request(types.TEXT_DOCUMENT_HOVER, types.HoverParams(
        types.TextDocumentIdentifier("file:///nothing.realm.json"), types.Position(0, 0)))
    assert answer is None
    process = lsp.client._server
    assert process is not None and process.returncode is None


def test_a_request_before_initialize_is_refused(early_answer: tuple[Session, Any]) -> None:
    assert isinstance(early_answer[1], JsonRpcException) and early_answer[1].code == -32002


def test_deep_nesting_is_a_parse_error(lsp: Session) -> None:
    before = len([a for a in lsp.protocol.answers if a[0] is None])
    params = b"[" * 1000 + b"]" * 1000
    lsp.raw(b'{"jsonrpc": "2.0", "id": 1, "method": "textDocument/hover", "params": '
            + params + b"}")
    errors = lsp.answers_without_id(before + 1)
    assert errors[-1].code == -32700 and "deep" in errors[-1].message
    still_serving(lsp)


def test_numbers_of_4300_digits_and_more(lsp: Session) -> None:
    """4,300 digits is the most Python converts: such an id is answered; a longer number
    is not JSON Python can read, so a parse error."""
    huge = int("9" * 4300)
    answered = lsp.raw(b'{"jsonrpc": "2.0", "id": ' + b"9" * 4300
                       + b', "method": "textDocument/hover", "params": '
                       + json.dumps(hover_params("file:///n.realm.json")).encode() + b"}",
                       expect=[huge])
    assert answered[huge].result(TIMEOUT) is None
    before = len([a for a in lsp.protocol.answers if a[0] is None])
    lsp.raw(b'{"jsonrpc": "2.0", "id": 1, "method": "textDocument/hover", "params": '
            b'{"position": ' + b"9" * 5000 + b"}}")
    errors = lsp.answers_without_id(before + 1)
    assert errors[-1].code == -32700 and "4300" in errors[-1].message
    still_serving(lsp)


def test_lone_surrogates_in_an_id_and_a_method(lsp: Session) -> None:
    answers = lsp.raw(dumps({"id": "\ud800", "method": "textDocument/hover",
                             "params": hover_params("file:///nothing.realm.json")}),
                      expect=["\ud800"])
    assert answers["\ud800"].result(TIMEOUT) is None
    unknown = lsp.raw(dumps({"id": 7, "method": "text\ud800Document/hover", "params": {}}),
                      expect=[7])
    assert error_code(unknown[7]) == -32601
    still_serving(lsp)


def test_a_lone_surrogate_in_a_returned_diagnostic(lsp: Session, folder: Path) -> None:
    data = base()
    data["boards"][0]["tiles"][0]["side"] = "Surface"
    path = write(folder, data, "returned.realm.json")
    uri = path.as_uri()
    lsp.open(uri, path.read_text(encoding="utf-8"))
    hostile = {"range": {"start": {"line": 0, "character": 0},
                         "end": {"line": 0, "character": 1}},
               "message": "did you mean '\ud800'? \udfff", "code": "S003\ud800",
               "source": "realms", "data": {"regions": ["\ud800"]}}
    answers = lsp.raw(dumps({"id": "act", "method": "textDocument/codeAction", "params": {
        "textDocument": {"uri": uri}, "range": hostile["range"],
        "context": {"diagnostics": [hostile]}}}), expect=["act"])
    assert answers["act"].result(TIMEOUT) is not None
    lsp.close(uri)
    still_serving(lsp)


def test_bodies_that_are_not_messages(lsp: Session) -> None:
    before = len([a for a in lsp.protocol.answers if a[0] is None])
    lsp.raw(b"\xff\xfe not utf-8")
    lsp.raw(b"5")
    lsp.raw(b"[]")
    lsp.raw(b'{"jsonrpc": "2.0", "id": true, "method": "shutdown"}')
    errors = lsp.answers_without_id(before + 4)[before:]
    assert [e.code for e in errors] == [-32700, -32600, -32600, -32600]
    still_serving(lsp)


def test_broken_framing_is_skipped(lsp: Session) -> None:
    """A header block without a usable length is read past; the next message is served."""
    lsp.raw(b"Content-Length: many\r\n\r\nnot a header\r\n\r\n", framed=False)
    after = lsp.raw(dumps({"id": "next", "method": "textDocument/hover",
                           "params": hover_params("file:///n.realm.json")}), expect=["next"])
    assert after["next"].result(TIMEOUT) is None
    assert b"without a usable Content-Length" in lsp.stderr


@pytest.mark.parametrize("junk", [
    b'Content-Length: abc\r\n\r\n{"jsonrpc": "2.0", "method": "x"}',  # a bad length
    b'Content-Length: -1\r\n\r\n{"jsonrpc": "2.0", "method": "x"}',
    b'Content-Length: 1_0\r\n\r\n{"jsonrpc": "2.0", "method": "x"}',  # int() reads 10
    b'{"jsonrpc": "2.0", "method": "x"}',  # a body without any header
    b'Content-Length: 20\r\n\r\n{"jsonrpc": "2.0", "method": "x"}',  # too short
], ids=["letters", "negative", "underscore", "no-header", "short"])
def test_a_broken_frame_costs_only_itself(lsp: Session, junk: bytes) -> None:
    """The junk ends without a line end, so the next header is glued to it: the reader
    finds that header in the line and the next messages are all served."""
    lsp.raw(junk, framed=False)
    for n in range(3):
        answer = lsp.raw(dumps({"id": f"after-{n}", "method": "textDocument/hover",
                                "params": hover_params("file:///n.realm.json")}),
                         expect=[f"after-{n}"])
        assert answer[f"after-{n}"].result(TIMEOUT) is None


def test_a_body_longer_than_its_header_costs_the_message_it_ran_into(lsp: Session) -> None:
    before = len([a for a in lsp.protocol.answers if a[0] is None])
    body = dumps({"method": "x"})
    lsp.raw(b"Content-Length: %d\r\n\r\n" % (len(body) + 40) + body, framed=False)
    lsp.raw(dumps({"id": "eaten", "method": "textDocument/hover",
                   "params": hover_params("file:///n.realm.json")}))
    served = lsp.raw(dumps({"id": "served", "method": "textDocument/hover",
                            "params": hover_params("file:///n.realm.json")}), expect=["served"])
    assert served["served"].result(TIMEOUT) is None
    assert [e.code for e in lsp.answers_without_id(before + 1)[before:]] == [-32700]


def test_a_message_over_the_limit_is_answered_before_it_is_read_past(tmp_path: Path) -> None:
    """A length no client means (10**12 bytes) gets a parse error at once: the client
    knows why nothing else is answered (every byte after it is that message's body)."""
    second = Session(tmp_path, CAPABILITIES, command=NO_QT)
    try:
        second.initialize(tmp_path)
        second.raw(b"Content-Length: 1000000000000\r\n\r\n", framed=False)
        (error,) = second.answers_without_id(1)
        assert error.code == -32700 and "over the" in error.message
    finally:
        second.end()


def test_a_number_where_a_string_belongs_is_invalid_params(lsp: Session) -> None:
    """A uri of 5 was read as the string "5" (and answered null): it is refused."""
    answer = lsp.raw(dumps({"id": "typed", "method": "textDocument/hover", "params": {
        "textDocument": {"uri": 5}, "position": {"line": 0, "character": 0}}}),
        expect=["typed"])
    assert error_code(answer["typed"]) == -32602
    still_serving(lsp)


def test_a_cancel_with_an_object_id_is_dropped_quietly(lsp: Session) -> None:
    lsp.raw(dumps({"method": "$/cancelRequest", "params": {"id": {"a": 1}}}))
    still_serving(lsp)
    assert b"Traceback" not in lsp.stderr
    assert b"dropped a $/cancelRequest" in lsp.stderr


def test_a_batch_is_answered_in_one_array(lsp: Session) -> None:
    batch = [{"jsonrpc": "2.0", "id": "b1", "method": "textDocument/hover",
              "params": hover_params("file:///nothing.realm.json")},
             {"jsonrpc": "2.0", "method": "$/nothing"},
             {"jsonrpc": "2.0", "id": "b2", "method": "no/such/method"},
             5]
    answers = lsp.raw(json.dumps(batch).encode(), expect=["b1", "b2"])
    assert answers["b1"].result(TIMEOUT) is None
    assert error_code(answers["b2"]) == -32601
    assert 3 in lsp.protocol.batches  # two answers and the invalid item's error, together
    # an unknown method is answered at once, while the batch is read: held for the rest
    arrays = len(lsp.protocol.batches)
    nameless = len([a for a in lsp.protocol.answers if a[0] is None])
    early = lsp.raw(json.dumps([{"jsonrpc": "2.0", "id": "b3", "method": "no/such"}, 5])
                    .encode(), expect=["b3"])
    assert error_code(early["b3"]) == -32601
    lsp.answers_without_id(nameless + 1)  # the error for 5 is in
    assert lsp.protocol.batches[arrays:] == [2]
    still_serving(lsp)


def test_cancellation_is_honoured(lsp: Session, folder: Path) -> None:
    path = folder / "cancelled.realm.json"
    shutil.copy(HIGHLAND, path)
    uri = path.as_uri()
    opened = {"method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": "json", "version": 1,
        "text": path.read_text(encoding="utf-8")}}}
    pull = {"id": "slow", "method": "textDocument/diagnostic",
            "params": {"textDocument": {"uri": uri}}}
    cancel = {"method": "$/cancelRequest", "params": {"id": "slow"}}
    frames = [dumps(message) for message in (opened, pull, cancel)]
    process = lsp.client._server
    assert process is not None and process.stdin is not None
    futures = lsp.raw(frames[0], expect=[])
    assert futures == {}
    answer = lsp.raw(frames[1], expect=["slow"])
    lsp.raw(frames[2])
    assert error_code(answer["slow"]) == -32800
    lsp.close(uri)


def test_failing_requests_get_errors_not_null(lsp: Session) -> None:
    bad = lsp.raw(dumps({"id": "bad", "method": "textDocument/hover",
                         "params": {"textDocument": {"uri": 5}}}), expect=["bad"])
    assert error_code(bad["bad"]) == -32602
    stale = lsp.raw(dumps({"id": "stale", "method": "codeAction/resolve", "params": {
        "title": "x", "data": {"uri": "file:///gone.realm.json", "version": 3}}}),
        expect=["stale"])
    assert error_code(stale["stale"]) == -32801
    again = lsp.raw(dumps({"id": "again", "method": "initialize",
                           "params": {"capabilities": {}}}), expect=["again"])
    assert error_code(again["again"]) == -32600


def pull(lsp: Session, uri: str, previous: str | None = None) -> Any:
    return lsp.request(types.TEXT_DOCUMENT_DIAGNOSTIC, types.DocumentDiagnosticParams(
        types.TextDocumentIdentifier(uri), previous_result_id=previous))


def test_pull_diagnostics(lsp: Session, folder: Path) -> None:
    data = base()
    data["links"] = [{"kind": "custom", "a": "QZ.s1", "b": "L1.s1"}]
    path = write(folder, data, "pulled.realm.json")
    uri = path.as_uri()
    lsp.open(uri, path.read_text(encoding="utf-8"))
    first = pull(lsp, uri)
    cli = json.loads(run_cli("--format", "json", "--no-cache", str(path), cwd=folder).stdout)
    assert sorted(d.code for d in first.items) == sorted(f["code"] for f in cli)
    assert "G006" in {d.code for d in first.items}
    unchanged = pull(lsp, uri, first.result_id)
    assert unchanged.kind == "unchanged" and unchanged.result_id == first.result_id
    lsp.change(uri, json.dumps(base(), indent=2), 2)
    second = pull(lsp, uri, first.result_id)
    assert second.kind == "full" and "G006" not in {d.code for d in second.items}
    assert not lsp.published(uri)  # a pulling client is not pushed to
    lsp.notify(types.WORKSPACE_DID_CHANGE_CONFIGURATION,
               types.DidChangeConfigurationParams(settings=None))
    lsp.wait_for(lambda: [n for n in lsp.notifications
                          if n[1] == types.WORKSPACE_DIAGNOSTIC_REFRESH])
    lsp.close(uri)


def test_hover_is_markdown_for_a_markdown_client(lsp: Session, folder: Path) -> None:
    path = folder / "hover.realm.json"
    shutil.copy(HIGHLAND, path)
    uri = path.as_uri()
    lsp.open(uri, path.read_text(encoding="utf-8"))
    lines = path.read_text(encoding="utf-8").split("\n")
    line = next(i for i, text in enumerate(lines) if '"region": "C.s2"' in text)
    answer = lsp.request(types.TEXT_DOCUMENT_HOVER, types.HoverParams(
        types.TextDocumentIdentifier(uri), types.Position(line, lines[line].index("C.s2") + 2)))
    assert answer.contents.kind == types.MarkupKind.Markdown
    assert answer.contents.value.startswith("**C.s2**: ")
    lsp.close(uri)


def test_after_shutdown_requests_are_refused_and_exit_is_clean(lsp: Session) -> None:
    assert lsp.request(types.SHUTDOWN, None) is None
    late = lsp.raw(dumps({"id": "late", "method": "textDocument/hover",
                          "params": hover_params("file:///x.realm.json")}), expect=["late"])
    assert error_code(late["late"]) == -32600
    lsp.notify(types.EXIT, None)
    process = lsp.client._server
    assert process is not None
    assert lsp.run(process.wait()) == 0
    assert b"Traceback" not in lsp.stderr, lsp.stderr.decode(errors="replace")
