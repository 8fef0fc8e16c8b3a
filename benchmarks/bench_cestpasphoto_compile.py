"""What numba's optimisation level costs the real cestpasphoto engine's games in the tests.

The engine compiles its map and player count into its code (tests/real_engines.py), so each
map the tests play costs one compile, in its own process. This plays the same games (one
booklet map, fixed seeds) in a fresh copy of the engine at each ``NUMBA_OPT`` level and
prints the CPU time of the process (user + system: the compile is most of it), so the
choice of ``NUMBA_OPT=0`` for the tests rests on a figure (docs/performance.md).

    REALMS_ENGINES_DIR=../shared/engines python benchmarks/bench_cestpasphoto_compile.py

Needs the `cestpasphoto` extra and the engines' folder; takes a few CPU minutes.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

from real_engines import DRIVER, Cestpasphoto, engines_dir  # noqa: E402

from editor.export import export_bytes  # noqa: E402
from editor.model.scenario_io import load_scenario  # noqa: E402

SCENARIO = REPO / "scenarios" / "booklet" / "03-go-east.realm.json"
PLAYERS = 2
SEEDS = "[1, 2]"
LEVELS = ("0", "3")  # ours, numba's default


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> int:
    source = engines_dir() / "cestpasphoto"
    if not source.is_dir():
        print(f"no cestpasphoto engine at {source}; set REALMS_ENGINES_DIR", file=sys.stderr)
        return 2
    text = export_bytes(load_scenario(SCENARIO), "cestpasphoto", PLAYERS).decode()
    print(f"{SCENARIO.name}, {PLAYERS} players, seeds {SEEDS}: CPU of the engine's process")
    print("| NUMBA_OPT | CPU (s) |\n| --- | --- |")
    for level in LEVELS:
        with tempfile.TemporaryDirectory() as scratch:  # no cache: a first run, as on CI
            os.environ["REALMS_ENGINE_CACHE"] = scratch
            copy = Cestpasphoto(source).prepare(text, PLAYERS)
            env = {**os.environ, "NUMBA_CACHE_DIR": str(Path(scratch) / "numba"),
                   "NUMBA_OPT": level}
            before = _children_cpu()
            subprocess.run([sys.executable, str(DRIVER), str(copy), SEEDS], env=env,
                           check=True, capture_output=True)
            print(f"| {level} | {_children_cpu() - before:.1f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
