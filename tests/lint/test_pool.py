"""The lint worker pool: jobs go to forked workers a couple ahead, results come back in
order, and a worker's death costs exactly the job it was working on."""

from __future__ import annotations

import gc
import os
import sys
import weakref
from pathlib import Path

import pytest
from lint_support import scenario, tile, write
from proc_table import children

from editor.lint import runner
from editor.lint.cache import DB_NAME
from editor.lint.findings import Finding
from editor.lint.pool import Died, run_jobs
from editor.lint.runner import (
    GC_FILES_PER_COLLECTION,
    GC_YOUNG_THRESHOLD,
    PARALLEL_MIN_FILES,
    lint_files,
)

TINY = scenario([tile("L1", 0, 0), tile("L2", 1, 0)])  # B001 error for 2 players

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="uses fork")


def _square_or_die(job: int) -> int:
    if job in (3, 11):
        os._exit(7)  # a worker that dies while holding this job (and one queued behind it)
    return job * job


def _pid(_: int) -> int:
    return os.getpid()


def test_results_in_order_and_only_the_held_jobs_die() -> None:
    jobs = list(range(20))
    outcomes = list(run_jobs(jobs, _square_or_die, 2))
    assert len(outcomes) == 20
    for job, outcome in zip(jobs, outcomes, strict=True):
        if job in (3, 11):
            assert isinstance(outcome, Died)
            assert outcome.job == job and outcome.cause == "exited with status 7"
        else:
            assert outcome == job * job


def test_every_worker_takes_part() -> None:
    pids = [p for p in run_jobs(list(range(40)), _pid, 2) if not isinstance(p, Died)]
    assert len(pids) == 40
    assert len(set(pids)) == 2 and os.getpid() not in pids


def test_linting_quiets_the_collector_and_restores_it(tmp_path: Path) -> None:
    """While files are linted, young collections are rarer and (one process) the objects
    built before are frozen; afterwards the interpreter's settings are as they were."""
    paths = [write(tmp_path, TINY, f"{name}.realm.json") for name in "ab"]
    before = gc.get_threshold()
    for jobs in (1, 2):
        seen = []
        for found in lint_files(paths, None, None, jobs, False):
            seen.append((gc.get_threshold()[0], gc.get_freeze_count()))
            assert [f.code for f in found] == ["B001"]
        assert all(young == max(before[0], GC_YOUNG_THRESHOLD) for young, _ in seen)
        assert all(frozen > 0 for _, frozen in seen)
        assert gc.get_threshold() == before and gc.get_freeze_count() == 0


class _Node:
    peer: _Node


def test_cyclic_garbage_of_the_files_is_collected_while_linting(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The collector is off while one process lints, yet a file that leaves a reference
    cycle behind holds it only until the next explicit collection: memory stays bounded
    over a long run. Afterwards the collector is on again."""
    refs: list[weakref.ref[_Node]] = []
    lint_one = runner._lint_one

    def leaving_a_cycle(job: runner.Job, cache: object = None) -> list[Finding]:
        node = _Node()
        node.peer = node
        refs.append(weakref.ref(node))
        return lint_one(job)

    monkeypatch.setattr(runner, "_lint_one", leaving_a_cycle)
    monkeypatch.setattr(runner, "_linted_since_collection", 0)  # other tests' files
    count = 3 * GC_FILES_PER_COLLECTION + 1
    paths = [write(tmp_path, TINY, f"f{n}.realm.json") for n in range(count)]
    assert gc.isenabled()
    alive = []
    for found in lint_files(paths, None, None, 1, False):
        assert not gc.isenabled()
        assert [f.code for f in found] == ["B001"]
        alive.append(sum(ref() is not None for ref in refs))
    assert gc.isenabled()
    assert len(alive) == count and max(alive) <= GC_FILES_PER_COLLECTION
    assert alive[GC_FILES_PER_COLLECTION - 1] == 0  # the first collection freed them all


def _big(job: int) -> bytes:
    return bytes([job]) * 300_000  # several times a pipe's capacity


def test_results_larger_than_a_pipe_arrive_whole() -> None:
    outcomes = list(run_jobs(list(range(6)), _big, 2))
    assert outcomes == [bytes([job]) * 300_000 for job in range(6)]


def _fail_on_two(job: int) -> int:
    if job == 2:
        raise ValueError("a bug in the work")
    return job


def test_an_exception_in_a_worker_costs_its_job(capfd: pytest.CaptureFixture[str]) -> None:
    outcomes = list(run_jobs(list(range(8)), _fail_on_two, 2))
    assert [o for o in outcomes if not isinstance(o, Died)] == [0, 1, 3, 4, 5, 6, 7]
    assert isinstance(outcomes[2], Died) and outcomes[2].cause == "exited with status 1"
    assert "ValueError: a bug in the work" in capfd.readouterr().err


def _slow_after_first(job: int) -> int:
    if job:
        import time

        time.sleep(60)
    return job


def test_a_run_cut_short_stops_its_workers_at_once() -> None:
    import time

    before = set(children(os.getpid()))
    outcomes = run_jobs(list(range(6)), _slow_after_first, 2)
    assert next(outcomes) == 0
    start = time.monotonic()
    outcomes.close()  # as Ctrl-C or an error in the consumer would
    assert time.monotonic() - start < 1.5  # not the minute the workers' jobs would take
    assert set(children(os.getpid())) <= before  # killed and reaped: no zombies left behind


PROBE = """
import sys
import weakref
from editor.cli.main import main
code = main(sys.argv[1:])
print("FORKED" if "editor.lint.pool" in sys.modules else "ONE PROCESS")
"""


def _forked(folder: Path, cache: Path, *args: str) -> bool:
    import subprocess

    # A cache of its own: the suite's shared one is written by other workers' runs meanwhile.
    env = {**os.environ, "REALMS_CACHE_DIR": str(cache)}
    env.pop("REALMS_NO_CACHE", None)
    done = subprocess.run([sys.executable, "-c", PROBE, "lint", "--format", "json", *args,
                           "."], cwd=folder, capture_output=True, text=True, timeout=300,
                          env=env)
    assert done.returncode in (0, 1), done.stderr
    return done.stdout.splitlines()[-1] == "FORKED"


def test_default_jobs_count_only_the_files_to_lint(tmp_path: Path) -> None:
    """Without --jobs, workers are forked for many files to lint when rules derive realms;
    not for the schema rules alone, nor for the few files a warm cache does not answer."""
    project, cache = tmp_path / "project", tmp_path / "cache"
    project.mkdir()
    (project / "pyproject.toml").write_text("[project]\nname = 'x'\n", encoding="utf-8")
    for index in range(PARALLEL_MIN_FILES):
        write(project, TINY, f"f{index:02d}.realm.json")
    assert not _forked(project, cache, "--no-cache", "--select", "S")
    assert _forked(project, cache, "--no-cache")
    assert not (cache / DB_NAME).exists()
    assert _forked(project, cache)  # fills the cache
    assert (cache / DB_NAME).exists()
    write(project, scenario([tile("L1", 0, 0), tile("L3", 1, 0)]), "f00.realm.json")
    assert not _forked(project, cache)  # one file changed
    assert _forked(project, cache, "--no-cache", "--jobs", "2", "--select", "S")  # asked for
    (project / "f00.realm.json").unlink()
    assert not _forked(project, cache, "--no-cache")  # one file fewer than the threshold


def _slow_late(job: int) -> int:
    import time

    time.sleep(1.0 if job == 16 else 0.01)
    return os.getpid()


def test_the_last_jobs_are_not_queued_behind_a_long_one() -> None:
    """With few jobs left, none waits in the pipe of a busy worker: the other worker takes
    every job after the long one."""
    pids = list(run_jobs(list(range(20)), _slow_late, 2))
    assert pids[16] not in pids[17:]


STRESS = """
import os
from editor.lint.pool import run_jobs

def square_or_die(job):
    if job in (3, 11):
        os._exit(7)
    return job * job

for _ in range(150):
    assert len(list(run_jobs(list(range(20)), square_or_die, 2))) == 20
print("done")
"""


def test_a_worker_that_dies_as_jobs_are_sent_never_stalls_the_run() -> None:
    """A worker found dead while jobs were being handed out is replaced by an idle one; if
    no other worker held a job, waiting for a result would wait forever (it did about one
    run in six). Many runs in a child process, so a stall fails by timeout, not a hang."""
    import subprocess

    done = subprocess.run([sys.executable, "-c", STRESS], capture_output=True, text=True,
                          timeout=60, cwd=Path(__file__).resolve().parents[2])
    assert done.returncode == 0 and done.stdout.strip() == "done", done.stderr
