"""The lint worker pool: jobs go to forked workers a couple ahead, results come back in
order, and a worker's death costs exactly the job it was working on."""

from __future__ import annotations

import os
import sys

import pytest

from editor.lint.pool import Died, run_jobs

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
