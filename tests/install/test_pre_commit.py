"""The pre-commit hooks, installed the way a collection gets them: ``pre-commit try-repo``
clones this repository at a commit and pip-installs it into a fresh hook environment."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from filelock import FileLock
from install_support import clean_env, copy_source, run, shared_dir

GIT_ENV = {"GIT_AUTHOR_NAME": "realms tests", "GIT_AUTHOR_EMAIL": "tests@example.invalid",
           "GIT_COMMITTER_NAME": "realms tests", "GIT_COMMITTER_EMAIL": "tests@example.invalid",
           "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull}
TIMEOUT = 900


def git_snapshot(path: Path) -> None:
    """Commit the working tree as it is (uncommitted edits included): try-repo needs a repo."""
    env = clean_env(**GIT_ENV)
    run(["git", "init", "-q", "-b", "main", path], cwd=path, env=env)
    run(["git", "add", "-A"], cwd=path, env=env)
    run(["git", "commit", "-q", "-m", "snapshot"], cwd=path, env=env)


@pytest.fixture(scope="session")
def hook_repo(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Iterator[Path]:
    """A git copy of this checkout, and a PRE_COMMIT_HOME shared by the session's workers
    so the hook environment is installed once."""
    shared = shared_dir(tmp_path_factory, worker_id)
    root = shared / "realms-hooks"
    with FileLock(str(shared / "realms-hooks.lock")):
        if not (root / "done").exists():
            git_snapshot(copy_source(root / "repo"))
            (root / "done").write_text("", encoding="utf-8")
    yield root


def try_repo(hook_repo: Path, cwd: Path, *files: str) -> subprocess.CompletedProcess[str]:
    """Both hooks on ``files``. try-repo installs a fresh hook environment on every call
    (its store is a temporary directory), so the tests call it twice in all."""
    env = clean_env(QT_QPA_PLATFORM="offscreen", PRE_COMMIT_COLOR="never", PIP_NO_COMPILE="1",
                    **GIT_ENV)
    return subprocess.run(
        [sys.executable, "-m", "pre_commit", "try-repo", str(hook_repo / "repo"), "--verbose",
         "--files", *files], cwd=cwd, env=env, capture_output=True, text=True, timeout=TIMEOUT,
        check=False)


def hook_outputs(stdout: str) -> dict[str, str]:
    """Each hook's block of ``pre-commit run --verbose`` output, by hook name."""
    blocks: dict[str, str] = {}
    name = ""
    for line in stdout.splitlines():
        for hook in ("realms lint", "realms format --check"):
            if line.startswith(hook + "..."):
                name = hook
        if name:
            blocks[name] = blocks.get(name, "") + line + "\n"
    return blocks


@pytest.fixture()
def collection(outside: Path) -> Path:
    """The clean and broken scenarios in a git repository, as a collection keeps them, with
    a lint-clean file in a non-canonical layout."""
    text = json.dumps(json.loads((outside / "clean.realm.json").read_text("utf-8")))
    (outside / "messy.realm.json").write_text(text, encoding="utf-8")
    git_snapshot(outside)
    return outside


def test_hooks_pass_on_clean_files(hook_repo: Path, collection: Path) -> None:
    result = try_repo(hook_repo, collection, "clean.realm.json")
    assert result.returncode == 0, result.stdout + result.stderr
    blocks = hook_outputs(result.stdout)
    assert set(blocks) == {"realms lint", "realms format --check"}, result.stdout
    assert all("Passed" in block.splitlines()[0] for block in blocks.values()), result.stdout


def test_hooks_fail_on_a_broken_and_a_messy_file(hook_repo: Path, collection: Path) -> None:
    messy = (collection / "messy.realm.json").read_text(encoding="utf-8")
    # broken.realm.json breaks both hooks (format refuses invalid files), so the format hook
    # is shown failing on the messy file alone.
    result = try_repo(hook_repo, collection, "clean.realm.json", "broken.realm.json",
                      "messy.realm.json")
    assert result.returncode == 1, result.stdout + result.stderr
    blocks = hook_outputs(result.stdout)
    lint, fmt = blocks["realms lint"], blocks["realms format --check"]
    assert "Failed" in lint.splitlines()[0], result.stdout
    assert "broken.realm.json" in lint and "messy.realm.json" not in lint
    assert "Failed" in fmt.splitlines()[0], result.stdout
    assert "messy.realm.json" in fmt
    assert (collection / "messy.realm.json").read_text(encoding="utf-8") == messy  # --check only
