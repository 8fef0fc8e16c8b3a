"""The snippets people copy work as written: the README's, action.yml's and
.pre-commit-hooks.yaml's pins name a ref that exists, installs come from the git URL (the
package is on no index), the pre-commit snippet runs against a local clone, and
scripts/release.sh builds, checks and tags. Also the licence, and an sdist without a
partial test tree."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest
import yaml
from install_support import NO_PIP_COMPILE, REPO, Install, build_backend_installed, clean_env, run
from test_pre_commit import GIT_ENV, TIMEOUT, git_snapshot, hook_env, hook_outputs

from editor.project import REPOSITORY_URL

sys.path.insert(0, str(REPO / "scripts"))
import snippet_pins

README = (REPO / "README.md").read_text(encoding="utf-8")


def the_ref() -> str:
    refs = {ref for found in snippet_pins.pinned(REPO).values() for ref in found}
    assert len(refs) == 1, refs
    return refs.pop()


def test_every_snippet_pins_one_ref_that_exists() -> None:
    found = snippet_pins.pinned(REPO)
    assert len(found["README.md"]) >= 4 and found["action.yml"] \
        and found[".pre-commit-hooks.yaml"], found
    ref = the_ref()
    kind = "tag" if ref.startswith("v") else "commit"
    exists = subprocess.run(["git", "-C", str(REPO), "cat-file", "-e", f"{ref}^{{commit}}"],
                            capture_output=True, check=False)
    assert exists.returncode == 0, f"the snippets pin the {kind} {ref}, which does not exist"


def test_the_address_is_written_once_in_pyproject() -> None:
    """[project.urls] is the one place; the code's fallback (for a copy with neither the
    metadata nor pyproject.toml) says the same, and no placeholder is left anywhere."""
    import tomllib

    from editor.project import DOCUMENTATION_URL, FALLBACK_REPOSITORY_URL

    urls = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["urls"]
    assert urls["Repository"] == REPOSITORY_URL == FALLBACK_REPOSITORY_URL
    assert urls["Documentation"] == DOCUMENTATION_URL
    assert DOCUMENTATION_URL.startswith(REPOSITORY_URL + "/")
    found = subprocess.run(["grep", "-rn", "OWNER", "README.md", "docs", "action.yml",
                            ".pre-commit-hooks.yaml", "editor"], cwd=REPO,
                           capture_output=True, text=True, check=False)
    assert found.stdout == ""
    assert README.count(f"`{REPOSITORY_URL}`") == 1  # the one documented substitution
    assert "substitute its address for that one" in README


def test_installs_name_the_git_url_not_an_index() -> None:
    for text in (README, (REPO / "action.yml").read_text(encoding="utf-8")):
        for line in text.splitlines():
            if "pip install" in line and "realms-studio" in line:
                assert f"@ git+{REPOSITORY_URL}@" in line, line
    assert "pip install realms-studio" not in README


def test_snippet_pins_moves_every_pin() -> None:
    text = README + (REPO / "action.yml").read_text(encoding="utf-8")
    moved = snippet_pins.repin(text, "v9.8.7")
    assert set(snippet_pins.pins(moved)) == {"v9.8.7"}
    assert len(snippet_pins.pins(moved)) == len(snippet_pins.pins(text))
    with pytest.raises(ValueError):
        snippet_pins.repin(text, "main")


def _readme_yaml(after_heading: str) -> str:
    section = README.split(after_heading, 1)[1]
    return re.search(r"```yaml\n(.*?)```", section, re.DOTALL).group(1)  # type: ignore[union-attr]


def test_the_readme_pre_commit_snippet_runs_against_a_local_clone(tmp_path: Path,
                                                                  outside: Path) -> None:
    """The README's `.pre-commit-config.yaml`, as written, with only the GitHub URL swapped
    for a clone of this repository: pre-commit checks out the pinned ref and runs both
    hooks; the broken file fails the lint hook and the clean one does not."""
    clone = tmp_path / "realms-studio"
    run(["git", "clone", "-q", "--no-checkout", str(REPO), str(clone)], cwd=tmp_path,
        env=clean_env(**GIT_ENV))
    snippet = _readme_yaml("### pre-commit")
    assert REPOSITORY_URL in snippet
    config = yaml.safe_load(snippet.replace(REPOSITORY_URL, str(clone)))
    assert config["repos"][0]["rev"] == the_ref()
    (outside / ".pre-commit-config.yaml").write_text(snippet.replace(REPOSITORY_URL, str(clone)),
                                                     encoding="utf-8")
    git_snapshot(outside)
    result = subprocess.run(
        [sys.executable, "-m", "pre_commit", "run", "--verbose", "--files", "clean.realm.json",
         "broken.realm.json"], cwd=outside, env=hook_env(tmp_path / "store"),
        capture_output=True, text=True, timeout=TIMEOUT, check=False)
    assert result.returncode == 1, result.stdout + result.stderr
    blocks = hook_outputs(result.stdout)
    assert set(blocks) == {"realms lint", "realms format"}, result.stdout
    lint = blocks["realms lint"]
    findings = [line for line in lint.splitlines() if ".realm.json:" in line]
    assert findings and all(line.startswith("broken.realm.json:") for line in findings), lint


# --- scripts/release.sh ------------------------------------------------------------------

def _release_repo(tmp_path: Path, version: str = "0.2.0") -> Path:
    """A git repository of this working tree on ``main``, as a maintainer's clone."""
    repo = tmp_path / "repo"
    shutil.copytree(REPO, repo, symlinks=True, ignore=shutil.ignore_patterns(
        ".git", ".venv", "__pycache__", "*.egg-info", "build", "dist", ".*_cache",
        ".hypothesis", ".benchmarks", ".realms_cache", "node_modules"))
    init = repo / "editor" / "__init__.py"
    init.write_text(re.sub(r'__version__ = ".*"', f'__version__ = "{version}"',
                           init.read_text(encoding="utf-8")), encoding="utf-8")
    git_snapshot(repo)
    return repo


def release(repo: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = clean_env(PYTHON=sys.executable, **GIT_ENV, **NO_PIP_COMPILE,
                    BUILD_ARGS="--no-isolation" if build_backend_installed() else "")
    return subprocess.run(["bash", str(repo / "scripts" / "release.sh"), *args], cwd=repo,
                          env=env, capture_output=True, text=True, timeout=TIMEOUT,
                          check=False)


def test_release_refuses_what_it_cannot_release(tmp_path: Path) -> None:
    repo = _release_repo(tmp_path)
    wrong = release(repo, "9.9.9")
    assert wrong.returncode == 2 and "editor/__init__.py says 0.2.0, not 9.9.9" in wrong.stderr
    assert release(repo, "latest").returncode == 2
    (repo / "README.md").write_text("changed\n", encoding="utf-8")
    dirty = release(repo, "0.2.0")
    assert dirty.returncode == 2 and "the working tree has changes" in dirty.stderr
    run(["git", "checkout", "-q", "--", "README.md"], cwd=repo, env=clean_env(**GIT_ENV))
    run(["git", "tag", "v0.2.0"], cwd=repo, env=clean_env(**GIT_ENV))
    tagged = release(repo, "0.2.0")
    assert tagged.returncode == 2 and "the tag v0.2.0 exists" in tagged.stderr


def test_release_builds_checks_and_tags(tmp_path: Path) -> None:
    repo = _release_repo(tmp_path, "0.3.0")
    env = clean_env(**GIT_ENV)
    head = run(["git", "rev-parse", "HEAD"], cwd=repo, env=env).stdout
    dry = release(repo, "0.3.0", "--dry-run")
    assert dry.returncode == 0, dry.stdout + dry.stderr
    assert "nothing was committed or tagged" in dry.stdout
    assert run(["git", "rev-parse", "HEAD"], cwd=repo, env=env).stdout == head
    assert not run(["git", "tag"], cwd=repo, env=env).stdout.strip()
    real = release(repo, "0.3.0")
    assert real.returncode == 0, real.stdout + real.stderr
    assert "git push origin main v0.3.0" in real.stdout
    tagged = run(["git", "show", "v0.3.0:README.md"], cwd=repo, env=env).stdout
    assert set(snippet_pins.pins(tagged)) == {"v0.3.0"}
    assert (repo / "dist").is_dir() and list((repo / "dist").glob("*.whl"))


# --- licence and sdist -------------------------------------------------------------------

def test_the_licence_is_declared_and_explained() -> None:
    import tomllib

    assert "MIT License" in (REPO / "LICENSE").read_text(encoding="utf-8")
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == {"text": "MIT"}
    licence = README.split("## Licence", 1)[1].split("\n## ", 1)[0]
    assert "LGPL" in licence and "PySide6" in licence


def test_the_sdist_ships_the_licence_and_no_partial_test_tree(installed: Install) -> None:
    with tarfile.open(installed.sdist) as archive:
        names = archive.getnames()
    assert any(name.endswith("/LICENSE") for name in names)
    assert not [name for name in names if "/tests/" in name or name.endswith("/tests")]
    with zipfile.ZipFile(installed.wheel) as wheel:
        assert any(name.endswith(".dist-info/licenses/LICENSE") or
                   name.endswith(".dist-info/LICENSE") for name in wheel.namelist())


def test_realms_new_writes_the_schema_key(tmp_path: Path) -> None:
    """A new file names the scenario schema of the installed version, at the tag that
    scripts/release.sh makes for it, and stays canonical and loadable."""
    import json

    from cli_runner import run_cli

    from editor import __version__
    from editor.project import SCENARIO_SCHEMA_URL

    made = run_cli("new", "-o", "mine.realm.json", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    data = json.loads((tmp_path / "mine.realm.json").read_text(encoding="utf-8"))
    assert data["$schema"] == SCENARIO_SCHEMA_URL
    prefix = REPOSITORY_URL.replace("https://github.com/", "https://raw.githubusercontent.com/")
    ref, _, path = SCENARIO_SCHEMA_URL.removeprefix(prefix + "/").partition("/")
    assert ref == f"v{__version__}" and path == "schemas/scenario.schema.json"
    assert (REPO / path).is_file()
    assert 'tag="v$version"' in (REPO / "scripts" / "release.sh").read_text(encoding="utf-8")
    assert run_cli("format", "--check", "mine.realm.json", cwd=tmp_path).returncode == 0
    codes = {f["code"] for f in json.loads(run_cli("lint", "--format", "json",
                                                   "mine.realm.json", cwd=tmp_path).stdout)}
    assert codes == {"G011"}  # the empty boards, nothing about the key


def test_the_readme_timing_is_the_measured_run() -> None:
    """The README's timing table is what scripts/suite_timing.py makes of its records
    (docs/suite-timing.json): the measured run of the test command, its conditions (load
    average, cores, workers) and its test count, not figures typed by hand."""
    import suite_timing

    records = suite_timing.load_records()
    region = README.split(suite_timing.BEGIN + "\n", 1)[1].split(suite_timing.END, 1)[0]
    assert region == suite_timing.table(records)
    latest = [r for r in records if r["label"] == "after"][-1]
    assert "load average" in region and f"{sum(latest['counts'].values()):,}" in region
    assert latest["cpu_user_s"] > 0 and latest["wall_s"] > 0
