"""``realms playtest`` stopped by a signal sent to it alone (``kill``, a CI job's timeout):
one line on stderr, status 128 + the signal, no report written, and no worker left. SIGTERM
killed the command at once, silently, and left its two workers asleep forever."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from proc_table import children, interruptible, state

REPO = Path(__file__).resolve().parents[2]
SCENARIO_1 = REPO / "scenarios" / "booklet" / "01-my-precious-world.realm.json"


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads processes from /proc")
@pytest.mark.parametrize("sent, said", [(signal.SIGTERM, "realms: stopped by SIGTERM"),
                                        (signal.SIGINT, "realms: interrupted")],
                         ids=["SIGTERM", "SIGINT"])
def test_a_stopped_playtest_says_so_and_leaves_no_worker(
        real_smawg: Any, tmp_path: Path, sent: signal.Signals, said: str) -> None:
    report = tmp_path / "report.txt"
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    process = subprocess.Popen(
        [sys.executable, "-m", "editor", "playtest", str(SCENARIO_1), "--players", "3",
         "--games", "5000", "--jobs", "2", "-o", str(report)],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=interruptible)
    workers: set[int] = set()
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and process.poll() is None and len(workers) < 2:
        workers |= set(children(process.pid))
        time.sleep(0.05)
    assert process.poll() is None and len(workers) >= 2, "no workers to stop"
    time.sleep(0.3)  # games under way in both
    process.send_signal(sent)
    _stdout, stderr = process.communicate(timeout=60)
    assert process.returncode == 128 + sent, (process.returncode, stderr)
    assert stderr.strip().splitlines() == [said], stderr
    time.sleep(0.5)
    left = [pid for pid in workers if state(pid) not in ("", "Z")]
    assert not left, f"workers still running after {sent.name}: {left}"
    assert not report.exists()


@pytest.mark.parametrize("option", ["-o", "--heatmap"])
def test_an_output_that_cannot_be_written_is_refused_before_the_games(
        real_smawg: Any, tmp_path: Path, option: str) -> None:
    """A read-only -o (or heat map) was refused only after every game was played: with a
    million games here, that would be hours (the subprocess's timeout would fail it)."""
    target = tmp_path / ("report.txt" if option == "-o" else "heat.svg")
    target.write_text("keep me\n", encoding="utf-8")
    target.chmod(0o444)
    done = subprocess.run(
        [sys.executable, "-m", "editor", "playtest", str(SCENARIO_1), "--players", "3",
         "--games", "1000000", "--jobs", "1", option, str(target)],
        env={**os.environ, "PYTHONPATH": str(REPO)}, capture_output=True, text=True,
        timeout=60, check=False)
    assert done.returncode == 2, done.stderr
    assert "cannot write: is read-only" in done.stderr and done.stdout == ""
    assert target.read_text(encoding="utf-8") == "keep me\n"


def test_a_number_of_games_beyond_any_use_is_refused(run_cli: Any) -> None:
    """10**12 games filled the memory with the run's plan before the first game."""
    done = run_cli("playtest", str(SCENARIO_1), "--players", "3", "--games", str(10**12))
    assert done.returncode == 2 and "at most 1,000,000 games a run" in done.stderr
