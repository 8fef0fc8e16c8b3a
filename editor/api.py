"""The Python API: build, check and export a realm in code, as the CLI and the editor do.

A thin, stable front on the layers below (model -> topology -> lint/analysis/export), for
scripts and notebooks that make realms the CLI cannot (``realms generate`` only searches).
No Qt is imported unless an image format is exported. A :class:`Realm` in progress is a
:class:`~editor.model.scenario.Scenario` plus the tile catalogue it is read with; every
check (derive, lint, balance, export) first re-reads the scenario as its saved text would
be read, so an edit the file format refuses raises :class:`~editor.model.errors.LoadError`
with the same message `realms lint` would print, never a traceback from deep inside.

See docs/api.md for a worked example (run by the test suite).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from editor.model.errors import LoadError
from editor.model.scenario import Board, Marker, Placement, Presence, Scenario
from editor.model.scenario_io import LoadedScenario, load_scenario, parse_scenario, scenario_text

if TYPE_CHECKING:
    from editor.analysis.report import RealmReport
    from editor.lint.findings import Finding
    from editor.topology.realm import Realm as DerivedRealm

__all__ = ["LoadError", "Marker", "Placement", "Presence", "Realm", "Scenario", "load", "new"]


class Realm:
    """A scenario being built or checked: what it says, and the file it belongs to (its
    folder is where relative catalogue references start)."""

    def __init__(self, loaded: LoadedScenario) -> None:
        self._loaded = loaded
        self.scenario: Scenario = loaded.scenario
        self.path: Path | None = loaded.path

    # ----- tiles --------------------------------------------------------------------------
    def place(self, tile: str, q: int, r: int, *, side: str = "surface", rotation: int = 0,
              board: str | None = None, min_players: int | None = None) -> Placement:
        """Put one side of ``tile`` on hex (q, r) of ``board`` (default: the first board)."""
        placement = Placement(tile, side, q, r, rotation % 6, Presence(min_players, None))
        self._board(board).tiles.append(placement)
        return placement

    def rotate(self, tile: str, steps: int = 1, *, board: str | None = None) -> Placement:
        """Turn ``tile`` by ``steps`` sixths counter-clockwise (negative: clockwise)."""
        return self._replace(tile, board, lambda p: replace(p, rotation=(p.rotation + steps) % 6))

    def flip(self, tile: str, *, board: str | None = None) -> Placement:
        """Turn ``tile`` over: the other side of the same piece, on the same hex."""
        sides = self._loaded.catalogue.tiles[tile].sides
        return self._replace(tile, board, lambda p: replace(
            p, side=next((s for s in sides if s != p.side), p.side)))

    def move(self, tile: str, q: int, r: int, *, board: str | None = None) -> Placement:
        return self._replace(tile, board, lambda p: replace(p, q=q, r=r))

    def remove(self, tile: str, *, board: str | None = None) -> None:
        """Take ``tile`` off the board, with the markers that lay on its regions."""
        chosen = self._board(board)
        chosen.tiles = [p for p in chosen.tiles if p.tile != tile]
        chosen.markers = [m for m in chosen.markers
                          if m.region is None or m.region.rpartition(".")[0] != tile]

    # ----- markers ------------------------------------------------------------------------
    def lay(self, kind: str, region: str, *, board: str | None = None,
            **attrs: str | int) -> Marker:
        """Lay a marker (``mountain``, ``lost_tribe``, ``peak``, ``tunnel`` with
        ``number=``...) on ``region``, e.g. ``"C.s2"`` (tile letter, then the region)."""
        marker = Marker(kind, region, None, dict(attrs))
        self._board(board).markers.append(marker)
        return marker

    # ----- checks and outputs -------------------------------------------------------------
    def checked(self) -> LoadedScenario:
        """The scenario as its saved text reads; raises LoadError where the format refuses it."""
        shown = str(self.path) if self.path is not None else "<realm>"
        base = self.path.parent if self.path is not None else None
        loaded = parse_scenario(scenario_text(self.scenario), shown, base)
        loaded.path = self.path
        return loaded

    def derive(self, players: int) -> DerivedRealm:
        """The graph of play at ``players``: regions, adjacency, holes (shapely, networkx)."""
        from editor.topology import derive_realm

        return derive_realm(self.checked(), players)

    def lint(self, players: int | None = None) -> list[Finding]:
        """`realms lint`'s findings, with the settings of the file's collection, if saved."""
        from editor.lint.config import config_for, default_config
        from editor.lint.engine import lint_document

        config = config_for(self.path) if self.path is not None else default_config()
        return lint_document(self.checked(), config, players)

    def balance(self, players: int) -> RealmReport:
        """`realms balance`'s report at ``players``: every metric judged by the standard."""
        from editor.analysis.metrics import measure
        from editor.analysis.report import make_report
        from editor.analysis.standard import load_standard

        return make_report(measure(self.derive(players)), load_standard())

    def export(self, to: str, players: int) -> bytes:
        """The file `realms export --to TO --players N` writes (``engine``, ``smawg``...)."""
        from editor.export import ExportOptions, export_realm
        from editor.topology import derive_realm

        loaded = self.checked()
        return export_realm(loaded, derive_realm(loaded, players), to, ExportOptions())

    def save(self, path: Path | str) -> Path:
        """Write canonically and atomically (what `realms format` would leave)."""
        from editor.model.scenario_io import save_scenario

        self.checked()
        save_scenario(self.scenario, path)
        self.path = Path(path)
        return self.path

    # ----- helpers ------------------------------------------------------------------------
    def _board(self, board: str | None) -> Board:
        return self.scenario.boards[0] if board is None else self.scenario.board(board)

    def _replace(self, tile: str, board: str | None,
                 change: Callable[[Placement], Placement]) -> Placement:
        chosen = self._board(board)
        for index, placement in enumerate(chosen.tiles):
            if placement.tile == tile:
                chosen.tiles[index] = change(placement)
                return chosen.tiles[index]
        raise KeyError(f"tile {tile} is not on board {chosen.id!r}")


def load(path: Path | str) -> Realm:
    """Read a scenario file (checked as `realms lint` reads it)."""
    return Realm(load_scenario(path))


def new(title: str, players: tuple[int, int] = (2, 6), world: str = "surface") -> Realm:
    """A blank realm from the template `realms new` uses."""
    from editor.model.templates import scenario_from_template

    scenario = scenario_from_template(world, players, title)
    return Realm(parse_scenario(scenario_text(scenario), "<new realm>"))
