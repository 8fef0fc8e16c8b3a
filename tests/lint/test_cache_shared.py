"""One result cache shared by many runs at once (CI jobs, pre-commit batches, the test
suite's workers, a program calling ``realms lint`` again and again): no run may break
another's database.

* A run closes its cache: a connection left open after an in-process run kept the
  database's files, and the next run's opening of the file dropped SQLite's POSIX locks on
  it (closing any descriptor of a file does), so another process's close removed the
  ``-wal`` under the live connection: lost rows and a damaged database.
* A damaged database is remade only by a run that has the cache to itself, and
  ``realms clean`` waits for no one: it refuses while a run has the cache open; the lock
  file is made when missing, and a link in its place is never followed.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest
from cli_runner import run_cli

from editor.lint import cache as result_cache
from editor.lint.cache import DB_NAME, LOCK_NAME, ResultCache, held_alone

REPO = Path(__file__).resolve().parents[2]
SCENARIO = REPO / "scenarios" / "highland-crossing.realm.json"

pytestmark = pytest.mark.skipif(not Path("/proc/self/fd").is_dir() or os.name != "posix",
                                reason="reads /proc and takes flock locks (Linux)")


@pytest.fixture
def shared(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """Three copies of a scenario in a folder, and the cache folder every run uses."""
    files = tmp_path / "files"
    files.mkdir()
    for number in range(3):
        shutil.copy(SCENARIO, files / f"s{number}.realm.json")
    cache = tmp_path / "cache"
    monkeypatch.setenv("REALMS_CACHE_DIR", str(cache))
    monkeypatch.delenv("REALMS_NO_CACHE", raising=False)
    return files, cache


def _descriptors_of(path: Path) -> int:
    """How many of this process's open descriptors name ``path``."""
    count = 0
    for name in os.listdir("/proc/self/fd"):
        try:
            count += os.readlink(f"/proc/self/fd/{name}") == str(path)
        except OSError:
            continue
    return count


def _entries(database: Path) -> int:
    """The entries another process sees (a reader of its own, closed after)."""
    done = subprocess.run(
        [sys.executable, "-c",
         "import contextlib, sqlite3, sys\n"
         "with contextlib.closing(sqlite3.connect(sys.argv[1])) as db:\n"
         "    print(db.execute('PRAGMA integrity_check').fetchone()[0],"
         " db.execute('SELECT COUNT(*) FROM entries').fetchone()[0])",
         str(database)], capture_output=True, text=True, check=True)
    return int(done.stdout.split()[1]) if done.stdout.startswith("ok ") else -1


def test_a_process_that_lints_again_and_again_keeps_no_connection_open(
        shared: tuple[Path, Path]) -> None:
    files, cache = shared
    database = cache / DB_NAME
    for number in range(3):
        result = run_cli("lint", "--jobs", "1", files / f"s{number}.realm.json")
        assert result.returncode == 0, result.stdout + result.stderr
        assert _descriptors_of(database) == 0, f"run {number} left the database open"
    assert _entries(database) == 3


def test_a_damaged_database_in_use_is_left_to_its_user_and_remade_after(
        shared: tuple[Path, Path]) -> None:
    files, cache = shared
    first = files / "s0.realm.json"
    expected = run_cli("lint", "--no-cache", "--format", "json", first).stdout
    assert run_cli("lint", first).returncode == 0
    database = cache / DB_NAME
    with closing(sqlite3.connect(database)) as db:  # every page in the file, none in -wal
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    reader = ResultCache(cache)  # a run that has the cache open meanwhile
    try:
        junk = b"this is no SQLite database, not at all"
        with database.open("r+b") as raw:  # its header overwritten: "not a database"
            raw.write(junk)
        result = run_cli("lint", "--format", "json", first)
        assert (result.returncode, result.stdout) == (0, expected)
        assert database.read_bytes().startswith(junk), "remade under a run that had it open"
    finally:
        reader.close()
    result = run_cli("lint", "--format", "json", first)  # alone now: remade, and filled
    assert (result.returncode, result.stdout) == (0, expected)
    with closing(sqlite3.connect(database)) as db:
        assert db.execute("SELECT COUNT(*) FROM entries").fetchone()[0] == 1


def test_clean_refuses_while_a_run_has_the_cache_open(shared: tuple[Path, Path]) -> None:
    files, cache = shared
    assert run_cli("lint", files).returncode == 0
    reader = ResultCache(cache)
    try:
        result = run_cli("clean")
        assert result.returncode == 2
        assert "is in use by a running `realms lint`" in result.stderr
        assert "run `realms clean` again when it ends" in result.stderr
        assert (cache / DB_NAME).is_file()
        assert _entries(cache / DB_NAME) == 3
    finally:
        reader.close()
    result = run_cli("clean")
    assert (result.returncode, result.stderr) == (0, "")
    assert not cache.exists()


def test_clean_locks_a_cache_an_older_version_made_without_a_lock_file(
        shared: tuple[Path, Path]) -> None:
    """With no lock file, clean took no lock at all: a run starting meanwhile used the
    database that clean then removed under it."""
    files, cache = shared
    assert run_cli("lint", files / "s0.realm.json").returncode == 0
    (cache / LOCK_NAME).unlink()
    with held_alone(cache) as alone:
        assert alone
        result = run_cli("lint", files / "s1.realm.json")  # a run starting meanwhile
        assert result.returncode == 0, result.stderr
    assert _entries(cache / DB_NAME) == 1, "the run used the cache clean was removing"


def test_a_cache_that_fails_to_open_holds_no_lock(shared: tuple[Path, Path],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    _, cache = shared
    gone = cache.parent / "gone.py"
    monkeypatch.setattr(result_cache, "_package_files", lambda: [(str(gone), "gone.py")])
    with pytest.raises(FileNotFoundError):
        ResultCache(cache)
    with held_alone(cache) as alone:
        assert alone, "the failed cache still holds its lock"


def test_a_link_where_the_lock_file_belongs_is_reported_and_cleaned(
        shared: tuple[Path, Path], tmp_path: Path) -> None:
    files, cache = shared
    assert run_cli("lint", files / "s0.realm.json").returncode == 0
    target = tmp_path / "elsewhere"
    target.write_text("theirs", encoding="utf-8")
    (cache / LOCK_NAME).unlink()
    (cache / LOCK_NAME).symlink_to(target)
    result = run_cli("lint", files / "s1.realm.json")
    assert result.returncode == 0
    assert f"its file {cache / LOCK_NAME} is not a regular file" in result.stderr
    assert _entries(cache / DB_NAME) == 1
    result = run_cli("clean")
    assert (result.returncode, result.stderr) == (0, "")
    assert not cache.exists() and target.read_text(encoding="utf-8") == "theirs"


def test_a_row_naming_another_file_is_never_shown(shared: tuple[Path, Path]) -> None:
    """What the suite once saw: a lint printed a finding of another worker's file. Rows
    are the cache's; a row that names another file is a miss, and the database is made
    anew."""
    files, cache = shared
    first = files / "findings.realm.json"  # a generated realm with findings
    shutil.copy(next(iter(sorted((REPO / "tests" / "perf" / "fixtures").glob("*.realm.json")))),
                first)
    expected = run_cli("lint", "--no-cache", "--select", "ALL", "--format", "json", first)
    run_cli("lint", "--select", "ALL", first)
    with closing(sqlite3.connect(cache / DB_NAME)) as db, db:
        (key, rows), = db.execute("SELECT key, rows FROM entries").fetchall()
        assert str(first) in rows
        db.execute("UPDATE entries SET rows = ? WHERE key = ?",
                   (rows.replace(str(first), "/elsewhere/other.realm.json"), key))
    result = run_cli("lint", "--select", "ALL", "--format", "json", first)
    assert (result.returncode, result.stdout) == (expected.returncode, expected.stdout)
    assert "elsewhere" not in result.stdout + result.stderr
    assert not (cache / DB_NAME).exists(), "a lying database is kept"
    again = run_cli("lint", "--select", "ALL", "--format", "json", first)
    assert (again.returncode, again.stdout) == (expected.returncode, expected.stdout)
    assert _entries(cache / DB_NAME) == 1


def test_damage_past_the_header_is_mended_by_the_next_run(shared: tuple[Path, Path]) -> None:
    files, cache = shared
    assert run_cli("lint", files).returncode == 0
    database = cache / DB_NAME
    with closing(sqlite3.connect(database)) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    size = database.stat().st_size
    with database.open("r+b") as raw:  # every page past the first
        raw.seek(4096)
        raw.write(b"\xff" * (size - 4096))
    expected = run_cli("lint", "--no-cache", "--format", "json", files).stdout
    result = run_cli("lint", "--format", "json", files)
    assert (result.returncode, result.stdout) == (0, expected)
    result = run_cli("lint", "--format", "json", files)
    assert (result.returncode, result.stdout) == (0, expected)
    assert _entries(database) == 3, "still damaged"
