"""Derivation benchmarks, each side by side with a naive all-pairs shapely method.

Run: ``python benchmarks/bench_derive.py`` (figures go to docs/performance.md).
Ratios matter more than absolute times on a noisy shared machine.
"""

from __future__ import annotations

import math
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import shapely

sys.path.insert(0, str(Path(__file__).resolve().parent))

from layouts import booklet_like_realm, stress_realm

from editor.model import lattice
from editor.model.scenario_io import LoadedScenario
from editor.topology import RealmDeriver
from editor.topology.geometric import adjacency_all_pairs


def median_time(action: Callable[[], object], repeat: int) -> float:
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def naive(loaded: LoadedScenario, players: int) -> int:
    """Polygons built one by one from trigonometric corners, then every pair tested."""
    polygons = {}
    catalogue = loaded.catalogue
    for board in loaded.scenario.boards:
        for p in board.tiles:
            if not p.presence.includes(players, loaded.scenario.players_min):
                continue
            cx, cy = lattice.to_euclidean(lattice.hex_centre(p.q, p.r))
            for region in catalogue.side(p.tile, p.side).regions:
                points = []
                for x, y in region.polygon:
                    angle = (math.atan2(y * lattice.Y_UNIT, x * lattice.X_UNIT)
                             - p.rotation * math.pi / 3)
                    radius = math.hypot(x * lattice.X_UNIT, y * lattice.Y_UNIT)
                    points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
                polygons[f"{p.tile}.{region.local_id}"] = shapely.Polygon(points)
    return len(adjacency_all_pairs(polygons))


def derive_all(deriver: RealmDeriver, loaded: LoadedScenario) -> None:
    for n in loaded.scenario.player_counts:
        deriver.derive(loaded, n)


def main() -> None:
    rows: list[tuple[str, float, float | None, str]] = []
    small = booklet_like_realm()
    ours = median_time(lambda: derive_all(RealmDeriver(), small), 30)
    baseline = median_time(lambda: [naive(small, n) for n in small.scenario.player_counts], 30)
    rows.append(("26-tile realm, all 5 player counts (cold cache)", ours, baseline, "<= 20 ms"))

    warm = RealmDeriver()
    derive_all(warm, small)
    moved = small.scenario.boards[0].tiles[5]

    def move_once() -> None:
        moved.q += 10  # off to a free hex and back: two edits, two derivations
        warm.derive(small, 6)
        moved.q -= 10
        warm.derive(small, 6)
    incremental = median_time(move_once, 60) / 2
    full_one = median_time(lambda: RealmDeriver().derive(small, 6), 30)
    rows.append(("move one tile of 26, re-derive (warm cache)", incremental, full_one,
                 "<= 5 ms (baseline column: cold full derivation)"))

    sizes = {}
    for n in (1_000, 10_000):
        realm = stress_realm(n)
        sizes[n] = median_time(lambda realm=realm: RealmDeriver().derive(realm, 2), 3)
    base_1k = median_time(lambda: naive(stress_realm(1_000), 2), 1)
    rows.append(("1,000-tile realm", sizes[1_000], base_1k, ""))
    rows.append(("10,000-tile realm", sizes[10_000], None, "<= 2 s (naive all-pairs: minutes)"))
    exponent = math.log(sizes[10_000] / sizes[1_000]) / math.log(10)

    print("| benchmark | Realms Studio | naive all-pairs shapely | ratio | target |")
    print("| --- | --- | --- | --- | --- |")
    for name, value, base, target in rows:
        ratio = f"{base / value:.1f}x" if base else "-"
        base_text = f"{base * 1000:.1f} ms" if base else "-"
        print(f"| {name} | {value * 1000:.1f} ms | {base_text} | {ratio} | {target} |")
    print(f"\nmeasured exponent from 1,000 to 10,000 tiles: {exponent:.2f} "
          "(n log n over that range would be 1.10)")


if __name__ == "__main__":
    main()
