"""Helpers shared by the generator tests."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from cli_runner import run_cli as in_process

REPO = Path(__file__).resolve().parents[2]
GODS = REPO / "scenarios" / "booklet" / "09-a-game-of-gods.realm.json"


def run_cli(*args: str | Path, hash_seed: str | None = None,
            cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``realms ARGS``, in this process (tests/cli_runner.py) unless ``hash_seed`` is given.

    With ``hash_seed`` the real command runs in a fresh process with that ``PYTHONHASHSEED``,
    which varies set and dict-of-str order, so two runs with different values catch any
    dependence on it; everything else is about what the command does, not the process."""
    if hash_seed is None:
        done: subprocess.CompletedProcess[str] = in_process(*args, cwd=cwd or REPO)
        return done
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, "-m", "editor", *map(str, args)],
                          capture_output=True, text=True, cwd=cwd or REPO, env=env, timeout=300)
