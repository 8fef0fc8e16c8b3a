"""Worker processes for ``realms lint --jobs N`` that survive a worker's death.

``ProcessPoolExecutor`` breaks as a whole when one worker is killed (the OOM killer after a
huge input, a SIGKILL) and cannot say which file the dead worker held. Here each worker is
forked with the list of jobs and gets their indexes over its own pipe, a couple ahead, and
answers them in order, so the parent always knows what a worker held: when a worker dies,
the first file it had not answered gets a finding saying so, the others go back to the
queue, a fresh worker takes its place, and every other file is still linted. Results come
back in the order of the jobs.

The workers are plain ``os.fork`` children talking over two pipes each, not
``multiprocessing`` processes: the parent only hands out indexes and collects results, and
every wake-up it costs runs on a core the workers need. Indexes go out as 4-byte integers,
results come back as length-prefixed pickles read in as large chunks as the pipe holds (one
``read`` often brings several results), and a dead worker shows as the end of its result
pipe: no ``multiprocessing`` import (about 10 ms), no per-message pickler objects, no
selector rebuilt per wait.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import select
import signal
import struct
import sys
import time
import traceback
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Generic, TypeVar

from editor import heap

Job = TypeVar("Job")
Result = TypeVar("Result")


# Jobs a worker holds at once: while it works on one, the next is already in its pipe, so
# it never waits for the parent (busy reading another worker's result, or not scheduled on
# a loaded machine) between two files.
AHEAD = 2
_INDEX = struct.Struct("!I")  # a job's index, parent -> worker
_SIZE = struct.Struct("!I")  # a result's pickled length, worker -> parent
_CHUNK = 1 << 16  # bytes read from a result pipe at once (a pipe's default capacity)
_REAP_SECONDS = 2.0  # how long a stopped worker may take to exit before it is killed


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _serve(jobs_fd: int, results_fd: int, jobs: Sequence[Any],
           work: Callable[[Any], Any]) -> None:
    """A worker's loop: indexes in, one result out per index in the same order, until the
    parent closes the jobs pipe. The jobs themselves came with the fork: only indexes and
    results cross the pipes."""
    pending = b""
    dumps, size, index = pickle.dumps, _SIZE.pack, _INDEX
    while True:
        data = os.read(jobs_fd, 4096)
        if not data:
            return
        pending += data
        usable = len(pending) - len(pending) % index.size
        for (number,) in index.iter_unpack(pending[:usable]):
            body = dumps(work(jobs[number]), pickle.HIGHEST_PROTOCOL)
            try:
                _write_all(results_fd, size(len(body)) + body)
            except BrokenPipeError:  # the parent stopped listening (interrupted)
                return
        pending = pending[usable:]


def _describe(status: int) -> str:
    """How the worker ended, for the message (``status`` as ``os.waitpid`` gives it)."""
    code = os.waitstatus_to_exitcode(status)
    if code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        return f"killed by {name}"
    return f"exited with status {code}"


class _Worker:
    """One forked worker: the write end of its jobs pipe, the read end of its results pipe,
    what it was sent and not answered yet, and the bytes of a result still arriving."""

    def __init__(self, jobs: Sequence[Any], work: Callable[[Any], Any],
                 siblings: Sequence[_Worker]) -> None:
        jobs_read, self.jobs_fd = os.pipe()
        self.results_fd, results_write = os.pipe()
        self.held: deque[int] = deque()  # indexes sent, not answered yet, in order
        self.buffer = bytearray()
        self.status: int | None = None
        self.pid = os.fork()
        if self.pid == 0:  # the worker
            code = 0
            try:
                signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C
                # The other workers' pipe ends came with the fork: closed, so that each
                # worker sees the end of its own jobs pipe when the parent closes it.
                for other in siblings:
                    other.close()
                os.close(self.jobs_fd)
                os.close(self.results_fd)
                _serve(jobs_read, results_write, jobs, work)
            except BaseException:  # a bug in ``work``: said on stderr, as a dying process
                code = 1
                with contextlib.suppress(BaseException):
                    traceback.print_exc()
                    sys.stderr.flush()
            finally:
                os._exit(code)  # never the parent's exit handlers or its buffered output
        os.close(jobs_read)  # the parent keeps one end of each: a dead worker's results
        os.close(results_write)  # pipe then reads as ended
        # Read only what is there: a stale readiness event (a descriptor number reused by
        # a replacement worker) must never block the parent.
        os.set_blocking(self.results_fd, False)

    def send(self, indexes: list[int]) -> None:
        """Hand over jobs (OSError when the worker is gone)."""
        _write_all(self.jobs_fd, b"".join(map(_INDEX.pack, indexes)))
        self.held.extend(indexes)

    def receive(self, done: dict[int, Any]) -> bool:
        """Read what the results pipe holds and move every complete result into ``done``;
        False when the pipe has ended (the worker is gone)."""
        buffer = self.buffer
        ended = False
        while True:  # all the pipe holds: a worker that filled it waits until it is read
            try:
                data = os.read(self.results_fd, _CHUNK)
            except BlockingIOError:
                break  # nothing more yet
            except OSError:
                data = b""
            if not data:
                ended = True
                break
            buffer += data
            if len(data) < _CHUNK:
                break
        start, end = 0, len(buffer)
        loads, head = pickle.loads, _SIZE.size
        while end - start >= head:
            (length,) = _SIZE.unpack_from(buffer, start)
            if end - start - head < length:
                break
            done[self.held.popleft()] = loads(buffer[start + head:start + head + length])
            start += head + length
        del buffer[:start]
        return not ended

    def ended(self) -> str:
        """How the worker ended, once its results pipe has (it may still be exiting)."""
        for _ in range(1000):  # up to a second
            try:
                pid, status = os.waitpid(self.pid, os.WNOHANG)
            except ChildProcessError:  # reaped already
                return _describe(self.status) if self.status is not None else "ended"
            if pid:
                self.status = status
                return _describe(status)
            time.sleep(0.001)
        self.kill()
        return "stopped answering"

    def stop(self, wait: float) -> None:
        """Close the jobs pipe (the worker exits when it has answered what it holds), give
        it ``wait`` seconds to end its results pipe, kill it if it has not, and reap it."""
        self.close_jobs()
        if self.results_fd >= 0:
            watch = select.poll()
            watch.register(self.results_fd, select.POLLIN)
            deadline = time.monotonic() + wait
            while True:
                left = deadline - time.monotonic()
                if left <= 0 or not watch.poll(left * 1000):
                    self.kill()
                    break
                try:
                    if not os.read(self.results_fd, _CHUNK):  # ended: it is exiting
                        break
                except BlockingIOError:
                    continue
                except OSError:
                    break
        self.kill(only_reap=True)
        self.close()

    def kill(self, only_reap: bool = False) -> None:
        if self.status is not None:
            return
        if not only_reap:
            with contextlib.suppress(OSError):
                os.kill(self.pid, signal.SIGKILL)
        with contextlib.suppress(ChildProcessError):
            self.status = os.waitpid(self.pid, 0)[1]

    def close_jobs(self) -> None:
        if self.jobs_fd >= 0:
            with contextlib.suppress(OSError):
                os.close(self.jobs_fd)
            self.jobs_fd = -1

    def close(self) -> None:
        """Close the parent's pipe ends (once: a closed descriptor's number is reused)."""
        self.close_jobs()
        if self.results_fd >= 0:
            with contextlib.suppress(OSError):
                os.close(self.results_fd)
            self.results_fd = -1


class Died(Generic[Job]):
    """A job whose worker died while holding it."""

    def __init__(self, job: Job, cause: str) -> None:
        self.job = job
        self.cause = cause


def run_jobs(jobs: Sequence[Job], work: Callable[[Job], Result],
             workers: int) -> Iterator[Result | Died[Job]]:
    """``work(job)`` for every job in ``workers`` processes; yields in the order of ``jobs``,
    a :class:`Died` for each job whose worker died before answering. Without ``os.fork``
    the jobs run in this process, one after the other."""
    if not hasattr(os, "fork"):
        for job in jobs:
            yield work(job)
        return
    pool: list[_Worker] = []
    done: dict[int, Result | Died[Job]] = {}
    todo: deque[int] = deque(range(len(jobs)))
    next_out = 0
    poller = select.poll()
    by_fd: dict[int, int] = {}  # results fd -> the worker's place in the pool

    def start(place: int) -> None:
        worker = _Worker(jobs, work, pool)
        if place < len(pool):
            pool[place] = worker
        else:
            pool.append(worker)
        by_fd[worker.results_fd] = place
        poller.register(worker.results_fd, select.POLLIN)

    def replace(place: int) -> None:
        """Keep what the dead worker answered before it died, record the job it was working
        on (the first it still held: it answers in order), give the others it held back to
        the queue, and start a fresh worker in its place."""
        worker = pool[place]
        os.set_blocking(worker.results_fd, True)  # it has ended or is ending: read it all
        while worker.receive(done):
            pass
        poller.unregister(worker.results_fd)
        del by_fd[worker.results_fd]
        worker.close()
        cause = worker.ended()
        if worker.held:
            first = worker.held.popleft()
            done[first] = Died(jobs[first], cause)
            todo.extendleft(reversed(worker.held))
            worker.held.clear()
        start(place)

    try:
        # Objects built so far (imports, schemas, catalogue) move to a permanent GC
        # generation: the collector then never touches them in a worker, so their pages
        # stay shared with the parent instead of being copied on the first collection.
        heap.freeze()
        for stream in (sys.stdout, sys.stderr):  # or a worker could print it again
            with contextlib.suppress(Exception):
                stream.flush()
        for place in range(min(workers, len(jobs))):
            start(place)
        while next_out < len(jobs):
            # The last jobs go one at a time to a worker that has none: queued behind a
            # long one, a job would keep the run going while another worker sat idle.
            ahead = AHEAD if len(todo) > AHEAD * len(pool) else 1
            for place, worker in enumerate(pool):
                want = min(ahead - len(worker.held), len(todo))
                if want > 0:
                    batch = [todo.popleft() for _ in range(want)]
                    try:
                        worker.send(batch)
                    except OSError:  # it is gone: the jobs were never its
                        todo.extendleft(reversed(batch))
                        replace(place)
            # Wait only while some worker holds a job: a worker replaced while jobs were
            # handed out (it died as they were sent) leaves its fresh successor idle, and
            # if the other workers held nothing either no result would ever wake the poll.
            events = poller.poll() if any(worker.held for worker in pool) else ()
            for fd, _ in events:
                owner = by_fd.get(fd)
                if owner is not None and not pool[owner].receive(done):
                    replace(owner)
            while next_out in done:
                result = done.pop(next_out)
                next_out += 1  # before the yield: the consumer may stop at the last one
                yield result
    finally:
        # The end of its jobs pipe tells each worker to exit; cut short (Ctrl-C, an error
        # in the consumer), the run does not wait for the files in hand.
        for worker in pool:
            worker.close_jobs()
        for worker in pool:
            worker.stop(_REAP_SECONDS if next_out == len(jobs) else 0.0)
        heap.unfreeze()
