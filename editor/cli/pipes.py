"""A closed stdout or stderr ends the output, never the verdict.

``realms lint bad/ | head -1`` closes the pipe after one line. The command must
still exit 1 when it found errors, so CI can trust the status. Python's own
advice (the ``signal`` module docs, "Note on SIGPIPE") is to point the closed
stream at ``os.devnull`` and carry on: the guard below does that on the first
``BrokenPipeError`` and lets the subcommand finish and return its real status,
with no traceback and no "Exception ignored" message at interpreter exit.
"""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager

TYPE_CHECKING = False  # typing costs a CLI start milliseconds; mypy reads the block
if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator
    from typing import Any


def _point_at_devnull(stream: Any) -> None:
    """Send everything still buffered for ``stream``'s descriptor to ``os.devnull``."""
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):
        return  # not a real file (a test's capture buffer): nothing flushes it at exit
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, fd)
    finally:
        os.close(devnull)


class ClosedPipeGuard:
    """Wraps a text or binary stream; once its reader has gone, writes are dropped."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream
        self.closed_by_reader = False
        self._buffer: ClosedPipeGuard | None = None

    def _broke(self) -> None:
        self.closed_by_reader = True
        _point_at_devnull(self._stream)

    def write(self, data: Any) -> int:
        if not self.closed_by_reader:
            try:
                return int(self._stream.write(data))
            except BrokenPipeError:
                self._broke()
        return len(data)

    def writelines(self, lines: Iterable[Any]) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        if self.closed_by_reader:
            return
        try:
            self._stream.flush()
        except BrokenPipeError:
            self._broke()

    @property
    def buffer(self) -> ClosedPipeGuard:
        """The binary stream under a text one, guarded the same way (PNG to stdout)."""
        if self._buffer is None:
            self._buffer = ClosedPipeGuard(self._stream.buffer)
        return self._buffer

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


@contextmanager
def quiet_closed_pipes() -> Iterator[None]:
    """Guard ``sys.stdout`` and ``sys.stderr`` for the duration of one command."""
    saved = sys.stdout, sys.stderr
    guards = [ClosedPipeGuard(s) if s is not None else None for s in saved]
    sys.stdout, sys.stderr = guards
    try:
        yield
    finally:
        for guard in guards:
            if guard is not None:
                guard.flush()
                if guard._buffer is not None:
                    guard._buffer.flush()
        sys.stdout, sys.stderr = saved


def silence_stdout() -> None:
    """Last resort when a write escaped the guard: drop what is left, quietly."""
    _point_at_devnull(sys.stdout)
