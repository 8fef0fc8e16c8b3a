"""Outputs go where the user said (export -o), format --diff, and unreadable folders."""

from __future__ import annotations

import difflib
import os
import shutil
import subprocess
from pathlib import Path

from writes_support import CANONICAL, SMALL, run_cli, unprivileged, untidy_text, write_untidy

SMALL_COUNTS = (2, 3, 4, 5, 6)


def _files_under(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


def test_export_o_file_name_without_players_numbers_files_and_makes_no_folder(
        tmp_path: Path) -> None:
    result = run_cli("export", SMALL, "--to", "svg", "-o", tmp_path / "out" / "x.svg")
    assert result.returncode == 0, result.stderr
    assert _files_under(tmp_path) == ["out", *(f"out/x.{n}p.svg" for n in SMALL_COUNTS)]
    assert not (tmp_path / "out" / "x.svg").exists()


def test_export_o_with_a_double_suffix_keeps_it_after_the_count(tmp_path: Path) -> None:
    result = run_cli("export", SMALL, "--to", "smawg", "-o", tmp_path / "b.smawg.json")
    assert result.returncode == 0, result.stderr
    assert _files_under(tmp_path) == [f"b.{n}p.smawg.json" for n in SMALL_COUNTS]
    printed = result.stdout.split()
    assert printed == [str(tmp_path / f"b.{n}p.smawg.json") for n in SMALL_COUNTS]


def test_export_o_folder_forms(tmp_path: Path) -> None:
    """A name without an extension, or ending in /, is a folder; an existing folder is one."""
    (tmp_path / "there.svg").mkdir()
    for out in ("plain", "dotted.d/", "there.svg"):
        result = run_cli("export", SMALL, "--players", "3", "--to", "smawg",
                         "-o", f"{tmp_path}/{out}")
        assert result.returncode == 0, result.stderr
    name = "01-my-precious-world.3p.smawg.json"
    assert _files_under(tmp_path) == ["dotted.d", f"dotted.d/{name}", "plain", f"plain/{name}",
                                      "there.svg", f"there.svg/{name}"]


def test_export_names_from_a_hostile_input_name_stay_in_the_output_folder(
        tmp_path: Path) -> None:
    source = tmp_path / "in" / "..\n::x.realm.json"
    source.parent.mkdir()
    shutil.copy(SMALL, source)
    out = tmp_path / "out"
    result = run_cli("export", source, "--to", "smawg", "-o", f"{out}/")
    assert result.returncode == 0, result.stderr
    made = list(out.iterdir())
    assert len(made) == len(SMALL_COUNTS)
    assert all(p.parent == out and p.is_file() for p in made)
    assert _files_under(tmp_path / "in") == [source.name]


def test_format_diff_is_a_unified_diff_and_exit_1(tmp_path: Path) -> None:
    target = write_untidy(tmp_path / "a.realm.json")
    before = target.read_text(encoding="utf-8")
    result = run_cli("format", "--diff", "a.realm.json", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    lines = result.stdout.splitlines(keepends=True)
    assert lines[0] == "--- a/a.realm.json\n" and lines[1] == "+++ b/a.realm.json\n"
    assert lines[2].startswith("@@ ")
    expected = difflib.unified_diff(before.splitlines(keepends=True),
                                    CANONICAL.splitlines(keepends=True),
                                    fromfile="a/a.realm.json", tofile="b/a.realm.json")
    assert result.stdout == "".join(expected)
    assert target.read_text(encoding="utf-8") == before  # --diff writes nothing
    if shutil.which("patch"):  # and the diff is one that patch(1) applies
        applied = subprocess.run(["patch", "-p1", "--quiet"], input=result.stdout, text=True,
                                 cwd=tmp_path, capture_output=True, timeout=60)
        assert applied.returncode == 0, applied.stdout + applied.stderr
        assert target.read_text(encoding="utf-8") == CANONICAL
    assert "1 would be reformatted" in result.stderr


def test_format_diff_on_canonical_files_is_silent_and_exit_0(tmp_path: Path) -> None:
    (tmp_path / "a.realm.json").write_text(CANONICAL, encoding="utf-8")
    result = run_cli("format", "--diff", tmp_path)
    assert result.returncode == 0 and result.stdout == ""


def test_format_diff_marks_a_missing_final_newline(tmp_path: Path) -> None:
    target = tmp_path / "a.realm.json"
    target.write_text(untidy_text().rstrip("\n"), encoding="utf-8")
    result = run_cli("format", "--diff", target)
    assert result.returncode == 1
    assert "\\ No newline at end of file\n" in result.stdout


def test_format_check_on_an_unreadable_subfolder_is_exit_2(tmp_path: Path) -> None:
    root = tmp_path / "collection"
    hidden = root / "hid"
    hidden.mkdir(parents=True)
    (root / "ok.realm.json").write_text(CANONICAL, encoding="utf-8")
    (hidden / "b.realm.json").write_text(untidy_text(), encoding="utf-8")
    hidden.chmod(0)
    try:
        result = run_cli("format", "--check", root, prefix=unprivileged())
    finally:
        hidden.chmod(0o755)
    assert result.returncode == 2, result.stdout + result.stderr
    assert str(hidden) in result.stderr and "cannot read" in result.stderr
    assert "1 file checked, 0 would be reformatted, 1 folder unreadable" in result.stdout


def test_format_check_on_an_unreadable_named_folder_is_exit_2(tmp_path: Path) -> None:
    hidden = tmp_path / "hid"
    hidden.mkdir()
    os.chmod(hidden, 0)
    try:
        result = run_cli("format", "--check", hidden, prefix=unprivileged())
    finally:
        hidden.chmod(0o755)
    assert result.returncode == 2 and str(hidden) in result.stderr
