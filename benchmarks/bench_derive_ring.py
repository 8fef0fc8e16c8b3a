"""`realms derive` on rings (issue 27, point 9): whole commands, side by side with a base.

Run:  python benchmarks/bench_derive_ring.py [--rounds 3] [--base PATH] [--bytecode]

A ring of radius r is 6r tiles around 3r(r-1)+1 empty hexes, so it is the board where the
work could follow the hole's area instead of the tiles. Three rings are written to a
temporary folder, each with four tiles outside it: radius 166 (1,000 tiles around
82,171 hexes), 333 (2,002 tiles, 331,669 hexes) and 666 (4,000 tiles, 1,328,671 hexes);
their tile keys are distinct, from catalogues of 500 keys each whose sides are copied from
the shipped tiles in turn (a scenario lists at most eight catalogues, hence 4,000 tiles).

Each row is one whole command in a fresh process (``realms derive F --players 2`` as JSON,
``--format dot`` and ``--format graphml``), plus the derivation alone of the biggest ring
in one process after loading (``RealmDeriver().derive``, as ``bench_derive.py`` and
``bench_render.py`` time it). Its CPU time is user + system of the process
(``RUSAGE_CHILDREN``). ``--base PATH`` runs every row a second time with another checkout
first on ``PYTHONPATH`` (``git worktree add /tmp/perf-base-derive <commit>``), in the same
round, the order alternating between rounds; the ratio is of CPU medians.

``--bytecode`` first compiles each checkout's ``editor`` package and the venv's packages the
commands import to bytecode (``bytecode.py``), as an installed wheel is; without it, a
process started under ``PYTHONDONTWRITEBYTECODE`` compiles every such module it imports.

Budget (issue 27): ``realms derive`` of the 4,000-tile ring in at most 2 s of CPU (JSON
and DOT; GraphML is shown beside them), judged on the CPU median of this checkout. The
growth exponent of each command's CPU from 1,000 to 4,000 tiles is printed (1.0 is
linear in the tiles; the hole's area grows with exponent 2). Exit status 1 when the
budget is missed.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bytecode import compile_all
from layouts import ring

REPO = Path(__file__).resolve().parents[1]
PER_CATALOGUE = 500  # the catalogue schema's maxProperties
RADII = (166, 333, 666)
OUTSIDE = 4  # tiles outside each ring, on the next ring out
BUDGET = 2.0
BUDGET_FORMATS = ("json", "dot")

DERIVE_ONLY = """
import sys, time
from pathlib import Path
from editor.model.scenario_io import load_scenario
from editor.topology import RealmDeriver
loaded = load_scenario(Path(sys.argv[1]))
wall, cpu = time.perf_counter(), time.process_time()
realm = RealmDeriver().derive(loaded, 2)
print(time.perf_counter() - wall, time.process_time() - cpu)
"""


def write_rings(folder: Path) -> dict[int, Path]:
    """A scenario per radius, each in its own folder with its catalogues."""
    shipped = json.loads((REPO / "editor" / "data" / "tiles.json").read_text(encoding="utf-8"))
    designs = sorted(shipped["tiles"])
    paths = {}
    for radius in RADII:
        cells = ring(radius) + ring(radius + 1)[:OUTSIDE]
        sub = folder / f"ring-{radius}"
        sub.mkdir()
        count = math.ceil(len(cells) / PER_CATALOGUE)
        for c in range(count):
            tiles = {f"T{c}x{i}": shipped["tiles"][designs[(c * PER_CATALOGUE + i)
                                                          % len(designs)]]
                     for i in range(PER_CATALOGUE)}
            (sub / f"stress-{c}.json").write_text(json.dumps(
                {"catalogue_version": 1, "id": f"stress-{c}", "name": f"stress {c}",
                 "tiles": tiles}), encoding="utf-8")
        placed = [{"tile": f"T{i // PER_CATALOGUE}x{i % PER_CATALOGUE}", "side": "surface",
                   "q": q, "r": r, "rotation": i % 6} for i, (q, r) in enumerate(cells)]
        paths[len(cells)] = sub / f"ring-{radius}.realm.json"
        paths[len(cells)].write_text(json.dumps({
            "format_version": 1, "title": f"ring {radius}", "players": {"min": 2, "max": 2},
            "catalogues": [f"stress-{c}.json" for c in range(count)],
            "boards": [{"id": "surface", "kind": "surface", "tiles": placed}]}),
            encoding="utf-8")
    return paths


def timed(argv: list[str], checkout: Path) -> tuple[float, float]:
    """Wall and CPU seconds of one command with ``checkout`` first on the path (for the
    derivation alone, the figures it prints)."""
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    inside = DERIVE_ONLY in argv
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, check=False, stderr=subprocess.PIPE, env=env, cwd=checkout,
                          stdout=subprocess.PIPE if inside else subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"{' '.join(argv)} failed in {checkout}:\n{done.stderr.decode()[-2000:]}")
    if inside:
        inside_wall, inside_cpu = done.stdout.split()
        return float(inside_wall), float(inside_cpu)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--base", type=Path, help="another checkout, measured alongside")
    parser.add_argument("--bytecode", action="store_true",
                        help="compile the checkouts' and the venv's packages to bytecode first")
    args = parser.parse_args()
    checkouts = {"this": REPO} | ({"base": args.base.resolve()} if args.base else {})
    if args.bytecode:
        compile_all(checkouts.values())
    results: dict[tuple[str, str], list[tuple[float, float]]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        paths = write_rings(Path(tmp))
        commands: dict[str, list[str]] = {}
        for tiles, path in paths.items():
            for fmt in ("json", "dot", "graphml"):
                commands[f"derive {fmt}, ring of {tiles:,}"] = [
                    sys.executable, "-m", "editor", "derive", str(path), "--players", "2",
                    "--format", fmt]
        biggest = max(paths)
        commands[f"derivation alone, {biggest:,}"] = [sys.executable, "-c", DERIVE_ONLY,
                                                     str(paths[biggest])]
        for index in range(args.rounds):
            order = list(checkouts.items())
            if index % 2:
                order.reverse()
            for label, argv in commands.items():
                for name, checkout in order:
                    sample = timed(argv, checkout)
                    results.setdefault((label, name), []).append(sample)
                    print(f"round {index + 1}: {label}, {name}: wall {sample[0]:.2f} s, "
                          f"CPU {sample[1]:.2f} s", flush=True)
    print(f"{args.rounds} rounds, {os.cpu_count()} CPUs, load average "
          f"{os.getloadavg()[0]:.1f}; seconds (wall median / CPU min / CPU median)")
    header = f"{'command':<32}{'this':>24}"
    if args.base:
        header += f"{'base':>24}{'CPU ratio':>11}"
    print(header + f"{'budget':>9}{'verdict':>9}")
    cpu: dict[tuple[str, str], float] = {}
    missed = False
    for label in commands:
        row = f"{label:<32}"
        for name in checkouts:
            samples = results[(label, name)]
            cpus = [c for _, c in samples]
            cpu[(label, name)] = statistics.median(cpus)
            row += (f"{statistics.median(w for w, _ in samples):>10.2f} /{min(cpus):>5.2f} /"
                    f"{cpu[(label, name)]:>5.2f}")
        if args.base:
            row += f"{cpu[(label, 'this')] / cpu[(label, 'base')]:>10.2f}x"
        if label.endswith(f"ring of {biggest:,}") and label.split()[1].rstrip(",") in \
                BUDGET_FORMATS:
            ok = cpu[(label, "this")] <= BUDGET
            missed |= not ok
            row += f"{f'<= {BUDGET:g} s':>9}{'ok' if ok else 'MISSED':>9}"
        print(row)
    low, high = min(paths), max(paths)
    for fmt in ("json", "dot", "graphml"):
        for name in checkouts:
            slope = (math.log(cpu[(f"derive {fmt}, ring of {high:,}", name)]
                              / cpu[(f"derive {fmt}, ring of {low:,}", name)])
                     / math.log(high / low))
            print(f"growth of `derive --format {fmt}` CPU, {low:,} -> {high:,} tiles "
                  f"({name}): exponent {slope:.2f}")
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
