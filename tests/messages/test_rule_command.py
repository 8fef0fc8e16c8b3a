"""``realms rule CODE`` prints a rule's documentation offline, as ``ruff rule`` does: the
same help SARIF carries, complete without a web address."""

from __future__ import annotations

import json
import re
from pathlib import Path

from cli_runner import run_cli

from editor.lint.registry import all_rules
from editor.model.schemas import iter_errors

REPO = Path(__file__).resolve().parents[2]


def test_one_rule_in_any_case() -> None:
    result = run_cli("rule", "b002")
    assert result.returncode == 0, result.stderr
    text = result.stdout
    assert text.startswith("B002: regions per player off 9")
    assert "default severity warning" in text
    for heading in ("What it reports:", "When it runs:", "Selecting it:",
                    "Silencing it in one file:"):
        assert f"\n{heading}\n" in text
    assert "realms lint --select B002" in text and "http" not in text


def test_a_file_cannot_silence_a_schema_rule_and_the_docs_say_so() -> None:
    text = run_cli("rule", "S003").stdout
    assert "cannot hide S003" in text and '"lint": {"ignore"' not in text


def test_the_lint_ignore_example_is_a_valid_entry() -> None:
    """The example a rule's docs give for silencing it validates against the schema."""
    text = run_cli("rule", "G010").stdout
    line = next(line.strip() for line in text.splitlines() if '"lint"' in line)
    data = json.loads((REPO / "scenarios" / "highland-crossing.realm.json").read_text("utf-8"))
    data.update(json.loads("{" + line + "}"))
    assert list(iter_errors("scenario", data)) == []
    assert data["lint"]["ignore"][0]["code"] == "G010"


def test_all_rules_as_text_markdown_and_json() -> None:
    codes = list(all_rules())
    text = run_cli("rule", "--all").stdout
    assert re.findall(r"^([A-Z]\d{3}): ", text, re.MULTILINE) == codes
    markdown = run_cli("rule", "--all", "--format", "markdown").stdout
    assert re.findall(r"^\*\*([A-Z]\d{3})\*\*", markdown, re.MULTILINE) == codes
    documents = json.loads(run_cli("rule", "--all", "--format", "json").stdout)
    assert [d["code"] for d in documents] == codes
    one = json.loads(run_cli("rule", "R007", "--format", "json").stdout)
    assert one == documents[codes.index("R007")]
    assert set(one) == {"code", "family", "severity", "scope", "summary", "text", "markdown"}


def test_an_unknown_code_or_no_code_is_a_usage_error() -> None:
    wrong = run_cli("rule", "B02")
    assert wrong.returncode == 2 and wrong.stdout == ""
    assert "no rule 'B02'; did you mean B002?" in wrong.stderr
    assert "Traceback" not in wrong.stderr
    for args in (("rule",), ("rule", "B002", "--all")):
        neither = run_cli(*args)
        assert neither.returncode == 2 and "name one rule" in neither.stderr
