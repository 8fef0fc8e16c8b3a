"""The real smawg engine, loaded in-process with a scenario's smawg export.

smawg (GPL-3.0, github.com/Expurple/smawg) is not on the package index: it is the optional
part of an install that ``realms playtest`` needs, and this module is the one place that
imports it, so a missing engine is one clear message (:func:`smawg_install`), never a
traceback. A :class:`Table` is everything a game needs that does not change between games:
the validated assets, the scenario's rules plugin (both as ``realms export --to smawg
--plugin`` writes them) and which region each smawg tile is.
"""

from __future__ import annotations

import importlib.util
import types
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from editor.topology.realm import Realm

SMAWG_COMMIT = "093d91d46a95e01c5192359a2d16ef95c4e4ea4a"
SMAWG_REQUIREMENT = f"smawg @ git+https://github.com/Expurple/smawg@{SMAWG_COMMIT}"


def smawg_install() -> str:
    """The install line for the ``play`` extra and smawg. Made when first asked for: it
    needs the project's URLs (its installed metadata), which the editor's window need not
    load for its first frame (the Playtest box only asks whether smawg is installed)."""
    from editor.project import GIT_REQUIREMENT

    play = GIT_REQUIREMENT.replace("realms-studio", "realms-studio[play]", 1)
    return f"pip install '{play}' '{SMAWG_REQUIREMENT}'"


class SmawgMissing(RuntimeError):
    """smawg is not installed; ``str()`` is the one line to print, with the install line."""

    def __init__(self, what: str = "realms playtest") -> None:
        super().__init__(f"{what} plays games in the smawg engine, which is not installed; "
                         f"install it with `{smawg_install()}`")


class PlayError(ValueError):
    """A board smawg cannot play (refused export, assets smawg rejects, a game stuck)."""


def smawg_installed() -> bool:
    """True when ``import smawg`` would find the engine (nothing is imported)."""
    return importlib.util.find_spec("smawg") is not None


def require_smawg(what: str = "realms playtest") -> None:
    """Raise :class:`SmawgMissing` unless smawg and its dependencies import."""
    if not smawg_installed():
        raise SmawgMissing(what)
    try:
        import smawg  # noqa: F401
    except ImportError as exc:  # installed without pydantic & co: the same advice
        raise SmawgMissing(what) from exc


@dataclass(frozen=True)
class Table:
    """A board ready to play: smawg ``Assets``, the rules class and the region ids."""

    assets: Any  # smawg.Assets (smawg is optional: not named in the signature)
    rules: type[Any]  # the scenario's rules plugin (a smawg.AbstractRules subclass)
    region_ids: tuple[str, ...]  # smawg tile index -> region id
    land: tuple[bool, ...]  # which tiles are land (the ones a race may hold to the end)
    entries: tuple[int, ...]  # tiles a new race may conquer first, as the rules say
    title: str
    players: int
    turns: int


def rules_from_source(source: str, name: str = "realms_rules_plugin") -> type[Any]:
    """The ``Rules`` class of a smawg rules plugin given as Python source (smawg's CLI
    loads a plugin file the same way: a module whose ``Rules`` is the class)."""
    module = types.ModuleType(name)
    module.__file__ = f"<{name}>"
    exec(compile(source, module.__file__, "exec"), module.__dict__)
    rules = module.__dict__.get("Rules")
    if not isinstance(rules, type):
        raise PlayError(f"{name}: the rules plugin defines no class named Rules")
    return rules


def make_table(realm: Realm) -> Table:
    """The realm's smawg export loaded in smawg with its rules plugin: the two files
    ``realms export --to smawg --plugin`` writes, so the games follow the scenario's entry
    regions, river rules, impassable water, peaks and coin mines."""
    require_smawg()
    import json

    from pydantic import TypeAdapter, ValidationError
    from smawg import Assets

    from editor.export.legality import realm_problems
    from editor.export.playable import playable_board
    from editor.export.smawg import UnplayableInSmawg, smawg_text
    from editor.export.smawg_plugin import plugin_text

    if not realm.regions:
        raise PlayError(f"the board has no regions for {realm.players} players"
                        + ("; it is built during play: realise one board first "
                           "(`realms realise FILE --players N --seed S -o OUT`)"
                           if realm.scenario.built_during_play else ""))
    problems = realm_problems(realm)
    if problems:
        raise PlayError(f"no engine can play this board for {realm.players} players: "
                        f"{'; '.join(problems)}")
    try:  # the very file `realms export --to smawg` writes
        document = json.loads(smawg_text(realm))
    except UnplayableInSmawg as exc:
        raise PlayError(str(exc)) from None
    board = playable_board(realm)
    try:
        assets = TypeAdapter(Assets).validate_python(document)
    except ValidationError as exc:
        raise PlayError(f"smawg refuses this board's assets: {exc.errors()[0]['msg']}") from None
    rules = rules_from_source(plugin_text(realm, document, board))
    land = tuple(region.is_land for region in board.regions)
    return Table(assets, rules, tuple(r.id for r in board.regions), land,
                 entry_tiles(assets, rules), realm.scenario.title, realm.players,
                 int(document["n_turns"]))


def entry_tiles(assets: Any, rules: type[Any]) -> tuple[int, ...]:
    """The tiles the rules let a new race conquer first, asked of the rule checker itself
    at the start of a game, for each combo on show with tokens enough for any conquest.
    A power the scenario exempts from its entry rule (Flying in Go East) may enter
    anywhere: the tiles every combo may enter on are the entry regions."""
    from smawg import Game

    found: set[int] | None = None
    for index in range(len(Game(assets, rules).combos)):
        game = Game(assets, rules)
        game.select_combo(index)
        game.player.tokens_on_hand = 99  # cost is not the question here, the place is
        tiles = {i for i in range(len(game.regions))
                 if next(iter(game.rules.check_conquer(i, use_dice=False)), None) is None}
        found = tiles if found is None else found & tiles
    return tuple(sorted(found or ()))
