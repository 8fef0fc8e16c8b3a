"""The scenario document: boards of placed tiles, markers, links and rules.

Boards, placements, markers and links are typed because geometry and the
editor manipulate them; rule sections (water, entry, scoring, setup, dynamic,
translations, lint ...) are kept as the JSON the author wrote, read through
typed views in :mod:`editor.model.rules`. ``to_dict`` always emits canonical
content, so load -> save of a canonical file gives the same bytes.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

FORMAT_VERSION = 2  # version 2: tiles are the box's faces (1: the invented ones)
SUPPORTED_FORMAT_VERSIONS = (1, 2)
DEFAULT_TURNS = {2: 10, 3: 10, 4: 9, 5: 8, 6: 8}
PLAYER_COUNTS = (2, 3, 4, 5, 6)

# Top-level keys that the typed model owns; everything else is kept verbatim.
_TYPED_KEYS = {"format_version", "title", "players", "boards", "links"}


def region_id(tile: str, local_id: str) -> str:
    return f"{tile}.{local_id}"


def split_region_id(rid: str) -> tuple[str, str]:
    """``"C.s2"`` -> ``("C", "s2")``; graph-only ids without a dot give ``(rid, "")``."""
    tile, _, local = rid.rpartition(".")
    return (tile, local) if tile else (rid, "")


@dataclass
class Presence:
    """Which player counts use an item: ``min_players`` (cumulative) or explicit ``players``."""

    min_players: int | None = None
    players: tuple[int, ...] | None = None

    def includes(self, count: int, scenario_min: int) -> bool:
        if self.players is not None:
            return count in self.players
        return count >= (self.min_players if self.min_players is not None else scenario_min)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Presence:
        players = data.get("players")
        return cls(data.get("min_players"), tuple(players) if players is not None else None)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.min_players is not None:
            out["min_players"] = self.min_players
        if self.players is not None:
            out["players"] = list(self.players)
        return out


@dataclass
class Placement:
    tile: str
    side: str
    q: int
    r: int
    rotation: int = 0
    presence: Presence = field(default_factory=Presence)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Placement:
        players = data.get("players")  # Presence.from_dict, inline: once per tile of a file
        return cls(data["tile"], data["side"], data["q"], data["r"], data.get("rotation", 0),
                   Presence(data.get("min_players"),
                            tuple(players) if players is not None else None))

    def to_dict(self) -> dict[str, Any]:
        return {"tile": self.tile, "side": self.side, "q": self.q, "r": self.r,
                "rotation": self.rotation, **self.presence.to_dict()}


@dataclass
class RiverMarker:
    tile: str
    edge: int
    presence: Presence = field(default_factory=Presence)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RiverMarker:
        return cls(data["tile"], data["edge"], Presence.from_dict(data))

    def to_dict(self) -> dict[str, Any]:
        return {"tile": self.tile, "edge": self.edge, **self.presence.to_dict()}


MARKER_FIELDS = ("number", "count", "face", "name", "label", "vein", "token", "target", "symbol")


@dataclass
class Marker:
    """A token laid on a region (or, for crop spaces, on an empty hex)."""

    kind: str
    region: str | None = None
    hex: tuple[int, int] | None = None
    attrs: dict[str, Any] = field(default_factory=dict)
    presence: Presence = field(default_factory=Presence)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Marker:
        hex_spec = data.get("hex")
        return cls(
            data["kind"],
            data.get("region"),
            (hex_spec["q"], hex_spec["r"]) if hex_spec else None,
            # (most markers have none of the fields: told in C, without the comprehension)
            {} if data.keys().isdisjoint(MARKER_FIELDS)
            else {k: data[k] for k in MARKER_FIELDS if k in data},
            Presence.from_dict(data),
        )

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, **self.attrs, **self.presence.to_dict()}
        if self.region is not None:
            out["region"] = self.region
        if self.hex is not None:
            out["hex"] = {"q": self.hex[0], "r": self.hex[1]}
        return out


@dataclass
class Link:
    kind: str
    a: str
    b: str
    label: str | None = None
    presence: Presence = field(default_factory=Presence)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Link:
        return cls(data["kind"], data["a"], data["b"], data.get("label"), Presence.from_dict(data))

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "a": self.a, "b": self.b,
                               **self.presence.to_dict()}
        if self.label is not None:
            out["label"] = self.label
        return out


@dataclass
class Board:
    id: str
    kind: str
    title: str | None = None
    tiles: list[Placement] = field(default_factory=list)
    river_markers: list[RiverMarker] = field(default_factory=list)
    markers: list[Marker] = field(default_factory=list)
    graph: dict[str, Any] | None = None

    @property
    def is_graph_only(self) -> bool:
        return self.graph is not None

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Board:
        return cls(
            data["id"],
            data["kind"],
            data.get("title"),
            [Placement.from_dict(p) for p in data.get("tiles", [])],
            [RiverMarker.from_dict(m) for m in data.get("river_markers", [])],
            [Marker.from_dict(m) for m in data.get("markers", [])],
            copy.deepcopy(data["graph"]) if "graph" in data else None,
        )

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "kind": self.kind}
        if self.title is not None:
            out["title"] = self.title
        if self.graph is not None:
            out["graph"] = copy.deepcopy(self.graph)
        else:
            out["tiles"] = [p.to_dict() for p in self.tiles]
        if self.river_markers:
            out["river_markers"] = [m.to_dict() for m in self.river_markers]
        if self.markers:
            out["markers"] = [m.to_dict() for m in self.markers]
        return out


@dataclass
class Scenario:
    title: str
    players_min: int
    players_max: int
    boards: list[Board] = field(default_factory=list)
    links: list[Link] = field(default_factory=list)
    sections: dict[str, Any] = field(default_factory=dict)
    format_version: int = FORMAT_VERSION

    @property
    def player_counts(self) -> tuple[int, ...]:
        return tuple(range(self.players_min, self.players_max + 1))

    def turns(self, players: int) -> int:
        explicit = self.sections.get("turns", {})
        return int(explicit.get(str(players), DEFAULT_TURNS[players]))

    def board(self, board_id: str) -> Board:
        for board in self.boards:
            if board.id == board_id:
                return board
        raise KeyError(board_id)

    def section(self, name: str) -> dict[str, Any]:
        value = self.sections.get(name, {})
        return value if isinstance(value, dict) else {}

    @property
    def built_during_play(self) -> bool:
        """Its boards are laid by the game itself (booklet scenario 9): empty by design."""
        return self.section("dynamic").get("kind") == "build_during_play"

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Scenario:
        return cls(
            data["title"],
            data["players"]["min"],
            data["players"]["max"],
            [Board.from_dict(b) for b in data["boards"]],
            [Link.from_dict(link) for link in data.get("links", [])],
            {k: copy.deepcopy(v) for k, v in data.items() if k not in _TYPED_KEYS},
            data["format_version"],
        )

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = copy.deepcopy(self.sections)
        out.update({
            "format_version": self.format_version,
            "title": self.title,
            "players": {"min": self.players_min, "max": self.players_max},
            "boards": [b.to_dict() for b in self.boards],
        })
        if self.links:
            out["links"] = [link.to_dict() for link in self.links]
        return out
