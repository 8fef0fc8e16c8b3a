"""`realms balance` tells one story in text, JSON and HTML, and the site shows the same
figures (issue 29). The forms are compared to each other, never to fixed numbers, so these
tests keep holding when the balance standard changes."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from balance_read import Count, from_html, from_json, from_text, same_value
from cli_runner import run_cli
from realm_corpus import NAMES, Realm

# The site is built for one shipped scenario and one generated realm (a site build is
# seconds per scenario; the per-realm agreement above covers the corpus).
SITE_REALMS = ("booklet/03-go-east", "generated-4p-surface-seed15")


def _balance(path: Path, fmt: str) -> str:
    result = run_cli("balance", path, "--format", fmt)
    assert result.returncode == 0, result.stderr
    return result.stdout


def _agree(expected: dict[str, tuple[object, bool]], shown: Count, form: str) -> list[str]:
    """What ``shown`` (one count of one form) says differently from the JSON report."""
    problems = [f"{form}: no row {label!r}" for label in expected if label not in shown.rows]
    for label, (value, outside) in expected.items():
        row = shown.rows.get(label)
        if row is None:
            continue
        if not same_value(row.value, value):
            problems.append(f"{form}: {label} shows {row.value}, JSON {value}")
        if row.outside != outside:
            problems.append(f"{form}: {label} flagged {row.outside}, JSON {outside}")
    flagged = sum(outside for _, outside in expected.values())
    if expected and shown.outside != flagged:
        problems.append(f"{form}: says {shown.outside} metrics outside, JSON flags {flagged}")
    return problems


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
        problems += [f"{players}p {p}" for p in _agree(expected, as_text[players], "text")]
        problems += [f"{players}p {p}" for p in _agree(expected, as_html[players], "html")]
        extra = set(as_text[players].rows) - set(expected)
        problems += [f"{players}p text: row {label!r} not in the JSON" for label in extra]
    assert not problems, f"{realm.command}:\n" + "\n".join(problems)


@pytest.fixture(scope="module")
def site(corpus: dict[str, Realm], tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("balance-site")
    for name in SITE_REALMS:
        shutil.copy(corpus[name].path, root / corpus[name].path.name)
    result = run_cli("site", root, "-o", root / "site")
    assert result.returncode == 0, result.stderr
    return root / "site"


@pytest.mark.parametrize("name", SITE_REALMS)
def test_the_site_shows_the_reports_figures(corpus: dict[str, Realm], site: Path,
                                            name: str) -> None:
    realm = corpus[name]
    stem = realm.path.name.removesuffix(".realm.json")
    pages = [p for p in site.glob("s/*/index.html") if (p.parent / realm.path.name).exists()]
    assert len(pages) == 1, f"no page of {stem} in {sorted(site.glob('s/*'))}"
    on_site = from_html(pages[0].read_text(encoding="utf-8"))
    as_json = from_json(_balance(realm.path, "json"))
    assert sorted(on_site) == sorted(as_json)
    problems = [f"{players}p {p}" for players, expected in as_json.items()
                for p in _agree(expected, on_site[players], "site")]
    assert not problems, "\n".join(problems)
