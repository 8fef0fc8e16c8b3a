"""export -> import -> lint -> export, for every format with an importer (engine, smawg,
cestpasphoto), every realm of the corpus and every count: the board comes back as the same
graph, and the imported scenario has no lint error its source did not have (issue 29)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_runner import run_cli
from engine_play import load_cestpasphoto, load_smawg
from export_readers import SUFFIXES, expected_counts, exported
from realm_corpus import NAMES, Realm

IMPORTED = ("engine", "smawg", "cestpasphoto")


def _errors(findings: list[dict[str, Any]], players: int) -> set[str]:
    """Codes of the errors that hold at ``players`` (a finding for every count: [])."""
    return {f["code"] for f in findings if f["severity"] == "error"
            and (not f["player_counts"] or players in f["player_counts"])}


def _lint(path: Path) -> list[dict[str, Any]]:
    result = run_cli("lint", "--format", "json", "--exit-zero", path)
    assert result.returncode == 0, result.stderr
    findings: list[dict[str, Any]] = json.loads(result.stdout)
    return findings


def _graph(fmt: str, text: str, players: int) -> object:
    """What an engine reads from the file: for the engine format the whole document but
    its provenance (which says where the file came from) and holes (docs/export.md: a
    graph-only board has no geometry to hold them), else the engine's own board."""
    if fmt == "engine":
        document = json.loads(text)
        document.pop("provenance")
        document.pop("holes")  # holes need geometry: a documented limit of graph boards
        for region in document["regions"]:
            region.pop("holes")
        return document
    if fmt == "smawg":
        return load_smawg(text)
    return load_cestpasphoto(text, players)


@pytest.mark.parametrize("fmt", IMPORTED)
@pytest.mark.parametrize("name", NAMES)
def test_export_import_lint_export(corpus: dict[str, Realm], name: str, fmt: str,
                                   tmp_path: Path) -> None:
    realm = corpus[name]
    counts = expected_counts(fmt, realm.counts)
    if realm.empty or not counts:
        pytest.skip("nothing to export in this format (see test_exports_parse)")
    first, again = tmp_path / "first", tmp_path / "again"
    result = run_cli("export", realm.path, "--to", fmt, "-o", f"{first}/")
    assert result.returncode == 0, result.stderr
    source_errors = _lint(realm.path)
    stem = realm.path.name.removesuffix(".realm.json")
    for players in counts:
        exported_file = exported(first, stem, fmt, players)
        imported = tmp_path / f"imported-{players}.realm.json"
        result = run_cli("import", exported_file, "--from", fmt, "--players", str(players),
                         "-o", imported)
        assert result.returncode == 0, (realm.command, players, result.stderr)
        new = _errors(_lint(imported), players) - _errors(source_errors, players)
        assert not new, f"{realm.command} at {players}: import of {fmt} adds errors {new}"
        back = again / f"back{SUFFIXES[fmt]}"
        result = run_cli("export", imported, "--to", fmt, "--players", str(players),
                         "-o", back)
        assert result.returncode == 0, (realm.command, players, result.stderr)
        assert _graph(fmt, back.read_text(encoding="utf-8"), players) == _graph(
            fmt, exported_file.read_text(encoding="utf-8"), players), (
            f"{realm.command} at {players}: {fmt} -> import -> {fmt} changed the board")
