"""Helpers shared by the generator tests."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
GODS = REPO / "scenarios" / "booklet" / "09-a-game-of-gods.realm.json"


def run_cli(*args: str | Path, hash_seed: str = "0",
            cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """The real command in a fresh process; ``hash_seed`` varies set and dict-of-str order, so
    two runs with different values catch any dependence on it."""
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, "-m", "editor", *map(str, args)],
                          capture_output=True, text=True, cwd=cwd or REPO, env=env, timeout=300)
