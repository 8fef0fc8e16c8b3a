"""Loading and saving ``*.realm.json`` files.

Loading runs, in order: size/encoding/syntax checks (:mod:`jsonio`), the
``format_version`` check, the JSON Schema, then the references the schema cannot
check (tile keys and sides against the catalogues, unique board ids). Each
failure is one :class:`LoadError` naming file, position and fix.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from editor.model.catalogue import Catalogue, catalogue_of_file, placeholder_tile
from editor.model.catalogue_refs import (
    MISSING_HINT,
    ReferenceRefused,
    load_referenced_catalogue,
    resolve_reference,
)
from editor.model.errors import LoadError
from editor.model.fast_schema import validate_or_raise
from editor.model.jsonio import canonical_json, parse_json_text, read_json_text
from editor.model.jsonpos import PathKey, SourceMap, format_json_path, offset_to_position
from editor.model.limits import scenario_size_problem
from editor.model.scenario import SUPPORTED_FORMAT_VERSIONS, Scenario
from editor.model.schemas import json_type_name


@dataclass(frozen=True)
class MissingCatalogue:
    """A catalogue reference whose file is not there (``missing_ok`` loads): where it was
    looked for, and the placed tiles drawn as placeholders meanwhile."""

    index: int  # in the scenario's "catalogues"
    reference: str
    looked_for: Path
    tiles: tuple[str, ...] = ()

    def message(self) -> str:
        """The finding the editor shows: the file, what became of its tiles, the fix."""
        many = len(self.tiles) > 1
        tiles = (f"; tile{'s' if many else ''} {', '.join(self.tiles)} "
                 f"{'are' if many else 'is'} drawn as placeholder{'s' if many else ''} and "
                 "left out of the realm" if self.tiles else "")
        return (f"custom catalogue {self.reference!r} is not found (no file "
                f"{self.looked_for}){tiles}; {MISSING_HINT}")


@dataclass
class LoadedScenario:
    """A scenario with what was needed to read it: its catalogue and source text."""

    scenario: Scenario
    catalogue: Catalogue
    path: Path | None
    text: str
    missing: tuple[MissingCatalogue, ...] = ()
    # True for an engine file read as a scenario: its lint.ignore entries are the ones its
    # provenance carried, which lint counts apart and ``--no-provenance`` leaves out
    ignore_from_provenance: bool = False
    # and the turns_reason it carried, kept out of the scenario: lint applies it to R001
    # the same way (counted, and left out by ``--no-provenance``)
    turns_reason_from_provenance: str | None = None

    @property
    def source_map(self) -> SourceMap:
        return SourceMap(self.text)


def _error(shown: str, text: str, path: PathKey, message: str, hint: str,
           code: str = "S003") -> LoadError:
    return LoadError(shown, message, json_path=format_json_path(path),
                     position=SourceMap(text).position(path), hint=hint, code=code)


def _check_version(data: dict[str, Any], text: str, shown: str) -> None:
    version = data.get("format_version")
    if version is None or isinstance(version, bool) or not isinstance(version, int):
        return  # the schema reports a missing or mistyped version
    if version not in SUPPORTED_FORMAT_VERSIONS:
        supported = ", ".join(str(v) for v in SUPPORTED_FORMAT_VERSIONS)
        raise _error(shown, text, ("format_version",),
                     f"unsupported format_version {version}",
                     f"this Realms Studio reads format_version {supported}; "
                     f"{version_advice(version)}", code="S004")


def version_advice(version: int) -> str:
    """What to do with a format_version this tool cannot read: a newer one needs a newer
    Realms Studio; one older than any (none was ever published) is a typo."""
    if version > max(SUPPORTED_FORMAT_VERSIONS):
        return "upgrade Realms Studio or convert the file"
    return (f"no format_version {version} was ever written: set it to "
            f"{max(SUPPORTED_FORMAT_VERSIONS)}, the current one, and lint again")


def _resolve_catalogue(data: dict[str, Any], text: str, shown: str, base_dir: Path | None,
                       missing_ok: bool = False) -> tuple[Catalogue, list[MissingCatalogue]]:
    try:
        return catalogue_for(data, base_dir, missing_ok=missing_ok)
    except CatalogueRefused as exc:
        raise _error(shown, text, ("catalogues", exc.index), exc.message, exc.hint,
                     code="S005") from None


class CatalogueRefused(Exception):
    """A catalogue reference that cannot be used (see :func:`catalogue_for`)."""

    def __init__(self, index: int, message: str, hint: str) -> None:
        super().__init__(f"{message}; {hint}")
        self.index, self.message, self.hint = index, message, hint


def catalogue_for(data: dict[str, Any], base_dir: Path | None, *, missing_ok: bool = False
                  ) -> tuple[Catalogue, list[MissingCatalogue]]:
    """The bundled catalogue of the file's version merged with the ones it references
    (relative to ``base_dir``, the scenario's folder). With ``missing_ok`` a reference whose
    file is not there is listed instead of refused, and the placed tiles no catalogue
    defines become placeholders (:func:`~editor.model.catalogue.placeholder_tile`).
    Raises :class:`CatalogueRefused`."""
    catalogue = catalogue_of_file(data)
    base = base_dir or Path.cwd()
    missing: list[MissingCatalogue] = []
    for index, relative in enumerate(data.get("catalogues", [])):
        try:
            if missing_ok:
                target = resolve_reference(relative, base)
                if not target.exists():
                    missing.append(MissingCatalogue(index, relative, target))
                    continue
            catalogue = catalogue.merged(load_referenced_catalogue(relative, base))
        except ReferenceRefused as exc:
            raise CatalogueRefused(index, f"custom catalogue {relative!r} {exc.message}",
                                   exc.hint) from None
        except ValueError as exc:
            raise CatalogueRefused(index, str(exc), "rename the custom tiles") from None
    if missing:
        sides: dict[str, list[str]] = {}
        for board in data.get("boards", []):
            for placement in board.get("tiles", []) if isinstance(board, dict) else []:
                key, side = placement.get("tile"), placement.get("side")
                if key not in catalogue.tiles and isinstance(key, str):
                    sides.setdefault(key, [])
                    if side not in sides[key] and isinstance(side, str):
                        sides[key].append(side)
        if sides:
            reference = missing[0].reference
            catalogue = catalogue.merged(Catalogue(
                "placeholders", "Tiles of missing catalogues",
                {key: placeholder_tile(key, used, reference) for key, used in sides.items()}))
            missing = [MissingCatalogue(m.index, m.reference, m.looked_for, tuple(sides))
                       for m in missing]
    return catalogue, missing


def _check_references(data: dict[str, Any], catalogue: Catalogue, text: str, shown: str) -> None:
    seen_boards: set[str] = set()
    for b_index, board in enumerate(data["boards"]):
        if board["id"] in seen_boards:
            raise _error(shown, text, ("boards", b_index, "id"),
                         f"duplicate board id {board['id']!r}", "give each board its own id")
        seen_boards.add(board["id"])
        for t_index, placement in enumerate(board.get("tiles", [])):
            tile = catalogue.tiles.get(placement["tile"])
            if tile is None:
                known = "".join(sorted(k for k in catalogue.tiles if len(k) == 1))
                raise _error(shown, text, ("boards", b_index, "tiles", t_index, "tile"),
                             f"unknown tile {placement['tile']!r}",
                             f"use a catalogue tile ({known} or a custom catalogue's key)")
            if placement["side"] not in tile.sides:
                raise _error(shown, text, ("boards", b_index, "tiles", t_index, "side"),
                             f"tile {tile.key} has no {placement['side']} side",
                             f"use one of {', '.join(tile.sides)}")
    players = data["players"]
    if players["min"] > players["max"]:
        raise _error(shown, text, ("players",),
                     f"players.min ({players['min']}) is above players.max ({players['max']})",
                     "swap them")


def parse_scenario(text: str, shown: str, base_dir: Path | None = None, *,
                   missing_ok: bool = False) -> LoadedScenario:
    """Parse and check scenario text; raises :class:`LoadError`. ``missing_ok``: a missing
    catalogue file does not refuse the scenario (see :func:`catalogue_for`)."""
    data = parse_json_text(text, shown)
    if not isinstance(data, dict):
        raise LoadError(shown, f"a scenario must be a JSON object, not {json_type_name(data)}",
                        position=offset_to_position(text, len(text) - len(text.lstrip())),
                        hint="the file holds one {...} object; start from `realms new`",
                        code="S002")
    _check_version(data, text, shown)
    too_big = scenario_size_problem(data)
    if too_big is not None:
        raise _error(shown, text, *too_big, code="S002")
    validate_or_raise("scenario", data, text, shown)
    catalogue, missing = _resolve_catalogue(data, text, shown, base_dir, missing_ok)
    _check_references(data, catalogue, text, shown)
    return LoadedScenario(Scenario.from_dict(data), catalogue, None, text, tuple(missing))


def load_scenario(path: Path | str, *, missing_ok: bool = False) -> LoadedScenario:
    """Load a scenario file the user named; a link out of its collection, a FIFO or a
    device is refused before a byte is read (:mod:`editor.model.user_paths`).
    ``missing_ok``: see :func:`parse_scenario` (the editor opens such a realm)."""
    from editor.model.user_paths import check_user_file

    path = Path(path)
    check_user_file(path)
    loaded = parse_scenario(read_json_text(path), str(path), path.parent,
                            missing_ok=missing_ok)
    loaded.path = path
    return loaded


def scenario_text(scenario: Scenario) -> str:
    return canonical_json(scenario.to_dict())


def save_scenario(scenario: Scenario, path: Path | str) -> None:
    """Write canonically and atomically."""
    from editor.model.safe_write import write_text  # reading never needs it

    write_text(path, scenario_text(scenario))
