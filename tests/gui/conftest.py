"""Qt runs offscreen, and settings/recovery files go to a per-test folder, never $HOME."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_LOGGING_RULES", "qt.qpa.*=false")

import pytest
from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtWidgets import QApplication

# Widgets need a QApplication. Other suites (printable exports) create a bare
# QGuiApplication when none exists; creating ours at collection time, before any
# test runs, makes the whole session share one that can show widgets.
_APP = QApplication.instance() or QApplication([])


@pytest.fixture(autouse=True)
def isolated_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """QSettings and QStandardPaths.AppDataLocation under tmp_path for every test."""
    QCoreApplication.setOrganizationName("Realms Studio Tests")
    QCoreApplication.setApplicationName("Realms Studio Tests")
    config, data = tmp_path / "config", tmp_path / "data"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(config))
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    for fmt in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        QSettings.setPath(fmt, QSettings.Scope.UserScope, str(config))
    yield tmp_path
