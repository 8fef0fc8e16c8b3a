"""``realms catalogue show`` (PNG/SVG/PDF tile sheets), ``new`` (a skeleton that passes
check), ``diff`` (tiles/sides/regions that differ) and ``realms lint --catalogue``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from editor.cli.main import main
from editor.model.catalogue import DEFAULT_CATALOGUE_PATH

REPO = Path(__file__).resolve().parents[2]
HIGHLAND = REPO / "scenarios" / "highland-crossing.realm.json"
MAGIC = {"png": b"\x89PNG\r\n\x1a\n", "pdf": b"%PDF-", "svg": b"<?xml"}


def test_show_draws_every_tile_as_a_readable_png(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "sheet.png"
    assert main(["catalogue", "show", str(DEFAULT_CATALOGUE_PATH), "-o", str(out)]) == 0
    assert out.read_bytes().startswith(MAGIC["png"])
    image = QImage(str(out))
    # 26 cards, four to a row, two large hexes each: big enough to read the region ids
    assert image.width() >= 1600 and image.height() >= 2000
    assert "26 tiles" in capsys.readouterr().err


@pytest.mark.parametrize("kind", ["svg", "pdf"])
def test_show_writes_svg_and_pdf_for_chosen_letters(tmp_path: Path, kind: str) -> None:
    out = tmp_path / f"sheet.{kind}"
    assert main(["catalogue", "show", str(DEFAULT_CATALOGUE_PATH), "A", "Q",
                 "--to", kind, "-o", str(out)]) == 0
    data = out.read_bytes()
    assert data.startswith(MAGIC[kind])
    if kind == "svg":
        text = data.decode("utf-8")
        assert ">A<" in text and ">Q<" in text and ">B<" not in text
        assert ">s1<" in text and ">u1<" in text


def test_show_refuses_an_unknown_letter(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "sheet.png"
    assert main(["catalogue", "show", str(DEFAULT_CATALOGUE_PATH), "A", "ZZ",
                 "-o", str(out)]) == 2
    assert "no tile 'ZZ'" in capsys.readouterr().err
    assert not out.exists()


def test_new_writes_26_tiles_that_check_clean(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "box.json"
    assert main(["catalogue", "new", "-o", str(out)]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert list(data["tiles"]) == [chr(c) for c in range(ord("A"), ord("Z") + 1)]
    assert data["tiles"]["A"]["surface"] == [
        {"id": "s1", "sectors": [0, 1, 2, 3, 4, 5], "terrain": "farmland"}]
    assert main(["catalogue", "check", str(out)]) == 0
    assert main(["catalogue", "new", "-o", str(out)]) == 2  # never overwrites silently
    assert "already exists" in capsys.readouterr().err


def test_new_with_a_prefix_and_a_bad_id(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "box.json"
    assert main(["catalogue", "new", "-o", str(out), "--prefix", "BOX"]) == 0
    assert "BOXZ" in json.loads(out.read_text(encoding="utf-8"))["tiles"]
    bad = tmp_path / "bad.json"
    assert main(["catalogue", "new", "-o", str(bad), "--id", "Not A Slug"]) == 2
    assert not bad.exists() and "not written" in capsys.readouterr().err


def edited(tmp_path: Path) -> Path:
    data = json.loads(DEFAULT_CATALOGUE_PATH.read_text(encoding="utf-8"))
    data["tiles"]["A"]["surface"][1]["terrain"] = "forest"
    data["tiles"]["C"]["underground"][0]["symbols"] = ["mine"]
    del data["tiles"]["Z"]
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return path


def test_diff_names_tiles_sides_and_regions(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = edited(tmp_path)
    assert main(["catalogue", "diff", str(DEFAULT_CATALOGUE_PATH), str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out == ["tile A surface s2: terrain 'hill' -> 'forest'",
                   "tile C underground u1: symbols none -> [mine]",
                   "tile Z: only in tiles.json"]  # the file, not "only in A" (issue 29)
    assert main(["catalogue", "diff", "--format", "json", str(DEFAULT_CATALOGUE_PATH),
                 str(path)]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["same"] is False
    assert report["changes"][0] == {"what": "terrain", "tile": "A", "side": "surface",
                                    "region": "s2", "a": "hill", "b": "forest"}


def test_diff_treats_sectors_and_the_equal_polygon_as_the_same(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(DEFAULT_CATALOGUE_PATH.read_text(encoding="utf-8"))
    region = data["tiles"]["T"]["surface"][0]
    assert region.get("sectors") == [0, 1, 2, 3, 4, 5] or "polygon" in region
    region.pop("sectors", None)
    region["polygon"] = ["K3", "K4", "K5", "K0", "K1", "K2"]
    same = tmp_path / "same.json"
    same.write_text(json.dumps(data), encoding="utf-8")
    assert main(["catalogue", "diff", str(DEFAULT_CATALOGUE_PATH), str(same)]) == 0
    assert "describe the same tiles" in capsys.readouterr().err


def test_diff_of_an_unreadable_file_exits_2(tmp_path: Path) -> None:
    assert main(["catalogue", "diff", str(DEFAULT_CATALOGUE_PATH),
                 str(tmp_path / "missing.json")]) == 2


def test_lint_against_another_catalogue_reports_placements_that_no_longer_fit(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lint", "--select", "G006,G007", str(HIGHLAND)]) == 0
    capsys.readouterr()
    box = tmp_path / "box.json"
    assert main(["catalogue", "new", "-o", str(box)]) == 0  # every side one farmland region
    assert main(["lint", "--select", "G006,G007", "--catalogue", str(box), str(HIGHLAND)]) == 1
    captured = capsys.readouterr()
    assert "G007" in captured.out and "does not lie between two water parts" in captured.out
    assert "G006" in captured.out and "tile C has no such region" in captured.out
    assert "instead of the standard catalogue" in captured.err
    assert main(["lint", "--select", "G006,G007", str(HIGHLAND)]) == 0  # not left behind


def test_lint_with_a_broken_catalogue_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    broken = Path(__file__).parent / "broken" / "C009-gap.json"
    assert main(["lint", "--catalogue", str(broken), str(HIGHLAND)]) == 2
    assert "do not tile the hex exactly" in capsys.readouterr().err
