"""A minimal legality check of a board, before export and on exported files.

An engine handed a board it cannot play fails late and obscurely (a race with nowhere to
enter, land no race can ever reach). Every export refuses such a board with a message
saying what is wrong and what to do, and the test suite runs the same check on the files
exported from every shipped scenario. The check is deliberately small, the game's own
minimum and nothing about balance (that is ``realms lint``):

* there is land to play on;
* the land is one piece for land travel: land, rivers, tunnels and links connect; seas,
  lakes, chasms and impassable water do not (a necromancer-island board sits apart in its
  lake and is left out, as in ``realms lint``);
* every land region can be reached from a region where a race may enter (first conquest);
* every player can deploy: there is an entry region, and at least one land region per
  player.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from editor.model.travel import APART_BOARD_KINDS, walkable_regions
from editor.topology.realm import Realm

SHOWN = 5


def _short(ids: Iterable[str]) -> str:
    items = sorted(ids)
    text = ", ".join(items[:SHOWN])
    return text + (f" and {len(items) - SHOWN} more" if len(items) > SHOWN else "")


def _components(nodes: list[str], adjacent: Mapping[str, Iterable[str]]) -> list[set[str]]:
    keep = set(nodes)
    seen: set[str] = set()
    found = []
    for start in sorted(keep):
        if start in seen:
            continue
        seen.add(start)
        piece = {start}
        stack = [start]
        while stack:
            for nxt in adjacent.get(stack.pop(), ()):
                if nxt in keep and nxt not in seen:
                    seen.add(nxt)
                    piece.add(nxt)
                    stack.append(nxt)
        found.append(piece)
    return sorted(found, key=lambda c: (-len(c), min(c)))


def check_graph(players: int, land: set[str], walkable: list[str], entries: set[str],
                adjacent: Mapping[str, Iterable[str]], one_piece: bool = True) -> list[str]:
    """The problems of a graph of play, each one sentence with the fix (empty: legal).
    ``one_piece=False`` accepts several land masses as long as each has an entry region
    (what an engine without rivers or links needs: smawg's lakes)."""
    if not land:
        return [f"the board has no land region for {players} players; place tiles first "
                "(realms edit FILE)"]
    problems = []
    pieces = _components(walkable, adjacent)
    if len(pieces) > 1 and one_piece:
        cut = [r for piece in pieces[1:] for r in piece]
        problems.append(
            f"the land falls apart into {len(pieces)} pieces for land travel ({_short(cut)} "
            "cut off); move tiles so they share sides, or join the pieces with a tunnel or "
            "a link (seas, lakes and chasms do not connect)")
    if not entries:
        problems.append("no land region is a first conquest, so no race can enter the board; "
                        "open the layout to the board edge or fix the entry rules")
    else:
        reached = set().union(*(p for p in pieces if p & entries))
        lost = sorted(land - reached)
        if lost and (len(pieces) == 1 or not one_piece):
            problems.append(f"{_short(lost)}: land no race can reach from an entry region; "
                            "connect it or let races enter there")
    if len(land) < players:
        problems.append(f"{len(land)} land region(s) for {players} players: not every player "
                        "can deploy; add tiles")
    return problems


def realm_problems(realm: Realm) -> list[str]:
    """:func:`check_graph` on a derived realm."""
    walkable = walkable_regions(realm)
    regions = realm.regions
    land = {rid for rid in walkable if regions[rid].is_land}
    entries = {rid for rid in land if regions[rid].first_conquest}
    return check_graph(realm.players, land, walkable, entries, realm.graph.adj)


def engine_file_problems(doc: Mapping[str, Any]) -> list[str]:
    """:func:`check_graph` on an exported engine file (schemas/engine.schema.json), read as
    an engine would read it: nothing from the scenario, only the file."""
    kinds = {b["id"]: b["kind"] for b in doc.get("boards", [])}
    walkable = []
    land: set[str] = set()
    entries: set[str] = set()
    for region in doc.get("regions", []):
        flags = region.get("flags", {})
        if flags.get("chasm") or flags.get("impassable") or \
                kinds.get(region.get("board")) in APART_BOARD_KINDS:
            continue
        rid = region["id"]
        if region["kind"] == "land":
            land.add(rid)
            walkable.append(rid)
            if flags.get("first_conquest"):
                entries.add(rid)
        elif region.get("water_kind") == "river":
            walkable.append(rid)
    adjacent: dict[str, set[str]] = {}
    for edge in [*doc.get("adjacency", []), *doc.get("links", [])]:
        adjacent.setdefault(edge["a"], set()).add(edge["b"])
        adjacent.setdefault(edge["b"], set()).add(edge["a"])
    return check_graph(int(doc["players"]), land, walkable, entries, adjacent)


def smawg_file_problems(doc: Mapping[str, Any],
                        names: Sequence[str] | None = None) -> list[str]:
    """:func:`check_graph` on an exported smawg assets file: land is any terrain but Sea
    and Lake, entries are the tiles at the map border (smawg's first-conquest rule).
    Tiles are named by their index, or by ``names`` (the region ids, in tile order)."""
    tiles = doc["map"]["tiles"]
    ids = list(names) if names is not None else [str(i) for i in range(len(tiles))]
    land = {ids[i] for i, t in enumerate(tiles) if t["terrain"] not in ("Sea", "Lake")}
    entries = {ids[i] for i, t in enumerate(tiles)
               if ids[i] in land and t.get("is_at_map_border")}
    adjacent: dict[str, set[str]] = {}
    for a, b in doc["map"]["tile_borders"]:
        adjacent.setdefault(ids[a], set()).add(ids[b])
        adjacent.setdefault(ids[b], set()).add(ids[a])
    return check_graph(int(doc["n_players"]), land, sorted(land), entries, adjacent,
                       one_piece=False)
