"""Worker processes that never outlive the command that started them.

``realms site`` and ``realms playtest`` fork worker pools. Whatever ends the command (done,
an error, Ctrl+C, SIGTERM from ``kill`` or a CI job's timeout, even SIGKILL) ends its
workers too: a stopped command once left both playtest workers asleep forever.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager


def worker_start(parent: int) -> None:
    """In each worker: leave SIGINT to the parent (it stops the pool), die by SIGTERM, and
    never outlive the parent, even one killed with SIGKILL (Linux's parent-death signal)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if sys.platform.startswith("linux"):
        import ctypes

        pr_set_pdeathsig = 1
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(pr_set_pdeathsig, signal.SIGTERM, 0, 0, 0)
    if os.getppid() != parent:  # the parent died before the signal was asked for
        os._exit(1)


def forked_pool(jobs: int) -> ProcessPoolExecutor:
    """A pool of ``jobs`` forked workers (they start with the parent's imports and data)
    set up by :func:`worker_start`."""
    return ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("fork"),
                               initializer=worker_start, initargs=(os.getpid(),))


def stop_workers(pool: ProcessPoolExecutor) -> None:
    """Stop ``pool`` now: queued jobs dropped, running workers terminated and reaped (a
    plain shutdown would wait for every queued job)."""
    workers = list(getattr(pool, "_processes", {}).values())  # the executor's own table
    pool.shutdown(wait=False, cancel_futures=True)
    for worker in workers:
        worker.terminate()
    for worker in workers:
        worker.join(timeout=10)


@contextmanager
def owned_pool(jobs: int) -> Iterator[ProcessPoolExecutor]:
    """:func:`forked_pool`, shut down when the block ends, and stopped at once when it
    ends by an exception (an error, or a signal the command turned into one)."""
    pool = forked_pool(jobs)
    try:
        yield pool
    except BaseException:
        stop_workers(pool)
        raise
    pool.shutdown(wait=True)


__all__ = ["forked_pool", "owned_pool", "stop_workers", "worker_start"]
