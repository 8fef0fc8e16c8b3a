"""The regression corpus: one input per hostile-file bug found so far, through the CLI.

Small inputs live in ``tests/fuzz/corpus/``; special files (FIFOs, devices, symlinks),
huge graphs and files that must point at a temporary folder are made here at test time.
Each case must pass the fuzz promises (exit 0/1/2, no traceback or "internal error", every
message names the file, an answer within the bound) plus its own check. Each case is marked
``regression_of`` with the filed bug it guards against.
"""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import sys
import xml.dom.minidom
from pathlib import Path

import pytest
from fuzz_harness import Outcome, problems, run_inprocess, run_subprocesses

CORPUS = Path(__file__).resolve().parent / "corpus"
REPO = CORPUS.parents[2]
SPECIAL_BOUND = 10.0  # seconds, for all special files together (separate processes)
GRAPH_BOUND = 15.0  # seconds, for the big-graph runs together (separate processes)


def regression(bug: str, issue: int = 13) -> pytest.MarkDecorator:
    """Marks a case as the regression test of a bug filed in ``issue``."""
    return pytest.mark.regression_of(f"issue {issue}: {bug}")


def assert_clean(outcome: Outcome, *files: Path | str) -> None:
    found = problems(outcome, list(files))
    assert not found, f"{found[0].signature()}\nargv: {outcome.argv}\n" \
                      f"stdout: {outcome.stdout[-1500:]}\nstderr: {outcome.stderr[-1500:]}"


def commands(path: Path, out: Path) -> dict[str, list[str]]:
    """Every command that reads a scenario, by a short name used in test ids."""
    return {
        "lint": ["lint", "--jobs", "1", str(path)],
        "derive": ["derive", str(path)],
        "format": ["format", "--check", str(path)],
        "export-engine": ["export", str(path), "--to", "engine", "-o", str(out) + "/"],
        "export-svg": ["export", str(path), "--to", "svg", "--players", "2", "-o",
                       str(out / "board.svg")],
    }


COMMANDS = ("lint", "derive", "format", "export-engine", "export-svg")


# -- integral floats -----------------------------------------------------------------------
FLOAT_FILES = ("integral-rotation-1.0", "integral-rotation-1e0", "integral-players-min-2.0")


@pytest.mark.parametrize(("name", "command"), [
    pytest.param(name, command, id=f"{name}-{command}", marks=[] if command == "format" else
                 regression(f"{name}: integral floats crash {command}"))
    for name in FLOAT_FILES for command in COMMANDS])
def test_integral_floats(tmp_path: Path, name: str, command: str) -> None:
    path = tmp_path / f"{name}.realm.json"
    shutil.copy(CORPUS / path.name, path)
    outcome = run_inprocess(commands(path, tmp_path / "out")[command])
    assert_clean(outcome, path)


@regression("a file's lint verdict depends on files linted before it (rotated_side cache keyed "
       "on 1.0 == 1)", 19)
def test_lint_verdict_does_not_depend_on_order(tmp_path: Path) -> None:
    good = tmp_path / "a-good.realm.json"
    bad = tmp_path / "b-float.realm.json"
    text = (CORPUS / "integral-rotation-1.0.realm.json").read_text()
    good.write_text(text.replace('"rotation": 1.0', '"rotation": 1'))
    bad.write_text(text)
    alone, both = run_subprocesses([["lint", "--jobs", "1", str(bad)],
                                    ["lint", "--jobs", "1", str(good), str(bad)]])

    def about_bad(outcome: Outcome) -> list[str]:
        return [line for line in outcome.stdout.splitlines() if line.startswith(str(bad))]

    assert about_bad(both) == about_bad(alone), "linting another file first changed the " \
                                                "findings"
    assert_clean(alone, bad)


# -- special files -------------------------------------------------------------------------
def _special(folder: Path, kind: str) -> Path:
    path = folder / "x.realm.json"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "dev-zero":
        path.symlink_to("/dev/zero")
    elif kind == "dev-urandom":
        path.symlink_to("/dev/urandom")
    elif kind == "directory":
        path.mkdir()
    elif kind == "symlink-loop":
        path.symlink_to(path)
    elif kind == "dangling-symlink":
        path.symlink_to(folder / "missing.realm.json")
    return path


QUICK_KINDS = ("directory", "symlink-loop", "dangling-symlink")
# These never returned before the fix (a FIFO blocks in open(); a device is read forever),
# so they run as separate processes with a memory cap, side by side under one bound.
HANGING_RUNS = (("fifo", "lint"), ("fifo", "derive"), ("fifo", "format"),
                ("fifo", "export-engine"), ("dev-zero", "lint"), ("dev-zero", "derive"),
                ("dev-zero", "format"), ("dev-zero", "export-svg"), ("dev-urandom", "lint"),
                ("dev-urandom", "format"))


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("kind", QUICK_KINDS)
def test_special_paths_are_refused(tmp_path: Path, kind: str, command: str) -> None:
    path = _special(tmp_path, kind)
    outcome = run_inprocess(commands(path, tmp_path / "out")[command])
    assert_clean(outcome, path)
    # lint takes a folder it is given as a folder to search, whatever its name
    wanted = (0, 2) if (kind, command) == ("directory", "lint") else (2,)
    assert outcome.exit_code in wanted, f"{kind}: exit {outcome.exit_code}, want {wanted}"


@pytest.mark.parametrize("command", [
    pytest.param("lint", marks=regression("lint skips a folder named like a scenario file inside "
                                     "a searched folder (a warning, exit 0)", 19)),
    "format"])
def test_folder_named_like_a_scenario_inside_a_searched_folder(tmp_path: Path,
                                                               command: str) -> None:
    (tmp_path / "x.realm.json").mkdir()
    argv = ["lint", "--jobs", "1", str(tmp_path)] if command == "lint" else \
        ["format", "--check", str(tmp_path)]
    outcome = run_inprocess(argv)
    assert_clean(outcome, tmp_path / "x.realm.json")
    assert outcome.exit_code == 2
    assert "x.realm.json" in outcome.stdout + outcome.stderr


@pytest.fixture(scope="module")
def hanging_outcomes(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str],
                                                                        tuple[Outcome, Path]]:
    runs = []
    paths = []
    for kind, command in HANGING_RUNS:
        folder = tmp_path_factory.mktemp(kind)
        path = _special(folder, kind)
        paths.append(path)
        runs.append(commands(path, folder / "out")[command])
    outcomes = run_subprocesses(runs, bound=SPECIAL_BOUND, memory=512 * 1024**2)
    return {key: (outcome, path)
            for key, outcome, path in zip(HANGING_RUNS, outcomes, paths, strict=True)}


@regression("a FIFO or device named x.realm.json hangs or exhausts memory")
@pytest.mark.parametrize(("kind", "command"), [
    pytest.param(kind, command, id=f"{kind}-{command}") for kind, command in HANGING_RUNS])
def test_special_files_are_refused(hanging_outcomes: dict[tuple[str, str],
                                                          tuple[Outcome, Path]],
                                   kind: str, command: str) -> None:
    outcome, path = hanging_outcomes[kind, command]
    assert_clean(outcome, path)
    assert outcome.exit_code == 2, f"{kind}: exit {outcome.exit_code}, want 2"


# -- huge and dense graphs -----------------------------------------------------------------
def _graph_scenario(regions: int, edges: list[tuple[int, int]]) -> dict[str, object]:
    width = len(str(regions - 1))
    ids = [f"r{i:0{width}d}" for i in range(regions)]
    terrains = ("forest", "farmland", "hill", "swamp", "mountain")
    return {
        "format_version": 1, "title": f"{regions} regions", "players": {"min": 2, "max": 2},
        "boards": [{"id": "surface", "kind": "surface", "graph": {
            "regions": [{"id": ids[i], "terrain": terrains[i % 5], "board_edge": i % 7 == 0}
                        for i in range(regions)],
            "edges": [[ids[a], ids[b]] for a, b in edges]}}],
    }


def _big_graphs(folder: Path) -> dict[str, Path]:
    chain = 20_000
    dense = 450
    made = {
        "20000-nodes": _graph_scenario(chain, [(i, i + 1) for i in range(chain - 1)]),
        "dense-450": _graph_scenario(dense, [(a, b) for a in range(dense)
                                             for b in range(a + 1, dense)]),
    }
    markers = json.loads((CORPUS / "title-nul.realm.json").read_text())
    markers["boards"][0]["markers"] = [{"kind": "lost_tribe", "region": "A.s1"}] * 20_000
    made["20000-markers"] = markers
    paths = {}
    for name, data in made.items():
        path = folder / f"{name}.realm.json"
        path.write_text(json.dumps(data, indent=0) + "\n", encoding="utf-8")
        paths[name] = path
    return paths


GRAPH_RUNS = (("20000-nodes", "format"), ("20000-nodes", "derive"), ("dense-450", "lint"),
              ("dense-450", "export-engine"), ("20000-markers", "lint"))


@pytest.fixture(scope="module")
def graph_outcomes(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str],
                                                                       tuple[Outcome, Path]]:
    """The big graphs through the commands that hang on them today, side by side."""
    folder = tmp_path_factory.mktemp("graphs")
    paths = _big_graphs(folder)
    runs = []
    for name, command in GRAPH_RUNS:
        path = paths[name]
        runs.append({"derive": ["derive", str(path)],
                     "format": ["format", "--check", str(path)],
                     "lint": ["lint", "--jobs", "1", str(path)],
                     "export-engine": ["export", str(path), "--to", "engine", "-o",
                                       str(folder / f"{name}.engine.json")]}[command])
    outcomes = run_subprocesses(runs, bound=GRAPH_BOUND)
    return {key: (outcome, paths[key[0]])
            for key, outcome in zip(GRAPH_RUNS, outcomes, strict=True)}


@regression("a 20,000-node or dense graph, or 20,000 markers (the schema error path), does not "
       "finish in time")
@pytest.mark.parametrize(("name", "command"), [
    pytest.param(name, command, id=f"{name}-{command}") for name, command in GRAPH_RUNS])
def test_big_graphs_answer_in_time(graph_outcomes: dict[tuple[str, str],
                                                        tuple[Outcome, Path]],
                                   name: str, command: str) -> None:
    outcome, path = graph_outcomes[name, command]
    assert_clean(outcome, path, path.with_name(f"{name}.engine.json"))


# -- importers -----------------------------------------------------------------------------
@pytest.mark.parametrize("name", [
    pytest.param("smawg-list-terrain.json", marks=regression(
        "smawg list as terrain: TypeError unhashable type")),
    pytest.param("smawg-list-symbol.json", marks=regression(
        "smawg list as symbol: TypeError unhashable type")),
])
def test_smawg_shapes(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    shutil.copy(CORPUS / name, path)
    out = tmp_path / "out.realm.json"
    outcome = run_inprocess(["import", str(path), "--from", "smawg", "-o", str(out)])
    assert_clean(outcome, path, out)
    assert outcome.exit_code == 2


DEEP_MODULES = {
    "brackets": "descr = " + "[" * 100_000 + "]" * 100_000,
    "unary-minus": "descr = " + "-" * 100_000 + "1",
    "not-chain": "descr = " + "not " * 100_000 + "1",
    "lambda-chain": "descr = []\nx = " + "lambda: " * 100_000 + "1",
    "sum-chain": "descr = " + "1+" * 100_000 + "1",
}


@pytest.mark.parametrize("name", [
    "brackets",
    *(pytest.param(name, marks=regression(f"a deeply nested cestpasphoto module ({name}) ends in "
                                     "MemoryError/RecursionError"))
      for name in ("unary-minus", "not-chain", "lambda-chain", "sum-chain")),
])
def test_cestpasphoto_deep_nesting(tmp_path: Path, name: str) -> None:
    path = tmp_path / "SmallworldMaps_2pl.py"
    path.write_text(DEEP_MODULES[name] + "\nconnexity_list = []\n")
    out = tmp_path / "out.realm.json"
    outcome = run_inprocess(["import", str(path), "--from", "cestpasphoto", "-o", str(out)])
    assert_clean(outcome, path, out)
    assert outcome.exit_code == 2


# -- catalogue references outside the collection -------------------------------------------
SECRET = "ghp_FAKE+SECRET/TOKEN=fuzz0123456789"


def _catalogue_case(tmp_path: Path, how: str) -> Path:
    collection = tmp_path / "collection"
    (collection / "maps").mkdir(parents=True)
    (collection / "realms.toml").write_text("[lint]\n")
    outside = tmp_path / "private"
    outside.mkdir()
    secret = outside / "leak.json"
    # a real catalogue with one tile whose id breaks the id pattern: today's message quotes it
    catalogue = json.loads((REPO / "editor" / "data" / "tiles.json").read_text())
    first = next(iter(catalogue["tiles"]))
    catalogue["tiles"] = {first: catalogue["tiles"][first]}
    catalogue["id"] = SECRET
    secret.write_text(json.dumps(catalogue) + "\n")
    scenario = collection / "maps" / "a.realm.json"
    reference = str(secret) if how == "absolute" else "../../private/leak.json"
    data = json.loads((CORPUS / "integral-rotation-1.0.realm.json").read_text()
                      .replace('"rotation": 1.0', '"rotation": 1'))
    data["catalogues"] = [reference]
    scenario.write_text(json.dumps(data, indent=2) + "\n")
    return scenario


CATALOGUE_COMMANDS = {
    "lint": ["lint", "--jobs", "1"], "lint-json": ["lint", "--jobs", "1", "--format", "json"],
    "lint-sarif": ["lint", "--jobs", "1", "--format", "sarif"],
    "lint-github": ["lint", "--jobs", "1", "--format", "github"],
    "derive": ["derive"], "format": ["format", "--check"],
    "export": ["export", "--to", "engine", "--players", "2", "-o", "-"],
}


@regression("catalogue references escape the collection and quote the file read")
@pytest.mark.parametrize("command", sorted(CATALOGUE_COMMANDS))
@pytest.mark.parametrize("how", ["absolute", "dotdot"])
def test_catalogue_reference_outside_collection(tmp_path: Path, how: str,
                                                command: str) -> None:
    scenario = _catalogue_case(tmp_path, how)
    argv = [*CATALOGUE_COMMANDS[command], str(scenario)]
    if command == "export":
        argv = ["export", str(scenario), *CATALOGUE_COMMANDS[command][1:]]
    outcome = run_inprocess(argv)
    assert SECRET not in outcome.stdout + outcome.stderr, "the secret reached the output"
    assert "FAKE" not in outcome.stdout + outcome.stderr
    assert outcome.exit_code in (1, 2), "a reference outside the collection must be an error"
    assert_clean(outcome, scenario)


# -- a file's own lint.ignore --------------------------------------------------------------
@regression("a file's own lint.ignore {code: S} hides the internal error")
def test_own_lint_ignore_cannot_hide_a_crash(tmp_path: Path) -> None:
    hiding = tmp_path / "hiding.realm.json"
    shutil.copy(CORPUS / "lint-ignore-s-hides-crash.realm.json", hiding)
    plain = tmp_path / "plain.realm.json"
    data = json.loads((CORPUS / "lint-ignore-s-hides-crash.realm.json").read_text())
    del data["lint"]
    plain.write_text(dump_keeping_floats(data))
    codes = []
    for path in (plain, hiding):
        outcome = run_inprocess(["lint", "--jobs", "1", "--format", "json", str(path)])
        codes.append(sorted(re.findall(r'"code": "(S\d+)"', outcome.stdout)))
    assert codes[1] == codes[0], f"S findings without the ignore {codes[0]}, with it {codes[1]}"


def test_own_lint_ignore_cannot_hide_schema_errors(tmp_path: Path) -> None:
    path = tmp_path / "schema.realm.json"
    data = json.loads((CORPUS / "lint-ignore-s-hides-crash.realm.json").read_text())
    data["boards"][0]["tiles"][1]["rotation"] = 1
    data["stray_key"] = True
    path.write_text(json.dumps(data, indent=2) + "\n")
    outcome = run_inprocess(["lint", "--jobs", "1", str(path)])
    assert "stray_key" in outcome.stdout, outcome.stdout
    assert outcome.exit_code == 1


def dump_keeping_floats(data: object) -> str:
    return json.dumps(data, indent=2) + "\n"  # json keeps 1.0 as 1.0


# -- outputs stay well-formed --------------------------------------------------------------
TITLE_FILES = ("title-control-chars", "title-nul", "title-noncharacter")


def _parse_output(fmt: str, data: bytes) -> None:
    if fmt in ("svg", "graphml"):
        xml.dom.minidom.parseString(data)
    elif fmt == "cestpasphoto":
        ast.parse(data.decode("utf-8"))
    else:
        json.loads(data)


@pytest.mark.parametrize(("name", "fmt"), [
    pytest.param(name, fmt, id=f"{name}-{fmt}", marks=regression(
        f"{name}: the {fmt} export is not well-formed", 19)
        if fmt in ("svg", "graphml") or (fmt, name) == ("cestpasphoto", "title-nul") else [])
    for name in TITLE_FILES for fmt in ("svg", "graphml", "cestpasphoto", "engine", "geojson")])
def test_hostile_titles_keep_outputs_well_formed(tmp_path: Path, name: str, fmt: str) -> None:
    path = tmp_path / f"{name}.realm.json"
    shutil.copy(CORPUS / path.name, path)
    out = tmp_path / f"out.{fmt}"
    outcome = run_inprocess(["export", str(path), "--to", fmt, "--players", "2", "-o",
                             str(out)])
    assert_clean(outcome, path, out)
    if outcome.exit_code == 2:  # refused with a message: fine, as long as nothing was written
        assert not out.exists()
        return
    _parse_output(fmt, out.read_bytes())


# -- size limit wording --------------------------------------------------------------------
@regression("10 MiB + 1 byte is reported as '10.0 MB, over the 10 MB limit'", 19)
@pytest.mark.parametrize("command", ["lint", "format", "derive"])
def test_over_the_size_limit_by_one_byte(tmp_path: Path, command: str) -> None:
    path = tmp_path / "big.realm.json"
    text = (CORPUS / "integral-rotation-1e0.realm.json").read_text().replace("1e0", "1")
    limit = 10 * 1024 * 1024
    path.write_text(text + " " * (limit + 1 - len(text.encode())))
    assert path.stat().st_size == limit + 1
    outcome = run_inprocess(commands(path, tmp_path / "out")[command])
    assert_clean(outcome, path)
    message = outcome.stdout + outcome.stderr
    units = {"bytes": 1, "B": 1, "KB": 1024, "KiB": 1024, "MB": 1024**2, "MiB": 1024**2}
    sizes = {float(number.replace(",", "")) * units[unit] for number, unit in
             re.findall(r"(\d[\d,]*(?:\.\d+)?)\s*(bytes|B|KB|KiB|MB|MiB)\b", message)}
    assert len(sizes) >= 2, f"the size and the limit read the same: {message!r}"


# -- file names that try to start a workflow command ---------------------------------------
EVIL_NAME = "evil%25,x:y\n::error file=README.md,line=1::Injected annotation\n.realm.json"


@pytest.mark.parametrize("command", [
    "lint", "lint-folder",
    *(pytest.param(command, marks=regression(f"{command} prints the file name raw "
                                             "under GITHUB_ACTIONS", 19))
      for command in ("format", "format-folder", "derive", "export"))])
def test_error_annotation_in_a_file_name(tmp_path: Path, command: str) -> None:
    folder = tmp_path / "names"
    folder.mkdir()
    path = folder / EVIL_NAME
    data = json.loads((CORPUS / "integral-rotation-1e0.realm.json").read_text()
                      .replace("1e0", "1"))
    data["stray"] = 1  # one error, so every command prints the name
    path.write_text(json.dumps(data, indent=1) + "\n")
    argv = {"lint": ["lint", "--jobs", "1", str(path)],
            "lint-folder": ["lint", "--jobs", "1", str(folder)],
            "format": ["format", "--check", str(path)],
            "format-folder": ["format", "--check", str(folder)],
            "derive": ["derive", str(path)],
            "export": ["export", str(path), "--to", "engine", "--players", "2",
                       "-o", str(tmp_path / "out.json")]}[command]
    outcome = run_inprocess(argv, env={"GITHUB_ACTIONS": "true"})
    lines = (outcome.stdout + "\n" + outcome.stderr).splitlines()
    injected = [line for line in lines if line.startswith("::error file=README.md")]
    assert not injected, f"the file name started a workflow command: {injected[0]!r}"
    assert_clean(outcome)
    assert outcome.exit_code in ((1, 2) if command.startswith("lint") else (2,))


if sys.platform != "linux":  # FIFOs, /dev/zero and RLIMIT_AS as used here are Linux's
    pytestmark = pytest.mark.skip(reason="the special-file corpus needs Linux")


# -- writes that respect the file system ---------------------------------------------------
def _untidy(path: Path) -> str:
    """A valid scenario that ``realms format`` would rewrite (keys unsorted, indent 1)."""
    data = json.loads((CORPUS / "integral-rotation-1e0.realm.json").read_text()
                      .replace("1e0", "1"))
    text = json.dumps(dict(reversed(list(data.items()))), indent=1) + "\n"
    path.write_text(text)
    return text


@regression("format replaces a symlink by a regular file, leaving its target unformatted", 19)
def test_format_writes_through_a_symlink_or_refuses(tmp_path: Path) -> None:
    target = tmp_path / "real.realm.json"
    before = _untidy(target)
    link = tmp_path / "link.realm.json"
    link.symlink_to(target.name)
    outcome = run_inprocess(["format", str(link)])
    assert_clean(outcome, link, target)
    assert link.is_symlink(), "the symlink was replaced by a file"
    assert outcome.exit_code == 2 or target.read_text() != before


@regression("format rewrites a read-only (0444) file", 19)
def test_format_leaves_a_read_only_file_alone(tmp_path: Path) -> None:
    path = tmp_path / "locked.realm.json"
    before = _untidy(path)
    path.chmod(0o444)
    outcome = run_inprocess(["format", str(path)])
    assert_clean(outcome, path)
    assert outcome.exit_code == 2
    assert path.read_text() == before
    assert path.stat().st_mode & 0o777 == 0o444


@regression("format splits a hard link (the other name keeps the old text)", 19)
def test_format_keeps_hard_links(tmp_path: Path) -> None:
    path = tmp_path / "one.realm.json"
    _untidy(path)
    other = tmp_path / "two.realm.json"
    os.link(path, other)
    outcome = run_inprocess(["format", str(path)])
    assert_clean(outcome, path)
    assert os.path.samefile(path, other), "the hard link was split"


@pytest.mark.skipif(os.geteuid() != 0, reason="making a device node needs root")
@regression("export -o DEVICE replaces the device node by a file (as root)", 19)
def test_export_never_replaces_a_device_node(tmp_path: Path) -> None:
    import stat

    scenario = tmp_path / "s.realm.json"
    _untidy(scenario)
    device = tmp_path / "full"  # a private /dev/full: same device numbers, own node
    os.mknod(device, 0o666 | stat.S_IFCHR, os.makedev(1, 7))
    outcome = run_inprocess(["export", str(scenario), "--to", "svg", "--players", "2",
                             "-o", str(device)])
    assert_clean(outcome, scenario, device)
    assert stat.S_ISCHR(device.lstat().st_mode), "the device node was replaced"
    assert outcome.exit_code == 2, "a full device must be an error"


# -- a list over its schema limit ----------------------------------------------------------
@regression("a list over maxItems is reported as the Python repr of the list (and takes "
            "seconds)")
def test_list_over_its_limit_is_reported_by_count(tmp_path: Path) -> None:
    path = tmp_path / "markers.realm.json"
    data = json.loads((CORPUS / "title-nul.realm.json").read_text())
    data["boards"][0]["markers"] = [{"kind": "lost_tribe", "region": "A.s1"}] * 5_001
    path.write_text(json.dumps(data) + "\n")
    outcome = run_inprocess(["lint", "--jobs", "1", str(path)])
    assert_clean(outcome, path)
    assert "{'kind'" not in outcome.stdout, "the message quotes a Python repr of the list"
    assert re.search(r"5,?000", outcome.stdout), "the message does not give the limit"
