"""A smawg rules plugin that plays the scenario as written, as far as smawg's actions allow.

``realms export --to smawg --plugin`` writes it beside the assets file; smawg loads it with
``smawg play --rules=FILE`` (smawg/docs/rules.md: a module whose ``Rules`` subclasses
smawg's rules). The code is one fixed template (``editor/data/smawg-rules-plugin.py.in``);
what differs per board is data: the region indexes of the entries, rivers, impassable
water, peaks and coin mines, embedded as one JSON text in a Python string literal made by
:func:`ascii`, so nothing a scenario says (its title included) can become code. What the
plugin carries and what it still loses is the ``smawg_plugin`` column of
``editor/data/engine-rules.json``, which the assets file's description reads.

The plugin runs inside smawg, a GPL-3.0 engine; the generated file says so.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

from editor.export.fidelity import catalogue
from editor.export.playable import PlayableBoard, playable_board, river_crossings
from editor.model.paths import data_file
from editor.model.rules import water_rules
from editor.topology.realm import Realm

TEMPLATE = "smawg-rules-plugin.py.in"
SLOT = "@DATA@"
PLUGIN_FORMAT = "realms-studio-smawg-plugin"
CHUNK = 80  # JSON characters per line of the literal (escapes make a line longer)


@cache
def _template() -> str:
    with open(data_file(TEMPLATE), encoding="utf-8") as stream:
        text = stream.read()
    assert text.count(SLOT) == 1, f"{TEMPLATE} must hold {SLOT} once"
    return text


def plugin_data(realm: Realm, document: dict[str, Any],
                board: PlayableBoard | None = None) -> dict[str, Any]:
    """What the plugin needs of this board, by tile index (the assets file's order)."""
    board = board or playable_board(realm)
    regions = board.regions
    settings = catalogue()["smawg_plugin"]
    tiles = document["map"]["tiles"]
    rivers: list[int] = []
    crossings: list[list[int]] = []
    if water_rules(realm.scenario).river_rules:
        rivers = [i for i, r in enumerate(regions)
                  if r.water_kind == "river" and not r.impassable]
        borders = {tuple(edge) for edge in board.edges if _real_border(realm, board, edge)}
        crossings = [list(pair) for pair in sorted(river_crossings(realm, board.index))
                     if pair not in borders]
    mines: dict[str, int] = {}
    for rule in realm.scenario.sections.get("scoring") or []:
        if isinstance(rule, dict) and rule.get("kind") == "coin_mine":
            coins = int(rule.get("coins", 1))
            for i, region in enumerate(regions):
                if "coin_mine" in region.marker_kinds():
                    mines[str(i)] = mines.get(str(i), 0) + coins
    exempt = realm.scenario.section("entry").get("exempt_powers") or []
    river_set = set(rivers)
    return {
        "format": PLUGIN_FORMAT,
        "title": realm.scenario.title,
        "players": realm.players,
        "terrains": [t["terrain"] for t in tiles],
        # smawg's own flag is for land; a river the scenario lets races enter (an arrow on
        # it, under river rules) is an entry the plugin enforces too
        "entry": [i for i, t in enumerate(tiles)
                  if t["is_at_map_border"] or (i in river_set and regions[i].first_conquest)],
        "exempt_powers": sorted(str(p) for p in exempt),
        "rivers": rivers,
        "river_crossings": crossings,
        "impassable": [i for i, r in enumerate(regions) if r.kind == "water" and r.impassable],
        "peaks": [i for i, r in enumerate(regions)
                  if r.is_land and "peak" in r.marker_kinds()],
        "coin_mines": mines,
        "river_cost": settings["river_cost"],
        "peak_defence": settings["peak_defence"],
    }


def _real_border(realm: Realm, board: PlayableBoard, edge: tuple[int, int]) -> bool:
    a, b = (board.regions[i].id for i in edge)
    return bool(realm.graph.has_edge(a, b))


def plugin_text(realm: Realm, document: dict[str, Any],
                board: PlayableBoard | None = None) -> str:
    """The plugin module: the template with this board's data as JSON in ASCII string
    literals (``ascii`` of a ``str`` is always one valid Python literal), one per line of
    at most :data:`CHUNK` characters of JSON, which Python joins back into one string."""
    data = json.dumps(plugin_data(realm, document, board), sort_keys=True,
                      separators=(",", ":"))
    chunks = [data[i:i + CHUNK] for i in range(0, len(data), CHUNK)]
    literal = "\n" + "".join(f"    {chunk!a}\n" for chunk in chunks)
    return _template().replace(SLOT, literal)


def plugin_name(assets: Path) -> str:
    """The plugin's file name beside ``assets``: smawg imports the file by its stem, so it
    must be a Python identifier (``03-go-east.4p.smawg.json`` ->
    ``realms_03_go_east_4p_rules.py``)."""
    stem = assets.name.removesuffix(".json").removesuffix(".smawg")
    return "realms_" + re.sub(r"\W", "_", stem, flags=re.ASCII) + "_rules.py"
