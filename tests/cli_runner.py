"""``realms ARGS`` inside the test process: what ``python -m editor ARGS`` would print and
return, without paying ~0.7 s of interpreter start and imports per call.

Use it (directly, or through the ``run_cli`` fixture of tests/conftest.py) whenever the
test is about what a command does. Keep a real subprocess (``sys.executable -m editor``)
when the process itself is the point: exit codes seen by a shell, closed pipes, signals,
the locale's encoding, a memory or privilege limit, or proving that Qt is not imported.

The result is a :class:`subprocess.CompletedProcess`, so a helper that used
``subprocess.run(..., capture_output=True, text=True)`` can switch without touching its
tests: ``returncode``; ``stdout``/``stderr`` decoded from the bytes written (UTF-8, strict:
bytes that a child's pipe would not carry fail loudly here too), or raw bytes with
``text=False``. An exception escaping ``main`` is printed as a traceback on stderr with exit
status 1, exactly as the interpreter would, so "no Traceback in stderr" checks keep biting.
"""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import threading
import traceback
import warnings
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Literal, overload

__all__ = ["in_process", "run_cli"]

# Caches of the code under test that hold facts about the user's files (found config files,
# configs per folder). A fresh interpreter starts without them, so every in-process run
# clears them first; caches of bundled data (schemas, catalogue, styles) stay warm, which is
# where the speed comes from. A new cache keyed on user files belongs here: "module:name".
PER_RUN_CACHES: tuple[str, ...] = (
    "editor.lint.config:_config_in",
    "editor.lint.config:config_for",
    "editor.model.safe_write:_CLEANED",  # folders already swept for stale temps "this run"
)


def _clear_per_run_caches() -> None:
    for entry in PER_RUN_CACHES:
        module_name, name = entry.split(":")
        module = sys.modules.get(module_name)
        cached = getattr(module, name, None)
        if hasattr(cached, "cache_clear"):
            cached.cache_clear()
        elif cached is not None:
            cached.clear()


@contextmanager
def _environment(env: Mapping[str, str] | None, cwd: str | os.PathLike[str] | None
                 ) -> Iterator[None]:
    """``os.environ`` replaced by ``env`` (a whole environment, as subprocess's ``env=``)
    and the working directory moved to ``cwd``, both restored afterwards."""
    saved_env = dict(os.environ)
    saved_cwd = os.getcwd()
    try:
        if env is not None:
            os.environ.clear()
            os.environ.update(env)
        if cwd is not None:
            os.chdir(cwd)
        yield
    finally:
        os.chdir(saved_cwd)
        if env is not None:
            os.environ.clear()
            os.environ.update(saved_env)


def _stream(data: bytes = b"") -> io.TextIOWrapper:
    """A text stream over bytes, like a child's pipe: UTF-8, ``\\n`` line ends, not a tty."""
    return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors="strict",
                            newline="\n", write_through=True)


def _value(stream: io.TextIOWrapper) -> bytes:
    stream.flush()
    buffer = stream.buffer
    assert isinstance(buffer, io.BytesIO)
    return buffer.getvalue()


@overload
def run_cli(*args: str | os.PathLike[str], cwd: str | os.PathLike[str] | None = ...,
            env: Mapping[str, str] | None = ..., input: str | bytes | None = ...,
            text: Literal[True] = ..., timeout: float | None = ...,
            ) -> subprocess.CompletedProcess[str]: ...


@overload
def run_cli(*args: str | os.PathLike[str], cwd: str | os.PathLike[str] | None = ...,
            env: Mapping[str, str] | None = ..., input: str | bytes | None = ...,
            text: Literal[False], timeout: float | None = ...,
            ) -> subprocess.CompletedProcess[bytes]: ...


def run_cli(*args: str | os.PathLike[str], cwd: str | os.PathLike[str] | None = None,
            env: Mapping[str, str] | None = None, input: str | bytes | None = None,
            text: bool = True, timeout: float | None = None,
            ) -> subprocess.CompletedProcess[Any]:
    """Run ``realms ARGS`` in this process and capture what it wrote.

    ``cwd`` and ``env`` mean what they mean to :func:`subprocess.run` (``env`` is the WHOLE
    environment); ``input`` is stdin (empty, like ``stdin=DEVNULL``, by default).
    ``ignored`` swallows subprocess-only keywords (``timeout``...) so helpers stay drop-in.
    """
    argv = [os.fspath(a) for a in args]
    data = input.encode("utf-8") if isinstance(input, str) else (input or b"")
    code, out, err = in_process(argv, cwd=cwd, env=env, stdin=data)
    if not text:
        return subprocess.CompletedProcess(["realms", *argv], code, out, err)
    return subprocess.CompletedProcess(["realms", *argv], code, out.decode("utf-8"),
                                       err.decode("utf-8"))


class _Expired(BaseException):
    """Raised by the alarm; a BaseException so no ``except Exception`` under test eats it."""


@contextmanager
def _alarm(cmd: list[str], seconds: float | None) -> Iterator[None]:
    if seconds is None or threading.current_thread() is not threading.main_thread():
        yield
        return

    def expire(signum: int, frame: object) -> None:
        raise _Expired

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    except _Expired:
        raise subprocess.TimeoutExpired(cmd, seconds) from None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def in_process(argv: list[str], *, cwd: str | os.PathLike[str] | None = None,
               env: Mapping[str, str] | None = None, stdin: bytes = b"",
               ) -> tuple[int, bytes, bytes]:
    """``(exit status, stdout bytes, stderr bytes)`` of ``editor.cli.main.main(argv)``."""
    from editor.cli.main import main

    _clear_per_run_caches()
    out, err, inp = _stream(), _stream(), _stream(stdin)
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = inp, out, err
    try:
        # A fresh interpreter shows each warning once on stderr: do the same, not pytest's
        # recorder (catch_warnings also resets the "already shown" registries).
        with warnings.catch_warnings(), _environment(env, Path(cwd) if cwd else None):
            warnings.simplefilter("default")
            warnings.showwarning = _show_warning
            try:
                code = main(argv)
            except SystemExit as exc:  # argparse's usage errors, --help, --version
                code = _exit_status(exc.code)
            except (KeyboardInterrupt, _Expired):
                raise
            except BaseException:  # what the interpreter does with an uncaught exception
                traceback.print_exc(file=sys.stderr)
                code = 1
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    return int(code), _value(out), _value(err)


def _exit_status(code: object) -> int:
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)  # SystemExit("message") prints it and exits 1
    return 1


def _show_warning(message: Warning | str, category: type[Warning], filename: str,
                  lineno: int, file: Any = None, line: str | None = None) -> None:
    sys.stderr.write(warnings.formatwarning(message, category, filename, lineno, line))
