"""Custom catalogue references (``"catalogues": [...]``) confined to the collection.

A scenario is untrusted, so what it names must not reach outside its collection:
no absolute paths, no ``..`` above the collection root (symlinks are resolved
first), no URLs, no special files. The *collection root* is the nearest folder
upward from the scenario holding ``realms.toml``, a ``pyproject.toml`` with a
``[tool.realms]`` table, or ``.git``; without one, the scenario's own folder.
A collection that keeps catalogues elsewhere lists extra roots in that config
file (``catalogue-roots``, relative to it): the config, not the scenario, widens
the root. Errors about a referenced catalogue never quote its content: the user
pointed at the scenario, not at that file, and CI logs are public.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path, PurePosixPath, PureWindowsPath

from editor.model.catalogue import Catalogue, load_catalogue
from editor.model.errors import LoadError
from editor.model.jsonio import read_limited_bytes

MISSING_HINT = ("a catalogue path is relative to the scenario's folder, not the current "
                "folder: correct it in \"catalogues\", or move the catalogue there (in the "
                "editor, File → Locate catalogue… writes the reference)")
ROOT_MARKERS = ("realms.toml", "pyproject.toml", ".git")
_URL = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


class ReferenceRefused(Exception):
    """A catalogue reference that may not or cannot be used; the text is safe to print."""

    def __init__(self, message: str, hint: str) -> None:
        super().__init__(f"{message}; {hint}")
        self.message = message
        self.hint = hint


@dataclass(frozen=True)
class CollectionRoots:
    """Where catalogue references may point: the collection root and configured extras."""

    root: Path
    extra: tuple[Path, ...] = ()
    config: Path | None = None

    def contains(self, path: Path) -> bool:
        return any(path == root or path.is_relative_to(root) for root in (self.root, *self.extra))


def _realms_table(path: Path) -> dict[str, object] | None:
    """The Realms Studio table of a config file, or None when it has none."""
    import tomllib  # (only for custom catalogues: not on the way to a first frame)

    try:
        data = tomllib.loads(read_limited_bytes(path).decode("utf-8"))
    except LoadError as exc:
        raise ReferenceRefused(f"cannot read {path} to find the collection root: "
                               f"{exc.message}", exc.hint) from None
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ReferenceRefused(f"cannot read {path} to find the collection root ({exc})",
                               "fix that file") from None
    if path.name == "pyproject.toml":
        table = data.get("tool", {}).get("realms")
        return table if isinstance(table, dict) else None
    return data


def collection_roots(scenario_dir: Path) -> CollectionRoots:
    """The collection root for a scenario in ``scenario_dir`` (see the module doc)."""
    start = scenario_dir.resolve()
    for folder in (start, *start.parents):
        for marker in ROOT_MARKERS:
            candidate = folder / marker
            if marker == ".git":
                if candidate.exists():
                    return CollectionRoots(folder)
                continue
            if not candidate.is_file():
                continue
            table = _realms_table(candidate)
            if table is None:
                continue
            return CollectionRoots(folder, _extra_roots(candidate, table), candidate)
    return CollectionRoots(start)


def _extra_roots(config: Path, table: dict[str, object]) -> tuple[Path, ...]:
    extra = table.get("catalogue-roots", [])
    if not isinstance(extra, list) or not all(isinstance(e, str) for e in extra):
        raise ReferenceRefused(f"{config}: catalogue-roots must be a list of folder paths",
                               'write catalogue-roots = ["../shared-tiles"]')
    return tuple((config.parent / e).resolve() for e in extra)


def resolve_reference(reference: str, scenario_dir: Path) -> Path:
    """The file a catalogue reference names, checked to stay inside the collection."""
    if "\0" in reference or _URL.match(reference) or "://" in reference:
        raise ReferenceRefused("is not a relative file path",
                               "name a .json file relative to the scenario; URLs are never "
                               "fetched")
    if (PurePosixPath(reference).is_absolute() or PureWindowsPath(reference).is_absolute()
            or PureWindowsPath(reference).drive or reference.startswith("~")):
        raise ReferenceRefused("is an absolute path",
                               "name the catalogue relative to the scenario, inside its "
                               "collection")
    roots = collection_roots(scenario_dir)
    target = (scenario_dir / reference).resolve()
    if not roots.contains(target):
        where = f"the collection root {roots.root}"
        how = ("or list its folder in catalogue-roots in " + str(roots.config)
               if roots.config else "or add a realms.toml at the collection's top folder "
               "with catalogue-roots")
        raise ReferenceRefused(f"points outside {where}",
                               f"keep catalogues inside the collection, {how}")
    return target


def load_referenced_catalogue(reference: str, scenario_dir: Path) -> Catalogue:
    """Load a catalogue a scenario names; every failure is a :class:`ReferenceRefused`
    whose text says where the problem is in that file but never quotes its content."""
    target = resolve_reference(reference, scenario_dir)
    if not target.exists():
        raise ReferenceRefused(f"is not found (no file {target})", MISSING_HINT)
    try:
        return load_catalogue(target)
    except LoadError as exc:
        if exc.code == "S001":  # I/O: our own wording, no file content
            raise ReferenceRefused(exc.message, exc.hint) from None
        where = (f" at line {exc.position.line}, column {exc.position.column} of that file"
                 if exc.position is not None else "")
        raise ReferenceRefused(
            f"is not a valid catalogue (a problem{where}; its content is not shown here)",
            "open that file, or check it against schemas/catalogue.schema.json") from None
