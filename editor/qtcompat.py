"""Work around a PySide6 defect that would otherwise abort long editing sessions and exports.

PySide6 6.12.0 on CPython 3.11 drops one reference to ``None`` on every Qt call
that returns nothing (``QPainter.setPen``, ``drawPath`` ...). From 3.12 ``None``
is immortal so nothing happens; on 3.11 its count reaches zero after some tens
of thousands of calls and the interpreter aborts with "none_dealloc: deallocating
None". :func:`protect_none` measures the leak once and, only if it is present,
gives ``None`` a reference count no session can exhaust.
"""

from __future__ import annotations

import ctypes
import sys

from PySide6.QtCore import QPointF

_PROBE_CALLS = 200
_HEADROOM = 1 << 52

_checked = False


def none_leak_per_call() -> float:
    """References to None lost per void Qt call (0 on a sound PySide6)."""
    point = QPointF()
    before = sys.getrefcount(None)
    for _ in range(_PROBE_CALLS):
        point.setX(1.0)
    return (before - sys.getrefcount(None)) / _PROBE_CALLS


def protect_none() -> bool:
    """Apply the workaround if this PySide6 leaks; returns whether it was needed."""
    global _checked
    if _checked or sys.implementation.name != "cpython" or sys.version_info >= (3, 12):
        return False
    _checked = True
    if none_leak_per_call() < 0.5:
        return False
    refcount = ctypes.c_ssize_t.from_address(id(None))  # ob_refcnt is the first field
    refcount.value += _HEADROOM
    return True


protect_none()
