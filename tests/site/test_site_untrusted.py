"""``realms site`` on a stranger's collection: it publishes only the bytes it loaded, never
what a link points at, never blocks on a FIFO, and never deletes outside ``-o`` because of
a manifest it finds there (issue 27, points 1 and 3)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from editor import __version__
from editor.site.build import MANIFEST, build_site
from tests.site.conftest import REPO, SCENARIOS

CANARY = b"CANARY-c0ffee-token"
GOOD = SCENARIOS / "booklet" / "01-my-precious-world.realm.json"


def _site_bytes(out: Path) -> bytes:
    return b"".join(p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file())


def _site(*args: str | Path, cwd: Path, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """A real process: a FIFO that blocked the build must fail the test by its timeout."""
    env = {**os.environ, "PYTHONPATH": str(REPO), "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run([sys.executable, "-m", "editor", "site", *map(str, args),
                           "--progress", "never", "--jobs", "1"], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=timeout, check=False)


@pytest.fixture
def collection(tmp_path: Path) -> Path:
    """A git-like collection (``.git/config`` holds a token) with one good scenario."""
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "config").write_bytes(b"[http]\n\textraheader = " + CANARY + b"\n")
    folder = tmp_path / "scenarios"
    folder.mkdir()
    shutil.copyfile(GOOD, folder / "good.realm.json")
    return folder


@pytest.mark.parametrize("target", ["../.git/config", "/proc/self/environ", "/etc/passwd",
                                    "/dev/zero", "/dev/urandom", "self"])
def test_a_link_is_never_published(collection: Path, target: str) -> None:
    link = collection / "x.realm.json"
    link.symlink_to(link.name if target == "self" else target)
    out = collection.parent / "_site"
    env_before = os.environ.get("REALMS_SITE_CANARY")
    os.environ["REALMS_SITE_CANARY"] = CANARY.decode()
    try:
        result = _site(collection, "-o", out, cwd=collection.parent)
    finally:
        if env_before is None:
            del os.environ["REALMS_SITE_CANARY"]
    assert "Traceback" not in result.stderr, result.stderr
    assert result.returncode == 2, result.stdout + result.stderr
    assert "x.realm.json" in result.stderr
    published = _site_bytes(out)
    assert CANARY not in published
    assert b"root:x:0:0" not in published
    assert not any(p.name.split(".")[0] == "x" for p in out.rglob("*.realm.json"))
    assert (out / "s" / "good" / "good.realm.json").read_bytes() == GOOD.read_bytes()
    assert len(published) < 5_000_000  # no device bytes


def test_a_fifo_does_not_block_the_build(collection: Path) -> None:
    os.mkfifo(collection / "pipe.realm.json")
    result = _site(collection, "-o", collection.parent / "_site", cwd=collection.parent,
                   timeout=60)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "FIFO" in result.stderr and "Traceback" not in result.stderr


def test_the_download_is_the_bytes_that_were_loaded(collection: Path) -> None:
    out = collection.parent / "_site"
    report = build_site([collection], out)
    assert report.refused == [] and report.failed == []
    assert (out / "s" / "good" / "good.realm.json").read_bytes() == GOOD.read_bytes()


def _victim(tmp_path: Path) -> Path:
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "precious.txt").write_text("keep me")
    return victim


@pytest.mark.parametrize("slug", ["../../victim", "../victim", "..", "a/../../../victim"])
def test_a_manifest_cannot_delete_outside_the_output(tmp_path: Path, slug: str) -> None:
    collection = tmp_path / "c"
    collection.mkdir()
    shutil.copyfile(GOOD, collection / "good.realm.json")
    out = tmp_path / "_site"
    out.mkdir()
    victim = Path(os.path.normpath(out / "s" / slug))  # where the slug leads
    victim.mkdir(parents=True, exist_ok=True)
    (victim / "precious.txt").write_text("keep me")
    page = {"key": "x", "files": ["precious.txt"], "card": {}}
    (out / MANIFEST).write_text(json.dumps({"tool": __version__, "pages": {slug: page}}))
    report = build_site([collection], out)
    assert report.removed == []
    assert (victim / "precious.txt").read_text() == "keep me"


def test_a_manifest_file_name_with_a_path_is_not_trusted(tmp_path: Path) -> None:
    collection = tmp_path / "c"
    collection.mkdir()
    shutil.copyfile(GOOD, collection / "good.realm.json")
    out = tmp_path / "_site"
    build_site([collection], out)  # a real manifest, then one with a poisoned page
    manifest = json.loads((out / MANIFEST).read_text())
    victim = _victim(tmp_path)
    manifest["pages"]["gone"] = {"key": "x", "files": ["../../../victim/precious.txt"],
                                 "card": {}}
    (out / MANIFEST).write_text(json.dumps(manifest))
    (out / "s" / "linked").symlink_to(victim)
    manifest["pages"]["linked"] = {"key": "x", "files": ["precious.txt"], "card": {}}
    (out / MANIFEST).write_text(json.dumps(manifest))
    report = build_site([collection], out)
    assert (victim / "precious.txt").read_text() == "keep me"
    assert not any("precious" in r for r in report.removed)
    rebuilt = json.loads((out / MANIFEST).read_text())
    assert set(rebuilt["pages"]) == {"good"}


def test_the_issue_reproduction_through_the_cli(tmp_path: Path) -> None:
    collection = tmp_path / "c"
    collection.mkdir()
    shutil.copyfile(GOOD, collection / "good.realm.json")
    out = tmp_path / "_site"  # as in the issue: victim/ beside _site/
    out.mkdir()
    victim = _victim(tmp_path)
    (out / MANIFEST).write_text(json.dumps(
        {"tool": __version__, "pages": {"../../victim": {"key": "x", "files": ["precious.txt"],
                                                         "card": {}}}}))
    result = _site(collection, "-o", out, cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert (victim / "precious.txt").read_text() == "keep me"


@pytest.mark.parametrize("what", ["index-link", "assets-link", "index-fifo"])
def test_nothing_is_written_through_a_link_out_of_the_output(tmp_path: Path,
                                                            what: str) -> None:
    collection = tmp_path / "c"
    collection.mkdir()
    shutil.copyfile(GOOD, collection / "good.realm.json")
    out = tmp_path / "_site"
    out.mkdir()
    victim = _victim(tmp_path)
    if what == "index-link":
        (out / "index.html").symlink_to(victim / "precious.txt")
    elif what == "assets-link":
        (out / "assets").symlink_to(victim)
    else:
        os.mkfifo(out / "index.html")
    result = _site(collection, "-o", out, cwd=tmp_path, timeout=60)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr and "_site" in result.stderr
    assert sorted(p.name for p in victim.iterdir()) == ["precious.txt"]
    assert (victim / "precious.txt").read_text() == "keep me"
