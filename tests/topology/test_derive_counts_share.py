"""The player counts of one file share cached work, and get exactly what a fresh derivation
gives (issue 17: "shared work between player counts of one file")."""

from __future__ import annotations

from pathlib import Path

from editor.model.scenario_io import load_scenario
from editor.topology import RealmDeriver
from editor.topology.serialize import realm_to_dict

SCENARIO = Path(__file__).resolve().parents[2] / "scenarios" / "booklet" / \
    "05-the-rusted-throne.realm.json"


def test_all_counts_with_one_deriver_match_fresh_derivations() -> None:
    loaded = load_scenario(SCENARIO)
    shared = RealmDeriver()
    realms = {n: shared.derive(loaded, n) for n in loaded.scenario.player_counts}
    for n, realm in realms.items():
        assert realm_to_dict(realm) == realm_to_dict(RealmDeriver().derive(loaded, n))

    # The counts really share: a land part placed at every count is the same polygon
    # object in all of them, and so is a water body of several parts that does not change.
    first, last = realms[min(realms)], realms[max(realms)]
    common = [p for p in first.part_polygons if p in last.part_polygons]
    assert common
    assert all(first.part_polygons[p] is last.part_polygons[p] for p in common)
    bodies = [r for r in first.regions.values() if len(r.parts) > 1
              and r.id in last.regions and last.regions[r.id].parts == r.parts]
    assert bodies, "the scenario should keep a multi-part water body across counts"
    assert all(last.regions[r.id].polygon is r.polygon for r in bodies)


def test_a_realm_bigger_than_the_cache_is_derived_the_same_and_not_cached() -> None:
    loaded = load_scenario(SCENARIO)
    small = RealmDeriver(cache_size=10)  # fewer parts than any count of the scenario has
    for n in loaded.scenario.player_counts:
        assert realm_to_dict(small.derive(loaded, n)) == \
            realm_to_dict(RealmDeriver().derive(loaded, n))
        # its next change would clear them all before a hit: they are not kept
        assert not small._tiles and small._cached_parts == 0
