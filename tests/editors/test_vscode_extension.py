"""editors/vscode builds into a .vsix with @vscode/vsce, offline, from what ``npm ci``
installed (``bash scripts/quickstart.sh test`` runs it; CI runs that script).

The build runs in the extension's folder and leaves nothing there but what ``npm ci`` put
(its outputs are removed, the package is written to a temporary folder). npm is told to
stay offline and every proxy points nowhere: a build that needed the registry fails here.
The package carries the compiled client, its runtime dependency (vscode-languageclient),
and this tree's schemas for VS Code's own JSON validation.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
from external_tools import require_program

from editor import __version__

REPO = Path(__file__).resolve().parents[2]
EXTENSION = REPO / "editors" / "vscode"
NOWHERE = "http://127.0.0.1:9"


@pytest.fixture(scope="module")
def vsix(tmp_path_factory: pytest.TempPathFactory) -> Path:
    npm = require_program("npm", "node and npm are needed to build the VS Code extension: "
                          "bash scripts/quickstart.sh test installs them")
    if not (EXTENSION / "node_modules" / "@vscode" / "vsce").is_dir():
        pytest.fail(f"the extension's build tools are not installed: run `npm ci --prefix "
                    f"{EXTENSION}` (bash scripts/quickstart.sh test does)")
    # In place: npm resolves the packages from the folder's own node_modules (a linked
    # copy confuses `npm ls`, which vsce runs). The build's own outputs (out/, schemas/,
    # LICENSE: ignored by git) are removed afterwards; the package goes to a temporary folder.
    out = tmp_path_factory.mktemp("dist") / "realms-studio.vsix"
    env = {**os.environ, "npm_config_offline": "true", "npm_config_proxy": NOWHERE,
           "npm_config_https_proxy": NOWHERE, "HTTP_PROXY": NOWHERE, "HTTPS_PROXY": NOWHERE,
           "npm_config_update_notifier": "false"}
    try:
        built = subprocess.run([npm, "run", "package", "--", "--out", str(out)],
                               cwd=EXTENSION, env=env, capture_output=True, text=True,
                               timeout=600, check=False)
    finally:
        for made in ("out", "schemas"):
            shutil.rmtree(EXTENSION / made, ignore_errors=True)
        (EXTENSION / "LICENSE").unlink(missing_ok=True)
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    assert "DONE  Packaged" in built.stdout, built.stdout[-2000:]
    return out


def test_the_vsix_carries_the_client_its_dependency_and_the_schemas(vsix: Path) -> None:
    with zipfile.ZipFile(vsix) as package:
        names = set(package.namelist())
        manifest = json.loads(package.read("extension/package.json"))
        client = package.read("extension/out/extension.js").decode("utf-8")
        schemas = {name: package.read(f"extension/schemas/{name}")
                   for name in ("scenario.schema.json", "engine.schema.json")}
    assert "extension/node_modules/vscode-languageclient/node.js" in names
    assert "extension/LICENSE.txt" in names or "extension/LICENSE" in names
    assert not [n for n in names if n.startswith("extension/src/") or n.endswith(".ts")]
    for name, content in schemas.items():
        assert content == (REPO / "schemas" / name).read_bytes(), name
    assert manifest["version"] == __version__  # the extension moves with the package
    assert manifest["main"] == "./out/extension.js"
    assert {m["fileMatch"]: m["url"] for m in manifest["contributes"]["jsonValidation"]} == {
        "*.realm.json": "./schemas/scenario.schema.json",
        "*.engine.json": "./schemas/engine.schema.json"}
    assert "workspaceContains:**/*.realm.json" in manifest["activationEvents"]
    command = manifest["contributes"]["configuration"]["properties"]["realms.command"]
    assert command["default"] == ["realms", "lsp"]
    # the compiled client starts that command for the scenario and engine files
    assert '"**/*.realm.json"' in client and '"**/*.engine.json"' in client
    assert "vscode-languageclient/node" in client and '"realms", "lsp"' in client

