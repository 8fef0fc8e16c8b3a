"""A fast "is it valid?" answer from ``jsonschema_rs`` before the slower ``jsonschema``.

Valid files are the common case and big graph boards are linear but slow in pure
Python (a 20,000-region board took seconds per validation), so the Rust validator
answers first; ``jsonschema`` runs only for files that fail, to word the error.
The bundled schema compiled to Python checks (:mod:`editor.model.schema_check`) answers
for the first few small documents of a process (importing ``jsonschema_rs`` costs a
one-file command like ``realms derive`` more CPU than checking one file in Python), and
always when ``jsonschema_rs`` is not installed, so valid files never need ``jsonschema``;
lint, which checks many files, asks for the Rust validator at once (:func:`expect_many`).
:func:`fast_backend` says which one answers next.
No validator ever fetches: the schemas are the bundled ones and the Rust
validator's retriever refuses every URI.
"""

from __future__ import annotations

import itertools
import re
from collections import deque
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

from editor.model.errors import LoadError
from editor.model.jsonpos import PathKey, SourceMap, format_json_path
from editor.model.schemas import SCHEMA_FILES, bundled, schema

if TYPE_CHECKING:  # jsonschema loads only for a file that fails jsonschema_rs
    from jsonschema.exceptions import ValidationError


def _bundled_only(uri: str) -> Any:
    """The retriever: bundled schemas by file name; every other URI is refused.

    One schema names another by its file name; the Rust validator resolves that against
    its default base (``json-schema:///scenario.schema.json``)."""
    where = uri.split("#", 1)[0].removeprefix("json-schema:///")
    found = bundled().get(where)
    if found is not None:
        return found
    raise ValueError(f"refusing to fetch {uri}: only the bundled schemas are used")


def rust_validator(contents: dict[str, Any]) -> Any:
    """A ``jsonschema_rs`` validator of ``contents`` that never fetches, or None when the
    Rust validator is not installed (or is an incompatible release: jsonschema answers)."""
    try:
        import jsonschema_rs
    except ImportError:
        return None
    try:
        return jsonschema_rs.validator_for(contents, retriever=_bundled_only)
    except Exception:  # an incompatible release: fall back to jsonschema
        return None


def rust_says_valid(validator: Any, data: Any) -> bool:
    """``validator.is_valid(data)``, False where the Rust validator cannot take the data."""
    try:
        return bool(validator.is_valid(data))
    except (ValueError, OverflowError, TypeError):  # huge numbers and the like
        return False


@cache
def _validator(name: str) -> Any:
    return rust_validator(schema(name))


@cache
def _python_check(name: str) -> Callable[[Any], bool] | None:
    from editor.model.schema_check import Unsupported, compile_schema

    try:
        return compile_schema(schema(name), bundled(), SCHEMA_FILES[name])
    except (Unsupported, re.error):  # a schema outside the compiled subset: jsonschema
        return None


PYTHON_FIRST = 16
"""Documents a process checks in Python before it builds the Rust validator: each costs
about 0.15 ms in Python against 0.015 ms in Rust, whose import costs about 13 ms."""
LARGE_TEXT = 200_000
"""A document read from a text this long goes to the Rust validator at once."""
_state = {"checked": 0, "many": False}


def expect_many() -> None:
    """Many documents will be checked (``realms lint``): use the Rust validator from the
    first one, when it is installed."""
    _state["many"] = True


def _python_first(name: str, large: bool) -> Callable[[Any], bool] | None:
    if large or _state["many"] or _state["checked"] >= PYTHON_FIRST:
        return None
    return _python_check(name)


def fast_backend(name: str, *, large: bool = False) -> str | None:
    """What answers the next "valid?" before ``jsonschema``: ``"python"`` (the compiled
    checks of :mod:`editor.model.schema_check`), ``"jsonschema_rs"`` or None (jsonschema
    alone)."""
    if _python_first(name, large) is not None:
        return "python"
    if _validator(name) is not None:
        return "jsonschema_rs"
    return "python" if _python_check(name) is not None else None


def surely_valid(name: str, data: Any, *, large: bool = False) -> bool:
    """True when a fast validator is available and says ``data`` is valid (``large``: the
    document is big, so worth the Rust validator even for one file)."""
    check = _python_first(name, large)
    _state["checked"] += 1
    if check is not None:
        return check(data)
    fast = _validator(name)
    if fast is None:
        check = _python_check(name)
        return check is not None and check(data)
    return rust_says_valid(fast, data)


LARGE_CONTAINERS = 5_000
"""Above this many JSON arrays and objects, an invalid document is cut down to the parts
``jsonschema_rs`` found wrong before the slower ``jsonschema`` words the errors: a
20,000-region board with one bad terrain took over a minute in ``jsonschema`` alone."""

KEEP_ITEMS = 64
Errors = list[tuple[PathKey, bool, "ValidationError"]]


def _is_large(data: Any) -> bool:
    count = 0
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            stack.extend(v for v in value.values() if isinstance(v, dict | list))
        elif isinstance(value, list):
            stack.extend(v for v in value if isinstance(v, dict | list))
        else:
            continue
        count += 1
        if count > LARGE_CONTAINERS:
            return True
    return False


def _prune(value: Any, paths: list[PathKey], here: PathKey,
           kept: dict[PathKey, list[int]], too_long: frozenset[PathKey] = frozenset()) -> Any:
    """``value`` with every long array cut to its first items and those an error path
    goes through (so ``minItems`` and the like still hold); ``kept`` maps each cut
    array's path in the pruned document to the original indexes it kept."""
    depth = len(here)
    through = [p for p in paths if len(p) > depth]
    if isinstance(value, dict):
        return {k: _prune(v, [p for p in through if p[depth] == k], (*here, k), kept, too_long)
                for k, v in value.items()}
    if not isinstance(value, list):
        return value
    if any(len(p) == depth for p in paths) and here not in too_long:
        return value  # an error on the array itself (say uniqueItems): keep it whole
    if len(value) <= KEEP_ITEMS:
        indexes: set[int] = set(range(len(value)))
    else:
        indexes = {int(p[depth]) for p in through if isinstance(p[depth], int)
                   and 0 <= int(p[depth]) < len(value)} | set(range(KEEP_ITEMS))
    kept[here] = sorted(indexes)
    return [_prune(value[i], [p for p in through if p[depth] == i], (*here, pruned_index), kept,
                   too_long)
            for pruned_index, i in enumerate(kept[here])]


def _original(path: PathKey, kept: dict[PathKey, list[int]]) -> PathKey:
    pruned: PathKey = ()
    result: list[str | int] = []
    for part in path:
        indexes = kept.get(pruned)
        if isinstance(part, int) and indexes is not None and part < len(indexes):
            result.append(indexes[part])
        else:
            result.append(part)
        pruned = (*pruned, part)
    return tuple(result)


def schema_errors(name: str, data: Any, limit: int = 50) -> Errors:
    """Every ``jsonschema`` error (the wording source) with its offending path in
    ``data``'s own indexes; large documents are first cut to what ``jsonschema_rs`` found
    wrong (up to ``limit`` places), so the slow validator sees a few items, not all."""
    from jsonschema.exceptions import ValidationError

    from editor.model import schemas

    fast = _validator(name)
    if fast is None or not _is_large(data):
        return [(*schemas.offending_path(e), e) for e in schemas.iter_errors(name, data)]
    try:
        fast_errors = list(itertools.islice(fast.iter_errors(data), limit))
    except (ValueError, OverflowError, TypeError):
        return [(*schemas.offending_path(e), e) for e in schemas.iter_errors(name, data)]
    found: list[PathKey] = [tuple(e.instance_path) for e in fast_errors]
    # A list over its maxItems is cut like any other (validating 20,000 items to say "too
    # many" took seconds); its error is made here, from the fast validator's limit.
    too_long = {tuple(e.instance_path): e.kind.limit for e in fast_errors
                if type(e.kind).__name__ == "MaxItems"}
    kept: dict[PathKey, list[int]] = {}
    pruned = _prune(data, found, (), kept, frozenset(too_long))
    result: Errors = []
    for error in schemas.iter_errors(name, pruned):
        path, is_key = schemas.offending_path(error)
        result.append((_original(path, kept), is_key, error))
    for path, maximum in too_long.items():
        error = ValidationError(f"more than {maximum} items", validator="maxItems",
                                validator_value=maximum, instance=_at(data, path),
                                path=deque(path), schema={"maxItems": maximum})
        result.append((path, False, error))
    return result


def _at(data: Any, path: PathKey) -> Any:
    for part in path:
        data = data[part]
    return data


def validate_or_raise(name: str, data: Any, text: str, shown: str) -> None:
    """Raise one clear :class:`LoadError` (S002) for the most relevant schema error, if
    any; skipped when the fast validator already says the data is valid, and fast on large
    invalid documents. The one schema check every loader uses."""
    if surely_valid(name, data, large=len(text) > LARGE_TEXT):
        return
    from jsonschema.exceptions import best_match

    from editor.model import schemas

    errors = schema_errors(name, data)
    if not errors:
        return
    best = best_match(e for _p, _k, e in errors)
    first = schemas.explain(best)[0]
    # best_match may descend into a oneOf's context; only top-level errors carry a path
    # mapped back from a pruned document.
    path, is_key = next(((p, k) for p, k, e in errors if e is best),
                        (first.path, first.is_key))
    message, hint = first.message, first.hint
    raise LoadError(shown, message, json_path=format_json_path(path),
                    position=SourceMap(text).position(path, key=is_key), hint=hint,
                    code="S002")
