"""Qt is the optional ``gui`` extra: a lint-only install (CI, the pre-commit hook, the
GitHub Action) works without it, and what needs it says how to install it.

"Without Qt" is a fresh interpreter in which ``import PySide6`` fails as if the package were
absent (``sys.modules["PySide6"] = None``): the process is the point here, since the test
process itself has Qt loaded. The real absence is exercised by tests/install/test_pre_commit.py,
whose hook environment installs the package without extras.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from install_support import REPO

from editor.extras import GUI_INSTALL

NO_QT = "import sys; sys.modules['PySide6'] = None\n" \
        "from editor.cli.main import main; raise SystemExit(main(sys.argv[1:]))"
SCENARIO = REPO / "scenarios" / "highland-crossing.realm.json"


def without_qt(*args: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", NO_QT, *map(str, args)], cwd=cwd,
                          capture_output=True, text=True, timeout=120, check=False)


def test_qt_is_only_in_the_gui_extra() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert not [d for d in project["dependencies"] if d.lower().startswith("pyside6")]
    extras = project["optional-dependencies"]
    assert [d for d in extras["gui"] if d.startswith("PySide6-Essentials")]
    assert "realms-studio[gui]" in extras["test"]


def test_lint_derive_format_work_without_qt(tmp_path: Path) -> None:
    for args in (["lint", SCENARIO], ["derive", "--players", "3", SCENARIO],
                 ["format", "--check", SCENARIO]):
        result = without_qt(*args, cwd=tmp_path)
        assert result.returncode == 0, (args, result.stderr)


def test_edit_without_qt_names_the_extra(tmp_path: Path) -> None:
    result = without_qt("edit", SCENARIO, cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert result.stderr.startswith("realms edit: the editor needs Qt (PySide6), which is "
                                    "not installed"), result.stderr
    assert GUI_INSTALL in result.stderr


def test_image_export_without_qt_names_the_extra(tmp_path: Path) -> None:
    result = without_qt("export", SCENARIO, "--players", "3", "--to", "png", "-o",
                        tmp_path / "board.png", cwd=tmp_path)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "the PNG export needs Qt (PySide6)" in result.stderr, result.stderr
    assert GUI_INSTALL in result.stderr
    assert not (tmp_path / "board.png").exists()
    text = without_qt("export", SCENARIO, "--players", "3", "--to", "smawg", "-o",
                      tmp_path / "board.json", cwd=tmp_path)
    assert text.returncode == 0, text.stderr


TILES = REPO / "tests" / "data" / "test-tiles.json"


def assert_names_the_extra(result: subprocess.CompletedProcess[str], command: str) -> None:
    """The clean refusal: exit 2, one line naming the extra, no traceback."""
    assert result.returncode == 2, (result.returncode, result.stderr)
    assert "Traceback" not in result.stderr, result.stderr
    assert result.stderr.count("\n") == 1, result.stderr
    assert result.stderr.startswith(f"realms {command}: "), result.stderr
    assert "needs Qt (PySide6), which is not installed" in result.stderr
    assert GUI_INSTALL in result.stderr


@pytest.mark.parametrize("kind", ["svg", "png", "pdf"])
def test_catalogue_show_without_qt_names_the_extra(tmp_path: Path, kind: str) -> None:
    out = tmp_path / f"sheet.{kind}"
    result = without_qt("catalogue", "show", TILES, "-o", out, cwd=tmp_path)
    assert_names_the_extra(result, "catalogue show")
    assert f"the {kind.upper()} tile sheet" in result.stderr
    assert not out.exists()


@pytest.mark.parametrize("images", ["png", "pdf", "png,pdf"])
def test_site_images_without_qt_names_the_extra(tmp_path: Path, images: str) -> None:
    result = without_qt("site", SCENARIO, "-o", tmp_path / "site", "--images", images,
                        cwd=tmp_path)
    assert_names_the_extra(result, "site")
    assert not (tmp_path / "site").exists()
    plain = without_qt("site", SCENARIO, "-o", tmp_path / "plain", cwd=tmp_path)
    assert plain.returncode == 0, plain.stderr


def test_every_command_help_works_without_qt(tmp_path: Path) -> None:
    from editor.cli.main import build_parser

    parser = build_parser()
    commands = [name for action in parser._subparsers._group_actions  # type: ignore[union-attr]
                for name in getattr(action, "choices", {}) or {}]
    assert "catalogue" in commands and "site" in commands
    for command in commands:
        result = without_qt(command, "--help", cwd=tmp_path)
        assert result.returncode == 0 and "Traceback" not in result.stderr, (command, result)
