"""Generated realms for benchmarks: compact hex spirals of catalogue tiles."""

from __future__ import annotations

import json
import random
from itertools import count

from editor.model.catalogue import Catalogue, Tile, default_catalogue
from editor.model.lattice import ring
from editor.model.scenario import Board, Placement, Presence, Scenario
from editor.model.scenario_io import LoadedScenario, scenario_text

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
# Booklet scenario 1 ("My Precious (World)!"): the player count each tile joins at.
SCENARIO_1 = {**{c: 2 for c in "CDFLORTXY"}, **{c: 3 for c in "HIQW"},
              **{c: 4 for c in "EKNPZ"}, **{c: 5 for c in "BJMV"}, **{c: 6 for c in "AGSU"}}


def spiral(n: int) -> list[tuple[int, int]]:
    """The first ``n`` cells of a hex spiral around (0, 0): a compact, roughly round realm."""
    cells = [(0, 0)]
    for radius in count(1):
        if len(cells) >= n:
            break
        cells += ring(radius)
    return cells[:n]


def stress_catalogue(n: int) -> Catalogue:
    """``n`` distinct tile keys sharing the 26 catalogue designs (every letter exists once)."""
    base = default_catalogue()
    tiles = {}
    for i in range(n):
        key = f"{LETTERS[i % 26]}{i}"
        tiles[key] = Tile(key, base.tiles[LETTERS[i % 26]].sides)
    return Catalogue("stress", "stress", tiles)


def stress_realm(n: int, seed: int = 1) -> LoadedScenario:
    rng = random.Random(seed)
    catalogue = stress_catalogue(n)
    placements = [Placement(key, "surface", q, r, rng.randrange(6))
                  for key, (q, r) in zip(catalogue.tiles, spiral(n), strict=True)]
    scenario = Scenario("stress", 2, 2, [Board("surface", "surface", tiles=placements)])
    return LoadedScenario(scenario, catalogue, None, "")


def booklet_like_realm() -> LoadedScenario:
    """26 tiles A-Z in a spiral, joining at scenario 1's player counts, 2-6 players."""
    rng = random.Random(7)
    order = sorted(LETTERS, key=lambda c: (SCENARIO_1[c], c))
    placements = [Placement(c, "surface", q, r, rng.randrange(6), Presence(SCENARIO_1[c]))
                  for c, (q, r) in zip(order, spiral(26), strict=True)]
    scenario = Scenario("booklet-like", 2, 6, [Board("surface", "surface", tiles=placements)])
    text = scenario_text(scenario)
    return LoadedScenario(scenario, default_catalogue(), None, text)


if __name__ == "__main__":
    print(json.dumps(booklet_like_realm().scenario.to_dict())[:200])
