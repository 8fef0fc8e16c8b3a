"""An assets file for smawg (``python -m smawg play FILE``).

smawg knows five land terrains, Sea and Lake, four symbols and one flag. Choices
(documented in docs/export.md): chasm regions are left out; a river becomes a
Lake (smawg has no river rules, and a Lake is the unconquerable water it knows), with
borders across it between the land on its banks (:mod:`editor.export.playable`);
the Lost Tribe symbol marks a printed lost-tribe mark or a lost_tribe marker.
``is_at_map_border`` is the region's first-conquest flag under the scenario's entry rules
(the engine export's ``first_conquest``, cestpasphoto's ``at_edge``): smawg reads the flag
only for a race's first conquest, so the physical edge would let races in where the
scenario does not (Go East enters only from the west). Water tiles never carry it, since
smawg also lets a race in on the shore of a border Sea. Every tile carries ``symbols``
(``[]`` when it has none) and ``is_at_map_border`` explicitly, although smawg defaults
both, so the file says what each region is without knowing smawg's defaults. The
description says which of the scenario's rules the file carries and which it loses
(:mod:`editor.export.fidelity`); :mod:`editor.export.smawg_plugin` writes the rules plugin
that plays more of them.
"""

from __future__ import annotations

from typing import Any

from editor.export.base_game import base_game
from editor.export.fidelity import smawg_summary
from editor.export.playable import PlayableBoard, playable_board
from editor.model.json_text import indented_json
from editor.model.terrains import engine_terrain
from editor.topology.realm import Realm, Region

TERRAINS = {"farmland": "Farmland", "forest": "Forest", "hill": "Hill", "swamp": "Swamp",
            "mountain": "Mountain", "sea": "Sea", "lake": "Lake", "river": "Lake"}
SYMBOLS = {"cavern": "Cavern", "mine": "Mine", "magic": "Magic Source"}
SYMBOL_ORDER = ("Cavern", "Mine", "Magic Source", "Lost Tribe")


def _tile(region: Region, lost_tribe: bool) -> dict[str, Any]:
    terrain = TERRAINS.get(engine_terrain(region.terrain),
                           "Lake" if region.kind == "water" else "Farmland")
    symbols = {SYMBOLS[s] for s in region.symbols if s in SYMBOLS}
    if lost_tribe:
        symbols.add("Lost Tribe")
    return {"terrain": terrain, "symbols": [s for s in SYMBOL_ORDER if s in symbols],
            "is_at_map_border": region.is_land and region.first_conquest}


def _description(realm: Realm) -> str:
    return (f"Exported by Realms Studio from \"{realm.scenario.title}\" for "
            f"{realm.players} players; tiles are regions in region-id order. "
            f"{smawg_summary(realm)}")


class UnplayableInSmawg(ValueError):
    """The board is fine, but its smawg file would leave land out of every race's reach."""


def smawg_document(realm: Realm, board: PlayableBoard | None = None) -> dict[str, Any]:
    game = base_game()
    board = board or playable_board(realm)
    return {
        "name": f"{realm.scenario.title} ({realm.players} players)",
        "description": _description(realm),
        "n_players": realm.players,
        "n_coins_on_start": game.coins_on_start,
        "n_selectable_combos": game.selectable_combos,
        "n_turns": realm.scenario.turns(realm.players),
        "abilities": [{"name": p.name, "n_tokens": p.tokens} for p in game.powers],
        "races": [{"name": r.name, "n_tokens": r.tokens, "max_n_tokens": r.max_tokens}
                  for r in game.races],
        "map": {
            "tiles": [_tile(r, board.has_lost_tribe(r)) for r in board.regions],
            "tile_borders": [[i, j] for i, j in board.edges],
        },
    }


def smawg_text(realm: Realm) -> str:
    """The smawg assets file, refused (:class:`UnplayableInSmawg`) when smawg could not play
    it: smawg has no rivers (they become lakes, which no race enters), so land that only a
    river joins to the rest would be out of reach in the file even when the board is fine."""
    from editor.export.legality import smawg_file_problems

    board = playable_board(realm)
    document = smawg_document(realm, board)
    problems = smawg_file_problems(document, [region.id for region in board.regions])
    if problems:
        raise UnplayableInSmawg(
            f"not exported: smawg cannot play this board for {realm.players} players, "
            f"because smawg has no rivers (they become lakes): {'; '.join(problems)}; "
            "export --to engine, which keeps rivers")
    return indented_json(document, sort_keys=False) + "\n"
