"""Qt offscreen with one QApplication for the whole session (the HTML report may also
draw boards with Qt), and settings kept under each test's own folder."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtWidgets import QApplication

_APP = QApplication.instance() or QApplication([])
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))


@pytest.fixture(autouse=True)
def isolated_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    QCoreApplication.setOrganizationName("Realms Studio Tests")
    QCoreApplication.setApplicationName("Realms Studio Tests")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    for fmt in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        QSettings.setPath(fmt, QSettings.Scope.UserScope, str(tmp_path / "config"))
    yield tmp_path


@pytest.fixture(scope="session")
def measured_boards() -> Any:
    """The booklet's and the base game's boards measured once for the session
    (tools/balance_standard.py's measure_all): the bands, the leave-one-out check and the
    rebuilt standard all read them."""
    import balance_standard

    return balance_standard.measure_all()
