"""The engine-neutral export: the resolved board for one player count.

An engine needs the graph of play, not our geometry: regions with their final
terrain, symbols, markers and flags, adjacency with border and link kinds,
holes, turns and the scenario's rule sections with every region reference
resolved to a region id. Lists are sorted and keys canonical so two exports of
the same board are byte-identical, and so the board survives
``realms import --from engine`` unchanged (see docs/export.md).
"""

from __future__ import annotations

import copy
from typing import Any

from editor import __version__
from editor.export import engine_lint
from editor.export.fidelity import scenario_notes, summary
from editor.model.jsonio import canonical_json
from editor.model.scenario_io import LoadedScenario
from editor.topology.realm import Realm, Region
from editor.topology.serialize import hole_to_dict

ENGINE_FORMAT = "realms-studio-engine"
# 2: holes as runs of hexes and their hex count, as `realms derive` prints them (1 listed
# every hex: 57 MB for the hole of a ring of 4,000 tiles); both are read back.
ENGINE_FORMAT_VERSION = 2
LINK_KINDS = ("access", "cloud_bridge", "custom", "tunnel")
# the sections an engine needs to play the scenario as written (expansions: whose races and
# powers are in the game); `realms import --from engine` reads the same list back
RULE_SECTIONS = ("water", "entry", "scoring", "setup", "dynamic", "expansions")
# Geometric border kinds collapse to "border": an engine needs "these two regions share
# a border", not whether it runs inside a tile or along a seam (`realms derive` keeps that).
BORDER_KINDS = frozenset({"inside", "seam", "river_marker", "border"})


def marker_to_dict(realm: Realm, kind: str, attrs: dict[str, Any]) -> dict[str, Any]:
    """A marker as engines see it: its attributes, with an access target as a region id."""
    out: dict[str, Any] = {"kind": kind, **attrs}
    target = attrs.get("target")
    if isinstance(target, str):
        out["target"] = realm.resolve(target) or target
    return out


def region_entry(realm: Realm, region: Region) -> dict[str, Any]:
    markers = [marker_to_dict(realm, m.kind, m.attrs) for m in region.markers]
    markers.sort(key=lambda m: (m["kind"], canonical_json(m)))
    base = region.water_kind if region.kind == "water" else region.base_terrain
    return {
        "id": region.id,
        "board": region.board,
        "kind": region.kind,
        "terrain": region.terrain,
        "base_terrain": base,
        "water_kind": region.water_kind,
        "symbols": sorted(region.symbols),
        "markers": markers,
        "flags": {
            "board_edge": region.board_edge,
            "first_conquest": region.first_conquest,
            "coastal": region.coastal and not region.chasm,  # a chasm is out of play
            "chasm": region.chasm,
            "impassable": region.impassable,
            "entry_edge": region.entry_edge,
        },
        "first_conquest_for": sorted(region.first_conquest_for),
        "holes": sorted(region.holes),
    }


def adjacency(realm: Realm) -> list[dict[str, Any]]:
    edges = []
    for a, b, data in realm.graph.edges(data=True):
        first, second = sorted((a, b))
        raw = set(data["kinds"])
        kinds = {k for k in raw if k not in BORDER_KINDS}
        if raw & BORDER_KINDS:
            kinds.add("border")
        edges.append({"a": first, "b": second, "kinds": sorted(kinds)})
    edges.sort(key=lambda e: (e["a"], e["b"]))
    return edges


def links(realm: Realm) -> list[dict[str, Any]]:
    """The scenario's explicit links active for this count, ends resolved to region ids."""
    scenario = realm.scenario
    out = []
    for link in scenario.links:
        if not link.presence.includes(realm.players, scenario.players_min):
            continue
        a, b = realm.resolve(link.a), realm.resolve(link.b)
        if a is None or b is None or a == b:
            continue
        first, second = sorted((a, b))
        entry: dict[str, Any] = {"kind": link.kind, "a": first, "b": second}
        if link.label is not None:
            entry["label"] = link.label
        out.append(entry)
    out.sort(key=lambda e: (e["a"], e["b"], e["kind"], e.get("label", "")))
    return out


def _resolve_refs(realm: Realm, refs: list[str]) -> list[str]:
    resolved = {realm.resolve(ref) for ref in refs}
    return sorted(r for r in resolved if r is not None)


def rules(realm: Realm) -> dict[str, Any]:
    """The rule sections as written, with region references resolved for this count."""
    sections = realm.scenario.sections
    out: dict[str, Any] = {name: copy.deepcopy(sections[name])
                           for name in RULE_SECTIONS if name in sections}
    out["holes_are_board_edge"] = bool(sections.get("holes_are_board_edge", False))
    notes = scenario_notes(realm.scenario)
    if notes is not None:  # rules stated only in words travel too
        out["notes"] = notes
    water = out.get("water")
    if isinstance(water, dict) and "bodies" in water:
        bodies = []
        for body in water["bodies"]:
            rid = realm.resolve(body["region"])
            if rid is not None:
                bodies.append({**body, "region": rid})
        water["bodies"] = sorted(bodies, key=lambda b: b["region"])
    entry = out.get("entry")
    if isinstance(entry, dict):
        for rule in entry.get("rules", []):
            if "regions" in rule:
                rule["regions"] = _resolve_refs(realm, rule["regions"])
    return out


def provenance(loaded: LoadedScenario) -> dict[str, Any]:
    """Where the board came from; an imported board keeps its original provenance."""
    kept = loaded.scenario.sections.get("provenance")
    if isinstance(kept, dict):
        return copy.deepcopy(kept)
    source = loaded.path.as_posix() if loaded.path is not None else "<memory>"
    return {
        "source": source,
        "catalogue": loaded.catalogue.id,
        "custom_catalogues": list(loaded.scenario.sections.get("catalogues", [])),
        "tool": "realms-studio",
        "tool_version": __version__,
    }


def engine_document(loaded: LoadedScenario, realm: Realm) -> dict[str, Any]:
    """The engine file's content; its provenance carries the source's lint reasons for
    this count (:mod:`editor.export.engine_lint`), so the export lints as the source does."""
    scenario = realm.scenario
    document = {
        "format": ENGINE_FORMAT,
        "format_version": ENGINE_FORMAT_VERSION,
        "title": scenario.title,
        "description": f"Exported by Realms Studio from \"{scenario.title}\" for "
                       f"{realm.players} players. {summary(realm, 'engine')}",
        "players": realm.players,
        "turns": scenario.turns(realm.players),
        "boards": [{"id": b.id, "kind": b.kind, "title": b.title} for b in scenario.boards],
        "regions": [region_entry(realm, r) for r in realm.regions.values()],
        "adjacency": adjacency(realm),
        "links": links(realm),
        "holes": [hole_to_dict(h) for h in realm.holes],
        "rules": rules(realm),
        "provenance": provenance(loaded),
    }
    engine_lint.stamp(document, engine_lint.carried(loaded, realm))
    return document


def engine_text(loaded: LoadedScenario, realm: Realm) -> str:
    return canonical_json(engine_document(loaded, realm))
