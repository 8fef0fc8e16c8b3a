"""The pure-Python schema checks (``editor.model.schema_check``) answer "valid?" exactly as
jsonschema does whenever they say "valid" (issue 17: the path without jsonschema_rs).

They stand in for jsonschema_rs when it is not installed, so valid files never import
jsonschema; a file they call invalid goes to jsonschema, which words the errors. Every
test compares against real jsonschema.
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from editor.model.schema_check import Unsupported, compile_schema
from editor.model.schemas import SCHEMA_FILES, bundled, iter_errors, schema

REPO = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((REPO / "scenarios").rglob("*.realm.json"))
CORPUS = sorted((REPO / "tests" / "fuzz" / "corpus").glob("*.json"))
CHECKS = {name: compile_schema(schema(name), bundled(), file)
          for name, file in SCHEMA_FILES.items()}


def jsonschema_says_valid(name: str, data: Any) -> bool:
    return next(iter(iter_errors(name, data)), None) is None


@pytest.mark.parametrize("path", SCENARIOS + CORPUS, ids=lambda p: p.name)
def test_same_answer_as_jsonschema_on_shipped_and_fuzz_files(path: Path) -> None:
    try:
        data = json.loads(path.read_text("utf-8"))
    except (ValueError, UnicodeDecodeError, RecursionError):
        pytest.skip("not JSON")
    for name in SCHEMA_FILES:
        assert CHECKS[name](data) == jsonschema_says_valid(name, data), name


def test_shipped_scenarios_are_valid_for_it() -> None:
    """Not vacuous: the shipped scenarios are valid, so the checks do say "valid"."""
    assert SCENARIOS and all(CHECKS["scenario"](json.loads(p.read_text("utf-8")))
                             for p in SCENARIOS)


EDGE_VALUES = [None, True, False, 0, 1, 1.0, 2.5, -1, 7, 10**400, 1e308, "", "A", "a",
               "x" * 400, "s\u0000", "http://x.json", "a.json", [], [1, 1.0], [1, True],
               ["a", "a"], {}, {"zz": 1}]


@st.composite
def mutated(draw: st.DrawFn) -> Any:
    data = json.loads(draw(st.sampled_from(SCENARIOS)).read_text("utf-8"))
    for _ in range(draw(st.integers(1, 3))):
        parent: Any = data
        path: list[Any] = []
        while True:
            keys = list(parent) if isinstance(parent, dict) else list(range(len(parent)))
            if not keys:
                break
            key = draw(st.sampled_from(keys))
            if not isinstance(parent[key], dict | list) or draw(st.booleans()):
                break
            parent, path = parent[key], [*path, key]
        keys = list(parent) if isinstance(parent, dict) else list(range(len(parent)))
        if not keys:
            continue
        key = draw(st.sampled_from(keys))
        action = draw(st.sampled_from(["replace", "delete", "duplicate", "extra"]))
        if action == "delete":
            del parent[key]
        elif action == "duplicate" and isinstance(parent, list):
            parent.append(copy.deepcopy(parent[key]))
        elif action == "extra" and isinstance(parent, dict):
            # a copy: a later mutation may descend into the value, and a shared one would
            # change EDGE_VALUES for the next examples (hypothesis then reports its
            # strategy as flaky)
            parent[draw(st.sampled_from(["zz", "kind", "players", "2", "en"]))] = \
                copy.deepcopy(draw(st.sampled_from(EDGE_VALUES)))
        else:
            parent[key] = copy.deepcopy(draw(st.sampled_from(EDGE_VALUES)))
    return data


@settings(max_examples=300, deadline=None)
@given(data=mutated())
def test_never_calls_valid_what_jsonschema_rejects(data: Any) -> None:
    assert CHECKS["scenario"](data) == jsonschema_says_valid("scenario", data)


SUBTLE = [  # (schema, instance): the corners of JSON Schema equality and types
    ({"type": "integer"}, 1.0), ({"type": "integer"}, True), ({"type": "number"}, False),
    ({"type": "integer"}, 1.5), ({"type": ["string", "null"]}, None),
    ({"uniqueItems": True}, [1, 1.0]), ({"uniqueItems": True}, [1, True]),
    ({"uniqueItems": True}, [[1], [1.0]]), ({"uniqueItems": True}, [{"a": 1}, {"a": True}]),
    ({"uniqueItems": True}, [0, False]), ({"enum": [1, "a"]}, True), ({"enum": [1, "a"]}, 1.0),
    ({"const": 1}, True), ({"const": "a"}, "a"), ({"minimum": 2}, "1"), ({"maximum": 2}, True),
    ({"maximum": 2}, 10**400), ({"maxLength": 1}, "é"), ({"maxLength": 1}, 12),
    ({"pattern": "^a"}, "ba"), ({"pattern": "b"}, "ab"),
    ({"prefixItems": [{"type": "string"}], "items": {"type": "integer"}}, ["a", 1, 2]),
    ({"prefixItems": [{"type": "string"}], "items": {"type": "integer"}}, [1]),
    ({"prefixItems": [{"type": "string"}], "items": False}, ["a", "b"]),
    ({"properties": {"a": {"type": "string"}}, "additionalProperties": False}, {"b": 1}),
    ({"additionalProperties": {"type": "integer"}}, {"b": "x"}),
    ({"propertyNames": {"enum": ["2", "3"]}}, {"4": 1}),
    ({"not": {"required": ["a", "b"]}}, {"a": 1}), ({"not": {"required": ["a", "b"]}},
                                                    {"a": 1, "b": 2}),
    ({"if": {"properties": {"k": {"const": "x"}}}, "then": {"required": ["h"]},
      "else": {"required": ["r"]}}, {"k": "y", "h": 1}),
    ({"if": {"properties": {"k": {"const": "x"}}}, "then": {"required": ["h"]}}, {"r": 1}),
    ({"oneOf": [{"type": "integer"}, {"minimum": 0}]}, 3),
    ({"$defs": {"n": {"type": "array", "items": {"$ref": "#/$defs/n"}}}, "$ref": "#/$defs/n"},
     [[[]], [[[1]]]]),
]


@pytest.mark.parametrize(("subschema", "instance"), SUBTLE)
def test_subtle_cases_match_jsonschema(subschema: dict[str, Any], instance: Any) -> None:
    full = {"$schema": "https://json-schema.org/draft/2020-12/schema", **subschema}
    expected = jsonschema.Draft202012Validator(full).is_valid(instance)
    assert compile_schema(full)(instance) == expected


@pytest.mark.parametrize("subschema", [
    {"format": "email"}, {"multipleOf": 2}, {"patternProperties": {"a": {}}},
    {"$ref": "https://example.com/s.json"}, {"$ref": "#/$defs/missing"},
    {"unevaluatedProperties": False},
])
def test_a_keyword_outside_the_subset_is_refused(subschema: dict[str, Any]) -> None:
    """Never silently lenient: an unknown keyword stops compilation (jsonschema is used)."""
    with pytest.raises(Unsupported):
        compile_schema(subschema)


def _run(code: str, *args: str, check: bool = True) -> str:
    """The standard output of ``python -c code ARGS`` in a fresh interpreter, in the repo."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True,
                          text=True, cwd=REPO, env=env, timeout=300, check=check).stdout


PROBE = """
import sys
sys.modules['jsonschema_rs'] = None  # an install without the Rust validator
from editor.model.fast_schema import fast_backend
from editor.cli.main import main
status = main(['lint', '--no-cache', '--select', 'S', '--jobs', '1', '--format', 'json',
               *sys.argv[1:]])
print(fast_backend('scenario'), status, 'jsonschema' in sys.modules)
"""


def run_without_rs(*paths: str) -> list[str]:
    return _run(PROBE, *paths, check=False).splitlines()[-1].split()


def test_without_jsonschema_rs_the_compiled_checks_answer_and_jsonschema_stays_out() -> None:
    backend, status, imported = run_without_rs(
        "scenarios/booklet/01-my-precious-world.realm.json")
    assert (backend, status, imported) == ("python", "0", "False")


def test_without_jsonschema_rs_an_invalid_file_is_still_worded_by_jsonschema(
        tmp_path: Path) -> None:
    data = json.loads((REPO / "scenarios/booklet/01-my-precious-world.realm.json")
                      .read_text("utf-8"))
    data["players"]["min"] = "two"
    bad = tmp_path / "bad.realm.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    backend, status, imported = run_without_rs(str(bad))
    assert (backend, status, imported) == ("python", "1", "True")


POLICY = """
import json, sys
from editor.model import fast_schema
data = json.load(open(sys.argv[1]))
seen = [fast_schema.fast_backend('scenario')]
for _ in range(fast_schema.PYTHON_FIRST):
    assert fast_schema.surely_valid('scenario', data)
seen.append('jsonschema_rs' in sys.modules)
seen.append(fast_schema.fast_backend('scenario'))
assert fast_schema.surely_valid('scenario', data)
seen.append('jsonschema_rs' in sys.modules)
print(json.dumps(seen))
"""


def test_a_few_small_documents_are_checked_in_python_then_by_jsonschema_rs() -> None:
    """One-file commands (derive, format, export) never pay jsonschema_rs's import."""
    assert json.loads(_run(POLICY, str(SCENARIOS[0]))) == ["python", False, "jsonschema_rs", True]


def test_a_large_document_goes_to_jsonschema_rs_at_once() -> None:
    from editor.model import fast_schema

    assert fast_schema.fast_backend("scenario", large=True) == "jsonschema_rs"


def test_derive_of_a_valid_file_imports_no_validator_library() -> None:
    code = ("import sys, contextlib, io\nfrom editor.cli.main import main\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            "    status = main(['derive', '--players', '2', sys.argv[1]])\n"
            "print(status, sorted(m for m in ('jsonschema', 'jsonschema_rs') if m in sys.modules))")
    out = _run(code, str(REPO / "scenarios/booklet/01-my-precious-world.realm.json"))
    assert out.split() == ["0", "[]"]
