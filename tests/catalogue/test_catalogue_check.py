"""``realms catalogue check`` and the checker behind it: every defect kind, one file each.

Each file in ``broken/`` is named after the code it must produce; the check must name the
file, the line and column, the code and a readable message, and exit 1. Unreadable files
exit 2; the bundled catalogue and a ``new`` skeleton are clean.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from editor.cli.main import main
from editor.model.catalogue import DEFAULT_CATALOGUE_PATH, load_catalogue
from editor.model.catalogue_check import (
    DEFECT_CODES,
    check_catalogue,
    check_catalogue_file,
    check_tile_side,
)
from editor.model.errors import LoadError

BROKEN = Path(__file__).parent / "broken"

# code -> words its message must contain (what is wrong, in the user's terms)
EXPECTED = {
    "C001": "trailing comma",
    "C002": '"lava" is not allowed',
    "C003": "has 4 regions, more than 3",
    "C004": "not one contiguous run",
    "C005": "is not a simple polygon",
    "C006": "region id s1 is used twice",
    "C007": "does not start with 's'",
    "C008": "reaches outside the hex",
    "C009": "a gap of area 1",
    "C010": "regions s1 and s2 overlap",
    "C011": "half-edge K0-M0 (edge 0) is split between s1 and s2",
    "C012": "water region s2 carries a symbol",
    "C013": "water region s1 owns no full tile edge",
    "C014": "mountain with a lost-tribe mark",
    "C015": "carries cavern + magic",
    "C016": "points off the half grid: (0, 0.5)",
    "C017": "region s1 owns no half-edge",
}


def broken_file(code: str) -> Path:
    (found,) = BROKEN.glob(f"{code}-*.json")
    return found


def test_every_code_has_a_broken_catalogue_and_an_expected_message() -> None:
    assert sorted(EXPECTED) == sorted(DEFECT_CODES)
    assert sorted(p.name[:4] for p in BROKEN.glob("C*.json")) == sorted(DEFECT_CODES)


@pytest.mark.parametrize("code", sorted(EXPECTED))
def test_each_broken_catalogue_gives_its_code_and_clear_message(
        code: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = broken_file(code)
    assert main(["catalogue", "check", str(path)]) == 1
    out = capsys.readouterr().out
    lines = [line for line in out.splitlines() if f": {code} " in line]
    assert lines, out
    line = lines[0]
    assert line.startswith(f"{path}:")
    file_line, column = (int(part) for part in line[len(str(path)) + 1:].split(":")[:2])
    assert file_line >= 1 and column >= 1
    assert EXPECTED[code] in line, line
    assert "; " in line  # a fix hint follows the message


@pytest.mark.parametrize("code", ["C009", "C010", "C011", "C012"])
def test_line_and_column_point_into_the_offending_tile(code: str) -> None:
    path = broken_file(code)
    text = path.read_text(encoding="utf-8").splitlines()
    defect = next(d for d in check_catalogue_file(path) if d.code == code)
    assert defect.line is not None and defect.column is not None
    assert defect.tile == "A" and defect.side == "surface"
    # the position is inside the surface list of tile A (after its key)
    surface_line = next(i for i, line in enumerate(text, 1) if '"surface"' in line)
    assert defect.line >= surface_line


def test_the_checker_collects_every_defect_not_just_the_first(tmp_path: Path) -> None:
    data = json.loads(broken_file("C009").read_text(encoding="utf-8"))
    data["tiles"]["B"] = json.loads(broken_file("C012").read_text(encoding="utf-8"))["tiles"]["A"]
    data["tiles"]["C"] = json.loads(broken_file("C002").read_text(encoding="utf-8"))["tiles"]["A"]
    codes = [(d.tile, d.code) for d in check_catalogue(data)]
    assert codes == [("A", "C009"), ("B", "C012"), ("C", "C002")]


def test_highlight_fields_name_the_regions_half_edges_and_areas() -> None:
    overlap = next(d for d in check_catalogue_file(broken_file("C010")) if d.code == "C010")
    assert overlap.regions == ("s1", "s2") and overlap.shapes
    gap = next(d for d in check_catalogue_file(broken_file("C009")))
    assert gap.code == "C009" and gap.shapes and gap.region is None
    split = next(d for d in check_catalogue_file(broken_file("C011")) if d.code == "C011")
    assert split.half_edges == (0,)
    water = check_catalogue_file(broken_file("C012"))[0]
    assert (water.region, water.region_index, water.json_path) == (
        "s2", 1, "$.tiles.A.surface[1].symbols")


def test_check_tile_side_checks_one_side_live() -> None:
    side = json.loads(broken_file("C009").read_text(encoding="utf-8"))["tiles"]["A"]["surface"]
    defects = check_tile_side({"tile": "QQ", "side": "surface", "regions": side})
    assert [(d.code, d.tile, d.side) for d in defects] == [("C009", "QQ", "surface")]
    assert defects[0].json_path == "$.tiles.QQ.surface"
    whole = [{"id": "u1", "terrain": "hill", "sectors": [0, 1, 2, 3, 4, 5]}]
    assert check_tile_side(whole, tile="QQ", side="underground") == []
    schema = check_tile_side([{"id": "s1", "terrain": "lava", "sectors": [0, 1, 2, 3, 4, 5]}])
    assert [d.code for d in schema] == ["C002"]
    four = [{"id": f"s{i + 1}", "terrain": "hill", "sectors": [i]} for i in range(4)]
    assert "C003" in [d.code for d in check_tile_side(four)]


def test_bundled_catalogue_checks_clean(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["catalogue", "check", str(DEFAULT_CATALOGUE_PATH)]) == 0
    assert capsys.readouterr().out == ""


@pytest.mark.parametrize("make", ["missing", "folder"])
def test_an_unreadable_file_exits_2(tmp_path: Path, make: str,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "tiles.json"
    if make == "folder":
        path.mkdir()
    assert main(["catalogue", "check", str(path)]) == 2
    err = capsys.readouterr().err
    assert str(path) in err and "Traceback" not in err


def test_json_output_lists_defects_with_positions(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["catalogue", "check", "--format", "json", str(broken_file("C010"))]) == 1
    report = json.loads(capsys.readouterr().out)
    codes = [d["code"] for d in report["defects"]]
    assert "C010" in codes and "C009" in codes
    first = report["defects"][0]
    assert {"line", "column", "json_path", "tile", "side", "severity", "hint"} <= set(first)


def test_the_loader_refuses_errors_from_the_same_checker_and_accepts_warnings() -> None:
    with pytest.raises(LoadError) as caught:
        load_catalogue(broken_file("C011"))
    assert "half-edge K0-M0" in caught.value.message
    assert caught.value.position is not None
    for code in ("C013", "C014", "C015", "C016", "C017"):
        assert DEFECT_CODES[code][0] == "warning"
        load_catalogue(broken_file(code))  # a custom catalogue keeps loading


def test_check_new_and_diff_load_no_pyside6(tmp_path: Path) -> None:
    """Only ``show`` draws: checking in CI must not need Qt's system libraries."""
    import subprocess
    import sys

    code = (
        "import contextlib, io, json, sys\n"
        "from editor.cli.main import main\n"
        "sink = io.StringIO()\n"
        "with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):\n"
        f"    main(['catalogue', 'check', {str(broken_file('C010'))!r}])\n"
        f"    main(['catalogue', 'new', '-o', {str(tmp_path / 'n.json')!r}])\n"
        f"    main(['catalogue', 'diff', {str(DEFAULT_CATALOGUE_PATH)!r}, "
        f"{str(tmp_path / 'n.json')!r}])\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] == 'PySide6')))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.strip().splitlines()[-1]) == []


def test_a_letter_written_twice_is_named_at_its_second_place(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Plain JSON parsers keep the last duplicate silently; a transcription would lose a tile."""
    side = '[{"id": "s1", "terrain": "hill", "sectors": [0, 1, 2, 3, 4, 5]}]'
    path = tmp_path / "dup.json"
    path.write_text('{"catalogue_version": 1, "id": "x", "name": "x", "tiles": {\n'
                    f'  "A": {{"surface": {side}}},\n  "A": {{"surface": {side}}}}}}}\n',
                    encoding="utf-8")
    assert main(["catalogue", "check", str(path)]) == 1
    assert f"{path}:3:3: C001 duplicate key 'A'" in capsys.readouterr().out


def test_a_side_remembered_clean_is_still_checked_for_its_side_and_every_copy() -> None:
    """The checker remembers clean sides by content: the same regions on the other side
    (ids start with the wrong letter) and a broken copy of a clean tile are still found,
    once per tile, each in its own tile's words."""
    tiles = json.loads(DEFAULT_CATALOGUE_PATH.read_text(encoding="utf-8"))["tiles"]
    surface = tiles["A"]["surface"]
    broken = json.loads(json.dumps(surface))
    broken[0]["id"] = broken[1]["id"]
    data = {"catalogue_version": 1, "id": "t", "name": "T", "tiles": {
        "A1": {"surface": surface}, "A2": {"surface": surface, "underground": surface},
        "A3": {"surface": broken}, "A4": {"surface": broken}}}
    for _ in range(2):  # the second pass answers clean sides from memory
        found = [(d.code, d.tile, d.side) for d in check_catalogue(data)]
        assert ("C007", "A2", "underground") in found
        assert ("C006", "A3", "surface") in found and ("C006", "A4", "surface") in found
        assert not any(tile == "A1" for _code, tile, _side in found)
        assert any("tile A4 (surface)" in d.message for d in check_catalogue(data))


def test_an_empty_or_missing_catalogue_is_told_as_a_catalogue(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An empty catalogue was told "a scenario is a JSON object; start from `realms new`",
    and a missing one counted as a file checked ("0 defects ... in 1 file")."""
    empty = tmp_path / "empty.json"
    empty.write_text("", encoding="utf-8")
    assert main(["catalogue", "check", str(empty)]) == 1
    out = capsys.readouterr()
    assert "a catalogue is a JSON object; start from `realms catalogue new`" in out.out
    assert "realms new`" not in out.out.replace("realms catalogue new`", "")
    assert main(["catalogue", "check", str(tmp_path / "nope.json")]) == 2
    assert capsys.readouterr().err.endswith(
        "0 defects (0 errors, 0 warnings) in 0 files; 1 could not be read\n")
