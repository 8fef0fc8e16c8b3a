"""Schema errors say what is wrong in a designer's words, once, with a fix to try."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from editor.cli.main import main
from editor.model.schema_wording import explain, table

REPO = Path(__file__).resolve().parents[2]
HIGHLAND = REPO / "scenarios" / "highland-crossing.realm.json"
REGEX_BITS = re.compile(r"\^\[|\]\{|\$\b|\\\.")


def highland() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(HIGHLAND.read_text(encoding="utf-8"))
    return data


def lint_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str], data: dict[str, Any],
               *extra: str) -> list[str]:
    path = tmp_path / "case.realm.json"
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    status = main(["lint", "--format", "text", *extra, str(path)])
    lines = [line for line in capsys.readouterr().out.splitlines() if "[error]" in line]
    assert status == 1
    return lines


def first_tile(data: dict[str, Any]) -> dict[str, Any]:
    tile: dict[str, Any] = data["boards"][0]["tiles"][0]
    return tile


def test_a_lower_case_tile_letter_suggests_the_capital(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = highland()
    first_tile(data)["tile"] = "c"
    (line,) = lint_lines(tmp_path, capsys, data)
    assert line.endswith('S003 [error] $.boards[0].tiles[0].tile: "c" is not a tile key; '
                         'tile letters are upper case: did you mean "C"?')


def test_a_tile_key_no_case_change_fixes_is_described_in_words(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = highland()
    first_tile(data)["tile"] = "C!"
    (line,) = lint_lines(tmp_path, capsys, data)
    assert '"C!" is not a tile key; a tile key is a capital letter A-Z' in line
    assert not REGEX_BITS.search(line), line


def test_the_loader_uses_the_same_words(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    data = highland()
    first_tile(data)["tile"] = "c"
    path = tmp_path / "case.realm.json"
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    assert main(["derive", str(path)]) == 2
    err = capsys.readouterr().err
    assert 'tile letters are upper case: did you mean "C"?' in err
    assert "pattern" not in err


def test_an_unknown_key_suggests_the_nearest_allowed_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = highland()
    first_tile(data)["rotaton"] = 1
    (line,) = lint_lines(tmp_path, capsys, data)
    assert line.endswith("S003 [error] $.boards[0].tiles[0].rotaton: "
                         "unknown key 'rotaton'; did you mean 'rotation'?")


def test_an_unknown_key_with_nothing_close_lists_the_allowed_keys(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = highland()
    first_tile(data)["zzzz"] = 1
    (line,) = lint_lines(tmp_path, capsys, data)
    assert line.endswith("unknown key 'zzzz'; allowed keys here: min_players, players, q, r, "
                         "rotation, side, tile")


def test_each_unknown_key_is_its_own_finding_at_its_own_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = highland()
    data["titel"] = "x"
    data["playrs"] = {"min": 2, "max": 3}
    lines = lint_lines(tmp_path, capsys, data)
    assert any(line.endswith("unknown key 'titel'; did you mean 'title'?") for line in lines)
    assert any(line.endswith("unknown key 'playrs'; did you mean 'players'?") for line in lines)
    assert len({line.split(": S003")[0] for line in lines}) == 2


def test_rotation_in_degrees_is_converted_to_steps(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = highland()
    first_tile(data)["rotation"] = 60
    (line,) = lint_lines(tmp_path, capsys, data)
    assert line.endswith("rotation 60 is out of range; rotation counts 60° steps "
                         "counter-clockwise, from 0 to 5, so 60° is 1")


def test_rotation_in_degrees_between_two_steps_names_both(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 29: 90 got no hint, though 60 got one."""
    data = highland()
    first_tile(data)["rotation"] = 90
    (line,) = lint_lines(tmp_path, capsys, data)
    assert line.endswith("from 0 to 5, and 90° is no step: a tile turns by 1 (60°) or "
                         "2 (120°)")


def test_rotation_out_of_range_but_not_degrees_states_the_range(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = highland()
    first_tile(data)["rotation"] = 7
    (line,) = lint_lines(tmp_path, capsys, data)
    assert line.endswith("rotation 7 is out of range; rotation counts 60° steps "
                         "counter-clockwise, from 0 to 5")


def test_a_player_count_out_of_range_says_the_range(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = highland()
    data["players"]["max"] = 7
    (line,) = lint_lines(tmp_path, capsys, data)
    assert line.endswith("max 7 is out of range; player counts run from 2 to 6")


def test_an_id_with_capitals_and_spaces_suggests_a_slug(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = highland()
    data["id"] = "Highland Crossing"
    (line,) = lint_lines(tmp_path, capsys, data)
    assert line.endswith('"Highland Crossing" is not a valid id; ids are lower case with - '
                         'between words: did you mean "highland-crossing"?')


def test_a_lower_case_rule_code_in_lint_ignore_suggests_the_capital(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = highland()
    data["lint"] = {"ignore": [{"code": "b003", "reason": "on purpose"}]}
    (line,) = lint_lines(tmp_path, capsys, data)
    assert line.endswith('"b003" is not a rule code; rule codes are upper case: '
                         'did you mean "B003"?')


def test_a_language_tag_is_checked_at_the_key(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    data = highland()
    data["translations"] = {"FR": {"title": "Traversée"}}
    (line,) = lint_lines(tmp_path, capsys, data)
    assert line.endswith('"FR" is not a language tag; language codes are lower case: '
                         'did you mean "fr"?')
    text = (tmp_path / "case.realm.json").read_text(encoding="utf-8").splitlines()
    row, column = (int(n) for n in line.split(":")[1:3])
    assert text[row - 1][column - 1:].startswith('"FR"')


def test_an_unlisted_pattern_prints_its_regex_once() -> None:
    checker = jsonschema.Draft202012Validator({"type": "string", "pattern": "^x+$"})
    (error,) = checker.iter_errors("y")
    (item,) = explain(error)
    text = f"{item.message}; {item.hint}"
    assert text == '"y" does not match the expected form; expected text matching ^x+$'


def test_every_pattern_in_the_schemas_is_described_in_words() -> None:
    found: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if isinstance(node.get("pattern"), str):
                found.add(node["pattern"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for name in ("scenario", "catalogue", "engine"):
        walk(json.loads((REPO / "schemas" / f"{name}.schema.json").read_text("utf-8")))
    assert found <= set(table()["patterns"]), found - set(table()["patterns"])


# Doubled wording (issue 13): a catalogue's error used to carry its hint twice.

def catalogue_case(tmp_path: Path, catalogue: dict[str, Any] | None) -> Path:
    data = highland()
    data["catalogues"] = ["extra.json"]
    if catalogue is not None:
        (tmp_path / "extra.json").write_text(json.dumps(catalogue), encoding="utf-8")
    path = tmp_path / "case.realm.json"
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return path


@pytest.mark.parametrize(("catalogue", "quoted"), [
    ({"id": "extra", "name": "Extra", "tiles": {"Q1": {}}}, "Q1"),
    ({"catalogue_version": 1, "id": "extra", "name": "Extra", "tiles": {"q1": {}}}, "q1"),
])
@pytest.mark.parametrize("command", ["lint", "derive"])
def test_a_catalogue_error_gives_its_hint_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], catalogue: dict[str, Any] | None,
        quoted: str, command: str) -> None:
    """A referenced catalogue's error says where, once, and never quotes the file (a
    reference may name a credentials file a CI step left in the workspace)."""
    path = catalogue_case(tmp_path, catalogue)
    assert main([command, str(path)]) in (1, 2)
    captured = capsys.readouterr()
    output = captured.out + captured.err
    assert output.count("open that file, or check it against") == 1, output
    assert "a problem at line 1, column" in output, output
    assert f'"{quoted}"' not in output, output
    assert not REGEX_BITS.search(output), output


def test_a_missing_catalogue_gives_its_hint_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = catalogue_case(tmp_path, None)
    assert main(["lint", str(path)]) == 1
    output = capsys.readouterr().out
    assert output.count("relative to the scenario's folder, not the current folder") == 1, output


def test_a_mistyped_choice_suggests_the_allowed_spelling(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = highland()
    first_tile(data)["side"] = "Surface"
    (line,) = lint_lines(tmp_path, capsys, data)
    assert line.endswith('"Surface" is not allowed; did you mean "surface"? '
                         '(expected one of "surface", "underground")')


def test_repeated_player_counts_and_an_empty_title_say_so(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = highland()
    first_tile(data)["players"] = [3, 3]
    data["title"] = ""
    lines = lint_lines(tmp_path, capsys, data)
    assert any(line.endswith("[3, 3] repeats a value; list each value once") for line in lines)
    assert any(line.endswith("the text is empty; write at least one character")
               for line in lines)


def test_a_catalogue_point_is_explained_by_the_branch_meant_for_it(tmp_path: Path) -> None:
    from editor.model.catalogue import load_catalogue
    from editor.model.errors import LoadError

    path = tmp_path / "points.json"
    path.write_text(json.dumps({"catalogue_version": 1, "id": "points", "name": "Points",
                                "tiles": {"Q1": {"surface": [
                                    {"id": "s1", "terrain": "forest",
                                     "polygon": ["C", "k0", "K1"]}]}}}), encoding="utf-8")
    with pytest.raises(LoadError) as raised:
        load_catalogue(path)
    assert raised.value.message == '"k0" is not a named point'
    assert raised.value.hint == 'named points are upper case: did you mean "K0"?'
    assert raised.value.json_path == "$.tiles.Q1.surface[0].polygon[1]"


def test_a_wrong_catalogue_version_says_which_is_expected(tmp_path: Path) -> None:
    from editor.model.catalogue import load_catalogue
    from editor.model.errors import LoadError

    path = tmp_path / "v2.json"
    path.write_text(json.dumps({"catalogue_version": 2, "id": "v", "name": "V",
                                "tiles": {"Q1": {}}}), encoding="utf-8")
    with pytest.raises(LoadError) as raised:
        load_catalogue(path)
    assert (raised.value.message, raised.value.hint) == ("2 is not allowed here", "expected 1")
