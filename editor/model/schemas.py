"""JSON Schema validation against the project's local schemas only.

A ``referencing.Registry`` holds the bundled schemas; its retrieve hook refuses
every other URI, so an untrusted file can never make us fetch a URL.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from typing import Any

import jsonschema
from jsonschema.exceptions import ValidationError, best_match
from referencing import Registry, Resource
from referencing.exceptions import NoSuchResource

from editor.model.errors import LoadError
from editor.model.jsonpos import PathKey, SourceMap, format_json_path
from editor.model.paths import data_file

SCHEMA_FILES = {
    "scenario": "scenario.schema.json",
    "catalogue": "catalogue.schema.json",
    "engine": "engine.schema.json",
}


def _refuse_remote(uri: str) -> Resource[Any]:
    raise NoSuchResource(ref=uri)  # type: ignore[call-arg]


@cache
def _registry() -> Registry[Any]:
    resources = []
    for file_name in SCHEMA_FILES.values():
        contents = schema_by_file(file_name)
        resources.append((contents["$id"], Resource.from_contents(contents)))
    return Registry(retrieve=_refuse_remote).with_resources(resources)  # type: ignore[call-arg]


@cache
def schema(name: str) -> dict[str, Any]:
    return schema_by_file(SCHEMA_FILES[name])


def schema_by_file(file_name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(data_file(f"schemas/{file_name}").read_text("utf-8"))
    return data


@cache
def validator(name: str) -> jsonschema.protocols.Validator:
    contents = schema(name)
    cls = jsonschema.validators.validator_for(contents)
    return cls(contents, registry=_registry(), format_checker=cls.FORMAT_CHECKER)


def offending_path(error: ValidationError) -> tuple[PathKey, bool]:
    """The JSON path of what is wrong, and whether it names a key rather than a value.

    jsonschema reports ``required`` and ``additionalProperties`` at the parent
    object; pointing at the extra key itself is what a user needs.
    """
    path: PathKey = tuple(error.absolute_path)
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        allowed = set(error.schema.get("properties", {}))
        extras = sorted(k for k in error.instance if k not in allowed)
        if extras:
            return ((*path, extras[0]), True)
    return (path, False)


def json_type_name(value: Any) -> str:
    """The JSON name of a parsed value's type (designers read JSON, not Python)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object"


def describe(error: ValidationError) -> tuple[str, str]:
    """A readable message and a fix hint for one schema error."""
    validator_name = error.validator
    instance = error.instance
    if validator_name == "additionalProperties" and isinstance(instance, dict):
        allowed = sorted(error.schema.get("properties", {}))
        extras = sorted(k for k in instance if k not in allowed)
        return (f"unknown key {extras[0]!r}" if extras else error.message,
                "allowed keys here: " + ", ".join(allowed))
    if validator_name == "required":
        return (error.message.replace("is a required property", "is required"),
                "add the missing key")
    if validator_name == "enum":
        options = ", ".join(json.dumps(v) for v in error.validator_value)
        return (f"{json.dumps(instance)[:60]} is not allowed", f"expected one of {options}")
    if validator_name in {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"}:
        return (error.message, "use a value in the allowed range")
    if validator_name == "type":
        return (f"expected {error.validator_value}, got {json_type_name(instance)}",
                "change the value's type")
    if validator_name == "not" and isinstance(error.validator_value, dict):
        excluded = error.validator_value.get("required", [])
        present = [k for k in excluded if isinstance(instance, dict) and k in instance]
        if len(present) >= 2:
            keys = " and ".join(repr(k) for k in present)
            return (f"{keys} exclude each other here", f"keep only one of {keys}")
        return ("this value matches a form that is not allowed here", "see docs/format.md")
    if validator_name == "pattern":
        return (f"{json.dumps(instance)[:60]} does not match the expected form",
                f"pattern {error.validator_value}")
    return (error.message[:200], "see docs/format.md")


def iter_errors(name: str, data: Any) -> Iterator[ValidationError]:
    yield from validator(name).iter_errors(data)


def validate_or_raise(name: str, data: Any, text: str, shown: str) -> None:
    """Raise one clear :class:`LoadError` for the most relevant schema error, if any."""
    error = best_match(iter_errors(name, data))
    if error is None:
        return
    path, is_key = offending_path(error)
    message, hint = describe(error)
    raise LoadError(
        shown,
        message,
        json_path=format_json_path(path),
        position=SourceMap(text).position(path, key=is_key),
        hint=hint,
        code="S002",
    )
