"""Balance judging (measure + the standard's rows and advice) against another checkout.

Run:  python benchmarks/bench_balance_judge.py --against /tmp/old-checkout [--tiles 100,400]

For each size, a stress realm (``benchmarks.layouts.stress_realm``, 6 players) is measured
and judged in a fresh interpreter per checkout, alternating checkouts over two rounds
(best of 5 samples each), and the two are printed side by side with their ratio. A checkout
from before the standard judges with the base-game bands instead (``bands.compare``).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SNIPPET = r"""
import sys, time
root = sys.argv[1]; sys.path.insert(0, root)
from benchmarks.layouts import stress_realm
from editor.topology import derive_realm
from editor.analysis.metrics import measure
realm = derive_realm(stress_realm(int(sys.argv[2])), 6)
try:
    from editor.analysis.standard import load_standard
    def judge(m): return load_standard().rows(m)
except ImportError:
    from editor.analysis.bands import load_bands
    def judge(m): return load_bands().compare(m)
samples = []
for _ in range(5):
    start = time.perf_counter()
    judge(measure(realm))
    samples.append(time.perf_counter() - start)
print(min(samples))
"""


def sample(root: Path, tiles: int) -> float:
    done = subprocess.run([sys.executable, "-c", SNIPPET, str(root), str(tiles)],
                          capture_output=True, text=True, check=True,
                          env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"})
    return float(done.stdout.strip())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", type=Path, required=True)
    parser.add_argument("--tiles", default="100,400")
    args = parser.parse_args(argv)
    print(f"{'tiles':>5} {'other ms':>9} {'this ms':>8} {'ratio':>6}")
    for tiles in (int(t) for t in args.tiles.split(",")):
        other, this = [], []
        for _ in range(2):
            other.append(sample(args.against, tiles))
            this.append(sample(REPO, tiles))
        print(f"{tiles:>5} {min(other) * 1000:>9.1f} {min(this) * 1000:>8.1f} "
              f"{min(this) / min(other):>6.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
