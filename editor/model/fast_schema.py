"""A fast "is it valid?" answer from ``jsonschema_rs`` before the slower ``jsonschema``.

Valid files are the common case and big graph boards are linear but slow in pure
Python (a 20,000-region board took seconds per validation), so the Rust validator
answers first; ``jsonschema`` runs only for files that fail, to word the error.
Neither validator ever fetches: the schemas are the bundled ones and the Rust
validator's retriever refuses every URI.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from editor.model.schemas import SCHEMA_FILES, schema


def _bundled_only(uri: str) -> Any:
    """The retriever: bundled schemas by their ``$id``; every other URI is refused."""
    for name in SCHEMA_FILES:
        contents = schema(name)
        if contents.get("$id") == uri.split("#", 1)[0]:
            return contents
    raise ValueError(f"refusing to fetch {uri}: only the bundled schemas are used")


@cache
def _validator(name: str) -> Any:
    try:
        import jsonschema_rs
    except ImportError:
        return None
    try:
        return jsonschema_rs.validator_for(schema(name), retriever=_bundled_only)
    except Exception:  # an incompatible release: fall back to jsonschema
        return None


def surely_valid(name: str, data: Any) -> bool:
    """True when the fast validator is available and says ``data`` is valid."""
    fast = _validator(name)
    if fast is None:
        return False
    try:
        return bool(fast.is_valid(data))
    except (ValueError, OverflowError, TypeError):  # huge numbers and the like
        return False


def validate_or_raise(name: str, data: Any, text: str, shown: str) -> None:
    """:func:`editor.model.schemas.validate_or_raise`, skipped when the fast validator
    already says the data is valid."""
    if surely_valid(name, data):
        return
    from editor.model import schemas

    schemas.validate_or_raise(name, data, text, shown)
