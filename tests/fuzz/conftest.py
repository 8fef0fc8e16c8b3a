"""The fuzz run's report: failures of known bug classes, counted and printed at the end.

With ``REALMS_FUZZ_REPORT=FILE`` the full report (one reproducer per failure) is also
written as JSON, for filing bugs.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)

from fuzz_harness import REPORT  # noqa: E402


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if not REPORT.inputs:
        return
    write = terminalreporter.write_line
    write(f"realms fuzz: {REPORT.inputs} generated inputs run")
    for name, failures in sorted(REPORT.known.items()):
        write(f"  known bug {name}: {len(failures)} input(s), e.g. {failures[0][0].signature()}")
    if REPORT.new:
        write(f"  NEW failures: {len(REPORT.new)}, e.g. {REPORT.new[0][0].signature()}")
    target = os.environ.get("REALMS_FUZZ_REPORT")
    if target:
        data = {
            "inputs": REPORT.inputs,
            "known": {name: [{"failure": f.signature(), "input": r} for f, r in items]
                      for name, items in REPORT.known.items()},
            "new": [{"failure": f.signature(), "input": r} for f, r in REPORT.new],
        }
        Path(target).write_text(json.dumps(data, indent=1, ensure_ascii=True) + "\n",
                                encoding="utf-8")
        write(f"  report written to {target}")
