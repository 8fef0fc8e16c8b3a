"""``--format gitlab`` and ``--format junit`` (editor/lint/ci_reports.py), each checked
against its published structure: the GitLab Code Quality report against a JSON Schema
written from GitLab's documentation (tests/data/gitlab-code-quality.schema.json), JUnit
XML parsed and held to the elements and attributes JUnit readers (Jenkins, GitLab) use."""

from __future__ import annotations

import json
from pathlib import Path
from xml.etree import ElementTree

import jsonschema
import pytest
from lint_support import REPO, run_cli, scenario, tile, write

GITLAB_SCHEMA = json.loads((REPO / "tests" / "data" / "gitlab-code-quality.schema.json")
                           .read_text(encoding="utf-8"))
TINY = scenario([tile("L1", 0, 0), tile("L2", 1, 0)])  # findings for every player count
HIGHLAND = REPO / "scenarios" / "highland-crossing.realm.json"
CASE_CHILDREN = {"failure", "error", "skipped", "system-out", "system-err"}


@pytest.fixture
def collection(tmp_path: Path) -> Path:
    """Two files with findings (one with XML's and a shell's special characters and a
    control character in its name) and one clean, in a repository; runs start at its root."""
    (tmp_path / ".git").mkdir()
    folder = tmp_path / "realms"
    folder.mkdir()
    write(folder, TINY, "tiny.realm.json")
    write(folder, TINY, "odd <&\"'>\x01.realm.json")
    (folder / "clean.realm.json").write_bytes(HIGHLAND.read_bytes())
    return tmp_path


def test_gitlab_report_follows_the_published_structure(collection: Path) -> None:
    result = run_cli("--format", "gitlab", "realms", cwd=collection)
    assert result.returncode == 1, result.stderr
    issues = json.loads(result.stdout)
    jsonschema.Draft7Validator(GITLAB_SCHEMA).validate(issues)
    assert len(issues) >= 2
    assert len({issue["fingerprint"] for issue in issues}) == len(issues)  # never merged
    paths = {issue["location"]["path"] for issue in issues}
    assert "realms/tiny.realm.json" in paths  # relative to the repository root
    assert {issue["severity"] for issue in issues} <= {"major", "minor", "info"}
    json_findings = json.loads(run_cli("--format", "json", "realms", cwd=collection).stdout)
    assert len(issues) == len(json_findings)
    again = json.loads(run_cli("--format", "gitlab", "realms", cwd=collection).stdout)
    assert [i["fingerprint"] for i in again] == [i["fingerprint"] for i in issues]


def test_gitlab_report_of_nothing_is_an_empty_array(tmp_path: Path) -> None:
    result = run_cli("--format", "gitlab", str(tmp_path / "missing"))
    assert result.returncode == 2 and json.loads(result.stdout) == []
    jsonschema.Draft7Validator(GITLAB_SCHEMA).validate([])


def _int(element: ElementTree.Element, name: str) -> int:
    value = int(element.attrib[name])
    assert value >= 0
    return value


def valid_junit(text: str) -> ElementTree.Element:
    """The document parsed, with the structure JUnit readers expect asserted."""
    assert text.startswith('<?xml version="1.0" encoding="UTF-8"?>\n')
    root = ElementTree.fromstring(text.encode("utf-8"))
    assert root.tag == "testsuites" and root.attrib["name"]
    totals = {"tests": 0, "failures": 0, "errors": 0}
    for suite in root:
        assert suite.tag == "testsuite" and suite.attrib["name"]
        cases = list(suite)
        assert all(case.tag == "testcase" for case in cases) and cases
        assert _int(suite, "tests") == len(cases)
        assert _int(suite, "failures") == sum(case.find("failure") is not None
                                              for case in cases)
        assert _int(suite, "errors") == sum(case.find("error") is not None for case in cases)
        for case in cases:
            assert case.attrib["name"] and case.attrib["classname"]
            assert {child.tag for child in case} <= CASE_CHILDREN
            for problem in case:
                assert problem.attrib["message"] and problem.attrib["type"]
        for name in totals:
            totals[name] += _int(suite, name)
    assert {name: _int(root, name) for name in totals} == totals
    return root


def test_junit_report_follows_the_published_structure(collection: Path) -> None:
    result = run_cli("--format", "junit", "realms", cwd=collection)
    assert result.returncode == 1, result.stderr
    root = valid_junit(result.stdout)
    suites = {suite.attrib["name"]: suite for suite in root}
    assert set(suites) == {"realms/clean.realm.json", "realms/tiny.realm.json",
                           "realms/odd <&\"'>\\x01.realm.json"}
    clean = list(suites["realms/clean.realm.json"])
    assert len(clean) == 1 and clean[0].find("failure") is None  # a passing test
    json_findings = json.loads(run_cli("--format", "json", "realms", cwd=collection).stdout)
    assert _int(root, "failures") == len(json_findings)
    codes = {case.attrib["name"] for case in suites["realms/tiny.realm.json"]}
    assert codes == {f["code"] for f in json_findings if f["path"].endswith("tiny.realm.json")}


def test_junit_report_holds_run_level_errors(collection: Path) -> None:
    result = run_cli("--format", "junit", "realms/clean.realm.json", "missing", cwd=collection)
    assert result.returncode == 2
    root = valid_junit(result.stdout)
    assert _int(root, "errors") == 1 and _int(root, "failures") == 0
    error = root.find("testsuite/testcase/error")
    assert error is not None and "missing" in error.attrib["message"]
