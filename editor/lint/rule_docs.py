"""Each lint rule's documentation, worded once from the registry: what ``realms rule CODE``
prints offline (as ``ruff rule`` does), the help SARIF carries for every rule, and the link
to the rule's row of the table in ``docs/lint.md`` (whose anchors
tests/messages/test_lint_docs.py writes with :func:`rule_anchor`).

The help is complete without the link: a SARIF viewer or a terminal with no network still
shows what the rule reports, when it runs and how to select or silence it. The link's
address comes from ``[project.urls]`` (:mod:`editor.project`).
"""

from __future__ import annotations

from editor.lint.registry import Rule
from editor.lint.suppress import protected
from editor.project import DOCUMENTATION_URL

LINT_DOC_URL = f"{DOCUMENTATION_URL}/lint.md"
OUTPUT_DOC_URL = f"{DOCUMENTATION_URL}/lint-output.md"

# When a rule of each scope runs (editor/lint/registry.py's SCOPES).
SCOPE_TEXT = {
    "load": "while the file is read and checked against the schema, before any other rule",
    "document": "once per file, on the document as written",
    "count": "once for each player count the scenario supports, on the pieces in play for it",
    "realm": ("once for each player count, on the realm derived from the tiles (regions, "
              "adjacency, water bodies)"),
}


def rule_anchor(code: str) -> str:
    """The HTML id of ``code``'s row in docs/lint.md's rule table (``g012``)."""
    return code.lower()


def rule_help_uri(code: str) -> str:
    return f"{LINT_DOC_URL}#{rule_anchor(code)}"


def rule_full_description(rule: Rule) -> str:
    return (f"{rule.code} ({rule.family} rule, default severity {rule.severity}): "
            f"{rule.summary}.")


def _sections(rule: Rule) -> list[tuple[str, list[str]]]:
    """The rule's documentation as (heading, paragraphs or example lines), shared by the
    plain text and the Markdown."""
    code = rule.code
    if protected(code):
        in_file = [f"A scenario's own `lint.ignore` section cannot hide {code}: a file must not "
                   "declare itself clean. Only the collection's settings can."]
    else:
        in_file = ["A scenario that breaks the rule on purpose says so in its own lint "
                   "section, with a reason (players and region narrow the entry):",
                   f'"lint": {{"ignore": [{{"code": "{code}", "reason": "why this file '
                   'breaks the rule"}]}']
    return [
        ("What it reports", [f"{rule.summary[0].upper()}{rule.summary[1:]}. Each finding's "
                             "message names the place (a JSON path, and the regions or tiles "
                             "concerned) and ends, after ';', with how to fix it."]),
        ("When it runs", [f"{SCOPE_TEXT[rule.scope][0].upper()}{SCOPE_TEXT[rule.scope][1:]}."]),
        ("Selecting it", [f"For one run: `realms lint --select {code}` checks only this rule, "
                          f"`--ignore {code}` skips it.",
                          f'For a collection: `ignore = ["{code}"]` under `[tool.realms.lint]` '
                          "in pyproject.toml, or under `[lint]` in realms.toml."]),
        ("Silencing it in one file", in_file),
    ]


def rule_title(rule: Rule) -> str:
    return (f"{rule.code}: {rule.summary} ({rule.family} rule, default severity "
            f"{rule.severity})")


def rule_help(rule: Rule) -> tuple[str, str]:
    """The rule's whole documentation as (plain text, Markdown), with no web address in
    either: what ``realms rule`` prints and SARIF's ``help``."""
    text = [rule_title(rule)]
    markdown = [f"**{rule.code}** ({rule.family} rule, default severity `{rule.severity}`): "
                f"{rule.summary}."]
    for heading, lines in _sections(rule):
        text += ["", heading + ":"] + [f"  {line.replace('`', '')}" for line in lines]
        markdown += ["", f"**{heading}.**", ""]
        for line in lines:
            if line.startswith('"lint"'):
                markdown += ["", "```json", line, "```"]
            else:
                markdown.append(f"- {line}" if len(lines) > 1 else line)
    return "\n".join(text), "\n".join(markdown)
