"""What to tell a user whose install lacks an optional part (Qt is the ``gui`` extra).

A plain install gives the linter, derivation, formatter and text exports: what a CI job
or a pre-commit hook runs, without downloading Qt. The editor and the image exports need
the ``gui`` extra; this module words that advice once. realms-studio is installed from its
git repository (it is on no package index), so the advice names that requirement.
"""

from __future__ import annotations

import importlib.util

from editor.project import GIT_REQUIREMENT

GUI_INSTALL = f"pip install '{GIT_REQUIREMENT.replace('realms-studio', 'realms-studio[gui]', 1)}'"


def qt_missing(what: str, error: ImportError) -> str:
    """The one-line reason ``what`` cannot run, for an ImportError raised importing Qt."""
    if importlib.util.find_spec("PySide6") is None:
        return (f"{what} needs Qt (PySide6), which is not installed: it is the optional "
                f"'gui' extra; install it with `{GUI_INSTALL}`")
    return (f"{what} needs Qt, which is installed but cannot load ({error}); check its "
            "system libraries (scripts/qt-debian-packages.txt lists them for Debian)")


def is_qt_import_error(error: ImportError) -> bool:
    """True when ``error`` came from importing PySide6/shiboken6 (not from our own code)."""
    name = error.name or ""
    return name.split(".")[0] in {"PySide6", "shiboken6"} or "PySide6" in str(error)


def qt_unavailable(what: str) -> str | None:
    """``None`` when Qt loads, else the one-line reason ``what`` cannot run.

    Asked by a command before it starts work that needs Qt (a tile sheet, a site's image
    downloads), so a lint-only install stops at once with the advice and exit 2 instead of
    a traceback, or a site that silently lacks the images it was asked for."""
    try:
        import PySide6.QtGui  # noqa: F401
    except ImportError as exc:
        return qt_missing(what, exc)
    return None
