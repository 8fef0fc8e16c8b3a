"""The built wheel, installed in a fresh venv, works from a directory outside the checkout.

These are the commands a collection's CI runs after ``pip install realms-studio``; before
issue 12 every one of them failed because the schemas and templates were not in the wheel.
"""

from __future__ import annotations

import ast
import json
import subprocess
import tarfile
import zipfile
from pathlib import Path

import pytest
from install_support import REPO, Install, clean_env

import editor
from editor.model.paths import RESOURCES

TIMEOUT = 180


def realms(install: Install, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = clean_env(PATH=f"{install.bin}:/usr/bin:/bin", QT_QPA_PLATFORM="offscreen",
                    HOME=str(cwd))
    return subprocess.run([str(install.bin / "realms"), *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=TIMEOUT, check=False)


def shell(install: Install, cwd: Path, script: str) -> subprocess.CompletedProcess[str]:
    env = clean_env(PATH=f"{install.bin}:/usr/bin:/bin", QT_QPA_PLATFORM="offscreen",
                    HOME=str(cwd))
    return subprocess.run(["bash", "-o", "pipefail", "-c", script], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=TIMEOUT, check=False)


def test_version_comes_from_one_place(installed: Install, outside: Path) -> None:
    result = realms(installed, outside, "--version")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"realms-studio {editor.__version__}"
    assert editor.__version__ == "0.2.0"
    assert installed.wheel.name.startswith(f"realms_studio-{editor.__version__}-")


def test_package_is_imported_from_the_venv_not_the_checkout(installed: Install,
                                                            outside: Path) -> None:
    result = subprocess.run([str(installed.python), "-c", "import editor; print(editor.__file__)"],
                            cwd=outside, env=clean_env(), capture_output=True, text=True,
                            timeout=TIMEOUT, check=False)
    where = Path(result.stdout.strip())
    assert where.is_relative_to(installed.venv), where
    assert not where.resolve().is_relative_to(REPO)


def test_lint_exit_codes(installed: Install, outside: Path) -> None:
    clean = realms(installed, outside, "lint", "clean.realm.json")
    assert clean.returncode == 0, clean.stdout + clean.stderr
    broken = realms(installed, outside, "lint", "broken.realm.json")
    assert broken.returncode == 1, broken.stdout + broken.stderr
    assert "broken.realm.json" in broken.stdout
    assert "Traceback" not in broken.stderr


def test_lint_exit_code_ignores_a_closed_pipe(installed: Install, outside: Path) -> None:
    # Over 100 kB of findings: more than a pipe buffer holds, so realms is still writing
    # when head exits and its next write meets a closed pipe.
    many = outside / "many"
    many.mkdir()
    for index in range(300):
        (many / f"b{index:03}.realm.json").write_text('{"title": 1}\n', encoding="utf-8")
    assert len(realms(installed, outside, "lint", "many").stdout) > 100_000
    result = shell(installed, outside, "realms lint many | head -1")
    assert result.returncode == 1, result.stderr  # the files' verdict, whatever head read
    assert "pipe" not in result.stderr
    assert result.stdout.count("\n") == 1
    assert "Traceback" not in result.stderr


def test_new_then_format_check(installed: Install, outside: Path) -> None:
    made = realms(installed, outside, "new", "--world", "both", "-o", "fresh.realm.json")
    assert made.returncode == 0, made.stderr
    data = json.loads((outside / "fresh.realm.json").read_text(encoding="utf-8"))
    assert data["world"] == "both"
    assert realms(installed, outside, "format", "--check", "clean.realm.json").returncode == 0
    messy = outside / "messy.realm.json"
    messy.write_text(json.dumps(json.loads((outside / "clean.realm.json").read_text("utf-8"))),
                     encoding="utf-8")
    checked = realms(installed, outside, "format", "--check", "messy.realm.json")
    assert checked.returncode == 1, checked.stdout + checked.stderr


def test_derive(installed: Install, outside: Path) -> None:
    result = realms(installed, outside, "derive", "--players", "3", "clean.realm.json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)


def test_export_smawg_and_png(installed: Install, outside: Path) -> None:
    smawg = realms(installed, outside, "export", "clean.realm.json", "--to", "smawg",
                   "--players", "3", "-o", "board.json")
    assert smawg.returncode == 0, smawg.stderr
    assert json.loads((outside / "board.json").read_text(encoding="utf-8"))["map"]["tiles"]
    png = realms(installed, outside, "export", "clean.realm.json", "--to", "png",
                 "--players", "3", "-o", "board.png")
    assert png.returncode == 0, png.stderr
    assert (outside / "board.png").read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


WINDOW_SCRIPT = """
from PySide6.QtWidgets import QApplication
from editor.gui.document import ScenarioDocument
from editor.gui.main_window import MainWindow
from editor.model.scenario_io import load_scenario
app = QApplication([])
window = MainWindow(ScenarioDocument.from_loaded(load_scenario("clean.realm.json")))
window.show()
app.processEvents()
print(len(window.scene.tile_items))
window.close_prompt = lambda *args: True
window.close()
"""


def test_editor_main_window_opens_offscreen(installed: Install, outside: Path) -> None:
    result = subprocess.run([str(installed.python), "-c", WINDOW_SCRIPT], cwd=outside,
                            env=clean_env(QT_QPA_PLATFORM="offscreen", HOME=str(outside)),
                            capture_output=True, text=True, timeout=TIMEOUT, check=False)
    assert result.returncode == 0, result.stderr
    assert int(result.stdout.split()[-1]) > 0


def bundled_in_checkout() -> set[str]:
    """Every file under editor/data/ in the checkout (through its symlinks)."""
    data = REPO / "editor" / "data"
    return {f"editor/data/{p.relative_to(data).as_posix()}"
            for p in data.rglob("*") if p.is_file()} | {
        f"editor/data/{name}/{p.name}" for name in ("schemas", "templates")
        for p in (data / name).iterdir() if p.is_file()}


def test_every_data_file_the_code_opens_is_in_the_wheel(installed: Install) -> None:
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    missing = {f"editor/data/{name}" for name in RESOURCES} - names
    assert not missing, f"the code opens these but the wheel lacks them: {sorted(missing)}"
    assert bundled_in_checkout() <= names


def test_the_sdist_carries_the_same_data(installed: Install) -> None:
    with tarfile.open(installed.sdist) as archive:
        members = {m.name.split("/", 1)[1]: m for m in archive.getmembers() if "/" in m.name}
    for name in bundled_in_checkout():
        assert name in members and members[name].isfile(), name  # a copy, not a symlink


def test_no_module_locates_data_from_its_own_file() -> None:
    # Data is found with importlib.resources (editor.model.paths), never relative to __file__.
    offenders = [str(path.relative_to(REPO)) for path in (REPO / "editor").rglob("*.py")
                 if any(isinstance(node, ast.Name) and node.id == "__file__"
                        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))))]
    assert offenders == []


@pytest.mark.parametrize("name", sorted(RESOURCES))
def test_every_listed_resource_exists_in_the_checkout(name: str) -> None:
    from editor.model.paths import data_file

    assert data_file(name).is_file()
