"""Building the site: stable bytes, incremental rebuilds, bad files, well-formed SVG."""

from __future__ import annotations

import json
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from editor.site.build import build_site
from tests.site.conftest import SCENARIOS, build, hostile_scenario

BOOKLET = SCENARIOS / "booklet"


def _tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes()
            for p in sorted(root.rglob("*")) if p.is_file()}


def _collection(tmp_path: Path, names: tuple[str, ...]) -> Path:
    folder = tmp_path / "collection"
    folder.mkdir()
    for name in names:
        shutil.copy(BOOKLET / name, folder / name)
    return folder


def test_a_page_keeps_its_address_when_a_same_named_scenario_comes_or_goes(
        tmp_path: Path) -> None:
    """Two files whose names make the same slug are numbered (``go-east``,
    ``go-east-2``); removing the first gave the second the bare slug, so a link shared to
    ``go-east-2`` found nothing and one to ``go-east`` showed another scenario."""
    folder = tmp_path / "collection"
    folder.mkdir()
    spaced, dashed = folder / "go east.realm.json", folder / "go-east.realm.json"
    shutil.copy(BOOKLET / "01-my-precious-world.realm.json", spaced)  # sorts first
    shutil.copy(BOOKLET / "03-go-east.realm.json", dashed)
    out = tmp_path / "out"

    def shown() -> dict[str, str]:
        return {page.parent.name: "Go East" if "Go East" in page.read_text(encoding="utf-8")
                else "other" for page in (out / "s").glob("*/index.html")}

    build_site([folder], out)
    assert shown() == {"go-east": "other", "go-east-2": "Go East"}
    spaced.unlink()
    build_site([folder], out)
    assert shown() == {"go-east-2": "Go East"}
    shutil.copy(BOOKLET / "01-my-precious-world.realm.json", spaced)
    build_site([folder], out)
    assert shown() == {"go-east": "other", "go-east-2": "Go East"}


def test_same_input_gives_the_same_bytes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = _collection(tmp_path, ("01-my-precious-world.realm.json",
                                    "05-the-rusted-throne.realm.json"))
    monkeypatch.chdir(tmp_path)
    assert build([Path("collection")], tmp_path / "a", "--images", "png,pdf") == 0
    assert build([Path("collection")], tmp_path / "b", "--images", "png,pdf") == 0
    first, second = _tree(tmp_path / "a"), _tree(tmp_path / "b")
    assert first == second
    assert any(name.endswith(".pdf") for name in first)
    assert any(name.endswith(".png") for name in first)
    assert not any(str(tmp_path).encode() in data for data in first.values())
    del folder


def test_rebuild_redoes_only_changed_scenarios(tmp_path: Path) -> None:
    folder = _collection(tmp_path, ("01-my-precious-world.realm.json",
                                    "03-go-east.realm.json"))
    out = tmp_path / "out"
    report = build_site([folder], out)
    assert len(report.rebuilt) == 2
    again = build_site([folder], out)
    assert again.rebuilt == [] and len(again.unchanged) == 2
    data = json.loads((folder / "03-go-east.realm.json").read_text())
    data["title"] = "Go East, changed"
    (folder / "03-go-east.realm.json").write_text(json.dumps(data))
    third = build_site([folder], out)
    assert [Path(s).name for s in third.rebuilt] == ["03-go-east.realm.json"]
    assert "Go East, changed" in (out / "index.html").read_text()
    (folder / "01-my-precious-world.realm.json").unlink()
    fourth = build_site([folder], out)
    assert fourth.scenarios == 1 and fourth.removed
    assert not (out / "s" / "01-my-precious-world").exists()


def test_a_file_that_cannot_load_gets_a_card_and_the_rest_is_built(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _collection(tmp_path, ("01-my-precious-world.realm.json",))
    (folder / "broken.realm.json").write_text('{"title": "half', encoding="utf-8")
    out = tmp_path / "out"
    assert build([folder], out) == 0
    printed = capsys.readouterr().out
    assert "1 could not be loaded" in printed and "broken.realm.json" in printed
    index = (out / "index.html").read_text()
    assert "cannot load" in index and "My Precious" in index
    page = (out / "s" / "broken" / "index.html").read_text()
    assert "This file could not be loaded" in page and "broken.realm.json:1:" in page


def test_every_embedded_svg_is_well_formed(tmp_path: Path) -> None:
    source = tmp_path / "evil.realm.json"
    source.write_text(json.dumps(hostile_scenario()), encoding="utf-8")
    out = tmp_path / "out"
    assert build([source, SCENARIOS / "highland-crossing.realm.json"], out) == 0
    svgs = 0
    for page in out.glob("s/*/index.html"):
        html = page.read_text(encoding="utf-8")
        start = 0
        while (start := html.find("<svg", start)) >= 0:
            end = html.index("</svg>", start) + len("</svg>")
            ET.fromstring(html[start:end])
            svgs += 1
            start = end
    for thumb in out.glob("s/*/thumb.svg"):
        ET.fromstring(thumb.read_bytes())
    assert svgs >= 4
    assert "\x07" not in (out / "index.html").read_text(encoding="utf-8")


def test_bad_arguments_exit_2_with_a_message(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert build([tmp_path / "missing"], tmp_path / "out") == 2
    assert "missing: no such file or folder" in capsys.readouterr().err
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert build([BOOKLET / "01-my-precious-world.realm.json"], blocker) == 2
    assert "is not a folder" in capsys.readouterr().err
    assert build([BOOKLET], tmp_path / "o", "--images", "gif") == 2
    assert "--images" in capsys.readouterr().err


def test_base_url_gives_canonical_links(tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert build([BOOKLET / "05-the-rusted-throne.realm.json"], out,
                 "--base-url", "https://example.org/realms") == 0
    page = (out / "s" / "05-the-rusted-throne" / "index.html").read_text()
    assert ('<link rel="canonical" href="https://example.org/realms/s/05-the-rusted-throne/'
            'index.html">') in page


def test_site_without_images_never_imports_qt_and_shows_progress(tmp_path: Path) -> None:
    import subprocess
    import sys

    code = ("import json, sys\nfrom editor.cli.main import main\n"
            f"status = main(['site', {str(BOOKLET)!r}, '-o', {str(tmp_path / 'out')!r}, "
            "'--progress', 'always', '--jobs', '1'])\n"
            "print(json.dumps([status, sorted(m for m in sys.modules "
            "if m.split('.')[0] == 'PySide6')]))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=600, check=False)
    assert json.loads(done.stdout.strip().splitlines()[-1]) == [0, []], done.stderr
    files = len(list(BOOKLET.glob("*.realm.json")))
    assert f"] {files}/{files} " in done.stderr and "] 1/" in done.stderr


def test_templates_are_not_listed(shipped_site: Path) -> None:
    """scenarios/README.md says the blank templates are not listed (issue 29 point 4)."""
    index = (shipped_site / "index.html").read_text(encoding="utf-8")
    assert "Untitled" not in index
    assert not any("template" in page.name for page in (shipped_site / "s").iterdir())
    assert (shipped_site / "s" / "booklet-01-my-precious-world").is_dir()


def test_a_one_star_scenario_is_not_called_1_stars(shipped_site: Path) -> None:
    """Issue 29: "1 stars" on the cards of the booklet's one-star scenarios."""
    index = (shipped_site / "index.html").read_text(encoding="utf-8")
    assert 'title="1 star"' in index
    assert "1 stars" not in index


def test_paths_are_shown_relative_to_the_collection_never_absolute(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29: cards and pages printed the builder's path as typed (``/home/…``)."""
    collection = tmp_path / "home" / "someone" / "my-realms"
    (collection / "booklet").mkdir(parents=True)
    (collection / "realms.toml").write_text("", encoding="utf-8")  # marks the collection root
    for name in ("05-the-rusted-throne.realm.json", "07-crops-of-power.realm.json"):
        shutil.copy(BOOKLET / name, collection / "booklet" / name)
    (collection / "booklet" / "broken.realm.json").write_text('{"title": "half',
                                                              encoding="utf-8")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    out = tmp_path / "out"
    assert build([collection.resolve() / "booklet"], out) == 0
    index = (out / "index.html").read_text(encoding="utf-8")
    assert "<code>booklet/05-the-rusted-throne.realm.json</code>" in index
    page = (out / "s" / "05-the-rusted-throne" / "index.html").read_text(encoding="utf-8")
    assert ">booklet/05-the-rusted-throne.realm.json</a>" in page
    broken = (out / "s" / "broken" / "index.html").read_text(encoding="utf-8")
    assert "booklet/broken.realm.json:1:" in broken
    leaks = {name: data for name, data in _tree(out).items()
             if str(tmp_path).encode() in data or str(tmp_path.resolve()).encode() in data}
    assert leaks == {}, sorted(leaks)
