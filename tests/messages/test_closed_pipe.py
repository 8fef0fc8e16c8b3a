"""A reader that stops early (``| head -1``) never changes the exit status.

CI runs ``realms lint bad/ | head -1`` and trusts the status, so it must be the same on
every run: the status the files give (1 for findings that reach --fail-on), as if every
line had been read, and never a status that depends on whether the pipe closed before or
after the last write (it used to be 1 or 2 at random). The dropped output is dropped
quietly: no traceback, no "Exception ignored" at interpreter exit. Every case uses a real
pipe.
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
HIGHLAND = REPO / "scenarios" / "highland-crossing.realm.json"
NOISE = ("Traceback", "Exception ignored", "BrokenPipeError")


def bad_file(tmp_path: Path, count: int = 1) -> Path:
    """A folder of files that each have a schema error (uppercase letters are required)."""
    data = json.loads(HIGHLAND.read_text(encoding="utf-8"))
    for tile in data["boards"][0]["tiles"]:
        tile["tile"] = tile["tile"].lower()
    folder = tmp_path / "bad"
    folder.mkdir()
    for index in range(count):
        (folder / f"bad{index}.realm.json").write_text(json.dumps(data), encoding="utf-8")
    return folder


def with_reader_gone(*args: str) -> subprocess.CompletedProcess[str]:
    """Run ``realms ARGS`` with stdout a pipe whose reading end is already closed."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        return subprocess.run([sys.executable, "-m", "editor", *args], stdout=write_end,
                              stderr=subprocess.PIPE, text=True, cwd=REPO, timeout=300)
    finally:
        os.close(write_end)


def through_head(tmp_path: Path, *args: str) -> tuple[int, str, str]:
    """``realms ARGS | head -1`` in a shell: the command's own status, its first line, stderr."""
    command = " ".join(shlex.quote(a) for a in (sys.executable, "-m", "editor", *args))
    errors = tmp_path / "stderr.txt"
    script = f'{command} 2>{shlex.quote(str(errors))} | head -1; exit "${{PIPESTATUS[0]}}"'
    result = subprocess.run(["bash", "-c", script], capture_output=True, text=True, cwd=REPO,
                            timeout=300, env={**os.environ, "REALMS_NO_CACHE": "1"})
    return result.returncode, result.stdout, errors.read_text(encoding="utf-8")


def quiet(stderr: str) -> bool:
    """No traceback, no complaint about the pipe."""
    return not any(word in stderr for word in NOISE) and "pipe" not in stderr


def test_lint_through_head_exits_the_same_20_times_out_of_20(tmp_path: Path) -> None:
    """About a pipe buffer of findings (~64 kB): head sometimes exits while lint still
    writes, sometimes after it has finished; either way the status is the files' own."""
    folder = bad_file(tmp_path, 60)
    cache = tmp_path / "cache"
    cache.mkdir(mode=0o700)
    lint = " ".join(shlex.quote(a) for a in (sys.executable, "-m", "editor", "lint",
                                              "--format", "text", str(folder)))
    script = (f"for i in $(seq 20); do {lint} 2>>{shlex.quote(str(tmp_path / 'err'))} "
              '| head -1 >/dev/null; printf "%s " "${PIPESTATUS[0]}"; done')
    result = subprocess.run(["bash", "-c", script], capture_output=True, text=True, cwd=REPO,
                            timeout=600, env={**os.environ, "REALMS_CACHE_DIR": str(cache)})
    assert result.stdout.split() == ["1"] * 20, result.stdout + result.stderr
    assert quiet((tmp_path / "err").read_text(encoding="utf-8"))


def test_lint_findings_keep_exit_1_when_the_reader_is_gone(tmp_path: Path) -> None:
    result = with_reader_gone("lint", "--format", "text", str(bad_file(tmp_path)))
    assert result.returncode == 1, result.stderr
    assert quiet(result.stderr), result.stderr


def test_lint_findings_through_head_exit_1(tmp_path: Path) -> None:
    # Enough findings to overflow the pipe buffer after head has gone.
    status, first, stderr = through_head(tmp_path, "lint", "--format", "text", "--jobs", "1",
                                         str(bad_file(tmp_path, 40)))
    assert status == 1, stderr
    assert "S003" in first
    assert quiet(stderr), stderr


def test_clean_lint_exits_0_when_the_reader_is_gone() -> None:
    result = with_reader_gone("lint", "--format", "text", str(HIGHLAND))
    assert result.returncode == 0, result.stderr
    assert quiet(result.stderr), result.stderr


@pytest.mark.parametrize("fmt", ["json", "sarif", "github"])
def test_every_lint_format_keeps_its_verdict(tmp_path: Path, fmt: str) -> None:
    result = with_reader_gone("lint", "--format", fmt, str(bad_file(tmp_path)))
    assert result.returncode == 1, result.stderr
    assert quiet(result.stderr), result.stderr


def test_derive_to_a_closed_pipe_ends_quietly() -> None:
    result = with_reader_gone("derive", str(HIGHLAND), "--players", "3")
    assert result.returncode == 0, result.stderr
    assert quiet(result.stderr), result.stderr


def test_derive_through_head_ends_quietly(tmp_path: Path) -> None:
    status, first, stderr = through_head(tmp_path, "derive", str(HIGHLAND), "--players", "3")
    assert status == 0, stderr
    assert first.startswith("{")
    assert quiet(stderr), stderr


def test_derive_of_a_broken_file_keeps_exit_2(tmp_path: Path) -> None:
    broken = tmp_path / "broken.realm.json"
    broken.write_text("{", encoding="utf-8")
    result = with_reader_gone("derive", str(broken))
    assert result.returncode == 2
    assert "invalid JSON" in result.stderr
    assert not any(word in result.stderr for word in NOISE), result.stderr


@pytest.mark.parametrize("fmt", ["smawg", "png"])
def test_export_to_a_closed_stdout_ends_quietly(fmt: str) -> None:
    result = with_reader_gone("export", str(HIGHLAND), "--to", fmt, "--players", "3",
                              "-o", "-")
    assert result.returncode == 0, result.stderr
    assert quiet(result.stderr), result.stderr


def test_a_closed_stderr_pipe_keeps_the_verdict(tmp_path: Path) -> None:
    """``2>&1 | head``: both streams lose their reader; the files still decide."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        result = subprocess.run([sys.executable, "-m", "editor", "lint", "--format", "text",
                                 str(bad_file(tmp_path))], stdout=write_end, stderr=write_end,
                                cwd=REPO, timeout=300)
    finally:
        os.close(write_end)
    assert result.returncode == 1


@pytest.mark.parametrize("args", [("--help",), ("lint", "--help"), ("lint", "--show-rules"),
                                  ("--version",)])
def test_help_and_listings_to_a_closed_pipe_end_quietly(args: tuple[str, ...]) -> None:
    result = with_reader_gone(*args)
    assert result.returncode == 0, result.stderr
    assert quiet(result.stderr), result.stderr


def test_a_usage_error_keeps_exit_2_when_stderr_is_gone() -> None:
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        result = subprocess.run([sys.executable, "-m", "editor", "lint", "--bogus"],
                                stdout=subprocess.PIPE, stderr=write_end, cwd=REPO, timeout=300)
    finally:
        os.close(write_end)
    assert result.returncode == 2
