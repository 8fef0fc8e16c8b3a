"""The result cache's cost on a cold run, next to `--no-cache` in the same rounds (issue 27).

Run:  python benchmarks/bench_cache.py [--files 1000] [--rounds 3] [--jobs 1]

Over ``--files`` generated 26-tile files (bench_lint.py's generator) in a project folder,
each round runs, interleaved so they share the machine's load:

* ``realms lint --no-cache`` (the baseline);
* ``realms lint`` with an empty cache folder (cold: lints every file and stores it all);
* ``realms lint`` again (warm: every file answered from the cache).

The cache folder is a scratch ``REALMS_CACHE_DIR`` outside the project. The table gives
min / median of the user, system and total CPU seconds (the process and its workers) and
the ratio of the medians to the baseline's. Budget: cold total CPU <= 1.10x `--no-cache`.
Exit status 1 when it is missed.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_lint import generate

BUDGET = 1.10


def measure(cmd: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, float]:
    """User and system CPU seconds of one run of ``cmd`` and its children."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        sys.exit(f"{' '.join(cmd[:5])}... failed ({done.returncode}): {done.stderr[-500:]}")
    return after.ru_utime - before.ru_utime, after.ru_stime - before.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--jobs", default="1", help="lint's --jobs (default 1)")
    args = parser.parse_args()
    lint = [sys.executable, "-m", "editor", "lint", "--format", "json", "--jobs", args.jobs,
            "."]
    samples: dict[str, list[tuple[float, float]]] = {"nocache": [], "cold": [], "warm": []}
    with tempfile.TemporaryDirectory(prefix="bench-cache-") as tmp:
        project = Path(tmp) / "project"
        project.mkdir()
        (project / "pyproject.toml").write_text("[project]\nname = 'bench'\n",
                                                encoding="utf-8")
        generate(project, args.files)
        env = {k: v for k, v in os.environ.items()
               if k not in ("PYTHONDONTWRITEBYTECODE", "REALMS_NO_CACHE")}
        measure([sys.executable, "-m", "editor", "--version"], project, env)  # bytecode
        for round_ in range(args.rounds):
            cache = Path(tmp) / f"cache-{round_}"
            run_env = {**env, "REALMS_CACHE_DIR": str(cache)}
            samples["nocache"].append(measure([*lint[:-1], "--no-cache", "."], project,
                                              run_env))
            samples["cold"].append(measure(lint, project, run_env))
            samples["warm"].append(measure(lint, project, run_env))
    base = statistics.median(u + s for u, s in samples["nocache"])
    print(f"{args.files} files, --jobs {args.jobs}, {args.rounds} interleaved rounds "
          "(CPU seconds, min / median)\n")
    print("| run | user | system | total | total vs `--no-cache` |")
    print("| --- | --- | --- | --- | --- |")
    names = {"nocache": "`realms lint --no-cache`", "cold": "`realms lint`, empty cache",
             "warm": "`realms lint`, warm cache"}
    ratios = {}
    for name, rows in samples.items():
        users, systems = [u for u, _ in rows], [s for _, s in rows]
        totals = [u + s for u, s in rows]
        ratios[name] = statistics.median(totals) / base
        print(f"| {names[name]} | {min(users):.2f} / {statistics.median(users):.2f} | "
              f"{min(systems):.2f} / {statistics.median(systems):.2f} | "
              f"{min(totals):.2f} / {statistics.median(totals):.2f} | "
              f"{ratios[name]:.3f}x |")
    verdict = "met" if ratios["cold"] <= BUDGET else "MISSED"
    print(f"\ncold run with the cache: {ratios['cold']:.3f}x the CPU of --no-cache "
          f"(budget <= {BUDGET:.2f}x): {verdict}")
    return 0 if ratios["cold"] <= BUDGET else 1


if __name__ == "__main__":
    raise SystemExit(main())
