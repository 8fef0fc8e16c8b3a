"""`realms generate` benchmark: time per realm, every player count and world.

Run:  python benchmarks/bench_generate.py [--seeds 20] [--worlds surface,underground,both]

For each world and player count 2-6, generates ``--seeds`` realms in process (seeds
1..N, after one warm-up realm that pays for the imports and the catalogue), checks each
with the full lint (0 errors, 0 warnings; the generator does this itself) and prints the
median, 90th percentile and maximum time per realm. Budget: median <= 2 s for 5 players
on the surface. Exit status 1 when a realm is not clean or the budget is missed.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from editor.generate.search import generate

BUDGET_S = 2.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--worlds", default="surface,underground,both")
    args = parser.parse_args(argv)
    generate(2, "surface", 0)  # warm-up: imports, catalogue facts, lint config
    failed = False
    print(f"{'world':12} {'players':>7} {'median s':>9} {'p90 s':>7} {'max s':>7} "
          f"{'rounds max':>10}")
    for world in args.worlds.split(","):
        for players in range(2, 7):
            times, rounds = [], []
            for seed in range(1, args.seeds + 1):
                start = time.perf_counter()
                result = generate(players, world, seed)
                times.append(time.perf_counter() - start)
                rounds.append(result.rounds)
                if result.errors or result.warnings:
                    print(f"  not clean: {world} {players} players seed {seed}")
                    failed = True
            times.sort()
            p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
            median = statistics.median(times)
            print(f"{world:12} {players:>7} {median:>9.2f} {p90:>7.2f} {times[-1]:>7.2f} "
                  f"{max(rounds):>10}")
            if world == "surface" and players == 5 and median > BUDGET_S:
                print(f"  budget missed: median {median:.2f} s > {BUDGET_S} s")
                failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
