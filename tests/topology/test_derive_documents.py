"""`realms derive --format graphml|dot` without `--players` prints ONE document (issue 27, 6).

GraphML holds a ``<graph>`` per player count (ids ``players-N``, node ids unique in the
document); DOT holds a graph per count, each named with its count. Every string is escaped
for its format, so a title holding "\\n::stop-commands::" never starts a line.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
BOOKLET_1 = REPO / "scenarios" / "booklet" / "01-my-precious-world.realm.json"
NS = "{http://graphml.graphdrawing.org/xmlns}"
HOSTILE = "x\n::stop-commands::PWNED\r\n::error::gotcha\tend"
DOT_TOKEN = re.compile(r'\s*("(?:[^"\\\n]|\\.)*"|--|[{}\[\];=,]|[A-Za-z_][A-Za-z0-9_]*'
                       r'|-?[0-9]+(?:\.[0-9]+)?)')


def derive(path: Path, fmt: str) -> str:
    result = subprocess.run([sys.executable, "-m", "editor", "derive", str(path), "--format",
                             fmt], capture_output=True, text=True, timeout=300,
                            cwd=path.parent)  # not the repo: `-m` would import from it
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> Path:
    data = json.loads(BOOKLET_1.read_text(encoding="utf-8"))
    data["title"] = HOSTILE
    path = tmp_path_factory.mktemp("hostile") / "hostile.realm.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def counts(path: Path) -> list[int]:
    players = json.loads(path.read_text(encoding="utf-8"))["players"]
    return list(range(players["min"], players["max"] + 1))


@pytest.mark.parametrize("which", ["booklet", "hostile"])
def test_graphml_of_every_count_is_one_document(which: str, hostile: Path) -> None:
    path = BOOKLET_1 if which == "booklet" else hostile
    text = derive(path, "graphml")
    root = ET.fromstring(text.encode("utf-8"))  # "junk after document element" before
    graphs = root.findall(f"{NS}graph")
    assert [g.get("id") for g in graphs] == [f"players-{n}" for n in counts(path)]
    ids = [node.get("id") for node in root.iter(f"{NS}node")]
    assert len(ids) == len(set(ids))  # GraphML: node ids unique in the whole document
    names = {d.text for g in graphs for d in g.findall(f"{NS}data")
             if d.text and not d.text.isdigit()}
    assert names == {json.loads(path.read_text(encoding="utf-8"))["title"]}


def test_graphml_keeps_every_line_break_inside_its_value(hostile: Path) -> None:
    text = derive(hostile, "graphml")
    assert not any(line.startswith("::") for line in text.splitlines())
    assert "x&#10;::stop-commands::PWNED&#13;&#10;::error::gotcha&#9;end" in text


def dot_graphs(text: str) -> list[str]:
    """The names of the top-level graphs of a DOT file; fails on anything unbalanced."""
    names, depth, position, expect_name = [], 0, 0, False
    while position < len(text):
        match = DOT_TOKEN.match(text, position)
        if match is None:
            if text[position:].strip() == "":
                break
            raise AssertionError(f"not DOT at {position}: {text[position:position + 40]!r}")
        token, position = match.group(1), match.end()
        if depth == 0 and token == "graph":
            expect_name = True
        elif expect_name:
            names.append(token)
            expect_name = False
        elif token == "{":
            depth += 1
        elif token == "}":
            depth -= 1
            assert depth >= 0
    assert depth == 0
    return names


@pytest.mark.parametrize("which", ["booklet", "hostile"])
def test_dot_of_every_count_has_distinct_named_graphs(which: str, hostile: Path) -> None:
    path = BOOKLET_1 if which == "booklet" else hostile
    text = derive(path, "dot")
    names = dot_graphs(text)
    assert len(names) == len(counts(path)) == len(set(names))
    assert all(f"({n} players)" in name for name, n in zip(names, counts(path), strict=True))
    assert not any(line.startswith("::") for line in text.splitlines())
