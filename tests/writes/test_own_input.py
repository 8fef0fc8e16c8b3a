"""No command writes over its own input without ``--force``, and ``realms format`` never
writes a file the loader would then refuse (issue 27, points 7 and 8)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from cli_runner import run_cli

from editor.model.limits import MAX_FILE_BYTES

REPO = Path(__file__).resolve().parents[2]
BOOKLET = REPO / "scenarios" / "booklet" / "01-my-precious-world.realm.json"


@pytest.fixture
def scenario(tmp_path: Path) -> Path:
    path = tmp_path / "s.realm.json"
    shutil.copyfile(BOOKLET, path)
    return path


def _no_traceback(result: object) -> None:
    both = result.stdout + result.stderr  # type: ignore[attr-defined]
    assert "Traceback" not in both, both


def test_export_refuses_to_replace_its_input(scenario: Path) -> None:
    before = scenario.read_bytes()
    result = run_cli("export", str(scenario), "--players", "4", "--to", "engine",
                     "-o", str(scenario))
    _no_traceback(result)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "input" in result.stderr and "--force" in result.stderr
    assert scenario.read_bytes() == before


def test_export_refuses_its_input_through_a_link_too(scenario: Path) -> None:
    link = scenario.parent / "alias.json"
    link.symlink_to(scenario.name)
    before = scenario.read_bytes()
    result = run_cli("export", str(scenario), "--players", "4", "--to", "engine",
                     "-o", str(link))
    assert result.returncode == 2 and scenario.read_bytes() == before, result.stderr


def test_export_replaces_its_input_only_with_force(scenario: Path) -> None:
    result = run_cli("export", str(scenario), "--players", "4", "--to", "engine",
                     "-o", str(scenario), "--force")
    assert result.returncode == 0, result.stderr
    assert "adjacency" in json.loads(scenario.read_text())


@pytest.mark.parametrize("command", [("balance", "{}", "-o", "{}"),
                                     ("realise", "{}", "--players", "4", "--seed", "1",
                                      "-o", "{}")])
def test_other_commands_refuse_their_input(scenario: Path, command: tuple[str, ...]) -> None:
    before = scenario.read_bytes()
    result = run_cli(*[str(scenario) if part == "{}" else part for part in command])
    _no_traceback(result)
    assert result.returncode == 2, result.stdout + result.stderr
    assert scenario.read_bytes() == before


def test_import_refuses_its_input(tmp_path: Path, scenario: Path) -> None:
    engine = tmp_path / "e.engine.json"
    assert run_cli("export", str(scenario), "--players", "4", "--to", "engine",
                   "-o", str(engine)).returncode == 0
    before = engine.read_bytes()
    result = run_cli("import", str(engine), "--from", "engine", "-o", str(engine))
    _no_traceback(result)
    assert result.returncode == 2 and engine.read_bytes() == before, result.stderr


def test_import_over_an_existing_file_takes_force(tmp_path: Path, scenario: Path) -> None:
    """``realms new``, ``generate`` and ``realise`` never replaced a file without
    ``--force``; ``import -o`` did, silently, a realm too."""
    engine = tmp_path / "e.engine.json"
    assert run_cli("export", str(scenario), "--players", "4", "--to", "engine",
                   "-o", str(engine)).returncode == 0
    mine = tmp_path / "mine.realm.json"
    shutil.copyfile(BOOKLET, mine)
    before = mine.read_bytes()
    result = run_cli("import", str(engine), "--from", "engine", "-o", str(mine))
    _no_traceback(result)
    assert result.returncode == 2 and mine.read_bytes() == before, result.stderr
    assert result.stderr == (f"{mine}: already exists; choose another name or pass --force "
                             "to overwrite it\n")
    result = run_cli("import", str(engine), "--from", "engine", "-o", str(mine), "--force")
    assert result.returncode == 0, result.stderr
    assert mine.read_bytes() != before


@pytest.mark.parametrize("command", [("balance", "{}", "-o", "[]"),
                                     ("playtest", "{}", "--players", "2", "--games", "1",
                                      "-o", "[]")])
def test_a_report_is_never_written_over_a_realm(tmp_path: Path, scenario: Path,
                                                command: tuple[str, ...]) -> None:
    other = tmp_path / "other.realm.json"
    shutil.copyfile(BOOKLET, other)
    before = other.read_bytes()
    result = run_cli(*[str(scenario) if part == "{}" else str(other) if part == "[]" else part
                       for part in command])
    _no_traceback(result)
    assert result.returncode == 2 and other.read_bytes() == before, result.stderr
    assert result.stderr == (f"{other}: is a scenario file; refusing to write a report over "
                             "it; choose another -o\n")


def _compact_scenario_that_grows(path: Path) -> None:
    """A valid, compact (minified) scenario under the read limit whose canonical, indented
    form is over it, within every count limit: a graph board of 20,000 regions and 100,000
    edges, and seven boards of 5,000 markers each (indentation triples their bytes)."""
    regions = [{"id": f"r{i:05d}", "terrain": "forest"} for i in range(20_000)]
    edges = [[f"r{i % 20_000:05d}", f"r{(i + 1) % 20_000:05d}"] for i in range(100_000)]
    boards: list[dict[str, object]] = [
        {"id": "g", "kind": "underground", "graph": {"regions": regions, "edges": edges}}]
    boards += [{"id": f"s{b}", "kind": "surface", "tiles": [],
                "markers": [{"kind": "lost_tribe", "region": "A.s1"}] * 5_000}
               for b in range(7)]
    data = {"format_version": 2, "title": "Big", "players": {"min": 2, "max": 3},
            "boards": boards}
    path.write_text(json.dumps(data, separators=(",", ":")), encoding="utf-8")


def test_format_never_writes_a_file_over_the_read_limit(tmp_path: Path) -> None:
    path = tmp_path / "big.realm.json"
    _compact_scenario_that_grows(path)
    before = path.read_bytes()
    assert len(before) < MAX_FILE_BYTES
    for args in (("format", str(path)), ("format", "--check", str(path))):
        result = run_cli(*args, timeout=120)
        _no_traceback(result)
        assert result.returncode == 2, result.stdout + result.stderr
        assert "limit" in result.stderr and "left unchanged" in result.stderr
    assert path.read_bytes() == before
    assert run_cli("lint", "--select", "S", "--no-cache", str(path),
                   timeout=120).returncode != 2  # still readable
