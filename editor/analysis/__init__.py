"""Balance analysis of a derived realm: graph metrics and the official boards' bands.

Pure Python, no Qt: the CLI (``realms balance``), the reference-band tool and the
editor's Balance dock share it.
"""

from editor.analysis.metrics import METRIC_INFO, METRICS, BalanceMetrics, MetricInfo, measure

__all__ = ["METRICS", "METRIC_INFO", "BalanceMetrics", "MetricInfo", "measure"]
