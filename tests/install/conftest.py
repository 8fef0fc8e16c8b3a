"""Build the sdist and wheel once, install the wheel into a fresh venv, and run it from
directories outside the checkout: what a collection's CI or pre-commit does with a release.

The build works on a copy of the working tree (uncommitted edits included) so it never
writes into the checkout. Under pytest-xdist the workers share one build through a file
lock; without xdist the session builds in its own temporary directory.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from filelock import FileLock
from install_support import REPO, Install, build_and_install, shared_dir


@pytest.fixture(scope="session")
def installed(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Iterator[Install]:
    shared = shared_dir(tmp_path_factory, worker_id)
    record = shared / "realms-install.json"
    with FileLock(str(record) + ".lock"):
        if record.is_file():
            data = json.loads(record.read_text(encoding="utf-8"))
            install = Install(Path(data["sdist"]), Path(data["wheel"]), Path(data["venv"]))
        else:
            install = build_and_install(shared / "realms-install")
            record.write_text(json.dumps({"sdist": str(install.sdist), "wheel": str(install.wheel),
                                          "venv": str(install.venv)}), encoding="utf-8")
    yield install


@pytest.fixture()
def outside(tmp_path: Path) -> Path:
    """A working directory far from the checkout, holding a clean and a broken scenario."""
    work = tmp_path / "collection"
    work.mkdir()
    shutil.copy(REPO / "scenarios" / "highland-crossing.realm.json", work / "clean.realm.json")
    broken = json.loads((work / "clean.realm.json").read_text(encoding="utf-8"))
    broken["boards"][0]["tiles"][0]["rotation"] = 6  # out of range: a schema error
    (work / "broken.realm.json").write_text(json.dumps(broken, indent=2) + "\n", encoding="utf-8")
    return work
