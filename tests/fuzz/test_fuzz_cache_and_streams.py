"""Fuzz cases for issue 27: a poisoned result cache and failing output streams.

Fixed seeds (``random.Random(SEED)``), so every run tries the same inputs:

* **poisoned cache**: a committed ``.realms_cache/`` tree of random junk and plausible
  "no findings" entries, and a cache database whose rows (with what no entry can be),
  metadata or whole file are damaged at random. The verdict and output must equal
  ``--no-cache``'s: a tree's cache is never read, and a damaged database is a miss.
* **stream failures**: a random command (every one writes to stdout) under a random
  failure (``/dev/full``, stdout or stderr closed, the reader gone). Exit 2, never a
  traceback; one line on stderr when stderr works.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from cli_runner import run_cli

REPO = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((REPO / "scenarios").rglob("*.realm.json"))[:4]
SEED = 27
POISON_CASES = 12
STREAM_CASES = 14
NOISE = ("Traceback", "Exception ignored", "internal error")


def junk(rng: random.Random, *, plausible: bool = True) -> bytes:
    """Something a stranger could commit as a cache file; with ``plausible=False`` only
    what no entry can be (the user's own database is trusted: a well-formed row there is
    an answer by design, and only this user's runs can write it)."""
    choice = rng.choice((0, 1, 2, 3, 4, 5) if plausible else (1, 2, 3, 5))
    if choice == 0:
        return b"[]"
    if choice == 1:
        return json.dumps({"tool": "x", "files": {"./a.realm.json": [1, 2, 3]}}).encode()
    if choice == 2:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200)))
    if choice == 3:
        return b"[" * rng.randrange(1, 5000)
    if choice == 4:
        return json.dumps([["S000", "info", "ok", "a", "$", 1, 1, None, [], [], []]]).encode()
    return b"SQLite format 3\x00" + bytes(rng.randrange(256) for _ in range(4096))


def damage_database(database: Path, rng: random.Random) -> None:
    """Break the database one way or another (as a crash, a bad disk or a bug could)."""
    choice = rng.randrange(4)
    if choice == 0:
        data = bytearray(database.read_bytes())
        for _ in range(rng.randrange(1, 40)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        database.write_bytes(bytes(data))
        return
    if choice == 1:
        database.write_bytes(database.read_bytes()[: rng.randrange(1, 4096)])
        return
    with sqlite3.connect(database) as db:
        if choice == 2:
            db.execute("UPDATE entries SET rows = ?",
                       (junk(rng, plausible=False).decode("latin-1"),))
        else:
            db.execute("UPDATE meta SET value = ?",
                       (junk(rng, plausible=False).decode("latin-1"),))


@pytest.mark.parametrize("case", range(POISON_CASES))
def test_a_poisoned_cache_never_changes_the_output(case: int, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(SEED * 1000 + case)
    project = tmp_path / "project"
    project.mkdir()
    (project / ".git").mkdir()
    for path in rng.sample(SCENARIOS, 2):
        shutil.copy(path, project / path.name)
    monkeypatch.chdir(project)
    monkeypatch.setenv("REALMS_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("REALMS_NO_CACHE", raising=False)
    argv = ["lint", "--format", "json", "--jobs", "1", "."]
    fresh = run_cli(*argv, "--no-cache")
    # What a pull request can commit, in the layout older versions read.
    tree = project / ".realms_cache" / "lint-v2"
    tree.mkdir(parents=True)
    for _ in range(rng.randrange(1, 6)):
        (tree / f"{rng.getrandbits(256):064x}.json").write_bytes(junk(rng))
    (tree / "index.json").write_bytes(junk(rng))
    (project / ".realms_cache" / "lint-v3.sqlite3").write_bytes(junk(rng))
    first = run_cli(*argv)
    assert (first.returncode, first.stdout) == (fresh.returncode, fresh.stdout)
    damage_database(tmp_path / "cache" / "lint-v3.sqlite3", rng)
    for _ in range(2):  # the damaged database, then whatever the run made of it
        again = run_cli(*argv)
        assert (again.returncode, again.stdout) == (fresh.returncode, fresh.stdout)
        assert not any(word in again.stderr for word in NOISE), again.stderr


HIGHLAND = str(REPO / "scenarios" / "highland-crossing.realm.json")
COMMANDS = (
    ("derive", HIGHLAND),
    ("derive", HIGHLAND, "--format", "dot"),
    ("derive", HIGHLAND, "--format", "graphml", "--players", "3"),
    ("lint", "--format", "sarif", HIGHLAND),
    ("lint", "--format", "text", "--show-source", HIGHLAND),
    ("balance", HIGHLAND),
    ("export", HIGHLAND, "--to", "geojson", "--players", "4", "-o", "-"),
    ("export", HIGHLAND, "--to", "svg", "--players", "3", "-o", "-"),
    ("lint", "--show-rules"),
    ("--help",),
)
FAILURES = ("full", "stdout closed", "stderr closed", "reader gone")


def run_failing(argv: list[str], failure: str, cwd: Path) -> tuple[int, str]:
    """Exit status and stderr (when it can be seen) of ``argv`` under ``failure``."""
    env = {**os.environ, "REALMS_NO_CACHE": "1"}
    if failure in ("stdout closed", "stderr closed"):
        fd, keep = (1, 2) if failure == "stdout closed" else (2, 1)
        kept = cwd / "kept.txt"
        done = subprocess.run(["bash", "-c", f'"$@" {fd}>&- {keep}>"$KEPT"', "bash", *argv],
                              cwd=cwd, env={**env, "KEPT": str(kept)}, timeout=300)
        return done.returncode, kept.read_text(encoding="utf-8") if fd == 1 else ""
    if failure == "full":
        with open("/dev/full", "wb") as full:
            done = subprocess.run(argv, cwd=cwd, env=env, stdout=full, stderr=subprocess.PIPE,
                                  text=True, timeout=300)
        return done.returncode, done.stderr
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run(argv, cwd=cwd, env=env, stdout=write_end,
                              stderr=subprocess.PIPE, text=True, timeout=300)
    finally:
        os.close(write_end)
    return done.returncode, done.stderr


_RNG = random.Random(SEED)
STREAM_RUNS = [(_RNG.choice(COMMANDS), _RNG.choice(FAILURES)) for _ in range(STREAM_CASES)]


@pytest.mark.parametrize(("command", "failure"), STREAM_RUNS,
                         ids=[f"{c[0]}-{f.replace(' ', '-')}-{i}"
                              for i, (c, f) in enumerate(STREAM_RUNS)])
def test_every_stream_failure_is_exit_2_and_one_line(command: tuple[str, ...], failure: str,
                                                     tmp_path: Path) -> None:
    status, stderr = run_failing([sys.executable, "-m", "editor", *command], failure,
                                 tmp_path)
    assert not any(word in stderr for word in NOISE), stderr
    if failure == "reader gone":  # the reader's choice: the status is the command's own
        assert status == 0 and "pipe" not in stderr, stderr
        return
    assert status == 2, stderr
    if failure != "stderr closed":
        lines = stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("realms: "), stderr
