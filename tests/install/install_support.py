"""Helpers of the install tests: copy the working tree, build, install, run commands with
the environment of a user's shell (no PYTHONPATH into the checkout)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
# What a working tree holds that a build must not see (virtualenvs, caches, old builds).
NOT_SOURCE = shutil.ignore_patterns(
    ".git", ".venv", "venv", "__pycache__", "*.pyc", ".pytest_cache", ".mypy_cache",
    ".ruff_cache", ".hypothesis", ".benchmarks", "build", "dist", "*.egg-info",
    "node_modules",  # the npm folders of the tests and the VS Code extension
)
BUILD_TIMEOUT = 600
# `pip install --no-compile` for the pip runs a tool starts (pre-commit's hook environments,
# scripts/release.sh's check): pip reads a negative option's variable as the value of the
# positive one, so PIP_NO_COMPILE=1 means --compile (it byte-compiled every dependency,
# most of each install's CPU) and PIP_COMPILE=0 means --no-compile.
NO_PIP_COMPILE = {"PIP_COMPILE": "0"}


@dataclass(frozen=True)
class Install:
    """A built sdist and wheel, and a fresh venv with the wheel installed."""

    sdist: Path
    wheel: Path
    venv: Path

    @property
    def bin(self) -> Path:
        return self.venv / "bin"

    @property
    def python(self) -> Path:
        return self.bin / "python"


def copy_source(dest: Path) -> Path:
    """A copy of the working tree at ``dest`` (symlinks kept, as git stores them)."""
    shutil.copytree(REPO, dest, symlinks=True, ignore=NOT_SOURCE)
    return dest


def run(args: list[str | os.PathLike[str]], cwd: Path, env: Mapping[str, str] | None = None,
        timeout: float = BUILD_TIMEOUT) -> subprocess.CompletedProcess[str]:
    result = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True,
                            text=True, timeout=timeout, check=False)
    if result.returncode != 0:
        raise AssertionError(f"{' '.join(map(str, args))} failed ({result.returncode}):\n"
                             f"{result.stdout}\n{result.stderr}")
    return result


def clean_env(**extra: str) -> dict[str, str]:
    """The environment of a user's shell: no PYTHONPATH pointing at the checkout.

    PYTHONDONTWRITEBYTECODE is dropped too: the fresh venv is installed without bytecode
    (``--no-compile``), so its first command writes the caches of the modules it imports
    and the later ones reuse them, as in a user's install."""
    env = {k: v for k, v in os.environ.items()
           if k not in {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTHONSAFEPATH",
                        "PYTHONDONTWRITEBYTECODE"}}
    env.update(extra)
    return env


def build_backend_installed() -> bool:
    """Whether this interpreter has every package of pyproject.toml's ``build-system.requires``
    (the README's ``.[test]`` extra lists them), so the build needs no isolated environment."""
    from build import check_dependency

    requires = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))[
        "build-system"]["requires"]
    return not any(next(iter(check_dependency(req)), None) for req in requires)


def build_and_install(root: Path) -> Install:
    src = copy_source(root / "src")
    dist = root / "dist"
    # `python -m build` makes the sdist, then the wheel FROM the sdist: one build proves both.
    # With the backend already installed here, --no-isolation skips creating two throwaway
    # environments and installing setuptools into each (build still checks the requirements).
    isolation = ["--no-isolation"] if build_backend_installed() else []
    run([sys.executable, "-m", "build", *isolation, "--outdir", dist, src], cwd=root,
        env=clean_env())
    (sdist,) = dist.glob("*.tar.gz")
    (wheel,) = dist.glob("*.whl")
    venv = root / "venv"
    run([sys.executable, "-m", "venv", "--without-pip", venv], cwd=root, env=clean_env())
    # This venv's pip installs into the fresh one; dependencies come from the wheel's metadata,
    # with the `gui` extra (Qt) as the README tells users of the editor to install it.
    # --no-compile: byte-compiling every installed module (numpy, networkx, ...) took more
    # than half of the install's CPU; the commands below compile only what they import.
    run([sys.executable, "-m", "pip", "--python", venv / "bin" / "python", "install",
         "--quiet", "--no-compile", "--disable-pip-version-check", f"{wheel}[gui]"],
        cwd=root, env=clean_env())
    return Install(sdist, wheel, venv)


def shared_dir(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Path:
    """A directory every xdist worker of this session sees (this session's own if no xdist)."""
    base = tmp_path_factory.getbasetemp()
    return base if worker_id == "master" else base.parent
