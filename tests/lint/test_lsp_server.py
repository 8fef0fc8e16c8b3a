"""``realms lsp`` driven as an editor drives it: a real subprocess speaking JSON-RPC over
stdio, with LSP's Content-Length framing written here independently of the server's.

Its diagnostics must be the CLI's findings (codes, messages, positions), for the editor's
unsaved text, with the settings the CLI would find for the file."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from lint_support import REPO, base, run_cli, scenario, tile, write

TIMEOUT = 60


class Client:
    """A minimal LSP client over the server's pipes."""

    def __init__(self, cwd: Path) -> None:
        self.process = subprocess.Popen([sys.executable, "-m", "editor", "lsp", "--stdio"],
                                        cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE)
        self.next_id = 0
        self.pending: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        assert self.process.stdin is not None
        self.process.stdin.write(f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
        self.process.stdin.flush()

    def receive(self) -> dict[str, Any]:
        stdout = self.process.stdout
        assert stdout is not None
        headers = {}
        while (line := stdout.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("ascii").partition(":")
            headers[name.strip().lower()] = value.strip()
        assert "content-length" in headers, f"server closed: {self.stderr()}"
        return json.loads(stdout.read(int(headers["content-length"])))  # type: ignore[no-any-return]

    def request(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        self.next_id += 1
        self.send({"id": self.next_id, "method": method, "params": params})
        while True:
            message = self.receive()
            if message.get("id") == self.next_id and "method" not in message:
                return message
            self.pending.append(message)

    def notify(self, method: str, params: dict[str, Any]) -> None:
        self.send({"method": method, "params": params})

    def diagnostics(self, uri: str) -> list[dict[str, Any]]:
        """The next diagnostics published for ``uri``."""
        while True:
            message = self.pending.pop(0) if self.pending else self.receive()
            if (message.get("method") == "textDocument/publishDiagnostics"
                    and message["params"]["uri"] == uri):
                return message["params"]["diagnostics"]  # type: ignore[no-any-return]

    def stderr(self) -> str:
        self.process.kill()
        assert self.process.stderr is not None
        return self.process.stderr.read().decode("utf-8", "replace")


@pytest.fixture()
def client(tmp_path: Path) -> Iterator[Client]:
    connection = Client(tmp_path)
    answer = connection.request("initialize", {"processId": None, "rootUri": None,
                                               "capabilities": {}})
    capabilities = answer["result"]["capabilities"]
    assert capabilities["textDocumentSync"]["change"] == 1
    assert answer["result"]["serverInfo"]["name"] == "realms-lsp"
    connection.notify("initialized", {})
    yield connection
    if connection.process.poll() is None:
        connection.process.kill()
        connection.process.wait(TIMEOUT)


def open_file(client: Client, path: Path, text: str | None = None) -> str:
    uri = path.resolve().as_uri()
    client.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "json", "version": 1,
        "text": path.read_text(encoding="utf-8") if text is None else text}})
    return uri


TINY = scenario([tile("L1", 0, 0), tile("L2", 1, 0, rotation=6)])  # S003 and B001


def test_diagnostics_are_the_cli_findings(client: Client, tmp_path: Path) -> None:
    path = write(tmp_path, TINY)
    uri = open_file(client, path)
    diagnostics = client.diagnostics(uri)
    cli = json.loads(run_cli("--format", "json", "--no-cache", str(path), cwd=tmp_path).stdout)
    assert cli, "the case must have findings"
    got = sorted((d["code"], d["range"]["start"]["line"] + 1,
                  d["range"]["start"]["character"] + 1, d["message"]) for d in diagnostics)
    want = sorted((f["code"], f["line"], f["column"],
                   (f"{f['json_path']}: " if f["json_path"] not in ("", "$") else "")
                   + f["message"]) for f in cli)
    assert got == want
    severities = {d["code"]: d["severity"] for d in diagnostics}
    assert severities["S003"] == 1
    assert all(d["source"] == "realms" and d["codeDescription"]["href"].endswith(
        "docs/lint.md#" + d["code"].lower()) for d in diagnostics)


def test_diagnostics_follow_the_unsaved_text(client: Client, tmp_path: Path) -> None:
    path = write(tmp_path, base())
    clean = path.read_text(encoding="utf-8")
    uri = open_file(client, path)
    assert not [d for d in client.diagnostics(uri) if d["severity"] == 1]
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                             "contentChanges": [{"text": "{\n  \"title\": "}]})
    (broken,) = client.diagnostics(uri)
    assert broken["code"] == "S002" and broken["range"]["start"]["line"] == 1
    assert path.read_text(encoding="utf-8") == clean  # the file on disk was not used
    client.notify("textDocument/didSave", {"textDocument": {"uri": uri}, "text": clean})
    assert not [d for d in client.diagnostics(uri) if d["severity"] == 1]
    client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    assert client.diagnostics(uri) == []


def test_the_cli_settings_apply(client: Client, tmp_path: Path) -> None:
    (tmp_path / "realms.toml").write_text('[lint]\nignore = ["B"]\n', encoding="utf-8")
    path = write(tmp_path, TINY)
    codes = {d["code"] for d in client.diagnostics(open_file(client, path))}
    assert "S003" in codes and not [c for c in codes if c.startswith("B")]


def test_unicode_columns_are_utf16(client: Client, tmp_path: Path) -> None:
    data = scenario([tile("L1", 0, 0), tile("L2", 1, 0, rotation=6)])
    data["title"] = "\U0001F3F0\U0001F5FA\U0001F9ED"  # astral: two UTF-16 units each
    text = json.dumps(data, ensure_ascii=False)  # one line: the title, then the rotation
    path = write(tmp_path, text)
    column = text.index('"rotation": 6') + len('"rotation": ')
    (s003,) = [d for d in client.diagnostics(open_file(client, path)) if d["code"] == "S003"]
    assert s003["range"]["start"] == {"line": 0, "character": column + 3}


def test_did_you_mean_and_ignore_quick_fixes(client: Client, tmp_path: Path) -> None:
    data = base()
    data["boards"][0]["tiles"][0]["side"] = "Surface"
    path = write(tmp_path, data)
    uri = open_file(client, path)
    diagnostics = client.diagnostics(uri)
    (wrong,) = [d for d in diagnostics if "did you mean" in d["message"]]
    actions = client.request("textDocument/codeAction", {
        "textDocument": {"uri": uri}, "range": wrong["range"],
        "context": {"diagnostics": [wrong]}})["result"]
    titles = [a["title"] for a in actions]
    assert titles[0] == 'Replace with "surface"', titles
    text = path.read_text(encoding="utf-8")
    fixed = apply(text, actions[0]["edit"]["changes"][uri])
    path.write_text(fixed, encoding="utf-8")
    assert wrong["code"] not in {f["code"] for f in json.loads(
        run_cli("--format", "json", "--no-cache", str(path), cwd=tmp_path).stdout)}
    (ignore,) = [a for a in actions if a["title"].startswith(f"Ignore {wrong['code']}")]
    ignored = apply(text, ignore["edit"]["changes"][uri])
    entry = json.loads(ignored)["lint"]["ignore"][0]
    assert entry["code"] == wrong["code"] and entry["reason"].startswith("TODO")


def apply(text: str, edits: list[dict[str, Any]]) -> str:
    """Apply LSP text edits (ASCII text: UTF-16 columns are characters)."""
    lines = text.split("\n")

    def offset(position: dict[str, int]) -> int:
        return sum(len(line) + 1 for line in lines[:position["line"]]) + position["character"]

    for edit in sorted(edits, key=lambda e: offset(e["range"]["start"]), reverse=True):
        text = (text[:offset(edit["range"]["start"])] + edit["newText"]
                + text[offset(edit["range"]["end"]):])
    return text


def test_protocol_errors_and_exit(tmp_path: Path) -> None:
    connection = Client(tmp_path)
    early = connection.request("textDocument/codeAction", {})
    assert early["error"]["code"] == -32002  # not initialized
    connection.request("initialize", {"processId": None, "capabilities": {}})
    unknown = connection.request("workspace/nothing", {})
    assert unknown["error"]["code"] == -32601
    assert connection.request("shutdown", {})["result"] is None
    connection.notify("exit", {})
    assert connection.process.wait(TIMEOUT) == 0


def test_exit_without_shutdown_is_status_1(tmp_path: Path) -> None:
    connection = Client(tmp_path)
    connection.notify("exit", {})
    assert connection.process.wait(TIMEOUT) == 1


def test_the_server_never_imports_qt(tmp_path: Path) -> None:
    code = ("import sys; sys.modules['PySide6'] = None\n"
            "from editor.cli.main import main; raise SystemExit(main(['lsp']))")
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                       "params": {"capabilities": {}}}).encode()
    exit_body = json.dumps({"jsonrpc": "2.0", "method": "exit"}).encode()
    stdin = (f"Content-Length: {len(body)}\r\n\r\n".encode() + body
             + f"Content-Length: {len(exit_body)}\r\n\r\n".encode() + exit_body)
    result = subprocess.run([sys.executable, "-c", code], input=stdin, cwd=REPO,
                            capture_output=True, timeout=TIMEOUT, check=False)
    assert b'"serverInfo"' in result.stdout and b"Traceback" not in result.stderr


HIGHLAND = REPO / "scenarios" / "highland-crossing.realm.json"


def test_hover_shows_a_region_and_a_tile(client: Client, tmp_path: Path) -> None:
    from editor.model.scenario_io import load_scenario
    from editor.topology.derive import derive_realm

    path = tmp_path / "highland.realm.json"
    shutil.copy(HIGHLAND, path)
    uri = open_file(client, path)
    client.diagnostics(uri)
    lines = path.read_text(encoding="utf-8").split("\n")
    line = next(i for i, text in enumerate(lines) if '"region": "C.s2"' in text)
    character = lines[line].index("C.s2") + 2
    answer = client.request("textDocument/hover", {"textDocument": {"uri": uri},
                                                   "position": {"line": line,
                                                                "character": character}})
    value = answer["result"]["contents"]["value"]
    loaded = load_scenario(HIGHLAND)
    realm = derive_realm(loaded, loaded.scenario.players_max)
    region = realm.regions["C.s2"]
    assert value.startswith("**C.s2**: ")
    for neighbour in realm.adjacency["C.s2"]:
        assert neighbour in value
    assert ("symbols: " in value) == bool(region.symbols)
    tile_line = next(i for i, text in enumerate(lines) if '"tile": "C"' in text)
    tile = client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": {
        "line": tile_line, "character": lines[tile_line].index('"C"') + 1}})["result"]
    assert tile["contents"]["value"].startswith("**tile C**")
    assert "C.s2" in tile["contents"]["value"]
    nothing = client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": {
        "line": 0, "character": 0}})
    assert nothing["result"] is None
