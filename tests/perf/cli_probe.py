"""Run ``realms ARGS`` in a fresh interpreter and report what it imported.

Start-up tests (what a command loads) need a new process each time: this one imports
nothing but the CLI, runs it with captured output and prints its exit status, output and
``sys.modules`` as one JSON line.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PROBE = """
import contextlib, io, json, sys
from editor.cli.main import main
out = io.StringIO()
with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
    try:
        status = main(sys.argv[1:])
    except SystemExit as exc:
        status = exc.code
print(json.dumps({"status": status, "out": out.getvalue(), "modules": sorted(sys.modules)}))
"""


def probe(args: list[str], cwd: Path, *, unset: tuple[str, ...] = ()) -> dict[str, object]:
    """Exit status (``status``), combined output (``out``) and loaded modules (``modules``)
    of ``realms ARGS`` run in ``cwd`` with this checkout's package; ``unset`` names
    environment variables the run must not see."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    for name in unset:
        env.pop(name, None)
    done = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True,
                          text=True, cwd=cwd, env=env, timeout=300, check=True)
    result: dict[str, object] = json.loads(done.stdout.splitlines()[-1])
    return result
