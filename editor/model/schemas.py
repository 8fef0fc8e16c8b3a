"""JSON Schema validation against the project's local schemas only.

A ``referencing.Registry`` holds the bundled schemas; its retrieve hook refuses
every other URI, so an untrusted file can never make us fetch a URL. The schemas carry no
``$id``: one names another by its file name (``scenario.schema.json#/$defs/water``), a
reference that VS Code, check-jsonschema and any other validator resolve beside the schema
that holds it, wherever the schemas are (a checkout, an installed package, a web address).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # jsonschema loads when a validator is built: valid files never need it
    import jsonschema
    from jsonschema.exceptions import ValidationError
    from referencing import Registry, Resource

from editor.model.jsonpos import PathKey
from editor.model.paths import data_file
from editor.model.schema_wording import Explained, explain, json_type_name

__all__ = ["Explained", "bundled", "describe", "explain", "iter_errors", "json_type_name",
           "offending_path", "schema", "validator"]

SCHEMA_FILES = {
    "scenario": "scenario.schema.json",
    "catalogue": "catalogue.schema.json",
    "engine": "engine.schema.json",
}


def _refuse_remote(uri: str) -> Resource[Any]:
    from referencing.exceptions import NoSuchResource

    raise NoSuchResource(ref=uri)  # type: ignore[call-arg]


@cache
def _registry() -> Registry[Any]:
    from referencing import Registry, Resource

    resources = [(file, Resource.from_contents(contents))
                 for file, contents in bundled().items()]
    return Registry(retrieve=_refuse_remote).with_resources(resources)  # type: ignore[call-arg]


def bundled() -> dict[str, dict[str, Any]]:
    """Every bundled schema by its file name, the name references between them use."""
    return {file: schema(name) for name, file in SCHEMA_FILES.items()}


@cache
def schema(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        data_file(f"schemas/{SCHEMA_FILES[name]}").read_text("utf-8"))
    return data


@cache
def validator(name: str) -> jsonschema.protocols.Validator:
    import jsonschema

    from editor.model.anchored import strict_validator_class

    contents = schema(name)
    base = jsonschema.validators.validator_for(contents)
    cls = strict_validator_class(base)  # ``$`` never matches before a final newline
    return cls(contents, registry=_registry(), format_checker=base.FORMAT_CHECKER)


def offending_path(error: ValidationError) -> tuple[PathKey, bool]:
    """The JSON path of what is wrong, and whether it names a key rather than a value.

    jsonschema reports ``required`` and ``additionalProperties`` at the parent
    object; pointing at the extra key itself is what a user needs.
    """
    first = explain(error)[0]
    return first.path, first.is_key


def describe(error: ValidationError) -> tuple[str, str]:
    """A readable message and a fix hint for one schema error (its first problem)."""
    first = explain(error)[0]
    return first.message, first.hint


def iter_errors(name: str, data: Any) -> Iterator[ValidationError]:
    yield from validator(name).iter_errors(data)

