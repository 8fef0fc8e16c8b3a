"""Processes as Linux's /proc shows them, for tests of worker processes (nothing patched):
who a process's children are and what state each is in."""

from __future__ import annotations

import os


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
