#!/usr/bin/env bash
# Reproduce the lint, CLI-start, derivation and big-board figures of docs/performance.md in
# one go (the big-board before/after needs --base: see benchmarks/bench_render.py).
# Prints the machine's load first: the figures are only comparable as ratios to the
# baselines measured in the same run.
set -euo pipefail
cd "$(dirname "$0")/.."
python="${PYTHON:-python}"
echo "cores: $(nproc); load average: $(cut -d' ' -f1-3 /proc/loadavg)"
"$python" benchmarks/bench_lint.py "$@" || status=$?
"$python" benchmarks/bench_derive.py --skip-naive-10k || status=$?
"$python" benchmarks/bench_render.py --rounds 1 || status=$?
"$python" benchmarks/bench_derive_ring.py --rounds 1 || status=$?
exit "${status:-0}"
