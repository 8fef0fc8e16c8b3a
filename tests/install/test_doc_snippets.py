"""Every snippet of the README and docs/ marked ``<!-- snippet: NAME -->`` runs as written,
with only the project's address substituted by a local clone (the substitution the README
documents): the install lines, the Action and its steps by hand, the site workflow, the
VS Code schema mappings and the Neovim set-ups.

Kept fast and offline: pip resolves each install with ``--dry-run --no-index`` against
what this environment holds (it checks out the pinned ref from the clone and builds its
metadata, so a wrong address, ref or extra fails); the commands run in the wheel install
of ``conftest.installed``. The pre-commit snippet runs in test_snippets.py and the
extension's build in tests/editors; this file checks that every marked snippet is run
somewhere, and that every block naming the project is marked.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest
import yaml
from external_tools import require_program
from install_support import REPO, Install, clean_env, run
from test_pre_commit import GIT_ENV
from test_snippets import the_ref
from vscode_json import vscode_json

from editor.project import REPOSITORY_URL

DOCS = (REPO / "README.md", *sorted((REPO / "docs").glob("*.md")))
# The marker, then (for JSON) the doc-example marker tests/consistency reads, then the block.
MARKED = re.compile(r"<!-- snippet: (?P<name>[\w.-]+) -->\n(?:<!-- doc-example: [\w -]+ -->\n)?"
                    r"```(?P<lang>\w+)\n(?P<body>.*?)```", re.DOTALL)
FENCED = re.compile(r"^```\w*\n.*?^```", re.DOTALL | re.MULTILINE)
RAW_URL = REPOSITORY_URL.replace("https://github.com/", "https://raw.githubusercontent.com/")
# Snippets another test runs as written.
RUN_ELSEWHERE = {
    "pre-commit": "tests/install/test_snippets.py::test_the_readme_pre_commit_snippet_runs_"
                  "against_a_local_clone",
    "vscode-extension": "tests/editors/test_vscode_extension.py (npm run package, offline)",
}
RUN_HERE = {"install", "action", "action-by-hand", "site-workflow", "schema-folder",
            "vscode-schema-local", "vscode-schema-url", "neovim-0.7", "neovim-0.10"}
EXAMPLE_SCHEMAS = "/home/me/realms/.venv/lib/python3.11/site-packages/editor/data/schemas"
# What the site workflow's GitHub expressions stand for in this run.
GITHUB_EXPRESSIONS = {"github.repository_owner": "collector",
                      "github.event.repository.name": "realms"}


def snippets() -> dict[str, tuple[str, str]]:
    """Each marked snippet's (language, text), by name."""
    found: dict[str, tuple[str, str]] = {}
    for doc in DOCS:
        for match in MARKED.finditer(doc.read_text(encoding="utf-8")):
            assert match["name"] not in found, f"two snippets are called {match['name']}"
            found[match["name"]] = (match["lang"], match["body"])
    return found


SNIPPETS = snippets()


def test_every_snippet_is_marked_and_run() -> None:
    assert set(SNIPPETS) == RUN_HERE | set(RUN_ELSEWHERE)
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        marked = {match["body"] for match in MARKED.finditer(text)}
        for block in FENCED.findall(text):
            body = block.split("\n", 1)[1].rsplit("```", 1)[0]
            if "realms-studio/realms-studio" in block:
                assert body in marked, f"{doc.name}: a snippet naming the project is not " \
                                       f"marked for tests:\n{block}"


@pytest.fixture(scope="module")
def clone(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A clone of this repository: what the documented address stands for."""
    path = tmp_path_factory.mktemp("clone") / "realms-studio"
    run(["git", "clone", "-q", "--no-checkout", str(REPO), str(path)], cwd=path.parent,
        env=clean_env(**GIT_ENV))
    return path


@cache
def pip_dry_run(command: str, clone: Path) -> None:
    """A ``pip install "REQ"`` line, its address replaced by the clone: pip finds the ref,
    builds the metadata and resolves every dependency (and extra) from this environment.

    Three snippets hold the same line (the README's install, the Action's steps by hand, the
    site workflow): it is resolved once per clone, and a line that fails is tried again."""
    words = shlex.split(command)
    assert words[:2] == ["pip", "install"] and len(words) == 3, command
    requirement = words[2]
    assert f"@ git+{REPOSITORY_URL}@{the_ref()}" in requirement, requirement
    # pip wants a host in a file URL of a requirement: file://localhost/PATH
    local = requirement.replace(f"git+{REPOSITORY_URL}@", f"git+file://localhost{clone}@")
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--dry-run", "--no-index",
                           "--no-build-isolation", "--disable-pip-version-check", local],
                          capture_output=True, text=True, timeout=600, check=False,
                          env=clean_env(**GIT_ENV))
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "Would install realms-studio-" in done.stdout, done.stdout[-2000:]


def test_the_install_lines(clone: Path) -> None:
    lang, text = SNIPPETS["install"]
    lines = [line for line in text.splitlines() if line.strip()]
    assert lang == "sh" and len(lines) == 2 and "realms-studio[gui] @" in lines[1]
    for line in lines:
        pip_dry_run(line, clone)


def _collection(tmp_path: Path, broken: bool = False) -> Path:
    """A collection of one canonical scenario; ``broken``: its first rotation is 6, a schema
    error that lint reports (and format refuses to check)."""
    folder = tmp_path / ("broken" if broken else "clean")
    (folder / "scenarios").mkdir(parents=True)
    text = (REPO / "scenarios" / "highland-crossing.realm.json").read_text(encoding="utf-8")
    if broken:
        text = re.sub(r'"rotation": \d', '"rotation": 6', text, count=1)
    (folder / "scenarios" / "highland-crossing.realm.json").write_text(text, encoding="utf-8")
    return folder


def _steps(name: str) -> list[dict[str, object]]:
    lang, text = SNIPPETS[name]
    assert lang == "yaml"
    loaded = yaml.safe_load(text)
    if isinstance(loaded, list):  # steps only
        return loaded
    (job,) = loaded["jobs"].values()
    steps: list[dict[str, object]] = job["steps"]
    return steps


def _shell(command: str, cwd: Path, installed: Install) -> subprocess.CompletedProcess[str]:
    env = clean_env(PATH=f"{installed.bin}{os.pathsep}{os.environ.get('PATH', '')}")
    return subprocess.run(["bash", "-c", command], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=600, check=False)


def test_the_action_names_this_repository_and_its_inputs(clone: Path) -> None:
    """The workflow's ``uses:`` is this repository at the pinned ref, whose action.yml (in
    the clone) declares every input the snippet passes; test_action.py runs the action."""
    (step,) = [s for s in _steps("action") if "realms-studio" in str(s.get("uses", ""))]
    owner_repo, _, ref = str(step["uses"]).partition("@")
    assert f"https://github.com/{owner_repo}" == REPOSITORY_URL and ref == the_ref()
    action = yaml.safe_load(run(["git", "show", f"{ref}:action.yml"], cwd=clone).stdout)
    assert action["runs"]["using"] == "composite"
    assert isinstance(step["with"], dict) and set(step["with"]) <= set(action["inputs"])


def test_the_action_steps_by_hand(clone: Path, installed: Install, tmp_path: Path) -> None:
    commands = [str(s["run"]) for s in _steps("action-by-hand") if "run" in s]
    assert [c.split()[0] for c in commands] == ["pip", "realms", "realms"]
    pip_dry_run(commands[0], clone)
    for folder, expected in ((_collection(tmp_path), [0, 0]),
                             (_collection(tmp_path, True), [2, 1])):
        codes = [_shell(command, folder, installed).returncode for command in commands[1:]]
        assert codes == expected, (folder.name, codes)


def test_the_site_workflow(clone: Path, installed: Install, tmp_path: Path) -> None:
    commands = [str(s["run"]) for s in _steps("site-workflow") if "run" in s]
    assert commands[0].startswith("pip install")
    pip_dry_run(commands[0], clone)
    folder = _collection(tmp_path)
    for command in commands[1:]:
        for expression, value in GITHUB_EXPRESSIONS.items():
            command = re.sub(r"\$\{\{\s*" + re.escape(expression) + r"\s*\}\}", value, command)
        assert "${{" not in command, command
        done = _shell(command, folder, installed)
        assert done.returncode == 0, command + "\n" + done.stdout[-2000:] + done.stderr[-2000:]
    index = (folder / "_site" / "index.html").read_text(encoding="utf-8")
    assert "highland" in index.lower()


@pytest.fixture(scope="module")
def schema_folder(installed: Install) -> Path:
    """The folder the documented one-liner prints, with the install's python."""
    lang, text = SNIPPETS["schema-folder"]
    words = shlex.split(text.strip())
    assert lang == "sh" and words[0] == "python"
    done = run([installed.python, *words[1:]], cwd=installed.venv, env=clean_env())
    folder = Path(done.stdout.strip())
    assert folder.is_relative_to(installed.venv) and (folder / "scenario.schema.json").is_file()
    return folder


def _settings(tmp_path: Path, name: str, replace: Callable[[str], str]) -> Path:
    lang, text = SNIPPETS[name]
    assert lang == "json"
    json.loads(text)  # valid as written
    path = tmp_path / f"{name}.json"
    path.write_text(replace(text), encoding="utf-8")
    return path


def test_the_local_schema_mapping(schema_folder: Path, tmp_path: Path) -> None:
    """The settings with the installed package's folder: VS Code's service finds nothing in
    the shipped scenarios and the real error in a broken one."""
    settings = _settings(tmp_path, "vscode-schema-local",
                         lambda text: text.replace(Path(EXAMPLE_SCHEMAS).as_uri(),
                                                   schema_folder.as_uri()))
    broken = _collection(tmp_path, broken=True) / "scenarios" / "highland-crossing.realm.json"
    shipped = sorted((REPO / "scenarios").rglob("*.realm.json"))
    found = vscode_json("--settings", settings, *shipped, broken)
    assert {name: d for name, d in found.items() if d and name != str(broken)} == {}
    assert [d["message"] for d in found[str(broken)]] == ["Value is above the maximum of 5."]


def test_the_published_schema_mapping(clone: Path, tmp_path: Path) -> None:
    """The shared settings name the schema at the snippets' ref: the clone holds it there,
    and VS Code loads it (with the address substituted by that ref's tree)."""
    prefix = f"{RAW_URL}/{the_ref()}/"
    tree = tmp_path / "tree"
    (tree / "schemas").mkdir(parents=True)
    for name in ("scenario.schema.json", "engine.schema.json"):
        shown = run(["git", "show", f"{the_ref()}:schemas/{name}"], cwd=clone).stdout
        (tree / "schemas" / name).write_text(shown, encoding="utf-8")
    settings = _settings(tmp_path, "vscode-schema-url",
                         lambda text: text.replace(prefix, tree.as_uri() + "/"))
    assert prefix in SNIPPETS["vscode-schema-url"][1]
    template = REPO / "scenarios" / "templates" / "blank-surface.realm.json"
    assert vscode_json("--settings", settings, template) == {str(template): []}


def _nvim_version(nvim: str) -> tuple[int, int]:
    first = subprocess.run([nvim, "--version"], capture_output=True, text=True, timeout=60,
                           check=True).stdout.splitlines()[0]
    major, minor = re.search(r"v(\d+)\.(\d+)", first).groups()  # type: ignore[union-attr]
    return int(major), int(minor)


PROBE = """
vim.wait(60000, function() return #vim.diagnostic.get(0) > 0 end, 100)
local found = {}
for _, d in ipairs(vim.diagnostic.get(0)) do
  table.insert(found, { line = d.lnum, code = d.code, message = d.message })
end
vim.fn.writefile({ vim.fn.json_encode(found) }, "diagnostics.json")
vim.cmd("qa!")
"""


def test_the_neovim_set_up(installed: Install, tmp_path: Path) -> None:
    """The snippet for the installed Neovim shows realms lint's finding in a broken file;
    the other one at least loads (Debian 12 ships 0.7, which cannot run 0.10's)."""
    nvim = require_program("nvim", "Neovim is needed for the Neovim set-up test "
                                   "(apt-get install neovim)")
    version = _nvim_version(nvim)
    assert version >= (0, 7), version
    runs, loads = ("neovim-0.10", "neovim-0.7") if version >= (0, 10) else ("neovim-0.7",
                                                                          "neovim-0.10")
    env = clean_env(PATH=f"{installed.bin}{os.pathsep}{os.environ.get('PATH', '')}",
                    HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path / "config"),
                    XDG_STATE_HOME=str(tmp_path / "state"), XDG_DATA_HOME=str(tmp_path / "data"))
    for name in (runs, loads):
        assert SNIPPETS[name][0] == "lua"
        (tmp_path / f"{name}.lua").write_text(SNIPPETS[name][1], encoding="utf-8")
    (tmp_path / "probe.lua").write_text(PROBE, encoding="utf-8")
    folder = _collection(tmp_path, broken=True)
    shutil.copy(folder / "scenarios" / "highland-crossing.realm.json", tmp_path / "b.realm.json")
    lines = (tmp_path / "b.realm.json").read_text(encoding="utf-8").splitlines()
    line = next(i for i, text in enumerate(lines) if '"rotation": 6' in text)  # 0-based
    subprocess.run([nvim, "--headless", "-u", f"{runs}.lua", "-c", "luafile probe.lua",
                    "b.realm.json"], cwd=tmp_path, env=env, capture_output=True, text=True,
                   timeout=120, check=False)
    found = json.loads((tmp_path / "diagnostics.json").read_text(encoding="utf-8"))
    assert [(d["code"], d["line"]) for d in found] == [("S003", line)], found
    assert "rotation 6 is out of range" in found[0]["message"]
    loaded = subprocess.run([nvim, "--headless", "-u", f"{loads}.lua", "-c", "qa!"],
                            cwd=tmp_path, env=env, capture_output=True, text=True,
                            timeout=120, check=False)
    assert loaded.returncode == 0 and "Error" not in loaded.stderr, loaded.stderr
