"""A pure-Python "is it valid?" answer for the bundled schemas, without ``jsonschema``.

When ``jsonschema_rs`` is not installed, asking ``jsonschema`` whether every file is valid
costs as much as check-jsonschema does (its import alone is about 110 ms, and it walks the
schema keyword by keyword for every value). This module compiles a bundled schema ONCE into
a tree of small Python closures, one per schema node, that only answers True or False; the
schemas are our own files, never a linted file, and nothing here evaluates generated code.

It supports the JSON Schema 2020-12 keywords the bundled schemas use and refuses to compile
a schema with any other assertion keyword (``compile_schema`` raises :class:`Unsupported`),
so a schema change can never make it silently lenient. The answer is only ever trusted when
it says "valid": a file it calls invalid is handed to ``jsonschema``, which words the errors
(and finds none if this checker was merely cautious, as with non-finite numbers).
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Mapping, Sized
from typing import Any

from editor.model.anchored import pattern_search

Check = Callable[[Any], bool]

# errorMessage is VS Code's own annotation: the message its JSON language service shows
# when the schema holding it fails (schemas/ word their `not`s with it); validators ignore it.
ANNOTATIONS = frozenset({"$schema", "$id", "$defs", "$comment", "title", "description",
                         "default", "examples", "deprecated", "readOnly", "writeOnly",
                         "errorMessage"})


class Unsupported(ValueError):
    """The schema uses a keyword or reference this checker does not implement."""


def _always(_value: Any) -> bool:
    return True


def _never(_value: Any) -> bool:
    return False


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _is_integer(value: Any) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return True
    return isinstance(value, float) and value.is_integer()


def _bound(holds: Callable[[Any, Any], bool], limit: Any) -> Check:
    return lambda v: not _is_number(v) or holds(v, limit)


def _sizes(schema: dict[str, Any], kind: type[Sized], most_key: str, least_key: str) -> list[Check]:
    """The ``len`` bounds maxLength/minLength, maxItems/minItems, maxProperties/minProperties:
    any value not of ``kind`` passes them."""
    checks: list[Check] = []
    if most_key in schema:
        most = schema[most_key]
        checks.append(lambda v: not isinstance(v, kind) or len(v) <= most)
    if least_key in schema:
        least = schema[least_key]
        checks.append(lambda v: not isinstance(v, kind) or len(v) >= least)
    return checks


TYPES: dict[str, Check] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": _is_integer,
    "number": _is_number,
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}


class _Unhashable(Exception):
    pass


def _frozen(value: Any) -> Any:
    """A hashable stand-in with jsonschema's equality: 1 == 1.0, but True != 1."""
    if isinstance(value, bool):
        return ("b", value)
    if isinstance(value, int | float):
        if isinstance(value, float) and not math.isfinite(value):
            raise _Unhashable  # NaN is not equal to itself: leave it to jsonschema
        return ("n", value)
    if isinstance(value, str):
        return ("s", value)
    if value is None:
        return ("z",)
    if isinstance(value, list):
        return ("l", tuple(_frozen(v) for v in value))
    if isinstance(value, dict):
        return ("d", frozenset((k, _frozen(v)) for k, v in value.items()))
    raise _Unhashable


def _enum(options: list[Any]) -> Check:
    if all(type(o) is str for o in options):
        strings = frozenset(options)
        return lambda v: type(v) is str and v in strings
    frozen = frozenset(_frozen(o) for o in options)

    def check(value: Any) -> bool:
        try:
            return _frozen(value) in frozen
        except _Unhashable:
            return False
    return check


def _unique(value: Any) -> bool:
    if not isinstance(value, list):
        return True
    try:
        return len({_frozen(v) for v in value}) == len(value)
    except _Unhashable:
        return False


class _Compiler:
    def __init__(self, roots: dict[str, dict[str, Any]]) -> None:
        self.roots = roots  # file name -> schema
        self.refs: dict[tuple[str, str], Check] = {}

    def ref(self, base: str, reference: str) -> tuple[str, str]:
        where, _, pointer = reference.partition("#")
        root_id = where or base
        if root_id not in self.roots or (pointer and not pointer.startswith("/")):
            raise Unsupported(f"reference {reference!r}")
        key = (root_id, pointer)
        if key not in self.refs:
            target: Any = self.roots[root_id]
            for part in pointer.split("/")[1:]:
                part = part.replace("~1", "/").replace("~0", "~")
                if isinstance(target, list):
                    target = target[int(part)]
                elif isinstance(target, dict) and part in target:
                    target = target[part]
                else:
                    raise Unsupported(f"reference {reference!r}")
            slot: list[Check] = []
            self.refs[key] = lambda v: slot[0](v)  # recursion-safe placeholder
            slot.append(self.node(target, root_id))
            self.refs[key] = slot[0]
        return key

    def node(self, schema: Any, base: str) -> Check:
        if schema is True:
            return _always
        if schema is False:
            return _never
        if not isinstance(schema, dict):
            raise Unsupported(f"schema {schema!r}")
        checks: list[Check] = []
        unknown = set(schema) - ANNOTATIONS - HANDLED
        if unknown:
            raise Unsupported(f"keywords {sorted(unknown)}")
        if "$ref" in schema:
            key = self.ref(base, schema["$ref"])  # resolved now: a bad target fails here
            refs = self.refs
            checks.append(lambda v: refs[key](v))  # the final check, even when recursive
        if "type" in schema:
            names = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
            tests = [TYPES[n] for n in names]
            if len(tests) == 1:
                checks.append(tests[0])
            else:
                checks.append(lambda v: any(t(v) for t in tests))
        if "enum" in schema:
            checks.append(_enum(schema["enum"]))
        if "const" in schema:
            checks.append(_enum([schema["const"]]))
        checks.extend(self._numbers(schema))
        checks.extend(self._strings(schema))
        checks.extend(self._arrays(schema, base))
        checks.extend(self._objects(schema, base))
        for sub in schema.get("allOf", ()):
            checks.append(self.node(sub, base))
        if "anyOf" in schema:
            options = [self.node(s, base) for s in schema["anyOf"]]
            checks.append(lambda v: any(o(v) for o in options))
        if "oneOf" in schema:
            ones = [self.node(s, base) for s in schema["oneOf"]]
            checks.append(lambda v: sum(1 for o in ones if o(v)) == 1)
        if "not" in schema:
            negated = self.node(schema["not"], base)
            checks.append(lambda v: not negated(v))
        if "if" in schema:
            condition = self.node(schema["if"], base)
            then = self.node(schema.get("then", True), base)
            otherwise = self.node(schema.get("else", True), base)
            checks.append(lambda v: then(v) if condition(v) else otherwise(v))
        if not checks:
            return _always
        if len(checks) == 1:
            return checks[0]
        every = tuple(checks)

        def all_of(value: Any) -> bool:
            for check in every:  # noqa: SIM110 (a loop: all() of a generator costs more)
                if not check(value):
                    return False
            return True
        return all_of

    @staticmethod
    def _numbers(schema: dict[str, Any]) -> list[Check]:
        checks: list[Check] = []
        for keyword, holds in (("minimum", operator.ge), ("maximum", operator.le),
                               ("exclusiveMinimum", operator.gt),
                               ("exclusiveMaximum", operator.lt)):
            if keyword in schema:
                checks.append(_bound(holds, schema[keyword]))
        if "multipleOf" in schema:
            raise Unsupported("multipleOf")
        return checks

    @staticmethod
    def _strings(schema: dict[str, Any]) -> list[Check]:
        checks = _sizes(schema, str, "maxLength", "minLength")
        if "pattern" in schema:
            search = pattern_search(schema["pattern"])  # ``$`` as JSON Schema reads it
            checks.append(lambda v: not isinstance(v, str) or search(v) is not None)
        return checks

    def _arrays(self, schema: dict[str, Any], base: str) -> list[Check]:
        checks = _sizes(schema, list, "maxItems", "minItems")
        if schema.get("uniqueItems") is True:
            checks.append(_unique)
        prefix = [self.node(s, base) for s in schema.get("prefixItems", ())]
        items = self.node(schema["items"], base) if "items" in schema else None
        if prefix or items is not None:
            skip = len(prefix)

            def each(value: Any) -> bool:
                if not isinstance(value, list):
                    return True
                for check, item in zip(prefix, value, strict=False):
                    if not check(item):
                        return False
                if items is not None:
                    for item in value[skip:] if skip else value:
                        if not items(item):
                            return False
                return True
            checks.append(each)
        return checks

    def _objects(self, schema: dict[str, Any], base: str) -> list[Check]:
        checks: list[Check] = []
        if "required" in schema:
            required = tuple(schema["required"])
            checks.append(lambda v: not isinstance(v, dict) or all(k in v for k in required))
        checks.extend(_sizes(schema, dict, "maxProperties", "minProperties"))
        if "propertyNames" in schema:
            names = self.node(schema["propertyNames"], base)
            checks.append(lambda v: not isinstance(v, dict) or all(names(k) for k in v))
        properties = {k: self.node(s, base) for k, s in schema.get("properties", {}).items()}
        extra = schema.get("additionalProperties", True)
        others = None if extra is True else self.node(extra, base)
        if properties or others is not None:
            def members(value: Any) -> bool:
                if not isinstance(value, dict):
                    return True
                for key, item in value.items():
                    check = properties.get(key, others)
                    if check is not None and not check(item):
                        return False
                return True
            checks.append(members)
        return checks


HANDLED = frozenset({
    "$ref", "type", "enum", "const", "minimum", "maximum", "exclusiveMinimum",
    "exclusiveMaximum", "maxLength", "minLength", "pattern", "maxItems", "minItems",
    "uniqueItems", "prefixItems", "items", "required", "maxProperties", "minProperties",
    "propertyNames", "properties", "additionalProperties", "allOf", "anyOf", "oneOf", "not",
    "if", "then", "else",
})


def compile_schema(schema: dict[str, Any], others: Mapping[str, dict[str, Any]] | None = None,
                   base: str = "") -> Check:
    """A function telling whether a value is valid against ``schema``, known to the others
    as ``base`` (``others``: the schemas its ``$ref`` may name, by file name). Raises
    :class:`Unsupported` for a keyword or reference outside the implemented subset."""
    roots = dict(others or {})
    roots[base] = schema
    compiler = _Compiler(roots)
    check = compiler.node(schema, base)

    def is_valid(value: Any) -> bool:
        try:
            return check(value)
        except RecursionError:
            return False  # a deeply nested document: let jsonschema decide
    return is_valid
