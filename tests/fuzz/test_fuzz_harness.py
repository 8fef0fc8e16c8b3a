"""The fuzz harness itself: each promise it checks does fail when broken.

A judge that cannot fail would let the generated suite pass on anything, so every kind of
failure is shown here on a made-up outcome, and the time bound on a real FIFO.
"""

from __future__ import annotations

import os
from pathlib import Path

from fuzz_harness import Failure, Outcome, known_bug, problems, run_inprocess, run_subprocesses
from fuzz_known_bugs import KnownBug

FILE = "/tmp/x/case.realm.json"


def outcome(code: int | None = 2, stdout: str = "", stderr: str = "",
            argv: tuple[str, ...] = ("derive", FILE), **extra: object) -> Outcome:
    return Outcome(list(argv), code, stdout, stderr, 0.01, **extra)  # type: ignore[arg-type]


def kinds(result: Outcome) -> list[str]:
    return [failure.kind for failure in problems(result, [FILE])]


def test_a_clean_message_passes() -> None:
    assert kinds(outcome(stderr=f"{FILE}:3:7: 'players' is required; add the missing key\n")) \
        == []
    assert kinds(outcome(stderr=f"{FILE}: file not found; check the path\n")) == []


def test_each_broken_promise_is_caught() -> None:
    assert kinds(outcome(code=3)) == ["exit-code"]
    assert kinds(outcome(stderr="Traceback (most recent call last):\n  File \"x\"\n"
                                "TypeError: boom\n")) == ["traceback"]
    assert kinds(outcome(code=1, argv=("lint", FILE),
                         stdout=f"{FILE}:1:1: S000 [error] rule B001 failed: TypeError: x; "
                                "please report this with the file\n")) == ["crash-text"]
    assert kinds(outcome(stderr="cannot read file\n")) == ["message-shape"]
    assert kinds(outcome(stderr=f"{FILE}:1:1: bad; check the path; check the path\n")) == \
        ["doubled-wording"]
    assert kinds(outcome(code=None, timed_out=True)) == ["timeout"]
    assert kinds(outcome(code=None, exception="KeyError: 'x'")) == ["traceback"]


def test_known_bugs_match_only_their_class() -> None:
    float_crash = Failure("traceback", "TypeError: 'float' object cannot be interpreted as an "
                                       "integer at model/lattice.py:77 rotate_point", "derive")
    other = Failure("traceback", "KeyError: 'x' at model/scenario.py:1 f", "derive")
    filed = (KnownBug("integral-float", 13, r"'float' object cannot be interpreted"),)
    bug = known_bug(float_crash, filed)
    assert bug is not None and bug.issue == 13
    assert known_bug(other, filed) is None
    assert known_bug(float_crash) is None  # every filed class is fixed: the list is empty


def test_in_process_runs_report_exit_codes(tmp_path: Path) -> None:
    missing = run_inprocess(["derive", str(tmp_path / "missing.realm.json")])
    assert missing.exception is None and missing.exit_code == 2
    assert problems(missing, [tmp_path / "missing.realm.json"]) == []
    usage = run_inprocess(["derive", "--players", "many", "x"])  # argparse's SystemExit
    assert usage.exit_code == 2 and usage.exception is None


def test_the_time_bound_interrupts_a_hang(tmp_path: Path) -> None:
    fifo = tmp_path / "x.realm.json"
    os.mkfifo(fifo)
    result = run_inprocess(["format", "--check", str(fifo)], bound=0.5)
    # today open() blocks on the FIFO until the alarm; once refused up front it exits 2
    assert result.timed_out or result.exit_code == 2
    assert result.seconds < 5


def test_forked_runs_keep_the_memory_cap_and_the_time_bound(tmp_path: Path) -> None:
    """The batch runner behind the corpus's hanging-input checks (fork_runs.py): a run over
    its memory cap fails loudly, a run past the bound is killed and reported as a timeout,
    and a normal run gives its own exit status and output."""
    scenario = str(Path(__file__).resolve().parents[2] / "scenarios" /
                   "highland-crossing.realm.json")
    starved, = run_subprocesses([["lint", "--jobs", "1", scenario]], memory=32 * 1024**2)
    assert problems(starved, [scenario]), (starved.exit_code, starved.stderr[-500:])
    killed, fine = run_subprocesses([["lint", "--jobs", "1", scenario],
                                     ["derive", str(tmp_path / "missing.realm.json")]],
                                    bound=0.0)
    assert killed.timed_out and kinds(killed) == ["timeout"]
    assert fine.timed_out or (fine.exit_code == 2 and "missing.realm.json" in fine.stderr)
