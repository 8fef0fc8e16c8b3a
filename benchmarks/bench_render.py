"""Big boards (issue 27, point 9): SVG export, `realms derive` on a ring, `realms site`.

Run:  python benchmarks/bench_render.py [--rounds 3] [--base PATH] [--site] [--skip-derive]
      [--bytecode]

Every measured command is a whole ``realms`` command in a fresh process; its wall time and
its CPU time (user + system, from ``resource.getrusage(RUSAGE_CHILDREN)``) are taken for
``--rounds`` rounds. ``--base PATH`` runs every command a second time with another checkout
of the project (``git worktree add /tmp/perf-base <commit>``) first on ``PYTHONPATH``, in
the same round and in alternating order, so the table shows before and after side by side
under the same load; the ratios are of CPU medians.

The inputs are written to a temporary folder: eight catalogues of 500 distinct tile keys
each (every side copied from the shipped catalogue's tiles in turn, so any catalogue
works; a scenario may list eight catalogues, hence 4,000 tiles at most from files), and

* compact hex spirals of 1,000, 2,000 and 4,000 tiles (``layouts.spiral``), exported as
  SVG for 2 players (``realms export F --to svg --players 2``);
* a ring of 4,000 tiles around one big hole (a ring of radius 666 is 3,996 tiles and
  encloses 1,328,671 empty hexes; four tiles sit outside it): its derivation alone, in
  one process after loading (``RealmDeriver().derive``, as ``bench_derive.py`` times
  it), then ``realms derive F --players 2`` (JSON: 25 MB; the hole is given by its runs
  along lattice columns since derive's format 2, 88 MB when it listed every hex) and the
  same with ``--format dot`` (``bench_derive_ring.py`` has these on rings of three sizes);
* with ``--site``, ``realms site`` on a folder holding the 1,000- and the 2,000-tile
  spiral (the growth exponent of its CPU is printed).

``--bytecode`` first compiles both checkouts' ``editor`` and the venv's packages the
commands import (``bytecode.py``), as an installed wheel has them.

Budgets (issue 27), judged on the CPU median: SVG export of 2,000 tiles <= 3 s and of
4,000 tiles <= 6 s; the derive ring of 4,000 tiles <= 2 s; and growth near linear (the
exponent of the SVG export's CPU from 1,000 to 4,000 tiles is printed). Exit status 1
when a budget is missed.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bytecode import compile_all
from layouts import ring, spiral

REPO = Path(__file__).resolve().parents[1]
CATALOGUES = 8
PER_CATALOGUE = 500  # the catalogue schema's maxProperties
SIZES = (1_000, 2_000, 4_000)
RING_RADIUS = 666
SVG_BUDGETS = {2_000: 3.0, 4_000: 6.0}
RING_BUDGET = 2.0


def write_inputs(folder: Path) -> dict[str, Path]:
    """The catalogues and scenarios, in ``folder``; the scenarios by name."""
    shipped = json.loads((REPO / "editor" / "data" / "tiles.json").read_text(encoding="utf-8"))
    designs = sorted(shipped["tiles"])
    keys: list[str] = []
    for c in range(CATALOGUES):
        tiles = {}
        for i in range(PER_CATALOGUE):
            design = designs[(c * PER_CATALOGUE + i) % len(designs)]
            key = f"T{c}x{i}"
            tiles[key] = shipped["tiles"][design]
            keys.append(key)
        (folder / f"stress-{c}.json").write_text(json.dumps(
            {"catalogue_version": 1, "id": f"stress-{c}", "name": f"stress {c}",
             "tiles": tiles}), encoding="utf-8")
    outside = ring(RING_RADIUS + 1)[:4_000 - 6 * RING_RADIUS]
    layouts = {f"spiral-{n}": spiral(n) for n in SIZES}
    layouts["ring-4000"] = ring(RING_RADIUS) + outside
    paths = {}
    for name, cells in layouts.items():
        rng = random.Random(1)
        tiles = [{"tile": keys[i], "side": "surface", "q": q, "r": r,
                  "rotation": rng.randrange(6)} for i, (q, r) in enumerate(cells)]
        count = math.ceil(len(cells) / PER_CATALOGUE)
        data = {"format_version": 1, "title": name, "players": {"min": 2, "max": 2},
                "catalogues": [f"stress-{c}.json" for c in range(count)],
                "boards": [{"id": "surface", "kind": "surface", "tiles": tiles}]}
        sub = folder / name
        sub.mkdir()
        for c in range(count):  # each scenario in its own folder (for `realms site`)
            (sub / f"stress-{c}.json").write_bytes((folder / f"stress-{c}.json").read_bytes())
        paths[name] = sub / f"{name}.realm.json"
        paths[name].write_text(json.dumps(data), encoding="utf-8")
    return paths


# The derivation alone, in one process after loading (as bench_derive.py measures it):
# prints its wall and CPU seconds.
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


def timed(argv: list[str], checkout: Path) -> tuple[float, float]:
    """Wall and CPU seconds of one command run with ``checkout`` first on the path (for
    the in-process derivation, the figures it prints)."""
    env = {**os.environ, "PYTHONPATH": str(checkout), "QT_QPA_PLATFORM": "offscreen"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    inside = DERIVE_ONLY in argv
    done = subprocess.run(argv, check=False, stderr=subprocess.PIPE, env=env, cwd=checkout,
                          stdout=subprocess.PIPE if inside else subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):  # 1: the stress boards have lint warnings
        sys.exit(f"{' '.join(argv)} failed in {checkout}:\n{done.stderr.decode()[-2000:]}")
    if inside:
        inside_wall, inside_cpu = done.stdout.split()
        return float(inside_wall), float(inside_cpu)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--base", type=Path, help="another checkout, measured alongside")
    parser.add_argument("--site", action="store_true", help="also `realms site`, 2,000 tiles")
    parser.add_argument("--skip-4000", action="store_true",
                        help="leave out the 4,000-tile export (a minute with old code)")
    parser.add_argument("--skip-derive", action="store_true",
                        help="leave out the ring's derive rows (more rounds of the exports)")
    parser.add_argument("--bytecode", action="store_true",
                        help="compile the checkouts' and the venv's packages to bytecode first")
    args = parser.parse_args()
    checkouts = {"this": REPO} | ({"base": args.base.resolve()} if args.base else {})
    if args.bytecode:
        compile_all(checkouts.values())
    realms = [sys.executable, "-m", "editor"]
    sizes = [n for n in SIZES if not (args.skip_4000 and n == 4_000)]
    results: dict[tuple[str, str], list[tuple[float, float]]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        paths = write_inputs(folder)
        out = folder / "out"
        out.mkdir()
        commands = {f"svg export, {n:,} tiles": [
            *realms, "export", str(paths[f"spiral-{n}"]), "--to", "svg", "--players", "2",
            "-o", str(out / "board.svg"), "--force"] for n in sizes}
        if not args.skip_derive:
            commands["derivation alone, ring of 4,000"] = [
                sys.executable, "-c", DERIVE_ONLY, str(paths["ring-4000"])]
            commands["derive ring, 4,000 tiles (JSON)"] = [
                *realms, "derive", str(paths["ring-4000"]), "--players", "2"]
            commands["derive ring, 4,000 tiles (dot)"] = [
                *realms, "derive", str(paths["ring-4000"]), "--players", "2", "--format",
                "dot"]
        if args.site:  # two sizes, to see how the site grows
            for n in (1_000, 2_000):
                commands[f"site, {n:,} tiles"] = [
                    *realms, "site", str(paths[f"spiral-{n}"].parent), "-o",
                    str(folder / "site"), "--jobs", "1", "--progress", "never"]
        for index in range(args.rounds):
            order = list(checkouts.items())
            if index % 2:
                order.reverse()
            for label, argv in commands.items():
                for name, checkout in order:
                    if label.startswith("site"):
                        subprocess.run(["rm", "-rf", str(folder / "site")], check=True)
                    sample = timed(argv, checkout)
                    results.setdefault((label, name), []).append(sample)
                    print(f"round {index + 1}: {label}, {name}: wall {sample[0]:.2f} s, "
                          f"CPU {sample[1]:.2f} s", flush=True)
    print(f"{args.rounds} rounds, {os.cpu_count()} CPUs, load average "
          f"{os.getloadavg()[0]:.1f}; seconds (wall median / CPU min / CPU median)")
    header = f"{'command':<34}{'this':>24}"
    if args.base:
        header += f"{'base':>24}{'CPU ratio':>11}"
    print(header + f"{'budget':>9}{'verdict':>9}")
    missed = False
    cpu_of: dict[str, float] = {}
    for label in commands:
        row = f"{label:<34}"
        for name in checkouts:
            samples = results[(label, name)]
            walls, cpus = [w for w, _ in samples], [c for _, c in samples]
            cpu_of[f"{label}|{name}"] = statistics.median(cpus)
            row += (f"{statistics.median(walls):>10.2f} /{min(cpus):>5.2f} /"
                    f"{statistics.median(cpus):>5.2f}")
        if args.base:
            row += f"{cpu_of[f'{label}|this'] / cpu_of[f'{label}|base']:>10.2f}x"
        budget = next((b for n, b in SVG_BUDGETS.items() if label == f"svg export, {n:,} tiles"),
                      RING_BUDGET if "ring" in label else None)
        if budget is not None:
            ok = cpu_of[f"{label}|this"] <= budget
            missed |= not ok
            row += f"{f'<= {budget:g} s':>9}{'ok' if ok else 'MISSED':>9}"
        print(row)
    if len(sizes) > 1:
        for name in checkouts:
            low, high = sizes[0], sizes[-1]
            slope = (math.log(cpu_of[f"svg export, {high:,} tiles|{name}"]
                              / cpu_of[f"svg export, {low:,} tiles|{name}"])
                     / math.log(high / low))
            print(f"growth of the SVG export's CPU, {low:,} -> {high:,} tiles ({name}): "
                  f"exponent {slope:.2f}")
    if args.site:
        for name in checkouts:
            slope = math.log(cpu_of[f"site, 2,000 tiles|{name}"]
                             / cpu_of[f"site, 1,000 tiles|{name}"]) / math.log(2)
            print(f"growth of the site's CPU, 1,000 -> 2,000 tiles ({name}): "
                  f"exponent {slope:.2f}")
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
