"""VS Code's JSON language service from npm (``tests/schema/vscode-json``, pinned by its
package-lock.json): run it over files, as an editor with a schema mapping would.

``bash scripts/quickstart.sh test`` runs ``npm ci`` there. Without node a test using it skips
on a developer's machine and fails under CI (:mod:`external_tools`); with node but no
``npm ci`` it fails with the command to run.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from external_tools import require_program

SERVICE = Path(__file__).resolve().parent / "schema" / "vscode-json"
Diagnostics = dict[str, list[dict[str, Any]]]


def vscode_json(*args: str | Path) -> Diagnostics:
    """``node validate.js ARGS`` (``SCHEMA_DIR FILE...`` or ``--settings FILE FILE...``):
    each file's diagnostics."""
    node = require_program("node", "node and npm are needed to run VS Code's JSON language "
                           "service (vscode-json-languageservice): bash scripts/quickstart.sh "
                           "test installs them")
    if not (SERVICE / "node_modules" / "vscode-json-languageservice").is_dir():
        pytest.fail(f"vscode-json-languageservice is not installed in {SERVICE}: run "
                    f"`npm ci --prefix {SERVICE}` (bash scripts/quickstart.sh test does)")
    done = subprocess.run([node, str(SERVICE / "validate.js"), *map(str, args)],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    found: Diagnostics = json.loads(done.stdout)
    return found
