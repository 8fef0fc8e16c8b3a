"""Derivation benchmarks (issue 3), each side by side with a naive all-pairs shapely method.

Run:  python benchmarks/bench_derive.py [--repeat 30] [--skip-naive-10k]

Every row times Realms Studio's derivation and, in the same run, a naive baseline
(``baselines.py``): region polygons built one by one from trigonometric corners, then every
pair of polygons tested with shapely's DE-9IM ``relate_pattern``
(:func:`editor.topology.geometric.adjacency_all_pairs`). The STRtree method
(:func:`editor.topology.geometric.adjacency_strtree`, same polygons) is shown too for the
stress sizes. Medians are reported; ratios matter more than absolute times on the noisy
shared 2-core machine. Budgets:

* full derivation of a 26-tile realm for all its player counts (2-6): <= 20 ms median;
* moving one tile of that realm and re-deriving (warm polygon cache): <= 5 ms median;
* a 10,000-tile stress realm: <= 2 s;
* growth from 1,000 to 10,000 tiles no faster than n log n: the slope of a log-log fit over
  1,000 / 2,000 / 5,000 / 10,000 tiles must not exceed the slope of n log n itself over the
  same sizes (1.12).

The naive baseline at 10,000 tiles is quadratic (about 26,000 region polygons, 3 x 10^8
pairs) and takes one to two minutes; ``--skip-naive-10k`` leaves it out. Exit status 1 when
a budget is missed.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import networkx
import numpy as np
import shapely

sys.path.insert(0, str(Path(__file__).resolve().parent))

from baselines import naive, strtree
from layouts import booklet_like_realm, spiral, stress_realm

from editor.model.scenario_io import LoadedScenario
from editor.topology import RealmDeriver

SMALL_BUDGET_S = 0.020
MOVE_BUDGET_S = 0.005
STRESS_BUDGET_S = 2.0
STRESS_SIZES = (1_000, 2_000, 5_000, 10_000)


def median_time(action: Callable[[], object], repeat: int) -> float:
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def derive_all(deriver: RealmDeriver, loaded: LoadedScenario) -> None:
    for n in loaded.scenario.player_counts:
        deriver.derive(loaded, n)


def loglog_slope(sizes: list[int], times: list[float]) -> float:
    slope, _ = np.polyfit(np.log(sizes), np.log(times), 1)
    return float(slope)


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (f"{cpu}, {os.cpu_count()} cores; Python {platform.python_version()}, "
            f"shapely {shapely.__version__} (GEOS {shapely.geos_version_string}), "
            f"networkx {networkx.__version__}")


def ms(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value * 1000:,.1f} ms" if value < 10 else f"{value:,.1f} s"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30,
                        help="samples per 26-tile measurement (median reported)")
    parser.add_argument("--skip-naive-10k", action="store_true",
                        help="leave out the naive all-pairs baseline at 10,000 tiles")
    args = parser.parse_args()
    print(f"machine: {machine()}", flush=True)

    # (name, ours, naive all-pairs, strtree, budget text, verdict or None)
    rows: list[tuple[str, float, float | None, float | None, str, bool | None]] = []

    small = booklet_like_realm()
    counts = small.scenario.player_counts
    ours = median_time(lambda: derive_all(RealmDeriver(), small), args.repeat)
    base = median_time(lambda: [naive(small, n) for n in counts], args.repeat)
    rows.append((f"26-tile realm, all {len(counts)} player counts, fresh deriver",
                 ours, base, None, "<= 20 ms", ours <= SMALL_BUDGET_S))

    # Move the outermost tile to the next free hex of the spiral (still touching the realm)
    # and back: each step is one edit followed by one re-derivation with the editor's warm
    # deriver (only the moved tile's polygons are rebuilt).
    warm = RealmDeriver()
    derive_all(warm, small)
    moved = small.scenario.boards[0].tiles[-1]
    home, away = (moved.q, moved.r), spiral(len(small.scenario.boards[0].tiles) + 1)[-1]
    players = small.scenario.players_max

    def move_and_derive() -> None:
        moved.q, moved.r = away if (moved.q, moved.r) == home else home
        warm.derive(small, players)

    incremental = median_time(move_and_derive, 2 * args.repeat)
    moved.q, moved.r = home

    def move_and_naive() -> None:
        moved.q, moved.r = away if (moved.q, moved.r) == home else home
        naive(small, players)

    base_move = median_time(move_and_naive, 2 * args.repeat)
    moved.q, moved.r = home
    rows.append((f"move one tile of 26, re-derive ({players} players, warm deriver)",
                 incremental, base_move, None, "<= 5 ms", incremental <= MOVE_BUDGET_S))

    sizes: dict[int, float] = {}
    for n in STRESS_SIZES:
        realm = stress_realm(n)
        sizes[n] = median_time(lambda realm=realm: RealmDeriver().derive(realm, 2), 3)
        tree = median_time(lambda realm=realm: strtree(realm, 2), 1)
        all_pairs: float | None = None
        if n < 10_000 or not args.skip_naive_10k:
            print(f"naive all-pairs baseline at {n:,} tiles...", file=sys.stderr, flush=True)
            all_pairs = median_time(lambda realm=realm: naive(realm, 2), 1)
        budget, verdict = ("<= 2 s", sizes[n] <= STRESS_BUDGET_S) if n == 10_000 else ("", None)
        rows.append((f"{n:,}-tile stress realm (2 players)", sizes[n], all_pairs, tree,
                     budget, verdict))

    ns = list(sizes)
    exponent = loglog_slope(ns, [sizes[n] for n in ns])
    reference = loglog_slope(ns, [n * math.log(n) for n in ns])
    two_point = math.log(sizes[10_000] / sizes[1_000]) / math.log(10)
    growth_ok = exponent <= reference

    print("\n| benchmark | Realms Studio (median) | naive all-pairs shapely | ratio "
          "| shapely STRtree | budget | verdict |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for name, value, pairs, tree_time, budget, verdict in rows:
        ratio = f"{pairs / value:.1f}x" if pairs else "-"
        mark = "" if verdict is None else ("ok" if verdict else "MISSED")
        print(f"| {name} | {ms(value)} | {ms(pairs)} | {ratio} | {ms(tree_time)} | "
              f"{budget} | {mark} |")
    print(f"\ngrowth, log-log fit over {', '.join(f'{n:,}' for n in ns)} tiles: "
          f"exponent {exponent:.2f} (n log n over the same sizes: {reference:.2f}; "
          f"two-point 1,000 -> 10,000: {two_point:.2f}) "
          f"{'ok' if growth_ok else 'MISSED'}")
    ok = all(v for *_, v in rows if v is not None) and growth_ok
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
