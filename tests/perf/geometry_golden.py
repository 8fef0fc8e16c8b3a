"""Exact digests of what a realm now builds on first use: its polygons, areas, centroids,
part polygons and networkx graph, for every shipped scenario and player count.

The derivation used to build all of these eagerly; it now builds the adjacency as plain
dicts and leaves the rest for the first read (``realms lint`` reads none of them). The
golden file was written by the code *before* that change, so the lazily built objects
must be bit for bit what the eager code built: polygons compared by their WKB, floats
by ``repr``, the graph by its node order, each node's neighbour order and each edge's
attributes, plus ``realm_to_dict`` / GraphML / DOT as ``realms derive`` prints them.
Regenerate only for an intended change:  ``python tests/perf/geometry_golden.py --update``.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).resolve().parent / "golden" / "geometry.json"


def input_files() -> list[str]:
    """Every shipped scenario plus the generated realms with findings, relative to the repo."""
    found = sorted(REPO.glob("scenarios/**/*.realm.json"))
    found += sorted((REPO / "tests" / "perf" / "fixtures").glob("*.realm.json"))[:4]
    found.append(REPO / "tests" / "data" / "ring.realm.json")
    return [path.relative_to(REPO).as_posix() for path in found]


def realm_digest(realm: Any) -> str:
    """One digest of the realm's geometry, graph and serialisations (reads them all)."""
    import shapely

    from editor.topology.serialize import realm_to_dict, realm_to_dot, realm_to_graphml

    h = hashlib.sha256()

    def put(*items: object) -> None:
        for item in items:
            h.update(item if isinstance(item, bytes) else repr(item).encode())
            h.update(b"\0")

    for rid, region in realm.regions.items():
        polygon = region.polygon
        put(rid, region.area, region.centroid,
            b"-" if polygon is None else shapely.to_wkb(polygon))
    for part, polygon in realm.part_polygons.items():
        put(part, shapely.to_wkb(polygon))
    for node, near in realm.graph.adj.items():
        put(node, [(other, [(key, sorted(value) if isinstance(value, frozenset) else value)
                            for key, value in data.items()])
                   for other, data in near.items()])  # sets sorted: their order is hashing
    put(json.dumps(realm_to_dict(realm)), realm_to_graphml(realm), realm_to_dot(realm))
    return h.hexdigest()


def digests(*, fresh: bool = False, reverse: bool = True) -> dict[str, str]:
    """``file:players`` -> :func:`realm_digest`. By default one deriver derives all counts
    of a file first (as lint and the editor do) and the realms are read afterwards, last
    count first; ``fresh`` derives each count with a new deriver and reads it at once."""
    from editor.model.scenario_io import load_scenario
    from editor.topology import RealmDeriver

    result: dict[str, str] = {}
    for name in input_files():
        loaded = load_scenario(REPO / name)
        counts = list(loaded.scenario.player_counts)
        if fresh:
            for n in counts:
                result[f"{name}:{n}"] = realm_digest(RealmDeriver().derive(loaded, n))
            continue
        deriver = RealmDeriver()
        realms = {n: deriver.derive(loaded, n) for n in counts}
        for n in (reversed(counts) if reverse else counts):
            result[f"{name}:{n}"] = realm_digest(realms[n])
    return dict(sorted(result.items()))


def main(argv: list[str]) -> int:
    sys.path.insert(0, str(REPO))
    if argv != ["--update"]:
        print(__doc__)
        return 2
    GOLDEN.write_text(json.dumps(digests(fresh=True), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
