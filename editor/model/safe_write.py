"""The one way Realms Studio writes a user's file: crash-safe, and respectful of what is there.

``realms format``, ``export -o``, ``new``, ``import -o`` and the editor's save and autosave all
write through :func:`write_bytes` / :func:`write_text`. The rules, and why:

* **Crash safety.** A regular file is replaced by writing a temporary file beside it
  (``.NAME.realms-XXXXXXXX.tmp``), syncing it, and renaming it over the target, then syncing
  the folder. A crash, a full disk or a kill leaves either the old file or the new one, never
  half of one. A killed run leaves its temporary file behind; the next write into that folder
  removes such files once they are :data:`STALE_AFTER_SECONDS` old (only ours: our naming
  pattern, our user, regular files).
* **Symlinks** are written through: the link's target gets the new content and the link stays
  a link.
* **Hard links** are kept: a file with several names is rewritten in place, since a rename
  would give only one of its names the new content. The same happens when the file's owner
  cannot be restored after a rename (someone else's file in a shared, group-writable
  folder). An in-place rewrite cannot be atomic, so it is journalled: the new content is
  first written and synced in a temporary file beside it (a full disk is found before the
  file is touched), then the *old* content is copied and synced to a backup beside it
  (``.NAME.realms-XXXXXXXX.orig``), and only then is the file rewritten, truncated and
  synced; the backup goes last. So at every point of a crash either the file is whole (old
  or new) or the backup holds the old bytes whole: a kill between the write and the
  truncation (new text followed by the old tail) is recovered by copying the backup back.
  A failure that is not a crash (a full disk mid-rewrite) copies the backup back at once.
  Backups are never removed by the stale-file clean-up: they are the user's data.
* **Read-only files** (no write permission bit, or not writable by us) are refused unless the
  caller passes ``force=True``; a forced write keeps the read-only mode.
* **Owner, group and mode** of a replaced file are kept; a new file gets ``0666 & ~umask`` and
  the folder's group when the folder is setgid (the kernel does that for us).
* **Streams** (standard output, pipes, character devices such as ``/dev/null`` and
  ``/dev/stdout``) are written directly, never replaced; so ``/dev/full`` gives "no space left
  on device" and is never turned into a regular file. Block devices and folders are refused.

Every failure is a :class:`WriteError` (an ``OSError``) whose text names the file, says what
went wrong and that the file was left unchanged.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import tempfile
import time
from pathlib import Path

from editor.escaping import display_path

STALE_AFTER_SECONDS = 15 * 60
TEMP_TAG = ".realms-"
TEMP_SUFFIX = ".tmp"
BACKUP_SUFFIX = ".orig"
_TEMP_PATTERN = re.compile(r"^\..+\.realms-[A-Za-z0-9_]{6,}\.tmp\Z", re.DOTALL)
# Names that stand for an open file of the process (a shell redirection): never replaced.
_STREAM_NAMES = ("/dev/stdout", "/dev/stderr", "/dev/stdin", "/dev/fd/", "/dev/tty",
                 "/proc/")
_CLEANED: set[str] = set()
# Test-only: seconds to sleep after the temporary file is complete and before it is renamed,
# so a test can kill a real process mid-write. Never set outside the test suite.
_TEST_PAUSE_ENV = "REALMS_TEST_ONLY_PAUSE_BEFORE_RENAME"
# Test-only fault injection (tests/writes/test_write_crashes.py): at the step named by the
# first variable the process dies at once (os._exit, as a kill would leave it); at the one
# named by the second the step fails with "no space left on device". Never set otherwise.
_TEST_CRASH_ENV = "REALMS_TEST_ONLY_CRASH_AT"
_TEST_FAIL_ENV = "REALMS_TEST_ONLY_FAIL_AT"
STEPS = ("temp-written", "renamed", "backup-written", "rewritten", "truncated", "synced",
         "backup-removed")
"""Every step of a write a fault can be injected after, in order (the rename path uses
the first two, an in-place rewrite all but the second)."""


class WriteError(OSError):
    """A write that was refused or failed; the target was left as it was.

    ``str()`` is one line naming the file; ``reason`` is the part after the file name.
    """

    def __init__(self, path: str | os.PathLike[str], reason: str, *,
                 read_only: bool = False) -> None:
        super().__init__(reason)
        self.path = os.fspath(path)
        self.reason = reason
        self.strerror = reason
        self.read_only = read_only

    def __str__(self) -> str:
        return f"{display_path(self.path)}: {self.reason}"


def write_text(path: str | os.PathLike[str], text: str, *, force: bool = False) -> None:
    """Write ``text`` as UTF-8 with ``\\n`` line ends; see :func:`write_bytes`.

    The text is encoded before anything is touched, so an unencodable string (a lone
    surrogate) raises ``UnicodeEncodeError`` and leaves no trace.
    """
    write_bytes(path, text.encode("utf-8"), force=force)


def write_bytes(path: str | os.PathLike[str], data: bytes, *, force: bool = False,
                durable: bool = True) -> None:
    """Write ``data`` to ``path`` by the rules in this module's docstring.

    ``force`` overwrites a read-only file (keeping its mode). ``durable=False`` skips the
    fsyncs, for output that is rebuilt from its sources anyway (a generated site's pages):
    the replacement stays atomic, only a power cut may lose the newest version.
    Raises :class:`WriteError`.
    """
    given = os.fspath(path)
    if not given:
        raise WriteError(given, "empty file name")
    try:
        st: os.stat_result | None = os.stat(given)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        raise _failed(given, exc, "cannot write") from None
    real = Path(os.path.realpath(given))
    if _is_stream_path(given, real) or (st is not None and _is_stream(st.st_mode)):
        _write_stream(given, data, st)
        return
    problem = _target_problem(given, real, st, force)
    if problem is not None:
        raise problem
    _write_regular(given, real, data, st, durable)


def _target_problem(given: str, real: Path, st: os.stat_result | None,
                    force: bool) -> WriteError | None:
    """Why a file that is not a stream cannot be written over as it is now, or None."""
    if st is None:
        return None
    if stat.S_ISDIR(st.st_mode):
        return WriteError(given, "is a folder; name a file to write")
    if not stat.S_ISREG(st.st_mode):
        return WriteError(given, "is a device, not a regular file; refusing to replace it")
    if not force and _read_only(real, st):
        return WriteError(given, "is read-only; it was left unchanged", read_only=True)
    return None


def check_writable(given: str | os.PathLike[str]) -> None:
    """Raise the :class:`WriteError` a write of ``given`` would raise for its target as it
    is now (read-only, a folder, a missing folder), so a command can refuse before a long
    computation rather than after it; streams (a pipe, a device) and new files pass."""
    shown = os.fspath(given)
    try:
        st: os.stat_result | None = os.stat(shown)
    except FileNotFoundError:
        st = None
    except OSError:
        return  # the write itself says what is wrong, as it would have
    real = Path(os.path.realpath(shown))
    if _is_stream_path(shown, real) or (st is not None and _is_stream(st.st_mode)):
        return
    problem = _target_problem(shown, real, st, force=False)
    if problem is None and st is None and not real.parent.is_dir():
        problem = _missing_folder(shown, real.parent)
    if problem is not None:
        raise problem


# ----- streams ------------------------------------------------------------------------------


def is_stream_target(path: str | os.PathLike[str]) -> bool:
    """True when :func:`write_bytes` would write ``path`` as a stream (standard output, a
    pipe, a character device), so it holds one document and is not "a file" to announce."""
    given = os.fspath(path)
    try:
        mode = os.stat(given).st_mode
    except OSError:
        mode = None
    real = Path(os.path.realpath(given))
    return _is_stream_path(given, real) or (mode is not None and _is_stream(mode))


def _is_stream(mode: int) -> bool:
    return stat.S_ISCHR(mode) or stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)


def _is_stream_path(given: str, real: Path) -> bool:
    """``/dev/stdout``, ``/dev/fd/N``, ``/proc/self/fd/N``: always written as a stream, even
    when they lead to a regular file (a shell redirection we must append to, not replace).
    Ordinary files under ``/dev/shm`` are ordinary files."""
    absolute = os.path.abspath(given)
    return any(p == name.rstrip("/") or p.startswith(name)
               for p in (absolute, str(real)) for name in _STREAM_NAMES)


def _write_stream(given: str, data: bytes, st: os.stat_result | None) -> None:
    if st is None:
        raise WriteError(given, "does not exist; only existing devices and streams are "
                                "written there")
    if stat.S_ISBLK(st.st_mode):
        raise WriteError(given, "is a block device; refusing to write to it")
    if stat.S_ISDIR(st.st_mode):
        raise WriteError(given, "is a folder; name a file to write")
    try:
        fd = os.open(given, os.O_WRONLY | os.O_APPEND | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise _failed(given, exc, "cannot open for writing", stream=True) from None
    try:
        _write_all(fd, data)
        with contextlib.suppress(OSError):  # pipes and terminals cannot be synced
            os.fsync(fd)
    except OSError as exc:
        raise _failed(given, exc, "cannot write", stream=True) from None
    finally:
        os.close(fd)


# ----- regular files ------------------------------------------------------------------------


def _write_regular(given: str, real: Path, data: bytes, st: os.stat_result | None,
                   durable: bool = True) -> None:
    directory = real.parent
    if str(directory) not in _CLEANED:  # once per folder and run: format may write thousands
        _CLEANED.add(str(directory))
        remove_stale_temps(directory)
    in_place = st is not None and st.st_nlink > 1
    fd, temp = _make_temp(given, directory, real.name)
    try:
        try:
            _write_all(fd, data)
            if durable:
                os.fsync(fd)
            if st is not None:
                in_place |= not _keep_owner(fd, st)
        finally:
            os.close(fd)
        os.chmod(temp, 0o666 & ~_umask() if st is None else stat.S_IMODE(st.st_mode))
        _test_pause()
        _fault("temp-written")
        if in_place:
            _rewrite_in_place(given, real, data)
            os.unlink(temp)
        else:
            os.replace(temp, real)
            _fault("renamed")
        if durable:
            _sync_folder(directory)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        if isinstance(exc, OSError) and not isinstance(exc, WriteError):
            raise _failed(given, exc, "cannot write") from None
        raise


def _missing_folder(given: str, directory: Path) -> WriteError:
    return WriteError(given, f"the folder {display_path(directory)} does not exist; "
                             "create it first")


def _read_only(real: Path, st: os.stat_result) -> bool:
    """No write bit at all (which root would ignore), or not writable by us."""
    return st.st_mode & 0o222 == 0 or not os.access(real, os.W_OK)


def _make_temp(given: str, directory: Path, name: str) -> tuple[int, str]:
    prefix = f".{name[:100]}{TEMP_TAG}"
    try:
        return tempfile.mkstemp(prefix=prefix, suffix=TEMP_SUFFIX, dir=directory)
    except FileNotFoundError:
        raise _missing_folder(given, directory) from None
    except OSError as exc:
        raise _failed(given, exc, "cannot create a temporary file beside it") from None


def _keep_owner(fd: int, st: os.stat_result) -> bool:
    """Give the temporary file the old file's owner and group; False if we may not."""
    fchown = getattr(os, "fchown", None)
    if fchown is None:
        return True
    current = os.fstat(fd)
    if (current.st_uid, current.st_gid) == (st.st_uid, st.st_gid):
        return True
    try:
        fchown(fd, st.st_uid, st.st_gid)
    except PermissionError:
        return False
    return True


def _rewrite_in_place(given: str, real: Path, data: bytes) -> None:
    """Rewrite ``real`` in place, journalled (module doc, "Hard links"): the old bytes are
    whole in a synced backup beside it until the new ones are whole and synced."""
    directory = real.parent
    fd = os.open(real, os.O_RDWR | getattr(os, "O_CLOEXEC", 0))
    try:
        old = _read_all(fd)
        backup_fd, backup = tempfile.mkstemp(prefix=f".{real.name[:100]}{TEMP_TAG}",
                                             suffix=BACKUP_SUFFIX, dir=directory)
        try:
            _write_all(backup_fd, old)
            os.fsync(backup_fd)
        except BaseException:
            os.close(backup_fd)
            with contextlib.suppress(OSError):
                os.unlink(backup)
            raise
        os.close(backup_fd)
        _sync_folder(directory)  # the backup's name survives a power cut too
        try:
            _fault("backup-written")
            _overwrite(fd, data)
        except OSError as exc:
            try:
                _overwrite(fd, old)
            except OSError:
                raise WriteError(given, f"cannot write ({_reason(exc)}); the old content "
                                 f"is kept whole in {display_path(backup)}: copy it back"
                                 ) from None
            os.unlink(backup)
            raise
    finally:
        os.close(fd)
    os.unlink(backup)
    _fault("backup-removed")


def _overwrite(fd: int, data: bytes) -> None:
    """Write ``data`` over the start of the open file, cut it there and sync it."""
    os.lseek(fd, 0, os.SEEK_SET)
    _write_all(fd, data)
    _fault("rewritten")
    os.ftruncate(fd, len(data))
    _fault("truncated")
    os.fsync(fd)
    _fault("synced")


def _read_all(fd: int) -> bytes:
    chunks = []
    while chunk := os.read(fd, 1 << 20):
        chunks.append(chunk)
    return b"".join(chunks)


def remove_stale_temps(directory: str | os.PathLike[str],
                       older_than: float = STALE_AFTER_SECONDS) -> list[Path]:
    """Remove temporary files a killed write left in ``directory``; returns what went.

    Only our own files go: named ``.NAME.realms-XXXXXX.tmp``, regular (not links), owned by
    us, and not modified for ``older_than`` seconds (a younger one may be another run's write
    in progress). Problems are ignored: cleaning up must never stop a write.
    """
    removed: list[Path] = []
    cutoff = time.time() - older_than
    uid = os.geteuid() if hasattr(os, "geteuid") else None
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return removed
    for entry in entries:
        if not _TEMP_PATTERN.match(entry.name):
            continue
        try:
            st = entry.stat(follow_symlinks=False)
            if (not stat.S_ISREG(st.st_mode) or st.st_mtime > cutoff
                    or (uid is not None and st.st_uid != uid)):
                continue
            os.unlink(entry.path)
        except OSError:
            continue
        removed.append(Path(entry.path))
    return removed


# ----- small helpers -------------------------------------------------------------------------


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def _sync_folder(directory: Path) -> None:
    """Make the rename durable; some file systems cannot sync a folder, which is fine."""
    flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
    try:
        fd = os.open(directory, flags)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _umask() -> int:
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    current = os.umask(0o022)
    os.umask(current)
    return current


def _reason(exc: OSError) -> str:
    return (exc.strerror or type(exc).__name__).lower()


def _failed(given: str, exc: OSError, action: str, *, stream: bool = False) -> WriteError:
    reason = _reason(exc)
    if stream:
        return WriteError(given, f"{action} ({reason})")
    return WriteError(given, f"{action} ({reason}); the file was left unchanged")


_FAILED: set[str] = set()


def _fault(step: str) -> None:
    """Test-only: die after ``step``, or make the operation after it fail (once), when a
    test asks (see :data:`STEPS`)."""
    if os.environ.get(_TEST_CRASH_ENV) == step:
        os._exit(70)
    if os.environ.get(_TEST_FAIL_ENV) == step and step not in _FAILED:
        _FAILED.add(step)
        raise OSError(28, "No space left on device")


def _test_pause() -> None:
    pause = os.environ.get(_TEST_PAUSE_ENV)
    if pause:
        time.sleep(float(pause))


__all__ = ["BACKUP_SUFFIX", "STALE_AFTER_SECONDS", "STEPS", "WriteError", "is_stream_target",
           "remove_stale_temps", "write_bytes", "write_text"]
