"""Programs from outside Python that some tests drive (node and npm, Neovim).

``bash scripts/quickstart.sh test`` installs them (scripts/test-debian-packages.txt). A
missing one skips the test on a developer's machine and fails it under CI (``CI`` set, as
``.ci/run`` runs), so CI never passes without running it.
"""

from __future__ import annotations

import os
import shutil

import pytest


def require_program(program: str, advice: str) -> str:
    """The path of ``program``, or skip (fail under CI) with ``advice``."""
    found = shutil.which(program)
    if found is None:
        if os.environ.get("CI"):
            pytest.fail(advice)
        pytest.skip(advice)
    return found
