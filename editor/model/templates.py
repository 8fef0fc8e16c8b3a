"""Blank scenarios from the bundled templates, shared by ``realms new`` and the editor.

Templates are ordinary scenario files in ``scenarios/templates/`` (checked like every
shipped scenario, and bundled in the package), so a new realm starts valid, with the same
notes and water defaults whichever front made it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # `realms new --help` needs only WORLDS: the model loads on use
    from editor.model.scenario import Scenario

WORLDS = ("surface", "underground", "both")
# Lint codes a template ignores for itself only (its boards are blank on purpose); a
# scenario made from it must hear about its empty boards until tiles are placed.
TEMPLATE_ONLY_IGNORES = ("G011",)


def template_path(world: str) -> Path:
    if world not in WORLDS:
        raise ValueError(f"unknown world {world!r}; choose one of {', '.join(WORLDS)}")
    from editor.model.paths import data_file

    return data_file(f"templates/blank-{world}.realm.json")


def scenario_from_template(world: str = "surface", players: tuple[int, int] | None = None,
                           title: str | None = None) -> Scenario:
    """A fresh copy of the template for ``world``, with the player range and title given.

    Raises :class:`~editor.model.errors.LoadError` if the template file is damaged.
    """
    from editor.model.scenario_io import load_scenario

    scenario = load_scenario(template_path(world)).scenario
    _drop_template_ignores(scenario)
    if players is not None:
        scenario.players_min, scenario.players_max = players
    if title is not None:
        scenario.title = title
    return scenario


def _drop_template_ignores(scenario: Scenario) -> None:
    lint = scenario.sections.get("lint")
    if not isinstance(lint, dict) or not isinstance(lint.get("ignore"), list):
        return
    kept = [entry for entry in lint["ignore"]
            if not (isinstance(entry, dict) and entry.get("code") in TEMPLATE_ONLY_IGNORES)]
    if kept:
        lint["ignore"] = kept
    else:
        del lint["ignore"]
    if not lint:
        del scenario.sections["lint"]
