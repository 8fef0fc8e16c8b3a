"""What a command does when its standard output or standard error fails.

Two cases, each with one documented outcome, the same on every run:

- **A reader that went away** (``realms lint bad/ | head -1``, a broken pipe): the reader
  chose to read less, as ``git log | head`` does. The rest of the output is dropped
  quietly and the command carries on to its end, so its exit status is exactly what it
  would have been had everything been read (lint: 0, 1 or 2 from the files, never from the
  pipe). Stopping at the broken pipe instead made the status depend on a race: when every
  line fitted in the pipe before ``head`` exited, lint ended with 1, otherwise with 2.
- **Output that failed** (``>/dev/full``, no space left, an I/O error, a stream closed
  before the start with ``>&-``): one line on stderr (when stderr still works) and exit
  status 2, never a traceback: a report that was meant to be kept did not arrive.

The guards below wrap ``sys.stdout`` and ``sys.stderr`` for the whole command. A write or
flush that meets a closed pipe points the stream's descriptor at ``os.devnull`` (so the
interpreter's own flush at exit finds nothing to complain about) and returns as if it had
written. Any other failure records why, does the same and raises :class:`OutputLost`, a
``BaseException`` like ``KeyboardInterrupt``: a command's ``except Exception`` cannot
swallow it, so the command stops at once.
"""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager

TYPE_CHECKING = False  # typing costs a CLI start milliseconds; mypy reads the block
if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator
    from typing import Any, NoReturn

EXIT_STREAM = 2


class OutputLost(BaseException):
    """A standard stream failed: the command's output is incomplete (exit 2)."""


def _point_at_devnull(stream: Any) -> None:
    """Send everything still buffered for ``stream``'s descriptor to ``os.devnull``."""
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):
        return  # not a real file (a test's capture buffer): nothing flushes it at exit
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
    except OSError:
        return
    try:
        os.dup2(devnull, fd)
    except OSError:
        pass
    finally:
        os.close(devnull)


def _reason(exc: OSError) -> str:
    """Why a write failed, in words."""
    return (exc.strerror or str(exc) or type(exc).__name__).lower()


class StreamGuard:
    """Wraps a text or binary stream; its first failed write ends the command."""

    def __init__(self, stream: Any, name: str, failures: list[str],
                 gone: list[str] | None = None) -> None:
        self._stream = stream
        self._name = name
        self._failures = failures  # shared by a text guard and its buffer's guard
        self._gone: list[str] = [] if gone is None else gone  # the reader left (shared too)
        self._buffer: StreamGuard | None = None

    @property
    def failed(self) -> bool:
        return bool(self._failures)

    def _fail(self, exc: OSError) -> NoReturn:
        """Record why the stream failed, silence it and stop the command."""
        if not self._failures:
            self._failures.append(f"cannot write to {self._name}: {_reason(exc)}")
        _point_at_devnull(self._stream)
        raise OutputLost(self._name) from None

    def write(self, data: Any) -> int:
        if self._failures or self._gone:
            return len(data)  # nobody reads it, or the command is ending
        try:
            return int(self._stream.write(data))
        except BrokenPipeError:
            self._reader_left()
            return len(data)
        except (OSError, ValueError) as exc:  # ValueError: a stream closed under us
            self._fail(exc if isinstance(exc, OSError) else OSError(str(exc)))

    def _reader_left(self) -> None:
        """The reader closed its end: drop the rest quietly (module doc)."""
        self._gone.append(self._name)
        _point_at_devnull(self._stream)

    def writelines(self, lines: Iterable[Any]) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        if self._failures or self._gone:
            return
        try:
            self._stream.flush()
        except BrokenPipeError:
            self._reader_left()
        except (OSError, ValueError) as exc:
            self._fail(exc if isinstance(exc, OSError) else OSError(str(exc)))

    @property
    def buffer(self) -> StreamGuard:
        """The binary stream under a text one, guarded the same way (PNG to stdout)."""
        if self._buffer is None:
            self._buffer = StreamGuard(self._stream.buffer, self._name, self._failures,
                                       self._gone)
        return self._buffer

    def finish(self) -> None:
        """Flush what is buffered (text, then binary); raises :class:`OutputLost`."""
        self.flush()
        if self._buffer is not None:
            self._buffer.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def closed_at_start() -> list[str]:
    """The standard output streams that were closed before the command started (``>&-``):
    Python then leaves ``sys.stdout``/``sys.stderr`` as None."""
    return [name for name, stream in (("standard output", sys.stdout),
                                      ("standard error", sys.stderr)) if stream is None]


def hold_closed_descriptors() -> None:
    """Open ``os.devnull`` on descriptors 0-2 that are closed, so that no file the command
    opens later takes the number of a standard stream (and nothing written "to stdout" by
    a child process lands in it)."""
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            try:
                opened = os.open(os.devnull, os.O_RDWR)
            except OSError:
                return
            if opened != fd:
                os.dup2(opened, fd)
                os.close(opened)


class Guards:
    """The two guards of one command, and what failed."""

    def __init__(self) -> None:
        self.out_failures: list[str] = []
        self.err_failures: list[str] = []

    @property
    def failure(self) -> str | None:
        """The first failure's message, standard output's first."""
        found = self.out_failures + self.err_failures
        return found[0] if found else None

    @property
    def stderr_works(self) -> bool:
        return not self.err_failures


@contextmanager
def guarded_streams() -> Iterator[Guards]:
    """Guard ``sys.stdout`` and ``sys.stderr`` for one command; a failure raises
    :class:`OutputLost` out of the block (also from the final flush)."""
    saved = sys.stdout, sys.stderr
    guards = Guards()
    out = StreamGuard(saved[0], "standard output", guards.out_failures)
    err = StreamGuard(saved[1], "standard error", guards.err_failures)
    sys.stdout, sys.stderr = out, err
    try:
        try:
            yield guards
        except SystemExit:  # --help, --version and usage errors end this way
            out.finish()
            err.finish()
            raise
        out.finish()
        err.finish()
    finally:
        sys.stdout, sys.stderr = saved


def say(message: str) -> None:
    """One line on the real standard error, if it still takes it."""
    stream = sys.stderr
    if stream is None:
        return
    try:
        stream.write(f"realms: {message}\n")
        stream.flush()
    except (OSError, ValueError):
        _point_at_devnull(stream)


def silence_stdout() -> None:
    """Last resort when a write escaped the guard: drop what is left, quietly."""
    _point_at_devnull(sys.stdout)
