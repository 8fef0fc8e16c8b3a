"""``realms lsp`` as a pushing client sees it (one server for the module): the CLI's
verdicts for the editor's text, ranges over the offending key or value, untitled
buffers, texts that cannot be linted, settings read again when they change, a storm of
edits, formatting, quick fixes with resolve and fix-all, plain-text hover. Its last server
test ends the server with ``exit`` (no ``shutdown``: status 1)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from cli_runner import run_cli as realms
from lint_support import REPO, base, run_cli, scenario, tile, write
from lsp_client import Session, apply_edits
from lsprotocol import types

CAPABILITIES = types.ClientCapabilities(
    workspace=types.WorkspaceClientCapabilities(
        did_change_watched_files=types.DidChangeWatchedFilesClientCapabilities(
            dynamic_registration=True)),
    text_document=types.TextDocumentClientCapabilities(
        hover=types.HoverClientCapabilities(content_format=[types.MarkupKind.PlainText]),
        code_action=types.CodeActionClientCapabilities(
            resolve_support=types.ClientCodeActionResolveOptions(properties=["edit"]))))
TINY = scenario([tile("L1", 0, 0), tile("L2", 1, 0, rotation=6)])  # S003


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("collection")


@pytest.fixture(scope="module")
def lsp(folder: Path) -> Iterator[Session]:
    session = Session(folder, CAPABILITIES, trace=types.TraceValue.Verbose)
    result = session.initialize(folder)
    assert result.server_info is not None and result.server_info.name == "realms-lsp"
    assert result.capabilities.position_encoding == types.PositionEncodingKind.Utf16
    yield session
    session.end()


def cli_findings(path: Path) -> list[dict[str, object]]:
    return json.loads(run_cli("--format", "json", "--no-cache", str(path),  # type: ignore[no-any-return]
                              cwd=path.parent).stdout)


def text_of(text: str, rng: types.Range) -> str:
    lines = text.split("\n")
    assert rng.start.line == rng.end.line, rng
    return lines[rng.start.line][rng.start.character:rng.end.character]


def open_file(lsp: Session, path: Path, text: str | None = None) -> str:
    uri = path.resolve().as_uri()
    lsp.open(uri, path.read_text(encoding="utf-8") if text is None else text)
    return uri


def test_diagnostics_are_the_cli_findings_over_whole_values(lsp: Session, folder: Path) -> None:
    data = base()
    data["title"] = "\U0001F3F0 realm"  # astral: the columns after it count UTF-16 units
    data["boards"][0]["tiles"][1]["side"] = "Surface"
    data["links"] = [{"kind": "custom", "a": "QZ.s1", "b": "L1.s1"}]
    path = write(folder, json.dumps(data, indent=2, ensure_ascii=False), "values.realm.json")
    uri = open_file(lsp, path)
    diagnostics = lsp.diagnostics(uri, 1)
    cli = cli_findings(path)
    assert cli, "the case must have findings"
    assert sorted((d.code, d.range.start.line + 1, d.range.start.character + 1, d.message)
                  for d in diagnostics) == sorted(
        (f["code"], f["line"], f["column"], f"{f['json_path']}: {f['message']}") for f in cli)
    text = path.read_text(encoding="utf-8")
    for diagnostic in diagnostics:
        covered = text_of(text, diagnostic.range)
        assert len(covered) > 1 and covered.startswith('"') and covered.endswith('"'), covered
        assert diagnostic.source == "realms" and diagnostic.code_description is not None
        assert diagnostic.code_description.href.endswith(
            "docs/lint.md#" + str(diagnostic.code).lower())


def test_a_closed_document_is_cleared(lsp: Session, folder: Path) -> None:
    uri = open_file(lsp, write(folder, TINY, "closed.realm.json"))
    assert lsp.diagnostics(uri, 1)
    lsp.close(uri)
    lsp.wait_for(lambda: not lsp.published(uri)[-1].diagnostics)


def test_an_untitled_buffer_is_linted(lsp: Session) -> None:
    uri = "untitled:Untitled-1"
    lsp.open(uri, json.dumps(TINY, indent=2))
    assert [d.code for d in lsp.diagnostics(uri, 1)] == ["S003"]


def test_a_lone_surrogate_replaces_the_old_verdict(lsp: Session, folder: Path) -> None:
    path = write(folder, TINY, "surrogate.realm.json")
    uri = open_file(lsp, path)
    assert [d.code for d in lsp.diagnostics(uri, 1)] == ["S003"]
    text = json.dumps(base(), indent=2).replace('"Lint test realm"', '"Lint \ud800 realm"')
    lsp.change(uri, text, 2)
    (error,) = lsp.diagnostics(uri, 2)
    assert error.code == "S002" and error.severity == types.DiagnosticSeverity.Error
    assert "lone surrogate (U+D800)" in error.message
    line = next(i for i, row in enumerate(text.split("\n")) if "\ud800" in row)
    assert error.range.start == types.Position(line, text.split("\n")[line].index("\ud800"))


def test_the_size_limit_is_the_clis(lsp: Session, folder: Path) -> None:
    text = json.dumps(base(), indent=2)
    text = text[:-1] + " " * (10 * 1024 * 1024) + "}"  # valid JSON, over 10 MiB
    path = write(folder, text, "huge.realm.json")
    uri = open_file(lsp, path, text)
    (too_big,) = lsp.diagnostics(uri, 1)
    (cli,) = cli_findings(path)
    assert (too_big.code, too_big.message) == (cli["code"], cli["message"]) == (
        "S002", too_big.message)
    assert "MiB) limit" in too_big.message
    document = types.TextDocumentIdentifier(uri)
    lines = text.split("\n")
    line = next(i for i, row in enumerate(lines) if '"tile": "L1"' in row)
    assert lsp.request(types.TEXT_DOCUMENT_HOVER, types.HoverParams(  # not parsed again
        document, types.Position(line, lines[line].index('"L1"') + 1))) is None
    assert lsp.request(types.TEXT_DOCUMENT_FORMATTING, types.DocumentFormattingParams(
        document, types.FormattingOptions(2, True))) is None
    lsp.close(uri)


def g006_case(folder: Path) -> Path:
    data = base()
    data["links"] = [{"kind": "custom", "a": "QZ.s1", "b": "L1.s1"}]
    sub = folder / "settings"
    sub.mkdir()
    return write(sub, data, "g006.realm.json")


def test_settings_are_read_again_when_they_change(lsp: Session, folder: Path) -> None:
    assert any(r.method == types.WORKSPACE_DID_CHANGE_WATCHED_FILES
               and {w["globPattern"] for w in r.register_options["watchers"]} ==
               {"**/pyproject.toml", "**/realms.toml"}
               for p in lsp.registrations for r in p.registrations)
    path = g006_case(folder)
    pyproject = path.parent / "pyproject.toml"
    pyproject.write_text('[tool.realms.lint]\nignore = ["G006"]\n', encoding="utf-8")
    uri = open_file(lsp, path)
    assert "G006" not in {d.code for d in lsp.diagnostics(uri, 1)}
    pyproject.write_text('[tool.realms.lint]\nignore = ["B"]\n', encoding="utf-8")
    assert "G006" in {f["code"] for f in cli_findings(path)}
    lsp.notify(types.WORKSPACE_DID_CHANGE_WATCHED_FILES, types.DidChangeWatchedFilesParams(
        [types.FileEvent(pyproject.as_uri(), types.FileChangeType.Changed)]))
    lsp.wait_for(lambda: "G006" in {d.code for d in lsp.published(uri)[-1].diagnostics})
    assert {d.code for d in lsp.published(uri)[-1].diagnostics} == {
        f["code"] for f in cli_findings(path)}
    pyproject.write_text('[tool.realms.lint]\nignore = ["G006"]\n', encoding="utf-8")
    lsp.notify(types.WORKSPACE_DID_CHANGE_CONFIGURATION,
               types.DidChangeConfigurationParams(settings=None))
    lsp.wait_for(lambda: "G006" not in {d.code for d in lsp.published(uri)[-1].diagnostics})
    lsp.close(uri)


def test_a_settings_change_answers_under_the_uris_the_client_opened(lsp: Session,
                                                                   folder: Path) -> None:
    """Documents named with characters a URI escapes (a space, a ``%``) are linted again
    under the URI the client opened them with: not its decoded form (a document the
    client never opened), and not nothing."""
    sub = folder / "odd names"
    sub.mkdir()
    pyproject = sub / "pyproject.toml"
    pyproject.write_text('[tool.realms.lint]\nignore = ["G006"]\n', encoding="utf-8")
    data = base()
    data["links"] = [{"kind": "custom", "a": "QZ.s1", "b": "L1.s1"}]  # a G006
    uris = [open_file(lsp, write(sub, data, name))
            for name in ("my file.realm.json", "pct%25.realm.json")]
    assert [uri.rsplit("/", 1)[1] for uri in uris] == [
        "my%20file.realm.json", "pct%2525.realm.json"]
    for uri in uris:
        assert "G006" not in {d.code for d in lsp.diagnostics(uri, 1)}
    pyproject.write_text('[tool.realms.lint]\nignore = ["B"]\n', encoding="utf-8")
    lsp.notify(types.WORKSPACE_DID_CHANGE_CONFIGURATION,
               types.DidChangeConfigurationParams(settings=None))
    for uri in uris:
        lsp.wait_for(lambda uri=uri: "G006" in {
            d.code for d in lsp.published(uri)[-1].diagnostics})
    opened = set(uris)
    published = {params.uri for _, method, params in list(lsp.notifications)
                 if method == types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS
                 and ("/odd%20names/" in params.uri or "/odd names/" in params.uri)}
    assert published == opened, published - opened
    for uri in uris:
        lsp.close(uri)


def test_a_storm_of_edits_lints_only_the_last_version(lsp: Session, folder: Path) -> None:
    path = write(folder, base(), "storm.realm.json")
    clean = path.read_text(encoding="utf-8")
    uri = open_file(lsp, path)
    lsp.diagnostics(uri, 1)
    data = base()
    data["links"] = [{"kind": "custom", "a": "QZ.s1", "b": "L1.s1"}]
    texts = [clean, json.dumps(data, indent=2)]  # odd versions have a G006
    lines = texts[1].split("\n")
    line = next(i for i, row in enumerate(lines) if '"tile": "L1"' in row)
    where = types.Position(line, lines[line].index('"L1"') + 1)

    async def storm() -> tuple[float, types.Hover | None]:
        for version in range(2, 1002):
            lsp.client.text_document_did_change(types.DidChangeTextDocumentParams(
                types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                [types.TextDocumentContentChangeWholeDocument(text=texts[version % 2])]))
        process = lsp.client._server
        assert process is not None and process.stdin is not None
        await process.stdin.drain()
        sent = time.monotonic()
        answer = await lsp.client.text_document_hover_async(types.HoverParams(
            types.TextDocumentIdentifier(uri), where))
        return time.monotonic() - sent, answer

    latency, answer = lsp.run(storm())
    assert answer is not None and "tile L1" in answer.contents.value  # type: ignore[union-attr]
    assert "G006" in {d.code for d in lsp.diagnostics(uri, 1001)}
    linted = [t for t in lsp.traces() if t.startswith(f"linted {uri} ")]
    assert linted[0].endswith("version 1") and linted[-1].endswith("version 1001")
    assert len(linted) <= 4, linted  # not one lint per edit: the storm's last version
    assert {p.version for p in lsp.published(uri)} <= {1, *(int(t.split()[-1]) for t in linted)}
    assert latency < 5.0, latency  # generous on a shared machine; docs/performance.md has it
    lsp.close(uri)


def test_formatting_gives_realms_formats_form(lsp: Session, folder: Path) -> None:
    path = write(folder, json.dumps(base()), "format.realm.json")
    text = path.read_text(encoding="utf-8")
    uri = open_file(lsp, path)
    edits = lsp.request(types.TEXT_DOCUMENT_FORMATTING, types.DocumentFormattingParams(
        types.TextDocumentIdentifier(uri), types.FormattingOptions(2, True)))
    formatted = apply_edits(text, edits)
    assert "reformatted" in realms("format", str(path), cwd=folder).stdout
    assert formatted == path.read_text(encoding="utf-8") != text
    lsp.change(uri, formatted, 2)
    assert not lsp.request(types.TEXT_DOCUMENT_FORMATTING, types.DocumentFormattingParams(
        types.TextDocumentIdentifier(uri), types.FormattingOptions(2, True)))
    lsp.close(uri)


def misspelt(folder: Path, name: str, duplicate: bool) -> tuple[Path, str]:
    data = base()
    for index in (0, 1):
        data["boards"][0]["tiles"][index]["side"] = "Surface"
    text = json.dumps(data, indent=2)
    text = text.replace('"title":', '"titel":' if not duplicate else '"titel": "x",\n  "title":')
    return write(folder, text, name), text


def test_quick_fixes_resolve_and_fix_all(lsp: Session, folder: Path) -> None:
    path, text = misspelt(folder, "fixes.realm.json", duplicate=False)
    uri = open_file(lsp, path)
    diagnostics = lsp.diagnostics(uri, 1)
    (titel,) = [d for d in diagnostics if "unknown key 'titel'" in d.message]
    assert text_of(text, titel.range) == '"titel"'
    actions = lsp.code_actions(uri, [titel])
    assert [a.title for a in actions] == ['Replace with "title"']  # no ignore: S003 stays
    assert actions[0].edit is None  # left for codeAction/resolve
    resolved = lsp.request(types.CODE_ACTION_RESOLVE, actions[0])
    assert resolved.edit is not None
    (fix_all,) = lsp.code_actions(uri, [], only=[types.CodeActionKind.SourceFixAll])
    assert fix_all.kind.startswith("source.fixAll")
    resolved = lsp.request(types.CODE_ACTION_RESOLVE, fix_all)
    fixed = apply_edits(text, resolved.edit.changes[uri])
    path.write_text(fixed, encoding="utf-8")
    assert json.loads(fixed)["title"] == "Lint test realm"
    assert [f["code"] for f in cli_findings(path) if f["severity"] == "error"] == []
    lsp.close(uri)


def test_no_fix_creates_a_duplicate_key(lsp: Session, folder: Path) -> None:
    path, text = misspelt(folder, "duplicate.realm.json", duplicate=True)
    uri = open_file(lsp, path)
    diagnostics = lsp.diagnostics(uri, 1)
    (titel,) = [d for d in diagnostics if text_of(text, d.range) == '"titel"']
    assert lsp.code_actions(uri, [titel]) == []
    (fix_all,) = lsp.code_actions(uri, [], only=[types.CodeActionKind.SourceFixAll])
    edits = lsp.request(types.CODE_ACTION_RESOLVE, fix_all).edit.changes[uri]
    assert all(edit.new_text == '"surface"' for edit in edits) and len(edits) == 2
    lsp.close(uri)


def test_the_ignore_fix_for_a_hideable_rule(lsp: Session, folder: Path) -> None:
    data = base()
    data["links"] = [{"kind": "custom", "a": "QZ.s1", "b": "L1.s1"}]
    path = write(folder, json.dumps(data, indent=2), "ignore.realm.json")
    uri = open_file(lsp, path)
    (g006,) = [d for d in lsp.diagnostics(uri, 1) if d.code == "G006"]
    (ignore,) = [a for a in lsp.code_actions(uri, [g006]) if a.title.startswith("Ignore G006")]
    edit = lsp.request(types.CODE_ACTION_RESOLVE, ignore).edit.changes[uri]
    path.write_text(apply_edits(path.read_text(encoding="utf-8"), edit), encoding="utf-8")
    assert "G006" not in {f["code"] for f in cli_findings(path)}
    lsp.close(uri)


def test_hover_is_plain_text_for_a_plain_text_client(lsp: Session, folder: Path) -> None:
    path = folder / "highland.realm.json"
    shutil.copy(REPO / "scenarios" / "highland-crossing.realm.json", path)
    uri = open_file(lsp, path)
    lines = path.read_text(encoding="utf-8").split("\n")
    line = next(i for i, text in enumerate(lines) if '"region": "C.s2"' in text)
    answer = lsp.request(types.TEXT_DOCUMENT_HOVER, types.HoverParams(
        types.TextDocumentIdentifier(uri),
        types.Position(line, lines[line].index("C.s2") + 2)))
    assert answer.contents.kind == types.MarkupKind.PlainText
    assert answer.contents.value.startswith("C.s2: ") and "**" not in answer.contents.value
    lsp.close(uri)


def test_exit_without_shutdown_is_status_1(lsp: Session) -> None:
    lsp.notify(types.EXIT, None)
    process = lsp.client._server
    assert process is not None and lsp.run(process.wait()) == 1


def test_lint_and_derive_never_import_pygls(tmp_path: Path) -> None:
    """The core commands run without the server's libraries, and `realms lsp` says
    what is missing instead of a traceback."""
    path = write(tmp_path, base())
    code = ("import sys; sys.modules['pygls'] = sys.modules['lsprotocol'] = None\n"
            "from editor.cli.main import main\n"
            f"assert main(['lint', '--no-cache', {str(path)!r}]) == 0\n"
            f"assert main(['derive', {str(path)!r}, '--players', '2']) == 0\n"
            "raise SystemExit(main(['lsp']))")
    result = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True,
                            text=True, timeout=120, check=False)
    assert result.returncode == 2, result.stderr
    assert "needs pygls and lsprotocol" in result.stderr and "Traceback" not in result.stderr
