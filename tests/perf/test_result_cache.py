"""lint's result cache: cached output equals fresh output, and every input of a finding
(file, settings, catalogue, tool version) invalidates it; concurrent runs stay correct."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from findings_golden import GOLDEN, outputs, run_cli

from editor.lint import cache as result_cache
from editor.lint.cache import CACHE_DIR_NAME, ENTRIES, INDEX

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "perf" / "fixtures"
SENTINEL = "answered from the cache"


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project folder (pyproject.toml) with three generated realms that have findings
    and the ring realm with its custom catalogue; the current folder for the test."""
    for path in sorted(FIXTURES.glob("*.realm.json"))[:3]:
        shutil.copy(path, tmp_path / path.name)
    shutil.copy(REPO / "tests" / "data" / "ring.realm.json", tmp_path / "ring.realm.json")
    shutil.copy(REPO / "tests" / "data" / "test-tiles.json", tmp_path / "test-tiles.json")
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("REALMS_CACHE_DIR", raising=False)
    monkeypatch.delenv("REALMS_NO_CACHE", raising=False)
    return tmp_path


def lint(*extra: str) -> str:
    return run_cli(["lint", "--select", "ALL", "--format", "json", "--jobs", "1", *extra, "."])


def poison(project: Path) -> int:
    """Rewrite every cache entry's messages (and the index's), so a later run shows
    whether it used them; the number of entries, not counting the index."""
    entries = [e for e in (project / CACHE_DIR_NAME / ENTRIES).glob("*.json")
               if e.name != INDEX]
    for entry in entries:
        rows = json.loads(entry.read_text(encoding="utf-8"))  # one array per finding
        for row in rows:
            row[2] = SENTINEL  # the message
        entry.write_text(json.dumps(rows), encoding="utf-8")
    poison_index(project)
    return len(entries)


def poison_index(project: Path) -> set[str]:
    """Rewrite the index's messages only; the names of the files it holds."""
    index = project / CACHE_DIR_NAME / ENTRIES / INDEX
    if not index.exists():
        return set()
    data = json.loads(index.read_text(encoding="utf-8"))
    for entry in data["files"].values():
        for row in entry[-1]:
            row[2] = SENTINEL
    index.write_text(json.dumps(data), encoding="utf-8")
    return {Path(shown).name for shown in data["files"]}


@pytest.fixture
def no_racy_window(monkeypatch: pytest.MonkeyPatch) -> None:
    """Index files however recently written: the tests' files are seconds old."""
    monkeypatch.setattr(result_cache, "RACY_WINDOW_NS", 0)


def cached_files(output: str) -> set[str]:
    findings = json.loads(output.split("\n", 1)[1])
    return {Path(f["path"]).name for f in findings if f["message"] == SENTINEL}


def two_runs_at_once(project: Path) -> list[str]:
    """The outputs of two ``realms lint`` processes started together on ``project``."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    command = [sys.executable, "-m", "editor", "lint", "--select", "ALL", "--format", "json",
               "--jobs", "1", "."]
    runs = [subprocess.Popen(command, cwd=project, env=env, stdout=subprocess.PIPE, text=True)
            for _ in range(2)]
    return [run.communicate(timeout=600)[0] for run in runs]


def test_cached_output_equals_fresh_output(project: Path) -> None:
    fresh = lint("--no-cache")
    assert not (project / CACHE_DIR_NAME).exists()  # --no-cache writes nothing
    assert lint() == fresh  # fills the cache
    assert (project / CACHE_DIR_NAME / ".gitignore").is_file()
    assert lint() == fresh  # answered from it
    assert poison(project) == 4
    assert cached_files(lint()) == {p.name for p in project.glob("*.realm.json")}


def test_a_changed_file_is_linted_again(project: Path) -> None:
    lint()
    poison(project)
    target = project / "generated-0000.realm.json"
    target.write_text(target.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert "generated-0000.realm.json" not in cached_files(lint())
    assert "generated-0001.realm.json" in cached_files(lint())


def test_changed_settings_lint_again(project: Path) -> None:
    lint()
    poison(project)
    (project / "pyproject.toml").write_text(
        "[project]\nname = 'x'\n[tool.realms.lint]\nignore = ['B006']\n", encoding="utf-8")
    assert cached_files(lint()) == set()
    assert cached_files(run_cli(["lint", "--select", "ALL", "--format", "json", "--jobs", "1",
                                 "--players", "2", "."])) == set()


def test_a_changed_custom_catalogue_lints_its_scenarios_again(project: Path) -> None:
    lint()
    poison(project)
    catalogue = project / "test-tiles.json"
    catalogue.write_text(catalogue.read_text(encoding="utf-8") + " ", encoding="utf-8")
    again = lint()
    assert "ring.realm.json" not in cached_files(again)
    assert "generated-0000.realm.json" in cached_files(again)


def test_a_new_tool_version_lints_again(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import editor

    lint()
    poison(project)
    monkeypatch.setattr(editor, "__version__", editor.__version__ + ".post1")
    assert cached_files(lint()) == set()


def test_no_cache_outside_a_project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A stray folder (no pyproject.toml, realms.toml or .git above it) gets no cache."""
    monkeypatch.delenv("REALMS_CACHE_DIR", raising=False)
    shutil.copy(FIXTURES / "generated-0000.realm.json", tmp_path / "a.realm.json")
    monkeypatch.chdir(tmp_path)
    lint()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.realm.json"]


def test_clean_removes_the_cache(project: Path) -> None:
    lint()
    assert (project / CACHE_DIR_NAME).is_dir()
    assert run_cli(["clean"]).startswith("exit 0\nremoved ")
    assert not (project / CACHE_DIR_NAME).exists()


def test_two_concurrent_runs(project: Path) -> None:
    """Two runs filling one cache at once both print the fresh output, and leave only
    whole entries that a third run reads back to the same output."""
    for index in range(3, 12):
        shutil.copy(sorted(FIXTURES.glob("*.realm.json"))[index], project)
    fresh = lint("--no-cache").split("\n", 1)[1]
    assert two_runs_at_once(project) == [fresh, fresh]
    for entry in (project / CACHE_DIR_NAME / ENTRIES).iterdir():
        # entries, and the rule codes a warm run checks --select against (test_warm_start)
        assert entry.suffix in (".json", ".codes") and not entry.name.startswith(".tmp-")
        json.loads(entry.read_text(encoding="utf-8"))
    assert lint().split("\n", 1)[1] == fresh


def test_golden_outputs_from_a_warm_cache(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """The byte-identity guard's outputs, answered from a filled cache."""
    monkeypatch.setenv("REALMS_CACHE_DIR", str(tmp_path / "cache"))
    outputs()  # fills it
    assert any((tmp_path / "cache" / ENTRIES).iterdir())
    expected = json.loads(GOLDEN.read_text(encoding="utf-8"))
    actual = outputs()
    assert [name for name in expected if actual[name] != expected[name]] == []


def test_the_index_answers_unchanged_files(project: Path, no_racy_window: None) -> None:
    fresh = lint("--no-cache")
    assert lint() == fresh  # fills the entries and the index
    assert lint() == fresh
    # Every file but the one naming a custom catalogue (its key holds the catalogue).
    names = {p.name for p in project.glob("*.realm.json")}
    assert poison_index(project) == names - {"ring.realm.json"}
    assert cached_files(lint()) == names - {"ring.realm.json"}
    assert (project / CACHE_DIR_NAME / ENTRIES / INDEX).is_file()


def test_recent_files_are_not_indexed(project: Path) -> None:
    """A file changed less than RACY_WINDOW_NS before it was stat'ed may change again
    within the same timestamp tick: it is hashed on every run until it is older."""
    fresh = lint("--no-cache")
    assert lint() == fresh
    assert not (project / CACHE_DIR_NAME / ENTRIES / INDEX).exists()
    assert lint() == fresh  # from the entries


def test_an_edit_keeping_size_and_mtime_is_seen(project: Path, no_racy_window: None) -> None:
    """The index compares the ctime too, which an edit changes and no call can set back."""
    lint()
    target = project / "generated-0000.realm.json"
    before = target.stat()
    text = target.read_text(encoding="utf-8")
    edited = text.replace('"rotation": 0', '"rotation": 1', 1)
    if edited == text:
        edited = text.replace('"rotation": 1', '"rotation": 0', 1)
    assert edited != text and len(edited) == len(text)
    target.write_text(edited, encoding="utf-8")
    os.utime(target, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = target.stat()
    assert (after.st_size, after.st_mtime_ns) == (before.st_size, before.st_mtime_ns)
    assert "generated-0000.realm.json" in poison_index(project)
    assert "generated-0000.realm.json" not in cached_files(lint())
    (project / CACHE_DIR_NAME / ENTRIES / INDEX).unlink()  # poisoned for the other files
    assert lint() == lint("--no-cache")


def test_a_file_changed_while_read_is_not_kept(project: Path, no_racy_window: None,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """The index keeps the stat taken before reading: an edit after it (here between the
    stat and the read) leaves a newer stat, so the next run reads the file again."""
    from editor.model import jsonio

    target = project / "generated-0001.realm.json"
    read = jsonio.read_limited_bytes

    def edit_then_read(path: Path, *args: object, **kwargs: object) -> bytes:
        if Path(path).name == target.name and not target.read_text().endswith("\n\n"):
            target.write_text(target.read_text(encoding="utf-8") + "\n\n", encoding="utf-8")
        return read(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(jsonio, "read_limited_bytes", edit_then_read)
    lint()
    monkeypatch.setattr(jsonio, "read_limited_bytes", read)
    poison_index(project)
    assert "generated-0001.realm.json" not in cached_files(lint())
    (project / CACHE_DIR_NAME / ENTRIES / INDEX).unlink()  # poisoned for the other files
    assert lint() == lint("--no-cache")


def test_a_damaged_index_is_ignored(project: Path, no_racy_window: None) -> None:
    fresh = lint("--no-cache")
    lint()
    index = project / CACHE_DIR_NAME / ENTRIES / INDEX
    tool = json.loads(index.read_text(encoding="utf-8"))["tool"]
    for damage in ("{", '{"tool": 1}', "[]", json.dumps({"tool": tool, "files": []}),
                   json.dumps({"tool": tool, "files": {"./a.realm.json": 5}})):
        index.write_text(damage, encoding="utf-8")
        assert lint() == fresh
    data = json.loads(index.read_text(encoding="utf-8"))
    for entry in data["files"].values():
        entry[-1] = [["too", "short"]]
    index.write_text(json.dumps(data), encoding="utf-8")
    assert lint() == fresh


def test_findings_built_from_rows_equal_the_dataclass_s() -> None:
    from editor.lint.findings import Finding

    finding = Finding("G001", "error", "m", "a.realm.json", "$.x", 3, 4, 2, ("r",), ("A",),
                      (2, 3))
    [built] = result_cache._findings(json.loads(json.dumps([result_cache._row(finding)])))
    assert built == finding and hash(built) == hash(finding) and repr(built) == repr(finding)
    with pytest.raises(AttributeError):
        built.code = "X"  # type: ignore[misc]
    assert result_cache._findings([[1, 2]]) is None


def test_the_collector_is_restored_after_the_look_ups(project: Path) -> None:
    import gc

    lint()
    assert gc.isenabled()
    lint()  # answered from the cache: the collector is paused only while looking up
    assert gc.isenabled()
    gc.disable()
    try:
        lint()
        assert not gc.isenabled()  # a caller's choice is kept
    finally:
        gc.enable()


def test_two_concurrent_runs_writing_the_index(project: Path) -> None:
    """Two processes filling one index at once: whichever replaces it last, the index is
    whole and a run answered from it prints the fresh output."""
    import time

    for index in range(3, 8):
        shutil.copy(sorted(FIXTURES.glob("*.realm.json"))[index], project)
    copied = time.time()
    fresh = lint("--no-cache").split("\n", 1)[1]
    # The files must be older than the racy window for the runs to index them.
    time.sleep(max(0.0, copied + result_cache.RACY_WINDOW_NS / 1e9 + 0.2 - time.time()))
    assert two_runs_at_once(project) == [fresh, fresh]
    index = project / CACHE_DIR_NAME / ENTRIES / INDEX
    held = set(json.loads(index.read_text(encoding="utf-8"))["files"])
    assert {Path(shown).name for shown in held} == {
        p.name for p in project.glob("*.realm.json")} - {"ring.realm.json"}
    assert lint().split("\n", 1)[1] == fresh
    assert poison_index(project) and cached_files(lint())  # that run used the index


def test_a_file_name_that_is_not_utf8(project: Path, no_racy_window: None) -> None:
    """Its shown path holds a lone surrogate (os.fsdecode): entries and the index store it
    escaped, and the run neither fails nor loses it."""
    name = os.fsdecode(b"\xff-odd.realm.json")
    try:
        shutil.copy(project / "generated-0000.realm.json", project / name)
    except (OSError, UnicodeError):
        pytest.skip("this filesystem refuses names that are not UTF-8")
    fresh = lint("--no-cache")
    assert lint() == fresh  # fills the cache (it raised UnicodeEncodeError before)
    assert lint() == fresh
    assert name in poison_index(project)
    assert name in cached_files(lint())  # answered from the index, path and all


def test_workers_write_the_entries_and_the_parent_the_index(project: Path,
                                                            no_racy_window: None) -> None:
    """With --jobs 2 each worker writes the entries of the files it linted; the parent
    notes them in the index: a later run is answered from both, with the same output."""
    fresh = lint("--no-cache")
    names = {p.name for p in project.glob("*.realm.json")}
    two = run_cli(["lint", "--select", "ALL", "--format", "json", "--jobs", "2", "."])
    assert two == fresh
    assert poison_index(project) == names - {"ring.realm.json"}  # custom catalogue: no
    assert cached_files(lint()) == names - {"ring.realm.json"}
    assert poison(project) == 4
    (project / CACHE_DIR_NAME / ENTRIES / INDEX).unlink()
    assert cached_files(lint()) == names  # the entries the workers wrote
