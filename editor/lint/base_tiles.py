"""The tiles ``realms lint --catalogue FILE`` lints against instead of the standard ones.

Kept apart from the schema rules so that setting it costs no import: a warm run answered
by the result cache never loads the rules, nor the tiles (the catalogue is a function
here until a file is actually linted, and then loaded once per process; forked lint
workers inherit whichever it is).
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
