"""VS Code's own JSON language service (npm ``vscode-json-languageservice``, pinned in
``tests/schema/vscode-json/package-lock.json``) accepts every shipped file and finds the real
error in broken ones, on the line ``realms lint`` reports, as ``jsonschema`` does.

An editor that maps ``*.realm.json`` to the schema (docs/lsp.md) runs exactly this code, so
a schema construct it reads differently from ``jsonschema`` (a ``$ref`` beside
``properties`` once made every tile key "not allowed") fails here, not in a user's editor.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from cli_runner import run_cli
from vscode_json import Diagnostics, vscode_json

from editor.model.schemas import iter_errors

REPO = Path(__file__).resolve().parents[2]
SCHEMAS = REPO / "schemas"
SHIPPED = sorted((REPO / "scenarios").rglob("*.realm.json"))
CATALOGUES = sorted((REPO / "editor" / "data").glob("tiles*.json"))
ENGINE_SOURCES = ("highland-crossing.realm.json", "expansions/sky-islands.realm.json",
                  "booklet/06-adrift.realm.json")

Edit = Callable[[dict[str, Any]], None]


def _tile(**extra: Any) -> Edit:
    return lambda data: data["boards"][0]["tiles"][0].update(extra)


def _marker(marker: dict[str, Any]) -> Edit:
    return lambda data: data["boards"][0].setdefault("markers", []).append(marker)


# name -> (edit of highland-crossing, what VS Code says)
BROKEN: dict[str, tuple[Edit, str]] = {
    "rotation-out-of-range": (_tile(rotation=6), "Value is above the maximum of 5."),
    "misspelt-key": (_tile(rotaton=1), "Property rotaton is not allowed."),
    "both-presence-keys": (_tile(min_players=3, players=[3]),
                           "min_players and players exclude each other"),
    "player-count-7": (_tile(min_players=7), "Value is above the maximum of 6."),
    "crop-space-on-a-region": (_marker({"kind": "crop_space", "region": "A.s1"}),
                               'Missing property "hex".'),
    "hex-on-a-mountain": (_marker({"kind": "mountain", "region": "A.s1", "hex": {"q": 0, "r": 0}}),
                          "a hex is for crop_space markers only"),
    "tunnel-without-number": (_marker({"kind": "tunnel", "region": "A.s1"}),
                              'Missing property "number".'),
    "unknown-top-level-key": (lambda data: data.update(titel="x"),
                              "Property titel is not allowed."),
    "tiles-and-graph": (lambda data: data["boards"][0].update(graph={"regions": [], "edges": []}),
                        "a board has tiles or a graph, not both"),
}


@pytest.fixture(scope="module")
def validate() -> Callable[[list[Path]], Diagnostics]:
    """Each file's diagnostics from VS Code's service, with the schemas of this tree."""
    return lambda files: vscode_json(SCHEMAS, *files)


@pytest.fixture(scope="module")
def engine_files(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """``realms export --to engine`` of a few scenarios (engine.schema.json names the
    scenario schema's definitions by a relative reference)."""
    out = tmp_path_factory.mktemp("engine")
    for source in ENGINE_SOURCES:
        done = run_cli("export", "--to", "engine", "--players", "3", "-o",
                       str(out / (Path(source).name.split(".")[0] + ".engine.json")),
                       str(REPO / "scenarios" / source))
        assert done.returncode == 0, done.stderr
    return sorted(out.glob("*.engine.json"))


def test_every_shipped_file_gets_no_diagnostic(validate: Any, engine_files: list[Path]) -> None:
    files = SHIPPED + CATALOGUES + engine_files
    assert len(SHIPPED) >= 19 and len(CATALOGUES) == 2 and len(engine_files) == 3
    found = validate(files)
    assert set(found) == {str(f) for f in files}
    assert {name: diags for name, diags in found.items() if diags} == {}


@pytest.fixture(scope="module")
def broken(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    base = json.loads((REPO / "scenarios" / "highland-crossing.realm.json").read_text("utf-8"))
    folder = tmp_path_factory.mktemp("broken")
    files = {}
    for name, (edit, _) in BROKEN.items():
        data = copy.deepcopy(base)
        edit(data)
        files[name] = folder / f"{name}.realm.json"
        files[name].write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    return files


def test_broken_files_get_the_real_error_where_lint_and_jsonschema_put_it(
        validate: Any, broken: dict[str, Path]) -> None:
    found = validate(list(broken.values()))
    for name, path in broken.items():
        diags = found[str(path)]
        expected = BROKEN[name][1]
        assert diags, f"{name}: VS Code finds nothing wrong"
        assert any(expected in d["message"] for d in diags), (name, diags)
        assert all(d["severity"] == "error" for d in diags), (name, diags)
        # jsonschema (which check-jsonschema runs) agrees the file is invalid...
        data = json.loads(path.read_text(encoding="utf-8"))
        assert next(iter(iter_errors("scenario", data)), None) is not None, name
        # ...and realms lint's schema finding is on a line VS Code marks (LSP lines are 0-based)
        lint = json.loads(run_cli("lint", "--format", "json", "--select", "S",
                                  str(path)).stdout)
        assert lint and {f["code"] for f in lint} == {"S003"}, (name, lint)
        assert {f["line"] - 1 for f in lint} <= {d["line"] for d in diags}, (name, lint, diags)


def test_a_web_schema_address_is_never_fetched(validate: Any, tmp_path: Path) -> None:
    """The test's service resolves local schemas only: a document naming a web schema gets
    the load error, so no test above ever passes on a schema fetched from the network."""
    data = json.loads((REPO / "scenarios" / "highland-crossing.realm.json").read_text("utf-8"))
    data["$schema"] = "https://example.invalid/scenario.schema.json"
    path = tmp_path / "remote.realm.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    diags = validate([path])[str(path)]
    assert any("example.invalid" in d["message"] for d in diags), diags


def test_the_schema_realms_new_names_is_this_versions(validate: Any, tmp_path: Path) -> None:
    """``realms new`` names the schema at this version's release tag; with that address
    substituted by this tree's schemas folder (what the tag holds), VS Code loads it through
    the file's own "$schema" and finds nothing wrong, and a broken value is still found."""
    from editor.project import RELEASE_TAG, SCENARIO_SCHEMA_URL

    made = run_cli("new", "--players", "2-5", "-o", "new.realm.json", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    path = tmp_path / "new.json"  # no *.realm.json mapping: only "$schema" names the schema
    text = (tmp_path / "new.realm.json").read_text(encoding="utf-8")
    assert SCENARIO_SCHEMA_URL.endswith(f"/{RELEASE_TAG}/schemas/scenario.schema.json")
    local = (SCHEMAS / "scenario.schema.json").as_uri()
    path.write_text(text.replace(SCENARIO_SCHEMA_URL, local), encoding="utf-8")
    broken = tmp_path / "broken.json"
    broken.write_text(text.replace(SCENARIO_SCHEMA_URL, local).replace('"max": 5', '"max": 9'),
                      encoding="utf-8")
    found = validate([path, broken])
    assert found[str(path)] == []
    assert [d["message"] for d in found[str(broken)]] == ["Value is above the maximum of 6."]


def test_check_jsonschema_agrees(engine_files: list[Path], broken: dict[str, Path]) -> None:
    """check-jsonschema, given the schema files as a collection would use them (no
    registry: engine.schema.json's reference to scenario.schema.json resolves beside it),
    passes the shipped and exported files and fails each broken one."""
    def check(schema: str, *files: Path) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "check_jsonschema", "--schemafile",
                               str(SCHEMAS / schema), *map(str, files)], capture_output=True,
                              text=True, timeout=300, check=False)

    for schema, files in (("scenario.schema.json", SHIPPED), ("engine.schema.json", engine_files),
                          ("catalogue.schema.json", CATALOGUES)):
        done = check(schema, *files)
        assert done.returncode == 0, done.stdout + done.stderr
    for name, path in broken.items():
        assert check("scenario.schema.json", path).returncode == 1, name
