"""Processes as Linux's /proc shows them, for tests of worker processes (nothing patched):
who a process's children are and what state each is in; and the SIGINT a child started
by a test should have."""

from __future__ import annotations

import os
import signal


def _stat_fields(pid: int | str) -> list[str] | None:
    """The fields of ``/proc/PID/stat`` after the command name (state first, then the
    parent's pid); None once the process is gone. The name is cut at its last ``)``: it
    may hold spaces and parentheses."""
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as handle:
            return handle.read().rsplit(")", 1)[1].split()
    except OSError:
        return None


def children(pid: int) -> list[int]:
    """Processes whose parent is ``pid``, zombies (exited, not yet reaped) included."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            fields = _stat_fields(entry)
            if fields is not None and int(fields[1]) == pid:
                found.append(int(entry))
    return sorted(found)


def state(pid: int) -> str:
    """The scheduler's state letter: R running, S sleeping (a worker waiting for its next
    job), Z exited but not reaped; "" once gone."""
    fields = _stat_fields(pid)
    return fields[0] if fields else ""


def interruptible() -> None:
    """A child's SIGINT as a terminal's foreground job has it (``preexec_fn``). A child
    inherits an ignored SIGINT, and Python then leaves it ignored, as Unix programs do: a
    suite started in the background of a shell script (``pytest ... &``) would see the
    command ignore the signal and finish, which says nothing about what Ctrl-C does."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
