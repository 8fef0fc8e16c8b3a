"""Every export stays well-formed when the scenario's own strings are hostile.

XML 1.0 cannot carry C0 controls or U+FFFE/U+FFFF even escaped, and Python source cannot
hold NUL: exporters replace such characters with U+FFFD (docs/export.md). Markup is escaped.
"""

from __future__ import annotations

import ast
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from export_support import rich_dict, run_cli, write_scenario

HOSTILE = ("T\x00\x01\x1f\x7f\ufffe\uffff<script>alert(1)</script>]]>&amp;\"'"
           "\u2028\n::error x\r\tend")


@pytest.fixture(scope="module")
def hostile_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    data = rich_dict()
    data["title"] = HOSTILE
    data["notes"] = HOSTILE
    board = data["boards"][0]
    board["title"] = HOSTILE
    board["markers"].append({"kind": "custom", "region": "TH.s1", "label": HOSTILE})
    data["links"][0]["label"] = HOSTILE
    return write_scenario(tmp_path_factory.mktemp("hostile"), data)


def _export(source: Path, fmt: str) -> bytes:
    out = source.parent / f"out.{fmt}"
    result = run_cli("export", source, "--players", "3", "--to", fmt, "-o", out)
    assert result.returncode == 0, result.stderr
    return out.read_bytes()


@pytest.mark.parametrize("fmt", ["svg", "graphml"])
def test_xml_exports_parse(hostile_file: Path, fmt: str) -> None:
    root = ET.fromstring(_export(hostile_file, fmt))
    text = "".join(root.itertext()) + json.dumps([e.attrib for e in root.iter()])
    assert "\ufffd" in text and "<script>" not in ET.tostring(root, encoding="unicode")
    if fmt == "svg":
        title = root.find("{http://www.w3.org/2000/svg}title")
        assert title is not None and title.text is not None
        assert "<script>alert(1)</script>]]>&amp;" in title.text  # shown, as text


def test_cestpasphoto_module_parses(hostile_file: Path) -> None:
    source = _export(hostile_file, "cestpasphoto").decode("utf-8")
    tree = ast.parse(source)
    names = {t.id for node in tree.body if isinstance(node, ast.Assign)
             for t in node.targets if isinstance(t, ast.Name)}
    assert {"NB_ROUNDS", "NB_AREAS", "descr"} <= names
    assert source.splitlines()[0].startswith("# T")  # the title stays one comment line


def test_dot_keeps_every_string_quoted_on_its_line(hostile_file: Path) -> None:
    text = _export(hostile_file, "dot").decode("utf-8")
    assert "\x00" not in text and "\r" not in text
    lines = text.rstrip("\n").split("\n")  # Graphviz ends lines at \n only (U+2028 is text)
    assert lines[0].startswith('graph "') and lines[0].endswith(" {")
    assert lines[-1] == "}"


@pytest.mark.parametrize("fmt", ["engine", "smawg", "geojson"])
def test_json_exports_parse(hostile_file: Path, fmt: str) -> None:
    document = json.loads(_export(hostile_file, fmt))
    assert isinstance(document, dict)


def test_pdf_is_a_complete_file(hostile_file: Path) -> None:
    data = _export(hostile_file, "pdf")
    assert data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF")
