"""What one ``realms lint`` run sets for every file, before linting (forked workers
inherit it): the tiles of ``--catalogue FILE``, whether engine files' provenance is
honoured (``--no-provenance``), and whether the findings it hid are counted.

Kept apart from the rules so that setting them costs no import: a warm run answered by
the result cache never loads the rules, nor the tiles (the catalogue is a function here
until a file is actually linted, and then loaded once per process).
"""

from __future__ import annotations

from collections.abc import Callable

TYPE_CHECKING = False
if TYPE_CHECKING:
    from editor.model.catalogue import Catalogue

_BASE: Catalogue | Callable[[], Catalogue] | None = None


def use_base_catalogue(catalogue: Catalogue | Callable[[], Catalogue] | None) -> None:
    """Lint against ``catalogue`` (or what the function returns, when first needed)
    instead of the default tiles; None: the default again."""
    global _BASE
    _BASE = catalogue


def base_catalogue() -> Catalogue | None:
    """The ``--catalogue`` tiles, loaded now if they were not yet; None without one."""
    global _BASE
    if callable(_BASE):
        _BASE = _BASE()
    return _BASE


HIDDEN = "~provenance-hid"
"""The code of the one internal record (not a finding) that says how many findings an
engine file's provenance hid (its message is the number): only ``realms lint`` asks for
it (:func:`count_hidden`), counts it and never shows it; it is cached with the findings."""

_PROVENANCE = {"honour": True, "count": False}


def honour_provenance(honour: bool) -> None:
    """Apply (the default) or leave out engine files' carried ``lint.ignore`` entries
    (``realms lint --no-provenance``)."""
    _PROVENANCE["honour"] = honour


def count_hidden(on: bool) -> None:
    """Add a :data:`HIDDEN` record to the findings of each engine file whose provenance
    hid some (``realms lint`` only: other callers get the findings alone)."""
    _PROVENANCE["count"] = on


def provenance_settings() -> tuple[bool, bool]:
    """(honour, count): see :func:`honour_provenance` and :func:`count_hidden`."""
    return _PROVENANCE["honour"], _PROVENANCE["count"]
