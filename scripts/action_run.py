#!/usr/bin/env python3
"""The logic of Realms Studio's GitHub Action (``action.yml``), kept out of YAML so it can
be tested locally with a simulated ``GITHUB_ACTIONS=true`` environment.

    python3 scripts/action_run.py          install realms-studio into a venv, then check
    VENV/bin/python scripts/action_run.py check    only the checks, with realms already there

Inputs come from the environment (action.yml maps its inputs to these):

    REALMS_PATHS      files/folders to check, shell-style (default "."); a word with glob
                      characters (``*``, ``?``, ``[``) is expanded, ``**`` recursively, as
                      bash's globstar does; a pattern that matches nothing is an error
    REALMS_FAIL_ON    error | warning | info (default error)
    REALMS_FORMAT     true: also run `realms format --check` on the same paths (default false)
    REALMS_VERSION    realms-studio version to install from a package index named in
                      REALMS_PIP_ARGS (it is on no public index; default: this checkout,
                      i.e. the action's own ref)
    REALMS_PIP_ARGS   extra pip arguments, shell-style (e.g. an index URL)
    REALMS_VENV       where to install (default $RUNNER_TEMP/realms-studio-venv)

Annotations go to stdout as workflow commands; a summary to $GITHUB_STEP_SUMMARY; the exit
codes to $GITHUB_OUTPUT (lint-exit-code, format-exit-code). The step's exit status is 2 if a
command could not run, else 1 if lint or format found something, else 0. Every way out
writes the outputs and the summary, and a failure that ``realms`` did not annotate itself
(a bad input, an install that failed, a path that does not exist) gets an ``::error``
annotation, so the pull request says why the step is red.

The venv's layout follows the runner's system (``RUNNER_OS``): ``bin/python`` on Linux and
macOS, ``Scripts\\python.exe`` on Windows.
"""

from __future__ import annotations

import glob
import os
import re
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path, PurePath, PurePosixPath, PureWindowsPath

FAIL_ON = ("error", "warning", "info")
# Findings are the annotations that name a file; realms lint's own run-level errors
# (``::error title=realms lint::``) are not findings and are not counted as such.
LEVELS = {"::error file=": "error", "::warning file=": "warning", "::notice file=": "notice"}
REFORMAT = re.compile(r"^would reformat: (.+)$", re.IGNORECASE)  # realms format --check
# realms format's stderr about one file: "PATH:LINE:COL: message" or "PATH: message"
LOCATED = re.compile(r"^(?P<path>.+?):(?P<line>\d+):(?P<col>\d+): (?P<message>.+)$")
NAMED = re.compile(r"^(?P<path>.+?\.json): (?P<message>.+)$")
GLOB_CHARS = re.compile(r"[*?[]")
NOTHING_FOUND = "realms lint: warning: no *.realm.json"  # its warning for paths with none
ACTION_ROOT = Path(__file__).resolve().parent.parent


def env(name: str, default: str = "") -> str:
    return os.environ.get(name, "").strip() or default


def append(variable: str, text: str) -> None:
    """Append to a GitHub file command ($GITHUB_OUTPUT, $GITHUB_STEP_SUMMARY) if it is set."""
    target = os.environ.get(variable)
    if target:
        with open(target, "a", encoding="utf-8") as handle:
            handle.write(text)


def is_windows(runner_os: str | None = None) -> bool:
    """Whether the runner is Windows: GitHub's ``RUNNER_OS`` (Linux, macOS, Windows), else
    this interpreter's ``os.name``."""
    system = env("RUNNER_OS") if runner_os is None else runner_os
    return system.lower() == "windows" if system else os.name == "nt"


def venv_scripts(venv: PurePath, windows: bool) -> PurePath:
    """The folder of a venv's interpreter and console scripts (``Scripts`` on Windows)."""
    return venv / ("Scripts" if windows else "bin")


def venv_python(venv: PurePath, windows: bool) -> PurePath:
    return venv_scripts(venv, windows) / ("python.exe" if windows else "python")


def console_script(folder: PurePath, name: str, windows: bool) -> PurePath:
    """A console script as pip installs it: ``realms`` on POSIX, ``realms.exe`` on Windows."""
    return folder / (f"{name}.exe" if windows else name)


def venv_path(windows: bool) -> PurePath:
    """Where the venv goes: REALMS_VENV, else RUNNER_TEMP (or the temporary folder)."""
    flavour: type[PurePath] = PureWindowsPath if windows else PurePosixPath
    chosen = env("REALMS_VENV")
    return flavour(chosen) if chosen else flavour(env("RUNNER_TEMP", tempfile.gettempdir()),
                                                  "realms-studio-venv")


def install() -> Path:
    """A venv with realms-studio; returns its python."""
    windows = is_windows()
    venv = Path(venv_path(windows))
    python = Path(venv_python(venv, windows))
    if not Path(console_script(venv_scripts(venv, windows), "realms", windows)).exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        version = env("REALMS_VERSION")
        spec = f"realms-studio=={version}" if version else str(ACTION_ROOT)
        subprocess.run([str(python), "-m", "pip", "install", "--disable-pip-version-check",
                        *shlex.split(env("REALMS_PIP_ARGS")), spec], check=True)
    return python


def realms_command(windows: bool | None = None) -> list[str]:
    """``realms`` next to this interpreter, else ``python -m editor``."""
    windows = is_windows() if windows is None else windows
    realms = Path(console_script(Path(sys.executable).parent, "realms", windows))
    return [str(realms)] if realms.exists() else [sys.executable, "-m", "editor"]


def run_realms(*args: str) -> tuple[int, list[str], list[str]]:
    """Run ``realms``, echoing its output; returns its status, stdout and stderr lines."""
    result = subprocess.run([*realms_command(), *args], capture_output=True, text=True,
                            check=False)
    sys.stdout.write(result.stdout)
    sys.stdout.flush()
    sys.stderr.write(result.stderr)
    return result.returncode, result.stdout.splitlines(), result.stderr.splitlines()


def annotate(title: str, message: str) -> None:
    """An ``::error`` annotation of the whole step (no file to point at)."""
    print(f"::error title={escape_property(title)}::{escape_data(message)}")
    sys.stdout.flush()


def finish(outputs: dict[str, str], summary: list[str], status: int) -> int:
    """Write the outputs and the summary (on every way out) and return the step's status."""
    append("GITHUB_OUTPUT", "".join(f"{key}={value}\n" for key, value in outputs.items()))
    append("GITHUB_STEP_SUMMARY", "".join(summary))
    return status


def errors_of(stderr: list[str], prefix: str) -> list[str]:
    """What a command said was wrong (``realms lint: error: …``), for the summary."""
    return [line[len(prefix):] for line in stderr if line.startswith(prefix)]


def escape_data(text: str) -> str:
    """A workflow command's message as GitHub requires (here, not imported from editor: the
    install step runs before realms-studio is importable)."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def format_annotations(lines: list[str]) -> list[str]:
    return [f"::error file={escape_property(path)},title=realms format::"
            + escape_data(f"{path} is not in the canonical form; run `realms format {path}` "
                          "and commit the result")
            for path in reformatted(lines)]


def reformatted(lines: list[str]) -> list[str]:
    return [match.group(1) for line in lines if (match := REFORMAT.match(line))]


def plural(count: int, noun: str) -> str:
    """``1 error``, ``2 errors``, ``0 files``."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def sentence(parts: list[str]) -> str:
    """Parts joined with "; ", ending in one full stop whatever they end in."""
    return "; ".join(part.strip().rstrip(".") for part in parts if part.strip()) + "."


def expand(words: list[str]) -> tuple[list[str], list[str]]:
    """The paths to check, each glob pattern expanded (sorted; ``**`` recursive); and the
    patterns that matched nothing. A word without glob characters, or naming a file that
    exists as it is written, is passed on unchanged."""
    paths: list[str] = []
    unmatched: list[str] = []
    for word in words:
        if not GLOB_CHARS.search(word) or os.path.lexists(word):
            paths.append(word)
            continue
        found = sorted(glob.glob(word, recursive=True))
        if found:
            paths.extend(found)
        else:
            unmatched.append(word)
    return paths, unmatched


def file_problems(stderr: list[str]) -> tuple[list[str], list[str]]:
    """``realms format``'s stderr split into per-file annotations (``file=``, and the line
    and column when it gives them) and the problems that name no existing file."""
    annotations, others = [], []
    for line in stderr:
        match = LOCATED.match(line) or NAMED.match(line)
        if match is None or not os.path.isfile(match["path"]):
            if line.strip():
                others.append(line)
            continue
        where = f"file={escape_property(match['path'])}"
        if "line" in match.groupdict() and match.groupdict()["line"]:
            where += f",line={match['line']},col={match['col']}"
        annotations.append(f"::error {where},title=realms format::"
                           + escape_data(match["message"]))
    return annotations, others


def check() -> int:
    words = shlex.split(env("REALMS_PATHS", ".")) or ["."]
    fail_on = env("REALMS_FAIL_ON", "error")
    outputs = {"lint-exit-code": "2", "format-exit-code": "skipped"}
    if fail_on not in FAIL_ON:
        message = f"fail-on must be one of {', '.join(FAIL_ON)}, not {fail_on!r}"
        annotate("realms-studio action", message)
        return finish(outputs, [f"### Realms Studio\n\nNothing was checked: {message}.\n"], 2)
    paths, unmatched = expand(words)
    for pattern in unmatched:
        annotate("realms-studio action", f"paths: {pattern} matches no file")
    if not paths:
        message = sentence([f"paths: {p} matches no file" for p in unmatched])
        return finish(outputs, [f"### Realms Studio\n\nNothing was checked: {message}\n"], 2)
    print("::group::realms lint")
    lint_code, lint_lines, lint_err = run_realms("lint", "--format", "github", "--fail-on",
                                                 fail_on, "--", *paths)
    print("::endgroup::")
    counts = {name: sum(line.startswith(prefix) for line in lint_lines)
              for prefix, name in LEVELS.items()}
    found = [plural(counts[name], name) for name in LEVELS.values()]
    summary = [f"### Realms Studio\n\n`realms lint` (fail on {fail_on}): exit {lint_code}; "
               f"findings: {', '.join(found)}.\n"]
    problems = [f"paths: {p} matches no file" for p in unmatched]
    if any(line.startswith(NOTHING_FOUND) for line in lint_err):
        # no error (realms lint exits 0, as ruff does), but not a silent green either
        message = (f"no *.realm.json or *.engine.json file under paths: {' '.join(words)}; "
                   "nothing was linted")
        print(f"::warning title=realms lint::{escape_data(message)}")
        summary.append(f"\n**Nothing was linted**: {sentence([message])}\n")
    if lint_code not in (0, 1):
        said = errors_of(lint_err, "realms lint: error: ")
        annotated = any(line.startswith("::error title=realms lint::") for line in lint_lines)
        for problem in said:  # a settings file's error points at the file, and its line
            if (match := LOCATED.match(problem)) is not None and os.path.isfile(match["path"]):
                print(f"::error file={escape_property(match['path'])},line={match['line']},"
                      f"col={match['col']},title=realms lint::{escape_data(match['message'])}")
                annotated = True
        if not said and not annotated:  # nothing on the pull request says why the step failed
            annotate("realms lint", f"realms lint exited {lint_code}: "
                     f"{(lint_err or ['no message'])[-1]}")
        problems += said or [f"realms lint exited {lint_code}"]
    if problems:
        summary.append(f"\n**Not everything was checked** (exit 2): {sentence(problems)}\n")
    outputs["lint-exit-code"] = str(lint_code)
    codes = [lint_code, 2 if unmatched else 0]
    if env("REALMS_FORMAT", "false").lower() in ("true", "check", "1", "yes"):
        print("::group::realms format --check")
        format_code, format_lines, format_err = run_realms("format", "--check", "--", *paths)
        print("::endgroup::")
        for annotation in format_annotations(format_lines):
            print(annotation)
        reformat = len(reformatted(format_lines))
        summary.append(f"\n`realms format --check`: exit {format_code}; "
                       f"{plural(reformat, 'file')} would be reformatted.\n")
        if format_code not in (0, 1):
            annotations, others = file_problems(format_err)
            for annotation in annotations:
                print(annotation)
            if others or not annotations:
                annotate("realms format", "; ".join(others) or f"realms format exited "
                         f"{format_code}")
            summary.append(f"\n**`realms format` could not check every file** (exit "
                           f"{format_code}): {sentence(format_err or ['no message'])}\n")
        sys.stdout.flush()
        outputs["format-exit-code"] = str(format_code)
        codes.append(format_code)
    status = 2 if any(c not in (0, 1) for c in codes) else max(codes)
    return finish(outputs, summary, status)


def main(argv: list[str]) -> int:
    if argv[1:] == ["check"]:
        return check()
    if argv[1:]:
        print(f"usage: {argv[0]} [check]", file=sys.stderr)
        return 2
    try:
        python = install()
    except (OSError, subprocess.CalledProcessError) as exc:
        message = f"could not install realms-studio: {exc}"
        annotate("realms-studio action", message)
        return finish({"lint-exit-code": "2", "format-exit-code": "skipped"},
                      [f"### Realms Studio\n\nNothing was checked: {message}.\n"], 2)
    return subprocess.run([str(python), __file__, "check"], check=False).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv))
