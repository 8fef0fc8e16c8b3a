"""The graph of play derived from geometry: regions, adjacency, borders, holes, links."""

from editor.geometry.templates import euclidean
from editor.topology.derive import RealmDeriver, derive_realm
from editor.topology.realm import BorderSegment, Hole, Problem, Realm, Region

__all__ = ["BorderSegment", "Hole", "Problem", "Realm", "RealmDeriver", "Region",
           "derive_realm", "euclidean"]
