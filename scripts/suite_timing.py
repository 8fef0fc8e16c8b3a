"""Measure the README's test command and write the README's timing table from the measurement.

    python scripts/suite_timing.py run [--workers N] [--before DIR] [--rounds R] [-- PYTEST_ARGS]
    python scripts/suite_timing.py readme

``run`` runs the pytest of ``bash scripts/quickstart.sh test`` (``python -m pytest -n N --dist
loadgroup``, offscreen, bytecode caches on) in this checkout, and with ``--before DIR`` also in
another checkout (e.g. ``git worktree add /tmp/before COMMIT``), the two alternating round by
round so both see the same load. Each run records its wall time, its CPU (user + system of
pytest and every process it waited for: ``getrusage(RUSAGE_CHILDREN)``, what ``/usr/bin/time``
reports), the load average before and after, the counts of pytest's last line and its 30
slowest items (``--durations=30``); the records go to docs/suite-timing.json and each run's
output to ``--logs`` (default: the temporary folder). The before checkout runs with its own
``.venv`` if it has one, else with this one's (its own sources come first on ``sys.path``).

``readme`` rewrites the README's table between its ``suite-timing`` markers from the records:
the figures people read are the ones measured, never typed. tests/install/test_snippets.py
checks that the README's table is what this script makes of the records.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
RECORDS = ROOT / "docs" / "suite-timing.json"
README = ROOT / "README.md"
BEGIN = "<!-- suite-timing: begin (scripts/suite_timing.py readme writes this table) -->"
END = "<!-- suite-timing: end -->"
SUMMARY = re.compile(r"^=*\s*(?P<body>\d+ \w+.*?) in (?P<secs>[\d.]+)s(?: \([\d:]+\))?\s*=*$",
                     re.MULTILINE)
DURATION = re.compile(r"^(?P<secs>[\d.]+)s (?P<when>call|setup|teardown) +(?P<test>\S.*)$",
                      re.MULTILINE)


def _children_cpu() -> tuple[float, float]:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime, usage.ru_stime


def _python(checkout: Path) -> Path:
    own = checkout / ".venv" / "bin" / "python"
    return own if own.exists() else ROOT / ".venv" / "bin" / "python"


def _commit(checkout: Path) -> str:
    done = subprocess.run(["git", "-C", str(checkout), "rev-parse", "--short", "HEAD"],
                          capture_output=True, text=True, check=False)
    # the files this script writes between rounds do not make the tree "changed"
    dirty = subprocess.run(["git", "-C", str(checkout), "status", "--porcelain",
                            "--untracked-files=no", "--", ".", ":!docs/suite-timing.json",
                            ":!README.md"], capture_output=True, text=True, check=False)
    return done.stdout.strip() + ("+changes" if dirty.stdout.strip() else "")


def counts(output: str) -> dict[str, int]:
    """pytest's last line, ``3946 passed, 48 skipped in 640.2s``, as numbers by outcome."""
    found = SUMMARY.findall(output)
    if not found:
        raise SystemExit("suite_timing: pytest printed no summary line")
    body = found[-1][0]
    return {word: int(number) for number, word in re.findall(r"(\d+) (\w+)", body)}


def slowest(output: str, top: int = 30) -> list[dict[str, Any]]:
    """The items of ``--durations`` (seconds of wall time, phase, test id)."""
    return [{"seconds": float(m["secs"]), "phase": m["when"], "test": m["test"].strip()}
            for m in DURATION.finditer(output)][:top]


def measure(checkout: Path, workers: str, extra: list[str], logs: Path,
            label: str) -> dict[str, Any]:
    """One run of the test command's pytest in ``checkout``."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # as quickstart.sh does
    command = [str(_python(checkout)), "-m", "pytest", "-n", workers, "--dist", "loadgroup",
               "-q", "-p", "no:cacheprovider", "--durations=30", *extra]
    log = logs / f"suite-timing-{label}-{datetime.now(UTC):%Y%m%dT%H%M%S}.log"
    load_before = os.getloadavg()
    user0, sys0 = _children_cpu()
    start = time.perf_counter()
    with log.open("w", encoding="utf-8") as out:
        code = subprocess.run(command, cwd=checkout, env=env, stdout=out,
                              stderr=subprocess.STDOUT, check=False).returncode
    wall = time.perf_counter() - start
    user1, sys1 = _children_cpu()
    load_after = os.getloadavg()
    output = log.read_text(encoding="utf-8", errors="replace")
    return {
        "label": label, "commit": _commit(checkout), "exit": code,
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "command": " ".join(["python", *command[1:]]), "workers": workers,
        "counts": counts(output), "wall_s": round(wall, 1),
        "cpu_user_s": round(user1 - user0, 1), "cpu_sys_s": round(sys1 - sys0, 1),
        "load_before": [round(x, 2) for x in load_before],
        "load_after": [round(x, 2) for x in load_after],
        "cores": os.cpu_count(), "slowest": slowest(output), "log": str(log),
    }


def imported(args: argparse.Namespace) -> dict[str, Any]:
    """A run measured outside this script: pytest's output and ``/usr/bin/time -v``'s report
    (its user and system time count pytest and every process it waited for, as ``run`` does)."""
    output = args.output.read_text(encoding="utf-8", errors="replace")
    report = args.time.read_text(encoding="utf-8", errors="replace")

    def field(name: str) -> str:
        found = re.search(rf"^\s*{re.escape(name)}: (.+)$", report, re.MULTILINE)
        if found is None:
            raise SystemExit(f"suite_timing: {args.time} has no '{name}'")
        return found[1].strip()

    clock = [float(part) for part in field("Elapsed (wall clock) time (h:mm:ss or m:ss)")
             .split(":")]
    wall = sum(part * 60 ** power for power, part in enumerate(reversed(clock)))
    return {
        "label": args.label, "commit": args.commit, "exit": int(field("Exit status")),
        "date": args.date, "command": args.command_line,
        "workers": re.search(r"-n (\S+)", args.command_line)[1]  # type: ignore[index]
        if "-n " in args.command_line else "0",
        "counts": counts(output), "wall_s": round(wall, 1),
        "cpu_user_s": round(float(field("User time (seconds)")), 1),
        "cpu_sys_s": round(float(field("System time (seconds)")), 1),
        "load_before": [args.load[0]], "load_after": [args.load[1]], "cores": os.cpu_count(),
        "slowest": slowest(output), "log": str(args.output),
    }


def load_records() -> list[dict[str, Any]]:
    if not RECORDS.exists():
        return []
    records: list[dict[str, Any]] = json.loads(RECORDS.read_text(encoding="utf-8"))
    return records


def save_records(records: list[dict[str, Any]]) -> None:
    RECORDS.write_text(json.dumps(records, indent=1) + "\n", encoding="utf-8")


def _tests(record: dict[str, Any]) -> str:
    c = record["counts"]
    shown = f"{sum(c.values()):,} ({c.get('passed', 0):,} passed"
    for word in ("skipped", "failed", "error", "errors"):
        if c.get(word):
            shown += f", {c[word]:,} {word}"
    return shown + ")"


def _minutes(seconds: float) -> str:
    whole = round(seconds)
    return f"{whole // 60} min {whole % 60:02d} s" if whole >= 60 else f"{whole} s"


def _cpu(record: dict[str, Any]) -> float:
    return float(record["cpu_user_s"]) + float(record["cpu_sys_s"])


def table(records: list[dict[str, Any]]) -> str:
    """The README's table: the latest run of each label (``before`` first), with the CPU
    ratio when both were measured in one session of the script."""
    latest: dict[str, dict[str, Any]] = {}
    for record in records:
        latest[record["label"]] = record
    if "after" not in latest:
        raise SystemExit("suite_timing: no measured run of this tree in docs/suite-timing.json")
    rows = ["| tree | conditions | tests | suite (wall) | suite (CPU: user + system) |",
            "| --- | --- | --- | --- | --- |"]
    for label in ("before", "after"):
        if label not in latest:
            continue
        r = latest[label]
        lb, la = r["load_before"][0], r["load_after"][0]
        rows.append(f"| {'base ' if label == 'before' else ''}{r['commit']} | {r['date']}, "
                    f"{r['cores']} cores, {r['workers']} workers, load average {lb:.1f} at the "
                    f"start, {la:.1f} at the end | {_tests(r)} | {_minutes(r['wall_s'])} | "
                    f"{_cpu(r):.0f} s ({r['cpu_user_s']:.0f} + {r['cpu_sys_s']:.0f}) |")
    text = "\n".join(rows) + "\n"
    if "before" in latest:
        ratio = _cpu(latest["after"]) / _cpu(latest["before"])
        text += (f"\nCPU of this tree's suite over the base's: {ratio:.2f} (each run's "
                 f"conditions are in its row).\n")
    return text


def write_readme(records: list[dict[str, Any]]) -> str:
    text = README.read_text(encoding="utf-8")
    if BEGIN not in text or END not in text:
        raise SystemExit(f"suite_timing: README.md has no {BEGIN} ... {END} region")
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    new = f"{head}{BEGIN}\n{table(records)}{END}{tail}"
    README.write_text(new, encoding="utf-8")
    return new


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="measure the test command (and a base checkout)")
    run.add_argument("--workers", default="2", help="pytest-xdist workers (default 2)")
    run.add_argument("--before", type=Path, help="a checkout of the base to measure too")
    run.add_argument("--rounds", type=int, default=1, help="runs of each tree (alternating)")
    run.add_argument("--logs", type=Path, default=Path(tempfile.gettempdir()))
    run.add_argument("--no-readme", action="store_true", help="do not rewrite README.md")
    run.add_argument("pytest_args", nargs="*", help="after --: more pytest arguments")
    sub.add_parser("readme", help="rewrite README.md's table from docs/suite-timing.json")
    imp = sub.add_parser("import", help="record a run measured by /usr/bin/time -v instead")
    imp.add_argument("--label", choices=("before", "after"), required=True)
    imp.add_argument("--commit", required=True)
    imp.add_argument("--output", type=Path, required=True, help="pytest's output")
    imp.add_argument("--time", type=Path, required=True, help="/usr/bin/time -v's report")
    imp.add_argument("--load", type=float, nargs=2, required=True, metavar=("START", "END"),
                     help="the 1-minute load average at the start and at the end")
    imp.add_argument("--date", required=True, help='when it ended, "YYYY-MM-DD HH:MM UTC"')
    imp.add_argument("--command-line", required=True, help="the pytest command that ran")
    args = parser.parse_args(argv)
    records = load_records()
    if args.command == "import":
        records.append(imported(args))
        save_records(records)
    if args.command == "run":
        trees = ([(args.before.resolve(), "before")] if args.before else []) + [(ROOT, "after")]
        for round_ in range(args.rounds):
            for checkout, label in (trees if round_ % 2 == 0 else trees[::-1]):
                record = measure(checkout, args.workers, args.pytest_args, args.logs, label)
                records.append(record)
                save_records(records)
                if not args.no_readme:  # the next run's tree agrees with its records
                    write_readme(records)
                print(f"{label} {record['commit']}: {_tests(record)}, wall "
                      f"{record['wall_s']} s, CPU {_cpu(record):.1f} s, load "
                      f"{record['load_before'][0]} -> {record['load_after'][0]} "
                      f"(log {record['log']})", flush=True)
        return 0
    write_readme(records)
    return 0


if __name__ == "__main__":
    sys.exit(main())
