"""Worker processes for ``realms lint --jobs N`` that survive a worker's death.

``ProcessPoolExecutor`` breaks as a whole when one worker is killed (the OOM killer after a
huge input, a SIGKILL) and cannot say which file the dead worker held. Here each worker is
forked with the list of jobs and gets their indexes over its own pipe, a couple ahead, and
answers them in order, so the parent always knows what a worker held: when a worker dies,
the first file it had not answered gets a finding saying so, the others go back to the
queue, a fresh worker takes its place, and every other file is still linted. Results come
back in the order of the jobs.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import signal
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from multiprocessing.connection import Connection, wait
from typing import Any, Generic, TypeVar

from editor import heap

Job = TypeVar("Job")
Result = TypeVar("Result")


# Jobs a worker holds at once: while it works on one, the next is already in its pipe, so
# it never waits for the parent (busy reading another worker's result, or not scheduled on
# a loaded machine) between two files.
AHEAD = 2


def _serve(conn: Connection, jobs: Sequence[Any], work: Callable[[Any], Any]) -> None:
    """A worker's loop: a job's index in, its result out, until the parent sends None.
    The jobs themselves came with the fork: only indexes and results cross the pipe."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C
    while True:
        try:
            index = conn.recv()
        except (EOFError, OSError):
            return
        if index is None:
            return
        conn.send(work(jobs[index]))


def _context() -> Any:
    methods = multiprocessing.get_all_start_methods()
    # fork: workers start with everything the parent imported and built (warm caches).
    return multiprocessing.get_context("fork" if "fork" in methods else None)


class _Worker:
    def __init__(self, jobs: Sequence[Any], work: Callable[[Any], Any]) -> None:
        context = _context()
        self.jobs = jobs
        self.work = work
        self.conn, child = context.Pipe()
        self.process = context.Process(target=_serve, args=(child, jobs, work), daemon=True)
        self.process.start()
        child.close()  # the parent keeps one end: a dead worker's pipe reports EOF
        self.held: deque[int] = deque()  # indexes sent, not answered yet, in order

    def collect(self, done: dict[int, Any]) -> None:
        """Move the results already in the pipe into ``done`` (EOFError or OSError when the
        worker died)."""
        while self.held and self.conn.poll():
            result = self.conn.recv()
            done[self.held.popleft()] = result

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
    todo: deque[int] = deque(range(len(jobs)))
    next_out = 0
    try:
        # Objects built so far (imports, schemas, catalogue) move to a permanent GC
        # generation: the collector then never touches them in a worker, so their pages
        # stay shared with the parent instead of being copied on the first collection.
        heap.freeze()
        pool = [_Worker(jobs, work) for _ in range(min(workers, len(jobs)))]
        while next_out < len(jobs):
            for index, worker in enumerate(pool):
                while len(worker.held) < AHEAD and todo:
                    job = todo.popleft()
                    try:
                        worker.conn.send(job)
                    except (OSError, ValueError):
                        worker.held.append(job)  # it was meant for a dead worker
                        pool[index] = _replace(worker, done, jobs, todo)
                        break
                    worker.held.append(job)
            busy = [w for w in pool if w.held]
            ready = wait([w.conn for w in busy] + [w.process.sentinel for w in busy]) \
                if busy else []
            for index, worker in enumerate(pool):
                if not worker.held:
                    continue
                try:
                    worker.collect(done)
                except (EOFError, OSError):
                    pool[index] = _replace(worker, done, jobs, todo)
                    continue
                if worker.held and worker.process.sentinel in ready:
                    pool[index] = _replace(worker, done, jobs, todo)
            while next_out in done:
                yield done.pop(next_out)
                next_out += 1
    finally:
        for worker in pool:
            worker.stop()
        heap.unfreeze()


def _replace(worker: _Worker, done: dict[int, Any], jobs: Sequence[Any],
             todo: deque[int]) -> _Worker:
    """Keep what the dead worker answered before it died, record the job it was working on
    (the first it still held: it answers in order), give the others it held back to the
    queue, and start a fresh worker in its place."""
    with contextlib.suppress(EOFError, OSError, ValueError):
        worker.collect(done)
    if worker.held:
        first = worker.held.popleft()
        done[first] = Died(jobs[first], worker.cause())
        todo.extendleft(reversed(worker.held))
        worker.held.clear()
    with contextlib.suppress(OSError, ValueError):
        worker.process.kill()  # in case it only closed its pipe
    worker.stop()
    return _Worker(worker.jobs, worker.work)
