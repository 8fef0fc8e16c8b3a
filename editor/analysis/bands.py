"""The old name of the balance standard's loader, kept for callers of the analysis API
(the site): ``make_report(measure(realm), load_bands())`` judges against the standard."""

from __future__ import annotations

from editor.analysis.standard import Standard, load_standard


def load_bands() -> Standard:
    """The bundled balance standard (see :mod:`editor.analysis.standard`)."""
    return load_standard()


__all__ = ["Standard", "load_bands"]
