"""``realms export`` and ``realms import`` from the command line: files, names, errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from export_support import REPO, rich_dict, run_cli, write_scenario

TEXT_FORMATS = ("engine", "smawg", "cestpasphoto", "geojson", "graphml", "dot")


def test_text_exports_never_load_qt(tmp_path: Path) -> None:
    """The headless promise: a subprocess exporting every text format loads no PySide6."""
    source = write_scenario(tmp_path, rich_dict())
    code = (
        "import sys, json\n"
        "from editor.cli.main import main\n"
        f"for fmt in {TEXT_FORMATS!r}:\n"
        f"    assert main(['export', {str(source)!r}, '--players', '3', '--to', fmt,\n"
        f"                 '-o', {str(tmp_path)!r} + '/x.' + fmt]) == 0\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] == 'PySide6')))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            cwd=REPO, timeout=300)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.strip().splitlines()[-1]) == []
    assert sorted(p.name for p in tmp_path.glob("x.*")) == sorted(f"x.{f}" for f in
                                                                   TEXT_FORMATS)


def test_default_names_sit_next_to_the_input(tmp_path: Path) -> None:
    source = write_scenario(tmp_path, rich_dict())
    result = run_cli("export", source, "--to", "smawg")
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in tmp_path.glob("*.smawg.json")) == [
        f"realm.{n}p.smawg.json" for n in (2, 3, 4, 5)]


def test_cestpasphoto_without_players_skips_counts_it_cannot_play(tmp_path: Path) -> None:
    source = write_scenario(tmp_path, rich_dict())
    result = run_cli("export", source, "--to", "cestpasphoto", "-o", tmp_path)
    assert result.returncode == 0
    assert "no maps for 5 players" in result.stderr
    assert sorted(p.name for p in tmp_path.glob("*.py")) == [
        f"realm.{n}p.py" for n in (2, 3, 4)]


def test_stdout_export(tmp_path: Path) -> None:
    source = write_scenario(tmp_path, rich_dict())
    result = run_cli("export", source, "--players", "2", "--to", "dot", "-o", "-")
    assert result.returncode == 0 and result.stdout.startswith('graph "Test realm"')


@pytest.mark.parametrize("args, message", [
    (["--players", "5", "--to", "cestpasphoto"], "2-4 players, not 5"),
    (["--players", "6", "--to", "engine"], "outside this scenario's 2-5 players"),
    (["--to", "engine", "-o", "-"], "-o - writes one player count"),
    (["--players", "2", "--to", "engine", "-o", "{tmp}/realm.realm.json/y.json"],
     "cannot write"),
])
def test_export_errors_are_one_line_and_exit_2(tmp_path: Path, args: list[str],
                                               message: str) -> None:
    source = write_scenario(tmp_path, rich_dict())
    result = run_cli("export", source, *(a.replace("{tmp}", str(tmp_path)) for a in args))
    assert result.returncode == 2
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_a_binary_format_is_not_written_to_a_terminal(tmp_path: Path) -> None:
    """``-o -`` with standard output on a terminal: the PNG's bytes went to the screen
    (exit 0); piped, they go as before (tests above)."""
    source = write_scenario(tmp_path, rich_dict())
    primary, secondary = os.openpty()
    try:
        done = subprocess.run([sys.executable, "-m", "editor", "export", str(source),
                               "--players", "2", "--to", "png", "-o", "-"], stdout=secondary,
                              stderr=subprocess.PIPE, cwd=REPO, timeout=30, check=False)
        os.set_blocking(primary, False)
        try:
            shown = os.read(primary, 65536)
        except BlockingIOError:
            shown = b""
    finally:
        os.close(secondary)
        os.close(primary)
    assert done.returncode == 2 and shown == b"", shown[:40]
    assert b"PNG is binary and standard output is a terminal" in done.stderr, done.stderr


def test_export_of_a_broken_scenario_points_at_the_problem(tmp_path: Path) -> None:
    broken = tmp_path / "broken.realm.json"
    broken.write_text('{"format_version": 1, "title": "x", "players": {"min": 2, "max": 3},\n'
                      ' "boards": [{"id": "surface", "kind": "moon"}]}')
    result = run_cli("export", broken, "--to", "engine")
    assert result.returncode == 2
    assert result.stderr.startswith(f"{broken}:2:") and "Traceback" not in result.stderr


@pytest.mark.parametrize("fmt, content, message", [
    ("engine", '{"format": "something-else"}', "realms-studio-engine"),
    ("engine", "{not json", "broken.txt:1:2"),
    ("smawg", '{"map": {"tiles": "x"}}', "map.tiles is not a list"),
    ("cestpasphoto", "import os\nos.system('true')\n", "no descr"),
    # a turn count no scenario can hold was dropped without a word (the track's 10 played)
    ("smawg", '{"map": {"tiles": []}, "n_turns": -1}',
     "broken.txt:1:35: $.n_turns is -1, not a number of turns from 1 to 30"),
    ("smawg", '{"map": {"tiles": []}, "n_turns": 1000000000000000000000000000000}',
     "$.n_turns is a huge number, not a number of turns"),
    ("cestpasphoto", "descr = []\nconnexity_list = []\nNB_ROUNDS = -5\n",
     "broken.txt:3:13: NB_ROUNDS is -5, not a number of turns from 1 to 30"),
])
def test_import_errors_are_one_line_and_exit_2(tmp_path: Path, fmt: str, content: str,
                                               message: str) -> None:
    bad = tmp_path / "broken.txt"
    bad.write_text(content)
    result = run_cli("import", bad, "--from", fmt, "-o", tmp_path / "out.realm.json")
    assert result.returncode == 2, result.stdout
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "out.realm.json").exists()


def test_imported_boards_lint_and_export(tmp_path: Path) -> None:
    source = write_scenario(tmp_path, rich_dict())
    smawg = tmp_path / "board.smawg.json"
    assert run_cli("export", source, "--players", "4", "--to", "smawg", "-o",
                   smawg).returncode == 0
    imported = tmp_path / "imported.realm.json"
    result = run_cli("import", smawg, "--from", "smawg", "-o", imported)
    assert result.returncode == 0, result.stderr
    lint = run_cli("lint", imported)
    assert lint.returncode in (0, 1), lint.stderr  # findings are fine, errors are not
    assert "Traceback" not in lint.stderr
    for fmt in TEXT_FORMATS:
        out = tmp_path / f"again.{fmt}"
        assert run_cli("export", imported, "--to", fmt, "-o", out).returncode == 0
        assert out.stat().st_size > 0


def test_cestpasphoto_player_count_comes_from_the_file_name(tmp_path: Path) -> None:
    source = write_scenario(tmp_path, rich_dict())
    module = tmp_path / "SmallworldMaps_3pl.py"
    assert run_cli("export", source, "--players", "3", "--to", "cestpasphoto", "-o",
                   module).returncode == 0
    imported = tmp_path / "imported.realm.json"
    assert run_cli("import", module, "--from", "cestpasphoto", "-o", imported).returncode == 0
    assert json.loads(imported.read_text())["players"] == {"min": 3, "max": 3}
    renamed = tmp_path / "map.py"
    module.rename(renamed)
    result = run_cli("import", renamed, "--from", "cestpasphoto", "-o", imported, "--force")
    assert result.returncode == 2 and "--players N" in result.stderr
    assert run_cli("import", renamed, "--from", "cestpasphoto", "--players", "4", "-o",
                   imported, "--force").returncode == 0
