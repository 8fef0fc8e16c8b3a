"""``realms edit`` from the command line: headless screenshot mode and clear errors."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from editor.gui.templates import new_scenario
from editor.model.scenario import Placement
from editor.model.scenario_io import save_scenario

pytestmark = pytest.mark.gui


def realms(args: list[str], cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items()
                   if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    environment.update({"XDG_CONFIG_HOME": str(cwd / "config"),
                        "XDG_DATA_HOME": str(cwd / "data"), **env})
    return subprocess.run([sys.executable, "-m", "editor", *args], cwd=cwd, env=environment,
                          capture_output=True, text=True, timeout=120, check=False)


def small_realm(folder: Path) -> Path:
    scenario = new_scenario("CLI realm", 2, 3)
    scenario.boards[0].tiles += [Placement("A", "surface", 0, 0), Placement("B", "surface", 1, 0)]
    path = folder / "cli.realm.json"
    save_scenario(scenario, path)
    return path


def png_size(path: Path) -> tuple[int, int]:
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n"
    return int.from_bytes(header[16:20], "big"), int.from_bytes(header[20:24], "big")


def test_no_display_writes_a_screenshot_and_exits(tmp_path: Path) -> None:
    path = small_realm(tmp_path)
    result = realms(["edit", str(path)], tmp_path)
    assert result.returncode == 0, result.stderr
    shot = tmp_path / "realms-editor.png"
    assert result.stdout.strip().splitlines() == [
        "realms edit: wrote a screenshot of the editor to realms-editor.png"]
    width, height = png_size(shot)
    assert width >= 800 and height >= 600


def test_screenshot_option_chooses_the_file(tmp_path: Path) -> None:
    path = small_realm(tmp_path)
    target = tmp_path / "shots" / "editor.png"
    result = realms(["edit", str(path), "--screenshot", str(target)], tmp_path,
                    QT_QPA_PLATFORM="offscreen")
    assert result.returncode == 0, result.stderr
    assert png_size(target)[0] > 0
    assert str(target) in result.stdout


def test_missing_and_broken_files_give_one_line(tmp_path: Path) -> None:
    missing = realms(["edit", "nowhere.realm.json"], tmp_path)
    assert missing.returncode == 2
    assert missing.stderr.strip().count("\n") == 0 and "nowhere.realm.json" in missing.stderr
    broken = tmp_path / "broken.realm.json"
    broken.write_text('{"format_version": 1, "title": "x",}', encoding="utf-8")
    result = realms(["edit", str(broken)], tmp_path)
    assert result.returncode == 2
    line = result.stderr.strip()
    assert "\n" not in line and "Traceback" not in line
    assert line.startswith(f"realms edit: {broken}:1:")


def test_other_commands_never_import_qt(tmp_path: Path) -> None:
    code = ("import sys; from editor.cli.main import build_parser; build_parser(); "
            "print('PySide6' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True, cwd=tmp_path)
    assert result.stdout.strip() == "False"
