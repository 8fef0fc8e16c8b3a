"""Hostile file names in every lint output, the JSON path in text lines, --show-source.

A collection's file names are written by strangers: a name holding a newline and
``::error ...`` must not become a live GitHub Actions annotation, control characters must
be shown escaped, and SARIF must carry a percent-encoded URI that still names the file.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from urllib.parse import unquote

import jsonschema
import pytest
from lint_support import REPO, run_cli, scenario, tile, write

EVIL = "evil%25,x:y\n::error file=README.md,line=1::Injected annotation\n.realm.json"
TINY = scenario([tile("L1", 0, 0), tile("L2", 1, 0)])  # B001 error for 2 players
ANNOTATION = re.compile(r"::(error|warning|notice) file=([^,]*),line=(\d+),col=(\d+),"
                        r"title=([A-Z]\d{3})::(.*)")


def _github_unescape(value: str) -> str:
    """What the GitHub runner makes of an escaped property value."""
    for escaped, char in (("%3A", ":"), ("%2C", ","), ("%0D", "\r"), ("%0A", "\n"),
                          ("%25", "%")):
        value = value.replace(escaped, char)
    return value


def _actions_env() -> dict[str, str]:
    return {**os.environ, "GITHUB_ACTIONS": "true"}


def _hostile_folder(tmp_path: Path) -> Path:
    write(tmp_path, TINY, EVIL)
    write(tmp_path, TINY, "plain.realm.json")
    return tmp_path


@pytest.mark.parametrize("extra", [[], ["--format", "github"], ["--format", "text"],
                                   ["--format", "text", "--show-source"], ["--statistics"]])
def test_no_injected_workflow_command_in_actions(tmp_path: Path, extra: list[str]) -> None:
    folder = _hostile_folder(tmp_path)
    result = run_cli(*extra, ".", cwd=folder, env=_actions_env())
    assert result.returncode == 1, result.stderr
    for line in (result.stdout + result.stderr).splitlines():
        if line.lstrip().startswith("::"):
            match = ANNOTATION.fullmatch(line)
            assert match, f"a line that GitHub reads as a command: {line!r}"
            assert _github_unescape(match.group(2)) in (EVIL, "plain.realm.json"), line


def test_each_annotation_names_the_right_file(tmp_path: Path) -> None:
    folder = _hostile_folder(tmp_path)
    result = run_cli(".", cwd=folder, env=_actions_env())
    files = [_github_unescape(m.group(2)) for line in result.stdout.splitlines()
             if (m := ANNOTATION.fullmatch(line))]
    assert sorted(set(files)) == sorted([EVIL, "plain.realm.json"])
    assert len(result.stdout.splitlines()) == len(files)  # nothing else on stdout


def test_text_output_shows_control_characters_escaped(tmp_path: Path) -> None:
    folder = _hostile_folder(tmp_path)
    result = run_cli("--format", "text", EVIL, cwd=folder)
    assert result.returncode == 1
    shown = EVIL.replace("\n", "\\n")
    assert result.stdout.startswith(f"{shown}:"), result.stdout
    assert "\n::error" not in result.stdout


def test_text_line_never_starts_with_two_colons(tmp_path: Path) -> None:
    name = "::error file=x::y.realm.json"
    write(tmp_path, TINY, name)
    result = run_cli("--format", "text", name, cwd=tmp_path, env=_actions_env())
    assert result.stdout.startswith(f"./{name}:"), result.stdout
    assert not any(line.startswith("::") for line in result.stdout.splitlines())


def test_sarif_uri_is_percent_encoded_and_valid(tmp_path: Path) -> None:
    folder = _hostile_folder(tmp_path)
    (folder / "sub dir").mkdir()
    write(folder / "sub dir", TINY, "a#b?c.realm.json")
    result = run_cli("--format", "sarif", ".", cwd=folder)
    log = json.loads(result.stdout)
    sarif_schema = json.loads((REPO / "schemas" / "sarif-2.1.0.json").read_text("utf-8"))
    jsonschema.Draft4Validator(sarif_schema).validate(log)
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            for r in log["runs"][0]["results"]}
    for uri in uris:
        assert re.fullmatch(r"[A-Za-z0-9\-._~/%]+", uri), uri  # only unreserved and escapes
        assert not uri.startswith("/")
    assert {unquote(uri) for uri in uris} == {EVIL, "plain.realm.json",
                                              "sub dir/a#b?c.realm.json"}
    assert "sub%20dir/a%23b%3Fc.realm.json" in uris


def test_text_shows_the_json_path(tmp_path: Path) -> None:
    data = scenario([tile("L1", 0, 0), tile("L2", 1, 0, rotation=6)])
    path = write(tmp_path, data)
    result = run_cli(str(path))
    assert re.search(r"case\.realm\.json:\d+:\d+: S003 \[error\] "
                     r"\$\.boards\[0\]\.tiles\[1\]\.rotation: rotation 6 is out of range; "
                     r"rotation counts 60° steps", result.stdout), result.stdout


def test_show_source_prints_the_line_and_a_caret(tmp_path: Path) -> None:
    data = scenario([tile("L1", 0, 0), tile("L2", 1, 0, rotation=6)])
    path = write(tmp_path, data)
    lines = path.read_text("utf-8").splitlines()
    number = next(i for i, text in enumerate(lines, 1) if '"rotation": 6' in text)
    result = run_cli("--show-source", str(path))
    out = result.stdout.splitlines()
    head = next(i for i, text in enumerate(out) if " S003 " in text)
    column = int(out[head].split(":")[2])
    assert out[head + 1].strip() == "|"
    assert out[head + 2] == f"{number - 1} | {lines[number - 2]}".rstrip()  # context above
    assert out[head + 3] == f"{number} | {lines[number - 1]}"
    gutter = len(str(number))
    caret = out[head + 4]
    assert caret == " " * gutter + " | " + " " * (column - 1) + "^"
    assert lines[number - 1][column - 1] == "6"  # the caret sits under the bad value
    assert result.returncode == 1


def test_show_source_cuts_long_lines_and_escapes_control_characters(tmp_path: Path) -> None:
    data = scenario([tile("L1", 0, 0), tile("L2", 1, 0, rotation=6)])
    data["notes"] = "y" * 500
    path = tmp_path / "one-line.realm.json"
    path.write_text(json.dumps(data), encoding="utf-8")  # minified: one long line
    out = run_cli("--show-source", "--select", "S003", str(path)).stdout.splitlines()
    head = next(i for i, text in enumerate(out) if "rotation: rotation 6 is out of range" in text)
    snippet, caret = out[head + 2], out[head + 3]
    assert snippet.startswith("1 | …") and len(snippet) < 200
    assert snippet[caret.index("^")] == "6"
    # A raw escape character in the file (invalid JSON) is shown escaped, never sent.
    raw = tmp_path / "raw.realm.json"
    raw.write_text('{"title": "\x1b[31mred"}', encoding="utf-8")
    result = run_cli("--show-source", str(raw))
    assert result.returncode == 1 and "\x1b" not in result.stdout
    assert '{"title": "\\x1b[31mred"}' in result.stdout


def test_usage_errors_show_hostile_names_escaped(tmp_path: Path) -> None:
    result = run_cli("gone\n::error file=x::y.realm.json", cwd=tmp_path, env=_actions_env())
    assert result.returncode == 2
    assert result.stderr == ("realms lint: error: gone\\n::error file=x::y.realm.json: "
                             "no such file or folder\n")


def test_ci_path_never_starts_a_workflow_command(monkeypatch: pytest.MonkeyPatch) -> None:
    from editor.escaping import ci_path

    for actions in ("true", ""):
        monkeypatch.setenv("GITHUB_ACTIONS", actions)
        assert ci_path("::error file=x::y.realm.json").startswith("./::error")
        assert ci_path("plain.realm.json") == "plain.realm.json"


@pytest.mark.parametrize("fmt", ["text", "json", "github", "gitlab", "sarif", "junit"])
def test_a_name_that_is_not_utf8_keeps_the_output_utf8(tmp_path: Path, fmt: str) -> None:
    """A file name's byte 0xff (a lone surrogate once decoded) is escaped in every format:
    JSON and the GitHub lines carried it raw, which no strict UTF-8 reader accepts. The
    output is decoded strictly here (tests/cli_runner.py), as such a reader would."""
    name = os.fsdecode(b"not-utf8-\xff.realm.json")
    write(tmp_path, TINY, name)
    result = run_cli("--no-cache", "--format", fmt, name, cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    assert "\udcff" not in result.stdout
    if fmt == "json":
        assert {f["path"] for f in json.loads(result.stdout)} == {name}
