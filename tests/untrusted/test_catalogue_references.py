"""Catalogue references stay inside the scenario's collection and never leak the content
of a file the user did not point at; nothing is ever fetched."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from untrusted_support import REPO, no_traceback, run_cli, small_scenario, write_json

from editor.lint.runner import lint_path
from editor.model.errors import LoadError
from editor.model.scenario_io import load_scenario

SECRET = "ghp_FAKE+SECRET/TOKEN=abc123"
TEST_TILES = REPO / "tests" / "data" / "test-tiles.json"


@pytest.fixture
def layout(tmp_path: Path) -> dict[str, Path]:
    """outside/secret.json beside a collection (realms.toml) with scenarios/ and tiles/."""
    outside = tmp_path / "outside"
    outside.mkdir()
    secret = outside / "secret.json"
    secret.write_text(json.dumps({"id": SECRET, "name": SECRET, "tiles": {}}))
    collection = tmp_path / "collection"
    (collection / "scenarios" / "deep").mkdir(parents=True)
    (collection / "tiles").mkdir()
    (collection / "realms.toml").write_text("[lint]\n")
    shutil.copyfile(TEST_TILES, collection / "tiles" / "test-tiles.json")
    return {"secret": secret, "collection": collection, "outside": outside}


def _scenario_with(folder: Path, reference: str) -> Path:
    data = small_scenario()
    data["catalogues"] = [reference]
    return write_json(folder / "s.realm.json", data)


def _messages(path: Path) -> str:
    lines = [f.message for f in lint_path(path)]
    for command in (["derive"], ["format", "--check"], ["export", "--to", "smawg"]):
        result = run_cli(*command, path)
        no_traceback(result)
        assert result.returncode == 2, result.stdout + result.stderr
        lines.append(result.stdout + result.stderr)
    return "\n".join(lines)


def test_absolute_reference_is_refused_without_reading(layout: dict[str, Path]) -> None:
    path = _scenario_with(layout["collection"] / "scenarios", str(layout["secret"]))
    text = _messages(path)
    assert "is an absolute path" in text and SECRET not in text


def test_dotdot_escape_is_refused(layout: dict[str, Path]) -> None:
    path = _scenario_with(layout["collection"] / "scenarios" / "deep",
                          "../../../outside/secret.json")
    text = _messages(path)
    assert "points outside the collection root" in text and SECRET not in text


def test_symlink_escape_is_refused(layout: dict[str, Path]) -> None:
    link = layout["collection"] / "tiles" / "innocent.json"
    link.symlink_to(layout["secret"])
    path = _scenario_with(layout["collection"] / "scenarios", "../tiles/innocent.json")
    text = _messages(path)
    assert "points outside the collection root" in text and SECRET not in text


def test_special_file_inside_the_collection_is_refused(layout: dict[str, Path]) -> None:
    (layout["collection"] / "tiles" / "zero.json").symlink_to("/dev/zero")
    path = _scenario_with(layout["collection"] / "scenarios", "../tiles/zero.json")
    with pytest.raises(LoadError, match="outside the collection root"):
        load_scenario(path)
    (layout["collection"] / "tiles" / "zero.json").unlink()
    import os
    os.mkfifo(layout["collection"] / "tiles" / "zero.json")
    with pytest.raises(LoadError, match="is a FIFO"):
        load_scenario(path)


def test_inside_the_collection_loads(layout: dict[str, Path]) -> None:
    data = small_scenario()
    data["catalogues"] = ["../../tiles/test-tiles.json"]
    path = write_json(layout["collection"] / "scenarios" / "deep" / "s.realm.json", data)
    assert "L1" in load_scenario(path).catalogue.tiles


def test_catalogue_roots_widen_the_root(layout: dict[str, Path]) -> None:
    shutil.copyfile(TEST_TILES, layout["outside"] / "shared.json")
    path = _scenario_with(layout["collection"] / "scenarios", "../../outside/shared.json")
    with pytest.raises(LoadError, match="catalogue-roots"):
        load_scenario(path)
    (layout["collection"] / "realms.toml").write_text('catalogue-roots = ["../outside"]\n')
    assert "L1" in load_scenario(path).catalogue.tiles


def test_pyproject_with_tool_realms_marks_the_root(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.realms]\ncatalogue-roots = []\n')
    (tmp_path / "sub").mkdir()
    shutil.copyfile(TEST_TILES, tmp_path / "t.json")
    path = _scenario_with(tmp_path / "sub", "../t.json")
    assert "L1" in load_scenario(path).catalogue.tiles


def test_broken_referenced_catalogue_is_not_quoted(layout: dict[str, Path]) -> None:
    """The leak of issue 13: a schema error used to quote the value it found."""
    target = layout["collection"] / "tiles" / "bad.json"
    shutil.copyfile(layout["secret"], target)
    path = _scenario_with(layout["collection"] / "scenarios", "../tiles/bad.json")
    text = _messages(path)
    assert "is not a valid catalogue" in text and "line 1, column" in text
    assert SECRET not in text and "FAKE" not in text


@pytest.mark.parametrize("reference", ["https://example.com/t.json", "file:///etc/t.json",
                                       "C:\\\\tiles\\\\t.json", "~/t.json"])
def test_urls_and_host_paths_are_refused(tmp_path: Path, reference: str) -> None:
    path = _scenario_with(tmp_path, reference)
    assert [f.code for f in lint_path(path)][:1] in (["S003"], ["S005"])
    with pytest.raises(LoadError):
        load_scenario(path)


def test_remote_ref_in_a_scenario_or_catalogue_is_never_fetched(tmp_path: Path) -> None:
    """``$ref`` in a file is data, not a schema keyword: refused as an unknown key, and
    the validators are built so that no URI is ever retrieved."""
    from editor.model import fast_schema, schemas

    data = small_scenario()
    data["$ref"] = "http://127.0.0.1:9/never.json"
    path = write_json(tmp_path / "s.realm.json", data)
    with pytest.raises(LoadError):
        load_scenario(path)
    catalogue = json.loads(TEST_TILES.read_text())
    catalogue["tiles"]["L1"]["$ref"] = "http://127.0.0.1:9/never.json"
    write_json(tmp_path / "cat.json", catalogue)
    data = small_scenario()
    data["catalogues"] = ["cat.json"]
    with pytest.raises(LoadError, match="is not a valid catalogue"):
        load_scenario(write_json(tmp_path / "c.realm.json", data))
    with pytest.raises(Exception, match=r"refusing to fetch|Unresolvable|NoSuchResource|http"):
        schemas._registry().get_or_retrieve("http://127.0.0.1:9/never.json")
    with pytest.raises(ValueError, match="refusing to fetch"):
        fast_schema._bundled_only("http://127.0.0.1:9/never.json")
