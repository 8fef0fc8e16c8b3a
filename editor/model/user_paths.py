"""The one way a command opens a path the user (or a stranger's pull request) gave it.

Collections lint, format and publish files written by strangers, and a file can be a
symbolic link to anything: ``.git/config``, ``/proc/self/environ``, ``/dev/zero``, a FIFO,
itself. Every command (``lint``, ``format``, ``derive``, ``export``, ``balance``,
``realise``, ``site``) checks each scenario path here before it reads a byte of it:

* only regular files are read: a FIFO, device, socket or folder is refused, whether named
  directly or reached through a link (and without opening it, so nothing can block);
* a link that loops, or dangles, is refused with a clear message (never a traceback);
* a scenario file, or a folder named on the command line, that is a symbolic link must
  resolve inside the *collection root* of the folder holding the link: the same rule and
  the same widening setting (``catalogue-roots``) as custom catalogue references, see
  :mod:`editor.model.catalogue_refs`; a linked file must also be a ``.json`` file outside
  ``.git`` (the root of a checkout holds ``.git/config``, with its token, and CI often
  writes secrets into the workspace).

A plain file found in a folder is always inside that folder, so the root is only looked
up for links: the common case costs one ``lstat``. Refusals are :class:`LoadError` with
code S001 and never quote the refused file (nor print where the link points).
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from editor.model.errors import LoadError
from editor.model.jsonio import MAX_FILE_BYTES, read_limited_bytes

TYPE_CHECKING = False
if TYPE_CHECKING:  # the root is only looked up for links: a warm lint never loads catalogues
    from editor.model.catalogue_refs import CollectionRoots

_KINDS = ((stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))
WIDEN_HINT = ("keep scenarios inside the collection, or list the folder in catalogue-roots "
              "in the collection's realms.toml (or [tool.realms] in pyproject.toml)")


def _kind(mode: int) -> str:
    return next((name for test, name in _KINDS if test(mode)), "a special file")


def _link_problem(shown: str, exc: OSError) -> LoadError:
    if exc.errno == errno.ELOOP:
        return LoadError(shown, "is a symbolic link that loops back on itself",
                         hint="point the link at a real file, or remove it")
    if isinstance(exc, FileNotFoundError | NotADirectoryError):
        return LoadError(shown, "is a symbolic link to nothing (its target does not exist)",
                         hint="point the link at a real file, or remove it")
    return LoadError(shown, f"cannot follow this symbolic link: {exc.strerror or exc}",
                     hint="check the link and the permissions on its way")


def roots_for(path: Path) -> CollectionRoots:
    """The collection root that a link at ``path`` must stay inside: found upward from the
    folder holding it (see :mod:`editor.model.catalogue_refs`)."""
    from editor.model.catalogue_refs import collection_roots

    return collection_roots(Path(os.path.abspath(path)).parent)


def _check_inside(path: Path, shown: str, roots: CollectionRoots | None) -> None:
    """Refuse a link whose target lies outside the collection root of its own folder."""
    from editor.model.catalogue_refs import ReferenceRefused

    try:
        roots = roots if roots is not None else roots_for(path)
    except ReferenceRefused as exc:
        raise LoadError(shown, exc.message, hint=exc.hint) from None
    real = Path(os.path.realpath(path))
    if not roots.contains(real):
        raise LoadError(shown, f"is a symbolic link that points outside the collection root "
                               f"{roots.root}", hint=WIDEN_HINT)
    home = next(r for r in (roots.root, *roots.extra) if real == r or real.is_relative_to(r))
    if ".git" in real.relative_to(home).parts or (
            not real.name.endswith(".json") and not stat.S_ISDIR(os.stat(real).st_mode)):
        # .git/config holds the checkout's token; a workspace's .env its secrets
        raise LoadError(shown, "is a symbolic link to a file that is not a scenario "
                               "(not a .json file, or inside .git)",
                        hint="link only to *.realm.json files of the collection")


def check_user_file(path: Path, roots: CollectionRoots | None = None) -> None:
    """Raise :class:`LoadError` unless ``path`` may be read as a scenario (module doc).

    ``roots``: the collection root to hold a link to, when the caller already knows it."""
    shown = str(path)
    try:
        info = os.lstat(path)
    except ValueError:
        raise LoadError(shown, "the path contains a NUL character", hint="check the path") \
            from None
    except OSError:
        return  # missing or unreachable: reading it reports that in the usual words
    linked = stat.S_ISLNK(info.st_mode)
    if linked:
        try:
            info = os.stat(path)
        except OSError as exc:
            raise _link_problem(shown, exc) from None
    mode = info.st_mode
    if stat.S_ISDIR(mode):
        raise LoadError(shown, "is a folder, not a file",
                        hint="name a file inside it (realms lint also takes a folder)")
    if not stat.S_ISREG(mode):
        raise LoadError(shown, f"is {_kind(mode)}, not a regular file",
                        hint="name a regular file; special files are never read")
    if linked:
        _check_inside(path, shown, roots)


def check_user_folder(path: Path) -> None:
    """Raise :class:`LoadError` when a folder named on the command line is a link that
    leaves the collection root of the folder holding it, or loops."""
    shown = str(path)
    try:
        linked = os.path.islink(path.as_posix().rstrip("/") or "/")
    except ValueError:
        raise LoadError(shown, "the path contains a NUL character", hint="check the path") \
            from None
    if not linked:
        return
    try:
        os.stat(path)
    except OSError as exc:
        raise _link_problem(shown, exc) from None
    _check_inside(Path(path.as_posix().rstrip("/")), shown, None)


def read_user_file(path: Path, roots: CollectionRoots | None = None, *,
                   max_bytes: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a scenario path after :func:`check_user_file`; :class:`LoadError`
    otherwise (the read itself refuses special files and oversized files again)."""
    check_user_file(path, roots)
    return read_limited_bytes(path, max_bytes=max_bytes)


def same_file(first: str | os.PathLike[str], second: str | os.PathLike[str]) -> bool:
    """Whether two paths name one existing file (through links and hard links too)."""
    try:
        return os.path.samefile(first, second)
    except (OSError, ValueError):
        return False


__all__ = ["WIDEN_HINT", "check_user_file", "check_user_folder", "read_user_file",
           "roots_for", "same_file"]
