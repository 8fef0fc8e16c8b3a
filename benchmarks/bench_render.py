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
import random
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from layouts import ring, spiral
from rounds import (
    DERIVE_ONLY,
    Sample,
    add_bytecode_option,
    add_rounds_options,
    checkouts_of,
    header,
    row_cell,
    run_rounds,
    timed,
)

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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_rounds_options(parser)
    parser.add_argument("--site", action="store_true", help="also `realms site`, 2,000 tiles")
    parser.add_argument("--skip-4000", action="store_true",
                        help="leave out the 4,000-tile export (a minute with old code)")
    parser.add_argument("--skip-derive", action="store_true",
                        help="leave out the ring's derive rows (more rounds of the exports)")
    add_bytecode_option(parser)
    args = parser.parse_args()
    checkouts = checkouts_of(args, REPO)
    realms = [sys.executable, "-m", "editor"]
    sizes = [n for n in SIZES if not (args.skip_4000 and n == 4_000)]
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

        def measure(label: str, argv: list[str], checkout: Path) -> Sample:
            if label.startswith("site"):
                subprocess.run(["rm", "-rf", str(folder / "site")], check=True)
            # exit 1 is fine: the stress boards have lint warnings
            return timed(argv, checkout, env={"QT_QPA_PLATFORM": "offscreen"}, ok=(0, 1))

        results = run_rounds(commands, checkouts, args.rounds, measure)
    print(header(34, args.rounds, bool(args.base)))
    missed = False
    cpu_of: dict[str, float] = {}
    for label in commands:
        row = f"{label:<34}"
        for name in checkouts:
            cell, cpu_of[f"{label}|{name}"] = row_cell(results[(label, name)])
            row += cell
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
