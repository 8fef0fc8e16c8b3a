#!/usr/bin/env python3
"""The logic of Realms Studio's GitHub Action (``action.yml``), kept out of YAML so it can
be tested locally with a simulated ``GITHUB_ACTIONS=true`` environment.

    python3 scripts/action_run.py          install realms-studio into a venv, then check
    VENV/bin/python scripts/action_run.py check    only the checks, with realms already there

Inputs come from the environment (action.yml maps its inputs to these):

    REALMS_PATHS      files/folders to check, shell-style (default ".")
    REALMS_FAIL_ON    error | warning | info (default error)
    REALMS_FORMAT     true: also run `realms format --check` on the same paths (default false)
    REALMS_VERSION    realms-studio version to install from PyPI (default: this checkout,
                      i.e. the action's own ref)
    REALMS_PIP_ARGS   extra pip arguments, shell-style (e.g. an index URL)
    REALMS_VENV       where to install (default $RUNNER_TEMP/realms-studio-venv)

Annotations go to stdout as workflow commands; a summary to $GITHUB_STEP_SUMMARY; the exit
codes to $GITHUB_OUTPUT (lint-exit-code, format-exit-code). The step's exit status is 2 if a
command could not run, else 1 if lint or format found something, else 0.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

FAIL_ON = ("error", "warning", "info")
LEVELS = {"::error ": "errors", "::warning ": "warnings", "::notice ": "notices"}
REFORMAT = re.compile(r"^would reformat: (.+)$", re.IGNORECASE)  # realms format --check
ACTION_ROOT = Path(__file__).resolve().parent.parent


def env(name: str, default: str = "") -> str:
    return os.environ.get(name, "").strip() or default


def append(variable: str, text: str) -> None:
    """Append to a GitHub file command ($GITHUB_OUTPUT, $GITHUB_STEP_SUMMARY) if it is set."""
    target = os.environ.get(variable)
    if target:
        with open(target, "a", encoding="utf-8") as handle:
            handle.write(text)


def install() -> Path:
    """A venv with realms-studio; returns its python."""
    venv = Path(env("REALMS_VENV") or Path(env("RUNNER_TEMP", tempfile.gettempdir()),
                                             "realms-studio-venv"))
    python = venv / "bin" / "python"
    if not (venv / "bin" / "realms").exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        version = env("REALMS_VERSION")
        spec = f"realms-studio=={version}" if version else str(ACTION_ROOT)
        subprocess.run([str(python), "-m", "pip", "install", "--disable-pip-version-check",
                        *shlex.split(env("REALMS_PIP_ARGS")), spec], check=True)
    return python


def run_realms(*args: str) -> tuple[int, list[str]]:
    """Run ``realms`` (next to this interpreter), echoing and returning its output lines."""
    realms = Path(sys.executable).parent / "realms"
    command = [str(realms) if realms.exists() else sys.executable, *(
        [] if realms.exists() else ["-m", "editor"]), *args]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    sys.stdout.write(result.stdout)
    sys.stdout.flush()
    sys.stderr.write(result.stderr)
    return result.returncode, result.stdout.splitlines()


def format_annotations(lines: list[str]) -> list[str]:
    from editor.escaping import github_escape_data, github_escape_property

    return [f"::error file={github_escape_property(path)},title=realms format::"
            + github_escape_data(f"{path} is not in the canonical form; run `realms format "
                                 f"{path}` and commit the result")
            for path in reformatted(lines)]


def reformatted(lines: list[str]) -> list[str]:
    return [match.group(1) for line in lines if (match := REFORMAT.match(line))]


def check() -> int:
    paths = shlex.split(env("REALMS_PATHS", ".")) or ["."]
    fail_on = env("REALMS_FAIL_ON", "error")
    if fail_on not in FAIL_ON:
        print(f"::error title=realms-studio action::fail-on must be one of {', '.join(FAIL_ON)},"
              f" not {fail_on!r}")
        return 2
    print("::group::realms lint")
    lint_code, lint_lines = run_realms("lint", "--format", "github", "--fail-on", fail_on,
                                       "--", *paths)
    print("::endgroup::")
    counts = {name: sum(line.startswith(prefix) for line in lint_lines)
              for prefix, name in LEVELS.items()}
    summary = [f"### Realms Studio\n\n`realms lint` (fail on {fail_on}): exit {lint_code}, "
               f"{counts['errors']} errors, {counts['warnings']} warnings, "
               f"{counts['notices']} notices\n"]
    outputs = [f"lint-exit-code={lint_code}\n"]
    codes = [lint_code]
    if env("REALMS_FORMAT", "false").lower() in ("true", "check", "1", "yes"):
        print("::group::realms format --check")
        format_code, format_lines = run_realms("format", "--check", "--", *paths)
        print("::endgroup::")
        for annotation in format_annotations(format_lines):
            print(annotation)
        reformat = len(reformatted(format_lines))
        summary.append(f"\n`realms format --check`: exit {format_code}, {reformat} file(s) "
                       "would be reformatted\n")
        outputs.append(f"format-exit-code={format_code}\n")
        codes.append(format_code)
    else:
        outputs.append("format-exit-code=skipped\n")
    append("GITHUB_OUTPUT", "".join(outputs))
    append("GITHUB_STEP_SUMMARY", "".join(summary))
    return 2 if 2 in codes or any(c not in (0, 1) for c in codes) else max(codes)


def main(argv: list[str]) -> int:
    if argv[1:] == ["check"]:
        return check()
    if argv[1:]:
        print(f"usage: {argv[0]} [check]", file=sys.stderr)
        return 2
    python = install()
    return subprocess.run([str(python), __file__, "check"], check=False).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv))
