"""A derivation leaves no deferred collection behind (issue 17: "no deferred GC storm")."""

from __future__ import annotations

import gc
import time
from pathlib import Path

from editor import heap
from editor.model.scenario_io import LoadedScenario, load_scenario
from editor.topology import RealmDeriver

SCENARIO = Path(__file__).resolve().parents[2] / "scenarios" / "booklet" / \
    "01-my-precious-world.realm.json"


def test_objects_kept_by_a_derivation_do_not_start_a_young_collection() -> None:
    loaded = load_scenario(SCENARIO)
    deriver = RealmDeriver()
    realm = deriver.derive(loaded, 6)  # warm the caches: what follows is one plain run
    assert gc.isenabled() and gc.get_freeze_count() == 0
    gc.collect()
    young_collections = gc.get_count()[1]
    realm = deriver.derive(loaded, 6)
    # The realm's objects (thousands, far past the youngest generation's threshold) were
    # moved to the oldest generation, so returning started no collection that walks them.
    assert gc.get_count()[0] < 100
    assert gc.get_count()[1] == young_collections
    assert any(obj is realm.adjacency for obj in gc.get_objects(generation=2))
    assert gc.isenabled() and gc.get_freeze_count() == 0


def test_frozen_objects_of_the_process_stay_frozen() -> None:
    loaded = load_scenario(SCENARIO)
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        RealmDeriver().derive(loaded, 6)
        # Not exactly equal: a frozen object that dies leaves the count (under xdist the
        # worker's own threads free a few). Unfreezing would drop the count to 0, and
        # freezing the derivation's objects would add thousands.
        assert abs(gc.get_freeze_count() - frozen) < 100
        assert gc.isenabled()
    finally:
        gc.unfreeze()


def _cpu_of_derivations(deriver: RealmDeriver, loaded: LoadedScenario, rounds: int) -> float:
    start = time.process_time()
    for _ in range(rounds):
        deriver.derive(loaded, 6)
    return time.process_time() - start


def test_lints_frozen_heap_costs_a_derivation_nothing() -> None:
    """While lint holds a big heap frozen, a derivation must not walk it: asking CPython
    how many objects are frozen counts them one by one, which made every derivation in a
    test process cost ~20 ms more (a fuzz test ran 5x slower). CPU ratio, generous."""
    loaded = load_scenario(SCENARIO)
    deriver = RealmDeriver()
    deriver.derive(loaded, 6)
    # A big process's objects, made with the collector paused as a derivation pauses it:
    # otherwise each full collection while they pile up walks the whole test process (4 s
    # in the suite).
    with heap.no_cyclic_gc():
        ballast = [[index] for index in range(1_500_000)]
    plain = min(_cpu_of_derivations(deriver, loaded, 10) for _ in range(3))
    heap.freeze()
    try:
        frozen = min(_cpu_of_derivations(deriver, loaded, 10) for _ in range(3))
    finally:
        heap.unfreeze()
    del ballast
    assert not heap.frozen_by_us() and gc.get_freeze_count() == 0
    assert frozen < 3 * plain + 0.02, f"{frozen:.3f} s frozen vs {plain:.3f} s plain"
