"""Where the program's bundled data lives: inside the ``editor`` package, found with
:mod:`importlib.resources`, so a plain wheel install works from any directory. When the
package is a plain folder (a wheel or editable install, a checkout) the file is used in
place, without importing :mod:`importlib.resources` (which costs every CLI start the
import of ``tempfile``, ``zipfile`` and more).

``editor/data/`` holds the tile catalogue, lint defaults, styles and base-game data; its
``schemas`` and ``templates`` entries are committed symlinks to the repository's top-level
``schemas/`` and ``scenarios/templates/`` (the source of truth). The build copies their
contents into the wheel and the sdist, and an editable checkout reads them through the links.
"""

from __future__ import annotations

import atexit
from contextlib import ExitStack
from functools import cache
from pathlib import Path

TYPE_CHECKING = False
if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

DATA_PACKAGE = "editor"
DATA_FOLDER = "data"

# Every bundled file the program opens, relative to editor/data/. ``data_file`` refuses any
# other name, and tests/install checks that each one is inside the built wheel.
RESOURCES = frozenset({
    "tiles.json",
    "tiles-invented.json",
    "tile-labels.json",
    "terrains.json",
    "tile-borders.json",
    "style.json",
    "base_game.json",
    "lint-defaults.toml",
    "provenance.toml",
    "generate-spread.json",
    "schema-messages.toml",
    "balance-standard.json",
    "engine-rules.json",
    "scoring-markers.json",
    "playtest.json",
    "smawg-rules-plugin.py.in",
    "schemas/scenario.schema.json",
    "schemas/catalogue.schema.json",
    "schemas/engine.schema.json",
    "templates/blank-surface.realm.json",
    "templates/blank-underground.realm.json",
    "templates/blank-both.realm.json",
    "site/index.html.j2",
    "site/scenario.html.j2",
    "site/base.html.j2",
    "site/site.css",
    "site/board.css",
    "site/site.js",
    "site/site.json",
    "site/balance.html.j2",
})

_KEEP = ExitStack()  # files extracted from a zipped install live until the process ends
atexit.register(_KEEP.close)


def data_resource(name: str) -> Traversable:
    """The bundled resource ``name`` (e.g. ``"schemas/scenario.schema.json"``)."""
    if name not in RESOURCES:
        raise KeyError(f"{name!r} is not a bundled resource; list it in editor.model.paths")
    from importlib import resources

    node = resources.files(DATA_PACKAGE).joinpath(DATA_FOLDER)
    for part in name.split("/"):
        node = node.joinpath(part)
    return node


@cache
def data_file(name: str) -> Path:
    """A real file-system path to the bundled resource ``name``.

    Installed packages are plain directories, so this is the file inside site-packages
    (or the checkout); from a zip import the file is extracted once for the process.
    """
    if name not in RESOURCES:
        raise KeyError(f"{name!r} is not a bundled resource; list it in editor.model.paths")
    import editor  # the package as imported: where importlib.resources would look first

    for folder in editor.__path__:
        in_place = Path(folder, DATA_FOLDER, *name.split("/"))
        if in_place.is_file():
            return in_place
    from importlib import resources

    return Path(_KEEP.enter_context(resources.as_file(data_resource(name))))
