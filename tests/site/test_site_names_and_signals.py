"""``realms site`` under odd file names and under signals.

Every link is URL-encoded, so a scenario file named with ``#``, ``%2e%2e``, a backslash or
a newline links to itself; SIGTERM and SIGINT stop the build's worker processes and leave
the previous site byte for byte as it was (pages are built in a staging folder and moved
in only when all are done)."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from proc_table import children, interruptible, state

from tests.site.conftest import REPO, SCENARIOS, build

GOOD = SCENARIOS / "booklet" / "01-my-precious-world.realm.json"
ODD_NAMES = ["a#b.realm.json", "%2e%2e.realm.json", "back\\slash.realm.json",
             "new\nline.realm.json", "sp ace?.realm.json",
             os.fsdecode(b"not-utf8-\xff\xfe.realm.json")]  # once a traceback, no site


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[tuple[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("href", "src") and value:
                self.links.append((tag, value))


def _links(page: Path) -> list[str]:
    parser = _Links()
    parser.feed(page.read_text(encoding="utf-8"))
    return [value for _tag, value in parser.links]


def _target(page: Path, link: str) -> Path:
    """The file a browser fetches for ``link`` on ``page`` (a local, relative link)."""
    parts = urlsplit(link)
    assert not parts.scheme and not parts.netloc and not parts.query, link
    assert not parts.fragment, f"{link!r} is cut at '#': the rest is read as an anchor"
    # the bytes a web server matches against the folder's names (not UTF-8: os.fsdecode's)
    return Path(os.path.normpath(page.parent / unquote(parts.path, errors="surrogateescape")))


def test_every_link_leads_to_its_own_file_whatever_the_name(tmp_path: Path) -> None:
    folder = tmp_path / "scenarios"
    folder.mkdir()
    for number, name in enumerate(ODD_NAMES):
        data = json.loads(GOOD.read_text(encoding="utf-8"))
        data["title"] = f"Odd name {number}"
        (folder / name).write_text(json.dumps(data), encoding="utf-8")
    out = tmp_path / "site"
    assert build([folder], out, "--jobs", "1") == 0
    pages = sorted((out / "s").glob("*/index.html"))
    assert len(pages) == len(ODD_NAMES)
    offered = set()
    for page in [out / "index.html", *pages]:
        for link in _links(page):
            target = _target(page, link)
            assert target.is_relative_to(out) and target.is_file(), (page, link, target)
            if target.name in ODD_NAMES:
                assert target.read_bytes() == (folder / target.name).read_bytes()
                offered.add(target.name)
    assert offered == set(ODD_NAMES), "each scenario's own file is offered for download"


def _collection(folder: Path, count: int, tag: str) -> None:
    shipped = [GOOD, *sorted((SCENARIOS / "booklet").glob("0[2-4]*.realm.json"))]
    folder.mkdir(exist_ok=True)
    for i in range(count):
        data = json.loads(shipped[i % len(shipped)].read_text(encoding="utf-8"))
        data["title"] = f"{data['title']} {tag} {i}"
        (folder / f"s{i:02d}.realm.json").write_text(json.dumps(data), encoding="utf-8")


def _snapshot(out: Path) -> dict[str, bytes]:
    return {p.relative_to(out).as_posix(): p.read_bytes()
            for p in sorted(out.rglob("*")) if p.is_file()}


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads processes from /proc")
@pytest.mark.parametrize("sent", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_a_signal_stops_the_workers_and_keeps_the_previous_site(tmp_path: Path,
                                                                sent: signal.Signals) -> None:
    folder, out = tmp_path / "scenarios", tmp_path / "site"
    _collection(folder, 4, "first")
    assert build([folder], out, "--jobs", "1") == 0
    before = _snapshot(out)
    assert "index.html" in before
    shutil.rmtree(folder)
    _collection(folder, 24, "second")  # every page changes, and there are more of them
    env = {**os.environ, "PYTHONPATH": str(REPO), "QT_QPA_PLATFORM": "offscreen"}
    process = subprocess.Popen(
        [sys.executable, "-m", "editor", "site", str(folder), "-o", str(out),
         "--progress", "never", "--jobs", "2"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=interruptible)
    workers: set[int] = set()
    deadline = time.monotonic() + 120
    staged = out / ".realms-site-staging" / "s"
    while time.monotonic() < deadline and process.poll() is None:
        workers |= set(children(process.pid))
        if len(workers) >= 2 and staged.is_dir() and len(list(staged.iterdir())) >= 2:
            break
        time.sleep(0.05)
    assert process.poll() is None, "the build ended before it could be stopped"
    process.send_signal(sent)
    _stdout, stderr = process.communicate(timeout=60)
    assert process.returncode == 128 + sent, (process.returncode, stderr)
    assert f"stopped by {sent.name}" in stderr and "Traceback" not in stderr, stderr
    time.sleep(0.5)
    left = [pid for pid in workers if state(pid) not in ("", "Z")]
    assert not left, f"workers still running after {sent.name}: {left}"
    assert _snapshot(out) == before, "the previous site changed"


def test_a_signal_during_the_move_says_the_new_site_is_whole(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
        ) -> None:
    """SIGTERM while the new pages replace the old ones waits for the move to end: the
    build then stops (128 + 15) saying the folder holds the new site, complete (it said
    "the previous site, unchanged"), and the staging folder is gone."""
    import threading

    from editor.site import build as site_build

    folder, out = tmp_path / "scenarios", tmp_path / "site"
    _collection(folder, 2, "first")
    assert build([folder], out, "--jobs", "1") == 0
    _collection(folder, 2, "second")
    moving = site_build._commit

    def commit_hit_by_a_signal(*args: object, **kwargs: object) -> None:
        moving(*args, **kwargs)  # type: ignore[arg-type]
        signal.pthread_kill(threading.get_ident(), signal.SIGTERM)  # as `kill` would

    monkeypatch.setattr(site_build, "_commit", commit_hit_by_a_signal)
    capsys.readouterr()
    assert build([folder], out, "--jobs", "1") == 128 + signal.SIGTERM
    said = capsys.readouterr().err
    assert "stopped by SIGTERM while the new site was put in place" in said, said
    assert "holds the new site, complete" in said and "previous" not in said, said
    assert "second 1" in (out / "index.html").read_text(encoding="utf-8")
    assert not (out / ".realms-site-staging").exists()


def test_a_site_inside_its_collection_is_not_read_back(tmp_path: Path) -> None:
    """``-o`` inside the linted tree (a site kept in the collection's repository): its
    downloads are the site's own output, not more scenarios (each rebuild grew by them)."""
    folder = tmp_path / "collection"
    _collection(folder, 2, "kept")
    (folder / "realms.toml").write_text("", encoding="utf-8")
    out = folder / "_site"
    for _ in range(3):
        assert build([folder], out, "--jobs", "1") == 0
        pages = sorted(p.parent.name for p in (out / "s").glob("*/index.html"))
        assert pages == ["s00", "s01"], pages


def test_pages_built_in_batches_of_fresh_workers_are_all_there(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch
                                                                ) -> None:
    """Workers are replaced every PAGES_PER_WORKER pages (memory stays flat per page): with
    a batch of one page per worker and two workers, 7 scenarios take four batches, and every
    page is built, in order."""
    from editor.site import build as site_build

    monkeypatch.setattr(site_build, "PAGES_PER_WORKER", 1)
    folder = tmp_path / "scenarios"
    _collection(folder, 7, "batch")
    out = tmp_path / "site"
    report = site_build.build_site([folder], out, jobs=2)
    assert len(report.rebuilt) == 7 and not report.failed
    pages = sorted(p.parent.name for p in (out / "s").glob("*/index.html"))
    assert pages == [f"s{i:02d}" for i in range(7)]


def test_a_first_build_stopped_says_no_site_was_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
        ) -> None:
    """Ctrl+C during a first build said "holds the previous site, unchanged" of a folder
    that held none, and left it behind, empty."""
    from editor.cli import cmd_site
    from editor.cli.main import main

    folder, out = tmp_path / "scenarios", tmp_path / "site"
    _collection(folder, 2, "first")

    def interrupted(done: int, total: int, source: str) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(cmd_site, "_progress_bar", interrupted)
    assert main(["site", str(folder), "-o", str(out), "--progress", "always",
                 "--jobs", "1"]) == 128 + signal.SIGINT
    assert capsys.readouterr().err.endswith(
        "realms site: stopped by SIGINT; no site was written\n")
    assert not out.exists()
    mine = tmp_path / "mine"  # a folder the user made is left, with what it holds
    mine.mkdir()
    (mine / "notes.txt").write_text("mine", encoding="utf-8")
    assert main(["site", str(folder), "-o", str(mine), "--progress", "always",
                 "--jobs", "1"]) == 128 + signal.SIGINT
    assert sorted(p.name for p in mine.iterdir()) == ["notes.txt"]


def test_engine_exports_beside_their_scenarios_get_no_card(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``realms export --to engine`` writes beside the scenario, and the site made a
    "cannot load" card of each export."""
    from editor.cli.main import main

    folder, out = tmp_path / "scenarios", tmp_path / "site"
    _collection(folder, 1, "first")
    scenario = next(folder.glob("*.realm.json"))
    assert main(["export", str(scenario), "--to", "engine", "--players", "3"]) == 0
    assert list(folder.glob("*.engine.json"))
    assert build([folder], out) == 0
    printed = capsys.readouterr().out
    assert ": 1 scenario, 1 built, 0 unchanged, 0 could not be loaded" in printed
    export = next(folder.glob("*.engine.json"))
    assert build([export], tmp_path / "other") == 2
    assert (f"realms site: skipped {export}: an engine export, not a scenario; the site "
            "shows *.realm.json files") in capsys.readouterr().err


def test_an_empty_collection_is_warned_of(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "empty").mkdir()
    assert build([tmp_path / "empty"], tmp_path / "site") == 0
    assert "realms site: warning: no *.realm.json files found" in capsys.readouterr().err
