"""``editor.model.safe_write`` on a real file system: links, modes, owners, streams, devices."""

from __future__ import annotations

import os
import stat
import threading
import time
from pathlib import Path

import pytest

from editor.model.safe_write import WriteError, remove_stale_temps, write_bytes, write_text

AS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


def test_writes_through_a_symlink_and_the_link_stays_a_link(tmp_path: Path) -> None:
    target = tmp_path / "real.realm.json"
    target.write_text("old\n")
    link = tmp_path / "link.realm.json"
    link.symlink_to(target.name)
    write_text(link, "new\n")
    assert link.is_symlink() and os.readlink(link) == target.name
    assert target.read_text() == "new\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.realm.json", "real.realm.json"]


def test_a_hard_linked_file_keeps_its_links(tmp_path: Path) -> None:
    first = tmp_path / "a.json"
    first.write_text("old\n")
    second = tmp_path / "b.json"
    os.link(first, second)
    write_text(first, "new content\n")
    assert second.read_text() == "new content\n"
    assert first.stat().st_ino == second.stat().st_ino and first.stat().st_nlink == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.json", "b.json"]


def test_a_read_only_file_is_refused_unless_forced(tmp_path: Path) -> None:
    target = tmp_path / "ro.json"
    target.write_text("old\n")
    target.chmod(0o444)
    with pytest.raises(WriteError) as caught:
        write_text(target, "new\n")
    assert caught.value.read_only and "read-only" in str(caught.value)
    assert target.read_text() == "old\n"
    write_text(target, "new\n", force=True)
    assert target.read_text() == "new\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o444


def test_mode_is_kept_and_a_new_file_follows_the_umask(tmp_path: Path) -> None:
    kept = tmp_path / "kept.json"
    kept.write_text("old\n")
    kept.chmod(0o640)
    write_text(kept, "new\n")
    assert stat.S_IMODE(kept.stat().st_mode) == 0o640
    old_umask = os.umask(0o027)
    try:
        write_text(tmp_path / "fresh.json", "x\n")
    finally:
        os.umask(old_umask)
    assert stat.S_IMODE((tmp_path / "fresh.json").stat().st_mode) == 0o640


@pytest.mark.skipif(not AS_ROOT, reason="changing a file's owner needs root")
def test_owner_and_group_are_kept(tmp_path: Path) -> None:
    target = tmp_path / "theirs.json"
    target.write_text("old\n")
    os.chown(target, 4321, 8765)
    write_text(target, "new\n")
    info = target.stat()
    assert (info.st_uid, info.st_gid) == (4321, 8765) and target.read_text() == "new\n"


@pytest.mark.skipif(not AS_ROOT, reason="giving a folder another group needs root")
def test_a_new_file_in_a_setgid_folder_gets_the_folder_group(tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    os.chown(shared, -1, 8765)
    shared.chmod(0o2775)
    write_text(shared / "new.json", "x\n")
    assert (shared / "new.json").stat().st_gid == 8765


def test_a_fifo_is_written_as_a_stream(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    write_bytes(fifo, b"through the pipe\n")
    reader.join(timeout=30)
    assert received == [b"through the pipe\n"]
    assert stat.S_ISFIFO(fifo.lstat().st_mode)


def test_dev_full_reports_no_space_and_stays_a_device() -> None:
    with pytest.raises(WriteError) as caught:
        write_bytes("/dev/full", b"x" * 10)
    assert "no space left" in str(caught.value)
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


@pytest.mark.skipif(not AS_ROOT, reason="making device nodes needs root")
def test_device_nodes_are_never_replaced(tmp_path: Path) -> None:
    """A copy of /dev/full (char 1,7) and a block device node, made in a scratch folder."""
    full = tmp_path / "full"
    os.mknod(full, stat.S_IFCHR | 0o666, os.makedev(1, 7))
    block = tmp_path / "block"
    os.mknod(block, stat.S_IFBLK | 0o600, os.makedev(7, 200))
    with pytest.raises(WriteError, match="no space left"):
        write_bytes(full, b"data")
    with pytest.raises(WriteError, match="device"):
        write_bytes(block, b"data")
    assert stat.S_ISCHR(full.lstat().st_mode) and stat.S_ISBLK(block.lstat().st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["block", "full"]


def test_a_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(WriteError, match="is a folder"):
        write_bytes(tmp_path, b"x")


def test_a_missing_folder_is_one_clear_error(tmp_path: Path) -> None:
    with pytest.raises(WriteError, match="does not exist"):
        write_bytes(tmp_path / "missing" / "x.json", b"x")
    assert list(tmp_path.iterdir()) == []


def test_stale_temp_files_are_removed_and_others_kept(tmp_path: Path) -> None:
    stale = tmp_path / ".board.realm.json.realms-abc123xy.tmp"
    fresh = tmp_path / ".board.realm.json.realms-zzz999aa.tmp"
    foreign = tmp_path / ".notes.tmp"
    for path in (stale, fresh, foreign):
        path.write_text("left over")
    hour_ago = time.time() - 3600
    for path in (stale, foreign):
        os.utime(path, (hour_ago, hour_ago))
    write_text(tmp_path / "board.realm.json", "{}\n")
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == [".board.realm.json.realms-zzz999aa.tmp", ".notes.tmp", "board.realm.json"]
    os.utime(fresh, (hour_ago, hour_ago))
    assert remove_stale_temps(tmp_path) == [fresh]
