"""Every JSON example in the docs does what its text claims.

Each ```json block in README.md and docs/*.md carries a marker on the line before it,
``<!-- doc-example: KIND [CLAIM] -->``, saying what it is; a block without one fails, so
a new example cannot dodge the check. What each kind is checked for:

- ``scenario clean``: a whole scenario; ``realms lint`` passes it with no finding at all.
- ``scenario-part top|board|placements|graph-board``: a section of a scenario, merged into
  the minimal scenario of docs/format.md (at the top level, into its board, as its
  placements, or as its only board); the result validates against the schema (no S
  finding), since a section alone names tiles and regions the minimal board lacks.
- ``catalogue clean``: a whole tile catalogue; ``realms catalogue check`` passes it.
- ``catalogue-part tiles``: tile entries of a catalogue, checked inside a copy of the
  skeleton that ``realms catalogue new`` writes.
- ``engine-excerpt``: part of an engine export; every key it shows, at every depth, is a
  key the real export of a shipped scenario has there (a renamed field fails).
- ``editor-settings``: an editor's settings, only parsed (it is not a Realms file).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from cli_runner import run_cli

REPO = Path(__file__).resolve().parents[2]
PAGES = sorted([REPO / "README.md", *(REPO / "docs").glob("*.md")])
MARKER = re.compile(r"<!-- doc-example: ([a-z-]+)(?: ([a-z-]+))? -->")
BLOCK = re.compile(r"^```json\n(.*?)^```", re.S | re.M)
KINDS = {"scenario", "scenario-part", "catalogue", "catalogue-part", "engine-excerpt",
         "editor-settings"}


def examples() -> list[tuple[str, str, str, str]]:
    """(page:line, kind, claim, text) of every JSON block of the docs."""
    found = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for block in BLOCK.finditer(text):
            line = text.count("\n", 0, block.start()) + 1
            before = text[:block.start()].rstrip("\n").rsplit("\n", 1)[-1]
            marker = MARKER.fullmatch(before.strip())
            kind, claim = (marker.group(1), marker.group(2) or "") if marker else ("", "")
            found.append((f"{page.relative_to(REPO).as_posix()}:{line}", kind, claim,
                          block.group(1)))
    return found


EXAMPLES = examples()


def minimal_scenario() -> dict[str, Any]:
    """The minimal valid scenario of docs/format.md: the base the sections merge into."""
    for _where, kind, claim, text in EXAMPLES:
        if kind == "scenario" and claim == "clean":
            scenario: dict[str, Any] = json.loads(text)
            return scenario
    raise AssertionError("docs/format.md lost its minimal valid scenario")


def merged(part: str, claim: str) -> dict[str, Any]:
    """The minimal scenario with ``part`` laid in where ``claim`` says it belongs."""
    scenario = minimal_scenario()
    scenario["players"] = {"min": 2, "max": 6}
    board = scenario["boards"][0]
    if claim == "top":
        scenario.update(json.loads("{" + part + "}"))
    elif claim == "board":
        board.update(json.loads("{" + part + "}"))
    elif claim == "placements":
        board["tiles"] = json.loads("[" + part + "]")
        board.pop("markers")
    elif claim == "graph-board":
        scenario["boards"] = [json.loads(part)]
    else:
        raise AssertionError(f"unknown scenario-part claim {claim!r}")
    return scenario


def lay_out(tmp_path: Path, scenario: dict[str, Any]) -> Path:
    """Write ``scenario`` in a collection, with a skeleton catalogue wherever it names one."""
    (tmp_path / "realms.toml").write_text("", encoding="utf-8")
    path = tmp_path / "scenarios" / "example.realm.json"
    path.parent.mkdir()
    for reference in scenario.get("catalogues", []):
        target = (path.parent / reference).resolve()
        target.parent.mkdir(parents=True, exist_ok=True)
        result = run_cli("catalogue", "new", "--prefix", "MY", "-o", target)
        assert result.returncode == 0, result.stderr
    path.write_text(json.dumps(scenario, indent=2), encoding="utf-8")
    return path


def test_every_json_block_says_what_it_is() -> None:
    unmarked = [where for where, kind, _claim, _text in EXAMPLES if kind not in KINDS]
    assert not unmarked, f"JSON blocks without a <!-- doc-example: KIND --> marker: {unmarked}"
    assert len(EXAMPLES) >= 20, "the docs' examples were not found"


@pytest.mark.parametrize(("where", "kind", "claim", "text"), EXAMPLES,
                         ids=[e[0] for e in EXAMPLES])
def test_example_does_what_the_text_claims(where: str, kind: str, claim: str, text: str,
                                           tmp_path: Path) -> None:
    if kind == "scenario":
        path = lay_out(tmp_path, json.loads(text))
        result = run_cli("lint", "--no-cache", path)
        assert result.returncode == 0 and "All checks passed" in result.stdout, \
            f"{where}: {result.stdout}{result.stderr}"
    elif kind == "scenario-part":
        path = lay_out(tmp_path, merged(text, claim))
        result = run_cli("lint", "--no-cache", "--select", "S", path)
        assert result.returncode == 0, f"{where}: {result.stdout}{result.stderr}"
    elif kind == "catalogue":
        path = tmp_path / "example.json"
        path.write_text(text, encoding="utf-8")
        result = run_cli("catalogue", "check", path)
        assert result.returncode == 0, f"{where}: {result.stdout}{result.stderr}"
    elif kind == "catalogue-part":
        skeleton = tmp_path / "skeleton.json"
        assert run_cli("catalogue", "new", "-o", skeleton).returncode == 0
        catalogue = json.loads(skeleton.read_text(encoding="utf-8"))
        catalogue["tiles"].update(json.loads("{" + text + "}"))
        skeleton.write_text(json.dumps(catalogue), encoding="utf-8")
        result = run_cli("catalogue", "check", skeleton)
        assert result.returncode == 0, f"{where}: {result.stdout}{result.stderr}"
    elif kind == "engine-excerpt":
        real = run_cli("export", REPO / "scenarios" / "highland-crossing.realm.json",
                       "--to", "engine", "--players", "2", "-o", "-")
        assert real.returncode == 0, real.stderr
        missing = sorted(key_paths(json.loads(text)) - key_paths(json.loads(real.stdout)))
        assert not missing, f"{where}: keys the real engine export does not have: {missing}"
    else:
        json.loads(text)


def key_paths(value: Any, prefix: str = "") -> set[str]:
    """Every key path of a JSON value, list items folded together (``regions[].flags.x``)."""
    paths: set[str] = set()
    if isinstance(value, dict):
        for key, item in value.items():
            paths.add(prefix + key)
            paths |= key_paths(item, prefix + key + ".")
    elif isinstance(value, list):
        for item in value:
            paths |= key_paths(item, prefix.rstrip(".") + "[].")
    return paths


ISSUE_NUMBER = re.compile(r"\bissues? #?\d+|(?<![&\w])#\d{2,}\b", re.I)


@pytest.mark.parametrize("page", PAGES, ids=[p.relative_to(REPO).as_posix() for p in PAGES])
def test_docs_cite_no_issue_numbers(page: Path) -> None:
    """A reader has no tracker to look an issue number up in: say what the work was."""
    lines = page.read_text(encoding="utf-8").splitlines()
    cited = [f"{n}: {line.strip()}" for n, line in enumerate(lines, 1)
             if ISSUE_NUMBER.search(line)]
    assert not cited, f"{page.name} cites issue numbers: {cited}"
