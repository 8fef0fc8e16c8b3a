"""SARIF 2.1.0 logs as code scanning reads them.

GitHub's upload-sarif, VS Code's SARIF viewer and other consumers resolve each result's
``artifactLocation`` against ``originalUriBaseIds``: URIs here are relative to
``%SRCROOT%`` (the repository root: the git top level of the working folder, or
``--root``), whatever folder the run started in, and a file outside the root gets an
absolute ``file://`` URI. Every run writes one valid log, even with nothing to lint or a
path that does not exist: what could not be done goes into the invocation's
``toolExecutionNotifications`` and ``executionSuccessful`` is false.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.parse import quote

from editor import __version__
from editor.lint.findings import Finding
from editor.lint.registry import all_rules
from editor.lint.rule_docs import (
    OUTPUT_DOC_URL,
    rule_full_description,
    rule_help,
    rule_help_uri,
)

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
SARIF_LEVEL = {"error": "error", "warning": "warning", "info": "note"}
SRCROOT = "%SRCROOT%"


def source_root(start: Path | None = None) -> Path:
    """The git top level at or above ``start`` (default: the working folder), found by
    its ``.git`` folder or, in a worktree or submodule, its ``.git`` file; ``start``
    itself outside any repository. Found without running git, which a CI image may lack."""
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        with contextlib.suppress(OSError):
            if (folder / ".git").exists():
                return folder
    return here


def _root_uri(root: Path) -> str:
    """``root`` as an absolute ``file://`` URI ending in ``/`` (SARIF 3.14.14 wants the
    slash, so relative URIs resolve inside it)."""
    uri = root.as_uri()
    return uri if uri.endswith("/") else uri + "/"


def artifact_location(path: str, root: Path) -> dict[str, str]:
    """``path`` relative to ``root`` as a percent-encoded relative URI reference with
    ``uriBaseId`` %SRCROOT% (a file name may hold ``%``, ``#``, ``?``, spaces or
    newlines; ``:`` is encoded too, so a first segment never reads as a scheme); a file
    outside ``root`` as an absolute ``file://`` URI."""
    candidate = Path(path)
    resolved = candidate
    with contextlib.suppress(OSError, RuntimeError):  # RuntimeError: a link loop
        resolved = Path(os.path.abspath(candidate)).resolve()
    try:
        relative = resolved.relative_to(root)
    except ValueError:
        if resolved.is_absolute():
            return {"uri": resolved.as_uri()}
        relative = resolved
    return {"uri": quote(relative.as_posix(), safe="/", errors="surrogateescape"),
            "uriBaseId": SRCROOT}


def _rules() -> list[dict[str, Any]]:
    rules = []
    for item in all_rules().values():
        text, markdown = rule_help(item)
        rules.append({
            "id": item.code,
            "name": item.code,
            "shortDescription": {"text": item.summary},
            "fullDescription": {"text": rule_full_description(item)},
            "help": {"text": text, "markdown": markdown},
            "helpUri": rule_help_uri(item.code),
            "defaultConfiguration": {"level": SARIF_LEVEL[item.severity]},
            "properties": {"family": item.family},
        })
    return rules


def _result(finding: Finding, root: Path, index: dict[str, int]) -> dict[str, Any]:
    result: dict[str, Any] = {
        "ruleId": finding.code,
        "level": SARIF_LEVEL[finding.severity],
        "message": {"text": finding.message},
        "locations": [{
            "physicalLocation": {
                "artifactLocation": artifact_location(finding.path, root),
                "region": {"startLine": finding.line, "startColumn": finding.column},
            },
            "logicalLocations": [{"fullyQualifiedName": finding.json_path,
                                  "kind": "element"}],
        }],
        "properties": {"players": list(finding.player_counts),
                       "regions": list(finding.regions), "tiles": list(finding.tiles)},
    }
    if finding.code in index:
        result["ruleIndex"] = index[finding.code]
    return result


def sarif_log(findings: Sequence[Finding], *, root: Path | None = None,
              errors: Sequence[tuple[str, str]] = (), successful: bool = True
              ) -> dict[str, Any]:
    """The log of one run. ``errors`` are (path or "", message) pairs of what stopped part
    of the run outside any file's findings (a path that does not exist, a bad setting);
    with them, or with ``successful`` false, the invocation says it did not succeed."""
    base = source_root() if root is None else root.resolve()
    rules = _rules()
    index = {rule["id"]: i for i, rule in enumerate(rules)}
    notifications = []
    for path, message in errors:
        notification: dict[str, Any] = {"level": "error", "message": {"text": message},
                                        "descriptor": {"id": "realms-lint/usage"}}
        if path:
            notification["locations"] = [{"physicalLocation": {
                "artifactLocation": artifact_location(path, base)}}]
        notifications.append(notification)
    invocation: dict[str, Any] = {"executionSuccessful": successful and not errors}
    if notifications:
        invocation["toolExecutionNotifications"] = notifications
    return {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "realms-lint",
                "version": __version__,
                "informationUri": OUTPUT_DOC_URL,
                "rules": rules,
            }},
            "originalUriBaseIds": {SRCROOT: {"uri": _root_uri(base)}},
            "invocations": [invocation],
            "columnKind": "unicodeCodePoints",
            "results": [_result(f, base, index) for f in findings],
        }],
    }
