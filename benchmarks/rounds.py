"""Whole commands timed in fresh processes, checkouts interleaved round by round.

Shared by ``bench_render.py`` and ``bench_derive_ring.py`` so both measure "this" and
"base" the same way: same round, alternating order, CPU from ``RUSAGE_CHILDREN``."""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from bytecode import compile_all

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

Sample = tuple[float, float]


def add_rounds_options(parser: argparse.ArgumentParser) -> None:
    """``--rounds`` and ``--base``, the first options of every such benchmark."""
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--base", type=Path, help="another checkout, measured alongside")


def add_bytecode_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--bytecode", action="store_true",
                        help="compile the checkouts' and the venv's packages to bytecode first")


def checkouts_of(args: argparse.Namespace, repo: Path) -> dict[str, Path]:
    """"this" (``repo``) and, with ``--base``, "base"; compiled first with ``--bytecode``."""
    checkouts = {"this": repo} | ({"base": args.base.resolve()} if args.base else {})
    if args.bytecode:
        compile_all(checkouts.values())
    return checkouts


def timed(argv: list[str], checkout: Path, *, env: Mapping[str, str] | None = None,
          ok: Sequence[int] = (0,)) -> Sample:
    """Wall and CPU seconds of one command with ``checkout`` first on the path (for the
    derivation alone, the figures it prints). ``env`` is added to the environment; an exit
    status outside ``ok`` stops the benchmark with the command's error."""
    full_env = {**os.environ, "PYTHONPATH": str(checkout), **(env or {})}
    inside = DERIVE_ONLY in argv
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, check=False, stderr=subprocess.PIPE, env=full_env,
                          cwd=checkout,
                          stdout=subprocess.PIPE if inside else subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in ok:
        sys.exit(f"{' '.join(argv)} failed in {checkout}:\n{done.stderr.decode()[-2000:]}")
    if inside:
        inside_wall, inside_cpu = done.stdout.split()
        return float(inside_wall), float(inside_cpu)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def run_rounds(commands: Mapping[str, list[str]], checkouts: Mapping[str, Path],
               rounds: int, measure: Callable[[str, list[str], Path], Sample],
               ) -> dict[tuple[str, str], list[Sample]]:
    """Every command under every checkout, ``rounds`` times; the checkouts' order
    alternates between rounds so neither always runs first. Each sample is printed."""
    results: dict[tuple[str, str], list[Sample]] = {}
    for index in range(rounds):
        order = list(checkouts.items())
        if index % 2:
            order.reverse()
        for label, argv in commands.items():
            for name, checkout in order:
                sample = measure(label, argv, checkout)
                results.setdefault((label, name), []).append(sample)
                print(f"round {index + 1}: {label}, {name}: wall {sample[0]:.2f} s, "
                      f"CPU {sample[1]:.2f} s", flush=True)
    return results


def header(width: int, rounds: int, base: bool) -> str:
    """The lines above the table: the conditions, then the column titles."""
    line = f"{'command':<{width}}{'this':>24}"
    if base:
        line += f"{'base':>24}{'CPU ratio':>11}"
    return (f"{rounds} rounds, {os.cpu_count()} CPUs, load average "
            f"{os.getloadavg()[0]:.1f}; seconds (wall median / CPU min / CPU median)\n"
            + line + f"{'budget':>9}{'verdict':>9}")


def row_cell(samples: list[Sample]) -> tuple[str, float]:
    """One checkout's cell of a row (wall median / CPU min / CPU median) and its CPU
    median."""
    cpus = [c for _, c in samples]
    median = statistics.median(cpus)
    return (f"{statistics.median(w for w, _ in samples):>10.2f} /{min(cpus):>5.2f} /"
            f"{median:>5.2f}", median)
