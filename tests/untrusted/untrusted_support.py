"""Shared helpers for the untrusted-input tests: shipped files, the CLI in-process and
in a fresh interpreter, and a small valid scenario to mutate."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import cli_runner

REPO = Path(__file__).resolve().parents[2]
SHIPPED = sorted(p for p in (REPO / "scenarios").rglob("*.realm.json")
                 if "templates" not in p.parts)


def run_cli(*args: str | Path, cwd: Path | None = None,
            timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """``realms ARGS`` in this process (tests/cli_runner.py); a hang past ``timeout`` raises
    TimeoutExpired as a child's would."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    env.pop("GITHUB_ACTIONS", None)
    return cli_runner.run_cli(*args, cwd=cwd, env=env, timeout=timeout)


def run_cli_process(*args: str | Path, cwd: Path | None = None, timeout: float = 60,
                    stdin: Any = subprocess.DEVNULL) -> subprocess.CompletedProcess[str]:
    """``python -m editor ARGS`` in a fresh interpreter, as a collection's CI runs it."""
    env = {**os.environ, "PYTHONPATH": str(REPO), "QT_QPA_PLATFORM": "offscreen"}
    env.pop("GITHUB_ACTIONS", None)
    return subprocess.run([sys.executable, "-m", "editor", *map(str, args)], cwd=cwd,
                          env=env, capture_output=True, text=True, timeout=timeout,
                          stdin=stdin, check=False)


def no_traceback(result: subprocess.CompletedProcess[str]) -> None:
    both = result.stdout + result.stderr
    assert "Traceback" not in both, both
    assert "internal error" not in both and "please report" not in both, both


def small_scenario() -> dict[str, Any]:
    """A valid three-tile realm of the default catalogue."""
    return {
        "format_version": 1,
        "title": "Three tiles",
        "players": {"min": 2, "max": 3},
        "boards": [{
            "id": "surface", "kind": "surface",
            "tiles": [
                {"tile": "A", "side": "surface", "q": 0, "r": 0, "rotation": 0},
                {"tile": "B", "side": "surface", "q": 1, "r": 0, "rotation": 2},
                {"tile": "C", "side": "surface", "q": 0, "r": 1, "rotation": 1},
            ],
        }],
    }


def write_json(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    return path
