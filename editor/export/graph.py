"""The graph of play as GraphML or Graphviz DOT (serialisers live in the topology layer)."""

from __future__ import annotations

from editor.topology.realm import Realm
from editor.topology.serialize import realm_to_dot, realm_to_graphml


def graphml_text(realm: Realm) -> str:
    return realm_to_graphml(realm)


def dot_text(realm: Realm) -> str:
    return realm_to_dot(realm)
