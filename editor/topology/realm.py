"""The derived graph of play for one player count: what engines and linters consume."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import networkx as nx
import shapely

from editor.model.catalogue import Catalogue
from editor.model.lattice import Point
from editor.model.scenario import Marker, Placement, Scenario

LAND_KINDS = frozenset({"farmland", "forest", "hill", "swamp", "mountain"})
WATER_KINDS = frozenset({"river", "sea", "lake"})


@dataclass
class Region:
    id: str
    board: str
    kind: str  # "land" | "water"
    terrain: str  # after overlays; water regions carry their water kind
    base_terrain: str
    symbols: tuple[str, ...] = ()
    markers: tuple[Marker, ...] = ()
    parts: tuple[str, ...] = ()
    tiles: tuple[str, ...] = ()
    polygon: shapely.Geometry | None = None  # lattice units; None on graph-only boards
    area: float = 0.0  # euclidean, hex size 1
    centroid: Point = (0.0, 0.0)  # euclidean, hex size 1
    board_edge: bool = False
    first_conquest: bool = False
    first_conquest_for: frozenset[str] = frozenset()
    coastal: bool = False
    chasm: bool = False
    impassable: bool = False
    water_kind: str | None = None
    entry_edge: bool = False
    holes: tuple[str, ...] = ()

    @property
    def is_land(self) -> bool:
        return self.kind == "land"

    @property
    def drawn_terrain(self) -> str:
        """The style key a board is painted with: a water region's kind (river, sea, lake),
        else its terrain after overlays."""
        return (self.water_kind or self.terrain) if self.kind == "water" else self.terrain

    def marker_kinds(self) -> set[str]:
        if not self.markers:  # most regions: skip building the comprehension
            return set()
        return {m.kind for m in self.markers}


@dataclass(frozen=True)
class Hole:
    """An enclosed empty space: a ring of tiles around one or more missing hexes."""

    id: str
    board: str
    hexes: tuple[tuple[int, int], ...]
    regions: tuple[str, ...]


@dataclass(frozen=True)
class BorderSegment:
    board: str
    kinds: frozenset[str]
    a: str
    b: str | None
    start: Point
    end: Point


@dataclass(frozen=True)
class Problem:
    code: str
    message: str
    board: str | None = None
    regions: tuple[str, ...] = ()
    tiles: tuple[str, ...] = ()
    hint: str = ""


@dataclass
class Realm:
    scenario: Scenario
    catalogue: Catalogue
    players: int
    regions: dict[str, Region]
    graph: nx.Graph
    holes: list[Hole]
    problems: list[Problem]
    part_to_region: dict[str, str]
    active_placements: dict[str, list[Placement]]
    part_polygons: dict[str, shapely.Geometry] = field(default_factory=dict, repr=False)
    _borders: list[BorderSegment] | None = field(default=None, repr=False)
    _border_source: Any = field(default=None, repr=False)

    @property
    def borders(self) -> list[BorderSegment]:
        """Every classified boundary segment; built on first use (big realms rarely need it)."""
        if self._borders is None:
            self._borders = self._border_source() if self._border_source else []
        return self._borders

    def placements(self, board_id: str) -> list[Placement]:
        return self.active_placements.get(board_id, [])

    def resolve(self, region_or_part: str) -> str | None:
        """A region id for a region or part id (any member part names its water body)."""
        if region_or_part in self.regions:
            return region_or_part
        return self.part_to_region.get(region_or_part)

    def is_land(self, region_id: str) -> bool:
        return self.regions[region_id].is_land

    def land_regions(self) -> list[Region]:
        return [r for r in self.regions.values() if r.is_land]

    def play_graph(self) -> nx.Graph:
        """The graph without chasm regions, for reachability questions."""
        keep = [rid for rid, region in self.regions.items() if not region.chasm]
        return self.graph.subgraph(keep)
