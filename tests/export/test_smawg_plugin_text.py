"""The smawg rules plugin as text: generated from data, never from a scenario's strings.
(Playing it is tests/engines/test_smawg_plugin.py, in the real smawg.)"""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from export_support import REPO, run_cli

from editor.export.smawg import smawg_document
from editor.export.smawg_plugin import plugin_data, plugin_name, plugin_text
from editor.model.scenario_io import load_scenario, parse_scenario
from editor.topology import derive_realm

HOSTILE = "Go\"\"\" ''' East'); import os; os.system('x') #\n\\u0041 \x00 \u2028 é"


def _data_literal(text: str) -> str:
    """The string the module hands to json.loads, evaluated as a literal (nothing run)."""
    tree = ast.parse(text)
    [assign] = [n for n in tree.body if isinstance(n, ast.AnnAssign)
                and isinstance(n.target, ast.Name) and n.target.id == "DATA"]
    call = assign.value
    assert isinstance(call, ast.Call) and len(call.args) == 1
    value = ast.literal_eval(call.args[0])
    assert isinstance(value, str)
    return value


def test_a_hostile_title_stays_data() -> None:
    """Quotes, a newline, code and control characters in the title: the module parses, its
    only scenario text is inside the JSON literal, and the title comes back unchanged."""
    path = REPO / "scenarios" / "booklet" / "03-go-east.realm.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["title"] = HOSTILE
    realm = derive_realm(parse_scenario(json.dumps(data), "<hostile>", path.parent), 3)
    text = plugin_text(realm, smawg_document(realm))
    assert text.isascii()
    data = json.loads(_data_literal(text))
    assert data["title"] == HOSTILE
    assert data == plugin_data(realm, smawg_document(realm))
    top = [type(n).__name__ for n in ast.parse(text).body]
    assert top.count("Expr") == 1  # the docstring: no statement was slipped in


def test_the_plugin_says_it_runs_inside_a_gpl_engine() -> None:
    loaded = load_scenario(REPO / "scenarios" / "booklet" / "01-my-precious-world.realm.json")
    realm = derive_realm(loaded, 3)
    head = plugin_text(realm, smawg_document(realm)).split('"""')[0]
    assert "GPL-3.0" in head and "smawg" in head


@pytest.mark.parametrize("assets, name", [
    ("03-go-east.4p.smawg.json", "realms_03_go_east_4p_rules.py"),
    ("my board (v2).smawg.json", "realms_my_board__v2__rules.py"),
    ("é.json", "realms___rules.py"),
])
def test_the_plugin_file_name_is_a_module_name(assets: str, name: str) -> None:
    assert plugin_name(Path(assets)) == name
    assert name.removesuffix(".py").isidentifier()


def test_plugin_is_for_smawg_files_only(tmp_path: Path) -> None:
    source = REPO / "scenarios" / "booklet" / "03-go-east.realm.json"
    out = run_cli("export", source, "--to", "cestpasphoto", "--plugin", "-o", tmp_path)
    assert out.returncode == 2 and "--plugin writes smawg's rules plugin" in out.stderr
    out = run_cli("export", source, "--to", "smawg", "--plugin", "--players", "3", "-o", "-")
    assert out.returncode == 2 and "not a stream" in out.stderr
    assert list(tmp_path.iterdir()) == []
