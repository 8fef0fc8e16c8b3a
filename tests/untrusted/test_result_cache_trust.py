"""lint's result cache cannot be poisoned from the linted tree, and every input of a verdict
is in its key (issue 27, point 4). Every run is a real ``realms`` process.

* a ``.realms_cache/`` committed to the repository (entries saying "no findings") is never
  read: the cache lives in the user cache folder;
* a cache folder named inside the checkout (``REALMS_CACHE_DIR=.cache``) is not used;
* each input (the file's bytes, the settings, a referenced catalogue's bytes, the
  ``catalogue-roots`` setting in both directions, the package's schema) changed after a
  warm run changes the verdict;
* the same package installed somewhere else answers from the same cache.
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

REPO = Path(__file__).resolve().parents[2]
HIGHLAND = REPO / "scenarios" / "highland-crossing.realm.json"
RING = REPO / "tests" / "data" / "ring.realm.json"
TILES = REPO / "tests" / "data" / "test-tiles.json"


def environment(tmp_path: Path, **extra: str) -> dict[str, str]:
    """A home of the test's own; no cache variable unless given."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("REALMS_CACHE_DIR", "REALMS_NO_CACHE", "XDG_CACHE_HOME")}
    env["HOME"] = str(tmp_path / "home")
    env.update(extra)
    return env


def realms(cwd: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    result = subprocess.run([sys.executable, "-m", "editor", *args], cwd=cwd, env=env,
                            capture_output=True, text=True, timeout=300)
    assert "Traceback" not in result.stderr, result.stderr
    return result


def write_bad(path: Path) -> None:
    """Highland Crossing with lowercase tile letters: eight S003 errors, nothing else."""
    data = json.loads(HIGHLAND.read_text(encoding="utf-8"))
    for tile in data["boards"][0]["tiles"]:
        tile["tile"] = tile["tile"].lower()
    path.write_text(json.dumps(data), encoding="utf-8")


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    """A repository-like project: ``.git``, ``pyproject.toml`` and a file with errors."""
    folder = tmp_path / "checkout"
    (folder / ".git").mkdir(parents=True)
    (folder / "pyproject.toml").write_text("[project]\nname = 'c'\n", encoding="utf-8")
    write_bad(folder / "bad.realm.json")
    return folder


def say_nothing_in(folder: Path) -> int:
    """Make every result cache in ``folder`` say "no findings" (the layout of before issue
    27, JSON entries and an index, and a database alike); how many entries it changed."""
    changed = 0
    for entry in folder.rglob("*.json"):
        if entry.name == "index.json":
            entry.unlink()
        else:
            entry.write_text("[]", encoding="utf-8")
            changed += 1
    for database in folder.rglob("*.sqlite3"):
        with sqlite3.connect(database) as db:
            changed += db.execute("UPDATE entries SET rows = '[]'").rowcount
            db.execute("DELETE FROM files")
    return changed


def test_a_committed_cache_cannot_change_a_verdict(checkout: Path, tmp_path: Path) -> None:
    env = environment(tmp_path)
    first = realms(checkout, env, "lint", ".")
    assert first.returncode == 1 and "S003" in first.stdout
    # What a pull request can commit: the tree's .realms_cache, entries saying "clean".
    say_nothing_in(checkout / ".realms_cache")  # what older versions kept in the tree
    tree_cache = checkout / ".realms_cache" / "lint-v2"
    tree_cache.mkdir(parents=True, exist_ok=True)
    (tree_cache / "index.json").write_text('{"tool": "x", "files": {}}', encoding="utf-8")
    again = realms(checkout, env, "lint", ".")
    assert again.returncode == 1 and again.stdout == first.stdout
    assert sorted(p.name for p in checkout.iterdir()) == [
        ".git", ".realms_cache", "bad.realm.json", "pyproject.toml"]
    assert list((checkout / ".realms_cache").rglob("*.json")) == [tree_cache / "index.json"]


def test_a_cache_folder_inside_the_checkout_is_not_used(checkout: Path,
                                                        tmp_path: Path) -> None:
    env = environment(tmp_path, REALMS_CACHE_DIR=str(checkout / ".ci-cache"))
    result = realms(checkout, env, "lint", ".")
    assert result.returncode == 1 and "S003" in result.stdout
    assert "not used" in result.stderr and len(result.stderr.splitlines()) == 1
    assert not (checkout / ".ci-cache").exists()
    # The same with XDG_CACHE_HOME, and linting from outside the checkout.
    env = environment(tmp_path, XDG_CACHE_HOME=str(checkout / "xdg"))
    outside = realms(tmp_path, env, "lint", str(checkout / "bad.realm.json"))
    assert outside.returncode == 1 and "not used" in outside.stderr
    assert not (checkout / "xdg").exists()


def test_a_cache_folder_inside_a_linted_collection_is_never_made(tmp_path: Path) -> None:
    """No project marker at all: the folder is refused because it is in the linted tree."""
    folder = tmp_path / "plain"
    folder.mkdir()
    write_bad(folder / "bad.realm.json")
    env = environment(tmp_path, REALMS_CACHE_DIR=str(folder / "cache"))
    result = realms(tmp_path, env, "lint", str(folder))
    assert result.returncode == 1 and "S003" in result.stdout
    assert "inside the linted files' folder" in result.stderr, result.stderr
    assert sorted(p.name for p in folder.iterdir()) == ["bad.realm.json"]
    # A file named alone: its folder is its collection (nothing marks another one).
    alone = realms(tmp_path, env, "lint", str(folder / "bad.realm.json"))
    assert alone.returncode == 1 and "inside the linted files' folder" in alone.stderr
    assert f"folder {folder.resolve()};" in alone.stderr, alone.stderr  # the folder, not the file
    assert sorted(p.name for p in folder.iterdir()) == ["bad.realm.json"]
    # A path that names nothing covers no tree: the cache beside it is not refused for it.
    beside = environment(tmp_path, REALMS_CACHE_DIR=str(tmp_path / "cache"))
    other = tmp_path / "other"
    other.mkdir()
    write_bad(other / "bad.realm.json")
    missing = realms(tmp_path, beside, "lint", str(other), "nope/")
    assert missing.returncode == 2 and "no such file" in missing.stderr.lower(), missing.stderr
    assert "is not used" not in missing.stderr, missing.stderr


# -- whose cache: the folder and the database must be this user's alone -------------------

def poisoned_cache(tmp_path: Path) -> tuple[Path, Path, dict[str, str]]:
    """A warm cache for a file with eight errors, then every row rewritten to "no
    findings" (what another user with write access could do)."""
    folder = tmp_path / "shared"
    folder.mkdir()
    write_bad(folder / "broken.realm.json")
    cache = tmp_path / "cache"
    env = environment(tmp_path, REALMS_CACHE_DIR=str(cache))
    assert realms(folder, env, "lint", "broken.realm.json").returncode == 1
    assert say_nothing_in(cache) >= 1
    return folder, cache, env


def assert_not_fooled(folder: Path, env: dict[str, str], why: str) -> None:
    result = realms(folder, env, "lint", "broken.realm.json")
    assert result.returncode == 1 and result.stdout.count("S003") == 8, result.stdout
    notes = result.stderr.splitlines()
    assert len(notes) == 1 and "is not used" in notes[0] and why in notes[0], result.stderr


def test_the_poison_works_on_a_cache_that_is_trusted(tmp_path: Path) -> None:
    """The attack the checks below stop: rows rewritten in a folder the linter trusts
    turn a failing lint into a pass (so the tests below can fail)."""
    folder, _, env = poisoned_cache(tmp_path)
    fooled = realms(folder, env, "lint", "broken.realm.json")
    assert fooled.returncode == 0 and "All checks passed" in fooled.stdout


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                    reason="giving a folder to another user needs root (CI runs as root)")
def test_a_cache_another_user_owns_is_not_trusted(tmp_path: Path) -> None:
    folder, cache, env = poisoned_cache(tmp_path)
    for part in (cache, *cache.iterdir()):
        os.chown(part, 4242, 4242)  # another user, as on a shared cache folder
    assert_not_fooled(folder, env, "belongs to user id 4242")
    os.chown(cache, 0, 0)  # the folder back, the database still theirs
    assert_not_fooled(folder, env, "belongs to user id 4242")


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                    reason="giving a folder to another user needs root (CI runs as root)")
def test_a_link_in_another_user_s_folder_is_not_trusted(tmp_path: Path) -> None:
    """The cache reached through a link that another user's folder holds: the real folder
    is this user's, but its owner can point the link at a copy of their own whenever
    they like (this poisoned cache stands for that copy)."""
    folder, cache, env = poisoned_cache(tmp_path)
    theirs = tmp_path / "theirs"
    theirs.mkdir()
    (theirs / "cache").symlink_to(cache)
    os.chown(theirs, 4242, 4242)
    assert_not_fooled(folder, {**env, "REALMS_CACHE_DIR": str(theirs / "cache")},
                      "belongs to user id 4242")


def test_a_cache_others_can_write_is_not_trusted(tmp_path: Path) -> None:
    folder, cache, env = poisoned_cache(tmp_path)
    cache.chmod(0o770)
    assert_not_fooled(folder, env, "can be written by other users")
    cache.chmod(0o700)
    database = next(cache.glob("*.sqlite3"))
    database.chmod(0o666)
    assert_not_fooled(folder, env, "can be written by other users")
    assert database.stat().st_mode & 0o777 == 0o666  # not used, not touched


def test_a_folder_above_the_cache_others_can_write_is_not_trusted(tmp_path: Path) -> None:
    """Anyone who can write the folder above can rename the cache away and put theirs;
    with the sticky bit (as /tmp has) they cannot."""
    shared = tmp_path / "pool"
    shared.mkdir()
    shared.chmod(0o777)
    env = environment(tmp_path, REALMS_CACHE_DIR=str(shared / "cache"))
    work = tmp_path / "work"
    work.mkdir()
    write_bad(work / "broken.realm.json")
    result = realms(work, env, "lint", "broken.realm.json")
    assert result.returncode == 1 and "can be written by other users" in result.stderr
    assert not (shared / "cache").exists()
    shared.chmod(0o1777)
    sticky = realms(work, env, "lint", "broken.realm.json")
    assert sticky.returncode == 1 and sticky.stderr == "", sticky.stderr
    assert (shared / "cache").is_dir()


def test_a_new_cache_is_made_for_this_user_only(tmp_path: Path) -> None:
    """Whatever the umask, the folder and the database are this user's alone, so the next
    run trusts them."""
    work = tmp_path / "work"
    work.mkdir()
    write_bad(work / "broken.realm.json")
    env = environment(tmp_path, REALMS_CACHE_DIR=str(tmp_path / "cache"))
    script = ("import os, sys; os.umask(0o002); from editor.cli.main import main; "
              "sys.exit(main(sys.argv[1:]))")
    made = subprocess.run([sys.executable, "-c", script, "lint", "broken.realm.json"],
                          cwd=work, env=env, capture_output=True, text=True, timeout=300)
    assert made.returncode == 1 and made.stderr == "", made.stderr
    for part in (tmp_path / "cache", *(tmp_path / "cache").glob("*.sqlite3*")):
        assert part.stat().st_mode & 0o022 == 0, part
    assert realms(work, env, "lint", "broken.realm.json").stderr == ""


@pytest.fixture
def collection(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A collection whose ring scenario names a catalogue in ``../shared``, allowed by
    ``catalogue-roots``; and an environment with a cache folder outside it."""
    folder = tmp_path / "coll"
    folder.mkdir()
    (tmp_path / "shared").mkdir()
    shutil.copy(TILES, tmp_path / "shared" / "test-tiles.json")
    data = json.loads(RING.read_text(encoding="utf-8"))
    data["catalogues"] = ["../shared/test-tiles.json"]
    (folder / "ring.realm.json").write_text(json.dumps(data), encoding="utf-8")
    write_bad(folder / "bad.realm.json")
    shutil.copy(HIGHLAND, folder / "good.realm.json")
    (folder / "realms.toml").write_text('catalogue-roots = ["../shared"]\n', encoding="utf-8")
    return folder, environment(tmp_path, REALMS_CACHE_DIR=str(tmp_path / "cache"))


def verdict(folder: Path, env: dict[str, str], name: str) -> tuple[int, str]:
    result = realms(folder, env, "lint", "--select", "S", name)
    return result.returncode, result.stdout


def test_catalogue_roots_change_the_verdict_both_ways(
        collection: tuple[Path, dict[str, str]]) -> None:
    folder, env = collection
    config = folder / "realms.toml"
    assert verdict(folder, env, "ring.realm.json")[0] == 0
    assert verdict(folder, env, "ring.realm.json")[0] == 0  # warm
    config.write_text("", encoding="utf-8")
    status, out = verdict(folder, env, "ring.realm.json")
    assert status == 1 and "S005" in out and "outside the collection root" in out
    assert verdict(folder, env, "ring.realm.json")[0] == 1  # warm
    config.write_text('catalogue-roots = ["../shared"]\n', encoding="utf-8")
    assert verdict(folder, env, "ring.realm.json")[0] == 0


CHANGES = ("file bytes", "settings", "catalogue bytes")


@pytest.mark.parametrize("change", CHANGES)
def test_each_input_changed_after_a_warm_run_changes_the_verdict(
        change: str, collection: tuple[Path, dict[str, str]]) -> None:
    folder, env = collection
    name = {"file bytes": "good.realm.json", "settings": "bad.realm.json",
            "catalogue bytes": "ring.realm.json"}[change]
    before = verdict(folder, env, name)
    assert verdict(folder, env, name) == before  # warm
    if change == "file bytes":
        write_bad(folder / name)
    elif change == "settings":
        with (folder / "realms.toml").open("a", encoding="utf-8") as config:
            config.write("[lint]\nignore = ['S003']\n")
    else:
        (folder.parent / "shared" / "test-tiles.json").write_text("{}", encoding="utf-8")
    after = verdict(folder, env, name)
    assert after[0] != before[0], (before, after)
    uncached = realms(folder, {**env, "REALMS_NO_CACHE": "1"}, "lint", "--select", "S", name)
    assert after == (uncached.returncode, uncached.stdout)


def install_copy(where: Path) -> Path:
    """The package as a plain folder at ``where`` (links resolved: an installed wheel)."""
    shutil.copytree(REPO / "editor", where / "editor", symlinks=False,
                    ignore=shutil.ignore_patterns("__pycache__"))
    return where


def test_the_same_package_elsewhere_hits_and_a_changed_schema_misses(
        checkout: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    env = environment(tmp_path, REALMS_CACHE_DIR=str(cache))
    first = install_copy(tmp_path / "site-a")
    second = install_copy(tmp_path / "site-b")
    shutil.copy(HIGHLAND, checkout / "good.realm.json")
    ran = realms(checkout, {**env, "PYTHONPATH": str(first)}, "lint", "--select", "S",
                 "bad.realm.json")
    assert ran.returncode == 1
    assert say_nothing_in(cache) >= 1  # the next answer shows where it came from
    elsewhere = realms(checkout, {**env, "PYTHONPATH": str(second)}, "lint", "--select", "S",
                       "bad.realm.json")
    assert elsewhere.returncode == 0  # the same tool, somewhere else: the same cache
    # A schema that allows no title of more than one character: the tool is another.
    schema_file = second / "editor" / "data" / "schemas" / "scenario.schema.json"
    schema = json.loads(schema_file.read_text(encoding="utf-8"))
    schema["properties"]["title"]["maxLength"] = 1
    schema_file.write_text(json.dumps(schema), encoding="utf-8")
    good = realms(checkout, {**env, "PYTHONPATH": str(first)}, "lint", "--select", "S",
                  "good.realm.json")
    assert good.returncode == 0
    stricter = realms(checkout, {**env, "PYTHONPATH": str(second)}, "lint", "--select", "S",
                      "good.realm.json")
    assert stricter.returncode == 1 and "title" in stricter.stdout
