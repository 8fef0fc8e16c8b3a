"""``slow`` sweeps of the generator tests run only when selected (``pytest -m slow
tests/generate``)."""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if "slow" in (config.getoption("markexpr", "") or ""):
        return
    skip = pytest.mark.skip(reason="slow sweep: run with -m slow (docs/generate.md)")
    for item in items:
        if "slow" in item.keywords and item.path.parent.name == "generate":
            item.add_marker(skip)
