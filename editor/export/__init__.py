"""Exports of a derived realm to files: a registry of formats and one entry point.

Every writer takes the loaded scenario, the realm derived for one player count
and the options, and returns the file's bytes. Formats that need Qt import it
inside their writer only, so JSON and text exports stay headless and fast.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from editor.export.legality import realm_problems
from editor.model.scenario_io import LoadedScenario
from editor.topology.realm import Realm

DEFAULT_TILE_MM = 40.0
# Files an engine plays: these refuse a board no engine can play (editor.export.legality).
# Views (GeoJSON, graphs, printable boards) draw an unplayable board: they are how a designer
# sees why it is unplayable. Every format refuses an empty board.
ENGINE_FORMATS = frozenset({"engine", "smawg", "cestpasphoto"})


class ExportError(Exception):
    """An export that cannot be made; ``str()`` is the one line the CLI prints."""


@dataclass(frozen=True)
class ExportOptions:
    tile_mm: float = DEFAULT_TILE_MM  # printed hex width (flat side to flat side), PDF only


Writer = Callable[[LoadedScenario, Realm, ExportOptions], bytes]


@dataclass(frozen=True)
class ExportFormat:
    name: str
    suffix: str
    needs_qt: bool
    writer: Writer
    help: str


def _engine(loaded: LoadedScenario, realm: Realm, options: ExportOptions) -> bytes:
    from editor.export.engine import engine_text
    return engine_text(loaded, realm).encode("utf-8")


def _smawg(loaded: LoadedScenario, realm: Realm, options: ExportOptions) -> bytes:
    from editor.export.smawg import UnplayableInSmawg, smawg_text
    try:
        return smawg_text(realm).encode("utf-8")
    except UnplayableInSmawg as exc:
        raise ExportError(str(exc)) from None


def _cestpasphoto(loaded: LoadedScenario, realm: Realm, options: ExportOptions) -> bytes:
    from editor.export.cestpasphoto import UnsupportedBoard, cestpasphoto_text
    try:
        return cestpasphoto_text(realm).encode("utf-8")
    except UnsupportedBoard as exc:
        raise ExportError(str(exc)) from None


def _geojson(loaded: LoadedScenario, realm: Realm, options: ExportOptions) -> bytes:
    from editor.export.geojson import geojson_text
    return geojson_text(realm).encode("utf-8")


def _graphml(loaded: LoadedScenario, realm: Realm, options: ExportOptions) -> bytes:
    from editor.export.graph import graphml_text
    return graphml_text(realm).encode("utf-8")


def _dot(loaded: LoadedScenario, realm: Realm, options: ExportOptions) -> bytes:
    from editor.export.graph import dot_text
    return dot_text(realm).encode("utf-8")


def _image(kind: str) -> Writer:
    def write(loaded: LoadedScenario, realm: Realm, options: ExportOptions) -> bytes:
        try:
            from editor.export.board_render import render_board
        except ImportError as exc:  # a lint-only install: Qt is the optional 'gui' extra
            from editor.extras import is_qt_import_error, qt_missing

            if not is_qt_import_error(exc):
                raise
            raise ExportError(qt_missing(f"the {kind.upper()} export", exc)) from None
        return render_board(realm, kind, options.tile_mm)
    return write


FORMATS: dict[str, ExportFormat] = {f.name: f for f in (
    ExportFormat("engine", "engine.json", False, _engine,
                 "engine-neutral resolved board (schemas/engine.schema.json)"),
    ExportFormat("smawg", "smawg.json", False, _smawg, "assets file for smawg"),
    ExportFormat("cestpasphoto", "py", False, _cestpasphoto,
                 "SmallworldMaps_<N>pl.py for cestpasphoto's AlphaZero engine (2-4 players)"),
    ExportFormat("geojson", "geojson", False, _geojson, "regions as GeoJSON features"),
    ExportFormat("graphml", "graphml", False, _graphml, "graph of play as GraphML"),
    ExportFormat("dot", "dot", False, _dot, "graph of play as Graphviz DOT"),
    ExportFormat("svg", "svg", True, _image("svg"), "printable board, SVG"),
    ExportFormat("png", "png", True, _image("png"), "printable board, PNG"),
    ExportFormat("pdf", "pdf", True, _image("pdf"), "printable board, PDF at --tile-mm"),
)}


def export_bytes(loaded: LoadedScenario, fmt: str, players: int,
                 options: ExportOptions | None = None) -> bytes:
    """The exported file's content for one player count; raises :class:`ExportError`."""
    from editor.topology import derive_realm

    if fmt not in FORMATS:
        raise ExportError(f"unknown export format {fmt!r}; use one of {', '.join(FORMATS)}")
    if players not in loaded.scenario.player_counts:
        counts = loaded.scenario.player_counts
        raise ExportError(f"{players} players is outside this scenario's "
                          f"{counts[0]}-{counts[-1]} players")
    return export_realm(loaded, derive_realm(loaded, players), fmt, options)


def export_realm(loaded: LoadedScenario, realm: Realm, fmt: str,
                 options: ExportOptions | None = None) -> bytes:
    """Like :func:`export_bytes` for a realm already derived (the CLI reports its problems)."""
    spec = FORMATS.get(fmt)
    if spec is None:
        raise ExportError(f"unknown export format {fmt!r}; use one of {', '.join(FORMATS)}")
    if not realm.regions:
        raise ExportError(empty_board_message(loaded, realm.players))
    unplayable = realm_problems(realm) if spec.name in ENGINE_FORMATS else []
    if unplayable:
        raise ExportError(f"not exported: no engine can play this board for {realm.players} "
                          f"players: {'; '.join(unplayable)}")
    data: bytes = spec.writer(loaded, realm, options or ExportOptions())
    return data


def empty_board_message(loaded: LoadedScenario, players: int) -> str:
    """Why a board with no regions is not exported: an engine cannot play it, and a file
    that claims to be a map must not be written empty without a word."""
    if loaded.scenario.built_during_play:
        return (f"this scenario is built during play (its 'dynamic' section), so its board "
                f"has no tiles for {players} players until the game lays them; there is no "
                "board to export: add --seed S to export one board realised by its building "
                "rules (or write it with `realms realise FILE --players N --seed S -o OUT`)")
    return (f"the board has no regions for {players} players; place tiles first "
            "(realms edit FILE)")


def write_bytes_atomic(path: Path, data: bytes, *, force: bool = False) -> None:
    """Kept for callers of the old name: the crash-safe write of :mod:`editor.model.safe_write`."""
    from editor.model.safe_write import write_bytes

    write_bytes(path, data, force=force)


def export_to_path(loaded: LoadedScenario, fmt: str, players: int, out_path: Path | str,
                   options: ExportOptions | None = None) -> Path:
    """Export one player count of ``loaded`` to ``out_path`` (written atomically)."""
    path = Path(out_path)
    write_bytes_atomic(path, export_bytes(loaded, fmt, players, options))
    return path


__all__ = ["DEFAULT_TILE_MM", "FORMATS", "ExportError", "ExportFormat", "ExportOptions",
           "export_bytes", "export_realm", "export_to_path"]
