"""Write the deliberately bad boards the balance standard must flag (tests/data/bad-boards/).

    python tools/bad_boards.py

Each board is booklet scenario 1's tile set for 3 players (its tiles, turns, mountains and
lost tribes; river rules on) with one fault laid on purpose, or, where real tiles cannot
make the fault on their own, a graph-only board. Each stays lint-valid (no error) so it can
be played. ``faults.json`` beside them names each board's fault, the flag that must name it
and words its advice must use; ``tests/balance/test_bad_boards.py`` checks them and
``benchmarks/bench_balance_play.py`` plays them.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
SOURCE = REPO / "scenarios" / "booklet" / "01-my-precious-world.realm.json"
OUT = REPO / "tests" / "data" / "bad-boards"
PLAYERS = 3


def base(name: str, title: str) -> dict[str, Any]:
    """Scenario 1 for 3 players only: the tiles and markers laid at 3 players."""
    data: dict[str, Any] = json.loads(SOURCE.read_text(encoding="utf-8"))
    for key in ("translations", "layout_note", "notes", "stars"):
        data.pop(key, None)
    data.update(id=f"bad-{name}", title=title, players={"min": PLAYERS, "max": PLAYERS},
                author="Realms Studio: a deliberately bad board for the balance standard")
    board = data["boards"][0]

    def here(item: dict[str, Any]) -> bool:
        return item.get("min_players", 0) <= PLAYERS and (
            "players" not in item or PLAYERS in item["players"])

    for key in ("tiles", "markers", "river_markers"):
        board[key] = [{k: v for k, v in i.items() if k not in ("min_players", "players")}
                      for i in board.get(key, []) if here(i)]
    return data


def place(data: dict[str, Any], where: dict[str, tuple[int, int]]) -> dict[str, Any]:
    for tile in data["boards"][0]["tiles"]:
        if tile["tile"] in where:
            tile["q"], tile["r"] = where[tile["tile"]]
    return data


def line() -> dict[str, Any]:
    """Every tile in one row, each turned (first turn that works) so its land meets the
    tile before it: one land mass, no interior, a long thin realm."""
    from editor.analysis.metrics import measure
    from editor.model.scenario_io import parse_scenario
    from editor.topology import derive_realm

    data = base("line", "Bad board: tiles in one line")
    board = data["boards"][0]
    board["river_markers"] = []  # the row has no seams where the printed markers lie
    tiles = board["tiles"]
    laid: list[dict[str, Any]] = []
    def one_mass() -> bool:
        realm = derive_realm(parse_scenario(json.dumps(data), "line.realm.json"), PLAYERS)
        return measure(realm).values["land_masses"] == 1

    for i, tile in enumerate(tiles):
        tile["q"], tile["r"] = i, 0
        laid.append(tile)
        board["tiles"] = laid
        before = laid[-2] if len(laid) > 1 else None
        turns = [(b, t) for b in ([before["rotation"]] if before else [0]) + list(range(6))
                 for t in [tile["rotation"], *range(6)]]
        for back, turn in turns:  # this tile's turn first, then the one before it too
            tile["rotation"] = turn
            if before is not None:
                before["rotation"] = back
            if one_mass():
                break
        else:
            raise SystemExit(f"tile {tile['tile']} cannot join the row")
    board["tiles"] = tiles
    return data


def one_entry() -> dict[str, Any]:
    """Scenario 1's own layout, but races may enter through one listed region only."""
    data = base("one-entry", "Bad board: one entry region")
    data["entry"] = {"rules": [{"kind": "regions", "regions": ["C.s1"]}]}
    return data


def graph_of(data: dict[str, Any]) -> tuple[dict[str, dict[str, Any]], set[frozenset[str]]]:
    """The derived realm of ``data`` at 3 players as a graph-only board's regions and
    edges: every region but chasms, with its terrain (a mountain piece made terrain),
    symbols (lost tribes included), board edge and first conquest as derived."""
    from editor.model.scenario_io import parse_scenario
    from editor.topology import derive_realm

    realm = derive_realm(parse_scenario(json.dumps(data), "bad.realm.json"), PLAYERS)
    regions: dict[str, dict[str, Any]] = {}
    for rid, region in realm.regions.items():
        if region.chasm:
            continue
        spec: dict[str, Any] = {"id": rid, "terrain": region.terrain}
        symbols = list(dict.fromkeys(
            [*region.symbols, *(["lost_tribe"] if "lost_tribe" in region.marker_kinds()
                                else [])]))
        if symbols and region.is_land:
            spec["symbols"] = symbols
        if region.is_land:
            spec["first_conquest"] = region.first_conquest
        else:
            spec["board_edge"] = region.board_edge
            spec["entry_edge"] = region.entry_edge
        regions[rid] = spec
    edges = {frozenset((a, b)) for a, b in realm.graph.edges() if a in regions
             and b in regions and a != b}
    return regions, edges


def graph_board(name: str, title: str, regions: dict[str, dict[str, Any]],
                edges: set[frozenset[str]]) -> dict[str, Any]:
    data = base(name, title)
    for key in ("water", "entry"):
        data.pop(key, None)
    data["format_version"] = 2
    data["boards"] = [{"id": "surface", "kind": "surface", "graph": {
        "regions": [regions[r] for r in sorted(regions)],
        "edges": sorted(sorted(e) for e in edges)}}]
    return data


def _bfs(edges: set[frozenset[str]], start: str, keep: set[str]) -> list[str]:
    """The regions of ``keep`` in breadth-first order from ``start`` (ties by id)."""
    near: dict[str, set[str]] = {}
    for edge in edges:
        a, b = sorted(edge)
        near.setdefault(a, set()).add(b)
        near.setdefault(b, set()).add(a)
    order, seen = [start], {start}
    for node in order:
        for nxt in sorted(near.get(node, ())):
            if nxt not in seen and nxt in keep:
                seen.add(nxt)
                order.append(nxt)
    return order


def _holds(edges: set[frozenset[str]], rest: set[str]) -> bool:
    """Whether ``rest`` is one connected piece on its own edges."""
    inner = {e for e in edges if e <= rest}
    return len(_bfs(inner, min(rest), rest)) == len(rest)


def _land(regions: dict[str, dict[str, Any]]) -> set[str]:
    return {r for r, s in regions.items() if s["terrain"] not in ("river", "sea", "lake")}


def _cut_off(regions: dict[str, dict[str, Any]], edges: set[frozenset[str]],
             pocket: set[str], door: str | None) -> set[frozenset[str]]:
    """``pocket`` with no edge to the rest but to ``door``, and no entry of its own."""
    for rid in pocket:
        regions[rid]["first_conquest"] = False
    kept = {e for e in edges if len(e & pocket) != 1}
    if door is not None:
        kept |= {e for e in edges if door in e and e & pocket}
    return kept


def magic_corner() -> dict[str, Any]:
    """Scenario 1's graph of play with its magic sources moved to the regions nearest one
    corner (as many as before)."""
    regions, edges = graph_of(base("magic-corner", "source"))
    land = _land(regions)
    count = 0
    for spec in regions.values():
        if "magic" in spec.get("symbols", ()):
            count += 1
            spec["symbols"] = [s for s in spec["symbols"] if s != "magic"]
    corner = _bfs(edges, min(land), land)[-1]  # the land region farthest from another
    for rid in _bfs(edges, corner, land)[:count]:
        regions[rid]["symbols"] = [*regions[rid].get("symbols", []), "magic"]
    for spec in regions.values():
        if spec.get("symbols") == []:
            del spec["symbols"]
    return graph_board("magic-corner", "Bad board: every magic source in one corner",
                       regions, edges)


POCKET_SIZE = 8  # regions behind the door: about a third of the land at 3 players


def pocket() -> dict[str, Any]:
    """Scenario 1's graph of play with eight regions of one side linked to the rest through
    one land region only, none of them an entry."""
    regions, edges = graph_of(base("pocket", "source"))
    land = _land(regions)
    far = _bfs(edges, min(land), land)[-1]
    inside = _bfs(edges, far, land)
    pocket_regions = set(inside[:POCKET_SIZE])
    door = inside[POCKET_SIZE]
    edges = _cut_off(regions, edges, pocket_regions, door)
    return graph_board("pocket", "Bad board: a pocket behind one chokepoint", regions, edges)


def river_islands() -> dict[str, Any]:
    """Scenario 1's graph of play with eight regions of one side made into three islands in
    a new river: each island borders only that river (and its own regions), none is an
    entry, and the river meets the main land where those regions did."""
    regions, edges = graph_of(base("river-islands", "source"))
    land = _land(regions)
    far = _bfs(edges, min(land), land)[-1]
    shore = _bfs(edges, far, land)[:POCKET_SIZE]
    inside = set(shore)
    coast = sorted({r for e in edges if e & inside for r in e} - inside)
    islands = [set(shore[0:3]), set(shore[3:6]), set(shore[6:8])]
    river = "isles.river"
    regions[river] = {"id": river, "terrain": "river", "board_edge": False,
                      "entry_edge": False}
    edges = {e for e in edges if not e & inside or any(e <= i for i in islands)}
    edges |= {frozenset((r, river)) for r in [*shore, *coast]}
    for rid in inside:
        regions[rid]["first_conquest"] = False
    return graph_board("river-islands", "Bad board: islands reachable across one river",
                       regions, edges)


def mass_and_islands() -> dict[str, Any]:
    """Scenario 1's graph of play with three groups of regions on the edge cut off from the
    rest by the sea: one land mass plus islands (lint's G003 ignored, on purpose)."""
    regions, edges = graph_of(base("islands", "source"))
    land = _land(regions)
    entries = sorted(r for r in land if regions[r]["first_conquest"])
    groups, taken = [], set()
    for start in entries[::4][:3]:
        group = [r for r in _bfs(edges, start, land - taken)[:3]]
        taken |= set(group)
        groups.append(set(group))
    edges = {e for e in edges if not any(len(e & g) == 1 for g in groups)}
    data = graph_board("islands", "Bad board: one land mass plus islands", regions, edges)
    data["lint"] = {"ignore": [{"code": "G003", "reason": (
        "A deliberately bad board for the balance standard: the islands are cut off on "
        "purpose, to check that the standard flags them.")}]}
    return data


BUILDERS: dict[str, Callable[[], dict[str, Any]]] = {
    "line": line, "one-entry": one_entry, "magic-corner": magic_corner,
    "pocket": pocket, "river-islands": river_islands, "islands": mass_and_islands,
}


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, build in BUILDERS.items():
        path = OUT / f"{name}.realm.json"
        path.write_text(json.dumps(build(), indent=2, ensure_ascii=False) + "\n",
                        encoding="utf-8")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
