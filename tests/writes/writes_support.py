"""Helpers for the file-writing tests: real subprocesses, real file systems, no mocks."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import cli_runner
import pytest

REPO = Path(__file__).resolve().parents[2]
BLANK = REPO / "scenarios" / "templates" / "blank-surface.realm.json"
SMALL = REPO / "scenarios" / "booklet" / "01-my-precious-world.realm.json"
CANONICAL = BLANK.read_text(encoding="utf-8")


def untidy_text() -> str:
    """The blank template, valid but not canonical (4-space indent, keys unsorted)."""
    data = json.loads(CANONICAL)
    return json.dumps(dict(reversed(list(data.items()))), indent=4)


def write_untidy(path: Path) -> Path:
    path.write_text(untidy_text() + "\n", encoding="utf-8")
    return path


def run_cli(*args: str | Path, env: dict[str, str] | None = None, cwd: Path | None = None,
            prefix: list[str] | None = None, timeout: float = 300,
            preexec_fn: Callable[[], Any] | None = None,
            process: bool = False) -> subprocess.CompletedProcess[str]:
    """``realms ARGS`` with ``env`` added to ours: in this process (tests/cli_runner.py), or,
    with ``process=True``, a ``prefix`` (``unprivileged()``) or ``preexec_fn``, in a real one
    with this checkout on the path, when the process's own descriptors (``/dev/stdout``),
    privileges or limits are what is tested."""
    full_env = {**os.environ, "PYTHONPATH": str(REPO), "QT_QPA_PLATFORM": "offscreen"}
    full_env.pop("GITHUB_ACTIONS", None)
    full_env.update(env or {})
    if not (process or prefix or preexec_fn):
        return cli_runner.run_cli(*args, cwd=cwd or REPO, env=full_env, timeout=timeout)
    return subprocess.run([*(prefix or []), sys.executable, "-m", "editor", *map(str, args)],
                          capture_output=True, text=True, cwd=cwd or REPO, env=full_env,
                          timeout=timeout, preexec_fn=preexec_fn)


def unprivileged() -> list[str]:
    """A command prefix under which file permissions apply to us.

    Root ignores permission bits, so as root the child runs without the two capabilities
    that let it (``setpriv`` from util-linux); as anyone else no prefix is needed.
    """
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root without setpriv: permission bits cannot be tested")
    caps = "-dac_override,-dac_read_search,-fowner"
    return [setpriv, f"--inh-caps={caps}", f"--bounding-set={caps}"]
