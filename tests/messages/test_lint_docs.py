"""docs/lint.md documents every lint setting and every rule code, and cites nothing internal."""

from __future__ import annotations

import re
import textwrap
import tomllib
from pathlib import Path
from typing import Any

import pytest

from editor.lint.config import DEFAULTS_PATH, load_config
from editor.lint.registry import all_rules
from editor.lint.rule_docs import rule_anchor

REPO = Path(__file__).resolve().parents[2]
LINT_DOC = REPO / "docs" / "lint.md"
BEGIN = ("<!-- BEGIN rule table (tests/messages/test_lint_docs.py checks it against the "
         "registry) -->")
END = "<!-- END rule table -->"


def rule_table() -> str:
    """The rule table as docs/lint.md carries it (paste this when a rule changes)."""
    rows = ["| code | severity | family | what it reports |", "| --- | --- | --- | --- |"]
    rows += [f'| <a id="{rule_anchor(code)}"></a>{code} | {item.severity} | {item.family} | '
             f"{item.summary} |"
             for code, item in all_rules().items()]
    return "\n".join(rows)


def setting_keys(table: dict[str, Any], prefix: str = "") -> list[str]:
    keys = []
    for key, value in table.items():
        if isinstance(value, dict) and key != "default-turns":
            keys += setting_keys(value, f"{prefix}{key}.")
        else:
            keys.append(prefix + key)
    return keys


def test_the_rule_table_matches_the_registry() -> None:
    text = LINT_DOC.read_text(encoding="utf-8")
    block = text.split(BEGIN, 1)[1].split(END, 1)[0].strip()
    assert block == rule_table(), ("the rule table in docs/lint.md is stale: run `PYTHONPATH=. "
                                   "python tests/messages/test_lint_docs.py` to refresh it")


def test_every_setting_is_documented_with_its_default() -> None:
    text = LINT_DOC.read_text(encoding="utf-8")
    with DEFAULTS_PATH.open("rb") as handle:
        defaults = tomllib.load(handle)
    keys = setting_keys(defaults)
    assert len(keys) > 20
    for key in keys:
        row = next((line for line in text.splitlines() if line.startswith(f"| `{key}` |")), None)
        assert row is not None, f"setting {key} is not documented in docs/lint.md"
        section, _, name = key.rpartition(".")
        value = (defaults[section] if section else defaults)[name]
        shown = row.split("|")[2]
        if isinstance(value, bool):
            assert f"`{str(value).lower()}`" in shown, row
        elif isinstance(value, int | float):
            assert f"`{value}`" in shown, row


@pytest.mark.parametrize("doc", ["lint.md", "catalogue.md"])
def test_docs_cite_nothing_outside_the_repository(doc: str) -> None:
    text = (REPO / "docs" / doc).read_text(encoding="utf-8")
    assert not re.search(r"/work/|shared/|\bnotes/|\bbrief\b", text, re.IGNORECASE)


def test_the_documented_config_examples_load(tmp_path: Path) -> None:
    text = LINT_DOC.read_text(encoding="utf-8")
    blocks = [textwrap.dedent(b) for b in re.findall(r"```toml\n(.*?)```", text, re.DOTALL)]
    assert len(blocks) == 2
    for name, block in zip(("pyproject.toml", "realms.toml"), blocks, strict=True):
        path = tmp_path / name
        path.write_text(block, encoding="utf-8")
        config = load_config(path)
        assert config.source == str(path)
    pyproject = load_config(tmp_path / "pyproject.toml")
    assert (pyproject.fail_on, pyproject.inventory["lost_tribe"]) == ("warning", 36)
    assert load_config(tmp_path / "realms.toml").balance.regions_per_player_warn == (7, 11)


def test_the_readme_links_the_lint_doc() -> None:
    assert "`docs/lint.md`" in (REPO / "README.md").read_text(encoding="utf-8")


def _rewrite_table() -> None:
    """``PYTHONPATH=. python tests/messages/test_lint_docs.py`` refreshes the table after a
    rule change."""
    text = LINT_DOC.read_text(encoding="utf-8")
    head, rest = text.split(BEGIN, 1)
    tail = rest.split(END, 1)[1]
    LINT_DOC.write_text(f"{head}{BEGIN}\n{rule_table()}\n{END}{tail}", encoding="utf-8")


if __name__ == "__main__":
    _rewrite_table()
