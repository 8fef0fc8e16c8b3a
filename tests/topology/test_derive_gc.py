"""A derivation leaves no deferred collection behind (issue 17: "no deferred GC storm")."""

from __future__ import annotations

import gc
from pathlib import Path

from editor.model.scenario_io import load_scenario
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
    assert any(obj is realm.graph for obj in gc.get_objects(generation=2))
    assert gc.isenabled() and gc.get_freeze_count() == 0


def test_frozen_objects_of_the_process_stay_frozen() -> None:
    loaded = load_scenario(SCENARIO)
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        RealmDeriver().derive(loaded, 6)
        assert gc.get_freeze_count() == frozen
        assert gc.isenabled()
    finally:
        gc.unfreeze()
