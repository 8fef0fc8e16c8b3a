"""The pre-commit hooks, installed the way a collection gets them: its
``.pre-commit-config.yaml`` names this repository at a commit, and pre-commit clones it and
pip-installs it (without extras: no Qt) into a hook environment in its store."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from filelock import FileLock
from install_support import NO_PIP_COMPILE, clean_env, copy_source, run, shared_dir

GIT_ENV = {"GIT_AUTHOR_NAME": "realms tests", "GIT_AUTHOR_EMAIL": "tests@example.invalid",
           "GIT_COMMITTER_NAME": "realms tests", "GIT_COMMITTER_EMAIL": "tests@example.invalid",
           "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull}
TIMEOUT = 900


def git_snapshot(path: Path) -> str:
    """Commit the working tree as it is (uncommitted edits included); the commit's id."""
    env = clean_env(**GIT_ENV)
    run(["git", "init", "-q", "-b", "main", path], cwd=path, env=env)
    run(["git", "add", "-A"], cwd=path, env=env)
    run(["git", "commit", "-q", "-m", "snapshot"], cwd=path, env=env)
    return run(["git", "rev-parse", "HEAD"], cwd=path, env=env).stdout.strip()


@dataclass(frozen=True)
class HookRepo:
    """A git copy of this checkout at commit ``rev``, and the pre-commit store (its
    ``PRE_COMMIT_HOME``) the session's runs share, as a developer's machine does."""

    repo: Path
    rev: str
    store: Path


@pytest.fixture(scope="session")
def hook_repo(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Iterator[HookRepo]:
    shared = shared_dir(tmp_path_factory, worker_id)
    root = shared / "realms-hooks"
    with FileLock(str(shared / "realms-hooks.lock")):
        if not (root / "rev").exists():
            rev = git_snapshot(copy_source(root / "repo"))
            (root / "rev").write_text(rev, encoding="utf-8")
    yield HookRepo(root / "repo", (root / "rev").read_text(encoding="utf-8"), root / "store")


def hook_env(store: Path) -> dict[str, str]:
    """A user's shell running pre-commit with its store (``PRE_COMMIT_HOME``) at ``store``.

    The hook environment's pip installs without byte-compiling (``NO_PIP_COMPILE``): the
    hooks compile only what they import."""
    return clean_env(QT_QPA_PLATFORM="offscreen", PRE_COMMIT_COLOR="never",
                     PRE_COMMIT_HOME=str(store), **NO_PIP_COMPILE, **GIT_ENV)


def run_hooks(hook_repo: HookRepo, cwd: Path, *files: str,
              **env: str) -> subprocess.CompletedProcess[str]:
    """The config's hooks on ``files``. The first run clones the repo and installs the hook
    environment; later runs of the session reuse it (pre-commit keys it by repository and
    rev)."""
    return subprocess.run(
        [sys.executable, "-m", "pre_commit", "run", "--verbose", "--files", *files], cwd=cwd,
        env={**hook_env(hook_repo.store), **env}, capture_output=True, text=True,
        timeout=TIMEOUT, check=False)


def hook_outputs(stdout: str) -> dict[str, str]:
    """Each hook's block of ``pre-commit run --verbose`` output, by hook name."""
    blocks: dict[str, str] = {}
    name = ""
    for line in stdout.splitlines():
        for hook in ("realms lint", "realms format --check", "realms format"):
            if line.startswith(hook + "..."):
                name = hook
        if name:
            blocks[name] = blocks.get(name, "") + line + "\n"
    return blocks


def use_hooks(folder: Path, hook_repo: HookRepo, *ids: str) -> None:
    """The collection's ``.pre-commit-config.yaml``, naming ``ids`` of this repository."""
    (folder / ".pre-commit-config.yaml").write_text(
        f"repos:\n  - repo: {hook_repo.repo}\n    rev: {hook_repo.rev}\n    hooks:\n"
        + "".join(f"      - id: {hook}\n" for hook in ids), encoding="utf-8")


@pytest.fixture()
def collection(outside: Path, hook_repo: HookRepo) -> Path:
    """The clean and broken scenarios in a git repository, as a collection keeps them, with
    a lint-clean file in a non-canonical layout and a config naming the lint hook and the
    format check."""
    text = json.dumps(json.loads((outside / "clean.realm.json").read_text("utf-8")))
    (outside / "messy.realm.json").write_text(text, encoding="utf-8")
    use_hooks(outside, hook_repo, "realms-lint", "realms-format-check")
    git_snapshot(outside)
    return outside


def test_hooks_pass_on_clean_files(hook_repo: HookRepo, collection: Path) -> None:
    """A file named "-x" is a file too (the hooks' args end the options with "--"; every
    hook failed with "unrecognized arguments")."""
    (collection / "-dash.realm.json").write_bytes((collection / "clean.realm.json").read_bytes())
    # (pre-commit itself would read "-dash..." as its option; it passes the name on as
    # "-dash.realm.json", normalised, as git ls-files gives it to --all-files)
    result = run_hooks(hook_repo, collection, "clean.realm.json", "./-dash.realm.json")
    assert result.returncode == 0, result.stdout + result.stderr
    blocks = hook_outputs(result.stdout)
    assert set(blocks) == {"realms lint", "realms format --check"}, result.stdout
    assert all("Passed" in block.splitlines()[0] for block in blocks.values()), result.stdout


def test_hooks_fail_on_a_broken_and_a_messy_file(hook_repo: HookRepo,
                                                 collection: Path) -> None:
    messy = (collection / "messy.realm.json").read_text(encoding="utf-8")
    # broken.realm.json breaks both hooks (format refuses invalid files), so the format hook
    # is shown failing on the messy file alone.
    result = run_hooks(hook_repo, collection, "clean.realm.json", "broken.realm.json",
                       "messy.realm.json")
    assert result.returncode == 1, result.stdout + result.stderr
    blocks = hook_outputs(result.stdout)
    lint, fmt = blocks["realms lint"], blocks["realms format --check"]
    assert "Failed" in lint.splitlines()[0], result.stdout
    assert "broken.realm.json" in lint and "messy.realm.json" not in lint
    assert "Failed" in fmt.splitlines()[0], result.stdout
    assert "messy.realm.json" in fmt
    assert (collection / "messy.realm.json").read_text(encoding="utf-8") == messy  # --check only


def test_try_repo_fails_on_the_broken_file_only(hook_repo: HookRepo, collection: Path) -> None:
    """The way a maintainer tries the hook before adding it: ``pre-commit try-repo``. It
    always installs a fresh hook environment (about as long as the two runs above together),
    so one run checks both verdicts: the broken file fails the hook and is named, the clean
    file beside it gets no finding."""
    result = subprocess.run(
        [sys.executable, "-m", "pre_commit", "try-repo", str(hook_repo.repo), "realms-lint",
         "--ref", hook_repo.rev, "--verbose", "--files", "clean.realm.json",
         "broken.realm.json"],
        cwd=collection, env=hook_env(collection / ".pre-commit-store"), capture_output=True,
        text=True, timeout=TIMEOUT, check=False)
    assert result.returncode == 1, result.stdout + result.stderr
    lint = hook_outputs(result.stdout)["realms lint"]
    assert "Failed" in lint.splitlines()[0], result.stdout
    findings = [line for line in lint.splitlines() if ".realm.json:" in line]
    assert findings and all(line.startswith("broken.realm.json:") for line in findings), lint


def test_every_hook_is_serial_and_names_its_minimum_pre_commit() -> None:
    import yaml
    from install_support import REPO

    hooks = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert [hook["id"] for hook in hooks] == ["realms-lint", "realms-format",
                                              "realms-format-check"]
    for hook in hooks:
        assert hook["require_serial"] is True, hook
        assert tuple(map(int, hook["minimum_pre_commit_version"].split("."))) >= (3, 0, 0)
    assert hooks[1]["entry"] == "realms format"  # the one that fixes


def test_the_lint_hook_prints_one_summary(hook_repo: HookRepo, collection: Path) -> None:
    """Twelve files and two parallel jobs (pre-commit's TRAVIS setting): parallel batches
    each printed a summary ("Found 8 findings" then "All checks passed"); a serial hook
    gets every file in one run."""
    names = ["broken.realm.json"]
    for index in range(11):
        name = f"copy{index:02}.realm.json"
        (collection / name).write_bytes((collection / "clean.realm.json").read_bytes())
        names.append(name)
    use_hooks(collection, hook_repo, "realms-lint")
    result = run_hooks(hook_repo, collection, *names, TRAVIS="1")
    assert result.returncode == 1, result.stdout + result.stderr
    lint = hook_outputs(result.stdout)["realms lint"]
    summaries = [line for line in lint.splitlines()
                 if line.startswith(("Found ", "All checks passed", "No findings"))]
    assert len(summaries) == 1 and "in 12 files" in summaries[0], lint


def test_the_format_hook_fixes_files(hook_repo: HookRepo, collection: Path) -> None:
    use_hooks(collection, hook_repo, "realms-format")
    first = run_hooks(hook_repo, collection, "clean.realm.json", "messy.realm.json")
    assert first.returncode == 1, first.stdout + first.stderr  # files were modified
    assert "files were modified by this hook" in first.stdout, first.stdout
    assert (collection / "messy.realm.json").read_bytes() == \
        (collection / "clean.realm.json").read_bytes()
    again = run_hooks(hook_repo, collection, "clean.realm.json", "messy.realm.json")
    assert again.returncode == 0, again.stdout + again.stderr
