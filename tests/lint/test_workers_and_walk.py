"""`realms lint` never skips a file silently: a killed worker and an unreadable folder are
errors (exit 2) that name the file or folder, and everything else is still linted.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from lint_support import REPO, run_cli, scenario, tile, write
from proc_table import children, state

from editor.lint.runner import collect

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="uses /proc and fork")

SHIPPED = REPO / "scenarios" / "booklet" / "02-life-is-a-long-river.realm.json"
TINY = scenario([tile("L1", 0, 0), tile("L2", 1, 0)])  # B001 error for 2 players


def _collection(folder: Path, count: int) -> list[str]:
    """``count`` copies of a booklet scenario, each with one R001 finding (it lints through
    the whole derivation, so the workers are busy for a while)."""
    data = json.loads(SHIPPED.read_text("utf-8"))
    data["turns"] = {str(n): 3 for n in range(data["players"]["min"],
                                               data["players"]["max"] + 1)}
    data.pop("turns_reason", None)
    names = []
    for i in range(count):
        name = f"copy-{i:03d}.realm.json"
        (folder / name).write_text(json.dumps(data, indent=2), encoding="utf-8")
        names.append(name)
    return names


def _kill_a_busy_worker(tmp_path: Path) -> tuple[int, list[str], str]:
    """Lint the collection with two workers and SIGKILL one while it runs (state R, so it
    holds a job): the exit status, the output's lines and stderr."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "editor", "lint", "--jobs", "2", "--format", "text",
         "--no-cache", "--select", "R001,S,G", "."], cwd=tmp_path, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True)  # no cache: a second attempt lints again
    assert proc.stdout is not None
    first = proc.stdout.readline()  # a file is done: both workers are up
    assert " R001 " in first, first + (proc.stderr.read() if proc.stderr else "")
    workers = children(proc.pid)
    assert len(workers) == 2, workers
    for _ in range(2000):  # a running worker is in a job; a sleeping one may hold none
        busy = [pid for pid in workers if state(pid) == "R"]
        if busy or proc.poll() is not None:
            break
    os.kill(busy[0] if busy else workers[0], signal.SIGKILL)
    rest = proc.stdout.read()  # not communicate(): it would skip what readline buffered
    err = proc.stderr.read() if proc.stderr else ""
    proc.wait(timeout=300)
    return proc.returncode, (first + rest).splitlines(), err


def test_a_killed_worker_costs_only_the_file_it_held(tmp_path: Path) -> None:
    # Enough files, each derived (the G rules), that the run is still going when the test,
    # after the first line, has found the workers and killed one: with 40 files, and later
    # with 200 files linted by R001 and the schema alone (about 0.2 ms each), a loaded
    # machine's scheduling delay sometimes let the workers finish first. A worker that had
    # answered every job it was sent (the parent, descheduled, had not sent the next) holds
    # nothing when killed: then every file is linted and the run exits 0, which is right,
    # and the kill is tried again on a fresh run (the worker killed was in state R, so rarely).
    names = _collection(tmp_path, 400)
    for _attempt in range(3):
        code, out, err = _kill_a_busy_worker(tmp_path)
        died = [line for line in out if " S007 " in line]
        assert "Traceback" not in err and "BrokenProcessPool" not in err
        assert out[-1].startswith("Found ") and out[-1].endswith(" in 400 files."), out[-3:]
        if died or code != 0:
            break
        assert {Path(line.split(":", 1)[0]).name for line in out if " R001 " in line} == \
            set(names), "a kill that cost no job still lints every file"
    assert code == 2, err
    assert len(died) == 1, out
    assert "worker process died" in died[0] and "SIGKILL" in died[0]
    assert "out of memory" in died[0]
    dead_name = Path(died[0].split(":", 1)[0]).name
    assert dead_name in names
    linted = {Path(line.split(":", 1)[0]).name for line in out if " R001 " in line}
    assert linted == set(names) - {dead_name}, "\n".join(out)  # every other file still linted


def test_jobs_without_deaths_exit_as_usual(tmp_path: Path) -> None:
    write(tmp_path, TINY, "a.realm.json")
    write(tmp_path, TINY, "b.realm.json")
    result = run_cli("--jobs", "2", ".", cwd=tmp_path)
    assert result.returncode == 1 and result.stdout.count(" B001 ") == 2


def _without_dac_override() -> list[str]:
    """A prefix that runs a command without the power to read unreadable folders: as root,
    root without CAP_DAC_OVERRIDE/CAP_DAC_READ_SEARCH (then a 000 folder owned by root is
    unreadable, as for any user); as another user, nothing is needed."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root without setpriv (util-linux) to drop CAP_DAC_OVERRIDE")
    return [setpriv, "--bounding-set=-dac_override,-dac_read_search"]


@pytest.mark.parametrize("target", ["hid", "."])
def test_an_unreadable_folder_is_an_error(tmp_path: Path, target: str) -> None:
    write(tmp_path, TINY, "seen.realm.json")
    hidden = tmp_path / "hid"
    (hidden / "deep").mkdir(parents=True)
    write(hidden / "deep", TINY, "hidden.realm.json")
    hidden.chmod(0)
    try:
        result = subprocess.run(
            [*_without_dac_override(), sys.executable, "-m", "editor", "lint", target],
            cwd=tmp_path, capture_output=True, text=True, timeout=300)
    finally:
        hidden.chmod(0o755)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "no *.realm.json" not in result.stderr
    (line,) = [line for line in result.stdout.splitlines() if " S001 " in line]
    assert line.startswith(("hid:1:1: S001 [error] cannot read this folder: Permission denied",
                            "./hid:1:1: S001 [error] cannot read this folder: Permission denied"))
    assert (" B001 " in result.stdout) == (target == ".")  # readable files are still linted


def test_an_unreadable_folder_is_an_error_in_json_and_sarif(tmp_path: Path) -> None:
    hidden = tmp_path / "hid"
    hidden.mkdir()
    hidden.chmod(0)
    try:
        outputs = [subprocess.run(
            [*_without_dac_override(), sys.executable, "-m", "editor", "lint", "--format", fmt,
             "hid"], cwd=tmp_path, capture_output=True, text=True, timeout=300)
            for fmt in ("json", "sarif")]
    finally:
        hidden.chmod(0o755)
    assert [r.returncode for r in outputs] == [2, 2]
    (finding,) = json.loads(outputs[0].stdout)
    assert finding["code"] == "S001" and finding["path"] == "hid"
    (result,) = json.loads(outputs[1].stdout)["runs"][0]["results"]
    assert result["ruleId"] == "S001"


def test_a_symlink_loop_is_an_error_not_a_missing_path(tmp_path: Path) -> None:
    """Root reads 000 folders, so this exercises the walker's error path as any user: a path
    that cannot be resolved (a symbolic-link loop) is reported with its name, exit 2."""
    (tmp_path / "loop").symlink_to("loop")
    files, missing, errors = collect([tmp_path / "loop" / "x"])
    assert (files, missing) == ([], [])
    (error,) = errors
    assert error.code == "S001" and error.path == str(tmp_path / "loop" / "x")
    assert "cannot read this path" in error.message and "symbolic links" in error.message
    result = run_cli("loop/x", cwd=tmp_path)
    assert result.returncode == 2 and "loop/x:1:1: S001" in result.stdout


def test_a_missing_path_stays_a_usage_error(tmp_path: Path) -> None:
    write(tmp_path, TINY, "f.realm.json")
    for target in ("nothing-here", "f.realm.json/below"):
        result = run_cli(target, cwd=tmp_path)
        assert result.returncode == 2 and "no such file or folder" in result.stderr



@pytest.mark.parametrize("jobs", ["1", "2"])
def test_json_output_of_walk_errors_and_files_is_one_list(tmp_path: Path, jobs: str) -> None:
    """JSON is rendered file by file as results arrive; the parts still make exactly the
    list ``json.dumps(indent=2)`` prints, the walk's errors first."""
    (tmp_path / "loop").symlink_to("loop")
    for name in ("a", "b", "c"):
        write(tmp_path, TINY, f"{name}.realm.json")
    result = run_cli("--format", "json", "--jobs", jobs, "loop/x", ".", cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    found = json.loads(result.stdout)
    assert result.stdout == json.dumps(found, indent=2, ensure_ascii=False) + "\n"
    assert [(f["code"], Path(f["path"]).name) for f in found][:1] == [("S001", "x")]
    assert [f["code"] for f in found].count("B001") == 3
