"""A write killed or failing at any step never leaves a file half-written
(editor/model/safe_write.py): a plain file is replaced by a rename, so it is old or new; a
file with two hard links is rewritten in place, journalled, so it is old or new, or its
old bytes are whole in the ``.orig`` backup beside it until the new ones are whole.

Each crash is a real process dying at the step (``os._exit``, as a kill leaves it: no
clean-up runs), by the module's test-only fault hook; each failure is the operation after
the step failing with "no space left on device".
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from editor.model import safe_write
from editor.model.safe_write import BACKUP_SUFFIX, STEPS, WriteError, write_bytes

REPO = Path(__file__).resolve().parents[2]
OLD = b'{"title": "the old board, with a long tail that the new text does not cover"}\n' * 40
NEW = b'{"title": "new"}\n'  # shorter: a rewrite cut before its truncation shows the old tail
WRITE = ("import sys; from editor.model.safe_write import write_bytes; "
         "write_bytes(sys.argv[1], sys.argv[2].encode())")


def files(tmp_path: Path, linked: bool) -> tuple[Path, Path | None]:
    first = tmp_path / "board.realm.json"
    first.write_bytes(OLD)
    if not linked:
        return first, None
    second = tmp_path / "other-name.realm.json"
    os.link(first, second)
    return first, second


def backups(folder: Path) -> list[Path]:
    return sorted(folder.glob(f".*{BACKUP_SUFFIX}"))


def crash_at(step: str, target: Path) -> int:
    env = {**os.environ, "REALMS_TEST_ONLY_CRASH_AT": step, "PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, "-c", WRITE, str(target), NEW.decode()],
                          env=env, timeout=120).returncode


@pytest.mark.parametrize("linked", [True, False], ids=["two-hard-links", "one-name"])
@pytest.mark.parametrize("step", STEPS)
def test_a_crash_at_any_step_leaves_old_or_new_or_a_whole_backup(
        tmp_path: Path, step: str, linked: bool) -> None:
    first, second = files(tmp_path, linked)
    status = crash_at(step, first)
    now = first.read_bytes()
    if second is not None:
        assert second.stat().st_ino == first.stat().st_ino  # still one file, two names
    saved = [b.read_bytes() for b in backups(tmp_path)]
    if now == NEW:
        return  # whole and new (a backup may be left after a crash just before its removal)
    assert now == OLD or saved == [OLD], (step, status, now[:80], saved)
    if now != OLD:
        # the half-written case the journal is for: recovered by copying the backup back
        assert step in ("rewritten",) and now.startswith(NEW), (step, now[:80])


def test_the_steps_that_reach_a_half_written_file_happen(tmp_path: Path) -> None:
    """The crash test above meets the half-written file it guards against (new text, then
    the old tail) at one step, so it can fail: there, only the backup has the old bytes."""
    first, _ = files(tmp_path, True)
    assert crash_at("rewritten", first) == 70
    now = first.read_bytes()
    assert now.startswith(NEW) and now != NEW and now != OLD
    assert [b.read_bytes() for b in backups(tmp_path)] == [OLD]


@pytest.mark.parametrize("step", ["temp-written", "backup-written", "rewritten", "truncated"])
def test_a_failure_at_any_step_leaves_the_old_file_and_no_backup(
        tmp_path: Path, step: str, monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = files(tmp_path, True)
    monkeypatch.setenv("REALMS_TEST_ONLY_FAIL_AT", step)
    monkeypatch.setattr(safe_write, "_FAILED", set())
    with pytest.raises(WriteError, match="no space left on device"):
        write_bytes(first, NEW)
    assert first.read_bytes() == OLD and second is not None and second.read_bytes() == OLD
    assert backups(tmp_path) == [] and sorted(p.name for p in tmp_path.iterdir()) == [
        "board.realm.json", "other-name.realm.json"]


def test_a_clean_in_place_rewrite_leaves_no_backup(tmp_path: Path) -> None:
    first, second = files(tmp_path, True)
    write_bytes(first, NEW)
    assert first.read_bytes() == NEW and second is not None and second.read_bytes() == NEW
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "board.realm.json", "other-name.realm.json"]


def test_realms_format_killed_mid_rewrite_keeps_the_old_text(tmp_path: Path) -> None:
    """The issue's case through the CLI: ``realms format`` of a hard-linked scenario
    killed between the rewrite and the truncation."""
    source = (REPO / "scenarios" / "highland-crossing.realm.json").read_text(encoding="utf-8")
    spread = source.replace("\n", "\n    ")  # longer than the canonical text
    first = tmp_path / "h.realm.json"
    first.write_text(spread, encoding="utf-8")
    os.link(first, tmp_path / "h2.realm.json")
    env = {**os.environ, "REALMS_TEST_ONLY_CRASH_AT": "rewritten"}
    done = subprocess.run([sys.executable, "-m", "editor", "format", str(first)], env=env,
                          cwd=REPO, capture_output=True, timeout=120)
    assert done.returncode == 70
    assert [b.read_text(encoding="utf-8") for b in backups(tmp_path)] == [spread]
