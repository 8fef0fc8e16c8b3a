"""A warm `realms lint` (every file answered from the result cache) imports no rule, no
derivation and no validator (issue 17: <= 0.05x check-jsonschema's wall time).

Rule codes for checking --select/--ignore come from the cache folder, written by an
earlier run of the same tool; the package ``editor.lint`` loads its engine on first use.
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from cli_probe import probe

from editor.lint import rules_schema, runner
from editor.lint.cache import DB_NAME, ResultCache
from editor.lint.registry import all_rules

REPO = Path(__file__).resolve().parents[2]
BOOKLET = sorted((REPO / "scenarios" / "booklet").glob("*.realm.json"))[:3]
NEVER_WHEN_WARM = ("editor.lint.engine", "editor.lint.rules_schema", "editor.lint.rules_geometry",
                   "editor.lint.pool", "editor.model.scenario_io", "editor.model.catalogue",
                   "editor.topology", "shapely", "networkx", "jsonschema", "jsonschema_rs")


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project, and a cache folder of its own beside it (REALMS_CACHE_DIR)."""
    monkeypatch.setenv("REALMS_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("REALMS_NO_CACHE", raising=False)
    folder = tmp_path / "project"
    folder.mkdir()
    (folder / "pyproject.toml").write_text("[project]\nname = 'x'\n", encoding="utf-8")
    for path in BOOKLET:
        shutil.copy(path, folder / path.name)
    return folder


def cache_folder(project: Path) -> Path:
    return project.parent / "cache"


def run(project: Path, *args: str) -> dict[str, object]:
    return probe(["lint", "--format", "json", *args, "."], project)


def test_a_warm_run_imports_no_rule_and_gives_the_same_output(project: Path) -> None:
    cold = run(project)
    assert "editor.lint.engine" in cold["modules"]  # type: ignore[operator]  # it did lint
    warm = run(project)
    assert (warm["status"], warm["out"]) == (cold["status"], cold["out"])
    loaded = set(warm["modules"])  # type: ignore[call-overload]
    assert [m for m in NEVER_WHEN_WARM if m in loaded] == []


def test_a_changed_file_still_loads_the_rules(project: Path) -> None:
    run(project)
    target = project / BOOKLET[0].name
    target.write_text(target.read_text("utf-8").replace('"title": "', '"title": "X', 1),
                      encoding="utf-8")
    assert "editor.lint.engine" in run(project)["modules"]  # type: ignore[operator]


def test_an_unknown_selector_is_refused_on_a_warm_run_too(project: Path) -> None:
    run(project)
    refused = run(project, "--select", "Q9")
    assert refused["status"] == 2
    assert "unknown rule selector 'Q9'" in str(refused["out"])
    assert run(project, "--select", "S")["status"] == 0


def test_the_stored_rule_codes_are_the_registry_s(project: Path) -> None:
    run(project)
    cache = ResultCache(cache_folder(project))
    assert cache.rule_codes() == list(all_rules())
    with sqlite3.connect(cache_folder(project) / DB_NAME) as db:
        stored = db.execute("SELECT COUNT(*) FROM meta WHERE name LIKE 'rules:%'").fetchone()
    assert stored == (1,)


def test_a_damaged_rule_code_file_is_read_from_the_registry_again(project: Path) -> None:
    run(project)
    with sqlite3.connect(cache_folder(project) / DB_NAME) as db:
        db.execute("UPDATE meta SET value = '{not json' WHERE name LIKE 'rules:%'")
    assert ResultCache(cache_folder(project)).rule_codes() is None
    assert run(project, "--select", "Q9")["status"] == 2


def test_the_runner_s_load_codes_are_the_schema_rules() -> None:
    """Both take them from editor.lint.findings, so a warm run need not import the schema
    rules."""
    assert (runner.ENGINE, runner.INTERNAL, runner.IO_ERROR, runner.SYNTAX,
            runner.WORKER_DIED) == (rules_schema.ENGINE, rules_schema.INTERNAL,
                                    rules_schema.IO_ERROR, rules_schema.SYNTAX,
                                    rules_schema.WORKER_DIED)
