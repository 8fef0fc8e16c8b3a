"""The standard the generators are held to: the booklet boards' spread at each player count.

``editor/data/generate-spread.json`` holds, for each player count, the min / median / max
of the metrics the generators aim at (the keys of :mod:`editor.analysis.metrics`) over the
booklet scenarios laid at that count, measured exactly as ``realms balance`` measures.
The search uses them through cheap combinatorial estimates; the finished realm is judged
by a ``flags_for(realm, players)`` function, by default :func:`standard_flags`: the one
balance standard's flags (:mod:`editor.analysis.standard`, issue 31), so the generators are
held to what ``realms balance``, lint and the editor judge. The spread is the search's aim,
tighter than the standard's bands; :func:`booklet_flags` measures a realm against it (the
benchmark and tests use it). Any function returning the flagged metrics will do.
"""

from __future__ import annotations

import json
import statistics
import sys
from collections.abc import Callable, Collection
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from editor.topology.realm import Realm

SPREAD_FILE = "generate-spread.json"
SPREAD_FORMAT = "realms-generate-spread"
DECIMALS = 4

FlagsFor = Callable[["Realm", int], Collection[object]]
Spread = dict[str, tuple[float, float, float]]  # metric key -> (min, median, max)


@cache
def _document() -> dict[str, Any]:
    from editor.model.paths import data_file

    document: dict[str, Any] = json.loads(data_file(SPREAD_FILE).read_text(encoding="utf-8"))
    return document


def targeted() -> tuple[str, ...]:
    """The metric keys the generators are held to (the data file says which)."""
    return tuple(_document()["metrics"])


def spread(players: int) -> Spread:
    """The booklet's (min, median, max) of each targeted metric at ``players``; the nearest
    count the booklet lays when it lays none at exactly that count."""
    counts = _document()["counts"]
    key = str(players) if str(players) in counts else \
        str(min((int(k) for k in counts), key=lambda k: (abs(k - players), k)))
    return {m: (float(v[0]), float(v[1]), float(v[2])) for m, v in counts[key].items()}


def standard_flags(realm: Realm, players: int) -> list[str]:
    """The keys of the metrics the one balance standard flags on a derived realm (the
    generators' default ``flags_for``)."""
    from editor.analysis.standard import flags

    return [flag.key for flag in flags(realm, players)]


def booklet_flags(realm: Realm, players: int) -> list[str]:
    """The targeted metrics of a derived realm that lie outside the booklet's spread at
    ``players``: the search's aim, not its judge."""
    from editor.analysis.metrics import measure

    values = measure(realm).values
    out = []
    for key, (low, _, high) in sorted(spread(players).items()):
        value = values.get(key)
        if value is not None and not low - 1e-9 <= float(value) <= high + 1e-9:
            out.append(key)
    return out


# -- rebuilding the data file (tests/generate/test_spread.py checks it is current) ---------

BOOKLET_METRICS = ("regions", "water_regions", "entry_share", "edge_distance_max",
                   "articulation_points", "bridges", "degree_mean", "diameter",
                   "land_masses")


def booklet_spread(folder: Path) -> dict[str, Any]:
    """The data file's content, measured on the laid booklet boards in ``folder``."""
    from editor.analysis.metrics import measure
    from editor.model.scenario_io import load_scenario
    from editor.topology import derive_realm

    values: dict[int, dict[str, list[float]]] = {}
    for path in sorted(folder.glob("*.realm.json")):
        loaded = load_scenario(path)
        if loaded.scenario.built_during_play:
            continue  # no laid board to measure
        for players in loaded.scenario.player_counts:
            measured = measure(derive_realm(loaded, players)).values
            row = values.setdefault(players, {k: [] for k in BOOKLET_METRICS})
            for key in BOOKLET_METRICS:
                value = measured.get(key)
                if value is not None:
                    row[key].append(float(value))
    counts = {
        str(players): {k: [round(min(v), DECIMALS), round(statistics.median(v), DECIMALS),
                           round(max(v), DECIMALS)] for k, v in sorted(row.items()) if v}
        for players, row in sorted(values.items())}
    return {"format": SPREAD_FORMAT, "version": 1,
            "source": "booklet scenarios laid at each player count (scenarios/booklet, "
                      "built-during-play ones aside), measured by editor.analysis.metrics",
            "metrics": list(BOOKLET_METRICS), "counts": counts}


def spread_text(document: dict[str, Any]) -> str:
    return json.dumps(document, indent=2, sort_keys=True) + "\n"


def main(argv: list[str] | None = None) -> int:
    """``python -m editor.generate.standard`` from the repository's root: rewrite the data
    file from the booklet (paths relative to the working folder, as ``tools/`` scripts)."""
    import argparse

    parser = argparse.ArgumentParser(description="rebuild editor/data/" + SPREAD_FILE)
    parser.add_argument("--booklet", type=Path, default=Path("scenarios/booklet"))
    parser.add_argument("-o", "--output", type=Path,
                        default=Path("editor/data") / SPREAD_FILE)
    args = parser.parse_args(argv)
    if not args.booklet.is_dir():
        print(f"{args.booklet}: no such folder; run from the repository's root or pass "
              "--booklet", file=sys.stderr)
        return 2
    args.output.write_text(spread_text(booklet_spread(args.booklet)), encoding="utf-8")
    print(args.output)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
