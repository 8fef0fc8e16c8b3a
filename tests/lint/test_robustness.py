"""No traceback on any input, and no Qt on the lint path.

Hypothesis mutates a valid scenario (random JSON edits, truncation, wrong
types, huge numbers, deep nesting); the linter must answer with findings only,
never with an exception or an internal-error (S000) finding, and the command
line must exit 0, 1 or 2.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lint_support import REPO, base, config, lint_data, run_cli, write

from editor.lint import Finding, lint_loaded
from editor.model.scenario_io import parse_scenario

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12)
    | st.sampled_from(["L1", "L1.s1", "TM.s1", "surface", "mountain", "peak", "tunnel"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["kind", "region", "tile", "q", "r", "number", "players", "x"]),
        inner, max_size=3),
    max_leaves=6,
)
PLAYERS_RANGE = (2, 3)


def _seed() -> dict[str, Any]:
    data = base()
    data["players"] = {"min": PLAYERS_RANGE[0], "max": PLAYERS_RANGE[1]}
    data["boards"][0]["markers"] = [
        {"kind": "mountain", "region": "L1.s1"}, {"kind": "peak", "region": "L1.s1"},
        {"kind": "tunnel", "number": 1, "region": "L2.s1"},
        {"kind": "tunnel", "number": 1, "region": "L3.s1", "min_players": 3},
        {"kind": "lost_tribe", "region": "L4.s1"},
    ]
    data["boards"][0]["river_markers"] = [{"tile": "TH", "edge": 0}]
    data["links"] = [{"kind": "custom", "a": "L5.s1", "b": "L9.s1"}]
    data["turns"] = {"2": 9}
    data["lint"] = {"ignore": [{"code": "B", "reason": "balance is not the point here"}]}
    return data


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*prefix, index))
    return found


@st.composite
def mutated_texts(draw: st.DrawFn) -> str:
    data = _seed()
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(data)
        path = draw(st.sampled_from(paths[1:]))
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        action = draw(st.sampled_from(["replace", "delete", "huge", "duplicate"]))
        if action == "delete":
            del parent[path[-1]]
        elif action == "huge":
            parent[path[-1]] = draw(st.sampled_from([10**400, -(10**40), 1e308, 2**63, 0.5]))
        elif action == "duplicate" and isinstance(parent, list):
            parent.append(copy.deepcopy(parent[path[-1]]))
        else:
            parent[path[-1]] = draw(JSON_VALUES)
    text = json.dumps(data, indent=2)
    style = draw(st.sampled_from(["whole", "truncated", "nested", "garbage"]))
    if style == "truncated":
        text = text[: draw(st.integers(0, len(text)))]
    elif style == "nested":
        depth = draw(st.integers(30, 3000))
        text = text[:-2] + ', "notes": ' + "[" * depth + "]" * depth + "\n}"
    elif style == "garbage":
        cut = draw(st.integers(0, len(text)))
        text = text[:cut] + draw(st.text(max_size=5)) + text[cut:]
    return text


def _fast_missing() -> bool:
    from editor.model.fast_schema import _validator

    return _validator("scenario") is None


def _no_internal_errors(findings: list[Finding]) -> None:
    assert all(isinstance(f, Finding) for f in findings)
    assert not [f for f in findings if f.code == "S000"], findings


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(text=mutated_texts())
def test_mutated_files_give_findings_never_tracebacks(text: str, tmp_path: Path) -> None:
    _no_internal_errors(lint_data(tmp_path, text))


def test_the_seed_itself_is_valid(tmp_path: Path) -> None:
    from editor.model.fast_schema import surely_valid

    assert surely_valid("scenario", _seed()) or _fast_missing()
    findings = lint_data(tmp_path, _seed())
    assert not [f for f in findings if f.code.startswith("S")], findings


def test_nasty_files_through_the_command_line(tmp_path: Path) -> None:
    nasty = {
        "deep.realm.json": "[" * 100_000,
        "huge.realm.json": '{"format_version": 1' + "0" * 5000 + "}",
        "empty.realm.json": "",
        "bom.realm.json": "\ufeff{}",
        "array.realm.json": "[1, 2]",
        "utf16.realm.json": "",
    }
    for name, text in nasty.items():
        write(tmp_path, text, name)
    (tmp_path / "utf16.realm.json").write_bytes('{"a": 1}'.encode("utf-16"))
    (tmp_path / "latin1.realm.json").write_bytes(b'{"title": "caf\xe9"}')
    result = run_cli("--format", "json", ".", cwd=tmp_path)
    assert result.returncode in (1, 2), result.stderr
    assert "Traceback" not in result.stderr
    out = json.loads(result.stdout)
    assert {Path(f["path"]).name for f in out} == {*nasty, "latin1.realm.json"}
    assert all(f["code"] in ("S002", "S003") for f in out), out


def test_lint_loaded_on_an_in_memory_document() -> None:
    loaded = parse_scenario(json.dumps(_seed()), "<editor>", REPO / "tests" / "data")
    findings = lint_loaded(loaded, config=config("G,I"))
    by_code = {f.code: f for f in findings}
    # The peak sits on a mountain overlay (no G008); tunnel 1's second end comes at 3 players;
    # TH's local edge 0 is land/water against nothing, not a water seam.
    assert set(by_code) == {"G007", "I002"}
    assert by_code["I002"].player_counts == (2,)
    assert by_code["I002"].path == "<memory>"


def test_lint_path_imports_no_qt(tmp_path: Path) -> None:
    path = write(tmp_path, _seed())
    code = (
        "import json, sys\n"
        "from editor.cli.main import main\n"
        f"status = main(['lint', '--jobs', '1', {str(path)!r}])\n"
        "from editor.lint import lint_path\n"
        f"lint_path({str(path)!r})\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] == 'PySide6')))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            cwd=REPO, timeout=300)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.strip().splitlines()[-1]) == []


def test_help_imports_nothing_heavy() -> None:
    """`realms lint --help` must start fast: cmd_lint defers every heavy import."""
    code = (
        "import argparse, sys\n"
        "from editor.cli import cmd_lint\n"
        "parser = argparse.ArgumentParser(prog='realms')\n"
        "cmd_lint.register(parser.add_subparsers())\n"
        "try:\n    parser.parse_args(['lint', '--help'])\nexcept SystemExit:\n    pass\n"
        "heavy = {'shapely', 'networkx', 'jsonschema', 'PySide6', 'numpy', 'editor.lint'}\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in heavy or m in heavy))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            cwd=REPO, timeout=120)
    assert result.stdout.strip().splitlines()[-1] == "[]", result.stdout


@settings(max_examples=200, deadline=None)
@given(text=mutated_texts())
def test_fast_schema_path_never_hides_an_error(text: str) -> None:
    """jsonschema_rs only answers "valid?"; it must never call valid what jsonschema rejects."""
    from editor.model.fast_schema import surely_valid
    from editor.model.schemas import iter_errors

    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return
    if surely_valid("scenario", data):
        assert not list(iter_errors("scenario", data))
