"""lint's result cache: cached output equals fresh output, and every input of a finding
(file, settings, catalogue, tool version) invalidates it; concurrent runs stay correct.

Each test has its own cache folder (REALMS_CACHE_DIR) beside its project, never inside it
(a cache in the linted tree is refused: tests/untrusted/test_result_cache_trust.py).
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from findings_golden import GOLDEN, outputs, run_cli

from editor.lint import cache as result_cache
from editor.lint.cache import DB_NAME

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "perf" / "fixtures"
SENTINEL = "answered from the cache"


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project folder (pyproject.toml) with three generated realms that have findings
    and the ring realm with its custom catalogue; the current folder for the test. Its
    cache is ``../cache``."""
    folder = tmp_path / "project"
    folder.mkdir()
    for path in sorted(FIXTURES.glob("*.realm.json"))[:3]:
        shutil.copy(path, folder / path.name)
    shutil.copy(REPO / "tests" / "data" / "ring.realm.json", folder / "ring.realm.json")
    shutil.copy(REPO / "tests" / "data" / "test-tiles.json", folder / "test-tiles.json")
    (folder / "pyproject.toml").write_text("[project]\nname = 'x'\n", encoding="utf-8")
    monkeypatch.chdir(folder)
    monkeypatch.setenv("REALMS_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("REALMS_NO_CACHE", raising=False)
    return folder


def database(project: Path) -> Path:
    return project.parent / "cache" / DB_NAME


def lint(*extra: str) -> str:
    return run_cli(["lint", "--select", "ALL", "--format", "json", "--jobs", "1", *extra, "."])


def poison(project: Path) -> int:
    """Rewrite every cache entry's messages, so a later run shows whether it used them
    (through the index, which points at the entries, too); the number of entries."""
    with sqlite3.connect(database(project)) as db:
        rows = db.execute("SELECT key, rows FROM entries").fetchall()
        for key, text in rows:
            findings = json.loads(text)  # one array per finding
            for finding in findings:
                finding[2] = SENTINEL  # the message
            db.execute("UPDATE entries SET rows = ? WHERE key = ?", (json.dumps(findings), key))
    return len(rows)


def indexed(project: Path) -> set[str]:
    """The names of the files the index holds."""
    if not database(project).exists():
        return set()
    with sqlite3.connect(database(project)) as db:
        slots = [row[0] for row in db.execute("SELECT slot FROM files")]
    return {Path(json.loads(slot)[1]).name for slot in slots}  # [absolute, shown]


def drop_index(project: Path) -> None:
    with sqlite3.connect(database(project)) as db:
        db.execute("DELETE FROM files")


@pytest.fixture
def no_racy_window(monkeypatch: pytest.MonkeyPatch) -> None:
    """Index files however recently written: the tests' files are seconds old."""
    monkeypatch.setattr(result_cache, "RACY_WINDOW_NS", 0)


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the scenario files the cache reads (a file the index answers is not
    read)."""
    from editor.model import user_paths

    seen: list[str] = []
    read = user_paths.read_user_file

    def counted(path: Path, *args: object, **kwargs: object) -> bytes:
        seen.append(Path(path).name)
        return read(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(user_paths, "read_user_file", counted)
    return seen


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
    assert not database(project).exists()  # --no-cache writes nothing
    assert lint() == fresh  # fills the cache
    assert (database(project).parent / "CACHEDIR.TAG").is_file()
    assert not (project / ".realms_cache").exists()  # nothing in the linted tree
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


@pytest.mark.parametrize("escaped", [False, True], ids=["key", "escaped-key"])
def test_a_changed_custom_catalogue_lints_its_scenarios_again(
        project: Path, no_racy_window: None, escaped: bool) -> None:
    """Also when the file names its catalogue through ``"catalo\\u0067ues"``, the key
    "catalogues" to JSON and so to lint: that file is never indexed, while a file whose
    escapes name no catalogue is indexed as before."""
    if escaped:
        ring = project / "ring.realm.json"
        ring.write_text(ring.read_text(encoding="utf-8").replace(
            '"catalogues"', '"catalo\\u0067ues"', 1), encoding="utf-8")
        assert '"catalogues"' not in ring.read_text(encoding="utf-8")
        plain = project / "generated-0000.realm.json"
        data = json.loads(plain.read_text(encoding="utf-8"))
        data["title"] = "Caf\u00e9"
        plain.write_text(json.dumps(data, indent=2), encoding="utf-8")  # "Caf\u00e9"
    lint()
    assert "ring.realm.json" not in indexed(project)
    assert "generated-0000.realm.json" in indexed(project)
    poison(project)
    catalogue = project / "test-tiles.json"
    catalogue.write_text(catalogue.read_text(encoding="utf-8") + " ", encoding="utf-8")
    again = lint()
    assert "ring.realm.json" not in cached_files(again)
    assert "generated-0000.realm.json" in cached_files(again)


def test_a_catalogue_option_keeps_the_cache_keyed_on_its_bytes(project: Path) -> None:
    """``--catalogue`` used to turn the cache off (every run cold): a warm run now answers
    from entries keyed on the catalogue's bytes, which neither a run with the standard
    tiles nor one with an edited catalogue meets."""
    tiles = project.parent / "tiles.json"
    shutil.copy(REPO / "editor" / "data" / "tiles.json", tiles)
    with_tiles = ("--catalogue", str(tiles))
    first = lint(*with_tiles)
    assert poison(project) > 0
    warm = lint(*with_tiles)
    assert "generated-0000.realm.json" in cached_files(warm)
    assert warm.replace(SENTINEL, "") != warm
    assert cached_files(lint()) == set()  # the standard tiles: other keys
    tiles.write_text(tiles.read_text(encoding="utf-8") + " ", encoding="utf-8")
    edited = lint(*with_tiles)
    assert cached_files(edited) == set() and edited == first


def test_a_new_tool_version_lints_again(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import editor

    lint()
    poison(project)
    monkeypatch.setattr(editor, "__version__", editor.__version__ + ".post1")
    assert cached_files(lint()) == set()


def test_a_config_file_above_the_project_lints_again(project: Path) -> None:
    """Config files anywhere above a file are part of its key (collection and catalogue
    roots come from them), even those lint's settings do not read."""
    lint()
    poison(project)
    (project.parent / "realms.toml").write_text("# a new collection root\n", encoding="utf-8")
    assert cached_files(lint()) == set()


def test_clean_removes_the_cache(project: Path) -> None:
    lint()
    legacy = project / ".realms_cache" / "lint-v2"  # what an older version left
    legacy.mkdir(parents=True)
    assert database(project).is_file()
    out = run_cli(["clean"])
    assert out.startswith("exit 0\nremoved ") and out.count("removed ") == 2
    assert not database(project).exists() and not (project / ".realms_cache").exists()
    assert run_cli(["clean"]) == "exit 0\n"


def test_two_concurrent_runs(project: Path, no_racy_window: None) -> None:
    """Two runs filling one cache at once both print the fresh output, and leave a whole
    database that a third run reads back to the same output."""
    import time

    for index in range(3, 12):
        shutil.copy(sorted(FIXTURES.glob("*.realm.json"))[index], project)
    copied = time.time()
    fresh = lint("--no-cache").split("\n", 1)[1]
    # The files must be older than the racy window for the runs to index them.
    time.sleep(max(0.0, copied + 3.2 - time.time()))
    assert two_runs_at_once(project) == [fresh, fresh]
    with sqlite3.connect(database(project)) as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    assert indexed(project) == {p.name for p in project.glob("*.realm.json")} - {
        "ring.realm.json"}
    assert lint().split("\n", 1)[1] == fresh
    assert poison(project) and cached_files(lint())


def test_golden_outputs_from_a_warm_cache(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """The byte-identity guard's outputs, answered from a filled cache."""
    monkeypatch.setenv("REALMS_CACHE_DIR", str(tmp_path / "cache"))
    outputs()  # fills it
    assert (tmp_path / "cache" / DB_NAME).is_file()
    expected = json.loads(GOLDEN.read_text(encoding="utf-8"))
    actual = outputs()
    assert [name for name in expected if actual[name] != expected[name]] == []


def test_the_index_answers_unchanged_files(project: Path, no_racy_window: None,
                                           reads: list[str]) -> None:
    fresh = lint("--no-cache")
    assert lint() == fresh  # fills the entries and the index
    reads.clear()
    assert lint() == fresh
    # Every file but the one naming a custom catalogue (its key holds the catalogue).
    names = {p.name for p in project.glob("*.realm.json")}
    assert indexed(project) == names - {"ring.realm.json"}
    assert [name for name in reads if name.endswith(".realm.json")] == ["ring.realm.json"]


def test_recent_files_are_not_indexed(project: Path) -> None:
    """A file changed less than RACY_WINDOW_NS before it was stat'ed may change again
    within the same timestamp tick: it is hashed on every run until it is older."""
    fresh = lint("--no-cache")
    assert lint() == fresh
    assert indexed(project) == set()
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
    assert "generated-0000.realm.json" in indexed(project)
    poison(project)
    assert "generated-0000.realm.json" not in cached_files(lint())


def test_a_file_changed_while_read_is_not_kept(project: Path, no_racy_window: None,
                                               monkeypatch: pytest.MonkeyPatch,
                                               reads: list[str]) -> None:
    """The index keeps the stat taken before reading: an edit after it (here between the
    stat and the read) leaves a newer stat, so the next run reads the file again."""
    from editor.model import user_paths

    target = project / "generated-0001.realm.json"
    read = user_paths.read_user_file

    def edit_then_read(path: Path, *args: object, **kwargs: object) -> bytes:
        if Path(path).name == target.name and not target.read_text().endswith("\n\n"):
            target.write_text(target.read_text(encoding="utf-8") + "\n\n", encoding="utf-8")
        return read(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(user_paths, "read_user_file", edit_then_read)
    lint()
    monkeypatch.setattr(user_paths, "read_user_file", read)
    reads.clear()
    fresh = lint("--no-cache")
    reads.clear()
    assert lint() == fresh
    assert "generated-0001.realm.json" in reads  # not answered by the index
    assert "generated-0000.realm.json" not in reads


def test_a_damaged_cache_is_a_miss(project: Path, no_racy_window: None) -> None:
    fresh = lint("--no-cache")
    lint()
    with sqlite3.connect(database(project)) as db:
        for damage in ("{", "[[1, 2]]", "5", "[[\"too\", \"short\"]]"):
            db.execute("UPDATE entries SET rows = ?", (damage,))
            db.commit()
            assert lint() == fresh
    database(project).write_bytes(b"not a database at all" * 100)
    assert lint() == fresh  # made anew
    assert lint() == fresh


# A field of every row set to a value of the wrong type, and an output format that
# crashed on it (a traceback and exit 1) or printed it before rows were checked.
WRONG_TYPES = [(1, "bogus", "text"), (1, None, "json"), (1, ["error"], "sarif"),
               (0, 5, "github"), (2, 5, "gitlab"), (3, 5, "junit"), (4, None, "gitlab"),
               (5, "x", "text"), (7, "2", "json"), (10, ["2"], "json")]


def test_a_row_of_the_wrong_types_is_a_miss(project: Path, no_racy_window: None) -> None:
    def lint_as(fmt: str, *extra: str) -> str:
        return run_cli(["lint", "--select", "ALL", "--format", fmt, "--jobs", "1", *extra,
                        "."])

    fresh = {fmt: lint_as(fmt, "--no-cache") for _, _, fmt in WRONG_TYPES}
    lint()
    with sqlite3.connect(database(project)) as db:
        entries = db.execute("SELECT key, rows FROM entries").fetchall()
        assert any(json.loads(rows) for _, rows in entries)
        for index, value, fmt in WRONG_TYPES:
            for key, rows in entries:
                damaged = json.loads(rows)
                for row in damaged:
                    row[index] = value
                db.execute("UPDATE entries SET rows = ? WHERE key = ?",
                           (json.dumps(damaged), key))
            db.commit()
            assert lint_as(fmt) == fresh[fmt], (index, value, fmt)


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


def test_a_file_name_that_is_not_utf8(project: Path, no_racy_window: None) -> None:
    """Its shown path holds a lone surrogate (os.fsdecode): entries and the index store it
    escaped, and the run neither fails nor loses it."""
    name = os.fsdecode(b"\xff-odd.realm.json")
    try:
        shutil.copy(project / "generated-0000.realm.json", project / name)
    except (OSError, UnicodeError):
        pytest.skip("this filesystem refuses names that are not UTF-8")
    fresh = lint("--no-cache")
    assert lint() == fresh  # fills the cache
    assert lint() == fresh
    poison(project)
    assert name in cached_files(lint())  # answered from the index, path and all


def test_workers_results_are_stored_by_the_parent(project: Path, no_racy_window: None) -> None:
    """With --jobs 2 the parent stores what its workers found, in one transaction: a
    later run is answered from the entries and the index, with the same output."""
    fresh = lint("--no-cache")
    names = {p.name for p in project.glob("*.realm.json")}
    two = run_cli(["lint", "--select", "ALL", "--format", "json", "--jobs", "2", "."])
    assert two == fresh
    assert indexed(project) == names - {"ring.realm.json"}  # custom catalogue: no
    assert poison(project) == 4
    assert cached_files(lint()) == names
    drop_index(project)
    assert cached_files(lint()) == names  # the entries alone


def test_the_cache_is_pruned_to_its_bound(project: Path, monkeypatch: pytest.MonkeyPatch
                                          ) -> None:
    """Past REALMS_CACHE_MAX_MB, the least recently used half of the entries goes and the
    database gives its pages back; the output never changes."""
    source = (project / "generated-0000.realm.json").read_text(encoding="utf-8")
    for index in range(60):  # distinct bytes: an entry each
        (project / f"copy-{index:03}.realm.json").write_text(source + " " * index,
                                                             encoding="utf-8")
    monkeypatch.setenv("REALMS_CACHE_MAX_MB", "0.1")
    fresh = lint("--no-cache")
    assert lint() == fresh
    with sqlite3.connect(database(project)) as db:
        kept = db.execute("SELECT COUNT(*) FROM entries").fetchone()[0]
    assert 0 < kept < 64
    assert database(project).stat().st_size <= 0.1 * 1024 * 1024 + 64 * 1024
    assert lint() == fresh
