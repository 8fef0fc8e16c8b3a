"""A generous CPU-time guard: linting must not get twice as slow relative to jsonschema.

Both sides run in this process on the same files, so the ratio hardly moves with the
machine's speed or load: lint (every rule, every player count) of the 12 generated realms
against validating them with ``jsonschema`` (what check-jsonschema does per file). The
ratio measured when the guard was written was about 1.4; the limit is twice that.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path

import jsonschema

from editor.lint import lint_path
from editor.lint.config import default_config

REPO = Path(__file__).resolve().parents[2]
FILES = sorted((REPO / "tests" / "perf" / "fixtures").glob("*.realm.json"))
LIMIT = 2.8


def cpu(work: Callable[[], None], rounds: int = 3) -> float:
    """The least CPU time of ``rounds`` runs (the least disturbed one)."""
    best = float("inf")
    for _ in range(rounds):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best


def test_lint_cpu_stays_within_twice_todays_ratio_to_jsonschema() -> None:
    schema = json.loads((REPO / "schemas" / "scenario.schema.json").read_text(encoding="utf-8"))
    cls = jsonschema.validators.validator_for(schema)
    validator = cls(schema, format_checker=cls.FORMAT_CHECKER)
    config = default_config()

    def baseline() -> None:
        for path in FILES:
            list(validator.iter_errors(json.loads(path.read_text(encoding="utf-8"))))

    def lint() -> None:
        for path in FILES:
            lint_path(path, config)

    lint()  # imports, schemas, catalogue: once per process, not per file
    baseline()
    ratio = cpu(lint) / cpu(baseline)
    assert ratio <= LIMIT, f"lint costs {ratio:.2f}x jsonschema's CPU (limit {LIMIT})"
