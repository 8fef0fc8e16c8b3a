"""Bug classes already filed, which the generative fuzz tests report but do not fail on.

Each entry names its issue and the branch expected to fix it. After merging a fix, delete
its entry: the fuzz tests then fail on any input of that class again. Set
``REALMS_FUZZ_STRICT=1`` to ignore this list without editing it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class KnownBug:
    """``pattern`` is a regular expression searched in ``Failure.signature()``:
    ``"<command> <kind>: <detail>"``."""

    name: str
    issue: int
    pattern: str


KNOWN_BUGS: tuple[KnownBug, ...] = ()
