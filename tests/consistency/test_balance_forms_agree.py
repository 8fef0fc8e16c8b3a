"""`realms balance` tells one story in text, JSON and HTML, and the site shows the same
figures (issue 29). The forms are compared to each other, never to fixed numbers, so these
tests keep holding when the balance standard changes."""

from __future__ import annotations

from pathlib import Path

import pytest
from balance_read import agree, from_html, from_json, from_text
from cli_runner import run_cli
from realm_corpus import NAMES, Realm


def _balance(path: Path, fmt: str) -> str:
    result = run_cli("balance", path, "--format", fmt)
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.mark.parametrize("name", NAMES)
def test_text_json_and_html_agree(corpus: dict[str, Realm], name: str) -> None:
    realm = corpus[name]
    as_json = from_json(_balance(realm.path, "json"))
    as_text = from_text(_balance(realm.path, "text"))
    as_html = from_html(_balance(realm.path, "html"))
    assert sorted(as_json) == sorted(as_text) == sorted(as_html) == list(realm.counts)
    problems = []
    for players, expected in as_json.items():
        if realm.empty:
            assert not expected, "a board without regions has no figures to compare"
        problems += [f"{players}p {p}" for p in agree(expected, as_text[players], "text")]
        problems += [f"{players}p {p}" for p in agree(expected, as_html[players], "html")]
        extra = set(as_text[players].rows) - set(expected)
        problems += [f"{players}p text: row {label!r} not in the JSON" for label in extra]
    assert not problems, f"{realm.command}:\n" + "\n".join(problems)
