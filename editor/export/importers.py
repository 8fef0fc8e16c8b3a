"""Boards made elsewhere -> graph-only scenarios (regions and adjacency, no geometry).

Each importer returns scenario JSON that ``realms lint`` and every exporter
accept: one ``boards[].graph`` board per source board. Inputs are untrusted: a
cestpasphoto module is parsed with :mod:`ast` and only its literals are read,
never executed.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

from editor.model import fast_schema, schemas
from editor.model.errors import LoadError
from editor.model.jsonio import parse_json_text, read_json_text
from editor.model.scenario import DEFAULT_TURNS, FORMAT_VERSION
from editor.model.scenario_io import parse_scenario

IMPORT_FORMATS = ("smawg", "cestpasphoto", "engine")
SMAWG_TERRAINS = {"Farmland": "farmland", "Forest": "forest", "Hill": "hill",
                  "Swamp": "swamp", "Mountain": "mountain", "Sea": "sea", "Lake": "lake"}
SMAWG_SYMBOLS = {"Cavern": "cavern", "Mine": "mine", "Magic Source": "magic",
                 "Lost Tribe": "lost_tribe"}
CESTPASPHOTO_CONSTANTS = {"FORESTT": 0, "FARMLAND": 1, "HILLT": 2, "SWAMPT": 3,
                          "MOUNTAIN": 4, "WATER": 5, "True": 1, "False": 0}
CESTPASPHOTO_TERRAINS = ("forest", "farmland", "hill", "swamp", "mountain")
RULE_SECTIONS = ("water", "entry", "scoring", "setup", "dynamic")
MAX_TITLE = 200


class ImportFailed(Exception):
    """The input cannot be imported; ``str()`` is the one line the CLI prints."""


def _fail(shown: str, message: str, hint: str) -> ImportFailed:
    return ImportFailed(f"{shown}: {message}; {hint}")


def _ids(count: int) -> list[str]:
    """``r0``..``r9`` or ``r00``..``r22``: zero-padded so id order is index order."""
    width = len(str(max(count - 1, 0)))
    return [f"r{i:0{width}d}" for i in range(count)]


def _scenario(title: str, players: int, turns: int | None,
              boards: list[dict[str, Any]], notes: str) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format_version": FORMAT_VERSION,
        "title": (" ".join(title.split()) or "Imported board")[:MAX_TITLE],
        "players": {"min": players, "max": players},
        "boards": boards,
        "notes": notes,
    }
    if turns is not None and turns != DEFAULT_TURNS[players]:
        data["turns"] = {str(players): turns}
    return data


def _players(shown: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 2 <= value <= 6:
        raise _fail(shown, f"player count {value!r} is not 2-6",
                    "Small World Realms scenarios are for 2 to 6 players")
    return value


def _turns(value: Any) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 30:
        return None
    return value


# -- smawg ------------------------------------------------------------------------------
def _smawg_tiles(shown: str, tiles: Any) -> list[dict[str, Any]]:
    if not isinstance(tiles, list):
        raise _fail(shown, "map.tiles is not a list", "give the regions as a JSON array")
    ids = _ids(len(tiles))
    regions = []
    for index, tile in enumerate(tiles):
        where = f"map.tiles[{index}]"
        if not isinstance(tile, dict) or tile.get("terrain") not in SMAWG_TERRAINS:
            raise _fail(shown, f"{where} has no known terrain",
                        f"use one of {', '.join(SMAWG_TERRAINS)}")
        symbols = tile.get("symbols", [])
        if not isinstance(symbols, list) or any(s not in SMAWG_SYMBOLS for s in symbols):
            raise _fail(shown, f"{where} has an unknown symbol",
                        f"use {', '.join(SMAWG_SYMBOLS)}")
        region: dict[str, Any] = {"id": ids[index], "terrain": SMAWG_TERRAINS[tile["terrain"]]}
        if symbols:
            region["symbols"] = sorted({SMAWG_SYMBOLS[s] for s in symbols})
        region["board_edge"] = bool(tile.get("is_at_map_border", False))
        regions.append(region)
    return regions


def _edges(shown: str, pairs: Any, ids: list[str], what: str) -> list[list[str]]:
    if not isinstance(pairs, list):
        raise _fail(shown, f"{what} is not a list", "give the borders as a JSON array")
    edges = set()
    for index, pair in enumerate(pairs):
        ok = isinstance(pair, list | tuple) and len(pair) == 2 and all(
            isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(ids) for i in pair)
        if not ok:
            raise _fail(shown, f"{what}[{index}] is not a pair of region indexes "
                        f"0-{len(ids) - 1}", "fix the index")
        if pair[0] == pair[1]:
            raise _fail(shown, f"{what}[{index}] joins region {pair[0]} to itself",
                        "remove the self-loop")
        edges.add(tuple(sorted((int(pair[0]), int(pair[1])))))
    return [[ids[a], ids[b]] for a, b in sorted(edges)]


def scenario_from_smawg(text: str, shown: str) -> dict[str, Any]:
    try:
        data = parse_json_text(text, shown)
    except LoadError as exc:
        raise ImportFailed(str(exc)) from None
    if not isinstance(data, dict) or not isinstance(data.get("map"), dict):
        raise _fail(shown, "not a smawg assets file (no 'map' object)",
                    "pass the JSON given to `python -m smawg play`")
    regions = _smawg_tiles(shown, data["map"].get("tiles"))
    edges = _edges(shown, data["map"].get("tile_borders", []), [r["id"] for r in regions],
                   "map.tile_borders")
    players = _players(shown, data.get("n_players"))
    board = {"id": "surface", "kind": "surface", "graph": {"regions": regions, "edges": edges}}
    return _scenario(str(data.get("name", "")), players, _turns(data.get("n_turns")), [board],
                     f"Imported by `realms import --from smawg` from {Path(shown).name}.")


# -- cestpasphoto -----------------------------------------------------------------------
class _Constants(ast.NodeTransformer):
    """Replace the engine's named constants by their values, so literal_eval can read rows."""

    def visit_Name(self, node: ast.Name) -> ast.AST:
        if node.id in CESTPASPHOTO_CONSTANTS:
            return ast.copy_location(ast.Constant(CESTPASPHOTO_CONSTANTS[node.id]), node)
        return node


def _assignments(tree: ast.Module) -> dict[str, ast.expr]:
    found: dict[str, ast.expr] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and \
                isinstance(node.targets[0], ast.Name):
            found[node.targets[0].id] = node.value
    return found


def _literal(shown: str, values: dict[str, ast.expr], name: str) -> Any:
    node = values.get(name)
    if node is None:
        raise _fail(shown, f"no {name} = ... assignment", "is this a SmallworldMaps module?")
    if name == "descr" and isinstance(node, ast.Call) and node.args:
        node = node.args[0]  # np.array([...], dtype=np.int8): the rows are the first argument
    try:
        return ast.literal_eval(_Constants().visit(node))
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        raise _fail(shown, f"{name} is not a plain literal",
                    "write it with numbers, True/False and the terrain constants") from None


def _descr_region(shown: str, index: int, row: Any, region_id: str) -> dict[str, Any]:
    if not isinstance(row, list | tuple) or len(row) < 6 or \
            not all(isinstance(v, int) for v in row) or not 0 <= row[0] <= 5:
        raise _fail(shown, f"descr row {index} is not [terrain, cavern, magic, mine, "
                    "lost_tribe, at_edge]", "terrain must be 0-5 and flags True/False")
    at_edge = bool(row[5])
    water = "sea" if at_edge else "lake"
    terrain = water if row[0] == 5 else CESTPASPHOTO_TERRAINS[row[0]]
    names = ("cavern", "magic", "mine", "lost_tribe")
    symbols = sorted(n for n, flag in zip(names, row[1:5], strict=True) if flag)
    region: dict[str, Any] = {"id": region_id, "terrain": terrain}
    if symbols:
        region["symbols"] = symbols
    region["board_edge"] = at_edge
    region["first_conquest"] = at_edge and row[0] != 5
    return region


def scenario_from_cestpasphoto(text: str, shown: str, players: int | None) -> dict[str, Any]:
    try:
        tree = ast.parse(text, filename=shown)
    except SyntaxError as exc:
        raise _fail(f"{shown}:{exc.lineno or 0}:{exc.offset or 0}",
                    f"not valid Python ({exc.msg})", "pass a SmallworldMaps_<N>pl.py") from None
    values = _assignments(tree)
    rows = _literal(shown, values, "descr")
    neighbours = _literal(shown, values, "connexity_list")
    rounds = _literal(shown, values, "NB_ROUNDS") if "NB_ROUNDS" in values else None
    if not isinstance(rows, list | tuple) or not isinstance(neighbours, list | tuple):
        raise _fail(shown, "descr and connexity_list must be lists", "fix the module")
    if len(neighbours) != len(rows):
        raise _fail(shown, f"connexity_list has {len(neighbours)} entries for "
                    f"{len(rows)} areas", "give one neighbour list per area")
    ids = _ids(len(rows))
    regions = [_descr_region(shown, i, row, ids[i]) for i, row in enumerate(rows)]
    pairs: list[list[int]] = []
    for i, row in enumerate(neighbours):
        if not isinstance(row, list | tuple):
            raise _fail(shown, f"connexity_list[{i}] is not a list", "fix the module")
        pairs.extend([i, j] for j in row if j != i)
    edges = _edges(shown, pairs, ids, "connexity_list")
    if players is None:
        match = re.search(r"_([2-6])pl\b", Path(shown).stem + "\b")
        if match is None:
            raise _fail(shown, "the player count is not in the file name",
                        "name it SmallworldMaps_<N>pl.py or pass --players N")
        players = int(match.group(1))
    board = {"id": "surface", "kind": "surface", "graph": {"regions": regions, "edges": edges}}
    return _scenario(Path(shown).stem, _players(shown, players), _turns(rounds), [board],
                     f"Imported by `realms import --from cestpasphoto` from {Path(shown).name}.")


# -- engine -----------------------------------------------------------------------------
def _engine_board(doc: dict[str, Any], board: dict[str, Any]) -> dict[str, Any]:
    regions: list[dict[str, Any]] = []
    markers: list[dict[str, Any]] = []
    for region in doc["regions"]:
        if region["board"] != board["id"]:
            continue
        terrain = region["water_kind"] if region["kind"] == "water" else region["base_terrain"]
        entry: dict[str, Any] = {"id": region["id"], "terrain": terrain}
        if region["symbols"]:
            entry["symbols"] = list(region["symbols"])
        entry["board_edge"] = region["flags"]["board_edge"]
        entry["first_conquest"] = region["flags"]["first_conquest"]
        if region["first_conquest_for"] not in ([], ["all"]):
            entry["first_conquest_for"] = list(region["first_conquest_for"])
        if region["kind"] == "water":  # the scenario's water rules, resolved per body
            entry["entry_edge"] = region["flags"]["entry_edge"]
        if region["flags"]["impassable"]:
            entry["impassable"] = True
        regions.append(entry)
        markers.extend({**m, "region": region["id"]} for m in region["markers"])
    ids = {r["id"] for r in regions}
    edges = [[e["a"], e["b"]] for e in doc["adjacency"]
             if "border" in e["kinds"] and e["a"] in ids and e["b"] in ids]
    out: dict[str, Any] = {"id": board["id"], "kind": board["kind"]}
    if board.get("title"):
        out["title"] = board["title"]
    out["graph"] = {"regions": regions, "edges": edges}
    if markers:
        out["markers"] = markers
    return out


def scenario_from_engine(text: str, shown: str) -> dict[str, Any]:
    try:
        doc = parse_json_text(text, shown)
        if not isinstance(doc, dict) or doc.get("format") != "realms-studio-engine":
            raise _fail(shown, "not a realms-studio-engine file (no \"format\": "
                        "\"realms-studio-engine\")", "make one with `realms export --to engine`")
        fast_schema.validate_or_raise("engine", doc, text, shown)
    except LoadError as exc:
        raise ImportFailed(str(exc)) from None
    players = _players(shown, doc["players"])
    boards = [_engine_board(doc, b) for b in doc["boards"]]
    data = _scenario(doc["title"], players, doc["turns"], boards,
                     f"Imported by `realms import --from engine` from {Path(shown).name}.")
    if doc["links"]:
        data["links"] = [dict(link) for link in doc["links"]]
    for name in RULE_SECTIONS:
        if name in doc["rules"]:
            data[name] = doc["rules"][name]
    if doc["rules"].get("holes_are_board_edge"):
        data["holes_are_board_edge"] = True
    if "provenance" in schemas.schema("scenario").get("properties", {}):
        data["provenance"] = doc["provenance"]
    return data


# -- entry point ------------------------------------------------------------------------
def import_scenario(path: Path, fmt: str, players: int | None = None) -> str:
    """Canonical scenario text for ``path`` read as ``fmt``; raises :class:`ImportFailed`."""
    from editor.model.jsonio import canonical_json

    shown = str(path)
    try:
        text = read_json_text(path)
    except LoadError as exc:
        raise ImportFailed(str(exc)) from None
    if fmt == "smawg":
        data = scenario_from_smawg(text, shown)
    elif fmt == "cestpasphoto":
        data = scenario_from_cestpasphoto(text, shown, players)
    elif fmt == "engine":
        data = scenario_from_engine(text, shown)
    else:
        raise _fail(shown, f"unknown import format {fmt!r}",
                    f"use one of {', '.join(IMPORT_FORMATS)}")
    result = canonical_json(data)
    try:
        parse_scenario(result, f"{shown} (imported)")
    except LoadError as exc:
        raise ImportFailed(f"{shown}: the imported board is not a valid scenario: "
                           f"{exc.message}; {exc.hint or 'check the input'}") from None
    return result


__all__ = ["IMPORT_FORMATS", "ImportFailed", "import_scenario", "scenario_from_cestpasphoto",
           "scenario_from_engine", "scenario_from_smawg"]
