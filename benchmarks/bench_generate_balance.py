"""Generated and realised realms measured against the booklet boards (issue 31).

Run:  python benchmarks/bench_generate_balance.py [--seeds 10] [--players 2,3,4,5,6]
                                                  [--no-realise]

For each player count, the booklet scenarios that have a laid board at that count
(``scenarios/booklet/*``, scenario 9 aside: it is built during play) are measured with
:func:`editor.analysis.metrics.measure`, the module ``realms balance`` uses, and give the
min / median / max of each metric. Then seeds 1..N of ``realms generate`` (surface) and of
``realms realise`` on scenario 9 are measured the same way, and each metric's min / median
/ max over the seeds is printed beside the booklet's, with how many seeds fall outside the
booklet's range, and the wall time per realm (the full lint may run in worker processes,
whose CPU ``time.process_time`` would not see; compare runs made one after the other).

The tile-level ``hanging_tiles`` row is the compactness measure the generator holds: tiles
that touch only one other tile of their board (a tile hanging by one edge).

Exit status 1 when a generated or realised realm has an entry share of 0.8 or more, a
hanging tile, or a generation time above 2 s.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from editor.analysis.metrics import measure
from editor.generate.compact import hanging_tiles
from editor.generate.confirm import loaded_from
from editor.generate.realise import realise
from editor.generate.search import generate
from editor.model.scenario_io import LoadedScenario, load_scenario
from editor.topology import derive_realm

REPO = Path(__file__).resolve().parents[1]
BOOKLET = REPO / "scenarios" / "booklet"
GODS = BOOKLET / "09-a-game-of-gods.realm.json"
BUDGET_S = 2.0
ENTRY_LIMIT = 0.8
SHOWN = ("regions", "water_regions", "entry_share", "edge_distance_max",
         "edge_distance_mean", "articulation_points", "bridges", "land_masses",
         "degree_mean", "degree_min", "diameter", "hanging_tiles")


def metrics_of(loaded: LoadedScenario, players: int) -> dict[str, float]:
    """The metrics ``realms balance`` prints, plus the hanging-tile count."""
    values = measure(derive_realm(loaded, players)).values
    out = {k: float(v) for k, v in values.items() if v is not None}
    out["hanging_tiles"] = float(hanging_tiles(loaded.scenario.to_dict()))
    return out


def booklet(players: int) -> list[dict[str, float]]:
    """The booklet boards laid at ``players`` (built-during-play ones have no land)."""
    rows = []
    for path in sorted(BOOKLET.glob("*.realm.json")):
        loaded = load_scenario(path)
        if loaded.scenario.built_during_play or players not in loaded.scenario.player_counts:
            continue
        rows.append(metrics_of(loaded, players))
    return rows


def spread(rows: Sequence[dict[str, float]], key: str) -> tuple[float, float, float] | None:
    values = sorted(r[key] for r in rows if key in r)
    if not values:
        return None
    return values[0], statistics.median(values), values[-1]


def _fmt(triple: tuple[float, float, float] | None) -> str:
    if triple is None:
        return "-"
    return " / ".join(f"{v:g}" if v == int(v) else f"{v:.2f}" for v in triple)


def sweep(players: int, seeds: int,
          make: Callable[[int], dict[str, Any]]) -> tuple[list[dict[str, float]], list[float]]:
    rows, times = [], []
    for seed in range(1, seeds + 1):
        start = time.perf_counter()
        data = make(seed)
        times.append(time.perf_counter() - start)
        rows.append(metrics_of(loaded_from(data), players))
    return rows, times


def table(players: int, reference: list[dict[str, float]], kind: str,
          rows: list[dict[str, float]], times: list[float]) -> bool:
    """Print one count's table; True when a realm breaks a hard limit."""
    print(f"\n{kind}, {players} players ({len(rows)} seeds) vs booklet "
          f"({len(reference)} boards): min / median / max")
    print(f"  {'metric':22} {'booklet':>22} {kind:>22} {'outside':>8}")
    for key in SHOWN:
        ref = spread(reference, key)
        got = spread(rows, key)
        outside = "-"
        if ref is not None:
            outside = str(sum(1 for r in rows if key in r and not ref[0] <= r[key] <= ref[2]))
        print(f"  {key:22} {_fmt(ref):>22} {_fmt(got):>22} {outside:>8}")
    seconds = (min(times), statistics.median(times), max(times))
    print(f"  {'seconds':22} {'':>22} {_fmt(seconds):>22}")
    bad = [i + 1 for i, r in enumerate(rows)
           if r.get("entry_share", 1.0) >= ENTRY_LIMIT or r.get("hanging_tiles", 0) > 0]
    slow = [i + 1 for i, t in enumerate(times) if t > BUDGET_S]
    if bad:
        print(f"  seeds with entry share >= {ENTRY_LIMIT} or a hanging tile: {bad}")
    if slow:
        print(f"  seeds above {BUDGET_S} s: {slow}")
    return bool(bad or slow)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--players", default="2,3,4,5,6")
    parser.add_argument("--no-realise", action="store_true")
    args = parser.parse_args(argv)
    generate(2, "surface", 0)  # warm-up: imports, catalogue facts, lint config
    gods = load_scenario(GODS)
    failed = False
    for players in (int(p) for p in args.players.split(",")):
        reference = booklet(players)
        rows, times = sweep(players, args.seeds,
                            lambda s, n=players: generate(n, "surface", s).data)
        failed |= table(players, reference, "generate", rows, times)
        if not args.no_realise:
            rows, times = sweep(players, args.seeds,
                                lambda s, n=players: realise(gods, n, s, "surface").data)
            failed |= table(players, reference, "realise", rows, times)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
