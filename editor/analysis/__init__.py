"""Balance analysis of a derived realm: graph metrics and the one balance standard.

Pure Python, no Qt: the CLI (``realms balance``), lint's 1/5 rule, the standard's tool, the
site and the editor's Balance dock share it. The names below are loaded on first use, so
lint (which needs only :mod:`editor.analysis.fifth`) never imports networkx or the
derivation through this package.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

__all__ = ["METRICS", "METRIC_INFO", "BalanceMetrics", "MetricInfo", "measure"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        return getattr(import_module("editor.analysis.metrics"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
