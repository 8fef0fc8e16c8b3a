"""The lint worker pool: jobs go to forked workers a couple ahead, results come back in
order, and a worker's death costs exactly the job it was working on."""

from __future__ import annotations

import gc
import os
import sys
from pathlib import Path

import pytest
from lint_support import scenario, tile, write

from editor.lint.pool import Died, run_jobs
from editor.lint.runner import GC_YOUNG_THRESHOLD, lint_files

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
