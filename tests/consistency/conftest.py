"""The corpus (realm_corpus.py), built once per run and shared by the xdist workers.

The smawg schema and smawg's loading checks live with the export tests
(tests/export/export_support.py, engine_play.py): that folder goes on ``sys.path`` so this
suite checks exports against the same definitions, not a copy of them.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from filelock import FileLock

EXPORT_TESTS = str(Path(__file__).resolve().parents[1] / "export")
if EXPORT_TESTS not in sys.path:
    sys.path.insert(0, EXPORT_TESTS)

from realm_corpus import Realm, build  # noqa: E402


@pytest.fixture(scope="session")
def corpus(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> dict[str, Realm]:
    """Every realm of the corpus by name. Under xdist the workers share one folder (the
    run's base temp), the first to come generating the files under a lock."""
    if worker_id == "master":
        return build(tmp_path_factory.mktemp("corpus"))
    shared = tmp_path_factory.getbasetemp().parent / "consistency-corpus"
    shared.mkdir(exist_ok=True)
    with FileLock(str(shared) + ".lock"):
        return build(shared)
