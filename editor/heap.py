"""Who has frozen the garbage collector's heap (``gc.freeze``), known without asking CPython.

Lint freezes the objects built while warming up, so the collector never walks them again
(and forked workers keep their pages shared). The derivation needs to know whether anything is
frozen before it uses ``freeze`` + ``unfreeze`` itself (:func:`no_cyclic_gc`),
since ``unfreeze`` releases everything frozen. ``gc.get_freeze_count()`` tells, but it
counts the frozen objects one by one: with lint's heap frozen it cost about 20 ms per
derivation in a test process (a fuzz test ran 5x slower). Code of this package freezes
only through here, so its own freeze is known in constant time.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

_holds = 0


def freeze() -> None:
    """``gc.freeze()``, remembered until the matching :func:`unfreeze`."""
    global _holds
    gc.freeze()
    _holds += 1


def unfreeze() -> None:
    """Release this package's hold; the heap is unfrozen when the last hold goes."""
    global _holds
    _holds = max(0, _holds - 1)
    if _holds == 0:
        gc.unfreeze()


def frozen_by_us() -> bool:
    """True while lint (in this process, or in the parent a worker was forked from) holds
    the heap frozen."""
    return _holds > 0


@contextmanager
def no_cyclic_gc() -> Iterator[None]:
    """The derivation (and the JSON built from a realm) allocates many small acyclic
    objects; cyclic GC passes over them made large realms superlinear (1.35 s -> 0.48 s
    at 10,000 tiles). Reference counting still frees everything; the collector runs again
    afterwards.

    Re-enabling alone would leave every object the derivation kept in the youngest
    generation with its allocation count far past the threshold, so the next allocation
    would start a collection that walks the whole realm (a third of the time at 10,000
    tiles). ``freeze`` + ``unfreeze`` instead moves the young objects to the oldest
    generation in constant time and resets the count: they are walked only by the next
    full collection, whose cost Python already spreads out. A realm holds no reference
    cycles, so none of it outlives its last reference. When the process has frozen objects
    of its own (lint's forked workers keep their parent's pages shared that way),
    ``unfreeze`` would release them too, so there the collector is simply re-enabled.
    Lint's own freeze is known in constant time (:mod:`editor.heap`): while it holds,
    ``gc.get_freeze_count()``, which counts the frozen objects one by one, is not called."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            collector_back_on()


def collector_back_on() -> None:
    """Re-enable the collector after a derivation (see :func:`no_cyclic_gc`)."""
    if not frozen_by_us() and gc.get_freeze_count() == 0:
        gc.freeze()
        gc.unfreeze()
    gc.enable()
