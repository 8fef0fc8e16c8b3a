"""Realms Studio: edit, derive, validate and export Small World Realms scenarios.

The package is layered so that headless paths stay fast and Qt-free:
``model`` (pure data and I/O) -> ``geometry``/``topology`` (shapely, networkx)
-> ``lint``/``export`` -> ``cli`` and ``gui`` (the only place that imports Qt).
"""

__version__ = "0.2.0"
