"""Run one ``realms`` command on one hostile input and judge what came out.

Two ways to run: in-process (``editor.cli.main.main``, captured stdout/stderr, a
``SIGALRM`` time bound; milliseconds per input, used for the bulk) and through the real
CLI in a fresh interpreter (subprocess timeout and a memory cap; used for a sample and for
special files). Both give an :class:`Outcome`; :func:`problems` lists what is wrong with
it as :class:`Failure` records, and :func:`known_bug` says which of those belong to a bug
class already filed (``KNOWN_BUGS`` in ``fuzz_known_bugs``).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import resource
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fuzz_known_bugs import KNOWN_BUGS, KnownBug

REPO = Path(__file__).resolve().parents[2]
FORK_RUNS = Path(__file__).resolve().with_name("fork_runs.py")
TIME_BOUND = float(os.environ.get("REALMS_FUZZ_TIME_BOUND", "10"))  # seconds per input
MEMORY_CAP = 2 * 1024**3  # bytes of address space for a subprocess run
EXIT_CODES = {0, 1, 2}

# Text that must never reach a user: a crash dressed as a message.
CRASH_PATTERNS = (
    re.compile(r"Traceback \(most recent call last\)"),
    re.compile(r"internal error", re.IGNORECASE),
    re.compile(r"please report", re.IGNORECASE),
    re.compile(r"\b(?:TypeError|KeyError|AttributeError|IndexError|RecursionError|MemoryError|"
               r"AssertionError|ZeroDivisionError|OverflowError|NameError|RuntimeError|"
               r"NotImplementedError|UnboundLocalError|BrokenProcessPool)\b"),
)
# A hint or clause repeated back to back: "check the path; check the path".
DOUBLED = re.compile(r"(?:;|\)) ?([^;\n]{8,}); \1(?:$|[;\n])", re.MULTILINE)
def _without_rule_docs(stdout: str) -> str:
    """SARIF output with its rules' documentation left out: every rule's full help (S000's
    "the linter itself failed" included) is listed there, which is not a crash."""
    if '"runs"' not in stdout:
        return stdout
    try:
        sarif = json.loads(stdout)
    except ValueError:
        return stdout
    for run in sarif.get("runs", []) if isinstance(sarif, dict) else []:
        driver = run.get("tool", {}).get("driver", {}) if isinstance(run, dict) else {}
        if isinstance(driver, dict):
            driver.pop("rules", None)
    return json.dumps(sarif)


# The S000 rule's own description, listed in SARIF output and --show-rules: not a crash.
S000_DESCRIPTION = "the linter itself failed on this file (a bug: please report it)"
# Lines that are not about one file: summaries, progress and usage notes.
SUMMARY_LINE = re.compile(
    r"^(?:Found \d+ finding|All checks passed|\d+ files? (?:checked|would)|"
    r"No .* files? found|realms(?: \w+)?: |usage: |\s)")


class FuzzTimeout(BaseException):
    """Raised by the alarm inside a run that took longer than the bound.

    A ``BaseException`` so that no ``except Exception`` in the code under test hides it.
    """


@dataclass
class Outcome:
    """What one run produced."""

    argv: list[str]
    exit_code: int | None
    stdout: str
    stderr: str
    seconds: float
    timed_out: bool = False
    exception: str | None = None  # "Type: message" of an exception that escaped main
    trace: str | None = None


@dataclass(frozen=True)
class Failure:
    """One broken promise: ``kind`` is exit-code, traceback, crash-text, message-shape,
    timeout, leak or output; ``detail`` is the evidence (one line)."""

    kind: str
    detail: str
    command: str = ""

    def signature(self) -> str:
        return f"{self.command} {self.kind}: {self.detail}"


@dataclass
class Report:
    """Failures collected over a run, split into known bug classes and new ones."""

    known: dict[str, list[tuple[Failure, str]]] = field(default_factory=dict)
    new: list[tuple[Failure, str]] = field(default_factory=list)
    inputs: int = 0

    def add(self, failure: Failure, reproducer: str) -> KnownBug | None:
        bug = known_bug(failure)
        if bug is None:
            self.new.append((failure, reproducer))
        else:
            self.known.setdefault(bug.name, []).append((failure, reproducer))
        return bug


REPORT = Report()


def known_bug(failure: Failure,
              known: tuple[KnownBug, ...] | None = None) -> KnownBug | None:
    """The filed bug class this failure belongs to, or None (a new finding)."""
    if os.environ.get("REALMS_FUZZ_STRICT") == "1":
        return None
    text = failure.signature()
    for bug in KNOWN_BUGS if known is None else known:
        if re.search(bug.pattern, text, re.DOTALL):
            return bug
    return None


# -- running -------------------------------------------------------------------------------
@contextmanager
def _alarm(seconds: float) -> Iterator[None]:
    def expire(signum: int, frame: object) -> None:
        raise FuzzTimeout(f"over {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@contextmanager
def _environ(extra: dict[str, str] | None) -> Iterator[None]:
    saved = {key: os.environ.get(key) for key in (extra or {})}
    os.environ.update(extra or {})
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def run_inprocess(argv: Sequence[str], *, bound: float = TIME_BOUND,
                  env: dict[str, str] | None = None) -> Outcome:
    """``realms ARGV`` inside this interpreter with stdout/stderr captured."""
    from editor.cli import main as cli

    global _PARSER
    if _PARSER is None:
        _PARSER = cli.build_parser()
    out_bytes = io.BytesIO()
    out = io.TextIOWrapper(out_bytes, encoding="utf-8", errors="backslashreplace",
                           write_through=True)
    err = io.StringIO()
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err  # type: ignore[assignment]
    start = time.perf_counter()
    code: int | None = None
    timed_out = False
    exception = trace = None
    try:
        with _environ({"GITHUB_ACTIONS": "", **(env or {})}), _alarm(bound), \
                _parser(cli, _PARSER):
            code = cli.main(list(argv))
    except SystemExit as exc:  # argparse usage errors
        code = exc.code if isinstance(exc.code, int) else 2
    except FuzzTimeout:
        timed_out = True
    except BaseException as exc:
        exception = f"{type(exc).__name__}: {exc}"[:500]
        trace = traceback.format_exc()
    finally:
        sys.stdout, sys.stderr = saved
    seconds = time.perf_counter() - start
    out.flush()
    stdout = out_bytes.getvalue().decode("utf-8", errors="backslashreplace")
    return Outcome(list(argv), code, stdout, err.getvalue(), seconds, timed_out, exception,
                   trace)


_PARSER: argparse.ArgumentParser | None = None


@contextmanager
def _parser(cli: Any, parser: argparse.ArgumentParser) -> Iterator[None]:
    """``main`` with an already built parser: building one costs more than linting a small
    file, and argparse parsers keep no state between ``parse_args`` calls."""
    original = cli.build_parser
    cli.build_parser = lambda: parser
    try:
        yield
    finally:
        cli.build_parser = original


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def run_subprocess(argv: Sequence[str], *, bound: float = TIME_BOUND,
                   env: dict[str, str] | None = None, cwd: Path | None = None) -> Outcome:
    """``python -m editor ARGV`` in a fresh interpreter, as a collection's CI runs it."""
    full_env = {**os.environ, "PYTHONPATH": str(REPO), "QT_QPA_PLATFORM": "offscreen",
                "GITHUB_ACTIONS": "", **(env or {})}
    start = time.perf_counter()
    command = [sys.executable, "-m", "editor", *argv]
    try:
        proc = subprocess.run(command, capture_output=True, timeout=bound, env=full_env,
                              cwd=cwd, stdin=subprocess.DEVNULL, preexec_fn=_limit_memory,
                              check=False)
    except subprocess.TimeoutExpired as exc:
        return Outcome(list(argv), None, _text(exc.stdout), _text(exc.stderr),
                       time.perf_counter() - start, timed_out=True)
    return Outcome(list(argv), proc.returncode, _text(proc.stdout), _text(proc.stderr),
                   time.perf_counter() - start)


def run_subprocesses(runs: Sequence[Sequence[str]], *, bound: float = TIME_BOUND,
                     env: dict[str, str] | None = None,
                     memory: int = MEMORY_CAP) -> list[Outcome]:
    """Several ``realms`` runs at once, each its own process, all under one wall-clock bound.

    For inputs that may hang or exhaust memory (FIFOs, endless devices, huge graphs):
    waiting for them side by side costs one bound instead of one per input. The processes
    are forked from one interpreter that has imported the CLI and its libraries
    (``fork_runs.py``): each has its own memory cap and nothing another run left behind,
    without paying an interpreter start and the imports per run.
    """
    full_env = {**os.environ, "PYTHONPATH": str(REPO), "QT_QPA_PLATFORM": "offscreen",
                "GITHUB_ACTIONS": "", **(env or {})}
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="realms-fork-runs-") as folder:
        request = {"runs": [list(argv) for argv in runs], "bound": bound, "memory": memory,
                   "folder": folder}
        # the batch's own start-up (interpreter and imports) is outside the bound
        server = subprocess.run([sys.executable, str(FORK_RUNS)], input=json.dumps(request),
                                capture_output=True, text=True, env=full_env,
                                timeout=bound + 120, check=False)
        assert server.returncode == 0, f"fork_runs.py failed:\n{server.stderr[-3000:]}"
        answers = json.loads(server.stdout)
        outcomes = []
        for argv, answer in zip(runs, answers, strict=True):
            # a run killed at the bound before it opened its files wrote nothing
            out, err = (Path(answer[name]).read_bytes() if Path(answer[name]).exists()
                        else b"" for name in ("stdout", "stderr"))
            seconds = answer["seconds"] if answer["seconds"] is not None else \
                time.perf_counter() - start
            outcomes.append(Outcome(list(argv), answer["exit"], _text(out), _text(err),
                                    seconds, timed_out=answer["exit"] is None))
    return outcomes


def _text(data: bytes | str | None) -> str:
    if data is None:
        return ""
    if isinstance(data, str):
        return data
    return data.decode("utf-8", errors="backslashreplace")


# -- judging -------------------------------------------------------------------------------
def _shown_forms(path: str) -> tuple[str, ...]:
    from editor.escaping import display_path, github_escape_data

    shown = display_path(path)
    return (path, shown, github_escape_data(shown), os.path.basename(path))


def _crash_line(text: str) -> str | None:
    for line in text.splitlines():
        if any(pattern.search(line) for pattern in CRASH_PATTERNS):
            return line.strip()[:300]
    return None


def problems(outcome: Outcome, files: Sequence[str | Path] = ()) -> list[Failure]:
    """Everything wrong with one run. ``files`` are the paths a message may name."""
    command = " ".join(outcome.argv[:1] + [a for a in outcome.argv[1:] if a.startswith("-")])
    found: list[Failure] = []
    if outcome.timed_out:
        found.append(Failure("timeout", f"no answer in {outcome.seconds:.1f} s", command))
        return found
    if outcome.exception is not None:
        where = _innermost(outcome.trace or "")
        found.append(Failure("traceback", f"{outcome.exception} at {where}", command))
        return found
    if outcome.exit_code not in EXIT_CODES:
        found.append(Failure("exit-code", f"exit {outcome.exit_code}: "
                             f"{(_crash_line(outcome.stderr) or outcome.stderr[-300:]).strip()}",
                             command))
    lint_out = _without_rule_docs(outcome.stdout).replace(S000_DESCRIPTION, "") \
        if outcome.argv[:1] == ["lint"] else ""
    for stream in (outcome.stderr, lint_out):
        line = _crash_line(stream)
        if line is not None:
            kind = "traceback" if "Traceback" in stream else "crash-text"
            detail = line
            if kind == "traceback":
                detail = stream.strip().splitlines()[-1][:300] + " at " + _innermost(stream)
            found.append(Failure(kind, detail, command))
            break
    doubled = DOUBLED.search(outcome.stdout + outcome.stderr)
    if doubled and not found:
        found.append(Failure("doubled-wording", doubled.group(0)[:200], command))
    if files and not found:
        bad = _unplaced_message(outcome, [str(f) for f in files])
        if bad is not None:
            found.append(Failure("message-shape", bad, command))
    return found


def _innermost(trace: str) -> str:
    frames = re.findall(r'File "([^"]+)", line (\d+), in (\S+)', trace)
    for path, line, func in reversed(frames):
        if "/editor/" in path:
            return f"{path.split('/editor/', 1)[1]}:{line} {func}"
    return "?"


def _unplaced_message(outcome: Outcome, files: list[str]) -> str | None:
    """The first error line that names no file, or None when every one does."""
    prefixes = tuple(form for path in files for form in _shown_forms(path))
    prefixes += tuple(f"::{level} file={form}" for form in prefixes
                      for level in ("error", "warning", "notice"))
    lines = outcome.stderr.splitlines()
    if outcome.argv[:1] == ["lint"] and not {"json", "sarif"} & set(outcome.argv):
        lines += [line for line in outcome.stdout.splitlines() if "] " in line]
    for line in lines:
        if not line.strip() or SUMMARY_LINE.match(line):
            continue
        if any(line.startswith((prefix + ":", prefix + ",")) for prefix in prefixes):
            continue
        if any(line.startswith(prefix) for prefix in prefixes if prefix.endswith("/")):
            continue
        return f"names no file: {line[:200]!r}"
    return None
