"""Bytecode before timing whole commands, as an installed wheel has it.

This machine sets ``PYTHONDONTWRITEBYTECODE`` and ``scripts/quickstart.sh`` installs with
``--no-compile``, so without this every measured process compiles each module it imports
that has no ``.pyc`` yet: the checkouts' ``editor`` package, and networkx or jsonschema in
the venv (networkx alone cost about 0.6 s of CPU per command). ``pip install`` of a wheel
compiles them, so timing with bytecode is timing what a user runs. Compiling is idempotent
(``compileall`` skips a module whose ``.pyc`` is current).
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

# what the measured commands import (directly or through shapely and PySide6)
THIRD_PARTY = ("numpy", "shapely", "networkx", "jsonschema", "jsonschema_specifications",
               "referencing", "rpds", "attrs", "attr", "PySide6", "shiboken6")


def _package_folder(name: str) -> Path | None:
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def compile_all(checkouts: Iterable[Path]) -> None:
    """Compile each checkout's ``editor`` and the venv's packages the commands import."""
    folders = [checkout / "editor" for checkout in checkouts]
    folders += [f for f in map(_package_folder, THIRD_PARTY) if f is not None]
    subprocess.run([sys.executable, "-m", "compileall", "-q", *map(str, folders)],
                   check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
