"""The designer offers a region only the terrains its world's faces print (from
editor/data/terrains.json): no underground terrain and no Mountain (a piece laid on a
region) on a surface face, no surface-only terrain on an underground one. Real clicks on
the hex and on the side buttons; checked on the widget's buttons and on the catalogue."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from test_designer_keeps_work import hex_click, inside, shown_designer, tool

from editor.gui.designer import design
from editor.gui.designer.window import DesignerWindow
from editor.model.terrains import SURFACE_TERRAINS, UNDERGROUND_TERRAINS, face_terrains

pytestmark = pytest.mark.gui


def catalogue(surface_terrain: str = "forest") -> dict[str, Any]:
    return {"catalogue_version": 1, "id": "mine", "name": "Mine", "tiles": {"T1": {
        "surface": design.whole_side("surface", surface_terrain),
        "underground": design.whole_side("underground", "mudpool")}}}


def offered(designer: DesignerWindow) -> set[str]:
    """The terrain buttons a user can see and press."""
    return {terrain for terrain, button in designer.terrain_buttons.items()
            if button.isVisible() and button.isEnabled()}


def select_whole_side(qtbot: QtBot, designer: DesignerWindow, side: str) -> None:
    if designer.state.side != side:
        qtbot.mouseClick(designer.side_buttons[side], Qt.MouseButton.LeftButton)
    assert designer.state.side == side
    tool(qtbot, designer, "select")
    hex_click(qtbot, designer, inside(designer, f"{side[0]}1"))
    assert designer.state.selected == 0


def test_a_surface_face_offers_no_underground_terrain_and_no_mountain(qtbot: QtBot) -> None:
    designer = shown_designer(qtbot, catalogue())
    select_whole_side(qtbot, designer, "surface")
    terrains = offered(designer)
    assert terrains == set(face_terrains("surface"))
    assert "mountain" not in terrains and not terrains & set(UNDERGROUND_TERRAINS)
    assert {"farmland", "forest", "hill", "swamp", "water"} <= terrains
    qtbot.mouseClick(designer.terrain_buttons["hill"], Qt.MouseButton.LeftButton)
    assert designer.data["tiles"]["T1"]["surface"][0]["terrain"] == "hill"


def test_an_underground_face_offers_no_surface_only_terrain(qtbot: QtBot) -> None:
    designer = shown_designer(qtbot, catalogue())
    select_whole_side(qtbot, designer, "underground")
    terrains = offered(designer)
    assert terrains == set(face_terrains("underground"))
    surface_only = set(SURFACE_TERRAINS) - {"swamp"}  # tile E prints swamp underground
    assert surface_only == {"farmland", "forest", "hill"} and not terrains & surface_only
    assert "mountain" not in terrains and set(UNDERGROUND_TERRAINS) <= terrains
    qtbot.mouseClick(designer.terrain_buttons["crystal"], Qt.MouseButton.LeftButton)
    assert designer.data["tiles"]["T1"]["underground"][0]["terrain"] == "crystal"


def test_an_older_tiles_mountain_stays_shown_until_changed(qtbot: QtBot) -> None:
    designer = shown_designer(qtbot, catalogue("mountain"))
    select_whole_side(qtbot, designer, "surface")
    mountain = designer.terrain_buttons["mountain"]
    assert mountain.isVisible() and mountain.isChecked() and not mountain.isEnabled()
    qtbot.mouseClick(designer.terrain_buttons["forest"], Qt.MouseButton.LeftButton)
    assert designer.data["tiles"]["T1"]["surface"][0]["terrain"] == "forest"
    assert not mountain.isVisible() and "mountain" not in offered(designer)
    with pytest.raises(design.DesignError, match="not printed on a tile's surface face"):
        design.set_terrain(designer.data, "T1", "surface", 0, "mountain")
