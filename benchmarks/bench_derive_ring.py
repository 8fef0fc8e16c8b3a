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
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from layouts import ring
from rounds import (
    DERIVE_ONLY,
    add_bytecode_option,
    add_rounds_options,
    checkouts_of,
    header,
    row_cell,
    run_rounds,
    timed,
)

REPO = Path(__file__).resolve().parents[1]
PER_CATALOGUE = 500  # the catalogue schema's maxProperties
RADII = (166, 333, 666)
OUTSIDE = 4  # tiles outside each ring, on the next ring out
BUDGET = 2.0
BUDGET_FORMATS = ("json", "dot")

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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_rounds_options(parser)
    add_bytecode_option(parser)
    args = parser.parse_args()
    checkouts = checkouts_of(args, REPO)
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
        results = run_rounds(commands, checkouts, args.rounds,
                             lambda _label, argv, checkout: timed(argv, checkout))
    print(header(32, args.rounds, bool(args.base)))
    cpu: dict[tuple[str, str], float] = {}
    missed = False
    for label in commands:
        row = f"{label:<32}"
        for name in checkouts:
            cell, cpu[(label, name)] = row_cell(results[(label, name)])
            row += cell
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
