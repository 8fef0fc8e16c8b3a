"""Schema family: the file must read, parse, match ``schemas/`` and reference real tiles.

Unlike loading for editing (which stops at the first problem), linting reports
every schema error. Valid files are the common case in CI, so when the optional
``jsonschema_rs`` validator is installed it answers "valid?" first and the
slower, richer ``jsonschema`` runs only on files that fail.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from editor.lint.findings import (
    ENGINE,
    INTERNAL,
    IO_ERROR,
    REFERENCE,
    SCHEMA,
    SYNTAX,
    VERSION,
    WORKER_DIED,
    Hit,
)
from editor.lint.registry import Rule, register
from editor.lint.run_settings import base_catalogue
from editor.model.catalogue import Catalogue, catalogue_of_file
from editor.model.catalogue_refs import ReferenceRefused, load_referenced_catalogue
from editor.model.errors import LoadError
from editor.model.fast_schema import schema_errors, surely_valid
from editor.model.jsonio import decode_json_bytes, parse_json_text, read_json_text
from editor.model.jsonpos import PathKey, note_parsed
from editor.model.limits import scenario_size_problem
from editor.model.scenario import SUPPORTED_FORMAT_VERSIONS, Scenario
from editor.model.scenario_io import LoadedScenario, version_advice
from editor.model.schema_wording import json_type_name
from editor.model.schemas import explain
from editor.model.user_paths import check_user_file

MAX_SCHEMA_HITS = 50

for _rule in (
    Rule(INTERNAL, "error", "the linter itself failed on this file (a bug: please report it)",
         "load"),
    Rule(IO_ERROR, "error", "a file or folder cannot be read (missing, unreadable, not a file)",
         "load"),
    Rule(SYNTAX, "error", "the file is not valid UTF-8 JSON (syntax, encoding, size, duplicate "
         "keys, nesting)", "load"),
    Rule(SCHEMA, "error", "the file does not validate against schemas/scenario.schema.json",
         "load"),
    Rule(VERSION, "error", "unknown format_version (the message lists the supported ones)",
         "load"),
    Rule(REFERENCE, "error", "a reference the schema cannot check is broken: unknown tile or "
         "side, duplicate board id, players.min above players.max, custom catalogue",
         "load"),
    Rule(ENGINE, "error", "an engine-format file cannot be read as a realm", "load"),
    Rule(WORKER_DIED, "error", "the worker process linting the file died (killed, out of "
         "memory)", "load"),
):
    register(_rule)


def _from_load_error(code: str, error: LoadError) -> Hit:
    return Hit(code, error.message, error.hint, position=error.position)


def schema_hits(data: Any) -> list[Hit]:
    """Every schema error (capped), pointing at the offending key or value."""
    if surely_valid("scenario", data):
        return []
    hits: list[Hit] = []
    seen: set[tuple[PathKey, str]] = set()
    errors = sorted(schema_errors("scenario", data, MAX_SCHEMA_HITS),
                    key=lambda e: [str(p) for p in e[2].path])
    for path, is_key, error in errors:
        items = explain(error)
        if items[0].path != path:
            # A large document was cut down before wording: only the first problem's path
            # is known in the file's own indexes.
            items = items[:1]
        for index, item in enumerate(items):
            item_path, item_is_key = (path, is_key) if index == 0 else (item.path, item.is_key)
            if (item_path, item.message) in seen:
                continue
            seen.add((item_path, item.message))
            hits.append(Hit(SCHEMA, item.message, item.hint, item_path, key=item_is_key))
            if len(hits) >= MAX_SCHEMA_HITS:
                return hits
    return hits


def _catalogue(data: dict[str, Any], base_dir: Path | None) -> tuple[list[Hit], Catalogue]:
    hits: list[Hit] = []
    base = base_catalogue()  # ``realms lint --catalogue``: the scenario's own merge on top
    catalogue = base if base is not None else catalogue_of_file(data)
    for index, relative in enumerate(data.get("catalogues", [])):
        try:
            catalogue = catalogue.merged(
                load_referenced_catalogue(relative, base_dir or Path.cwd()))
        except ReferenceRefused as exc:
            hits.append(Hit(REFERENCE, f"custom catalogue {relative!r} {exc.message}",
                            exc.hint, ("catalogues", index)))
        except ValueError as exc:
            hits.append(Hit(REFERENCE, str(exc), "rename the custom tiles", ("catalogues", index)))
    return hits, catalogue


def reference_hits(data: dict[str, Any], catalogue: Catalogue,
                   unread: bool = False) -> list[Hit]:
    """What the schema cannot say: tiles and sides exist, board ids are unique
    (``unread``: a referenced catalogue could not be read, the likely home of a tile)."""
    hits: list[Hit] = []
    seen_boards: set[str] = set()
    tiles = catalogue.tiles
    for b_index, board in enumerate(data["boards"]):
        if board["id"] in seen_boards:
            hits.append(Hit(REFERENCE, f"duplicate board id {board['id']!r}",
                            "give each board its own id", ("boards", b_index, "id")))
        seen_boards.add(board["id"])
        for t_index, placement in enumerate(board.get("tiles", [])):
            # (the path and the catalogue's key list are made only for a hit: most files
            # have none, and this runs for every tile)
            tile = tiles.get(placement["tile"])
            if tile is None:
                known = "".join(sorted(k for k in tiles if len(k) == 1))
                hits.append(Hit(REFERENCE, f"unknown tile {placement['tile']!r}",
                                "its catalogue could not be read (see the finding on "
                                "\"catalogues\")" if unread else
                                f"use a catalogue tile ({known} or a custom catalogue's key)",
                                ("boards", b_index, "tiles", t_index, "tile"),
                                tiles=(placement["tile"],)))
            elif placement["side"] not in tile.sides:
                hits.append(Hit(REFERENCE, f"tile {tile.key} has no {placement['side']} side",
                                f"use one of {', '.join(tile.sides)}",
                                ("boards", b_index, "tiles", t_index, "side"),
                                tiles=(tile.key,)))
    players = data["players"]
    if players["min"] > players["max"]:
        hits.append(Hit(REFERENCE, f"players.min ({players['min']}) is above players.max "
                        f"({players['max']})", "swap them", ("players",)))
    return hits


Checked = tuple[list[Hit], LoadedScenario | None]


def check_data(data: Any, text: str, base_dir: Path | None) -> Checked:
    """Schema-family checks of parsed JSON; the loaded scenario when it is usable."""
    if not isinstance(data, dict):
        return [Hit(SCHEMA, f"a scenario must be a JSON object, not {json_type_name(data)}",
                    "start from `realms new`")], None
    version = data.get("format_version")
    if (isinstance(version, int) and not isinstance(version, bool)
            and version not in SUPPORTED_FORMAT_VERSIONS):
        supported = ", ".join(str(v) for v in SUPPORTED_FORMAT_VERSIONS)
        return [Hit(VERSION, f"unsupported format_version {version}; supported: {supported}",
                    version_advice(version), ("format_version",))], None
    too_big = scenario_size_problem(data)
    if too_big is not None:
        path, message, hint = too_big
        return [Hit(SYNTAX, message, hint, path)], None
    hits = schema_hits(data)
    if hits:
        return hits, None
    hits, catalogue = _catalogue(data, base_dir)
    hits += reference_hits(data, catalogue, unread=bool(hits))
    if hits:
        return hits, None
    return [], LoadedScenario(Scenario.from_dict(data), catalogue, None, text)


def check_text(text: str, shown: str, base_dir: Path | None) -> Checked:
    try:
        data = parse_json_text(text, shown)
    except LoadError as exc:
        return [_from_load_error(SYNTAX, exc)], None
    note_parsed(text)  # its findings are placed without parsing it again
    return check_data(data, text, base_dir)


def check_file(path: Path, raw: bytes | None = None) -> Checked:
    """Read, parse and check one scenario file; every failure becomes a hit. ``raw``: the
    file's bytes when the caller has read them already (lint's cache), so one read."""
    try:
        check_user_file(path)  # a link out of the collection, a FIFO: refused, never quoted
        text = read_json_text(path) if raw is None else decode_json_bytes(raw, str(path))
    except LoadError as exc:  # I/O problems are S001 (``LoadError``'s default), the rest S002
        return [_from_load_error(IO_ERROR if exc.code == IO_ERROR else SYNTAX, exc)], None
    hits, loaded = check_text(text, str(path), path.parent)
    if loaded is not None:
        loaded.path = path
    return hits, loaded


def loaded_hits(loaded: LoadedScenario) -> list[Hit]:
    """Schema checks of an in-memory document (the editor's): its current content."""
    data = loaded.scenario.to_dict()
    hits = schema_hits(data)
    if not hits:
        hits = reference_hits(data, loaded.catalogue)
    return hits

