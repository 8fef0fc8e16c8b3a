"""Does the balance standard rank boards as play does? Flags against greedy playtests.

Run:  python benchmarks/bench_balance_play.py                 # the record: 400 games a board
      python benchmarks/bench_balance_play.py --quick         # a try: 40 games, 3 realms
      add --jobs J to play each board's games in J processes

The suite, at 3 players: the booklet scenarios with a laid board (each at 3 players, or the
count nearest 3 it supports: 11 boards), 10 realms of ``realms generate`` (seeds 1-10) and
the deliberately bad boards of ``tests/data/bad-boards/``. ``--every-count`` plays the
booklet at every count it supports (40 boards) and the realms at 2-6 players instead.
Each board is judged by the balance standard (``editor.analysis.standard``) and played by
greedy bots in the real smawg engine (``editor.play.playtest``: combos shuffled, seats
rotated, seed 1). Printed:

- each board's flags, seat spread (best turn position's win rate minus the worst's) and share
  of land regions a game leaves never conquered, or why smawg cannot play it;
- Spearman's rank correlation (ties ranked by their mean) of the flag count with the seat
  spread and with the never-conquered share over the boards played, for every flag, for the
  flags of bands measured on boards and for the fair-seating rules' flags;
- for each metric that flags a played board: the mean spread and never-conquered share of
  the boards it flags against those it does not; play supports it ("yes") when its boards
  play worse on either by more than the half-width of their own 95 % intervals, "within
  noise" when worse by less, "no" when no worse;
- graded: Spearman of each judged metric's value (turned so that larger is worse) with both
  play measures, over the boards played: a flag is this value crossing its band.

``--json OUT`` writes every figure. Needs smawg (the ``play`` extra; see docs/playtest.md).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from statistics import mean
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from editor.analysis.metrics import BalanceMetrics, measure  # noqa: E402
from editor.analysis.standard import Flag, Standard, load_standard  # noqa: E402
from editor.model.scenario_io import LoadedScenario, load_scenario  # noqa: E402
from editor.topology import derive_realm  # noqa: E402

BOOKLET = REPO / "scenarios" / "booklet"
BAD = REPO / "tests" / "data" / "bad-boards"
PLAYERS = 3  # the suite's player count (the count nearest it a scenario supports)
SEEDS = range(1, 11)
COUNTS = (2, 3, 4, 5, 6)  # --every-count: generated realm of seed s at COUNTS[(s - 1) % 5]
MEASURED = ("booklet", "base_game")


@dataclass
class Board:
    """One board of the suite, judged and (when smawg can) played."""

    name: str
    kind: str  # booklet | generated | bad
    players: int
    flags: list[Flag]
    badness: dict[str, float] = field(default_factory=dict)  # per judged metric, see below
    spread: float | None = None
    unconquered: float | None = None
    unplayable: str = ""
    seconds: float = 0.0
    intervals: dict[str, list[float]] = field(default_factory=dict)


def suite(generated: int, every_count: bool) -> list[tuple[str, str, LoadedScenario, int]]:
    """(name, kind, scenario, players) of every board of the suite."""
    from editor.generate.confirm import loaded_from
    from editor.generate.search import generate

    boards = []
    for path in sorted(BOOKLET.glob("*.realm.json")):
        loaded = load_scenario(path)
        if loaded.scenario.built_during_play:
            continue
        counts = loaded.scenario.player_counts
        for n in counts if every_count else [min(counts, key=lambda c: (abs(c - PLAYERS), c))]:
            boards.append((f"booklet {path.name[:2]} at {n}", "booklet", loaded, n))
    for seed in list(SEEDS)[:generated]:
        n = COUNTS[(seed - 1) % len(COUNTS)] if every_count else PLAYERS
        data = generate(n, "surface", seed).data
        boards.append((f"generated seed {seed} at {n}", "generated", loaded_from(data), n))
    faults = json.loads((BAD / "faults.json").read_text(encoding="utf-8"))
    for name in sorted(faults["boards"]):
        boards.append((f"bad {name}", "bad", load_scenario(BAD / f"{name}.realm.json"),
                       int(faults["players"])))
    return boards


def ranks(values: Sequence[float]) -> list[float]:
    """Ranks from 1, ties given the mean of the ranks they span."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    found = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            found[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return found


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    """Spearman's rho: Pearson's correlation of the ranks (None when one side is flat)."""
    if len(xs) < 3:
        return None
    rx, ry = ranks(xs), ranks(ys)
    mx, my = mean(rx), mean(ry)
    sxy = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    sxx = sum((a - mx) ** 2 for a in rx)
    syy = sum((b - my) ** 2 for b in ry)
    return None if not sxx or not syy else sxy / (sxx * syy) ** 0.5


def play(boards: list[Board], loaded: list[LoadedScenario], games: int, jobs: int) -> None:
    from editor.play import PlayError, playtest

    for board, scenario in zip(boards, loaded, strict=True):
        started = time.process_time()
        try:
            result = playtest(derive_realm(scenario, board.players), board.players, games,
                              seed=1, bot="greedy", jobs=jobs)
        except PlayError as exc:
            board.unplayable = str(exc)
            continue
        finally:
            board.seconds = time.process_time() - started
        board.spread = result.spread.value
        board.unconquered = result.unconquered_share.value
        board.intervals = {"spread": [result.spread.low, result.spread.high],
                           "unconquered": [result.unconquered_share.low,
                                           result.unconquered_share.high]}
        print(f"  {board.name:<28} {len(board.flags):>2} flags  spread {board.spread:.3f}  "
              f"never conquered {board.unconquered:.3f}  ({board.seconds:.0f} s)",
              file=sys.stderr)


def correlations(played: list[Board]) -> dict[str, dict[str, float | None]]:
    sets = {"every flag": lambda f: True,
            "measured bands": lambda f: f.source_key in MEASURED,
            "fair seating": lambda f: f.source_key == "fair_play"}
    found = {}
    for name, keep in sets.items():
        counts = [float(sum(1 for f in b.flags if keep(f))) for b in played]
        found[name] = {
            "spread": spearman(counts, [b.spread or 0.0 for b in played]),
            "unconquered": spearman(counts, [b.unconquered or 0.0 for b in played])}
    return found


def support(played: list[Board]) -> list[dict[str, Any]]:
    """Per metric flagging a played board: how its flagged boards play against the rest."""
    keys = sorted({f.key for b in played for f in b.flags})
    rows = []
    for key in keys:
        hit = [b for b in played if any(f.key == key for f in b.flags)]
        rest = [b for b in played if b not in hit]
        row: dict[str, Any] = {"metric": key, "boards": [b.name for b in hit]}
        verdicts = []
        for measure_ in ("spread", "unconquered"):
            a = mean(getattr(b, measure_) for b in hit)
            z = mean(getattr(b, measure_) for b in rest) if rest else None
            noise = mean((b.intervals[measure_][1] - b.intervals[measure_][0]) / 2
                         for b in hit)
            row[measure_] = [round(a, 4), None if z is None else round(z, 4)]
            verdicts.append("no" if z is None or a <= z else
                            "yes" if a - z > noise else "within noise")
        # supported: its flagged boards play worse on either measure by more than the
        # half-width of their own 95 % intervals
        row["supported"] = ("yes" if "yes" in verdicts else
                            "within noise" if "within noise" in verdicts else "no")
        rows.append(row)
    return rows


def badness(standard: Standard, metrics: BalanceMetrics) -> dict[str, float]:
    """Each judged metric's value turned so that larger is worse: as it is for a metric
    judged above, negated for one judged below, its distance from the booklet's median
    for one judged on both sides (the graded form of a flag)."""
    found = {}
    medians = standard.measured.get("bands", {})
    for row in standard.rows(metrics):
        if row.band is None or row.value is None:
            continue
        judged = standard.spec(row.key).judged
        if judged == "above":
            found[row.key] = float(row.value)
        elif judged == "below":
            found[row.key] = -float(row.value)
        elif row.key in medians:
            found[row.key] = abs(float(row.value) - medians[row.key]["all"]["median"])
    return found


def graded(played: list[Board]) -> list[dict[str, Any]]:
    """Spearman of each judged metric's badness with the two play measures."""
    keys = sorted({k for b in played for k in b.badness})
    rows = []
    for key in keys:
        have = [b for b in played if key in b.badness]
        xs = [b.badness[key] for b in have]
        rows.append({"metric": key, "boards": len(have),
                     "spread": spearman(xs, [b.spread or 0.0 for b in have]),
                     "unconquered": spearman(xs, [b.unconquered or 0.0 for b in have])})
    return rows


def fmt(value: float | None) -> str:
    return "n/a" if value is None else f"{value:+.2f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--quick", action="store_true",
                        help="40 games a board and 3 generated realms: a try, not the record")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--every-count", action="store_true",
                        help="the booklet at every count it supports, realms at 2-6 players")
    parser.add_argument("--json", type=Path, default=None, metavar="OUT")
    args = parser.parse_args(argv)
    games, generated = (40, 3) if args.quick else (args.games, len(SEEDS))
    try:
        from editor.play import SmawgMissing, playtest  # noqa: F401
        from editor.play.engine import require_smawg
        require_smawg()
    except (ImportError, SmawgMissing) as exc:
        print(f"smawg is needed to play the suite: {exc}", file=sys.stderr)
        return 2
    standard = load_standard()
    listed = suite(generated, args.every_count)
    boards = []
    for name, kind, loaded, n in listed:
        metrics = measure(derive_realm(loaded, n))
        boards.append(Board(name, kind, n, standard.flags(metrics), badness(standard, metrics)))
    print(f"playing {len(boards)} boards, {games} greedy games each", file=sys.stderr)
    play(boards, [loaded for _, _, loaded, _ in listed], games, args.jobs)
    played = [b for b in boards if b.spread is not None]
    print(f"{'board':<28} {'players':>7} {'flags':>5} {'spread':>7} {'never':>6}  flagged")
    for b in boards:
        figures = (f"{b.spread:>7.3f} {b.unconquered:>6.3f}" if b.spread is not None
                   else f"{'-':>7} {'-':>6}")
        print(f"{b.name:<28} {b.players:>7} {len(b.flags):>5} {figures}  "
              f"{', '.join(f.key for f in b.flags) or '-'}")
    for b in boards:
        if b.unplayable:
            print(f"not played: {b.name}: {b.unplayable}")
    corr = correlations(played)
    print(f"\nSpearman over {len(played)} boards played ({games} greedy games each):")
    for name, rho in corr.items():
        print(f"  {name:<15} vs seat spread {fmt(rho['spread'])}   "
              f"vs never conquered {fmt(rho['unconquered'])}")
    print("\nmetric                      boards  spread flagged/rest  never flagged/rest  "
          "play supports it")
    rows = support(played)
    for row in rows:
        s, u = row["spread"], row["unconquered"]
        print(f"  {row['metric']:<26} {len(row['boards']):>5}  {s[0]:.3f} / {fmt(s[1])[1:]:<8}"
              f"  {u[0]:.3f} / {fmt(u[1])[1:]:<8}  {row['supported']}")
    print("\ngraded: Spearman of each judged metric (larger is worse) over the boards played")
    grades = graded(played)
    for row in grades:
        print(f"  {row['metric']:<34} vs seat spread {fmt(row['spread'])}   "
              f"vs never conquered {fmt(row['unconquered'])}")
    if args.json is not None:
        args.json.write_text(json.dumps({
            "games": games, "bot": "greedy", "seed": 1,
            "boards": [{"name": b.name, "kind": b.kind, "players": b.players,
                        "flags": [f.key for f in b.flags], "spread": b.spread,
                        "unconquered": b.unconquered, "intervals": b.intervals,
                        "unplayable": b.unplayable, "cpu_seconds": round(b.seconds, 2)}
                       for b in boards],
            "spearman": corr, "metrics": rows, "graded": grades}, indent=2) + "\n",
            encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
