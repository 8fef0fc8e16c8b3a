"""Byte-identity guard: speed work must not change one byte of lint's or derive's output.

Compares ``realms lint --format json`` (every rule, every player count, and each count
alone), text output with sources, and ``realms derive`` over every shipped scenario and
fixture against a golden file written by the code before the speed work.
"""

from __future__ import annotations

import json

import pytest
from findings_golden import GOLDEN, outputs


def _compare(actual: dict[str, str]) -> None:
    expected = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert sorted(actual) == sorted(expected)
    changed = [name for name in expected if actual[name] != expected[name]]
    assert not changed, f"{len(changed)} outputs changed, first: {changed[0]}\n" \
                        f"--- expected\n{expected[changed[0]][:2000]}\n" \
                        f"--- actual\n{actual[changed[0]][:2000]}"


def test_outputs_match_the_golden_file(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REALMS_NO_CACHE", "1")  # fresh results; the cache has its own test
    _compare(outputs())


def test_golden_file_has_findings_to_guard() -> None:
    """A guard over only clean files would pass whatever lint printed."""
    expected = json.loads(GOLDEN.read_text(encoding="utf-8"))
    codes = {f["code"] for name, text in expected.items() if "--format json" in name
             and name.startswith("lint") for f in json.loads(text.split("\n", 1)[1] or "[]")}
    assert {"G003", "B001", "B005", "I001"} <= codes
