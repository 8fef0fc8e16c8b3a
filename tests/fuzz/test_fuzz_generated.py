"""Generated hostile inputs through every command that reads a file: no traceback, no hang.

Mutations of the shipped scenarios go to ``lint``, ``format --check``, ``derive`` and
``export`` (engine, smawg, geojson, svg); mutated engine, smawg and cestpasphoto files go
to ``import`` and whatever an import writes goes to ``lint``. Every run must exit 0, 1 or
2, print no traceback or "internal error", name the file in each message and answer within
the time bound. The seeds are fixed (``derandomize``): the same inputs on every run.

Failures of a class already filed (``fuzz_known_bugs.KNOWN_BUGS``) are collected into
the run's report instead of failing the test; anything else fails it. The number of
inputs scales with ``REALMS_FUZZ_EXAMPLES`` (see docs/fuzzing.md).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from fuzz_harness import (
    REPORT,
    TIME_BOUND,
    Failure,
    Outcome,
    problems,
    run_inprocess,
    run_subprocess,
)
from fuzz_inputs import (
    Mutant,
    engine_graph,
    exported_seeds,
    json_mutant,
    python_mutant,
    shipped_scenarios,
    small_scenarios,
)
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

# Inputs per test in the normal suite; their sum is the per-run total (at least 2,000).
QUOTAS = {
    "lint_shipped": 300, "lint_small": 720, "format": 300, "derive": 150, "export": 200,
    "import_engine": 120, "import_smawg": 120, "import_cestpasphoto": 120, "names": 40,
    "subprocess": 4,
}
DEFAULT_TOTAL = sum(QUOTAS.values())
COLLECT_ONLY = os.environ.get("REALMS_FUZZ_COLLECT") == "1"  # report, never fail: surveys
WANTED_TOTAL = int(os.environ.get("REALMS_FUZZ_EXAMPLES") or DEFAULT_TOTAL)


def quota(name: str) -> int:
    return max(1, round(QUOTAS[name] * WANTED_TOTAL / DEFAULT_TOTAL))


def fuzz_settings(examples: int) -> settings:
    return settings(max_examples=examples, derandomize=True, database=None, deadline=None,
                    phases=[Phase.generate, Phase.shrink], print_blob=False,
                    suppress_health_check=list(HealthCheck))


class Judge:
    """Counts inputs and fails only on failures outside ``KNOWN_BUGS``."""

    def __init__(self) -> None:
        self.inputs = 0

    def __call__(self, outcome: Outcome, files: list[Path], mutant: Mutant,
                 extra: Sequence[Failure] = (), *, count: bool = True) -> None:
        self.inputs += count
        REPORT.inputs += count
        new = []
        for failure in [*problems(outcome, files), *extra]:
            reproducer = f"{mutant.seed} ({mutant.how}): {mutant.data[:400]!r}"
            if REPORT.add(failure, reproducer) is None:
                new.append(failure)
        assert COLLECT_ONLY or not new, f"{new[0].signature()}\nargv: {outcome.argv}\ninput: " \
                        f"{mutant.data[:600]!r}"

    def check_count(self, wanted: int) -> None:
        # hypothesis may stop early only if it runs out of distinct inputs; it must not
        assert self.inputs >= 0.9 * wanted, f"only {self.inputs} of {wanted} inputs ran"


def _write(folder: Path, name: str, mutant: Mutant) -> Path:
    path = folder / name
    path.write_bytes(mutant.data)
    return path


def _scenario_test(tmp_path: Path, name: str, seeds: tuple[tuple[str, str], ...],
                   argv: Callable[[Path, st.DataObject], list[str]]) -> None:
    judge = Judge()

    @fuzz_settings(quota(name))
    @given(mutant=json_mutant(seeds), data=st.data())
    def run(mutant: Mutant, data: st.DataObject) -> None:
        path = _write(tmp_path, "case.realm.json", mutant)
        judge(run_inprocess(argv(path, data)), [path, tmp_path / "out"], mutant)

    run()
    judge.check_count(quota(name))


def test_lint_mutated_shipped_scenarios(tmp_path: Path) -> None:
    _scenario_test(tmp_path, "lint_shipped", shipped_scenarios(),
                   lambda path, data: ["lint", "--jobs", "1", str(path)])


def test_lint_mutated_small_scenarios(tmp_path: Path) -> None:
    def argv(path: Path, data: st.DataObject) -> list[str]:
        extra = data.draw(st.sampled_from([[], ["--players", "2"], ["--players", "6"],
                                           ["--format", "json"], ["--format", "sarif"],
                                           ["--format", "github"]]))
        return ["lint", "--jobs", "1", *extra, str(path)]

    _scenario_test(tmp_path, "lint_small", small_scenarios(), argv)


def test_format_check_mutated_scenarios(tmp_path: Path) -> None:
    _scenario_test(tmp_path, "format", shipped_scenarios() + small_scenarios(),
                   lambda path, data: ["format", "--check", str(path)])


def test_derive_mutated_scenarios(tmp_path: Path) -> None:
    def argv(path: Path, data: st.DataObject) -> list[str]:
        players = data.draw(st.sampled_from([[], ["--players", "3"], ["--players", "6"]]))
        fmt = data.draw(st.sampled_from(["json", "json", "graphml", "dot"]))
        return ["derive", str(path), "--format", fmt, *players]

    _scenario_test(tmp_path, "derive", small_scenarios(), argv)


def test_export_mutated_scenarios(tmp_path: Path) -> None:
    def argv(path: Path, data: st.DataObject) -> list[str]:
        fmt = data.draw(st.sampled_from(["engine", "smawg", "geojson", "svg"]))
        if data.draw(st.integers(0, 3)) == 0:  # every player count, files in a folder
            return ["export", str(path), "--to", fmt, "-o", str(tmp_path / "out") + "/"]
        players = data.draw(st.integers(2, 6))
        return ["export", str(path), "--to", fmt, "--players", str(players), "-o", "-"]

    _scenario_test(tmp_path, "export", small_scenarios(), argv)


def _import_test(tmp_path: Path, fmt: str, name: str) -> None:
    (tmp_path / "seeds").mkdir()
    seeds = exported_seeds(tmp_path / "seeds")
    judge = Judge()
    file_name = "SmallworldMaps_3pl.py" if fmt == "cestpasphoto" else f"board.{fmt}.json"
    if fmt == "cestpasphoto":
        strategy = python_mutant(seeds[fmt])
    elif fmt == "engine":  # half damaged exports, half graphs redrawn at random
        strategy = st.one_of(json_mutant(tuple((fmt, text) for text in seeds[fmt])),
                             engine_graph(seeds[fmt]))
    else:
        strategy = json_mutant(tuple((fmt, text) for text in seeds[fmt]))

    @fuzz_settings(quota(name))
    @given(mutant=strategy)
    def run(mutant: Mutant) -> None:
        path = _write(tmp_path, file_name, mutant)
        out = tmp_path / "imported.realm.json"
        out.unlink(missing_ok=True)
        outcome = run_inprocess(["import", str(path), "--from", fmt, "-o", str(out)])
        judge(outcome, [path, out], mutant)
        if outcome.exit_code == 0:  # what an import writes must lint without a crash
            judge(run_inprocess(["lint", "--jobs", "1", str(out)]), [out], mutant, count=False)

    run()
    judge.check_count(quota(name))


def test_import_mutated_engine_files(tmp_path: Path) -> None:
    _import_test(tmp_path, "engine", "import_engine")


def test_import_mutated_smawg_files(tmp_path: Path) -> None:
    _import_test(tmp_path, "smawg", "import_smawg")


def test_import_mutated_cestpasphoto_modules(tmp_path: Path) -> None:
    _import_test(tmp_path, "cestpasphoto", "import_cestpasphoto")
    assert not list(tmp_path.rglob("PWNED*")), "a cestpasphoto module ran code"


HOSTILE_NAME_PARTS = ("\n::error file=README.md,line=1::Injected\n", "%25%0A", "\x1b[31m",
                      "\r", "\t", "\u202e", " ", "-", "--players", "a:1:2", "é", "\x7f",
                      "::warning::", ",", "%")


def test_hostile_file_names(tmp_path: Path) -> None:
    """Names with control characters, ``%``, newlines and ``::error`` show escaped and never
    start a workflow command, in plain output and under ``GITHUB_ACTIONS=true``."""
    judge = Judge()
    seed = dict(small_scenarios())["highland-crossing.realm.json"].encode()

    @fuzz_settings(quota("names"))
    @given(parts=st.lists(st.sampled_from(HOSTILE_NAME_PARTS), min_size=1, max_size=3),
           command=st.sampled_from(["lint", "format", "derive", "export"]),
           actions=st.booleans(), broken=st.booleans())
    def run(parts: list[str], command: str, actions: bool, broken: bool) -> None:
        folder = tmp_path / "names"
        folder.mkdir(exist_ok=True)
        for old in folder.iterdir():
            old.unlink()
        name = "".join(parts).replace("/", "_") + ".realm.json"
        data = seed if not broken else seed.replace(b'"title"', b'"title": 1, "x"', 1)
        path = _write(folder, name, Mutant(data, "highland-crossing", f"name {name!r}"))
        argv = {"lint": ["lint", "--jobs", "1", str(folder)],
                "format": ["format", "--check", str(folder)],
                "derive": ["derive", str(path)],
                "export": ["export", str(path), "--to", "engine", "--players", "3", "-o",
                           str(tmp_path / "out.json")]}[command]
        env = {"GITHUB_ACTIONS": "true"} if actions else {}
        outcome = run_inprocess(argv, env=env)
        mutant = Mutant(data, "highland-crossing", f"file name {name!r}, actions={actions}")
        shown = f"{argv[0]}{' in Actions' if actions else ''}"
        extra = []
        text = outcome.stderr if command in ("derive", "export") else \
            outcome.stdout + "\n" + outcome.stderr  # derive/export stdout is data, not text
        for line in text.splitlines():
            if line.startswith(("::error file=README", "::warning::")):
                extra.append(Failure("injection", f"the file name started a workflow "
                                     f"command: {line[:120]!r}", shown))
                break
            if "\x1b" in line or "\r" in line:
                extra.append(Failure("raw-name", f"raw control character from the file name: "
                                     f"{line[:120]!r}", shown))
                break
        judge(outcome, [], mutant, extra)

    run()
    judge.check_count(quota("names"))


@pytest.mark.parametrize("fmt", ["scenario"])
def test_sample_through_the_real_cli(tmp_path: Path, fmt: str) -> None:
    """A few inputs through ``python -m editor`` in a fresh interpreter (the CI path)."""
    judge = Judge()

    @fuzz_settings(quota("subprocess"))
    @given(mutant=json_mutant(small_scenarios()),
           command=st.sampled_from(["lint", "format", "derive", "export"]))
    def run(mutant: Mutant, command: str) -> None:
        path = _write(tmp_path, "case.realm.json", mutant)
        argv = {"lint": ["lint", str(path)], "format": ["format", "--check", str(path)],
                "derive": ["derive", str(path)],
                "export": ["export", str(path), "--to", "svg", "--players", "2", "-o", "-"]}
        # the bound adds the interpreter's start-up, seconds on a busy CI machine
        judge(run_subprocess(argv[command], bound=3 * TIME_BOUND), [path], mutant)

    run()
    judge.check_count(quota("subprocess"))
