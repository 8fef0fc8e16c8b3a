"""Where each lint rule is documented, and the help text machine formats carry with it.

SARIF viewers (GitHub code scanning, VS Code's SARIF viewer) show a rule's help and link
to ``helpUri`` next to every alert; both are worded here once, from the registry, so the
link always lands on the rule's row of the table in ``docs/lint.md`` (whose anchors
tests/messages/test_lint_docs.py writes with :func:`rule_anchor`).
"""

from __future__ import annotations

from editor.lint.registry import Rule
from editor.project import REPOSITORY_URL

DOCS_URL = f"{REPOSITORY_URL}/blob/main/docs"
LINT_DOC_URL = f"{DOCS_URL}/lint.md"
OUTPUT_DOC_URL = f"{DOCS_URL}/lint-output.md"


def rule_anchor(code: str) -> str:
    """The HTML id of ``code``'s row in docs/lint.md's rule table (``g012``)."""
    return code.lower()


def rule_help_uri(code: str) -> str:
    return f"{LINT_DOC_URL}#{rule_anchor(code)}"


def rule_full_description(rule: Rule) -> str:
    return (f"{rule.code} ({rule.family} rule, default severity {rule.severity}): "
            f"{rule.summary}.")


def rule_help(rule: Rule) -> tuple[str, str]:
    """The rule's help as (plain text, Markdown): what it reports, how a finding says what
    to do, and how a deliberate exception is written down."""
    uri = rule_help_uri(rule.code)
    body = (f"{rule.code} reports {rule.summary}. Each finding's message names the place "
            "and ends, after ';', with how to fix it. A scenario that breaks the rule on "
            f"purpose says so in its own lint.ignore section with a reason; --select and "
            f"--ignore (or [tool.realms.lint] in pyproject.toml) choose the rules a run "
            f"checks.")
    text = f"{body} Documentation: {uri}"
    markdown = (f"**{rule.code}** ({rule.family}, default `{rule.severity}`) reports "
                f"{rule.summary}.\n\nEach finding's message names the place and ends, after "
                "`;`, with how to fix it. A scenario that breaks the rule on purpose says so "
                "in its own `lint.ignore` section with a reason; `--select` and `--ignore` (or "
                "`[tool.realms.lint]` in `pyproject.toml`) choose the rules a run checks.\n\n"
                f"[{rule.code} in the rule table]({uri})")
    return text, markdown
