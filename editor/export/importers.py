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

from editor.export import engine_lint
from editor.export.engine import RULE_SECTIONS
from editor.model import fast_schema, schemas
from editor.model.errors import LoadError
from editor.model.jsonio import parse_json_text, read_json_text
from editor.model.jsonpos import PathKey, SourceMap, format_json_path
from editor.model.limits import (
    MAX_GRAPH_EDGES,
    MAX_GRAPH_REGIONS,
    MAX_IMPORT_DEPTH,
    MAX_IMPORT_NODES,
    MAX_STRING_CHARS,
    engine_size_problem,
    over_limit,
)
from editor.model.scenario import DEFAULT_TURNS, FORMAT_VERSION
from editor.model.scenario_io import parse_scenario

IMPORT_FORMATS = ("smawg", "cestpasphoto", "engine")
# an empty file given to import: the engine's own export is what it reads
EMPTY_IMPORT_HINT = "export the board again from its engine (or with `realms export`)"
SMAWG_TERRAINS = {"Farmland": "farmland", "Forest": "forest", "Hill": "hill",
                  "Swamp": "swamp", "Mountain": "mountain", "Sea": "sea", "Lake": "lake"}
SMAWG_SYMBOLS = {"Cavern": "cavern", "Mine": "mine", "Magic Source": "magic",
                 "Lost Tribe": "lost_tribe"}
CESTPASPHOTO_CONSTANTS = {"FORESTT": 0, "FARMLAND": 1, "HILLT": 2, "SWAMPT": 3,
                          "MOUNTAIN": 4, "WATER": 5, "True": 1, "False": 0}
CESTPASPHOTO_TERRAINS = ("forest", "farmland", "hill", "swamp", "mountain")
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
              boards: list[dict[str, Any]], notes: str | None) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format_version": FORMAT_VERSION,
        "title": (" ".join(title.split()) or "Imported board")[:MAX_TITLE],
        "players": {"min": players, "max": players},
        "boards": boards,
    }
    if notes is not None:
        data["notes"] = notes
    if turns is not None and turns != DEFAULT_TURNS[players]:
        data["turns"] = {str(players): turns}
    return data


def _players(shown: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 2 <= value <= 6:
        raise _fail(shown, f"player count {value!r} is not 2-6",
                    "Small World Realms scenarios are for 2 to 6 players")
    return value


MAX_TURNS = 30  # the scenario schema's bound on a turn count


def _turns(value: Any) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_TURNS:
        return None
    return value


def _turns_problem(value: Any) -> str | None:
    """Why ``value`` is not a turn count a scenario can hold, or None: an import that
    dropped it would play the turn track's count instead, without a word."""
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= MAX_TURNS:
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        shown = str(value) if -10**6 < value < 10**6 else ("a huge negative number"
                                                          if value < 0 else "a huge number")
        return f"is {shown}, not a number of turns from 1 to {MAX_TURNS}"
    return f"is {_kind(value)}, not a whole number of turns"


# -- smawg ------------------------------------------------------------------------------
class _Json:
    """Where a smawg error is: the file, line:column and JSON path of a value."""

    def __init__(self, text: str, shown: str) -> None:
        self.text = text
        self.shown = shown

    def fail(self, path: PathKey, message: str, hint: str) -> ImportFailed:
        try:
            position = SourceMap(self.text).position(path)
            where = f"{self.shown}:{position.line}:{position.column}"
        except (ValueError, RecursionError):
            where = self.shown
        return ImportFailed(f"{where}: {format_json_path(path)} {message}; {hint}")


def _smawg_shape(src: _Json, data: Any) -> None:
    """smawg's own rules for the parts we read, checked before anything uses a value, so
    a list where a name belongs is a message with its JSON path, never a TypeError."""
    if not isinstance(data, dict) or not isinstance(data.get("map"), dict):
        raise _fail(src.shown, "not a smawg assets file (no 'map' object)",
                    "pass the JSON given to `python -m smawg play`")
    for key, kind, name in (("name", str, "a string"), ("n_players", int, "an integer"),
                            ("n_turns", int, "an integer")):
        value = data.get(key)
        if key in data and (isinstance(value, bool) or not isinstance(value, kind)):
            raise src.fail((key,), f"is {_kind(value)}, not {name}", f"write {key} as {name}")
    if "n_turns" in data and (problem := _turns_problem(data["n_turns"])) is not None:
        raise src.fail(("n_turns",), problem,
                       "write the game's number of turns (10 on the turn track)")
    if isinstance(data.get("name"), str) and len(data["name"]) > MAX_STRING_CHARS:
        raise src.fail(("name",), f"is longer than {MAX_STRING_CHARS:,} characters",
                       "shorten the name")
    tiles = data["map"].get("tiles")
    if not isinstance(tiles, list):
        raise src.fail(("map", "tiles"), "is not a list", "give the regions as a JSON array")
    if len(tiles) > MAX_GRAPH_REGIONS:
        raise src.fail(("map", "tiles"), "has " + over_limit(
            "the map", len(tiles), MAX_GRAPH_REGIONS, "region").removeprefix("the map has "),
            "Realms Studio imports boards up to this size")
    for index, tile in enumerate(tiles):
        where: PathKey = ("map", "tiles", index)
        if not isinstance(tile, dict):
            raise src.fail(where, f"is {_kind(tile)}, not a region object",
                           'write {"terrain": ..., "symbols": [...]}')
        terrain = tile.get("terrain")
        if not isinstance(terrain, str) or terrain not in SMAWG_TERRAINS:
            raise src.fail((*where, "terrain"), f"has no known terrain ({_kind(terrain)})",
                           f"use one of {', '.join(SMAWG_TERRAINS)}")
        symbols = tile.get("symbols", [])
        if not isinstance(symbols, list):
            raise src.fail((*where, "symbols"), f"is {_kind(symbols)}, not a list",
                           "list the symbols, e.g. [\"Mine\"]")
        for s_index, symbol in enumerate(symbols):
            if not isinstance(symbol, str) or symbol not in SMAWG_SYMBOLS:
                raise src.fail((*where, "symbols", s_index),
                               f"has an unknown symbol ({_kind(symbol)})",
                               f"use {', '.join(SMAWG_SYMBOLS)}")
        if not isinstance(tile.get("is_at_map_border", False), bool):
            raise src.fail((*where, "is_at_map_border"), "is not true or false",
                           "write true or false")
    borders = data["map"].get("tile_borders", [])
    if not isinstance(borders, list):
        raise src.fail(("map", "tile_borders"), "is not a list",
                       "give the borders as a JSON array")
    if len(borders) > MAX_GRAPH_EDGES:
        raise src.fail(("map", "tile_borders"), "has " + over_limit(
            "the map", len(borders), MAX_GRAPH_EDGES, "border").removeprefix("the map has "),
            "Realms Studio imports boards up to this size")
    for index, pair in enumerate(borders):
        ok = isinstance(pair, list) and len(pair) == 2 and all(
            isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(tiles)
            for i in pair)
        if not ok:
            raise src.fail(("map", "tile_borders", index),
                           f"is not a pair of region indexes 0-{len(tiles) - 1}",
                           "fix the index")
        if pair[0] == pair[1]:
            raise src.fail(("map", "tile_borders", index),
                           f"joins region {pair[0]} to itself", "remove the self-loop")


def _kind(value: Any) -> str:
    """What a wrong value is, without quoting it (it may be long or hostile)."""
    return {dict: "an object", list: "a list", str: "a string", bool: "true/false",
            type(None): "null", int: "a number", float: "a number"}.get(type(value), "a value")


def _smawg_tiles(tiles: list[dict[str, Any]]) -> list[dict[str, Any]]:
    ids = _ids(len(tiles))
    regions = []
    for index, tile in enumerate(tiles):
        region: dict[str, Any] = {"id": ids[index], "terrain": SMAWG_TERRAINS[tile["terrain"]]}
        symbols = tile.get("symbols", [])
        if symbols:
            region["symbols"] = sorted({SMAWG_SYMBOLS[s] for s in symbols})
        # smawg reads the flag only for a first conquest: where a race may enter. The
        # default entry rule adds the shores of a border Sea, as smawg's own rule does.
        at_border = bool(tile.get("is_at_map_border", False))
        region["board_edge"] = at_border
        region["first_conquest"] = at_border and region["terrain"] not in ("sea", "lake")
        regions.append(region)
    return regions


def _edges(shown: str, pairs: Any, ids: list[str], what: str) -> list[list[str]]:
    if not isinstance(pairs, list):
        raise _fail(shown, f"{what} is not a list", "give the borders as a JSON array")
    if len(pairs) > 2 * MAX_GRAPH_EDGES:
        raise _fail(shown, over_limit(what, len(pairs), 2 * MAX_GRAPH_EDGES, "entry"),
                    "Realms Studio imports boards up to this size")
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


def scenario_from_smawg(text: str, shown: str, said: list[str] | None = None
                        ) -> dict[str, Any]:
    """The scenario of a smawg map; ``said`` gets what the import changed on the way (a
    border listed twice becomes one)."""
    try:
        data = parse_json_text(text, shown, empty_hint=EMPTY_IMPORT_HINT)
    except LoadError as exc:
        raise ImportFailed(str(exc)) from None
    _smawg_shape(_Json(text, shown), data)
    regions = _smawg_tiles(data["map"]["tiles"])
    pairs = data["map"].get("tile_borders", [])
    edges = _edges(shown, pairs, [r["id"] for r in regions], "map.tile_borders")
    players = _players(shown, data.get("n_players"))
    board = {"id": "surface", "kind": "surface", "graph": {"regions": regions, "edges": edges}}
    notes = f"Imported by `realms import --from smawg` from {Path(shown).name}."
    repeated = len(pairs) - len(edges)
    if repeated:  # smawg keeps each: a hand-edited map, most likely, worth a look
        change = (f"map.tile_borders lists {repeated} border{'s' if repeated > 1 else ''} "
                  "again (the same two regions, in either order): each is one border here")
        notes += f" {change[0].upper()}{change[1:]}."
        if said is not None:
            said.append(f"{shown}: {change}")
    return _scenario(str(data.get("name", "")), players, _turns(data.get("n_turns")), [board],
                     notes)


# -- cestpasphoto -----------------------------------------------------------------------
_NOT_BRACKET = re.compile(r"[^()\[\]{}]+")
_INNERMOST_PAIR = re.compile(r"\(\)|\[\]|\{\}")


def _bracket_problem(text: str, limit: int) -> int | None:
    """Offset of the first bracket nested deeper than ``limit``,
    found before :func:`ast.parse`, whose recursion a hostile module could exhaust. Real
    modules nest four deep; brackets inside strings or comments count too, which only
    matters for files that are not engine modules anyway."""
    brackets = _NOT_BRACKET.sub("", text)
    for _ in range(limit + 1):
        if not brackets:
            return None
        brackets = _INNERMOST_PAIR.sub("", brackets)
    depth = 0
    for offset, char in enumerate(text):
        if char in "([{":
            depth += 1
            if depth > limit:
                return offset
        elif char in ")]}":
            depth = max(depth - 1, 0)
    return None  # unmatched brackets: ast.parse says where


def _position(text: str, offset: int) -> str:
    line = text.count("\n", 0, offset) + 1
    return f"{line}:{offset - (text.rfind(chr(10), 0, offset) + 1) + 1}"


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


def _at(shown: str, node: ast.AST | None) -> str:
    line = getattr(node, "lineno", None)
    return f"{shown}:{line}:{getattr(node, 'col_offset', 0) + 1}" if line else shown


def _literal(shown: str, values: dict[str, ast.expr], name: str) -> Any:
    node = values.get(name)
    if node is None:
        raise _fail(shown, f"no {name} = ... assignment", "is this a SmallworldMaps module?")
    if name == "descr" and isinstance(node, ast.Call) and node.args:
        node = node.args[0]  # np.array([...], dtype=np.int8): the rows are the first argument
    try:
        return ast.literal_eval(_Constants().visit(node))
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        raise _fail(_at(shown, node), f"{name} is not a plain literal",
                    "write it with numbers, True/False and the terrain constants") from None


def _row_node(values: dict[str, ast.expr], name: str, index: int) -> ast.AST | None:
    node: ast.AST | None = values.get(name)
    if isinstance(node, ast.Call) and node.args:
        node = node.args[0]
    if isinstance(node, ast.List | ast.Tuple) and index < len(node.elts):
        return node.elts[index]
    return node


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


def _parse_module(text: str, shown: str) -> ast.Module:
    """The module's syntax tree, bounded in depth and size before and after parsing; the
    module is never executed."""
    deep = _bracket_problem(text, MAX_IMPORT_DEPTH)
    if deep is not None:
        raise _fail(f"{shown}:{_position(text, deep)}",
                    f"brackets nest deeper than {MAX_IMPORT_DEPTH} levels",
                    "pass a SmallworldMaps_<N>pl.py module as the engine writes it")
    try:
        tree = ast.parse(text, filename=shown)
    except SyntaxError as exc:
        raise _fail(f"{shown}:{exc.lineno or 0}:{exc.offset or 0}",
                    f"not valid Python ({exc.msg})", "pass a SmallworldMaps_<N>pl.py") from None
    except (MemoryError, RecursionError, ValueError):
        raise _fail(shown, "the module is too complex to read (deeply nested expressions)",
                    "pass a SmallworldMaps_<N>pl.py module as the engine writes it") from None
    for nodes, _node in enumerate(ast.walk(tree), start=1):
        if nodes > MAX_IMPORT_NODES:
            raise _fail(shown, f"the module has more than {MAX_IMPORT_NODES:,} syntax nodes",
                        "Realms Studio imports boards up to this size")
    return tree


def scenario_from_cestpasphoto(text: str, shown: str, players: int | None) -> dict[str, Any]:
    values = _assignments(_parse_module(text, shown))
    rows = _literal(shown, values, "descr")
    neighbours = _literal(shown, values, "connexity_list")
    rounds = _literal(shown, values, "NB_ROUNDS") if "NB_ROUNDS" in values else None
    if rounds is not None and (problem := _turns_problem(rounds)) is not None:
        raise _fail(_at(shown, values["NB_ROUNDS"]), f"NB_ROUNDS {problem}",
                    "write the game's number of rounds (10 on the turn track)")
    if not isinstance(rows, list | tuple) or not isinstance(neighbours, list | tuple):
        raise _fail(shown, "descr and connexity_list must be lists", "fix the module")
    if len(rows) > MAX_GRAPH_REGIONS:
        raise _fail(_at(shown, values["descr"]),
                    over_limit("descr", len(rows), MAX_GRAPH_REGIONS, "area"),
                    "Realms Studio imports boards up to this size")
    if len(neighbours) != len(rows):
        raise _fail(_at(shown, values["connexity_list"]),
                    f"connexity_list has {len(neighbours)} entries for "
                    f"{len(rows)} areas", "give one neighbour list per area")
    ids = _ids(len(rows))
    regions = []
    for i, row in enumerate(rows):
        regions.append(_descr_region(_at(shown, _row_node(values, "descr", i)), i, row, ids[i]))
    pairs: list[list[int]] = []
    for i, row in enumerate(neighbours):
        if not isinstance(row, list | tuple):
            raise _fail(_at(shown, _row_node(values, "connexity_list", i)),
                        f"connexity_list[{i}] is not a list", "fix the module")
        pairs.extend([i, j] for j in row if j != i)
    edges = _edges(_at(shown, values["connexity_list"]), pairs, ids, "connexity_list")
    if players is None:
        match = re.search(r"_([2-6])pl\b", Path(shown).stem + "\b")
        if match is None:
            raise _fail(shown, "the player count is not in the file name",
                        "name it SmallworldMaps_<N>pl.py or pass --players N")
        players = int(match.group(1))
    board = {"id": "surface", "kind": "surface", "graph": {"regions": regions, "edges": edges}}
    data = _scenario(Path(shown).stem, _players(shown, players), _turns(rounds), [board],
                     f"Imported by `realms import --from cestpasphoto` from {Path(shown).name}.")
    entry = _entry_rule(regions, edges)
    if entry is not None:
        data["entry"] = entry
    return data


def _entry_rule(regions: list[dict[str, Any]], edges: list[list[str]]) -> dict[str, Any] | None:
    """The entry regions as an explicit rule, when the board-edge rule would give others.

    cestpasphoto's at-edge flag says "may be a first conquest". Under the default rule a
    land region beside a sea at the edge is an entry too, so a scenario whose own rules
    narrowed the entries (booklet 3: only the western edge) would come back with more:
    listing them keeps export -> import -> export the same board (issue 29)."""
    entries = {r["id"] for r in regions if r["first_conquest"]}
    seas = {r["id"] for r in regions if r["terrain"] == "sea" and r["board_edge"]}
    by_default = {r["id"] for r in regions if r["board_edge"] and r["terrain"] != "sea"}
    land = {r["id"] for r in regions if r["terrain"] not in ("sea", "lake")}
    for a, b in edges:
        for here, there in ((a, b), (b, a)):
            if there in seas and here in land:
                by_default.add(here)
    if by_default == entries:
        return None
    return {"rules": [{"kind": "regions", "regions": sorted(entries)}]}


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
        doc = parse_json_text(text, shown, empty_hint=EMPTY_IMPORT_HINT)
        if not isinstance(doc, dict) or doc.get("format") != "realms-studio-engine":
            raise _fail(shown, "not a realms-studio-engine file (no \"format\": "
                        "\"realms-studio-engine\")", "make one with `realms export --to engine`")
        too_big = engine_size_problem(doc)
        if too_big is not None:
            key, message, hint = too_big
            raise _fail(shown, f"{message} (at $.{key[0]})", hint)
        fast_schema.validate_or_raise("engine", doc, text, shown)
    except LoadError as exc:
        raise ImportFailed(str(exc)) from None
    players = _players(shown, doc["players"])
    boards = [_engine_board(doc, b) for b in doc["boards"]]
    # The source scenario's own notes come back as written, and no import stamp is added
    # (the provenance says where the board came from): export -> import -> export gives the
    # same file.
    written = doc["rules"].get("notes")
    data = _scenario(doc["title"], players, doc["turns"], boards,
                     written if isinstance(written, str) else None)
    if doc["links"]:
        data["links"] = [dict(link) for link in doc["links"]]
    for name in RULE_SECTIONS:
        if name in doc["rules"]:
            data[name] = doc["rules"][name]
    if doc["rules"].get("holes_are_board_edge"):
        data["holes_are_board_edge"] = True
    kept = schemas.schema("scenario").get("properties", {}).get("provenance")
    if isinstance(kept, dict):  # what a scenario's provenance holds: an engine file's extras
        known = kept.get("properties", {})  # (its lint reasons, keys of later versions) stay
        data["provenance"] = {key: value for key, value in doc["provenance"].items()
                              if key in known}
    data.update(engine_lint.applicable(doc))  # the source's reasons, while the hash holds
    return data


# -- entry point ------------------------------------------------------------------------
def import_scenario(path: Path, fmt: str, players: int | None = None,
                    said: list[str] | None = None) -> str:
    """Canonical scenario text for ``path`` read as ``fmt``; raises :class:`ImportFailed`.
    ``said`` gets a line for each thing the import changed on the way."""
    from editor.model.jsonio import canonical_json
    from editor.model.user_paths import check_user_file

    shown = str(path)
    try:
        check_user_file(path)  # the one gate: no link out of the collection, no FIFO
        text = read_json_text(path)
    except LoadError as exc:
        raise ImportFailed(str(exc)) from None
    if fmt == "smawg":
        data = scenario_from_smawg(text, shown, said)
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
