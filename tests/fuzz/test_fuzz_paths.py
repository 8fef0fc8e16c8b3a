"""Generated hostile file trees (issue 27): symbolic links in and out of the collection,
special files under ``site``, hostile site manifests, and trailing newlines in every
pattern-checked value. Fixed seeds (``random.Random(seed)``): the same trees on every run.

Every run must keep the fuzz promises (exit 0/1/2, no traceback, an answer within the
bound) and these: nothing of a file outside the collection (or in ``.git``) appears in any
output or published byte, nothing outside the output folder is changed, and a value ending
in a newline never passes the schema.
"""

from __future__ import annotations

import copy
import json
import os
import random
import shutil
from pathlib import Path
from typing import Any

import pytest
from fuzz_harness import Outcome, problems, run_inprocess, run_subprocesses

CANARY = "CANARY-5e1f-2b7d"
SEEDS = range(12)
SITE_SEEDS = range(4)
MANIFEST_SEEDS = range(40)
NEWLINE_SEEDS = range(60)


def regression(bug: str) -> pytest.MarkDecorator:
    return pytest.mark.regression_of(f"issue 27: {bug}")


def _scenario(title: str = "Three tiles") -> dict[str, Any]:
    return {
        "format_version": 1, "id": "three-tiles", "title": title,
        "players": {"min": 2, "max": 3},
        "boards": [{"id": "surface", "kind": "surface", "tiles": [
            {"tile": "A", "side": "surface", "q": 0, "r": 0, "rotation": 0},
            {"tile": "B", "side": "surface", "q": 1, "r": 0, "rotation": 2},
            {"tile": "C", "side": "surface", "q": 0, "r": 1, "rotation": 1},
        ]}],
    }


def _write(path: Path, data: Any) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    return path


def _no_canary(outcome: Outcome) -> None:
    assert CANARY not in outcome.stdout + outcome.stderr, (outcome.argv, outcome.stdout,
                                                           outcome.stderr)


def _clean(outcome: Outcome) -> None:
    found = problems(outcome)
    assert not found, f"{found[0].signature()}\nargv: {outcome.argv}\n" \
                      f"stdout: {outcome.stdout[-800:]}\nstderr: {outcome.stderr[-800:]}"


def _secrets(root: Path) -> dict[str, Path]:
    """Files a link may aim at that must never be read: outside the collection, in .git."""
    outside = root / "outside"
    found = {
        "outside-scenario": _write(outside / "secret.realm.json", _scenario(CANARY)),
        "outside-json": _write(outside / "secret.json", {"id": CANARY}),
    }
    git = root / "coll" / ".git"
    git.mkdir(parents=True, exist_ok=True)
    (git / "config").write_text(f"[http]\n\textraheader = {CANARY}\n")
    found["git-config"] = git / "config"
    return found


def _tree(rng: random.Random, root: Path) -> tuple[Path, list[Path], list[Path]]:
    """A collection with good files and links at random depths: (collection, links that
    must be refused, every scenario path)."""
    secrets = _secrets(root)
    collection = root / "coll"
    marker = rng.choice(["realms.toml", "pyproject.toml", "none"])
    if marker == "realms.toml":
        (collection / "realms.toml").write_text("[lint]\n")
    elif marker == "pyproject.toml":
        (collection / "pyproject.toml").write_text("[tool.realms]\n")
    folders = [collection] + [collection.joinpath(*[f"d{rng.randrange(3)}"
                                                    for _ in range(rng.randint(1, 3))])
                              for _ in range(3)]
    good = [_write(rng.choice(folders) / f"good{i}.realm.json", _scenario())
            for i in range(rng.randint(1, 3))]
    refused: list[Path] = []
    paths = list(good)
    for index in range(rng.randint(2, 6)):
        folder = rng.choice(folders)
        folder.mkdir(parents=True, exist_ok=True)
        link = folder / f"link{index}.realm.json"
        kind = rng.choice(["outside-scenario", "outside-json", "git-config", "environ",
                           "inside", "inside", "outside-relative", "dev-zero"])
        if kind == "inside":
            target = rng.choice(good)
            link.symlink_to(os.path.relpath(target, folder) if rng.random() < 0.5 else target)
            # .git (a marker) is in coll: the root is coll, so an inside link is allowed
            # only when the target is under the link's own root
            paths.append(link)
            continue
        if kind == "environ":
            link.symlink_to("/proc/self/environ")
        elif kind == "dev-zero":
            link.symlink_to("/dev/zero")
        elif kind == "outside-relative":
            link.symlink_to(os.path.relpath(secrets["outside-scenario"], folder))
        else:
            link.symlink_to(secrets[kind])
        refused.append(link)
        paths.append(link)
    if rng.random() < 0.5:  # a folder link out of the collection
        (collection / "far").symlink_to(root / "outside")
    return collection, refused, paths


@regression("scenario symlinks leaving the collection are followed and quoted")
@pytest.mark.parametrize("seed", SEEDS)
def test_links_in_and_out_of_the_collection(tmp_path: Path, seed: int,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REALMS_FUZZ_CANARY", CANARY)
    rng = random.Random(seed)
    collection, refused, paths = _tree(rng, tmp_path)
    before = {p: p.read_bytes() for p in (tmp_path / "outside").iterdir()}
    runs = [["lint", "--no-cache", "--jobs", "1", str(collection)],
            ["lint", "--no-cache", "--jobs", "1", "--show-source", str(collection)],
            ["format", "--check", str(collection)],
            ["format", "--diff", str(collection)]]
    for path in rng.sample(paths, min(4, len(paths))):
        runs.append(rng.choice([["derive", str(path)], ["balance", str(path)],
                                ["lint", "--no-cache", "--show-source", str(path)],
                                ["export", str(path), "--to", "engine", "--players", "2",
                                 "-o", "-"],
                                ["format", str(path)]]))
    for argv in runs:
        outcome = run_inprocess(argv)
        _clean(outcome)
        _no_canary(outcome)
        named = [p for p in refused if str(p) in argv or str(collection) in argv]
        if named:
            assert outcome.exit_code == 2, (argv, outcome.stdout, outcome.stderr)
    assert {p: p.read_bytes() for p in (tmp_path / "outside").iterdir()} == before


@regression("realms site publishes what a symlink points at; a FIFO blocks it")
def test_special_files_under_site(tmp_path: Path) -> None:
    """Each seed's collection mixes good files with FIFOs, device links, loops, dangling
    links and links out; the sites build side by side as separate processes."""
    runs, outs = [], []
    for seed in SITE_SEEDS:
        rng = random.Random(1000 + seed)
        root = tmp_path / f"s{seed}"
        collection, _refused, _paths = _tree(rng, root)
        for index in range(rng.randint(1, 3)):
            special = collection / f"special{index}.realm.json"
            kind = rng.choice(["fifo", "urandom", "loop", "dangling", "zero"])
            if kind == "fifo":
                os.mkfifo(special)
            elif kind == "urandom":
                special.symlink_to("/dev/urandom")
            elif kind == "zero":
                special.symlink_to("/dev/zero")
            elif kind == "loop":
                special.symlink_to(special.name)
            else:
                special.symlink_to("gone.realm.json")
        out = root / "_site"
        outs.append(out)
        runs.append(["site", str(collection), "-o", str(out), "--jobs", "1",
                     "--progress", "never"])
    for outcome, out in zip(run_subprocesses(runs, bound=60.0, env={
            "REALMS_FUZZ_CANARY": CANARY}), outs, strict=True):
        _clean(outcome)
        _no_canary(outcome)
        assert outcome.exit_code == 2, (outcome.argv, outcome.stdout, outcome.stderr)
        published = b"".join(p.read_bytes() for p in out.rglob("*") if p.is_file())
        assert CANARY.encode() not in published
        assert len(published) < 3_000_000  # no device bytes


_PIECES = ["..", "../..", "/", "\\", "..\\..", ".", "", "%2e%2e", "\u2025", "s", "victim",
           "a-b", "\x00", "~", "//", "./", "index.html", ".realms-site.json", "assets"]


def _hostile_name(rng: random.Random, victim: Path) -> Any:
    roll = rng.random()
    if roll < 0.1:
        return rng.choice([None, 3, [], {}, True])
    if roll < 0.25:
        return str(victim)
    return "/".join(rng.choice(_PIECES) for _ in range(rng.randint(1, 4)))


@regression("realms site trusts the manifest in its output folder and deletes outside it")
@pytest.mark.parametrize("seed", MANIFEST_SEEDS)
def test_manifest_traversal(tmp_path: Path, seed: int) -> None:
    from editor import __version__
    from editor.site.build import MANIFEST

    rng = random.Random(2000 + seed)
    collection = tmp_path / "c"
    _write(collection / "good.realm.json", _scenario())
    out = tmp_path / "_site"
    (out / "s").mkdir(parents=True)
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "precious.txt").write_text("keep me")
    (victim / "index.html").write_text("keep me too")
    pages: dict[Any, Any] = {}
    for _ in range(rng.randint(1, 4)):
        slug = _hostile_name(rng, victim)
        files = [_hostile_name(rng, victim) for _ in range(rng.randint(0, 3))]
        files.append(rng.choice(["precious.txt", "index.html"]))
        pages[slug if isinstance(slug, str) else str(slug)] = {
            "key": "x", "files": files if rng.random() < 0.9 else "precious.txt", "card": {}}
    if rng.random() < 0.3:
        (out / "s" / "linked").symlink_to(victim)
        pages["linked"] = {"key": "x", "files": ["precious.txt"], "card": {}}
    manifest = {"tool": __version__ if rng.random() < 0.9 else "0.0.0", "pages": pages}
    (out / MANIFEST).write_text(json.dumps(manifest))
    outcome = run_inprocess(["site", str(collection), "-o", str(out), "--jobs", "1",
                             "--progress", "never"], bound=60.0)
    _clean(outcome)
    assert outcome.exit_code in (0, 2)
    assert sorted(p.name for p in victim.iterdir()) == ["index.html", "precious.txt"]
    assert (victim / "precious.txt").read_text() == "keep me"
    assert (victim / "index.html").read_text() == "keep me too"


def _pattern_fields(data: dict[str, Any]) -> list[tuple[str, Any]]:
    """(name, setter) for each value the scenario schema checks with a pattern."""
    board = data["boards"][0]
    return [
        ("id", lambda v: data.__setitem__("id", v)),
        ("board-id", lambda v: board.__setitem__("id", v)),
        ("tile", lambda v: board["tiles"][-1].__setitem__("tile", v)),
        ("translation", lambda v: data.__setitem__("translations", {v: {"title": "T"}})),
        ("catalogue", lambda v: data.__setitem__("catalogues", [v])),
        ("marker-region", lambda v: board.__setitem__(
            "markers", [{"kind": "relic", "region": v}])),
        ("lint-code", lambda v: data.__setitem__(
            "lint", {"ignore": [{"code": v, "reason": "known and accepted"}]})),
    ]


_VALID = {"id": "three-tiles", "board-id": "surface", "tile": "C", "translation": "fr",
          "catalogue": "tiles.json", "marker-region": "A.1", "lint-code": "B003"}
_ENDINGS = ["\n", "\n\n", "\r\n", " \n", "\n\r", "\u2028", "\x00\n"]


@regression("a trailing newline passes the schema: Python's $ matches before a final \\n")
@pytest.mark.parametrize("seed", NEWLINE_SEEDS)
def test_trailing_newlines(tmp_path: Path, seed: int) -> None:
    rng = random.Random(3000 + seed)
    shutil.copyfile(Path(__file__).resolve().parents[1] / "data" / "test-tiles.json",
                    tmp_path / "tiles.json")
    data = copy.deepcopy(_scenario())
    name, setter = rng.choice(_pattern_fields(data))
    valid = _VALID[name]
    setter(valid)
    path = _write(tmp_path / "s.realm.json", data)
    baseline = run_inprocess(["lint", "--no-cache", "--select", "S", str(path)])
    assert baseline.exit_code in (0, 1), baseline.stdout + baseline.stderr
    setter(valid + rng.choice(_ENDINGS))
    _write(path, data)
    outcome = run_inprocess(["lint", "--no-cache", "--select", "S", str(path)])
    _clean(outcome)
    assert outcome.exit_code in (1, 2) and ("S003" in outcome.stdout
                                            or "S005" in outcome.stdout), (
        name, outcome.stdout, outcome.stderr)
    derived = run_inprocess(["derive", str(path)])
    _clean(derived)
    assert derived.exit_code == 2, (name, derived.stdout, derived.stderr)
