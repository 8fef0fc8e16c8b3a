"""A scenario's own ``lint.ignore`` cannot silence schema, loading or internal errors, or
the suppression rule itself; the collection's config still can."""

from __future__ import annotations

import json
from pathlib import Path

from untrusted_support import small_scenario, write_json

from editor.lint.config import load_config
from editor.lint.findings import Hit
from editor.lint.runner import lint_path
from editor.lint.suppress import Suppression, apply, unused


def test_file_entry_cannot_hide_s_family_or_r007() -> None:
    entries = [Suppression(0, "S", "hide it", None, None),
               Suppression(1, "S000", "hide it", None, None),
               Suppression(2, "R007", "hide it", None, None),
               Suppression(3, "B", "balance is fine", None, None)]
    hits = [Hit("S000", "rule B001 failed", "report it"), Hit("S003", "bad", "fix"),
            Hit("R007", "stale", "remove"), Hit("B001", "few regions", "add")]
    kept, used = apply(hits, entries)
    assert [h.code for h in kept] == ["S000", "S003", "R007"]
    assert used == {3}
    stale = unused(entries, used, frozenset({"S000", "S003", "R007", "B001"}))
    assert [h.json_path for h in stale] == [("lint", "ignore", i) for i in (0, 1, 2)]
    assert all("cannot silence" in h.what for h in stale)


def test_scenario_cannot_silence_a_schema_reference_error(tmp_path: Path) -> None:
    data = small_scenario()
    data["boards"][0]["tiles"][0]["side"] = "underground"  # tile A has one; use a bad one
    data["boards"][0]["tiles"][0]["tile"] = "ZZ"
    data["lint"] = {"ignore": [{"code": "S", "reason": "hide everything"}]}
    path = write_json(tmp_path / "s.realm.json", data)
    assert "S005" in {f.code for f in lint_path(path)}


def test_ignore_entry_for_s_is_reported(tmp_path: Path) -> None:
    data = small_scenario()
    data["lint"] = {"ignore": [{"code": "S", "reason": "hide everything"}]}
    path = write_json(tmp_path / "s.realm.json", data)
    r007 = [f for f in lint_path(path) if f.code == "R007"]
    assert len(r007) == 1 and "cannot silence S" in r007[0].message
    assert r007[0].json_path == "$.lint.ignore[0]"


def test_collection_config_can_still_ignore(tmp_path: Path) -> None:
    data = small_scenario()
    data["boards"][0]["tiles"][0]["tile"] = "ZZ"
    path = write_json(tmp_path / "s.realm.json", data)
    (tmp_path / "realms.toml").write_text('[lint]\nignore = ["S005"]\n')
    config = load_config(tmp_path / "realms.toml")
    assert "S005" not in {f.code for f in lint_path(path, config)}
    assert json.loads(path.read_text())["boards"][0]["tiles"][0]["tile"] == "ZZ"
