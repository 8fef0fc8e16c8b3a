"""docs/api.md runs as written: its ```python blocks, in order, in one namespace, in a
folder holding a copy of the shipped scenarios (what a reader's checkout has)."""

from __future__ import annotations

import contextlib
import io
import os
import re
import shutil
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PAGE = REPO / "docs" / "api.md"


def test_api_page_runs_as_written(tmp_path: Path) -> None:
    blocks = re.findall(r"^```python\n(.*?)^```", PAGE.read_text(encoding="utf-8"), re.S | re.M)
    assert len(blocks) >= 5, "docs/api.md lost its examples"
    shutil.copytree(REPO / "scenarios", tmp_path / "scenarios")
    namespace: dict[str, object] = {"__name__": "docs_api"}
    printed = io.StringIO()
    before = os.getcwd()
    os.chdir(tmp_path)
    try:
        with contextlib.redirect_stdout(printed):
            for number, block in enumerate(blocks, 1):
                exec(compile(block, f"docs/api.md block {number}", "exec"), namespace)
    finally:
        os.chdir(before)
    out = printed.getvalue()
    assert "All checks passed" in out and "0 balance flags" in out, out
    assert (tmp_path / "seven-tiles.realm.json").is_file()
