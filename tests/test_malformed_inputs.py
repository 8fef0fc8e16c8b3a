"""Malformed scenario files each get ONE clear line from the CLI: file, line:column, what, fix.

Every input is generated here in ``tmp_path`` (the 50 MB file is sparse). Each goes
through ``realms format --check FILE`` in a fresh interpreter, exactly as a
collection's CI would run it, and must exit 2 with no traceback.
"""

from __future__ import annotations

import copy
import json
import os
import re
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from cli_runner import run_cli

REPO = Path(__file__).resolve().parent.parent
MAX_MESSAGE = 400  # after the path: short enough to read in a terminal or a CI annotation


def base_scenario() -> dict[str, Any]:
    """A small valid realm on tiles A, B and C of the default catalogue."""
    return {
        "format_version": 1,
        "title": "Three tiles",
        "players": {"min": 2, "max": 3},
        "boards": [
            {
                "id": "surface",
                "kind": "surface",
                "tiles": [
                    {"tile": "A", "side": "surface", "q": 0, "r": 0, "rotation": 0},
                    {"tile": "B", "side": "surface", "q": 1, "r": 0, "rotation": 2},
                    {"tile": "C", "side": "surface", "q": 0, "r": 1, "rotation": 0,
                     "min_players": 3},
                ],
                "markers": [{"kind": "lost_tribe", "region": "A.s1"}],
            }
        ],
    }


def pretty(data: Any) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


Mutation = Callable[[dict[str, Any]], Any]


@dataclass(frozen=True)
class Case:
    """One malformed input.

    ``write`` creates the input under the given folder and returns the path to pass;
    ``position`` is True when the line must carry ``:line:col``; ``line_of`` (if set)
    is a substring whose first line in the written text is the line the error must name;
    ``says`` is a fragment the message must contain.
    """

    id: str
    write: Callable[[Path], Path]
    says: str
    position: bool = True
    line_of: str | None = None
    nth: int = 1
    bug: str | None = None  # a known model bug, reported to the lead: strict xfail until fixed


def text_case(case_id: str, text: str | bytes, says: str, *, line_of: str | None = None,
              position: bool = True, nth: int = 1, bug: str | None = None) -> Case:
    def write(folder: Path) -> Path:
        path = folder / f"{case_id}.realm.json"
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")
        return path

    return Case(case_id, write, says, position, line_of, nth, bug)


def mutated(case_id: str, mutate: Mutation, says: str, *, line_of: str | None = None,
            position: bool = True, nth: int = 1, bug: str | None = None) -> Case:
    data = copy.deepcopy(base_scenario())
    result = mutate(data)
    return text_case(case_id, pretty(data if result is None else result), says,
                     line_of=line_of, position=position, nth=nth, bug=bug)


def tile(data: dict[str, Any], index: int = 0) -> dict[str, Any]:
    placement: dict[str, Any] = data["boards"][0]["tiles"][index]
    return placement


def marker(data: dict[str, Any]) -> dict[str, Any]:
    first: dict[str, Any] = data["boards"][0]["markers"][0]
    return first


def replace_in_text(case_id: str, old: str, new: str, says: str, *,
                    line_of: str | None = None, bug: str | None = None) -> Case:
    text = pretty(base_scenario())
    assert old in text, old
    return text_case(case_id, text.replace(old, new, 1), says, line_of=line_of, bug=bug)


def sparse_50mb(folder: Path) -> Path:
    path = folder / "huge.realm.json"
    with path.open("wb") as handle:
        handle.write(b'{"title": "')
        handle.truncate(50 * 1024 * 1024)  # sparse: instant, no 50 MB written to disk
    return path


def folder_named_like_a_scenario(folder: Path) -> Path:
    path = folder / "folder.realm.json"
    path.mkdir()
    return path


def missing(folder: Path) -> Path:
    return folder / "does-not-exist.realm.json"


def set_path(data: dict[str, Any], keys: tuple[str | int, ...], value: Any) -> None:
    target: Any = data
    for key in keys[:-1]:
        target = target[key]
    target[keys[-1]] = value


GOOD = pretty(base_scenario())

LONG_DIGITS = "7" * 5000

CASES: list[Case] = [
    # --- bytes and encodings ---------------------------------------------------------------
    text_case("truncated-json", GOOD[: len(GOOD) // 2], "truncated"),
    text_case("utf8-bom", b"\xef\xbb\xbf" + GOOD.encode(), "byte-order mark"),
    text_case("utf16-with-bom", GOOD.encode("utf-16"), "UTF-16"),
    text_case("utf16-without-bom", GOOD.encode("utf-16-le"), "JSON"),
    text_case("invalid-utf8-byte", GOOD.encode().replace(b"Three tiles", b"Three \xff tiles"),
              "invalid UTF-8 byte 0xff", line_of='"title"'),
    text_case("empty-file", "", "empty"),
    text_case("whitespace-only", "  \n\n\t\n", "empty"),
    text_case("binary-junk", b"\x00\x01\x02\x03garbage", "invalid JSON"),
    # --- JSON syntax -----------------------------------------------------------------------
    text_case("trailing-comma", GOOD.replace('"max": 3', '"max": 3,'),
              "JSON allows no trailing comma"),
    text_case("line-comment", GOOD.replace('"title"', '// my realm\n  "title"'),
              "JSON allows no comments", line_of="// my realm"),
    text_case("single-quotes", GOOD.replace('"kind": "surface"', "'kind': 'surface'"),
              "invalid JSON", line_of="'kind'"),
    text_case("raw-newline-in-string", GOOD.replace("Three tiles", "Three\ntiles"),
              "invalid JSON", line_of='"title"'),
    replace_in_text("duplicate-top-level-key", '"title": "Three tiles",',
                    '"title": "Three tiles",\n  "title": "Again",', "duplicate key 'title'",
                    line_of='"title": "Again"'),
    replace_in_text("duplicate-nested-key", '"r": 1,', '"r": 1,\n          "q": 5,',
                    "duplicate key 'q'", line_of='"q": 5'),
    text_case("nan", GOOD.replace('"q": 1', '"q": NaN'), "NaN", line_of='"q": NaN'),
    text_case("infinity", GOOD.replace('"q": 1', '"q": -Infinity'), "Infinity",
              line_of='"q": -Infinity'),
    text_case("huge-integer-5000-digits", GOOD.replace('"q": 1', f'"q": {LONG_DIGITS}'),
              "integer", line_of=f'"q": {LONG_DIGITS[:20]}'),
    text_case("float-overflow-to-infinity",
              GOOD.replace('"title"', '"scoring": [{"kind": "custom", "options": {"w": 1e400}}],'
                           '\n  "title"'),
              "1e400", line_of="1e400"),
    text_case("lone-surrogate-escape", GOOD.replace("Three tiles", "Three \\ud800 tiles"),
              "surrogate", line_of='"title"'),
    text_case("deep-nesting-10000", "[" * 10000, "nested deeper"),
    text_case("deep-nesting-in-object", '{"title": ' + "[" * 200 + "]" * 200 + "}",
              "nested deeper"),
    # --- shape of the document -------------------------------------------------------------
    text_case("top-level-array", "[" + GOOD + "]", "JSON object"),
    text_case("top-level-string", '"a realm"\n', "JSON object"),
    text_case("top-level-null", "null\n", "JSON object"),
    mutated("missing-boards", lambda d: d.pop("boards") and None, "'boards' is required"),
    mutated("missing-format-version", lambda d: d.pop("format_version") and None,
            "'format_version' is required"),
    mutated("unknown-top-level-key", lambda d: d.update(colour="red"), "unknown key 'colour'",
            line_of='"colour"'),
    mutated("unknown-format-version-99", lambda d: d.update(format_version=99),
            "format_version 99", line_of='"format_version": 99'),
    mutated("format-version-as-string", lambda d: d.update(format_version="1"),
            "expected integer", line_of='"format_version": "1"'),
    mutated("empty-title", lambda d: d.update(title=""), "title", line_of='"title": ""'),
    mutated("no-boards", lambda d: d.update(boards=[]), "boards", line_of='"boards": []'),
    # --- players ---------------------------------------------------------------------------
    mutated("players-min-as-string", lambda d: set_path(d, ("players", "min"), "2"),
            "expected integer", line_of='"min": "2"'),
    mutated("players-max-7", lambda d: set_path(d, ("players", "max"), 7), "7",
            line_of='"max": 7'),
    mutated("players-min-above-max", lambda d: d.update(players={"min": 5, "max": 3}),
            "above players.max", line_of='"players"'),
    # --- placements ------------------------------------------------------------------------
    mutated("q-as-float", lambda d: tile(d, 1).update(q=0.5), "expected integer",
            line_of='"q": 0.5'),
    mutated("q-as-boolean", lambda d: tile(d, 1).update(q=True), "expected integer",
            line_of='"q": true'),
    mutated("unknown-tile-letter", lambda d: tile(d, 1).update(tile="AA"), "unknown tile 'AA'",
            line_of='"tile": "AA"'),
    mutated("lowercase-tile-letter", lambda d: tile(d, 1).update(tile="b"), '"b"',
            line_of='"tile": "b"'),
    mutated("side-top", lambda d: tile(d, 2).update(side="top"), '"top" is not allowed',
            line_of='"side": "top"'),
    mutated("rotation-6", lambda d: tile(d, 1).update(rotation=6), "6",
            line_of='"rotation": 6'),
    mutated("rotation-negative", lambda d: tile(d, 1).update(rotation=-1), "-1",
            line_of='"rotation": -1'),
    mutated("unknown-placement-key", lambda d: tile(d, 0).update(flip=True),
            "unknown key 'flip'", line_of='"flip"'),
    mutated("presence-both-ways", lambda d: tile(d, 2).update(players=[3]), "players",
            position=True),
    # --- boards ----------------------------------------------------------------------------
    mutated("duplicate-board-ids",
            lambda d: d["boards"].append({"id": "surface", "kind": "underground", "tiles": []}),
            "duplicate board id 'surface'", line_of='"id": "surface"', nth=2),
    mutated("board-with-tiles-and-graph",
            lambda d: d["boards"][0].update(graph={"regions": [], "edges": []}), "graph",
            position=True),
    # --- markers ---------------------------------------------------------------------------
    mutated("unknown-marker-kind", lambda d: marker(d).update(kind="dragon"),
            '"dragon" is not allowed', line_of='"kind": "dragon"'),
    mutated("crop-space-with-region", lambda d: marker(d).update(kind="crop_space"), "hex",
            position=True),
    mutated("tunnel-without-number", lambda d: marker(d).update(kind="tunnel"), "number",
            position=True),
    # --- custom catalogues -----------------------------------------------------------------
    mutated("catalogue-https-url",
            lambda d: d.update(catalogues=["https://example.com/evil-tiles.json"]),
            "is not a catalogue path", line_of="https://example.com"),
    mutated("catalogue-file-url", lambda d: d.update(catalogues=["file:///etc/tiles.json"]),
            "is not a catalogue path", line_of="file:///"),
    mutated("catalogue-missing-local-file", lambda d: d.update(catalogues=["nope.json"]),
            "nope.json", line_of='"nope.json"'),
    # --- not a readable file ---------------------------------------------------------------
    Case("file-50mb-sparse", sparse_50mb, "over the 10,485,760-byte (10 MiB) limit",
         position=False),
    Case("directory-instead-of-file", folder_named_like_a_scenario, "folder", position=False),
    Case("missing-file", missing, "not found", position=False),
]


def run_format(*args: str) -> subprocess.CompletedProcess[str]:
    """``realms format ARGS`` in this process (tests/cli_runner.py)."""
    return run_cli("format", *args, cwd=REPO, timeout=120)


def expected_line(path: Path, needle: str, nth: int) -> int:
    text = path.read_bytes().decode("utf-8", errors="replace")
    index = -1
    for _ in range(nth):
        index = text.find(needle, index + 1)
        assert index >= 0, f"test bug: {needle!r} not {nth} times in the generated file"
    return text.count("\n", 0, index) + 1


def snapshot(path: Path) -> bytes | None:
    return path.read_bytes() if path.is_file() and path.stat().st_size < 1_000_000 else None


def test_there_are_enough_cases() -> None:
    assert len(CASES) >= 24
    assert len({case.id for case in CASES}) == len(CASES)


def as_param(case: Case) -> Any:
    marks = [pytest.mark.xfail(strict=True, reason=case.bug)] if case.bug else []
    return pytest.param(case, id=case.id, marks=marks)


@pytest.mark.parametrize("case", [as_param(case) for case in CASES])
def test_malformed_input_gives_one_clear_line(case: Case, tmp_path: Path) -> None:
    path = case.write(tmp_path)
    before = snapshot(path)
    result = run_format("--check", str(path))

    assert "Traceback" not in result.stderr + result.stdout
    assert result.returncode == 2, result.stdout + result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    line = lines[0]
    assert "internal error" not in line
    assert "{'" not in line, "a Python repr is not a message for designers"
    assert line.startswith(f"{path}:"), line
    assert len(line) - len(str(path)) <= MAX_MESSAGE, f"{len(line)} characters: {line[:300]}..."
    assert case.says in line, line
    match = re.match(re.escape(str(path)) + r":(\d+):(\d+): ", line)
    if case.position:
        assert match, f"no line:column in {line!r}"
        if case.line_of is not None:
            assert int(match.group(1)) == expected_line(path, case.line_of, case.nth), line
    summary = ("0 files checked, 0 would be reformatted, 1 not found"  # named nothing
               if not os.path.lexists(path) else
               "1 file checked, 0 would be reformatted, 1 invalid")
    assert result.stdout.strip() == summary
    assert snapshot(path) == before  # --check writes nothing


def test_rewrite_mode_leaves_every_malformed_file_untouched(tmp_path: Path) -> None:
    """``realms format FOLDER`` reports each bad file once, rewrites none, and exits 2."""
    # Known model bugs are covered (as strict xfails) by the test above.
    paths = [case.write(tmp_path) for case in CASES if case.id != "missing-file" and not case.bug]
    before = {path: snapshot(path) for path in paths}
    result = run_format(str(tmp_path))
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    reported = result.stderr.splitlines()
    assert len(reported) == len(paths)
    for path in paths:
        assert sum(line.startswith(f"{path}:") for line in reported) == 1, path
        assert snapshot(path) == before[path]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(p.name for p in paths)


@pytest.mark.parametrize(("head", "kind"), [(b"\x89PNG\r\n\x1a\n\x00", "a PNG image"),
                                            (b"%PDF-1.7\n\xe2\xe3\xcf\xd3", "a PDF document"),
                                            (b"PK\x03\x04\x14\x00\x80", "a ZIP archive")])
def test_a_picture_or_archive_named_like_a_scenario_is_called_what_it_is(
        tmp_path: Path, head: bytes, kind: str) -> None:
    """A PNG saved as ``board.realm.json`` was told "invalid UTF-8 byte 0x89; save the
    file as UTF-8": the place was right, the fix was not."""
    path = tmp_path / "board.realm.json"
    path.write_bytes(head + bytes(range(128, 256)))
    for argv in (["lint", str(path)], ["format", "--check", str(path)],
                 ["export", str(path), "--to", "engine", "--players", "3", "-o", "-"]):
        result = run_cli(*argv)
        assert f"{path}:1:1" in result.stdout + result.stderr, argv
        assert f"this is {kind}, not JSON text" in result.stdout + result.stderr, argv
        assert "Traceback" not in result.stderr


@pytest.mark.parametrize("argv", [["lint", "-"], ["format", "--check", "-"], ["derive", "-"],
                                  ["balance", "-"]])
def test_a_dash_for_standard_input_is_told_that_realms_reads_files(
        tmp_path: Path, argv: list[str]) -> None:
    """``-`` is how most tools spell standard input; realms read it as a file name and said
    "file not found; check the path", which left a newcomer guessing."""
    result = run_cli(*argv, cwd=tmp_path)
    assert result.returncode == 2
    assert "not standard input; save the text to a *.realm.json file" in result.stderr
