"""Worker processes for ``realms lint --jobs N`` that survive a worker's death.

``ProcessPoolExecutor`` breaks as a whole when one worker is killed (the OOM killer after a
huge input, a SIGKILL) and cannot say which file the dead worker held. Here each worker gets
one file at a time over its own pipe, so the parent always knows what a worker held: when a
worker dies, that file gets a finding saying so, a fresh worker takes its place, and every
other file is still linted. Results come back in the order of the jobs.
"""

from __future__ import annotations

import contextlib
import gc
import multiprocessing
import signal
from collections.abc import Callable, Iterator, Sequence
from multiprocessing.connection import Connection, wait
from typing import Any, Generic, TypeVar

Job = TypeVar("Job")
Result = TypeVar("Result")


def _serve(conn: Connection, work: Callable[[Any], Any]) -> None:
    """A worker's loop: a job in, its result out, until the parent sends None."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        conn.send(work(job))


def _context() -> Any:
    methods = multiprocessing.get_all_start_methods()
    # fork: workers start with everything the parent imported and built (warm caches).
    return multiprocessing.get_context("fork" if "fork" in methods else None)


class _Worker:
    def __init__(self, work: Callable[[Any], Any]) -> None:
        context = _context()
        self.work = work
        self.conn, child = context.Pipe()
        self.process = context.Process(target=_serve, args=(child, work), daemon=True)
        self.process.start()
        child.close()  # the parent keeps one end: a dead worker's pipe reports EOF
        self.job: int | None = None

    def cause(self) -> str:
        """How the worker ended, for the message."""
        self.process.join(timeout=1)
        code = self.process.exitcode
        if code is not None and code < 0:
            try:
                name = signal.Signals(-code).name
            except ValueError:
                name = f"signal {-code}"
            return f"killed by {name}"
        return f"exited with status {code}" if code is not None else "stopped answering"

    def stop(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            self.conn.send(None)
        self.process.join(timeout=2)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()
        self.conn.close()


class Died(Generic[Job]):
    """A job whose worker died while holding it."""

    def __init__(self, job: Job, cause: str) -> None:
        self.job = job
        self.cause = cause


def run_jobs(jobs: Sequence[Job], work: Callable[[Job], Result],
             workers: int) -> Iterator[Result | Died[Job]]:
    """``work(job)`` for every job in ``workers`` processes; yields in the order of ``jobs``,
    a :class:`Died` for each job whose worker died before answering."""
    pool: list[_Worker] = []
    done: dict[int, Result | Died[Job]] = {}
    next_job = 0
    next_out = 0
    try:
        # Objects built so far (imports, schemas, catalogue) move to a permanent GC
        # generation: the collector then never touches them in a worker, so their pages
        # stay shared with the parent instead of being copied on the first collection.
        gc.freeze()
        pool = [_Worker(work) for _ in range(min(workers, len(jobs)))]
        while next_out < len(jobs):
            for index, worker in enumerate(pool):
                if worker.job is None and next_job < len(jobs):
                    worker.job = next_job
                    next_job += 1
                    try:
                        worker.conn.send(jobs[worker.job])
                    except (OSError, ValueError):
                        pool[index] = _replace(worker, done, jobs)
            busy = [w for w in pool if w.job is not None]
            if busy:
                ready = wait([w.conn for w in busy] + [w.process.sentinel for w in busy])
                for index, worker in enumerate(pool):
                    if worker.job is None:
                        continue
                    if worker.conn in ready or worker.conn.poll():
                        try:
                            result = worker.conn.recv()
                        except (EOFError, OSError):
                            pool[index] = _replace(worker, done, jobs)
                            continue
                        done[worker.job] = result
                        worker.job = None
                    elif worker.process.sentinel in ready:
                        pool[index] = _replace(worker, done, jobs)
            while next_out in done:
                yield done.pop(next_out)
                next_out += 1
    finally:
        for worker in pool:
            worker.stop()
        gc.unfreeze()


def _replace(worker: _Worker, done: dict[int, Any], jobs: Sequence[Any]) -> _Worker:
    """Record the dead worker's job and start a fresh worker in its place."""
    assert worker.job is not None
    done[worker.job] = Died(jobs[worker.job], worker.cause())
    worker.job = None
    with contextlib.suppress(OSError, ValueError):
        worker.process.kill()  # in case it only closed its pipe
    worker.stop()
    return _Worker(worker.work)
