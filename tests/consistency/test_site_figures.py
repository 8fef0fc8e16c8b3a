"""The site's balance figures are `realms balance`'s (issue 29): the same rows, values and
flags, read out of the built pages. The site is built for one shipped scenario and one
generated realm (seconds per scenario; test_balance_agree covers the whole corpus)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from balance_read import agree, from_html, from_json
from cli_runner import run_cli
from realm_corpus import Realm

SITE_REALMS = ("booklet/03-go-east", "generated-4p-surface-seed15")


def _balance_json(path: Path) -> str:
    result = run_cli("balance", path, "--format", "json")
    assert result.returncode == 0, result.stderr
    return result.stdout


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
    as_json = from_json(_balance_json(realm.path))
    assert sorted(on_site) == sorted(as_json)
    problems = [f"{players}p {p}" for players, expected in as_json.items()
                for p in agree(expected, on_site[players], "site")]
    assert not problems, "\n".join(problems)
