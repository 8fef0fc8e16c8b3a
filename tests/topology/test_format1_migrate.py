"""Issue 26 point 3: a file written for the old (invented) catalogue never quietly derives a
different board. Loaded as it is, a format 1 file derives exactly the graph it derived
before the box catalogue landed; ``realms migrate`` is the explicit, listed way to format 2.

The fixture is booklet scenario 1 as it was on main at cb16285 (format 1), and the golden
is that commit's own ``realms derive --format json`` of it (regions and adjacency of every
player count; borders, areas and centroids left out), so the comparison is with the past,
not with today's code.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from cli_runner import run_cli

REPO = Path(__file__).resolve().parents[2]
FORMAT1 = REPO / "tests" / "data" / "format1"
FIXTURE = FORMAT1 / "01-my-precious-world.realm.json"
GOLDEN = FORMAT1 / "01-my-precious-world.derive-golden.json"


def _realms_process(*args: str | Path) -> subprocess.CompletedProcess[str]:
    """``python -m editor ARGS`` in a fresh interpreter: the real command a user runs."""
    return subprocess.run([sys.executable, "-m", "editor", *map(str, args)],
                          capture_output=True, text=True, cwd=REPO, timeout=120)


def _graph(path: Path) -> list[dict[str, Any]]:
    """The derived boards of ``path`` in the golden's shape (no borders, areas, centroids)."""
    done = run_cli("derive", str(path), "--format", "json", timeout=120)
    assert done.returncode == 0, done.stderr
    boards = []
    for board in json.loads(done.stdout)["boards"]:
        regions = [{k: v for k, v in r.items() if k not in ("area", "centroid")}
                   for r in board["regions"]]
        boards.append({"players": board["players"], "turns": board["turns"],
                       "holes": board["holes"], "regions": regions,
                       "adjacency": board["adjacency"]})
    return boards


def test_the_fixture_is_format_1_on_the_default_catalogue() -> None:
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    assert data["format_version"] == 1
    assert "catalogues" not in data  # the default catalogue: which one depends on the format


def test_a_format_1_file_derives_the_same_graph_as_before() -> None:
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))["boards"]
    now = _graph(FIXTURE)
    assert [b["players"] for b in now] == [2, 3, 4, 5, 6]
    for old, new in zip(golden, now, strict=True):
        players = old["players"]
        assert [r["id"] for r in new["regions"]] == [r["id"] for r in old["regions"]], players
        assert new["regions"] == old["regions"], players
        assert new["adjacency"] == old["adjacency"], players
        assert new == old, players


def test_migrate_rewrites_as_format_2_and_lists_the_moves(tmp_path: Path) -> None:
    path = tmp_path / FIXTURE.name
    shutil.copyfile(FIXTURE, path)
    check = _realms_process("migrate", "--check", path)
    assert check.returncode == 1, check.stdout + check.stderr
    assert "format 1" in check.stdout and "realms migrate" in check.stdout
    assert path.read_bytes() == FIXTURE.read_bytes()  # --check writes nothing

    done = _realms_process("migrate", path)
    assert done.returncode == 0, done.stderr
    assert "migrated to format 2" in done.stdout
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format_version"] == 2
    # every moved reference is listed, one line each, old -> new
    moved = [line.strip() for line in done.stdout.splitlines() if line.startswith("  ")
             and "->" in line]
    count = done.stdout.split("; ", 1)[1].split(" region reference", 1)[0]
    assert int(count) == len(moved)
    # tiles keep their letter, side, place and rotation
    before = json.loads(FIXTURE.read_text(encoding="utf-8"))
    assert data["boards"][0]["tiles"] == before["boards"][0]["tiles"]

    # the result loads, derives and is now the box's board, not the invented one
    after = _graph(path)
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))["boards"]
    assert [b["players"] for b in after] == [2, 3, 4, 5, 6]
    assert after != golden
    lint = run_cli("lint", "--format", "json", str(path), timeout=120)
    assert lint.returncode in (0, 1), lint.stderr  # findings are allowed, a refusal is not
    schema = [f["code"] for f in json.loads(lint.stdout) if f["code"].startswith("S")]
    assert schema == []  # the migrated file is a valid format 2 scenario

    again = _realms_process("migrate", "--check", path)
    assert again.returncode == 0, again.stdout + again.stderr
    nothing = _realms_process("migrate", path)
    assert nothing.returncode == 0
    assert "nothing to do" in nothing.stdout
    assert json.loads(path.read_text(encoding="utf-8")) == data


@pytest.mark.parametrize("name", ["01-my-precious-world.realm.json"])
def test_migrate_check_passes_a_shipped_format_2_file(name: str) -> None:
    shipped = REPO / "scenarios" / "booklet" / name
    done = _realms_process("migrate", "--check", shipped)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "nothing to do" in done.stdout


def test_migrate_refuses_a_link_out_of_the_collection(tmp_path: Path) -> None:
    """migrate opens files the one way every command does (issue 27): a scenario link that
    leaves the collection is refused, its target neither quoted nor rewritten."""
    outside = tmp_path / "outside"
    outside.mkdir()
    secret = outside / "secret.realm.json"
    shutil.copyfile(FIXTURE, secret)
    before = secret.read_bytes()
    collection = tmp_path / "collection"
    collection.mkdir()
    (collection / "realms.toml").write_text("[lint]\n", encoding="utf-8")
    (collection / "x.realm.json").symlink_to(secret)
    out = run_cli("migrate", "x.realm.json", cwd=collection)
    assert out.returncode == 2
    assert "Precious" not in out.stdout + out.stderr
    assert secret.read_bytes() == before
