"""Exports lint as their sources do (issue 29 point 3): a collection that commits its engine
exports, or the site `realms site` builds (which holds them), still lints clean, and the
source's reasons carried in an export's provenance never hide what an edit broke."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from cli_runner import run_cli
from realm_corpus import SCENARIOS, shipped

FORMATS = ("engine", "smawg", "cestpasphoto", "geojson")
HIGHLAND = SCENARIOS / "highland-crossing.realm.json"  # lint.ignore G010 and a turns_reason


def _lint(*args: str | Path) -> tuple[int, list[dict[str, Any]]]:
    result = run_cli("lint", "--format", "json", "--fail-on", "info", *args)
    assert result.returncode in (0, 1), result.stderr
    findings: list[dict[str, Any]] = json.loads(result.stdout)
    return result.returncode, findings


def _shown(findings: list[dict[str, Any]]) -> list[str]:
    return [f"{Path(f['path']).name}: {f['code']} {f['message']}" for f in findings]


@pytest.fixture(scope="module")
def collection(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A collection as a maintainer commits it: the scenarios, every engine/JSON export of
    each (`exports/`) and the built site (`site/`, which holds exports of its own)."""
    root = tmp_path_factory.mktemp("collection")
    shutil.copytree(SCENARIOS, root / "scenarios")
    for source in shipped():
        for fmt in FORMATS:
            result = run_cli("export", source, "--to", fmt, "-o", f"{root / 'exports'}/")
            assert result.returncode in (0, 2), result.stderr  # 2: nothing to export
    result = run_cli("site", root / "scenarios", "-o", root / "site")
    assert result.returncode == 0, result.stderr
    return root


def test_exports_of_every_shipped_scenario_lint_clean(collection: Path) -> None:
    engine_files = sorted((collection / "exports").glob("*.engine.json"))
    assert len(engine_files) > 40
    code, findings = _lint(collection / "exports")
    assert (code, _shown(findings)) == (0, [])
    code, findings = _lint(*engine_files)  # named one by one, too
    assert (code, _shown(findings)) == (0, [])


def test_the_built_site_lints_clean(collection: Path) -> None:
    assert list((collection / "site").glob("s/*/*.engine.json"))
    code, findings = _lint(collection / "site")
    assert (code, _shown(findings)) == (0, [])


def test_a_collection_holding_its_exports_and_site_lints_clean(collection: Path) -> None:
    code, findings = _lint(collection)
    assert (code, _shown(findings)) == (0, [])


# -- the provenance is no blanket suppression ------------------------------------------------

def _export_highland(tmp_path: Path, players: int = 4) -> tuple[Path, dict[str, Any]]:
    out = tmp_path / f"highland.{players}p.engine.json"
    assert run_cli("export", HIGHLAND, "--players", str(players), "--to", "engine", "-o",
                   out).returncode == 0
    return out, json.loads(out.read_text(encoding="utf-8"))


def _write(path: Path, document: dict[str, Any]) -> Path:
    path.write_text(json.dumps(document, indent=2), encoding="utf-8")
    return path


def test_the_export_carries_only_what_the_source_justifies_at_that_count(
        tmp_path: Path) -> None:
    _, at_four = _export_highland(tmp_path, 4)
    carried = at_four["provenance"]["lint"]
    assert [entry["code"] for entry in carried["ignore"]] == ["G010"]
    assert carried["turns_reason"].startswith("Sky Islands")  # 8 turns, the track says 9
    _, at_two = _export_highland(tmp_path, 2)
    assert "turns_reason" not in at_two["provenance"]["lint"]  # the standard 10 turns
    code, findings = _lint(tmp_path)
    assert (code, findings) == (0, [])


def test_an_edited_export_is_linted_for_what_it_is(tmp_path: Path) -> None:
    """Change the board (one region's terrain): the carried reasons no longer apply, and
    the findings the source justified come back."""
    _, document = _export_highland(tmp_path)
    land = next(r for r in document["regions"] if r["kind"] == "land"
                and r["terrain"] not in ("forest", "mountain"))
    land["terrain"] = "forest"
    edited = _write(tmp_path / "edited.engine.json", document)
    code, findings = _lint(edited)
    assert code == 1 and "G010" in {f["code"] for f in findings}, findings
    # The turn count needs no carried reason: the export carries the Sky Islands expansion,
    # whose turn less at 4 players is the rule's own.
    assert "sky_islands" in document["rules"]["expansions"]
    assert "R001" not in {f["code"] for f in findings}, findings


def test_a_broken_rule_in_an_edited_export_is_still_an_error(tmp_path: Path) -> None:
    """Cut every border of one land region: the land falls apart (G003, an error), however
    the provenance reads."""
    _, document = _export_highland(tmp_path)
    lonely = next(r["id"] for r in document["regions"] if r["kind"] == "land"
                  and not r["flags"]["chasm"])
    document["adjacency"] = [e for e in document["adjacency"] if lonely not in (e["a"], e["b"])]
    broken = _write(tmp_path / "broken.engine.json", document)
    result = run_cli("lint", broken)
    assert result.returncode == 1 and " G003 [error] " in result.stdout, result.stdout


def test_a_reason_added_by_hand_hides_nothing(tmp_path: Path) -> None:
    """A blanket entry slipped into the provenance (the board and the hash untouched)
    breaks the hash as well: nothing carried applies, and the source's findings show."""
    _, document = _export_highland(tmp_path)
    document["provenance"]["lint"]["ignore"].append({"code": "B", "reason": "hide it all"})
    sneaky = _write(tmp_path / "sneaky.engine.json", document)
    code, findings = _lint(sneaky)
    assert code == 1 and "G010" in {f["code"] for f in findings}, findings


# -- a forged provenance: its hash recomputed, as anyone can (the recipe is public) ---------

def _forge(document: dict[str, Any], ignore: list[dict[str, Any]]) -> dict[str, Any]:
    """``document`` with ``ignore`` as its carried entries and a matching hash."""
    from editor.export.engine_lint import content_hash

    lint = {**document["provenance"]["lint"], "ignore": ignore}
    lint.pop("sha256")
    document["provenance"]["lint"] = {**lint, "sha256": content_hash(document, lint)}
    return document


def test_a_forged_family_entry_hides_nothing(tmp_path: Path) -> None:
    """``{"code": "G"}`` and ``{"code": "R"}`` with a valid hash used to hide the whole
    families ("All checks passed", exit 0); only exact codes are honoured now, and the
    language server (the same lint path) agrees."""
    from editor.lint.runner import lint_path

    _, document = _export_highland(tmp_path)
    lonely = next(r["id"] for r in document["regions"] if r["kind"] == "land"
                  and not r["flags"]["chasm"])
    document["adjacency"] = [e for e in document["adjacency"] if lonely not in (e["a"], e["b"])]
    forged = _write(tmp_path / "forged.engine.json", _forge(document, [
        {"code": "G", "reason": "x"}, {"code": "R", "reason": "x"},
        {"code": "G00", "reason": "x"}, {"code": "S003", "reason": "x"}]))
    result = run_cli("lint", forged)
    assert result.returncode == 1 and " G003 [error] " in result.stdout, result.stdout
    assert " G010 " in result.stdout and "hidden" not in result.stdout, result.stdout
    assert {"G003", "G010"} <= {f.code for f in lint_path(forged)}


def test_a_forged_exact_entry_for_a_board_no_export_can_hold_hides_nothing(
        tmp_path: Path) -> None:
    """G003 (the land falls apart): every engine export refuses such a board, so no export
    carries an entry for it (editor/data/provenance.toml)."""
    _, document = _export_highland(tmp_path)
    lonely = next(r["id"] for r in document["regions"] if r["kind"] == "land"
                  and not r["flags"]["chasm"])
    document["adjacency"] = [e for e in document["adjacency"] if lonely not in (e["a"], e["b"])]
    forged = _write(tmp_path / "forged.engine.json", _forge(
        document, [*document["provenance"]["lint"]["ignore"], {"code": "G003", "reason": "x"}]))
    result = run_cli("lint", forged)
    assert result.returncode == 1 and " G003 [error] " in result.stdout, result.stdout


def test_the_summary_counts_what_the_provenance_hid(tmp_path: Path) -> None:
    out, _ = _export_highland(tmp_path)
    carried = run_cli("lint", out)
    assert carried.returncode == 0, carried.stdout
    assert carried.stdout.splitlines()[-1] == (
        "All checks passed (1 file). 1 finding hidden by the reasons (lint.ignore, "
        "turns_reason) engine files carry in their provenance (--no-provenance shows it).")
    shown = run_cli("lint", "--no-provenance", out)
    assert " G010 [warning] " in shown.stdout and "hidden" not in shown.stdout, shown.stdout
    machine = run_cli("lint", "--format", "json", out)  # the note on stderr, JSON intact
    assert json.loads(machine.stdout) == [] and "1 finding hidden" in machine.stderr
    again = run_cli("lint", out)  # answered from the cache: the count is kept
    assert again.stdout == carried.stdout


def test_a_forged_turns_reason_is_counted_and_shown_without_provenance(
        tmp_path: Path) -> None:
    """A carried turns_reason silences R001 (turns off the turn track) as a carried entry
    silences its code: counted in the summary, shown by --no-provenance, and an import
    says where the reason came from."""
    from editor.export.engine_lint import content_hash

    _, document = _export_highland(tmp_path)
    document["turns"] = 3
    lint = {key: value for key, value in document["provenance"]["lint"].items()
            if key != "sha256"}
    lint["turns_reason"] = "trust me"
    document["provenance"]["lint"] = {**lint, "sha256": content_hash(document, lint)}
    forged = _write(tmp_path / "forged.engine.json", document)
    carried = run_cli("lint", forged)
    assert carried.returncode == 0, carried.stdout
    assert "All checks passed (1 file). 2 findings hidden" in carried.stdout, carried.stdout
    shown = run_cli("lint", "--no-provenance", forged)
    assert " R001 [warning] " in shown.stdout, shown.stdout
    assert "3 turns where the turn track gives 8" in shown.stdout
    assert " G010 [warning] " in shown.stdout and "hidden" not in shown.stdout
    made = tmp_path / "imported.realm.json"
    imported = run_cli("import", forged, "--from", "engine", "-o", made)
    assert imported.returncode == 0, imported.stderr
    assert json.loads(made.read_text(encoding="utf-8"))["turns_reason"] == "trust me"
    assert "turns_reason came from the engine file's provenance" in imported.stderr


def test_the_exporter_writes_one_exact_code_per_entry(tmp_path: Path) -> None:
    """A source entry for a prefix (``G0``) is carried as the exact codes it hid."""
    source = json.loads(HIGHLAND.read_text(encoding="utf-8"))
    source["lint"]["ignore"][0]["code"] = "G0"
    path = _write(tmp_path / "prefixed.realm.json", source)
    out = tmp_path / "prefixed.4p.engine.json"
    assert run_cli("export", path, "--players", "4", "--to", "engine", "-o", out
                   ).returncode == 0
    carried = json.loads(out.read_text(encoding="utf-8"))["provenance"]["lint"]["ignore"]
    assert [entry["code"] for entry in carried] == ["G010"]
    assert run_cli("lint", out).returncode == 0


def test_import_keeps_forged_entries_out_of_lint_ignore(tmp_path: Path) -> None:
    _, document = _export_highland(tmp_path)
    genuine = document["provenance"]["lint"]["ignore"]
    forged = _write(tmp_path / "forged.engine.json", _forge(
        document, [*genuine, {"code": "R", "reason": "x"}, {"code": "S003", "reason": "x"}]))
    made = tmp_path / "imported.realm.json"
    result = run_cli("import", forged, "--from", "engine", "-o", made)
    assert result.returncode == 0, result.stderr
    imported = json.loads(made.read_text(encoding="utf-8"))
    assert imported["lint"]["ignore"] == genuine
    assert "left out 2 lint.ignore entries of the provenance (R, S003)" in result.stderr
    assert "1 lint.ignore entry came from the engine file's provenance" in result.stderr


def test_lint_and_export_agree_on_a_board_that_falls_apart(tmp_path: Path) -> None:
    """One definition of walkable (editor.model.travel): an engine board with a land
    region cut off is a G003 error in lint, with a hint for a board of no tiles, and export
    refuses it for the same reason (issue 29: the hint spoke of moving tiles)."""
    _, document = _export_highland(tmp_path)
    lonely = next(r["id"] for r in document["regions"] if r["kind"] == "land"
                  and not r["flags"]["chasm"])
    document["adjacency"] = [e for e in document["adjacency"] if lonely not in (e["a"], e["b"])]
    broken = _write(tmp_path / "cut.engine.json", document)
    code, findings = _lint(broken)
    g003 = [f for f in findings if f["code"] == "G003"]
    assert code == 1 and g003 and all(lonely in f["message"] for f in g003), findings
    assert all("move the tiles" not in f["message"] and "a border with the rest" in f["message"]
               for f in g003), g003
    imported = tmp_path / "cut.realm.json"
    done = run_cli("import", "--from", "engine", broken, "-o", imported)
    assert done.returncode == 0, done.stderr
    refused = run_cli("export", imported, "--players", str(document["players"]), "--to",
                      "engine", "-o", tmp_path / "again.json")
    assert refused.returncode != 0 and "falls apart" in refused.stderr, refused.stderr
    assert lonely in refused.stderr
