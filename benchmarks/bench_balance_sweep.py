"""Generated realms against the balance standard: the issue-31 sweep.

Run:  python benchmarks/bench_balance_sweep.py [--seeds 10] [--world surface]

For 2-6 players and seeds 1..N, generates a realm in process (``realms generate``'s own
function), derives it and counts the balance standard's flags
(``editor.analysis.standard.flags``), beside the median flags of the booklet scenarios at
that count. Prints, per count: the booklet median, the generated realms' median and maximum
flags, how many have more flags than the booklet median, the highest entry share (every
generated realm should have an interior: entry share below 0.8), the metrics flagged most,
and the median generation time. Exit status 1 when a generated realm flags more than the
booklet median or has an entry share of 0.8 or more (the issue's acceptance), so the sweep
can gate a change of the generator.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

from editor.analysis.metrics import measure
from editor.analysis.standard import load_standard
from editor.generate.search import generate
from editor.model.scenario_io import load_scenario, parse_scenario
from editor.topology import derive_realm

REPO = Path(__file__).resolve().parent.parent
ENTRY_SHARE_MAX = 0.8


def booklet_medians() -> dict[int, float]:
    """The median number of flags of the booklet scenarios at each count."""
    standard = load_standard()
    found: dict[int, list[int]] = {}
    for path in sorted((REPO / "scenarios" / "booklet").glob("*.realm.json")):
        loaded = load_scenario(path)
        if loaded.scenario.built_during_play:
            continue
        for n in loaded.scenario.player_counts:
            found.setdefault(n, []).append(
                len(standard.flags(measure(derive_realm(loaded, n)))))
    return {n: statistics.median(v) for n, v in sorted(found.items())}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--world", default="surface")
    args = parser.parse_args(argv)
    standard = load_standard()
    medians = booklet_medians()
    generate(2, args.world, 0)  # warm-up: imports, catalogue facts, lint config
    failed = False
    print(f"{'players':>7} {'booklet':>7} {'median':>6} {'max':>4} {'over':>4} "
          f"{'entry max':>9} {'gen s':>6}  most flagged")
    for players in range(2, 7):
        counts, shares, times = [], [], []
        keys: Counter[str] = Counter()
        for seed in range(1, args.seeds + 1):
            start = time.perf_counter()
            result = generate(players, args.world, seed)
            times.append(time.perf_counter() - start)
            loaded = parse_scenario(json.dumps(result.data), f"seed-{seed}.realm.json")
            metrics = measure(derive_realm(loaded, players))
            flagged = standard.flags(metrics)
            counts.append(len(flagged))
            keys.update(f.key for f in flagged)
            shares.append(float(metrics.values.get("entry_share") or 0.0))
        median = medians.get(players, 0.0)
        over = sum(c > median for c in counts)
        top = ", ".join(f"{k} {n}" for k, n in keys.most_common(3)) or "-"
        print(f"{players:>7} {median:>7g} {statistics.median(counts):>6g} {max(counts):>4} "
              f"{over:>4} {max(shares):>9.2f} {statistics.median(times):>6.2f}  {top}")
        failed |= over > 0 or max(shares) >= ENTRY_SHARE_MAX
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
