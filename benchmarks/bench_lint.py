"""`realms lint` and CLI start benchmarks, each next to its baseline in the same run (issue 17).

Run:  python benchmarks/bench_lint.py [--files 1000] [--rounds 3]

Every measured command runs in a subprocess; its wall time and its CPU time (user +
system of the process and its workers, from ``resource.getrusage(RUSAGE_CHILDREN)``) are
taken, for ``--rounds`` interleaved rounds, so a round's commands share the machine's load.
The table gives min and median of each and the ratio to the baseline of the same rounds:

* 1,000 generated 26-tile files (tiles A-Z joining at booklet scenario 1's player counts,
  random rotations, markers), in a project folder; `realms lint --no-cache` with every
  rule and every player count, ``--jobs 1`` and ``--jobs 2``, against
  `check-jsonschema --schemafile schemas/scenario.schema.json` on the same files (CPU budget
  <= 0.5x); ``--jobs 2`` vs ``--jobs 1`` (budget >= 1.6x in wall time; the row also gives
  the CPU overhead of the workers and how many CPUs' worth of time the run actually got,
  as on a shared machine a wall-time speed-up needs a second free core);
* the same with a warm result cache, nothing changed (budget <= 0.05x check-jsonschema's
  wall);
* the schema pass `--select S` (budget >= 15x faster than check-jsonschema; >= 3x with
  jsonschema_rs hidden, the fallback path);
* `realms --version` and `realms lint --help` next to `python -c pass` (budget <= 1.5x);
* `realms derive` of booklet scenario 1 for one count next to
  `python -c "import shapely, networkx"` (budget <= 1.3x).
``--only jobs`` runs the ``--jobs 1`` and ``--jobs 2`` rows alone, with a timeline of one
run of each per round: when the first and the last file's findings reached the command,
when the process ended, and the CPU of the parent and of its workers (the serial time
before the first file and after the last bounds the speed-up).
Exit status 1 when a budget is missed.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from layouts import LETTERS, SCENARIO_1, spiral

from editor.model.catalogue import default_catalogue

REPO = Path(__file__).resolve().parent.parent
MARKER_KINDS = ("mountain", "lost_tribe", "lost_tribe", "coin_mine", "monster_stack")


def scenario_dict(seed: int) -> dict[str, object]:
    """One 26-tile, 2-6 player scenario with a few markers on land regions."""
    rng = random.Random(seed)
    catalogue = default_catalogue()
    order = sorted(LETTERS, key=lambda c: (SCENARIO_1[c], rng.random()))
    tiles, markers = [], []
    for letter, (q, r) in zip(order, spiral(26), strict=True):
        joins = SCENARIO_1[letter]
        tile: dict[str, object] = {"tile": letter, "side": "surface", "q": q, "r": r,
                                   "rotation": rng.randrange(6)}
        if joins > 2:
            tile["min_players"] = joins
        tiles.append(tile)
        land = [reg.local_id for reg in catalogue.side(letter, "surface").regions
                if not reg.is_water]
        if land and rng.random() < 0.5:
            marker: dict[str, object] = {"kind": rng.choice(MARKER_KINDS),
                                         "region": f"{letter}.{rng.choice(land)}"}
            if joins > 2:
                marker["min_players"] = joins
            markers.append(marker)
    return {"format_version": 1, "title": f"Generated realm {seed}",
            "players": {"min": 2, "max": 6},
            "boards": [{"id": "surface", "kind": "surface", "tiles": tiles,
                        "markers": markers}]}


def generate(folder: Path, count: int) -> list[Path]:
    paths = []
    for seed in range(count):
        path = folder / f"generated-{seed:04d}.realm.json"
        path.write_text(json.dumps(scenario_dict(seed), indent=2) + "\n", encoding="utf-8")
        paths.append(path)
    return paths


Sample = tuple[float, float]  # wall s, CPU s


# Commands run as installed: with compiled bytecode (pip compiles it at install, and
# check-jsonschema's own install has it), so PYTHONDONTWRITEBYTECODE in the caller's
# environment must not make every measured start recompile the package from source.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def measure(cmd: list[str], cwd: Path = REPO) -> Sample:
    """Wall and CPU seconds of one run of ``cmd`` (exit 0 or 1 expected)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          text=True, check=False, env=ENV)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        sys.exit(f"{' '.join(cmd[:6])}... failed ({done.returncode}): {done.stderr[-500:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return elapsed, cpu


def lint_loaded_ms() -> float:
    from layouts import booklet_like_realm

    from editor.lint import lint_loaded

    loaded = booklet_like_realm()
    lint_loaded(loaded)
    times = []
    for _ in range(20):
        start = time.perf_counter()
        lint_loaded(loaded)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def spread(samples: list[Sample], which: int) -> str:
    values = [s[which] for s in samples]
    return f"{min(values):.3f} / {statistics.median(values):.3f}"


def med(samples: dict[str, list[Sample]], name: str, which: int) -> float:
    """The median of one measurement's wall (0) or CPU (1) seconds; NaN when not run."""
    found = samples.get(name)
    return statistics.median(s[which] for s in found) if found else math.nan


ROWS = ("checker", "full1", "full2", "warm", "schema", "no_rs", "pass", "version", "help",
        "geo", "derive", "loaded", "timeline")
# Names for several measurements: ``--only jobs`` is issue 17's --jobs 2 budget alone (no
# check-jsonschema), with the timeline of one run of each.
SUBSETS = {"jobs": ("full1", "full2", "timeline")}
BASELINE = {"full1": ("checker",), "full2": ("checker", "full1"), "warm": ("checker",),
            "schema": ("checker",), "no_rs": ("checker",), "version": ("pass",),
            "help": ("pass",), "derive": ("geo",)}


# One `realms lint` run that reports, on stderr, when (seconds since the process started)
# its first and last file's findings reached the command, when the command returned, and
# the CPU of the process itself and of its (reaped) workers: the serial time before the
# first file and after the last, which bound --jobs 2's speed-up.
TIMELINE = r"""
import json, os, resource, sys, time
def since_start():
    with open("/proc/self/stat") as stat:
        ticks = int(stat.read().rsplit(")", 1)[1].split()[19])
    return time.clock_gettime(time.CLOCK_BOOTTIME) - ticks / os.sysconf("SC_CLK_TCK")
import editor.lint.runner as runner
marks = {}
lint_many = runner._lint_many
def timed(*args, **kwargs):
    for count, result in enumerate(lint_many(*args, **kwargs), 1):
        marks.setdefault("first", since_start())
        marks["parent_cpu_first"] = marks.get("parent_cpu_first", time.process_time())
        marks["last"] = since_start()
        yield result
runner._lint_many = timed
from editor.cli.main import main
sys.argv[0] = "realms"
code = main()
sys.stdout.flush()
marks["returned"] = since_start()
me, workers = (resource.getrusage(w) for w in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
marks["parent_cpu"] = me.ru_utime + me.ru_stime
marks["workers_cpu"] = workers.ru_utime + workers.ru_stime
print("TIMELINE", json.dumps(marks), file=sys.stderr)
raise SystemExit(code)
"""


def timeline(cmd: list[str], cwd: Path) -> dict[str, float]:
    """The marks of one run of :data:`TIMELINE` (``cmd``: the lint arguments), and its
    wall time from start to exit."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", TIMELINE, *cmd], cwd=cwd, env=ENV,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                          check=False)
    elapsed = time.perf_counter() - start
    lines = [line for line in done.stderr.splitlines() if line.startswith("TIMELINE ")]
    if done.returncode not in (0, 1) or not lines:
        sys.exit(f"timeline of {' '.join(cmd)} failed: {done.stderr[-500:]}")
    marks: dict[str, float] = json.loads(lines[-1].removeprefix("TIMELINE "))
    marks["exited"] = elapsed
    return marks


def timeline_rows(runs: dict[str, list[dict[str, float]]]) -> None:
    """Medians over the rounds of each mark of --jobs 1 and --jobs 2."""
    print("\nTimeline (seconds since the process started; medians of the rounds): the "
          "first and the last file's findings, the end of the command and of the process; "
          "CPU of the parent and of its workers")
    print("| run | first file | last file | returned | exited | serial before / after | "
          "parent CPU (before the first file) | workers' CPU |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for name, marks in runs.items():
        def mid(key: str, marks: list[dict[str, float]] = marks) -> float:
            return statistics.median(m[key] for m in marks)
        print(f"| {name} | {mid('first'):.3f} | {mid('last'):.3f} | {mid('returned'):.3f} | "
              f"{mid('exited'):.3f} | {mid('first'):.3f} / {mid('exited') - mid('last'):.3f} | "
              f"{mid('parent_cpu'):.3f} ({mid('parent_cpu_first'):.3f}) | "
              f"{mid('workers_cpu'):.3f} |")


def parallel_efficiency(samples: dict[str, list[Sample]]) -> str:
    """A row for how well ``--jobs 2`` uses a second core, read apart from the machine's load:
    --jobs 1's CPU time over each run's wall time is the number of CPUs' worth of --jobs 1's
    work each run delivered (about 1 and 2 on two free cores; a loaded machine lowers
    both), and the CPU overhead is what the workers cost on top of --jobs 1's CPU."""
    cpu1 = med(samples, "full1", 1)
    pace1 = cpu1 / med(samples, "full1", 0)
    pace2 = cpu1 / med(samples, "full2", 0)
    overhead = med(samples, "full2", 1) / cpu1
    return (f"| parallel efficiency: --jobs 1's CPU over the wall time of --jobs 2 and of "
            f"--jobs 1 | | | | {pace2:.2f} and {pace1:.2f} CPUs ({pace2 / pace1:.2f}x); "
            f"CPU overhead of --jobs 2 {overhead:.2f}x | | |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3,
                        help="interleaved rounds of every measurement (min and median shown)")
    parser.add_argument("--starts", type=int, default=7,
                        help="runs per round of the start-up measurements")
    parser.add_argument("--only", default="",
                        help="comma-separated measurements to run (with their baselines): "
                        + ", ".join(ROWS) + "; or jobs (full1, full2 and timeline, without "
                        "check-jsonschema); all by default")
    args = parser.parse_args()
    chosen = set(ROWS) if not args.only else set(args.only.split(","))
    for subset, names in SUBSETS.items():
        if subset in chosen:
            chosen.discard(subset)
            chosen.update(names)
    if chosen - set(ROWS):
        parser.error(f"unknown measurement(s): {', '.join(sorted(chosen - set(ROWS)))}")
    if not args.only or "jobs" not in args.only.split(","):
        for name in list(chosen):
            chosen.update(BASELINE.get(name, ()))
    python = sys.executable
    realms = [python, "-m", "editor"]
    # The same CLI with jsonschema_rs hidden: the code path of an install without it.
    no_rs = [python, "-c", "import sys; sys.modules['jsonschema_rs'] = None; "
             "from editor.cli.main import main; sys.argv[0] = 'realms'; "
             "raise SystemExit(main())"]
    checker = shutil.which("check-jsonschema") or str(Path(python).parent / "check-jsonschema")
    if "checker" in chosen and not Path(checker).exists():
        sys.exit("check-jsonschema is not installed: pip install -e '.[bench]'")
    booklet = str(REPO / "scenarios" / "booklet" / "01-my-precious-world.realm.json")
    samples: dict[str, list[Sample]] = {}
    timelines: dict[str, list[dict[str, float]]] = {}

    def run(name: str, cmd: list[str], cwd: Path = REPO, times: int = 1) -> None:
        if name not in chosen:
            return
        for _ in range(times):
            samples.setdefault(name, []).append(measure(cmd, cwd))

    with tempfile.TemporaryDirectory(prefix="bench-lint-") as tmp:
        folder = Path(tmp)
        (folder / "pyproject.toml").write_text("[project]\nname = 'bench'\n", encoding="utf-8")
        files = generate(folder, args.files)
        lint = [*realms, "lint", "--format", "json"]
        measure([*realms, "--version"])  # writes the bytecode of the start path, unmeasured
        for _ in range(args.rounds):  # interleaved, so each round shares the machine's load
            run("checker", [checker, "--schemafile",
                            str(REPO / "schemas" / "scenario.schema.json"), *map(str, files)])
            run("full1", [*lint, "--no-cache", "--jobs", "1", "."], folder)
            run("full2", [*lint, "--no-cache", "--jobs", "2", "."], folder)
            if "timeline" in chosen:
                for jobs in ("1", "2"):
                    timelines.setdefault(f"`--jobs {jobs}`", []).append(timeline(
                        ["lint", "--format", "json", "--no-cache", "--jobs", jobs, "."],
                        folder))
            shutil.rmtree(folder / ".realms_cache", ignore_errors=True)
            if "warm" in chosen:
                measure([*lint, "."], folder)  # fills the cache
            run("warm", [*lint, "."], folder)
            run("schema", [*lint, "--no-cache", "--select", "S", "--jobs", "1", "."], folder)
            run("no_rs", [*no_rs, "lint", "--format", "json", "--no-cache", "--select", "S",
                          "--jobs", "1", "."], folder)
            run("pass", [python, "-c", "pass"], times=args.starts)
            run("version", [*realms, "--version"], times=args.starts)
            run("help", [*realms, "lint", "--help"], times=args.starts)
            run("geo", [python, "-c", "import shapely, networkx"], times=args.starts)
            run("derive", [*realms, "derive", "--players", "2", booklet], times=args.starts)
    editor_ms = lint_loaded_ms() if "loaded" in chosen else None

    ok = True
    print(f"Realms Studio lint/CLI benchmark: {args.files} generated 26-tile files, players "
          f"2-6, {args.rounds} interleaved rounds; wall and CPU in seconds as min / median; "
          "ratios of medians")
    print("| measurement | wall (min / median) | CPU (min / median) | baseline | ratio | "
          "budget | verdict |")
    print("| --- | --- | --- | --- | --- | --- | --- |")

    def row(label: str, name: str, base: str, ratio: float, ratio_text: str,
            budget: str, good: Callable[[float], bool] | None) -> None:
        nonlocal ok
        if name not in samples:
            return
        if math.isnan(ratio):  # its baseline was not run (--only)
            ratio_text, good = "", None
        verdict = "" if good is None else ("ok" if good(ratio) else "MISSED")
        ok &= verdict != "MISSED"
        print(f"| {label} | {spread(samples[name], 0)} | {spread(samples[name], 1)} | {base} | "
              f"{ratio_text} | {budget} | {verdict} |")

    chk = "check-jsonschema"
    row(chk + " (schema only, the lint baseline)", "checker", "", 1.0, "1", "", None)
    cpu1 = med(samples, "full1", 1) / med(samples, "checker", 1)
    row("`realms lint --no-cache --jobs 1` (all rules, all counts)", "full1", chk, cpu1,
        f"{cpu1:.2f}x its CPU", "<= 0.5x CPU", lambda r: r <= 0.5)
    cpu2 = med(samples, "full2", 1) / med(samples, "checker", 1)
    row("`realms lint --no-cache --jobs 2`", "full2", chk, cpu2, f"{cpu2:.2f}x its CPU",
        "<= 0.5x CPU", lambda r: r <= 0.5)
    speedup = med(samples, "full1", 0) / med(samples, "full2", 0)
    overhead = med(samples, "full2", 1) / med(samples, "full1", 1)
    # how many CPUs' worth of time it was given
    share = med(samples, "full2", 1) / med(samples, "full2", 0)
    row("`--jobs 2` vs `--jobs 1` (wall speed-up; CPU of --jobs 2 over --jobs 1; CPUs' "
        "worth of time --jobs 2 got)", "full2", "`--jobs 1`", speedup,
        f"{speedup:.2f}x wall, {overhead:.2f}x CPU, got {share:.2f} CPUs", ">= 1.6x wall",
        lambda r: r >= 1.6)
    if samples.get("full1") and samples.get("full2"):
        print(parallel_efficiency(samples))
    warm = med(samples, "warm", 0) / med(samples, "checker", 0)
    row("same, warm cache, nothing changed", "warm", chk + " wall", warm,
        f"{warm:.3f}x its wall", "<= 0.05x wall", lambda r: r <= 0.05)
    schema = med(samples, "checker", 0) / med(samples, "schema", 0)
    row("`realms lint --select S` (schema only)", "schema", chk + " wall", schema,
        f"{schema:.1f}x faster", ">= 15x", lambda r: r >= 15)
    fallback = med(samples, "checker", 0) / med(samples, "no_rs", 0)
    row("same, jsonschema_rs hidden (fallback path)", "no_rs", chk + " wall", fallback,
        f"{fallback:.1f}x faster", ">= 3x", lambda r: r >= 3)
    row("`python -c pass`", "pass", "", 1.0, "1", "", None)
    for label, name in (("`realms --version`", "version"), ("`realms lint --help`", "help")):
        ratio = med(samples, name, 1) / med(samples, "pass", 1)
        row(label, name, "`python -c pass` CPU", ratio, f"{ratio:.2f}x", "<= 1.5x",
            lambda r: r <= 1.5)
    row('`python -c "import shapely, networkx"`', "geo", "", 1.0, "1", "", None)
    ratio = med(samples, "derive", 1) / med(samples, "geo", 1)
    row("`realms derive --players 2` booklet scenario 1", "derive", "that import's CPU", ratio,
        f"{ratio:.2f}x", "<= 1.3x", lambda r: r <= 1.3)
    if timelines:
        timeline_rows(timelines)
    if editor_ms is not None:
        print(f"\n`lint_loaded`, one 26-tile realm, 5 counts, in process (median of 20): "
              f"{editor_ms:.1f} ms")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
