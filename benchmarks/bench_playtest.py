"""``realms playtest``'s speed: games of a 4-player booklet board in the real smawg engine.

Run:  python benchmarks/bench_playtest.py [--games 1000] [--jobs 1,2] [--scenario PATH]

Plays ``--games`` games of the board (booklet scenario 1 at 4 players by default) with the
random bot and then the greedy bot on one core, timing each run's CPU (the board's
loading and derivation are timed apart: a run pays them once), then plays the random run
again with each ``--jobs`` count and reports its wall time and speed-up. The budgets: the
random bot's 1,000 games in at most 60 s of CPU on one core, the greedy bot's in at most 5x
the random bot's. Exit status 1 when a budget is missed. Needs smawg (the ``play`` extra).
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from pathlib import Path

from editor.play.engine import SmawgMissing, make_table, require_smawg
from editor.play.playtest import bot_names, play_games, realm_for

REPO = Path(__file__).resolve().parent.parent
SCENARIO = REPO / "scenarios" / "booklet" / "01-my-precious-world.realm.json"
RANDOM_BUDGET = 60.0  # s of CPU for 1,000 games
GREEDY_FACTOR = 5.0


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--scenario", type=Path, default=SCENARIO)
    parser.add_argument("--jobs", default="1,2", help="worker counts to time, comma-separated")
    args = parser.parse_args(argv)
    try:
        require_smawg("the playtest benchmark")
    except SmawgMissing as exc:
        print(exc, file=sys.stderr)
        return 2
    print(f"cores: {os.cpu_count()}; load average: {' '.join(map(str, os.getloadavg()))}")
    start = time.process_time()
    table = make_table(realm_for(args.scenario, args.players))
    print(f"{args.scenario.name}, {args.players} players: board loaded, derived and "
          f"exported in {time.process_time() - start:.2f} s CPU")
    cpu: dict[str, float] = {}
    for bot in ("random", "greedy"):
        start = time.process_time()
        play_games(table, args.games, 1, bot_names(bot, args.players))
        cpu[bot] = time.process_time() - start
        print(f"{bot:>6} bot: {args.games} games in {cpu[bot]:.1f} s CPU on one core "
              f"({1000 * cpu[bot] / args.games:.1f} ms a game)")
    scale = 1000 / args.games
    ratio = cpu["greedy"] / cpu["random"]
    print(f"greedy / random: {ratio:.2f}x (budget {GREEDY_FACTOR:.0f}x); random per 1,000 "
          f"games: {cpu['random'] * scale:.1f} s CPU (budget {RANDOM_BUDGET:.0f} s)")
    walls: dict[int, float] = {}
    for jobs in (int(j) for j in args.jobs.split(",")):
        before_cpu, start = _children_cpu(), time.perf_counter()
        play_games(table, args.games, 1, bot_names("random", args.players), jobs=jobs)
        walls[jobs] = time.perf_counter() - start
        extra = (f", workers' CPU {_children_cpu() - before_cpu:.1f} s" if jobs > 1 else "")
        speedup = walls[min(walls)] / walls[jobs]
        print(f"--jobs {jobs}: {args.games} random games in {walls[jobs]:.1f} s wall "
              f"({speedup:.2f}x of --jobs {min(walls)}){extra}")
    failed = cpu["random"] * scale > RANDOM_BUDGET or ratio > GREEDY_FACTOR
    print("FAIL: a budget is missed" if failed else "OK: within the budgets")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
