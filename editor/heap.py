"""Who has frozen the garbage collector's heap (``gc.freeze``), known without asking CPython.

Lint freezes the objects built while warming up, so the collector never walks them again
(and forked workers keep their pages shared). The derivation needs to know whether anything is
frozen before it uses ``freeze`` + ``unfreeze`` itself (see ``editor.topology.derive``),
since ``unfreeze`` releases everything frozen. ``gc.get_freeze_count()`` tells, but it
counts the frozen objects one by one: with lint's heap frozen it cost about 20 ms per
derivation in a test process (a fuzz test ran 5x slower). Code of this package freezes
only through here, so its own freeze is known in constant time.
"""

from __future__ import annotations

import gc

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
