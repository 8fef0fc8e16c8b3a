"""Every run in a machine format writes one valid document, and SARIF is a log code
scanning can place: rules with help and links, URIs relative to %SRCROOT%.

A ``jq`` step or ``upload-sarif`` reading an empty file fails with a message about the
file, not about the scenarios; so an empty folder gives ``[]`` (as ruff does), a missing
path among several is reported while the rest are linted, and SARIF says what could not be
done in its invocation.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import jsonschema
import pytest
from lint_support import REPO, base, run_cli, scenario, tile, write

from editor.lint.registry import all_rules

SARIF_SCHEMA = json.loads((REPO / "editor" / "data" / "schemas" / "sarif-2.1.0.json")
                          .read_text(encoding="utf-8"))
TINY = scenario([tile("L1", 0, 0), tile("L2", 1, 0)])  # a B001 error for 2 players


def valid_sarif(text: str) -> dict[str, Any]:
    log = json.loads(text)
    jsonschema.Draft4Validator(SARIF_SCHEMA).validate(log)
    return log


def uris(log: dict[str, Any]) -> list[dict[str, str]]:
    return [r["locations"][0]["physicalLocation"]["artifactLocation"]
            for r in log["runs"][0]["results"]]


# --- one document per run ----------------------------------------------------------------

def test_json_on_an_empty_folder_is_an_empty_list(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    result = run_cli("--format", "json", "empty", cwd=tmp_path)
    assert result.returncode == 0
    assert result.stdout == "[]\n"
    assert "no *.realm.json" in result.stderr


def test_sarif_on_an_empty_folder_is_a_valid_log(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    result = run_cli("--format", "sarif", "empty", cwd=tmp_path)
    assert result.returncode == 0
    log = valid_sarif(result.stdout)
    run = log["runs"][0]
    assert run["results"] == [] and run["invocations"][0]["executionSuccessful"] is True


@pytest.mark.parametrize("fmt", ["json", "sarif", "github", "text"])
def test_a_missing_path_is_reported_and_the_rest_linted(tmp_path: Path, fmt: str) -> None:
    write(tmp_path, "{", "broken.realm.json")
    result = run_cli("--format", fmt, "broken.realm.json", "nope.realm.json", cwd=tmp_path)
    assert result.returncode == 2
    assert "realms lint: error: nope.realm.json: no such file or folder" in result.stderr
    assert "S002" in result.stdout  # broken.realm.json was linted all the same
    if fmt == "text":
        assert result.stdout.endswith("Found 1 finding (1 error) in 1 file. 1 path given does "
                                      "not exist.\n"), result.stdout
    if fmt == "json":
        assert [f["code"] for f in json.loads(result.stdout)] == ["S002"]
    if fmt == "github":
        assert result.stdout.startswith("::error title=realms lint::nope.realm.json: no such "
                                        "file or folder\n")
    if fmt == "sarif":
        run = valid_sarif(result.stdout)["runs"][0]
        assert [r["ruleId"] for r in run["results"]] == ["S002"]
        (invocation,) = run["invocations"]
        assert invocation["executionSuccessful"] is False
        (note,) = invocation["toolExecutionNotifications"]
        assert note["level"] == "error"
        assert note["message"]["text"] == "nope.realm.json: no such file or folder"
        assert note["locations"][0]["physicalLocation"]["artifactLocation"] == {
            "uri": "nope.realm.json", "uriBaseId": "%SRCROOT%"}


@pytest.mark.parametrize("fmt", ["json", "sarif"])
def test_only_missing_paths_still_give_a_document(tmp_path: Path, fmt: str) -> None:
    result = run_cli("--format", fmt, "nope.realm.json", "gone/", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.count("no such file or folder") == 2
    if fmt == "json":
        assert result.stdout == "[]\n"
    else:
        notes = valid_sarif(result.stdout)["runs"][0]["invocations"][0][
            "toolExecutionNotifications"]
        assert [n["message"]["text"] for n in notes] == [
            "nope.realm.json: no such file or folder",
            "gone/: no such file or folder"]  # as typed, slash and all (issue 29)


@pytest.mark.parametrize("args", [["--select", "X9"], ["--config", "missing.toml"]])
def test_a_usage_error_still_gives_a_document(tmp_path: Path, args: list[str]) -> None:
    write(tmp_path, base())
    as_json = run_cli("--format", "json", *args, ".", cwd=tmp_path)
    assert as_json.returncode == 2 and as_json.stdout == "[]\n"
    as_sarif = run_cli("--format", "sarif", *args, ".", cwd=tmp_path)
    assert as_sarif.returncode == 2
    (invocation,) = valid_sarif(as_sarif.stdout)["runs"][0]["invocations"]
    assert invocation["executionSuccessful"] is False
    (note,) = invocation["toolExecutionNotifications"]
    assert note["message"]["text"] in as_sarif.stderr
    text = run_cli(*args, ".", cwd=tmp_path)
    assert text.returncode == 2 and text.stdout == ""


def test_format_check_on_an_empty_folder_warns_as_lint_does(tmp_path: Path) -> None:
    from cli_runner import run_cli as realms

    (tmp_path / "empty").mkdir()
    result = realms("format", "--check", "empty", cwd=tmp_path)
    assert result.returncode == 0
    assert "realms format: warning: no *.realm.json files found" in result.stderr
    lint = run_cli("empty", cwd=tmp_path)
    assert "warning: no *.realm.json" in lint.stderr


# --- SARIF as code scanning reads it -----------------------------------------------------

def test_every_rule_has_help_and_a_link_to_its_row_in_the_docs() -> None:
    from cli_runner import run_cli as realms

    from editor.lint.output import to_sarif
    from editor.project import DOCUMENTATION_URL

    driver = to_sarif([])["runs"][0]["tool"]["driver"]
    assert driver["informationUri"].endswith("/docs/lint-output.md")
    docs = (REPO / "docs" / "lint.md").read_text(encoding="utf-8")
    assert [r["id"] for r in driver["rules"]] == list(all_rules())
    for rule in driver["rules"]:
        assert rule["fullDescription"]["text"].startswith(rule["id"])
        assert rule["shortDescription"]["text"] in rule["help"]["text"]
        # the help is the whole documentation (realms rule's), readable with no network
        assert rule["help"]["text"] == realms("rule", rule["id"]).stdout.rstrip("\n")
        assert "http" not in rule["help"]["text"] + rule["help"]["markdown"]
        assert rule["helpUri"].startswith(DOCUMENTATION_URL + "/lint.md#")
        page, _, anchor = rule["helpUri"].partition("#")
        assert page.endswith("/docs/lint.md")
        assert f'<a id="{anchor}"></a>{rule["id"]}' in docs, rule["id"]


def _project(tmp_path: Path) -> Path:
    """A repository (its ``.git``) with a scenario two folders down, and one outside it."""
    project = tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    (project / "deep" / "er").mkdir(parents=True)
    write(project / "deep" / "er", TINY, "syntax.realm.json")
    write(tmp_path, TINY, "new1.realm.json")
    return project


def test_sarif_uris_are_relative_to_the_repository_root_from_a_subfolder(tmp_path: Path
                                                                          ) -> None:
    project = _project(tmp_path)
    result = run_cli("--format", "sarif", "er", "../../new1.realm.json", cwd=project / "deep")
    log = valid_sarif(result.stdout)
    run = log["runs"][0]
    root_uri = run["originalUriBaseIds"]["%SRCROOT%"]["uri"]
    assert root_uri == project.resolve().as_uri() + "/"
    locations = uris(log)
    assert {"uri": "deep/er/syntax.realm.json", "uriBaseId": "%SRCROOT%"} in locations
    outside = [loc for loc in locations if "uriBaseId" not in loc]
    assert outside and {loc["uri"] for loc in outside} == {
        (tmp_path / "new1.realm.json").resolve().as_uri()}


def test_a_worktree_git_file_marks_the_root_too(tmp_path: Path) -> None:
    project = _project(tmp_path)
    (project / ".git").rmdir()
    (project / ".git").write_text("gitdir: /elsewhere/.git/worktrees/x\n", encoding="utf-8")
    result = run_cli("--format", "sarif", ".", cwd=project / "deep" / "er")
    assert {loc["uri"] for loc in uris(valid_sarif(result.stdout))} == {
        "deep/er/syntax.realm.json"}


def test_root_option_sets_srcroot(tmp_path: Path) -> None:
    project = _project(tmp_path)
    result = run_cli("--format", "sarif", "--root", "deep", "deep", cwd=project)
    log = valid_sarif(result.stdout)
    assert log["runs"][0]["originalUriBaseIds"]["%SRCROOT%"]["uri"] == (
        (project / "deep").resolve().as_uri() + "/")
    assert {loc["uri"] for loc in uris(log)} == {"er/syntax.realm.json"}


def test_hostile_names_stay_percent_encoded_under_srcroot(tmp_path: Path) -> None:
    (tmp_path / "a dir").mkdir()
    write(tmp_path / "a dir", TINY, "x#1?:%.realm.json")
    log = valid_sarif(run_cli("--format", "sarif", ".", cwd=tmp_path).stdout)
    (location,) = {json.dumps(loc) for loc in uris(log)}
    uri = json.loads(location)["uri"]
    assert re.fullmatch(r"[A-Za-z0-9\-._~/%]+", uri), uri
    assert unquote(uri) == "a dir/x#1?:%.realm.json"
