"""Every command that writes a user's file, run for real: format, export -o, new, import -o.

The old file survives every failure (exit 2, one line naming the file), symlinks, hard links,
read-only files and devices are respected, and a write killed by SIGKILL leaves only a
recognisable temporary file that the next run removes.
"""

from __future__ import annotations

import json
import os
import resource
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
from writes_support import BLANK, CANONICAL, REPO, SMALL, run_cli, unprivileged, write_untidy

AS_ROOT = os.geteuid() == 0


def test_format_writes_through_a_symlink(tmp_path: Path) -> None:
    target = write_untidy(tmp_path / "real.realm.json")
    link = tmp_path / "link.realm.json"
    link.symlink_to(target.name)
    result = run_cli("format", link)
    assert result.returncode == 0, result.stderr
    assert link.is_symlink() and target.read_text(encoding="utf-8") == CANONICAL


def test_format_keeps_hard_links(tmp_path: Path) -> None:
    first = write_untidy(tmp_path / "a.realm.json")
    second = tmp_path / "b.json"
    os.link(first, second)
    assert run_cli("format", first).returncode == 0
    assert second.read_text(encoding="utf-8") == CANONICAL
    assert first.stat().st_nlink == 2


def test_format_refuses_a_read_only_file_unless_forced(tmp_path: Path) -> None:
    target = write_untidy(tmp_path / "ro.realm.json")
    before = target.read_text(encoding="utf-8")
    target.chmod(0o444)
    refused = run_cli("format", target)
    assert refused.returncode == 2
    assert "read-only" in refused.stderr and "--force" in refused.stderr
    # a valid file left as it was, not an invalid one (the summary said "1 invalid")
    assert refused.stdout.strip().endswith(
        "1 file checked, 0 reformatted, 1 left unchanged (could not be written)"), refused.stdout
    assert target.read_text(encoding="utf-8") == before
    forced = run_cli("format", "--force", target)
    assert forced.returncode == 0, forced.stderr
    assert target.read_text(encoding="utf-8") == CANONICAL
    assert stat.S_IMODE(target.stat().st_mode) == 0o444


def test_export_refuses_a_read_only_output_unless_forced(tmp_path: Path) -> None:
    out = tmp_path / "board.smawg.json"
    out.write_text("old")
    out.chmod(0o444)
    args = ("export", SMALL, "--players", "3", "--to", "smawg", "-o", out)
    refused = run_cli(*args)
    assert refused.returncode == 2 and "read-only" in refused.stderr
    assert out.read_text() == "old"
    assert run_cli(*args, "--force").returncode == 0
    assert out.read_text().startswith("{")


@pytest.mark.skipif(not AS_ROOT, reason="changing a file's owner needs root")
def test_format_keeps_owner_and_group(tmp_path: Path) -> None:
    target = write_untidy(tmp_path / "theirs.realm.json")
    os.chown(target, 4321, 8765)
    target.chmod(0o664)
    assert run_cli("format", target).returncode == 0
    info = target.stat()
    assert (info.st_uid, info.st_gid, stat.S_IMODE(info.st_mode)) == (4321, 8765, 0o664)


def test_export_to_dev_full_is_exit_2_and_never_replaces_the_device(tmp_path: Path) -> None:
    """As root the old writer renamed an SVG over the device node. Root tests on a copy of
    /dev/full (same device numbers) in a scratch folder, so a regression breaks no system."""
    if AS_ROOT:
        full = tmp_path / "full"
        os.mknod(full, stat.S_IFCHR | 0o666, os.makedev(1, 7))
    else:
        full = Path("/dev/full")
    result = run_cli("export", SMALL, "--players", "3", "--to", "smawg", "-o", full)
    assert result.returncode == 2
    assert "no space left on device" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert stat.S_ISCHR(full.lstat().st_mode)
    if AS_ROOT:
        assert sorted(p.name for p in tmp_path.iterdir()) == ["full"]


def test_export_to_dev_stdout_writes_the_document_to_standard_output() -> None:
    result = run_cli("export", SMALL, "--players", "3", "--to", "dot", "-o", "/dev/stdout",
                     process=True)  # /dev/stdout is the process's descriptor 1
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("graph ") and result.stdout.rstrip().endswith("}")
    assert os.path.islink("/dev/stdout")


def _limit_file_size() -> None:
    """A disk that fills up: writes past 4 KiB fail with EFBIG instead of killing us."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))


def test_a_failed_write_keeps_the_old_export_and_leaves_no_temp(tmp_path: Path) -> None:
    out = tmp_path / "board.svg"
    out.write_text("old board")
    result = run_cli("export", SMALL, "--players", "3", "--to", "svg", "-o", out,
                     preexec_fn=_limit_file_size)
    assert result.returncode == 2
    assert "board.svg" in result.stderr and "left unchanged" in result.stderr
    assert "Traceback" not in result.stderr
    assert out.read_text() == "old board"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["board.svg"]


def test_a_read_only_folder_keeps_the_old_file(tmp_path: Path) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    target = write_untidy(folder / "a.realm.json")
    before = target.read_text(encoding="utf-8")
    folder.chmod(0o555)
    try:
        result = run_cli("format", target, prefix=unprivileged())
    finally:
        folder.chmod(0o755)
    assert result.returncode == 2
    assert "a.realm.json" in result.stderr and "left unchanged" in result.stderr
    assert target.read_text(encoding="utf-8") == before
    assert sorted(p.name for p in folder.iterdir()) == ["a.realm.json"]


def test_sigkill_mid_write_leaves_a_temp_that_the_next_run_removes(tmp_path: Path) -> None:
    out = tmp_path / "board.smawg.json"
    out.write_text("old board")
    args = [sys.executable, "-m", "editor", "export", str(SMALL), "--players", "3",
            "--to", "smawg", "-o", str(out)]
    env = {**os.environ, "PYTHONPATH": str(REPO),
           "REALMS_TEST_ONLY_PAUSE_BEFORE_RENAME": "60"}
    process = subprocess.Popen(args, env=env, cwd=REPO, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        temps: list[Path] = []
        while time.monotonic() < deadline and not temps:
            temps = list(tmp_path.glob(".board.smawg.json.realms-*.tmp"))
            time.sleep(0.1)
        assert temps, "the export never reached its rename"
        time.sleep(0.2)  # the temp is complete and synced before the pause
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
    assert process.returncode == -signal.SIGKILL
    assert out.read_text() == "old board"
    assert temps[0].read_text().startswith("{")
    # A later run leaves a young temp alone (it may be another write in progress)...
    assert run_cli("export", SMALL, "--players", "3", "--to", "smawg", "-o", out).returncode == 0
    assert temps[0].exists()
    # ...and removes it once it is stale.
    hour_ago = time.time() - 3600
    os.utime(temps[0], (hour_ago, hour_ago))
    assert run_cli("export", SMALL, "--players", "3", "--to", "smawg", "-o", out).returncode == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["board.smawg.json"]
    assert out.read_text().startswith("{")


def test_format_removes_stale_temps_of_a_killed_run(tmp_path: Path) -> None:
    target = write_untidy(tmp_path / "a.realm.json")
    stale = tmp_path / ".a.realm.json.realms-k1ll3d00.tmp"
    stale.write_text("half")
    hour_ago = time.time() - 3600
    os.utime(stale, (hour_ago, hour_ago))
    assert run_cli("format", target).returncode == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.realm.json"]


def test_new_and_import_refuse_read_only_targets(tmp_path: Path) -> None:
    out = tmp_path / "ro.realm.json"
    out.write_text("keep me")
    out.chmod(0o444)
    new = run_cli("new", "-o", out, "--force")
    assert new.returncode == 0, new.stderr  # --force is the user's explicit choice
    assert json.loads(out.read_text(encoding="utf-8"))["boards"] == \
        json.loads(BLANK.read_text(encoding="utf-8"))["boards"]
    out.chmod(0o644)
    out.write_text("keep me")
    out.chmod(0o444)
    engine = tmp_path / "board.engine.json"
    assert run_cli("export", SMALL, "--players", "3", "--to", "engine",
                   "-o", engine).returncode == 0
    imported = run_cli("import", engine, "--from", "engine", "-o", out)
    assert imported.returncode == 2 and "already exists" in imported.stderr
    imported = run_cli("import", engine, "--from", "engine", "-o", out, "--force")
    assert imported.returncode == 0, imported.stderr  # as new: --force takes it
    assert json.loads(out.read_text(encoding="utf-8"))["boards"]  # the imported scenario


def test_dev_stdout_redirected_to_a_file_is_appended_to_not_replaced(tmp_path: Path) -> None:
    """``realms export ... -o /dev/stdout >> log``: the shell's file gets the document."""
    log = tmp_path / "log.txt"
    log.write_text("first line\n")
    inode = log.stat().st_ino
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    with log.open("ab") as handle:
        result = subprocess.run([sys.executable, "-m", "editor", "export", str(SMALL),
                                 "--players", "3", "--to", "dot", "-o", "/dev/stdout"],
                                stdout=handle, stderr=subprocess.PIPE, text=True, env=env,
                                cwd=REPO, timeout=300)
    assert result.returncode == 0, result.stderr
    text = log.read_text()
    assert text.startswith("first line\ngraph ") and text.endswith("}\n")
    assert log.stat().st_ino == inode and "/dev/stdout" not in text
    assert sorted(p.name for p in tmp_path.iterdir()) == ["log.txt"]
