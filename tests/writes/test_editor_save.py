"""The editor's save goes through the same safe writer as the command line."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from writes_support import CANONICAL

from editor.gui.document import ScenarioDocument
from editor.model.scenario_io import load_scenario


def _document(path: Path) -> ScenarioDocument:
    doc = ScenarioDocument.from_loaded(load_scenario(path))
    doc.scenario.title = "Saved by the editor"
    return doc


def test_save_writes_through_a_symlink_and_keeps_hard_links(qapp: object,
                                                            tmp_path: Path) -> None:
    real = tmp_path / "real.realm.json"
    real.write_text(CANONICAL, encoding="utf-8")
    link = tmp_path / "link.realm.json"
    link.symlink_to(real.name)
    other_name = tmp_path / "other-name.realm.json"
    os.link(real, other_name)
    _document(link).save()
    assert link.is_symlink()
    assert "Saved by the editor" in real.read_text(encoding="utf-8")
    assert other_name.read_text(encoding="utf-8") == real.read_text(encoding="utf-8")
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "link.realm.json", "other-name.realm.json", "real.realm.json"]


def test_save_refuses_a_read_only_file(qapp: object, tmp_path: Path) -> None:
    path = tmp_path / "ro.realm.json"
    path.write_text(CANONICAL, encoding="utf-8")
    path.chmod(0o444)
    doc = _document(path)
    with pytest.raises(OSError, match="read-only"):  # the safe writer's WriteError
        doc.save()
    assert path.read_text(encoding="utf-8") == CANONICAL
    assert stat.S_IMODE(path.stat().st_mode) == 0o444
