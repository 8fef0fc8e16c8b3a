"""`realms site` on a 200-scenario collection, end to end, beside `realms lint` on it.

    python benchmarks/bench_site.py [--scenarios 200] [--rounds 3] [--jobs auto]
                                    [--against OTHER_CHECKOUT]

Each round runs, as whole commands in fresh processes: `realms lint` over the collection
(the baseline every collection's CI already pays), a cold `realms site` build into an
empty folder, and a warm rebuild with nothing changed. It prints wall and CPU seconds
(CPU of the command and its worker processes), min and median over the rounds, and the
ratios to the baseline measured in the same round. The collection cycles through the
shipped scenarios with distinct titles, so no two files are the same. ``--against`` adds,
in the same rounds, a cold build by another checkout of the project (``git worktree add
/tmp/before <commit>``), run with this interpreter and that tree's ``editor`` package, and
prints this tree's CPU over that one's: a change's cost, measured side by side.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def make_collection(folder: Path, count: int) -> None:
    shipped = sorted(p for p in (REPO / "scenarios").rglob("*.realm.json")
                     if "templates" not in p.parts)
    for i in range(count):
        source = shipped[i % len(shipped)]
        data = json.loads(source.read_text(encoding="utf-8"))
        data["title"] = f"{data['title']} #{i:03d}"
        (folder / f"{i:03d}-{source.name}").write_text(json.dumps(data, indent=1),
                                                        encoding="utf-8")


def timed(argv: list[str], tree: Path | None = None) -> tuple[float, float]:
    """Wall and CPU seconds of one command, its children included (``tree``: the checkout
    whose ``editor`` package runs it; None: this one)."""
    env = None
    if tree is not None:
        env = {**os.environ, "PYTHONPATH": str(tree)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   cwd=tree, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    PEAK_RSS_MB.append(after.ru_maxrss / 1024)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


# The largest resident size any process of the commands reached so far, in MB (Linux gives
# ru_maxrss in KiB): with workers recycled, 2,000 pages must not need more than 200 do.
PEAK_RSS_MB: list[float] = []


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenarios", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--jobs", default="auto")
    parser.add_argument("--against", type=Path, metavar="CHECKOUT",
                        help="another checkout whose cold build runs in the same rounds")
    args = parser.parse_args()
    realms = [sys.executable, "-m", "editor"]
    results: dict[str, list[tuple[float, float]]] = {"lint": [], "site": [], "rebuild": []}
    if args.against is not None:
        results["against"] = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "collection"
        folder.mkdir()
        make_collection(folder, args.scenarios)
        for _ in range(args.rounds):
            out = Path(tmp) / "site"
            shutil.rmtree(out, ignore_errors=True)
            results["lint"].append(timed([*realms, "lint", "--no-cache", str(folder)]
                                         if _has_no_cache() else [*realms, "lint", str(folder)]))
            results["site"].append(timed([*realms, "site", str(folder), "-o", str(out),
                                          "--jobs", args.jobs, "--progress", "never"]))
            results["rebuild"].append(timed([*realms, "site", str(folder), "-o", str(out),
                                             "--jobs", args.jobs, "--progress", "never"]))
            if args.against is not None:
                other = Path(tmp) / "other-site"
                shutil.rmtree(other, ignore_errors=True)
                results["against"].append(timed(
                    [*realms, "site", str(folder), "-o", str(other), "--jobs", args.jobs,
                     "--progress", "never"], args.against.resolve()))
    print(f"{args.scenarios} scenarios, {args.rounds} rounds, --jobs {args.jobs}, "
          f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}")
    print(f"{'command':<24}{'wall min':>10}{'wall med':>10}{'CPU min':>10}{'CPU med':>10}"
          f"{'CPU/lint':>10}")
    lint_cpu = statistics.median(c for _w, c in results["lint"])
    names = {"lint": "realms lint (baseline)", "site": "realms site, cold",
             "rebuild": "realms site, unchanged", "against": "--against, cold"}
    for key, rows in results.items():
        walls, cpus = [w for w, _c in rows], [c for _w, c in rows]
        print(f"{names[key]:<24}{min(walls):>10.2f}{statistics.median(walls):>10.2f}"
              f"{min(cpus):>10.2f}{statistics.median(cpus):>10.2f}"
              f"{statistics.median(cpus) / lint_cpu:>10.2f}")
    print(f"peak resident size of any process of the builds: {max(PEAK_RSS_MB):.0f} MB")
    if args.against is not None:
        ratios = [c / o for (_w, c), (_v, o) in zip(results["site"], results["against"],
                                                    strict=True)]
        print(f"cold build CPU, this tree / {args.against}: median "
              f"{statistics.median(ratios):.2f} (per round: "
              f"{', '.join(f'{r:.2f}' for r in ratios)})")
    return 0


def _has_no_cache() -> bool:
    done = subprocess.run([sys.executable, "-m", "editor", "lint", "--help"], check=False,
                          capture_output=True, text=True)
    return "--no-cache" in done.stdout


if __name__ == "__main__":
    raise SystemExit(main())
