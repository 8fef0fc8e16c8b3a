"""Work around PySide6 defects that would otherwise abort long editing sessions and exports.

PySide6 6.12.0 on CPython 3.11 drops one reference to ``None`` on every Qt call
that returns nothing (``QPainter.setPen``, ``drawPath`` ...), and one reference to
``True`` on every ``emit()`` of a signal (its return value). From 3.12 both are
immortal so nothing happens; on 3.11 a count reaches zero after some thousands of
calls (``True`` has about 6000 references once the editor and smawg are loaded: a
playtest emits one signal per game) and the interpreter aborts with "none_dealloc:
deallocating None" or "bool_dealloc: deallocating True or False". :func:`protect_none`
measures each leak once and, only where it is present, gives the object a reference
count no session can exhaust.
"""

from __future__ import annotations

import ctypes
import sys
from collections.abc import Callable

from PySide6.QtCore import QObject, QPointF, Signal

_PROBE_CALLS = 200
_HEADROOM = 1 << 52

_checked = False


class _Probe(QObject):
    ping = Signal()


def _leak(obj: object, call: Callable[[], object]) -> float:
    before = sys.getrefcount(obj)
    for _ in range(_PROBE_CALLS):
        call()
    return (before - sys.getrefcount(obj)) / _PROBE_CALLS


def none_leak_per_call() -> float:
    """References to None lost per void Qt call (0 on a sound PySide6)."""
    point = QPointF()
    return _leak(None, lambda: point.setX(1.0))


def true_leak_per_emit() -> float:
    """References to True lost per signal emitted (0 on a sound PySide6)."""
    probe = _Probe()
    return _leak(True, probe.ping.emit)


def _add_headroom(obj: object) -> None:
    refcount = ctypes.c_ssize_t.from_address(id(obj))  # ob_refcnt is the first field
    refcount.value += _HEADROOM


def protect_none() -> bool:
    """Apply the workarounds (None, then True) where this PySide6 leaks; returns whether
    one was needed."""
    global _checked
    if _checked or sys.implementation.name != "cpython" or sys.version_info >= (3, 12):
        return False
    _checked = True
    needed = False
    for obj, leak in ((None, none_leak_per_call), (True, true_leak_per_emit)):
        if leak() >= 0.5:
            _add_headroom(obj)
            needed = True
    return needed


protect_none()
