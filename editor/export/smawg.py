"""An assets file for smawg (``python -m smawg play FILE``).

smawg knows five land terrains, Sea and Lake, four symbols and one flag. Choices
(documented in docs/export.md): chasm regions are left out; a river becomes a
Lake (smawg has no river rules, and a Lake is the unconquerable water it knows);
the Lost Tribe symbol marks a printed lost-tribe mark or a lost_tribe marker;
``is_at_map_border`` is the region's physical board-edge flag. Every tile carries
``symbols`` (``[]`` when it has none) and ``is_at_map_border`` explicitly, although smawg
defaults both, so the file says what each region is without knowing smawg's defaults.
"""

from __future__ import annotations

import json
from typing import Any

from editor.export.base_game import base_game
from editor.export.playable import PlayableBoard, playable_board
from editor.model.rules import water_rules
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
            "is_at_map_border": region.board_edge}


def _description(realm: Realm) -> str:
    parts = [f"Exported by Realms Studio from \"{realm.scenario.title}\" for "
             f"{realm.players} players; tiles are regions in region-id order."]
    if any(r.chasm for r in realm.regions.values()):
        parts.append("Chasm regions are left out.")
    if any(r.water_kind == "river" for r in realm.regions.values()):
        rules = "on" if water_rules(realm.scenario).river_rules else "off"
        parts.append(f"Rivers are exported as Lake (river rules {rules}; smawg has none).")
    if realm.scenario.links or any(
            "tunnel" in d["kinds"] or "access" in d["kinds"]
            for _, _, d in realm.graph.edges(data=True)):
        parts.append("Tunnels and links are plain borders here.")
    return " ".join(parts)


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
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
