"""Two more report formats CI systems read, as ruff writes them: a GitLab Code Quality
report (``--format gitlab``) and JUnit XML (``--format junit``).

**GitLab Code Quality** is a JSON array with one object per finding, the subset of the
Code Climate issue format GitLab's merge-request widget reads: ``description``,
``check_name`` (the rule code), ``fingerprint`` (unique per finding: GitLab shows only
the first of equal ones), ``severity`` (error ``major``, warning ``minor``, info
``info``) and ``location`` (``path`` relative to the repository root, ``/`` separated;
``lines.begin``). A run-level error (a path that does not exist) has no file to point at
and goes to stderr only, with exit status 2.

**JUnit XML** has one ``<testsuite>`` per linted file (named by its path), each finding a
``<testcase>`` named by its code holding a ``<failure>`` (its ``type`` the severity), and
a clean file one passing test case, so a CI test view lists every file; a run-level error
is a test case with an ``<error>`` in a suite of its own. Text is shown with control
characters escaped (XML 1.0 cannot hold most of them).
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Sequence
from pathlib import Path
from xml.etree import ElementTree

from editor.escaping import display_text
from editor.lint.findings import Finding

GITLAB_SEVERITY = {"error": "major", "warning": "minor", "info": "info"}
SUITE = "realms lint"


def _relative(path: str, root: Path) -> str:
    """``path`` relative to ``root`` with ``/`` separators (GitLab links it in the repo)."""
    try:
        shown = os.path.relpath(os.path.abspath(path), root)
    except ValueError:  # another drive (Windows)
        shown = os.path.abspath(path)
    return shown.replace(os.sep, "/")


def gitlab_report(findings: Sequence[Finding], *, root: Path | None = None) -> str:
    """The Code Quality report of ``findings`` (relative to ``root``, by default the git
    top level of the working folder)."""
    from editor.lint.sarif import source_root

    base = source_root() if root is None else root.resolve()
    issues = []
    seen: dict[str, int] = {}
    for finding in findings:
        path = _relative(finding.path, base)
        where = f"{finding.json_path}: " if finding.json_path not in ("", "$") else ""
        digest = hashlib.sha256("\0".join((
            finding.code, path, finding.json_path, finding.message,
            ",".join(map(str, finding.player_counts)))).encode("utf-8", "surrogateescape"))
        fingerprint = digest.hexdigest()
        seen[fingerprint] = repeat = seen.get(fingerprint, 0) + 1
        if repeat > 1:  # the same finding twice in one file: still one fingerprint each
            fingerprint = hashlib.sha256(f"{fingerprint}:{repeat}".encode()).hexdigest()
        issues.append({
            "description": display_text(f"{finding.code} {where}{finding.message}"),
            "check_name": finding.code,
            "fingerprint": fingerprint,
            "severity": GITLAB_SEVERITY.get(finding.severity, "major"),
            "location": {"path": display_text(path),
                         "lines": {"begin": max(finding.line, 1)}},
        })
    return json.dumps(issues, indent=2, ensure_ascii=False) + "\n"


def junit_report(findings: Sequence[Finding], files: Sequence[str],
                 errors: Sequence[tuple[str, str]] = ()) -> str:
    """JUnit XML of a run over ``files`` (shown paths), with ``errors`` ((path or "",
    message) pairs of what stopped part of the run outside any file)."""
    by_file: dict[str, list[Finding]] = {path: [] for path in files}
    for finding in findings:
        by_file.setdefault(finding.path, []).append(finding)
    suites = ElementTree.Element("testsuites", name=SUITE)
    total = failures = 0
    for path, found in by_file.items():
        shown = display_text(path)
        suite = ElementTree.SubElement(suites, "testsuite", name=shown, tests="0",
                                       failures=str(len(found)), errors="0", skipped="0")
        if not found:
            ElementTree.SubElement(suite, "testcase", name=SUITE, classname=shown)
        for finding in found:
            case = ElementTree.SubElement(suite, "testcase", name=finding.code,
                                          classname=shown, file=shown,
                                          line=str(finding.line))
            where = f"{finding.json_path}: " if finding.json_path not in ("", "$") else ""
            failure = ElementTree.SubElement(case, "failure",
                                             message=display_text(finding.message),
                                             type=finding.severity)
            failure.text = display_text(f"{path}:{finding.line}:{finding.column}: "
                                        f"{finding.code} [{finding.severity}] {where}"
                                        f"{finding.message}")
        suite.set("tests", str(max(len(found), 1)))
        total += max(len(found), 1)
        failures += len(found)
    if errors:
        suite = ElementTree.SubElement(suites, "testsuite", name=SUITE, tests=str(len(errors)),
                                       failures="0", errors=str(len(errors)), skipped="0")
        for path, message in errors:
            case = ElementTree.SubElement(suite, "testcase", name="usage",
                                          classname=display_text(path or SUITE))
            ElementTree.SubElement(case, "error", message=display_text(message),
                                   type="error").text = display_text(message)
        total += len(errors)
    suites.set("tests", str(total))
    suites.set("failures", str(failures))
    suites.set("errors", str(len(errors)))
    ElementTree.indent(suites)
    body = ElementTree.tostring(suites, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{body}\n'


__all__ = ["GITLAB_SEVERITY", "gitlab_report", "junit_report"]
