"""A map module for cestpasphoto's AlphaZero Small World (``SmallworldMaps_<N>pl.py``).

The engine reads ``NB_ROUNDS``, ``NB_AREAS``, ``descr`` (int8 rows ``[terrain,
cavern, magic, mine, lost_tribe, at_edge]``) and the ``connexity_matrix`` the
module builds from ``connexity_list``; its text display reads ``map_display``.
It supports 2 to 4 players only. ``at_edge`` means "may be a first conquest";
sea, lake and river are all ``WATER``; chasm regions are left out. The header's comments
say which of the scenario's rules the module carries and which it loses
(:mod:`editor.export.fidelity`).
"""

from __future__ import annotations

import textwrap

from editor.escaping import document_line
from editor.export.fidelity import summary
from editor.export.playable import PlayableBoard, playable_board
from editor.model.terrains import engine_terrain
from editor.topology.realm import Realm, Region

SUPPORTED_PLAYERS = (2, 3, 4)
TERRAIN_NAMES = {"forest": "FORESTT", "farmland": "FARMLAND", "hill": "HILLT",
                 "swamp": "SWAMPT", "mountain": "MOUNTAIN"}
TERRAIN_VALUES = {"FORESTT": 0, "FARMLAND": 1, "HILLT": 2, "SWAMPT": 3, "MOUNTAIN": 4,
                  "WATER": 5}
BLOCK_COLUMNS = 6  # areas per display row; each area is a 2 x 2 block of cells


class UnsupportedBoard(ValueError):
    """cestpasphoto's engine has maps for 2-4 players only, with at least one area."""


def _terrain(region: Region) -> str:
    if region.kind == "water":
        return "WATER"
    return TERRAIN_NAMES.get(engine_terrain(region.terrain), "FARMLAND")


def at_edge(region: Region) -> bool:
    """May be a first conquest; for water, a sea that counts as board edge (as the engine's
    official maps flag border seas and not the lake)."""
    return region.entry_edge if region.kind == "water" else region.first_conquest


def _flag(value: bool) -> str:
    return "True " if value else "False"


def _descr_lines(board: PlayableBoard) -> list[str]:
    lines = []
    for i, region in enumerate(board.regions):
        row = [f"{_terrain(region):<9}", _flag("cavern" in region.symbols),
               _flag("magic" in region.symbols), _flag("mine" in region.symbols),
               _flag(board.has_lost_tribe(region)), _flag(at_edge(region))]
        lines.append(f"\t[{', '.join(row)}],  # {i:2d} {region.id}")
    return lines


def _neighbours(board: PlayableBoard) -> list[list[int]]:
    result: list[list[int]] = [[] for _ in board.regions]
    for i, j in board.edges:
        result[i].append(j)
        result[j].append(i)
    return [sorted(n) for n in result]


def _display(board: PlayableBoard) -> tuple[int, int, list[str]]:
    """Each area as a 2 x 2 block showing codes 2 3 / 1 4 (id, power, people, defence)."""
    count = len(board.regions)
    columns = max(1, min(BLOCK_COLUMNS, count))
    rows = max(1, -(-count // columns))
    lines = []
    for block_row in range(rows):
        for top in (True, False):
            cells = []
            for block_col in range(columns):
                area = block_row * columns + block_col
                if area >= count:
                    cells += ["(0,0)", "(0,0)"]
                else:
                    codes = (2, 3) if top else (1, 4)
                    cells += [f"({area},{codes[0]})", f"({area},{codes[1]})"]
            lines.append("\t[" + ", ".join(cells) + "],")
    return 2 * columns, 2 * rows, lines


def cestpasphoto_text(realm: Realm) -> str:
    if realm.players not in SUPPORTED_PLAYERS:
        raise UnsupportedBoard(
            f"cestpasphoto maps exist for 2-4 players, not {realm.players}; "
            "export with --players 2, 3 or 4")
    board = playable_board(realm)
    if not board.regions:
        raise UnsupportedBoard(f"the board has no regions for {realm.players} players; "
                               "place tiles first")
    width, height, display = _display(board)
    title = document_line(realm.scenario.title)  # a NUL would make the module unparseable
    out = [
        f"# {title}: {realm.players} players. Exported by Realms Studio; drop it in as",
        f"# smallworld/SmallworldMaps_{realm.players}pl.py. Areas are regions in region-id "
        "order, chasms left out.",
        *(f"# {line}" for line in textwrap.wrap(document_line(summary(realm, "cestpasphoto")),
                                                 width=96)),
        "try:",
        "\tfrom .SmallworldConstants import *",
        "except ImportError:  # older checkouts import the constants as a top-level module",
        "\tfrom SmallworldConstants import *",
        "",
        f"NB_ROUNDS = {realm.scenario.turns(realm.players)}",
        "",
        "#################### MAP DESCRIPTION ####################",
        "",
        f"NB_AREAS = {len(board.regions)}",
        "",
        "# Area description (terrain)",
        "#    Terrain    cavern magic  mine lost-tribe at-edge",
        "descr = np.array([",
        *_descr_lines(board),
        "], dtype=np.int8)",
        "",
        "# Describe which areas are neighbours",
        "connexity_list = [",
        *(f"\t{n},  # {i}" for i, n in enumerate(_neighbours(board))),
        "]",
        "connexity_matrix = np.zeros((NB_AREAS, NB_AREAS), dtype=np.int8)",
        "for i in range(NB_AREAS):",
        "\tfor j in connexity_list[i]:",
        "\t\tconnexity_matrix[i, j], connexity_matrix[j, i] = True, True",
        "",
        "#################### SPECIFIC TO DISPLAY ####################",
        "",
        f"DISPLAY_WIDTH, DISPLAY_HEIGHT = {width}, {height}",
        "# First is area id, second is what to print (0=nothing, 1=ppl, 2=area ID, 3=power, "
        "4=defense)",
        "map_display = [",
        *display,
        "]",
    ]
    return "\n".join(out) + "\n"
