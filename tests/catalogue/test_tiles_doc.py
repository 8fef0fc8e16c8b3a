"""docs/tiles.md stays true: every defect code with its severity, the example output, the
screenshot, the designer's section, and a README link."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from editor.cli.main import main
from editor.model.catalogue_check import DEFECT_CODES

REPO = Path(__file__).resolve().parents[2]
DOC = REPO / "docs" / "tiles.md"


def doc_text() -> str:
    return DOC.read_text(encoding="utf-8")


def test_every_defect_code_is_documented_with_its_severity() -> None:
    rows = dict(re.findall(r"^\| `(C\d{3})` \| (error|warning) \|", doc_text(), re.MULTILINE))
    assert rows == {code: severity for code, (severity, _summary) in DEFECT_CODES.items()}


def test_the_check_example_is_what_check_prints(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tiles").mkdir()
    assert main(["catalogue", "new", "-o", "tiles/my-box.json", "--id", "my-box",
                 "--name", "My Realms box"]) == 0
    path = tmp_path / "tiles" / "my-box.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["tiles"]["A"]["surface"] = [
        {"id": "s1", "terrain": "water", "sectors": [0, 1, 2], "symbols": ["magic"]},
        {"id": "s2", "terrain": "hill", "sectors": [3, 4]}]
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    capsys.readouterr()
    assert main(["catalogue", "check", "tiles/my-box.json"]) == 1
    for line in capsys.readouterr().out.splitlines():
        assert line in doc_text(), line


def test_screenshot_designer_section_and_readme_link() -> None:
    text = doc_text()
    assert "](images/tile-sheet.png)" in text and (REPO / "docs/images/tile-sheet.png").is_file()
    assert "\n## The tile designer\n" in text
    assert "`docs/tiles.md`" in (REPO / "README.md").read_text(encoding="utf-8")
    assert not re.search(r"/work/|shared/|\bnotes/|\bbrief\b", text, re.IGNORECASE)
