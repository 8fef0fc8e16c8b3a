"""Layering (issue 14, item 11): the printable exports draw with :mod:`editor.render`, not
with the editor package, and the editor uses the project's own derivation and lint
directly, with their real types."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import editor

ROOT = Path(editor.__file__).parent


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_exports_and_render_never_import_the_editor_package() -> None:
    for folder in ("export", "render"):
        for path in sorted((ROOT / folder).glob("*.py")):
            gui = {m for m in imported_modules(path) if m.startswith("editor.gui")}
            assert not gui, f"{path.relative_to(ROOT)} imports {sorted(gui)}"


def test_printable_boards_load_without_the_editor() -> None:
    code = ("import json, sys\n"
            "import editor.export.board_render, editor.export.board_legend\n"
            "print(json.dumps(sorted(m for m in sys.modules if m.startswith('editor.gui'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=120)
    assert json.loads(out.stdout) == []


def test_analysis_imports_topology_and_lint_directly() -> None:
    path = ROOT / "gui" / "analysis.py"
    modules = imported_modules(path)
    assert "importlib" not in modules
    assert {"editor.topology", "editor.lint"} <= modules
    assert "Any" not in path.read_text(encoding="utf-8")
