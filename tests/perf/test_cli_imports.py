"""A CLI start imports only what the command needs (issue 17: lazy, minimal imports).

Each case runs ``realms ARGS`` in a fresh interpreter and lists the heavy modules it
loaded: ``--version``, help and argument errors load none of them, and the schema-only
lint (``--select S``) never loads the derivation (topology, networkx); a full lint of
files on the bundled tiles derives their realms without shapely, numpy or networkx.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_probe import probe

REPO = Path(__file__).resolve().parents[2]
HEAVY = ("jsonschema", "jsonschema_rs", "shapely", "networkx", "numpy", "PySide6",
         "editor.topology", "editor.model.scenario_io", "editor.lint.engine")
BOOKLET_1 = "scenarios/booklet/01-my-precious-world.realm.json"


def loaded_modules(*args: str) -> set[str]:
    modules = probe(list(args), REPO)["modules"]
    assert isinstance(modules, list)
    return set(modules)


def heavy(modules: set[str]) -> list[str]:
    return sorted(m for m in HEAVY if m in modules)


@pytest.mark.parametrize("args", [
    ("--version",), ("--help",), ("lint", "--help"), ("lint", "--bogus"), ("lnt",),
    ("derive", "--help"), ("export", "--help"), ("new", "--help"), ("format", "--help"),
    ("lint", "--players", "9", BOOKLET_1),
])
def test_startup_paths_import_nothing_heavy(args: tuple[str, ...]) -> None:
    assert heavy(loaded_modules(*args)) == []


def test_version_builds_no_parser() -> None:
    modules = loaded_modules("--version")
    assert "argparse" not in modules
    assert not any(m.startswith("editor.cli.cmd_") for m in modules)


def test_a_named_subcommand_imports_only_its_own_module() -> None:
    commands = {m for m in loaded_modules("lint", "--help") if m.startswith("editor.cli.cmd_")}
    assert commands == {"editor.cli.cmd_lint"}


def test_schema_only_lint_never_derives() -> None:
    modules = loaded_modules("lint", "--no-cache", "--select", "S", "--jobs", "1", BOOKLET_1)
    assert "editor.lint.engine" in modules  # it did lint
    assert [m for m in ("networkx", "shapely", "editor.topology") if m in modules] == []
    # jsonschema_rs (a runtime dependency) says the file is valid: jsonschema is not needed
    assert "jsonschema_rs" in modules
    assert "jsonschema" not in modules
    # one process: the worker pool (multiprocessing, ~10 ms) is not imported
    assert [m for m in ("editor.lint.pool", "multiprocessing") if m in modules] == []


def test_derive_of_a_valid_file_needs_no_jsonschema() -> None:
    modules = loaded_modules("derive", "--players", "2", BOOKLET_1)
    assert "editor.topology" in modules
    assert "jsonschema" not in modules


def test_full_lint_of_bundled_tiles_loads_no_geometry_or_graph_library() -> None:
    files = ["scenarios/booklet/01-my-precious-world.realm.json",
             "scenarios/booklet/02-life-is-a-long-river.realm.json",  # water bodies
             "scenarios/booklet/11-all-together-now.realm.json",  # tunnels, chasms
             "scenarios/expansions/sky-islands.realm.json",  # graph-only board, access links
             "tests/perf/fixtures/generated-0000.realm.json"]  # findings of realm rules
    result = probe(["lint", "--no-cache", "--jobs", "1", "--format", "json", *files], REPO)
    modules, out = result["modules"], result["out"]
    assert isinstance(modules, list) and isinstance(out, str)
    assert result["status"] == 1, out
    codes = {finding["code"] for finding in json.loads(out)}
    assert {"G003", "B006"} <= codes  # rules that walk the graph of play ran
    assert {f["path"] for f in json.loads(out)} == {files[-1]}
    assert [m for m in ("shapely", "numpy", "networkx") if m in modules] == []
