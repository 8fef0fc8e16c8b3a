"""Where the project's bundled data and schemas live."""

from __future__ import annotations

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent.parent
DATA_DIR = PACKAGE_DIR / "data"
# Schemas sit at the repository root (``schemas/``) so collections can point their
# own tooling at them; the package is installed in editable mode from the checkout.
SCHEMA_DIR = PACKAGE_DIR.parent / "schemas"
SCENARIO_DIR = PACKAGE_DIR.parent / "scenarios"
